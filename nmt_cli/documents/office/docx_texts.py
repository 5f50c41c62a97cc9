"""A Word part's texts that are no paragraph's (docx.py), each translated as a text of its own,
read and written as an attribute's value (document.Part's alt texts): an image's or a shape's
alt text and title, a table's (``w:tblCaption``, ``w:tblDescription``: what a screen reader
says of it), a VML shape's alt text (the copy Word keeps for older programs beside a text box's
or a shape's DrawingML), a link's ScreenTip (``w:tooltip``; a picture's, ``a:hlinkClick``'s; a link
field's, in its instructions: docx_fields.py), the words of WordArt (a VML ``v:textpath``'s
``string``: Word's watermark, shown on every page), the choices of a drop-down list or combo
box content control (its items' ``w:displayText``, their ``w:value`` kept), a content control's
title (``w:alias``, shown on its tab; its ``w:tag``, a program's, kept), and a legacy form
field's drop-down entries and help (``w:listEntry``, ``w:statusText``, ``w:helpText``), each
within the characters Word lets it hold.
"""

from __future__ import annotations

from nmt_cli.documents.office import pptx
from nmt_cli.documents.office.document import Part
from nmt_cli.documents.office.docx_fields import field_tips
from nmt_cli.documents.office.docx_styles import w

_VML = "{urn:schemas-microsoft-com:vml}"
# The words of a VML WordArt shape (v:textpath string="..."), as Word writes a page's watermark
_TEXTPATH = f"{_VML}textpath"
# the VML shapes that hold an alt text (v:shape alt="..."): a text box's fallback copy
_VML_SHAPES = tuple(_VML + s for s in "shape rect roundrect oval group image".split())


def find_texts(part: Part) -> None:
    """The texts of ``part`` that are no paragraph's, in its ``alt``, in document order of
    each kind."""
    root = part.tree.getroot()  # type: ignore[attr-defined]
    part.find_alt_texts(("docPr", "cNvPr"))
    part.find_tooltips(_VML_SHAPES, "alt")  # a fallback's (mc:Fallback): it stayed French
    part.find_tooltips((w("hyperlink"),), w("tooltip"))  # a link's ScreenTip
    part.find_tooltips((pptx.a("hlinkClick"), pptx.a("hlinkHover")), "tooltip")  # a picture's
    part.find_tooltips((w("tblCaption"), w("tblDescription")), w("val"))  # a table's alt text
    part.alt += [(tip, "tip") for tip in field_tips(root)]  # HYPERLINK "url" \o "Voir le site"
    part.find_tooltips((_TEXTPATH,), "string")  # WordArt's words: a watermark ("BROUILLON")
    part.find_tooltips((w("listItem"),), w("displayText"))  # a drop-down list's choices
    part.find_tooltips((w("alias"),), w("val"))  # a content control's title, on its tab
    _form_texts(part)  # a legacy form field's choices and help


def _form_texts(part: Part) -> None:
    """The texts of the legacy form fields of ``part`` (``w:ffData``) that a reader sees, each
    within the characters Word lets it hold: a drop-down's entries (``w:listEntry``: the one
    chosen is what the field shows), and the help shown in the status bar and on F1
    (``w:statusText``, ``w:helpText``; not one that names an AutoText entry)."""
    for name, longest in _FORM_TEXTS.items():
        part.longest[name] = longest
        for e in part.tree.getroot().iter(w(name)):  # type: ignore[attr-defined]
            text = e.get(w("val"), "")
            if e.get(w("type"), "text") == "text" and any(c.isalpha() for c in text):
                part.alt.append((_FormText(e), name))


# what Word lets each hold: a drop-down's entry, the status bar's help, F1's help
_FORM_TEXTS = {"listEntry": 25, "statusText": 138, "helpText": 255}


class _FormText:
    """A form field's text (its ``w:val``), read and written as an alt text's attribute is,
    under its element's name (by which its longest is found)."""

    def __init__(self, element):
        self.element = element

    def get(self, name: str, default: str = "") -> str:
        return self.element.get(w("val"), default)

    def set(self, name: str, value: str) -> None:
        self.element.set(w("val"), value)
