"""Where a block's inline elements go in its translation, by the word alignment.

The inline elements of a block's source are a tree (nested, in order); each encloses a run of
the source's words, or none (``<br/>``, ``<img>``, an empty ``<a id="top"></a>``). In the
translation each gets a run of target words, or a place between two words, such that the tree
is the same: a child's run lies inside its parent's, siblings' runs do not overlap (their order
may change, as the languages' word order does), and every element is there exactly once, so
its tags, written out, are always well formed.

How, top down, each element within its parent's run:

- it takes the target words linked to its source words (``links``, as the alignment rule reads
  them from the attention: nmt_cli/align/rules.py); its run goes from the first to the last;
  one that encloses all its parent's source words (a line's ``<b>...</b>``) takes all its
  parent's target words, linked or not (fr-en's alignment left "opened" out of
  ``<b>Impossible d'ouvrir le fichier</b>``);
- where two siblings' runs overlap (the translation mixed their words), they are cut apart
  where most of their linked words stay on their side;
- an element whose words are all unlinked takes the target words between the targets of the
  nearest linked source words before and after it (a place between them if there are none);
- an element with no words before all its parent's source words (or the block's) stays at the
  start of its parent's run, one after all of them at its end (a checkbox that opens its
  label, ``<label><input> Se souvenir de moi</label>``, went inside: "I <input> remember");
  another stands after the target of the source word before it, if it touched that word or
  nothing follows it (``after_word``), else before the target of the source word after it
  (the nearest linked words where those have no link), and out of its siblings' runs;
- an element that loses all its words (its siblings took them) keeps a place.

Source and target places count words: place k is before word k (k = the number of words: at
the end). A run is (start, end) over target words; start == end: a place.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

Links = Sequence[tuple[int, int]]  # (source word, target word)
Run = tuple[int, int]  # target words [start, end); start == end: the place before word start


@dataclass
class Enclosure:
    """An inline element in the source: the source words [first, end) it encloses (first ==
    end: none, its place is before word ``first``), its child elements, and for one with no
    words, whether it goes after the target of the word before it (else before the next)."""

    first: int
    end: int
    children: list[Enclosure] = field(default_factory=list)
    after_word: bool = True


def preorder(elements: Sequence[Enclosure]) -> Iterator[Enclosure]:
    for e in elements:
        yield e
        yield from preorder(e.children)


class Alignment:
    """``links`` between the source and ``n_target`` target words, read by source word."""

    def __init__(self, links: Links, n_target: int):
        self.n_target = n_target
        self.targets: dict[int, list[int]] = {}
        for s, t in sorted(links):
            if 0 <= t < n_target:
                self.targets.setdefault(s, []).append(t)
        self.linked = sorted(self.targets)

    def wanted(self, e: Enclosure) -> set[int]:
        """The target words linked to ``e``'s source words."""
        return {t for s in range(e.first, e.end) for t in self.targets.get(s, ())}

    def place(self, gap: int, after_word: bool) -> int:
        """The target place of source place ``gap``: after the target of the word before it
        (``after_word``, or the word after has no link), else before the target of the word
        after it; between the nearest linked words where neither has a link."""
        i = bisect.bisect_left(self.linked, gap)
        before = self.linked[i - 1] if i else None
        after = self.linked[i] if i < len(self.linked) else None
        if before is not None and before == gap - 1 and (after_word or after != gap):
            return self.targets[before][-1] + 1
        if after == gap:
            return self.targets[after][0]
        low = self.targets[before][-1] + 1 if before is not None else 0
        high = self.targets[after][0] if after is not None else self.n_target
        return low if after_word or high < low else high


def place_elements(
    elements: Sequence[Enclosure], links: Links, n_target: int, n_source: int | None = None
) -> list[Run]:
    """The target run of each element of the tree ``elements``, in pre-order (an element that
    encloses all its parent's source words, or all ``n_source`` of them, takes all its parent's
    target words)."""
    runs: dict[int, Run] = {}
    whole = (0, n_source) if n_source else None
    _place(elements, (0, n_target), Alignment(links, n_target), runs, whole)
    return [runs[id(e)] for e in preorder(elements)]


def _place(
    elements: Sequence[Enclosure], within: Run, aligned: Alignment, runs, whole=None
) -> None:
    low, high = within

    def clamp(k: int) -> int:
        return min(max(k, low), high)

    wanted: dict[int, set[int]] = {}
    places: dict[int, int] = {}
    for e in elements:
        words = {t for t in aligned.wanted(e) if low <= t < high} if e.end > e.first else set()
        if e.end > e.first and (e.first, e.end) == whole:
            words = set(range(low, high))
        if e.end > e.first and not words:  # no word linked: the unlinked words between
            start = clamp(aligned.place(e.first, True))
            words = set(range(start, clamp(aligned.place(e.end, False))))
        if words:
            wanted[id(e)] = words
        elif whole and e.first <= whole[0]:  # before all its parent's words: at its start
            places[id(e)] = low
        elif whole and e.first >= whole[1]:  # after all of them: at its end
            places[id(e)] = high
        else:
            places[id(e)] = clamp(aligned.place(e.first, e.after_word))
    _separate(elements, wanted, places)
    taken = [(min(w), max(w) + 1) for w in wanted.values()]
    for e in elements:
        if id(e) in wanted:
            runs[id(e)] = (min(wanted[id(e)]), max(wanted[id(e)]) + 1)
        else:
            at = places[id(e)]
            for start, end in taken:  # out of a sibling's run, to its nearer edge
                if start < at < end:
                    at = start if at - start <= end - at else end
            runs[id(e)] = (at, at)
        _place(e.children, runs[id(e)], aligned, runs, (e.first, e.end))


def _separate(elements: Sequence[Enclosure], wanted: dict[int, set[int]], places) -> None:
    """Cut apart siblings whose runs overlap: of two, in the order of their first words, the
    first keeps its words before the cut, the second those from it on; the cut keeps the most
    words where they are (then both elements, then the earliest cut). An element left with no
    words gets the cut as its place. Each cut takes at least one word: it ends."""
    while True:
        order = sorted((e for e in elements if id(e) in wanted), key=lambda e: min(wanted[id(e)]))
        pair = next(
            ((a, b) for a, b in zip(order, order[1:]) if max(wanted[id(a)]) >= min(wanted[id(b)])),
            None,
        )
        if pair is None:
            return
        cut = _best_cut(wanted[id(pair[0])], wanted[id(pair[1])])
        for e, words in zip(pair, _split(wanted[id(pair[0])], wanted[id(pair[1])], cut)):
            if words:
                wanted[id(e)] = words
            else:
                del wanted[id(e)]
                places[id(e)] = cut


def _split(first: set[int], second: set[int], cut: int) -> tuple[set[int], set[int]]:
    return {t for t in first if t < cut}, {t for t in second if t >= cut}


def _best_cut(first: set[int], second: set[int]) -> int:
    def score(cut: int) -> tuple[int, bool, int]:
        a, b = _split(first, second, cut)
        return len(a) + len(b), bool(a) and bool(b), -cut

    return max(range(min(second), max(first) + 2), key=score)
