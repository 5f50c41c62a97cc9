"""Training batches: the examples of each epoch, which go together, and a batch's tensors.

Batches are built per epoch from a seeded shuffle: examples are shuffled, taken in pools of
about 100 batches, sorted by length inside each pool (so a batch holds sentences of similar
length and little padding), cut into batches of at most ``batch_tokens`` padded tokens, and the
batch order is shuffled again (nmt_cli/buckets.py, which also explains ``batch_sort``). The
order depends only on (seed, epoch), which makes a resumed run see exactly the batches an
uninterrupted run would. So does which pairs show their placeholder version (placeholders.py),
and which their version with other names (names.py, swaps.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import torch

from nmt_cli.buckets import length_batches
from nmt_cli.training.data import ParallelData
from nmt_cli.training.placeholders import shows_placeholders
from nmt_cli.vocab import BOS, EOS, pad_ids


@dataclass
class Batch:
    """src (B, S) with </s>, padded; tgt_in (B, T) = <s> y; tgt_out (B, T) = y </s>."""

    src: torch.Tensor
    src_lengths: torch.Tensor
    tgt_in: torch.Tensor
    tgt_out: torch.Tensor
    ntokens: int  # real target tokens (</s> included)
    index: list[int]  # example indices, for restoring order
    # word links: (B, T, S), 1 where target piece t (row of tgt_out) is
    # linked to source piece s; None without guidance
    links: torch.Tensor | None = None

    def to(self, device, non_blocking: bool = False) -> Batch:
        """The same batch with its tensors on ``device`` (``non_blocking``: a copy from pinned
        memory that the host does not wait for)."""
        return self._map(lambda x: x.to(device, non_blocking=non_blocking))

    def pin_memory(self) -> Batch:
        """The same batch in page-locked memory, from which a GPU copies without the host."""
        return self._map(lambda x: x.pin_memory())

    def _map(self, f) -> Batch:
        links = None if self.links is None else f(self.links)
        tensors = ("src", "src_lengths", "tgt_in", "tgt_out")
        return replace(self, links=links, **{k: f(getattr(self, k)) for k in tensors})


def make_batch(data: ParallelData, index: list[int]) -> Batch:
    src = [data.src[i] for i in index]
    tgt = [data.tgt[i] for i in index]
    batch = Batch(
        src=pad_ids(src),
        src_lengths=torch.tensor([len(s) for s in src]),
        tgt_in=pad_ids([[BOS, *t] for t in tgt]),
        tgt_out=pad_ids([[*t, EOS] for t in tgt]),
        ntokens=sum(len(t) + 1 for t in tgt),
        index=index,
    )
    if data.links is not None:
        b, t_idx, s_idx = [], [], []
        for row, i in enumerate(index):
            flat = data.links[i]
            b.extend([row] * (len(flat) // 2))
            s_idx.extend(flat[0::2])
            t_idx.extend(flat[1::2])
        batch.links = torch.zeros(batch.tgt_out.shape + (batch.src.size(1),))  # (B, T, S)
        batch.links[b, t_idx, s_idx] = 1.0
    return batch


def epoch_batches(
    data: ParallelData,
    batch_tokens: int,
    seed: int,
    epoch: int,
    sort: str = "source",
    placeholder_share: float = 0.0,
) -> list[list[int]]:
    """The batches of one epoch (lists of example indices). Corpora with a weight other than 1
    are drawn that many times per epoch: whole copies, then a seeded random part. A
    ``placeholder_share`` of the pairs that have a placeholder version show it instead; the
    others with a name-swapped version for this epoch (swaps.swap_epoch) show that."""
    examples = epoch_examples(data, seed, epoch)
    if data.variants and placeholder_share > 0:
        examples = [_shown(data, i, seed, epoch, placeholder_share) for i in examples]
    if data.swapped:
        examples = [data.swapped.get(i, i) for i in examples]
    lengths = [(len(data.src[i]), len(data.tgt[i]) + 1) for i in examples]
    batches = length_batches(lengths, batch_tokens, seed=seed * 100_003 + epoch, sort=sort)
    return [[examples[k] for k in b] for b in batches]


def _shown(data: ParallelData, pair: int, seed: int, epoch: int, share: float) -> int:
    """The example that shows ``pair`` in ``epoch``: its placeholder version or itself."""
    version = data.variants.get(pair)
    return version if version is not None and shows_placeholders(seed, epoch, pair, share) else pair


def epoch_examples(data: ParallelData, seed: int, epoch: int) -> list[int]:
    """Example indices of one epoch under the corpus weights (all weights 1: each in order)."""
    if all(w == 1.0 for w in data.weights):
        return list(range(len(data)))
    rng = random.Random(seed * 7_919 + epoch)
    out: list[int] = []
    start = 0
    for size, weight in zip(data.sizes, data.weights):
        ids = range(start, start + size)
        whole, part = int(weight), weight - int(weight)
        out.extend(i for _ in range(whole) for i in ids)
        out.extend(rng.sample(ids, round(part * size)))
        start += size
    return out
