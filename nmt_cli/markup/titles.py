"""A page's title beside its site's name (``Accueil — Mairie de Lyon``, ``Accueil | Mon site``):
each part translated as a text of its own, the separator between them kept as written. Read
as one text, the model took the parts for one sentence and lost one ("— Map of Lyon").

Only an HTML page's ``<title>`` and its Open Graph and Twitter titles (``<meta
property="og:title">``, ``twitter:title``) are cut so: in prose, a dash joins the clauses of
one sentence. A separator is a dash (em, en, a hyphen), a vertical bar, a middle dot, a bullet
or a ``»`` standing as a word, written as a character or a reference (``&mdash;``); not one
between two numbers (``Lyon 2 - 1 Paris``, ``10 – 12 ans``).
"""

from __future__ import annotations

import html
import re

from nmt_cli.markup.attribute_texts import AttributeText
from nmt_cli.markup.attributes import attribute

_MARKS = frozenset("—–-|·•»")
_SEPARATOR = re.compile(r"(\s+(?:[—–|·•»-]|&#?\w+;)\s+)")
_WORD = re.compile(r"\w")
_TITLES = frozenset(("og:title", "twitter:title"))  # a <meta>'s name or property


def title_parts(raw: str) -> list[str] | None:
    """``raw``, a title as written, cut at its separators: its parts and the separators between
    them, in order (parts at even places), each as written; None where it has no two parts
    that hold words."""
    pieces = _SEPARATOR.split(raw)
    out = [pieces[0]]
    for separator, part in zip(pieces[1::2], pieces[2::2]):
        mark = html.unescape(separator).strip()
        if mark in _MARKS and not (out[-1][-1:].isdigit() and part[:1].isdigit()):
            out += [separator, part]
        else:
            out[-1] += separator + part
    if len(out) < 3 or not all(_WORD.search(p) for p in out[::2]):
        return None
    return out


def is_title(found: AttributeText) -> bool:
    """Whether ``found`` is a page's title: the content of its og:title or twitter:title."""
    element = found.element
    said = attribute(element, "property") or attribute(element, "name") or ""
    return element.key == "meta" and said.strip().lower() in _TITLES


class TitleTexts:
    """The texts of a page's attributes to translate (attribute_texts.py), a title's parts each
    a text of its own (``texts``), and each attribute's translation, a title's parts' joined
    by its separators again (``joined``)."""

    def __init__(self, found: list[AttributeText]):
        self.cuts = [title_parts(a.text) if is_title(a) else None for a in found]
        self.texts = [
            piece
            for a, cut in zip(found, self.cuts)
            for piece in (cut[::2] if cut else [a.text])
        ]

    def joined(self, translations: list[str]) -> list[str]:
        """Each attribute's translation, of ``translations`` (one for each of ``texts``)."""
        done = iter(translations)
        out = []
        for cut in self.cuts:
            if cut is None:
                out.append(next(done))
                continue
            parts = [next(done) if k % 2 == 0 else piece for k, piece in enumerate(cut)]
            out.append("".join(parts))
        return out
