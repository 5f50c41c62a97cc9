"""An epoch's name-swapped pairs (names.py), encoded into the training data.

At the start of each epoch (:func:`swap_epoch`), the pairs drawn for it (names.swaps_names)
that hold names get a version with other names, re-encoded into subwords, their word links
(a guided run's) mapped onto the new pieces; the previous epoch's versions are dropped, so the
data holds one epoch's versions at a time (ParallelData.swapped). A version is left out where a
side's word count changes (under the whitespace words or those the links count) or it becomes
longer than ``max_len`` subwords; the pair is then shown as it is.
"""

from __future__ import annotations

from nmt_cli.align.links import word_spans
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.training.data import ParallelData, encode_sides, id_array, pair_links
from nmt_cli.training.names import new_names, swap_pair, swaps_names
from nmt_cli.vocab import EOS


def swap_epoch(
    data: ParallelData,
    tokenizer,
    seed: int,
    epoch: int,
    share: float,
    max_len: int | None,
    finder: SpanFinder | None = None,
) -> None:
    """Put ``epoch``'s name-swapped versions into ``data`` in place of the last epoch's."""
    _drop_swaps(data)
    finder = finder or SpanFinder()
    words = data.named_words
    found = []
    for pair in sorted(data.named):
        if not swaps_names(seed, epoch, pair, share):
            continue
        named = data.named[pair]
        mapping = new_names(named.names, data.name_pool, seed, epoch, pair)
        sides = swap_pair(finder, named, mapping) if mapping else None
        if sides is None or words is not None and not _same_words(named, sides, words):
            continue
        found.append((pair, named, sides))
    guided = data.links is not None
    src_enc = encode_sides(tokenizer, [f[2][0] for f in found], guided)
    tgt_enc = encode_sides(tokenizer, [f[2][1] for f in found], guided)
    vocab_size = tokenizer.vocab_size
    for (pair, named, (st, tt)), (s, s_off), (t, t_off) in zip(found, src_enc, tgt_enc):
        if not s or not t or max_len is not None and max(len(s), len(t)) + 1 > max_len:
            continue
        data.swapped[pair] = len(data.src)
        data.src.append(id_array(s + [EOS], vocab_size))
        data.tgt.append(id_array(t, vocab_size))
        if guided:
            data.links.append(pair_links(st, tt, s_off, t_off, named.links or [], words))


def _same_words(named, sides: tuple[str, str], words) -> bool:
    """Whether the swapped sides have as many of ``words`` as the pair's (its links hold)."""
    old = (named.src, named.tgt)
    return all(len(word_spans(a, words)) == len(word_spans(b, words)) for a, b in zip(old, sides))


def _drop_swaps(data: ParallelData) -> None:
    """Remove the swapped versions (they are the last examples of ``data``)."""
    if not data.swapped:
        return
    start = min(data.swapped.values())
    del data.src[start:], data.tgt[start:]
    if data.links is not None:
        del data.links[start:]
    data.swapped.clear()


def names_report(data: ParallelData, share: float) -> str:
    """One line for stderr: the pool's size and how many training pairs hold a name."""
    held = len(data.named) / max(len(data), 1)
    return (
        f"names: a pool of {len(data.name_pool):,} names; {len(data.named):,} of {len(data):,} "
        f"training pairs ({held:.1%}) hold one; {share:g} of all pairs swap theirs, each epoch"
    )
