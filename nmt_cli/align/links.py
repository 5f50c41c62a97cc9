"""Word links for guided alignment: the words a line of links counts, links read from Pharaoh
text, word links mapped onto the subword pieces a model reads, and the two directions of a word
aligner combined.

A file of links (:class:`LinksFile`) holds one Pharaoh line per sentence pair (``i-j``: source
word i, target word j) over the words its pattern finds: the user's own links and the model's
(``nmt align``) count whitespace words (``WHITESPACE_WORD``), as a word aligner run on tokenised
text would; a word aligner's own run (eflomal) sees *normalised words* (``NORMALISED_WORD``):
lower-cased, with punctuation split off (``\\w+`` runs and single other characters). Links reach
the pieces by character offsets (:func:`piece_owners`, :func:`piece_links`).
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from nmt_cli.align.pharaoh import parse_pharaoh
from nmt_cli.align.rules import Links, final_and, grow_diag
from nmt_cli.errors import InputError

NORMALISED_WORD = re.compile(r"\w+|[^\w\s]")
WHITESPACE_WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class LinksFile:
    """Pharaoh lines, one per sentence pair, in order, over the words that ``words`` finds in
    each line of the pair."""

    path: str
    words: re.Pattern = WHITESPACE_WORD


def word_spans(line: str, pattern: re.Pattern = NORMALISED_WORD) -> list[tuple[int, int]]:
    """Character spans ``[start, end)`` of the words of ``line``."""
    return [m.span() for m in pattern.finditer(line)]


def normalised_words(line: str) -> str:
    """The line as a word aligner sees it: lower-cased words, punctuation split off."""
    return " ".join(m.group().lower() for m in NORMALISED_WORD.finditer(line))


def parse_links(text: str, n_src: int, n_tgt: int, where: str) -> Links:
    """``"0-0 1-2"`` -> [(0, 0), (1, 2)] (possible links ``i?j`` count as links); a malformed
    or out-of-range link is an InputError naming ``where``."""
    links = sorted(parse_pharaoh(text, where=where).possible)
    for i, j in links:
        if i >= n_src or j >= n_tgt:
            raise InputError(
                f"{where}: link {i}-{j} is out of range for {n_src} source and {n_tgt} target words"
            )
    return links


def piece_owners(offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]]):
    """For each subword piece (its character span), the words it overlaps (a piece such as
    ``▁matin.`` covers two normalised words; a lone ``▁`` covers none). Both in text order."""
    owners: list[list[int]] = []
    starts = [s for s, _ in spans]
    w = 0
    for start, end in offsets:
        while w < len(spans) and spans[w][1] <= start:
            w += 1
        owners.append(list(range(w, bisect.bisect_left(starts, end, w))))
    return owners


def piece_links(word_links: Links, src_owners, tgt_owners) -> array:
    """Word links -> piece links, flattened ``[i0, j0, i1, j1, ...]`` (source piece i, target
    piece j): a piece pair is linked when any of their words are."""
    by_src, by_tgt = _pieces_by_word(src_owners), _pieces_by_word(tgt_owners)
    pairs = {(i, j) for s, t in word_links for i in by_src.get(s, ()) for j in by_tgt.get(t, ())}
    return array("H", [x for pair in sorted(pairs) for x in pair])


def _pieces_by_word(owners) -> dict[int, list[int]]:
    by_word: dict[int, list[int]] = {}
    for piece, words in enumerate(owners):
        for word in words:
            by_word.setdefault(word, []).append(piece)
    return by_word


def symmetrise(forward: Links, reverse: Links, method: str) -> Links:
    """Combine a word aligner's two directions' links (both as (source, target)): ``method``
    is intersect, grow-diag, grow-diag-final-and, forward or reverse."""
    f, r = set(forward), set(reverse)
    if method == "forward":
        return sorted(f)
    if method == "reverse":
        return sorted(r)
    both = f & r
    if method == "intersect":
        return sorted(both)
    union = f | r  # Koehn et al. 2003's grow-diag, then its final-and step
    grown = grow_diag(both, union)
    if method == "grow-diag":
        return sorted(grown)
    return sorted(final_and(grown, union))
