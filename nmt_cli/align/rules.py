"""Decision rules: from soft attention weights to hard word links.

Every rule reads one weight matrix ``weights`` of shape (Tw, Sw): a row per target word, a
column per source word, each row a distribution over the source words (see words.py; the rules
also take a piece-level matrix). They return (source, target) links, sorted:

    argmax     each target word links to its row's maximum: every target word gets exactly one
               link (what attention-based aligners have always printed)
    threshold  every cell of at least P: a target word may get none, or several
    mutual     a cell that is the maximum of its row and of its column (SimAlign's "ArgMax",
               Jalili Sabet et al. 2020): each word links at most once, and only where the
               two directions agree, so unaligned words (articles, auxiliaries) stay unaligned
    grow-diag  the row-wise argmax links (target -> source) and the column-wise ones
               (source -> target) of the one matrix, symmetrised as a word aligner's two
               directions are (Koehn et al. 2003): their intersection (the mutual links)
               grown by neighbouring links, diagonals too, of their union
    mutual-grown  the mutual links, and for each source word they leave unlinked, the links
               grow-diag gives it: a word the two directions disagree on still lands
               somewhere, the others keep their mutual links (how tags, document runs and
               access keys are placed: PLACING_RULE)

Ties: a row's or a column's maximum is its first maximal cell (lowest index), so a row
[0.4, 0.4, 0.2] links to source word 0, and a rule's links never depend on anything but the
matrix.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules only call tensor methods: the CLI imports them without torch
    import torch

RULES = ("argmax", "threshold", "mutual", "grow-diag", "mutual-grown")
RULE_HELP = (
    "argmax: each target word to its strongest source word; threshold: every weight >= P "
    "(--threshold, default 0.5); mutual: where a weight is the maximum of its row and of its "
    "column; grow-diag: mutual links grown by their neighbours among either direction's maxima; "
    "mutual-grown: mutual links, and grow-diag's for the source words they leave unlinked"
)
DEFAULT_RULE = "mutual"  # trial-set AER: docs/benchmarks.md
# the links that place inline elements, document runs and access keys in a translation when no
# --align asks for printed ones: fewest elements left without words (docs/benchmarks.md, "Which
# rule places tags best")
PLACING_RULE = "mutual-grown"
DEFAULT_THRESHOLD = 0.5  # the threshold rule's P when none is given

Links = list[tuple[int, int]]  # (source word, target word), sorted
NEIGHBOURS = [(-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]


def row_argmax(weights: torch.Tensor) -> set[tuple[int, int]]:
    """(Tw, Sw) -> {(source, target)}: each row's first maximal column."""
    best = weights.argmax(dim=1).tolist()  # (Tw,) torch returns the first maximal index
    return {(j, i) for i, j in enumerate(best)}


def column_argmax(weights: torch.Tensor) -> set[tuple[int, int]]:
    """(Tw, Sw) -> {(source, target)}: each column's first maximal row."""
    best = weights.argmax(dim=0).tolist()  # (Sw,)
    return {(j, i) for j, i in enumerate(best)}


def argmax_links(weights: torch.Tensor) -> Links:
    return sorted(row_argmax(weights))


def threshold_links(weights: torch.Tensor, threshold: float = DEFAULT_THRESHOLD) -> Links:
    cells = (weights >= threshold).nonzero().tolist()  # [[row i, column j], ...]
    return sorted((j, i) for i, j in cells)


def mutual_links(weights: torch.Tensor) -> Links:
    return sorted(row_argmax(weights) & column_argmax(weights))


def grow_diag_links(weights: torch.Tensor) -> Links:
    rows, columns = row_argmax(weights), column_argmax(weights)
    return sorted(grow_diag(rows & columns, rows | columns))


def mutual_grown_links(weights: torch.Tensor) -> Links:
    rows, columns = row_argmax(weights), column_argmax(weights)
    mutual = rows & columns
    linked = {s for s, _ in mutual}
    grown = grow_diag(mutual, rows | columns)
    return sorted(mutual | {(s, t) for s, t in grown if s not in linked})


def grow_diag(alignment: Iterable[tuple[int, int]], union: set) -> set[tuple[int, int]]:
    """Koehn et al. 2003's growing step: add links of ``union`` that neighbour (diagonals too)
    a link already in, while they align a source or a target word that has no link yet.
    Links are visited in sorted order, so the result depends only on the two sets."""
    a = set(alignment)
    src_done = {i for i, _ in a}
    tgt_done = {j for _, j in a}
    grew = True
    while grew:
        grew = False
        for i, j in sorted(a):
            for di, dj in NEIGHBOURS:
                n = (i + di, j + dj)
                if n in union and n not in a and (n[0] not in src_done or n[1] not in tgt_done):
                    a.add(n)
                    src_done.add(n[0])
                    tgt_done.add(n[1])
                    grew = True
    return a


def final_and(alignment: set[tuple[int, int]], union: set) -> set[tuple[int, int]]:
    """The "final-and" step: add links of ``union`` whose source and target words both have
    no link yet (in sorted order)."""
    a = set(alignment)
    src_done = {i for i, _ in a}
    tgt_done = {j for _, j in a}
    for i, j in sorted(union):
        if i not in src_done and j not in tgt_done:
            a.add((i, j))
            src_done.add(i)
            tgt_done.add(j)
    return a


@dataclass(frozen=True)
class LinkRule:
    """A decision rule by name, with the threshold rule's P: LinkRule("mutual"),
    LinkRule("threshold", 0.3). ``threshold`` is ignored by the other rules."""

    name: str = DEFAULT_RULE
    threshold: float = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        if self.name not in RULES:
            raise ValueError(f"unknown link rule {self.name!r}; choose from {', '.join(RULES)}")
        if not 0.0 < self.threshold <= 1.0:
            raise ValueError(f"a link threshold must be in (0, 1], not {self.threshold}")

    def links(self, weights: torch.Tensor) -> Links:
        """The links this rule reads from ``weights`` (Tw, Sw)."""
        if weights.numel() == 0:
            return []
        if self.name == "threshold":
            return threshold_links(weights, self.threshold)
        if self.name == "mutual":
            return mutual_links(weights)
        if self.name == "grow-diag":
            return grow_diag_links(weights)
        if self.name == "mutual-grown":
            return mutual_grown_links(weights)
        return argmax_links(weights)
