"""A line of columns: its parts between tabs translated each as a line of its own, the tabs
kept (a table pasted from a spreadsheet, ``Nom<TAB>Prénom<TAB>Ville``, a program's
``Nom :<TAB>valeur``; a localization file's strings are cut so too: documents/strings.py). Read
as one sentence, the tabs were spaces and words were lost ("Prénom Ville"). A document's text
cut by line breaks (a paragraph's ``<br>``, an address of three lines: markup/segments.py)
comes as one text with ``\n`` between its lines, each cut and kept so too."""

from __future__ import annotations

import re

from nmt_cli.inference.aside import has_words
from nmt_cli.inference.recall import as_whole
from nmt_cli.inference.translation import Translation


def translate_columns(translator, lines: list[str], with_alignment: bool, on_progress):
    """Each line's translations (translator.py's ``_translate_new`` of ``lines``), a line of
    two columns or more with words that many lines' translations joined by its separators; None
    where no line has such columns. Its one hypothesis is scored and aligned as a whole, as a
    memory's translation is (recall.py)."""
    cut = [_columns(line) for line in lines]
    if not any(cut):
        return None
    asked = [x for line, parts in zip(lines, cut) for x in (_texts(parts) if parts else [line])]
    done = iter(translator.translate(asked, with_alignment, on_progress))
    out, whole = [], []
    for line, parts in zip(lines, cut):
        if parts is None:
            out.append(next(done))
            continue
        texts = [_spaced(p, next(done)[0].text) if has_words(p) else p for p in parts]
        t = Translation(source=line, text="".join(texts), score=0.0)
        whole.append(t)
        out.append([t])
    as_whole(translator, whole, with_alignment)
    return out


def _columns(line: str) -> list[str] | None:
    """``line``'s parts between its tabs and line breaks (_SEPARATORS), and those separators,
    in order, where two parts hold words; else its parts between bullets or middle dots standing
    as words (``Accueil • Produits • Contact``, ``3 mars 2024 · 5 min de lecture``: a page's menu, a
    post's byline), where each is short; else its labels between bars, slashes or dashes
    (``Accueil | Produits``, ``Oui / Non``, a page's title ``Accueil — Mairie de Lyon``: fr-en
    wrote "| Products", "Yes /Non", "— Map of Lyon"); else None."""
    if _SEPARATORS.search(line):
        parts = _SEPARATORS.split(line)
    elif "•" in line or "·" in line:
        parts = _DOTS.split(line)
        if any(len(p.split()) > _SHORT for p in parts):
            return None  # a sentence that holds one: read whole
    elif _BARS.search(line):
        parts = _BARS.split(line)
        if not all(map(_label, parts[::2])):
            return None  # a shell's pipe, a ratio (X / Y), prose's "public / privé", "— enfin —"
    else:
        return None
    return parts if sum(has_words(p) for p in parts) >= 2 else None


# A tab, a line break; a form feed, a vertical tab, U+2028, U+2029 between a line's pages or
# lines (``Page A<FF>Page B``: read as one sentence, fr-en wrote "Page B")
_SEPARATORS = re.compile("([\t\n\f\v\u2028\u2029])")
_DOTS = re.compile(r"( [•·] )")
_BARS = re.compile(r"( [|/—–-] )")
_SHORT = 8  # the most words of a part between bullets: a label, a date, not a sentence
_LABEL_WORDS = 4  # the most words of a label between bars, slashes or dashes


def _label(part: str) -> bool:
    """Whether ``part``, between bars, slashes or dashes, is a label: a capital first, at most
    _LABEL_WORDS words (not a title's ``Soins palliatifs - La meilleure façon de mourir... |
    Le Devoir``: alone, fr-en lost its first words), its brackets closed (not ``Centre (X`` of
    ``Centre (X / Y)``)."""
    brackets = part.count("(") == part.count(")") and part.count("[") == part.count("]")
    return part.lstrip()[:1].isupper() and len(part.split()) <= _LABEL_WORDS and brackets


def _texts(parts: list[str]) -> list[str]:
    """The parts to translate: those with words."""
    return [p for p in parts if has_words(p)]


def _spaced(part: str, text: str) -> str:
    """``text``, a part's translation, with the spaces the part had at its ends."""
    lead, trail = part[: len(part) - len(part.lstrip())], part[len(part.rstrip()) :]
    return lead + text.strip() + trail
