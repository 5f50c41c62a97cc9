"""A Word document's language settings, outside its paragraphs: styles.xml's ``w:docDefaults``
(the language of all text nothing else sets one for), its styles' (a table style's conditional
formatting's too), settings.xml's ``w:themeFontLang`` (the language Word picks the theme's
fonts for). Once any text is translated, those in the document's language become the target's
(docx.py), but a code style's: left French, they marked what a user typed into the English
document French.
"""

from __future__ import annotations

from nmt_cli.documents.office.document import CODE_STYLE
from nmt_cli.documents.office.languages import language_of, regional

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def w(name: str) -> str:
    return f"{{{W}}}{name}"


def in_target_language(roots: list, target: str) -> list[bool]:
    """The language settings of ``roots`` (the styles and settings parts' root elements) in
    the document's language in ``target``; whether each part changed."""
    own = {_language(x) for x in _document_languages(roots)} - {"", _language(target)}
    return [_in_language(_languages(root), own, target) for root in roots]


def _document_languages(roots: list) -> list:
    """The elements that say the document's language: styles.xml's ``w:docDefaults`` (that of
    all text no style or run sets one for), its default styles', settings.xml's
    ``w:themeFontLang`` (the language Word picks the theme's fonts for)."""
    lang = f"{w('rPr')}/{w('lang')}"
    out = [
        x for root in roots for x in root.iterfind(f"{w('docDefaults')}/{w('rPrDefault')}/{lang}")
    ]
    for root in roots:
        out += [s.find(lang) for s in root.iter(w("style")) if s.get(w("default")) == "1"]
        out += root.findall(w("themeFontLang"))
    return [x for x in out if x is not None]


def _languages(root) -> list:
    """The language elements of a styles or settings part that are the document's: its
    defaults', each style's, its table styles' conditional formatting's (``w:tblStylePr``)
    too, but a code style's (Word marked what a user typed into the English document
    French), and ``w:themeFontLang``."""
    out = list(root.iterfind(f"{w('docDefaults')}/{w('rPrDefault')}/{w('rPr')}/{w('lang')}"))
    for s in root.iter(w("style")):
        name = " ".join([s.get(w("styleId"), ""), *_vals(s, w("name"))])
        if not CODE_STYLE.search(name):
            out += list(s.iter(w("lang")))
    return out + root.findall(w("themeFontLang"))


def _in_language(elements: list, own: set[str], target: str) -> bool:
    """``elements`` (``w:lang``, ``w:themeFontLang``) whose ``w:val`` is in one of the
    document's languages (``own``) in ``target``; whether any changed (their East Asian and
    complex script languages stay as they were)."""
    changed = False
    for x in elements:
        if _language(x) in own:
            said = regional(target, x.get(w("val")))
            changed |= said != x.get(w("val"))
            x.set(w("val"), said)
    return changed


def _vals(element, tag: str) -> list[str]:
    return [c.get(w("val"), "") for c in element.findall(tag)]


def _language(lang) -> str:
    """The language of a ``w:lang``'s ``w:val`` (or of a tag), without its region."""
    return language_of(lang if isinstance(lang, str) else lang.get(w("val")))
