"""Length bucketing: which examples go together in a batch, knowing only their lengths.

A batch is padded to its longest example, so it costs (longest length) x (examples) positions,
times the rows each example is computed as (a beam search computes K rows a sentence). Examples
of similar length are put together by sorting; a batch is closed when the next example would
take it over the budget (a single example over the budget gets a batch of its own).

One function serves every batcher of the package:

- training (training/batching.py): a seeded shuffle, pools of about ``pool_batches`` batches
  each sorted by length, and the batches shuffled again; the order depends only on the seed,
  which makes a resumed run see exactly the batches an uninterrupted run would;
- validation, forced alignment (align/forced.py) and search (search/decoding.py): no seed, so
  one pool sorted by length, shortest first.

The sort key (``sort``, like Marian's ``--maxi-batch-sort``) is the lengths as given (source,
then target, by default: fairseq's order), the target first, or none (the shuffled order, as
Joey NMT batches; much more padding). Sorting by target length first makes every target of a
batch end at the same position, and slows learning per step (figures: docs/benchmarks.md,
"Batch order").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Lengths = Sequence[int]  # one example's lengths: (source,) or (source, target)

# sort name -> the key of one example's lengths (None: no sort)
SORT_KEYS: dict[str, Callable[[Lengths], tuple[int, ...]] | None] = {
    "source": tuple,
    "target": lambda n: (n[1], n[0]),
    "none": None,
}


def length_batches(
    lengths: Sequence[Lengths],
    max_tokens: int | None,
    *,
    max_items: int | None = None,
    rows: int = 1,
    seed: int | None = None,
    pool_batches: int = 100,
    sort: str = "source",
) -> list[list[int]]:
    """Group example indices into batches of at most ``max_tokens`` padded positions.

    lengths     per example, its lengths (a source length, or source and target lengths); a
                batch's width is the longest of all its lengths
    max_tokens  (width) x (examples) x ``rows`` per batch; None: no token budget
    max_items   at most this many examples a batch (None: no limit)
    seed        None: one pool in length order (stable: equal lengths keep their index
                order); otherwise the seeded pools and shuffles of the module docstring
    """
    if sort not in SORT_KEYS:
        raise ValueError(f"sort must be one of {', '.join(SORT_KEYS)}, not {sort!r}")
    key = SORT_KEYS[sort]
    order = list(range(len(lengths)))
    rng = random.Random(seed) if seed is not None else None
    pool_size = len(order) or 1
    if rng is not None:
        rng.shuffle(order)
        pool_size = max(1, pool_batches * (max_tokens or 0) // 20)
    batches: list[list[int]] = []
    for start in range(0, len(order), pool_size):
        pool = order[start : start + pool_size]
        if key is not None:
            pool.sort(key=lambda i: key(lengths[i]))
        batches += _fill(pool, lengths, max_tokens, max_items, rows)
    if rng is not None:
        rng.shuffle(batches)
    return batches


def _fill(
    order: list[int],
    lengths: Sequence[Lengths],
    max_tokens: int | None,
    max_items: int | None,
    rows: int,
) -> list[list[int]]:
    """``order`` cut, in its order, into batches within the budgets."""
    batches: list[list[int]] = []
    current: list[int] = []  # the open batch, already in batches
    longest = 0  # the open batch's width
    for i in order:
        longest = max(longest, *lengths[i])
        over_tokens = max_tokens is not None and longest * (len(current) + 1) * rows > max_tokens
        over_items = max_items is not None and len(current) >= max_items
        if not current or over_tokens or over_items:
            current, longest = [], max(lengths[i])
            batches.append(current)
        current.append(i)
    return batches
