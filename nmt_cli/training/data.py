"""Parallel data: reading, subword encoding and filtering, and a guided run's links mapped onto
the pieces (batching: batching.py)."""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from nmt_cli.align.links import LinksFile, parse_links, piece_links, piece_owners, word_spans
from nmt_cli.errors import InputError
from nmt_cli.textio import open_lines
from nmt_cli.training.config import CorpusFiles
from nmt_cli.vocab import EOS


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
    # (source piece i, target piece j); None: the data was read for a run that is not guided
    links: list[array] | None = None

    def __len__(self) -> int:
        return len(self.src)


CHUNK = 20_000  # pairs encoded at a time: memory stays bounded by the kept ids


def load_corpora(
    corpora: list[CorpusFiles],
    tokenizer,
    max_len: int | None,
    warn=None,
    keep_text: bool = False,
    guided: bool = False,
    teacher: LinksFile | None = None,
) -> ParallelData:
    """Read and encode several corpora, in order, into one ParallelData.

    ``guided`` (the run's answer: teacher.run_is_guided) reads links too: each kept pair gets
    its links mapped onto pieces, from its corpus's own ``alignments`` (whitespace words) or,
    for the corpora without, from ``teacher`` (one line per pair of those corpora, in order);
    links stay with their pairs when pairs are dropped. Not guided, no links are read, even
    those a corpus gives."""
    data = ParallelData([], [], links=[] if guided else None)
    teacher_lines = _lines_or_none(teacher.path if guided and teacher else None)
    for corpus in corpora:
        before, first_line = len(data.src), data.total
        own = LinksFile(corpus.alignments) if guided and corpus.alignments else None
        links_file = (own or teacher) if guided else None
        if guided and links_file is None:
            raise ValueError(f"{corpus.src}: guided alignment needs teacher links or alignments")
        links_lines = _lines_or_none(own.path) if own else teacher_lines
        words = links_file.words if links_file else None  # those the links lines count
        with open_lines(corpus.src, warn=warn) as fs, open_lines(corpus.tgt, warn) as ft:
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
    """One pair's links line (over ``words``) as piece links."""
    s_spans, t_spans = word_spans(st, words), word_spans(tt, words)
    links = parse_links(link_line or "", len(s_spans), len(t_spans), where)
    return piece_links(links, piece_owners(s_off, s_spans), piece_owners(t_off, t_spans))
