"""Names in training pairs, swapped for other names, so that a model learns to copy names.

A NAME is what nmt_cli/protect/names.py finds: a capitalised word of letters, not its line's
first word, not inside a protected span (the translator copies the same names). A pair's names
(:func:`pair_names`) are those found on both sides with the same text, and the first word of
neither side.

A swapped pair (:func:`swap_pair`) has each of its names replaced, at each place it was found
on either side, by another name from a pool (:func:`name_pool`: the names of the training
pairs themselves, so no outside list is needed), the same new name on both sides:

    fr  Elle a vu Amélie à Montpellier.       ->  Elle a vu Oksana à Tromsø.
    en  She saw Amélie in Montpellier.        ->  She saw Oksana in Tromsø.

A name is one whitespace word replaced inside one whitespace word, so a guided pair's word
links stay valid as they are; a pair whose word count would change anyway is not swapped.

Which pairs are swapped (:func:`swaps_names`) and the names they get depend only on the seed,
the epoch and the pair, so a resumed run sees the same pairs (TrainConfig.name_swap_share).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nmt_cli.protect.names import find_names
from nmt_cli.protect.spans import SpanFinder

POOL_SIZE = 50_000  # names kept at most in a pool


@dataclass(frozen=True)
class NamedPair:
    """A training pair's text, its ``names`` (pair_names) and its word links (guided runs)."""

    src: str
    tgt: str
    names: tuple[str, ...]
    links: list[tuple[int, int]] | None = None


def pair_names(finder: SpanFinder, src: str, tgt: str) -> tuple[str, ...]:
    """The names of the pair: found on both sides with the same text, in source order, each
    once; a name that is either side's first word is left out."""
    src_at, src_first = find_names(src, finder)
    if not src_at:
        return ()
    tgt_at, tgt_first = find_names(tgt, finder)
    target = {tgt[a:b] for a, b in tgt_at}
    out: dict[str, None] = {}
    for a, b in src_at:
        word = src[a:b]
        if word in target and word not in (src_first, tgt_first):
            out[word] = None
    return tuple(out)


def name_pool(pairs: Iterable[NamedPair], size: int = POOL_SIZE) -> list[str]:
    """The distinct names of ``pairs``, sorted; more than ``size``: a fixed draw of ``size``."""
    names = sorted({n for p in pairs for n in p.names})
    if len(names) > size:
        names = sorted(random.Random("name pool").sample(names, size))
    return names


def swaps_names(seed: int, epoch: int, pair: int, share: float) -> bool:
    """Whether pair ``pair`` has its names swapped in ``epoch``: true for about ``share`` of the
    pairs, drawn anew each epoch, the same in every process and every resumed run."""
    return share > 0 and random.Random(f"name swap {seed} {epoch} {pair}").random() < share


def new_names(
    names: Sequence[str], pool: Sequence[str], seed: int, epoch: int, pair: int
) -> dict[str, str] | None:
    """Each of ``names`` with another name of ``pool``, all different, drawn from (seed, epoch,
    pair); None: the pool has too few other names."""
    rng = random.Random(f"name pick {seed} {epoch} {pair}")
    taken = set(names)
    out: dict[str, str] = {}
    for name in names:
        for _ in range(8):  # a pool of a few names may draw a taken one
            pick = pool[rng.randrange(len(pool))] if pool else name
            if pick not in taken:
                break
        else:
            return None
        taken.add(pick)
        out[name] = pick
    return out


def _replace(text: str, finder: SpanFinder, mapping: dict[str, str]) -> str:
    at, _ = find_names(text, finder)
    pieces, last = [], 0
    for a, b in at:
        if text[a:b] in mapping:
            pieces += [text[last:a], mapping[text[a:b]]]
            last = b
    return "".join(pieces) + text[last:]


def swap_pair(
    finder: SpanFinder, pair: NamedPair, mapping: dict[str, str]
) -> tuple[str, str] | None:
    """The pair's sides with each name of ``mapping`` replaced by its new name, wherever it is
    found as a name; None where a side's whitespace word count would change."""
    src, tgt = _replace(pair.src, finder, mapping), _replace(pair.tgt, finder, mapping)
    if len(src.split()) != len(pair.src.split()) or len(tgt.split()) != len(pair.tgt.split()):
        return None
    return src, tgt
