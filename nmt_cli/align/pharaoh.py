"""Word links as Pharaoh text (``0-0 1-2``; ``i?j`` a possible link) and their error rate.

A link is (source word, target word), 0-based over whitespace-separated words, as fast_align,
eflomal and the gold alignments of word-alignment test sets write them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nmt_cli.errors import InputError


def to_pharaoh(links: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{s}-{t}" for s, t in links)


@dataclass
class GoldAlignment:
    sure: set[tuple[int, int]]
    possible: set[tuple[int, int]]  # includes the sure links


def parse_pharaoh(line: str, line_no: int = 0, where: str | None = None) -> GoldAlignment:
    """``0-0 1?2`` -> sure {(0,0)}, possible {(0,0), (1,2)}. Errors name ``where`` (default:
    the line number)."""
    sure, possible = set(), set()
    for item in line.split():
        sep = "?" if "?" in item else "-"
        try:
            a, b = item.split(sep)
            link = (int(a), int(b))
        except ValueError:
            raise InputError(
                f"{where or f'line {line_no}'}: {item!r} is not a Pharaoh link (i-j or i?j)"
            ) from None
        possible.add(link)
        if sep == "-":
            sure.add(link)
    return GoldAlignment(sure, possible)


@dataclass
class AlignmentScores:
    precision: float
    recall: float
    aer: float
    pairs: int = 0  # sentence pairs scored

    def summary(self) -> str:
        """One line: "AER 12.34  precision 88.00  recall 87.00  (447 pairs)"."""
        return (
            f"AER {100 * self.aer:.2f}  precision {100 * self.precision:.2f}  "
            f"recall {100 * self.recall:.2f}  ({self.pairs:,} pairs)"
        )


def alignment_error_rate(
    predicted: Sequence[set[tuple[int, int]]], gold: Sequence[GoldAlignment]
) -> AlignmentScores:
    """Och & Ney (2003): AER = 1 - (|A&S| + |A&P|) / (|A| + |S|), over a whole corpus."""
    a_s = a_p = n_a = n_s = 0
    for a, g in zip(predicted, gold):
        a_s += len(a & g.sure)
        a_p += len(a & g.possible)
        n_a += len(a)
        n_s += len(g.sure)
    precision = a_p / n_a if n_a else 0.0
    recall = a_s / n_s if n_s else 0.0
    aer = 1.0 - (a_s + a_p) / (n_a + n_s) if n_a + n_s else 0.0
    return AlignmentScores(precision, recall, aer, min(len(predicted), len(gold)))


def read_gold(path: str, warn=None) -> list[GoldAlignment]:
    """The gold alignments of the Pharaoh file ``path``, one line per pair, every line parsed
    (an InputError names the first malformed one), read before any pair is aligned."""
    from nmt_cli.textio import read_lines

    return [parse_pharaoh(g, where=f"{path}:{n + 1}") for n, g in enumerate(read_lines(path, warn))]


def check_gold_count(gold: Sequence[GoldAlignment], pairs: int, where: str) -> None:
    """An InputError unless the gold file ``where`` has a line for each of ``pairs`` pairs."""
    if len(gold) != pairs:
        raise InputError(
            f"--gold {where} has {len(gold):,} lines but there are {pairs:,} sentence pairs"
        )


def score_against_gold(
    predicted: list[set],
    gold: Sequence[GoldAlignment],
    where: str,
    sizes: Sequence[tuple[int, int]] | None = None,
) -> AlignmentScores:
    """AER, precision and recall of ``predicted`` (the links of each pair) against ``gold``
    (read_gold of the file ``where``), one per pair; another number is an InputError, and so
    is a link past its pair's words where ``sizes`` gives each pair's (source, target) words
    (a gold file that counts from 1, its last words' links the tell)."""
    check_gold_count(gold, len(predicted), where)
    check_gold_links(gold, sizes or (), where)
    return alignment_error_rate(predicted, gold)


def check_gold_links(
    gold: Sequence[GoldAlignment], sizes: Iterable[tuple[int, int]], where: str
) -> None:
    """An InputError at the first link of ``gold`` past its pair's words, ``sizes`` giving each
    pair's (source, target) words (a gold file that counts from 1, its last words' links the
    tell)."""
    for n, (g, (n_src, n_tgt)) in enumerate(zip(gold, sizes)):
        past = sorted((s, t) for s, t in g.possible if s >= n_src or t >= n_tgt)
        if past:
            s, t = past[0]
            raise InputError(
                f"{where}:{n + 1}: link {s}-{t} is past the pair's {n_src} source and {n_tgt} "
                "target words (links count words from 0)"
            )
