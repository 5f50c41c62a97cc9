"""Access keys: a marked letter taken out of a text before translation, put back on the word
aligned to it after.

A menu item or a button marks its access key with a marker before a letter (``Mise à jo~ur``,
``_Profondeur``, ``&Fichier``: nmt_cli/protect/mnemonics.py). The model never sees the marker:
the text is translated without it, and the marker goes on a letter of the translation's word
aligned to the marked word (the same letter if that word has it, else its first letter), or,
with no word aligned, on the translation's first letter: one marker out for one marker in.
Catalogues say which marker their strings use (documents/strings.py); a plain line
(:func:`plain_keys`) is read for the markers that cannot be anything else there: a ``~``
inside a word (LibreOffice's ``jo~ur``), a ``~`` or ``&`` that starts a word (``~Fichier``,
``&Aide``; not an entity, ``&amp;``, nor Basic's number, ``&H8000``, nor a lisp placeholder,
``~a``) and a ``_`` before a capitalised word (GTK's ``_Profondeur``, in a line with no other
``_``); a line may mark several words, one letter each (a help text's ``~Fichier - ~Ouvrir``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nmt_cli.inference.translation import Translation
from nmt_cli.protect.format_strings import LISP, PATTERN
from nmt_cli.protect.mnemonics import place_mnemonic

_WORD = re.compile(r"\S+")
# a plain line's access key: ~ between two letters; ~ or & that starts a word; _ before a
# capitalised word
_PLAIN_KEY = re.compile(
    r"(?<=[^\W\d_])~(?=[^\W\d_])|(?<![^\s(«\"'])[~&](?=[^\W\d_])|(?<![\w~&])_(?=[^\W\d_]{2})"
)
# not a key: an entity (``&amp;``), Basic's hexadecimal or octal number (``Chr(&H8000)``,
# ``&O17``: fr-en wrote "C&hr(H8000)"), a lisp or scheme placeholder (``~a``, ``~S``: a span,
# protect/format_strings.py; read as a key, ``Valeur ~a ici.`` gave "Value ~is here.")
_NOT_A_KEY = re.compile(
    r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});"
    r"|&[Hh](?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]+(?!\w)|&[Oo][0-7]+(?!\w)"  # a digit: not &Head
    rf"|{LISP}"
)


# what a translation's access key never goes into: a tag (<b>, <a href="x">, react-i18next's
# <1> and <0/>), an entity, a placeholder (the marked word "<b>Delete</b>" got "<&b>Delete</b>",
# "<a href="x">recent</a>" "<a h&ref="x">recent</a>": no tag, and no key)
_CLOSED = re.compile(
    rf"</?[A-Za-z][^<>]*>|</?\d+>|<\d+/>|&(?:\w+|#\d+|#[xX][0-9A-Fa-f]+);|{PATTERN}"
)


def _closed(text: str) -> list[tuple[int, int]]:
    """The character ranges of ``text`` that hold no access key (:data:`_CLOSED`)."""
    return [m.span() for m in _CLOSED.finditer(text)]


@dataclass(frozen=True)
class Mark:
    """A text's access key: the index of its marked word (``text.split()``), the letter, where
    in the text it is, and its marker."""

    word: int
    letter: str
    at: int
    marker: str


def plain_keys(line: str) -> tuple[str, tuple[Mark, ...]] | None:
    """``line`` without its access keys, and the keys in order, where a plain line marks some
    (markers :data:`_PLAIN_KEY` reads; a ``_`` only in a line with no other, before a
    capitalised word); None for a line with none, or with a word marked twice (``a~b~c``)."""
    found = [
        m
        for m in _PLAIN_KEY.finditer(line)
        if m.group() == "_" or not _NOT_A_KEY.match(line, m.start())
    ]
    if any(m.group() == "_" for m in found) and (
        line.count("_") != 1 or not line[line.index("_") + 1 : line.index("_") + 3].istitle()
    ):
        found = [m for m in found if m.group() != "_"]
    if not found:
        return None
    plain, marks, pos = "", [], 0
    for m in found:
        plain += line[pos : m.start()]
        pos = m.end()
        marks.append((len(plain), m.group()))
    plain += line[pos:]
    keys = tuple(
        Mark(len(plain[: at + 1].split()) - 1, plain[at], at, marker) for at, marker in marks
    )
    words = [key.word for key in keys]
    if len(set(words)) < len(words):
        return None
    return plain, keys


def target_index(translation: Translation, mark: Mark) -> int:
    """Where in ``translation.text`` the access key goes: where it was in a text given back
    unchanged; else in the first target word aligned to the marked source word: on the letter
    it marked where that word is the source's copied unchanged (a brand, ``MegaCorp``: its
    second ``C``, not its first letter), else, for a key on its word's first letter, on the
    word's first letter, else on the marked letter if the word has it, else on its first
    letter; 0 (the first letter of the text) if no word is aligned to it."""
    if translation.text == translation.source:
        return mark.at
    aligned = sorted(t for s, t in translation.alignment if s == mark.word)
    words = list(_WORD.finditer(translation.text))
    if not aligned or aligned[0] >= len(words):
        return 0
    word = words[aligned[0]]
    source = list(_WORD.finditer(translation.source))
    if mark.word < len(source) and source[mark.word].group() == word.group():
        return word.start() + mark.at - source[mark.word].start()  # copied: on its own letter
    closed = _closed(translation.text)
    free = [i for i in range(*word.span()) if not any(a <= i < b for a, b in closed)]
    first = mark.word < len(source) and _letters(translation.source, source[mark.word])[:1]
    if first == [mark.at]:  # a word's first letter: the translation's word's ("&Save")
        same = _letters(translation.text, word)
    else:
        same = [i for i in free if translation.text[i].lower() == mark.letter.lower()]
    return (same or free or [word.start()])[0]


def _letters(text: str, word: re.Match[str]) -> list[int]:
    """Where ``word`` of ``text`` has a letter or a digit outside a tag or a placeholder."""
    closed = _closed(text)
    span = range(*word.span())
    return [i for i in span if text[i].isalnum() and not any(a <= i < b for a, b in closed)]


def with_keys(translation: Translation, marks: Sequence[Mark]) -> str:
    """``translation``'s text with each of ``marks``' markers where :func:`target_index` puts
    it (two on one word: the later one on the word's next free letter)."""
    text = translation.text
    places = sorted(((target_index(translation, m), n, m.marker) for n, m in enumerate(marks)))
    for index, _, marker in reversed(places):
        text = place_mnemonic(text, index, marker, _closed(text))
    return text
