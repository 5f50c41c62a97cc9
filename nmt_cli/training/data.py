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

import itertools
import random
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import torch

from nmt_cli.errors import InputError
from nmt_cli.textio import open_lines
from nmt_cli.training.config import CorpusFiles
from nmt_cli.vocab import BOS, EOS, pad_ids


def id_array(ids: list[int], vocab_size: int) -> array:
    """Subword ids stored compactly: 2 bytes an id where the vocabulary allows (a Python list
    takes about 36 bytes an id; 3 million pairs of training data held 14 GB as lists)."""
    return array("H" if vocab_size <= 1 << 16 else "I", ids)


@dataclass
class ParallelData:
    src: list[Sequence[int]]  # subword ids, </s> appended (an id_array for training data)
    tgt: list[Sequence[int]]  # subword ids, no <s>/</s>
    src_text: list[str] = field(default_factory=list)
    tgt_text: list[str] = field(default_factory=list)
    dropped_empty: int = 0
    dropped_long: int = 0
    total: int = 0
    sizes: list[int] = field(default_factory=list)  # kept pairs per corpus, in order
    weights: list[float] = field(default_factory=list)  # per corpus
    # guided alignment: per pair, piece links flattened [i0, j0, i1, j1, ...]
    # (source piece i, target piece j), or None without guidance
    links: list[array] | None = None

    def __len__(self) -> int:
        return len(self.src)


def load_parallel(
    src_path: str, tgt_path: str, tokenizer, max_len: int | None, warn=None, keep_text: bool = False
) -> ParallelData:
    """Read and encode a parallel corpus; empty and (if ``max_len``) over-long pairs are dropped
    and counted."""
    return load_corpora([CorpusFiles(src_path, tgt_path)], tokenizer, max_len, warn, keep_text)


CHUNK = 20_000  # pairs encoded at a time: memory stays bounded by the kept ids


def load_corpora(
    corpora: list[CorpusFiles],
    tokenizer,
    max_len: int | None,
    warn=None,
    keep_text: bool = False,
    teacher: str | None = None,
    teacher_words: re.Pattern | None = None,
) -> ParallelData:
    """Read and encode several corpora, in order, into one ParallelData.

    With ``teacher`` (links over the words ``teacher_words`` finds, by default normalised
    words: one line per pair of the corpora without their own links, in order) or a corpus's
    own ``alignments`` (whitespace words), each kept pair also gets its links mapped onto
    pieces; links stay with their pairs when pairs are dropped."""
    from nmt_cli.training.teacher import NORMALISED_WORD, WHITESPACE_WORD

    guided = teacher is not None or any(c.alignments for c in corpora)
    data = ParallelData([], [], links=[] if guided else None)
    teacher_lines = _lines_or_none(teacher)
    for corpus in corpora:
        before, first_line = len(data.src), data.total
        own = corpus.alignments is not None
        if guided and not own and teacher is None:
            raise ValueError(f"{corpus.src}: guided alignment needs teacher links or alignments")
        links_lines = _lines_or_none(corpus.alignments) if own else teacher_lines
        words = WHITESPACE_WORD if own else (teacher_words or NORMALISED_WORD)
        with open_lines(corpus.src, on_invalid=warn) as fs, open_lines(corpus.tgt, warn) as ft:
            pairs = _parallel(corpus, fs, ft)
            source = ((s, t, next(links_lines, None) if guided else None) for s, t in pairs)
            for chunk in _chunks(source, CHUNK):
                _add_chunk(data, chunk, tokenizer, max_len, keep_text, corpus, words, first_line)
        if own:
            links_lines.close()
        data.sizes.append(len(data.src) - before)
        data.weights.append(corpus.weight)
    if not data.src:
        names = ", ".join(f"{c.src}, {c.tgt}" for c in corpora)
        raise InputError(f"{names}: no usable sentence pairs (all empty or too long)")
    return data


def _parallel(corpus: CorpusFiles, src_lines, tgt_lines):
    """Pairs of lines; a file that ends before the other is an InputError."""
    for s, t in itertools.zip_longest(src_lines, tgt_lines):
        if s is None or t is None:
            raise InputError(
                f"{corpus.src} and {corpus.tgt} have different numbers of lines; parallel "
                "files need one line per sentence pair"
            )
        yield s, t


def _lines_or_none(path: str | None):
    """The lines of ``path`` (none without a path), read as they are asked for."""
    if path is not None:
        with open_lines(path) as lines:
            yield from lines


def _chunks(items, n: int):
    items = iter(items)
    while chunk := list(itertools.islice(items, n)):
        yield chunk


def _add_chunk(data, chunk, tokenizer, max_len, keep_text, corpus: CorpusFiles, words, first_line):
    """Encode ``chunk`` (source, target, links line) into ``data``; links over ``words``."""
    guided = data.links is not None

    def encode(lines: list[str]):  # (ids, piece offsets or None) per line
        if guided:
            return tokenizer.encode_batch_with_offsets(lines)
        return [(ids, None) for ids in tokenizer.encode_batch(lines)]

    src_enc, tgt_enc = encode([c[0] for c in chunk]), encode([c[1] for c in chunk])
    vocab_size = tokenizer.vocab_size
    where = corpus.alignments or "teacher links"
    for k, (st, tt, link_line) in enumerate(chunk):
        (s, s_off), (t, t_off) = src_enc[k], tgt_enc[k]
        data.total += 1
        if not s or not t:
            data.dropped_empty += 1
            continue
        if max_len is not None and (len(s) + 1 > max_len or len(t) + 1 > max_len):
            data.dropped_long += 1
            continue
        data.src.append(id_array(s + [EOS], vocab_size))
        data.tgt.append(id_array(t, vocab_size))
        if keep_text:
            data.src_text.append(st)
            data.tgt_text.append(tt)
        if guided:
            where_line = f"{where}: line {data.total - first_line:,}"
            data.links.append(_pair_links(st, tt, s_off, t_off, link_line, words, where_line))


def _pair_links(st, tt, s_off, t_off, link_line, words, where) -> array:
    from nmt_cli.training.teacher import parse_links, piece_links, piece_owners, word_spans

    s_spans, t_spans = word_spans(st, words), word_spans(tt, words)
    links = parse_links(link_line or "", len(s_spans), len(t_spans), where)
    return piece_links(links, piece_owners(s_off, s_spans), piece_owners(t_off, t_spans))


@dataclass
class Batch:
    """src (B, S) with </s>, padded; tgt_in (B, T) = <s> y; tgt_out (B, T) = y </s>."""

    src: torch.Tensor
    src_lengths: torch.Tensor
    tgt_in: torch.Tensor
    tgt_out: torch.Tensor
    ntokens: int  # real target tokens (</s> included)
    index: list[int]  # example indices, for restoring order
    # guided alignment: (B, T, S) teacher links, 1 where target piece t (row of tgt_out) is
    # linked to source piece s; None without guidance
    links: torch.Tensor | None = None

    def to(self, device) -> Batch:
        """The same batch with its tensors on ``device``."""
        links = None if self.links is None else self.links.to(device)
        tensors = ("src", "src_lengths", "tgt_in", "tgt_out")
        return replace(self, links=links, **{k: getattr(self, k).to(device) for k in tensors})


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
        current: list[int] = []  # the open batch, already in batches
        longest = 0
        for i in pool:
            longest = max(longest, *lengths[i])
            if not current or longest * (len(current) + 1) > batch_tokens:
                current, longest = [], max(lengths[i])
                batches.append(current)
            current.append(i)
    if rng is not None:
        rng.shuffle(batches)
    return batches


def epoch_batches(
    data: ParallelData, batch_tokens: int, seed: int, epoch: int, sort: str = "source"
) -> list[list[int]]:
    """The batches of one epoch (lists of example indices). Corpora with a weight other than 1
    are drawn that many times per epoch: whole copies, then a seeded random part."""
    examples = epoch_examples(data, seed, epoch)
    lengths = [(len(data.src[i]), len(data.tgt[i]) + 1) for i in examples]
    batches = batch_indices(lengths, batch_tokens, seed=seed * 100_003 + epoch, sort=sort)
    return [[examples[k] for k in b] for b in batches]


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
