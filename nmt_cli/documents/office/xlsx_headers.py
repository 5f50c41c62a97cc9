"""A worksheet's printed headers and footers (``headerFooter``: ``oddHeader``, ``evenFooter``,
``firstHeader``...): text a reader sees on every printed page ("Rapport confidentiel", "Page
&P sur &N"), written with Excel's codes.

A header's text is read into items (runs.py): its sections (``&L``, ``&C``, ``&R``: left,
centre, right) are marks that break it, as a line break does (each section translated on its
own); a field (``&P`` the page number, ``&N`` the pages, ``&D`` the date, ``&A`` the sheet's
name...) is a held mark, one token where it stands in its sentence; a formatting code
(``&B`` bold, ``&"Arial,Gras"`` a font, ``&12`` a size, ``&KFF0000`` a colour) a mark between
words; ``&&`` is an ampersand of the text, written ``&&`` again in the translation (a lone
``&`` would start a code), and a translated text that starts with a digit is written a space
after a font size before it (``&14 2024``: ``&142024`` is a size). A translation longer than
Excel lets a header be (255 characters, codes included) is not written: the header stays as
it was, one Excel opens."""

from __future__ import annotations

import re

from nmt_cli.documents.office.runs import Item, Mark, Run

TAGS = ("oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter")
_CODE = re.compile(r'&(?:&|"[^"]*"|\d+|K(?:[0-9A-Fa-f]{6}|\d\d[+-]\d{3})|[A-Za-z])')
_SECTIONS = frozenset(("&L", "&C", "&R"))
LONGEST = 255  # characters of a header or footer, codes included, that Excel reads
_FIELDS = frozenset(("&P", "&N", "&D", "&T", "&F", "&Z", "&A", "&G"))


def header_items(text: str) -> list[Item]:
    """The items of a header's or footer's ``text`` as Excel writes it."""
    items: list[Item] = []
    at = 0
    for found in _CODE.finditer(text):
        plain = text[at : found.start()]
        at = found.end()
        if found[0] == "&&":
            items.append(Run(b"", plain + "&"))
            continue
        if plain:
            items.append(Run(b"", plain))
        code = found[0]
        if code in _SECTIONS:
            items.append(Mark(code, "\n"))
        else:
            items.append(Mark(code, held=code.upper() in _FIELDS))
    if at < len(text):
        items.append(Run(b"", text[at:]))
    return _joined(items)


def _joined(items: list[Item]) -> list[Item]:
    """``items`` with adjacent runs as one (an ampersand's and the text after it)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Run) and out and isinstance(out[-1], Run):
            out[-1] = Run(b"", out[-1].text + item.text)
        else:
            out.append(item)
    return out


def header_text(items: list[Item], was: str) -> str:
    """A header's text, as Excel writes it, of its translated ``items`` (``was``, the text it
    had, where theirs is longer than Excel reads)."""
    out = []
    for item in items:
        if isinstance(item, Mark):
            out.append(item.node)
        elif isinstance(item, Run):
            text = item.text.replace("&", "&&")
            if out and out[-1][1:].isdigit() and text[:1].isdigit():
                text = f" {text}"  # "&14" and "2024" would be a size of 142024
            out.append(text)
    text = "".join(out)
    return text if len(text) <= LONGEST or len(was) > LONGEST else was
