"""Parallel data: reading, subword encoding, filtering, and batching by tokens.

Batches are built per epoch from a seeded shuffle: examples are shuffled, taken in pools of
about 100 batches, sorted by length inside each pool (so a batch holds sentences of similar
length and little padding), cut into batches of at most ``batch_tokens`` padded tokens, and the
batch order is shuffled again. The order depends only on (seed, epoch), which makes a resumed
run see exactly the batches an uninterrupted run would.

The sort key (``batch_sort``, like Marian's ``--maxi-batch-sort``) is the source length, then
the target length, by default (fairseq's order). Sorting by target length first makes every
target of a batch end at the same position, and slows learning per step: the benchmark RNN on
Multi30k reached validation perplexity 590 per word after 200 steps sorted by target, 521
sorted by source. Sorting by source trains about 7% fewer target tokens per second than by
target (longer padded targets). Both figures: tests/benchmarks/batch_sort.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import torch

from nmt_cli.errors import InputError
from nmt_cli.textio import read_lines
from nmt_cli.tokenizer import BOS, EOS, PAD


@dataclass
class ParallelData:
    src: list[list[int]]  # subword ids, </s> appended
    tgt: list[list[int]]  # subword ids, no <s>/</s>
    src_text: list[str] = field(default_factory=list)
    tgt_text: list[str] = field(default_factory=list)
    dropped_empty: int = 0
    dropped_long: int = 0
    total: int = 0

    def __len__(self) -> int:
        return len(self.src)

    def target_tokens(self) -> int:
        return sum(len(t) + 1 for t in self.tgt)


def load_parallel(
    src_path: str, tgt_path: str, tokenizer, max_len: int | None, warn=None, keep_text: bool = False
) -> ParallelData:
    """Read and encode a parallel corpus; empty and (if ``max_len``) over-long pairs are dropped
    and counted."""
    src_lines = read_lines(src_path, on_invalid=warn)
    tgt_lines = read_lines(tgt_path, on_invalid=warn)
    if len(src_lines) != len(tgt_lines):
        raise InputError(
            f"{src_path} has {len(src_lines):,} lines but {tgt_path} has {len(tgt_lines):,}; "
            "parallel files need one line per sentence pair"
        )
    if not src_lines:
        raise InputError(f"{src_path} and {tgt_path} are empty")
    src_ids = tokenizer.encode_batch(src_lines)
    tgt_ids = tokenizer.encode_batch(tgt_lines)
    data = ParallelData([], [], total=len(src_lines))
    for s, t, st, tt in zip(src_ids, tgt_ids, src_lines, tgt_lines):
        if not s or not t:
            data.dropped_empty += 1
            continue
        if max_len is not None and (len(s) + 1 > max_len or len(t) + 1 > max_len):
            data.dropped_long += 1
            continue
        data.src.append(s + [EOS])
        data.tgt.append(t)
        if keep_text:
            data.src_text.append(st)
            data.tgt_text.append(tt)
    if not data.src:
        raise InputError(
            f"{src_path}, {tgt_path}: no usable sentence pairs (all empty or too long)"
        )
    return data


@dataclass
class Batch:
    """src (B, S) with </s>, padded; tgt_in (B, T) = <s> y; tgt_out (B, T) = y </s>."""

    src: torch.Tensor
    src_lengths: torch.Tensor
    tgt_in: torch.Tensor
    tgt_out: torch.Tensor
    ntokens: int  # real target tokens (</s> included)
    index: list[int]  # example indices, for restoring order

    def to(self, device) -> Batch:
        """The same batch with its tensors on ``device``."""
        return replace(
            self,
            src=self.src.to(device),
            src_lengths=self.src_lengths.to(device),
            tgt_in=self.tgt_in.to(device),
            tgt_out=self.tgt_out.to(device),
        )


def pad(seqs: list[list[int]], value: int = PAD) -> torch.Tensor:
    width = max(len(s) for s in seqs)
    out = torch.full((len(seqs), width), value, dtype=torch.long)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = torch.tensor(s, dtype=torch.long)
    return out


def make_batch(data: ParallelData, index: list[int]) -> Batch:
    src = [data.src[i] for i in index]
    tgt = [data.tgt[i] for i in index]
    return Batch(
        src=pad(src),
        src_lengths=torch.tensor([len(s) for s in src]),
        tgt_in=pad([[BOS] + t for t in tgt]),
        tgt_out=pad([t + [EOS] for t in tgt]),
        ntokens=sum(len(t) + 1 for t in tgt),
        index=index,
    )


def batch_indices(
    lengths: list[tuple[int, int]],
    batch_tokens: int,
    seed: int | None,
    pool_batches: int = 100,
    sort: str = "source",
) -> list[list[int]]:
    """Group example indices into batches of at most ``batch_tokens`` padded tokens.

    lengths  (src_len, tgt_len) per example. With ``seed`` None the order is by length only
    (for validation); otherwise shuffled as the module docstring says. ``sort`` orders each
    pool by (source, target) length, by (target, source) length, or not at all ("none": the
    shuffled order, as Joey NMT batches; much more padding).
    """
    order = list(range(len(lengths)))
    rng = random.Random(seed) if seed is not None else None
    if rng is not None:
        rng.shuffle(order)
    pool_size = max(1, pool_batches * batch_tokens // 20)
    batches: list[list[int]] = []
    for start in range(0, len(order), pool_size if rng is not None else len(order) or 1):
        pool = order[start : start + (pool_size if rng is not None else len(order))]
        if sort == "source":
            pool.sort(key=lambda i: lengths[i])
        elif sort == "target":
            pool.sort(key=lambda i: (lengths[i][1], lengths[i][0]))
        current: list[int] = []
        longest = 0
        for i in pool:
            longest_if = max(longest, lengths[i][0], lengths[i][1])
            if current and longest_if * (len(current) + 1) > batch_tokens:
                batches.append(current)
                current, longest_if = [], max(lengths[i])
            current.append(i)
            longest = longest_if
        if current:
            batches.append(current)
    if rng is not None:
        rng.shuffle(batches)
    return batches


def epoch_batches(
    data: ParallelData, batch_tokens: int, seed: int, epoch: int, sort: str = "source"
) -> list[list[int]]:
    lengths = [(len(s), len(t) + 1) for s, t in zip(data.src, data.tgt)]
    return batch_indices(lengths, batch_tokens, seed=seed * 100_003 + epoch, sort=sort)
