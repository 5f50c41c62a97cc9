"""The languages an OpenDocument text's styles set (odt.py), once its text is translated: the
automatic styles of translated text (``fo:language``, ``fo:country``), split where untranslated
text uses them too; the data styles of its date and time fields (``number:language``); and the
default styles' (styles.xml), the language of all text no style sets one for, and the common
styles' in that language. And the labels of a list's or a heading's numbers (list_labels)."""

from __future__ import annotations

import re
from copy import deepcopy

from nmt_cli.documents.office.languages import regional

TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
FO = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
NUMBER = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
DATA_STYLE = f"{{{STYLE}}}data-style-name"  # a field's format: a date's, a time's


def t(name: str) -> str:
    return f"{{{TEXT}}}{name}"


_WORD = re.compile(r"[^\W\d_]{2}")
_PREFIX, _SUFFIX = f"{{{STYLE}}}num-prefix", f"{{{STYLE}}}num-suffix"
NUMBER_MARK = "%1"  # a label's number, where it stands in its text, as Word writes it


class ListLabel:
    """The label of a list's (or a heading's) level, the words LibreOffice shows before each
    item around its number (``style:num-prefix="Étape "``, ``style:num-suffix=" :"``: "Étape
    1 :"), read and written as one text, its number written ``%1`` (as Word's ``w:lvlText``,
    docx.py): ``get`` and ``set`` are an element's, as an alt text's holder's (document.py).
    A translation that does not keep the number once leaves the label as it was."""

    def __init__(self, level) -> None:
        self.level = level
        self.number = NUMBER_MARK if level.get(f"{{{STYLE}}}num-format") else ""

    def get(self, name: str, default: str = "") -> str:
        return self.level.get(_PREFIX, "") + self.number + self.level.get(_SUFFIX, "")

    def set(self, name: str, text: str) -> None:
        old = self.get(name)
        if self.number and text.count(self.number) != 1:
            return
        lead, trail = old[: len(old) - len(old.lstrip())], old[len(old.rstrip()) :]
        said = lead + text.strip() + trail  # its spaces around it as they were
        prefix, _, suffix = said.partition(self.number) if self.number else (said, "", "")
        for attribute, said in ((_PREFIX, prefix), (_SUFFIX, suffix)):
            if said or self.level.get(attribute) is not None:
                self.level.set(attribute, said)


def list_labels(root) -> list[ListLabel]:
    """The labels of ``root``'s list styles' and outline style's numbered levels whose prefix
    or suffix holds a word ("Étape 1 :", "Chapitre 1": they stayed French before the English
    items and headings); a number alone ("1.", "1)") is none."""
    levels = root.iter(t("list-level-style-number"), t("outline-level-style"))
    found = (ListLabel(e) for e in levels)
    return [x for x in found if _WORD.search(x.level.get(_PREFIX, "") + x.level.get(_SUFFIX, ""))]


def set_language(
    tree, uses: list, target: str, styles: dict[str, bool], attribute: str = t("style-name")
) -> None:
    """The automatic styles of ``tree`` that set a language, used by ``uses`` (the elements of
    translated text; by their ``attribute``: a spreadsheet's cells' ``table:style-name``),
    except code's, in ``target``; one also used by untranslated text (a German quotation left
    as it was) is split: a copy in ``target`` for ``uses``, the style as it was for the rest."""
    automatic = tree.getroot().find(f"{{{OFFICE}}}automatic-styles")
    if automatic is None:
        return
    named = {s.get(f"{{{STYLE}}}name", ""): s for s in automatic.iter(f"{{{STYLE}}}style")}
    translated = set(uses)
    untranslated = {e.get(attribute) for e in tree.iter() if e not in translated}
    for name in dict.fromkeys(e.get(attribute) for e in uses):
        style = named.get(name)
        props = None if style is None else style.find(f"{{{STYLE}}}text-properties")
        if props is None or styles.get(name, False) or props.get(f"{{{FO}}}language") is None:
            continue
        if name in untranslated:  # split: the translated text's own copy
            style = _copy(style, name, target, named)
            props = style.find(f"{{{STYLE}}}text-properties")
            for e in uses:
                if e.get(attribute) == name:
                    e.set(attribute, style.get(f"{{{STYLE}}}name"))
        _in_language(props, target)


def set_date_language(tree, uses: list, target: str) -> None:
    """The data styles (``number:date-style``, ``number:time-style``) of the fields among
    ``uses`` (the elements of translated paragraphs) in ``target``: LibreOffice writes a date
    by its style's language (an English report read "Updated on 6 mai 2024" once the field was
    updated); one also used elsewhere is split, as set_language splits a text style."""
    automatic = tree.getroot().find(f"{{{OFFICE}}}automatic-styles")
    fields = [e for e in uses if e.get(DATA_STYLE)]
    if automatic is None or not fields:
        return
    kinds = (f"{{{NUMBER}}}date-style", f"{{{NUMBER}}}time-style")
    named = {s.get(f"{{{STYLE}}}name", ""): s for s in automatic if s.tag in kinds}
    found = (e for e in tree.iter() if isinstance(e.tag, str) and e.get(DATA_STYLE))
    others = {e.get(DATA_STYLE) for e in found if e not in fields}
    language, country = f"{{{NUMBER}}}language", f"{{{NUMBER}}}country"
    for name in dict.fromkeys(e.get(DATA_STYLE) for e in fields):
        style = named.get(name)
        if style is None or style.get(language) is None:
            continue
        if name in others:
            style = _copy(style, name, target, named)
            for e in fields:
                if e.get(DATA_STYLE) == name:
                    e.set(DATA_STYLE, style.get(f"{{{STYLE}}}name"))
        own = f"{style.get(language)}-{style.get(country, '')}"
        said, _, region = regional(target, own).partition("-")
        style.set(language, said.lower())
        if region or style.get(country) is not None:
            style.set(country, region.upper() or "none")


def default_language(tree, target: str, code: dict[str, bool]) -> bool:
    """The default styles of ``tree`` (styles.xml's ``style:default-style``) that set a
    language in ``target``: the language of all text no style of its own sets one for (in a
    document LibreOffice saved, most of it: the English was spell-checked as French); and the
    common styles (``office:styles``: a heading's, a caption's) in the default's language, but
    code's (``code``: whether each style is): a heading style that said French marked the
    English headings French. Whether one changed."""
    root = tree.getroot()
    language = f"{{{FO}}}language"
    defaults = [
        props
        for style in root.iter(f"{{{STYLE}}}default-style")
        if (props := style.find(f"{{{STYLE}}}text-properties")) is not None
        and props.get(language) is not None
    ]
    own = {props.get(language).lower() for props in defaults} - {target.split("-")[0].lower()}
    common = [
        props
        for place in root.iter(f"{{{OFFICE}}}styles")
        for style in place.iter(f"{{{STYLE}}}style")
        if not code.get(style.get(f"{{{STYLE}}}name", ""), False)
        and (props := style.find(f"{{{STYLE}}}text-properties")) is not None
        and (props.get(language) or "").lower() in own
    ]
    changed = False
    for props in defaults + common:
        changed |= _in_language(props, target)
    return changed


def _in_language(props, target: str) -> bool:
    """Text properties ``props`` (that set a language) in ``target``, with a region
    (languages.py: theirs if the target's language has it); whether they changed."""
    own = f"{props.get(f'{{{FO}}}language')}-{props.get(f'{{{FO}}}country', '')}"
    language, _, country = regional(target, own).partition("-")
    said = (language.lower(), country.upper() or "none")
    if said == (props.get(f"{{{FO}}}language"), props.get(f"{{{FO}}}country")):
        return False
    props.set(f"{{{FO}}}language", said[0])
    props.set(f"{{{FO}}}country", said[1])
    return True


def _copy(style, name: str, target: str, named: dict):
    """A copy of automatic ``style`` (``name``) after it, under a name of its own."""
    base = f"{name}_{re.sub(r'[^A-Za-z0-9]', '_', target)}"
    new, k = base, 1
    while new in named:
        k += 1
        new = f"{base}_{k}"
    copy = deepcopy(style)
    copy.set(f"{{{STYLE}}}name", new)
    copy.attrib.pop(f"{{{STYLE}}}display-name", None)
    style.addnext(copy)
    named[new] = copy
    return copy
