"""Length bucketing (nmt_cli/buckets.py): every example once, every batch within its budget, and
the very batches training, search and forced alignment were given before bucketing had one home
(a resumed run's batches, and so its bitwise-equal resume, depend on them)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nmt_cli.buckets import SORT_KEYS, length_batches
from nmt_cli.search.decoding import batches
from nmt_cli.search.options import SearchOptions
from nmt_cli.training.batching import epoch_batches
from nmt_cli.training.config import BATCH_SORTS
from nmt_cli.training.data import ParallelData

lengths_strategy = st.lists(
    st.tuples(st.integers(1, 60), st.integers(1, 60)), min_size=1, max_size=200
)


@settings(max_examples=60, deadline=None)
@given(
    lengths=lengths_strategy,
    batch_tokens=st.integers(1, 400),
    seed=st.none() | st.integers(0, 2**31),
    pool_batches=st.integers(1, 4),
    sort=st.sampled_from(BATCH_SORTS),
    rows=st.integers(1, 3),
)
def test_every_example_once_and_every_batch_within_the_budget(
    lengths, batch_tokens, seed, pool_batches, sort, rows
):
    found = length_batches(
        lengths, batch_tokens, seed=seed, pool_batches=pool_batches, sort=sort, rows=rows
    )
    assert sorted(i for b in found for i in b) == list(range(len(lengths)))
    for b in found:
        assert b
        if len(b) > 1:  # only a single sentence may be over the budget
            assert max(max(lengths[i]) for i in b) * len(b) * rows <= batch_tokens


@settings(max_examples=40, deadline=None)
@given(lengths=lengths_strategy, max_items=st.integers(1, 5))
def test_a_count_budget_fills_batches_to_the_count(lengths, max_items):
    found = length_batches(lengths, None, max_items=max_items)
    assert [len(b) for b in found[:-1]] == [max_items] * (len(found) - 1)
    assert sorted(i for b in found for i in b) == list(range(len(lengths)))


def test_the_sort_names_are_the_training_settings_choices():
    assert tuple(SORT_KEYS) == BATCH_SORTS
    with pytest.raises(ValueError, match="source, target, none"):
        length_batches([(1, 1)], 10, sort="length")


# -- the batches of before: pinned ---------------------------------------------------------------

LENGTHS = [(3, 5), (9, 2), (4, 4), (1, 7), (6, 6), (2, 3), (8, 1), (5, 5)]  # (source, target)


@pytest.mark.parametrize(
    "sort, in_order, seeded",
    [
        ("source", [[3, 5], [0, 2, 7], [4, 6], [1]], [[4, 6], [0], [1], [2, 7], [3, 5]]),
        ("target", [[6], [1], [5, 2, 0], [7, 4], [3]], [[7, 4], [5, 0], [3], [6, 2], [1]]),
        ("none", [[0], [1], [2, 3], [4, 5], [6, 7]], [[2, 4], [1], [5], [6, 7], [0, 3]]),
    ],
)
def test_training_and_validation_batches_are_those_of_before(sort, in_order, seeded):
    assert length_batches(LENGTHS, 16, sort=sort) == in_order  # validation, forced alignment
    assert length_batches(LENGTHS, 16, seed=7, pool_batches=5, sort=sort) == seeded  # pools of 4


def test_search_batches_are_those_of_before():
    lengths = [5, 2, 9, 2, 7, 3, 3, 12, 1, 6]  # with </s>
    assert batches(lengths, SearchOptions(batch_tokens=20)) == [
        [8, 1], [3], [5], [6], [0], [9], [4], [2], [7]
    ]  # fmt: skip
    assert batches(lengths, SearchOptions(beam=4, batch_tokens=64)) == [
        [8, 1, 3, 5, 6], [0, 9], [4], [2], [7]
    ]  # fmt: skip
    assert batches(lengths, SearchOptions(batch_size=3)) == [[8, 1, 3], [5, 6, 0], [9, 4, 2], [7]]
    assert batches([], SearchOptions()) == []


def _digest(found: list[list[int]]) -> str:
    return hashlib.sha256(json.dumps(found).encode()).hexdigest()[:16]


def test_larger_inputs_give_the_batches_of_before():
    """Digests of the batches the two batchers gave before they shared one function."""
    rng = random.Random(0)
    pairs = [(rng.randint(1, 60), rng.randint(1, 60)) for _ in range(2000)]
    assert _digest(length_batches(pairs, 500, sort="target")) == "74662ccbd6bd67b2"
    assert _digest(length_batches(pairs, 500, seed=3)) == "cc5112b6cc559295"
    assert _digest(length_batches(pairs, 500, seed=3, sort="none")) == "7d6179375fd37d46"
    src = [[5] * s + [3] for s, _ in pairs]
    tgt = [[6] * t for _, t in pairs]
    weighted = ParallelData(src, tgt, total=2000, sizes=[1500, 500], weights=[1.0, 1.5])
    assert _digest(epoch_batches(weighted, 400, seed=3, epoch=2)) == "e9197e6759e77a37"
    sources = [rng.randint(1, 100) for _ in range(3000)]
    assert _digest(batches(sources, SearchOptions(beam=5, batch_tokens=3000))) == (
        "856ec948073eec6f"
    )
    assert _digest(batches(sources, SearchOptions(batch_size=7))) == "ac630b8425917b82"
