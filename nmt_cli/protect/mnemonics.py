"""Mnemonics: the marker before a letter that makes it a menu or button's access key.

A catalogue writes one marker kind for all its strings: ``~`` (LibreOffice: ``Mise à jo~ur``),
``_`` (GTK: ``_Profondeur``) or ``&`` (Qt, Windows: ``&Fichier``). A marker marks the letter or
digit right after it; a doubled marker (``~~``, ``__``, ``&&``) is the character itself, never
a mnemonic, and so is an ``&`` between two capitals of a word written in capitals (``AT&T``,
``H&M``, ``Q&A``, ``R&D``: an acronym's or a brand's). Markers inside protected spans
(``max_len``, ``&amp;``, a URL) are not mnemonics: the caller passes those spans' character
ranges as ``protected``.

The one definition shared by the readers of training data (which remove the marker from both
sides of a pair, so the model never sees it) and the translate path (which removes it from the
source and puts one back on the translation).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

MARKERS = ("~", "_", "&")


@dataclass(frozen=True)
class Mnemonic:
    """``text`` without its marker; ``index``: the position in ``text`` of the marked letter
    (None: the source had no mnemonic)."""

    text: str
    index: int | None


def _inside(i: int, protected: Sequence[tuple[int, int]]) -> bool:
    return any(start <= i < end for start, end in protected)


def _markers(text: str, marker: str, protected: Sequence[tuple[int, int]]) -> list[int]:
    """Positions of the markers in ``text`` that mark a letter (doubled markers skipped)."""
    found, i = [], 0
    while i < len(text) - 1:
        if text[i] == marker:
            if text[i + 1] == marker:  # a literal: skip both
                i += 2
                continue
            acronym = marker == "&" and _between_capitals(text, i)
            if text[i + 1].isalnum() and not acronym and not _inside(i, protected):
                found.append(i)
        i += 1
    return found


def _between_capitals(text: str, i: int) -> bool:
    """Whether the character at ``i`` joins two words of capitals (``AT&T``, ``Q&A``)."""
    before, after = _LETTERS_BEFORE.search(text, 0, i), _LETTERS.match(text, i + 1)
    return bool(before and after and before[0].isupper() and after[0].isupper())


_LETTERS = re.compile(r"[^\W\d_]+")
_LETTERS_BEFORE = re.compile(r"[^\W\d_]+$")


def find_mnemonic(text: str, marker: str, protected: Sequence[tuple[int, int]] = ()) -> Mnemonic:
    """``text`` with its mnemonic marker removed and the marked letter's index; with no marker,
    or more than one (not a mnemonic: ``a_b_c``), ``text`` as it is. Doubled markers stay
    doubled: they are the file's own escapes, written back as they were."""
    if marker not in MARKERS:
        raise ValueError(f"not a mnemonic marker: {marker!r} (one of {' '.join(MARKERS)})")
    found = _markers(text, marker, protected)
    if len(found) != 1:
        return Mnemonic(text, None)
    i = found[0]
    return Mnemonic(text[:i] + text[i + 1 :], i)


def strip_mnemonic(text: str, marker: str, protected: Sequence[tuple[int, int]] = ()) -> str:
    """``text`` as a reader sees it: its mnemonic marker removed and doubled markers made single
    (``&&`` is ``&``): what training pairs hold."""
    plain = find_mnemonic(text, marker, protected).text
    return plain.replace(marker * 2, marker)


def place_mnemonic(
    text: str, index: int, marker: str, protected: Sequence[tuple[int, int]] = ()
) -> str:
    """``text`` with ``marker`` put before the character at ``index`` (its first letter or
    digit from there on, else the text's first letter), never inside ``protected`` (a tag's
    name, an attribute, a placeholder); ``text`` unchanged if it has none."""
    order = list(range(index, len(text))) + list(range(0, index))
    for i in order:
        free = not _inside(i, protected) and (i == 0 or text[i - 1] != marker)
        if text[i].isalnum() and free:
            return text[:i] + marker + text[i:]
    return text


def catalogue_marker(texts: Iterable[str]) -> str | None:
    """The marker kind a catalogue's source strings use: the one that marks exactly one letter
    in the most strings, if it does so in at least one; ``&`` only where it is not an XML or
    HTML entity (``&amp;``)."""
    counts = dict.fromkeys(MARKERS, 0)
    for text in texts:
        for marker in MARKERS:
            found = _markers(text, marker, ())
            if marker == "&":
                found = [i for i in found if ";" not in text[i : i + 10].split(" ")[0]]
            if len(found) == 1:
                counts[marker] += 1
    best = max(MARKERS, key=lambda m: counts[m])
    return best if counts[best] else None


MARKER_SHARE = 0.01  # the share of them a kind must mark a letter in


def file_markers(sources: Sequence[str], declared: str | None = None) -> tuple[str, ...]:
    """The access-key markers of a file whose source strings are (or begin with) ``sources``:
    ``declared`` (a catalogue's X-Accelerator-Marker), and each kind that marks a letter in at
    least MARKER_SHARE of them, and either at the start of a word once (``_Depth``) or in two
    strings at least: one ``file_name`` or ``R&D`` is no convention. A catalogue may use two:
    LibreOffice's declare ``~`` and write ``_`` in the strings of its dialogs. An ``&`` counts
    as catalogue_marker counts it (not an entity)."""
    found = [declared] if declared in MARKERS else []
    for marker in MARKERS:
        if marker in found:
            continue
        marked = [s for s in sources if marker in s and find_mnemonic(s, marker).index is not None]
        if marker == "&":
            marked = [s for s in marked if catalogue_marker([s]) == "&"]
        leading = any(_leads_a_word(s, marker) for s in marked)
        if len(marked) >= max(1 if leading else 2, MARKER_SHARE * len(sources)):
            found.append(marker)
    return tuple(found)


def _leads_a_word(text: str, marker: str) -> bool:
    """Whether ``text``'s mnemonic marker stands at the start of a word (``_Depth``)."""
    i = text.index(marker) if text.count(marker) == 1 else -1
    return i >= 0 and (i == 0 or not text[i - 1].isalnum())
