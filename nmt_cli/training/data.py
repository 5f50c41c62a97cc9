"""Parallel data: reading, subword encoding and filtering, a guided run's links mapped onto
the pieces, and the pairs' placeholder versions (placeholders.py; batching: batching.py)."""

from __future__ import annotations

import itertools
import re
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.align.links import LinksFile, parse_links, piece_links, piece_owners, word_spans
from nmt_cli.align.rules import Links
from nmt_cli.errors import InputError
from nmt_cli.protect.names import WordCounts
from nmt_cli.textio import open_lines
from nmt_cli.training.config import CorpusFiles
from nmt_cli.training.corpora import corpus_name, corpus_pairs
from nmt_cli.training.names import NamedPair
from nmt_cli.training.placeholders import MaskedPair, remap_links
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
    max_len: int | None = None  # the most subwords a side was let have (None: any)
    sizes: list[int] = field(default_factory=list)  # kept pairs per corpus, in order
    weights: list[float] = field(default_factory=list)  # per corpus
    # guided alignment: per pair, piece links flattened [i0, j0, i1, j1, ...]
    # (source piece i, target piece j); None: the data was read for a run that is not guided
    links: list[array] | None = None
    # placeholder versions: {pair: where its version is in src, tgt and links}; the versions
    # come after all the pairs (no version: no span shared by both sides, or none was asked)
    variants: dict[int, int] = field(default_factory=dict)
    # name swapping (names.py; swaps.py): the pairs that hold names, by pair, with their text
    # and word links; the pool of names; the words the links count; and this epoch's swapped
    # versions {pair: where in src, tgt and links}, which come after the placeholder versions
    named: dict[int, NamedPair] = field(default_factory=dict)
    name_pool: list[str] = field(default_factory=list)
    named_words: re.Pattern | None = None
    swapped: dict[int, int] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.src) - len(self.variants) - len(self.swapped)


CHUNK = 20_000  # pairs encoded at a time: memory stays bounded by the kept ids
Masker = Callable[[str, str], MaskedPair | None]  # a pair's placeholder version, if it has one
Namer = Callable[[str, str], tuple[str, ...]]  # a pair's names (names.pair_names)


def load_corpora(
    corpora: list[CorpusFiles],
    tokenizer,
    max_len: int | None,
    warn=None,
    keep_text: bool = False,
    guided: bool = False,
    teacher: LinksFile | None = None,
    masker: Masker | None = None,
    languages: tuple[str, str] | None = None,
    namer: Namer | None = None,
    counts: WordCounts | None = None,
) -> ParallelData:
    """Read and encode several corpora, in order, into one ParallelData.

    ``guided`` (the run's answer: teacher.run_is_guided) reads links too: each kept pair gets
    its links mapped onto pieces, from its corpus's own ``alignments`` (whitespace words) or,
    for the corpora without, from ``teacher`` (one line per pair of those corpora, in order);
    links stay with their pairs when pairs are dropped. Not guided, no links are read, even
    those a corpus gives. ``masker``: each kept pair's placeholder version is kept too, its
    links carried over to its words (ParallelData.variants). ``languages``: the run's, which
    pick a memory's sides (corpora.py). ``namer``: each kept pair that holds names is kept with
    its text and word links (ParallelData.named), for name swapping. ``counts``: hears each kept
    pair's text (the words the model is taught: protect/names.py)."""
    data = ParallelData([], [], links=[] if guided else None, max_len=max_len)
    variants: list[tuple[int, array, array, array | None]] = []
    teacher_lines = _lines_or_none(teacher.path if guided and teacher else None)
    for corpus in corpora:
        before, first_line = len(data.src), data.total
        own = LinksFile(corpus.alignments) if guided and corpus.alignments else None
        links_file = (own or teacher) if guided else None
        if guided and links_file is None:
            raise ValueError(f"{corpus.src}: guided alignment needs teacher links or alignments")
        links_lines = _lines_or_none(own.path) if own else teacher_lines
        words = links_file.words if links_file else None  # those the links lines count
        pairs = corpus_pairs(corpus, languages, warn)
        source = ((s, t, next(links_lines, None) if guided else None) for s, t in pairs)
        for chunk in _chunks(source, CHUNK):
            kept = _add_chunk(data, chunk, tokenizer, max_len, keep_text, corpus, words, first_line)
            if masker is not None:
                variants += _masked(kept, masker, tokenizer, max_len, words, guided)
            if namer is not None:
                _keep_named(data, kept, namer, words)
            if counts is not None:
                for _, src, tgt, _ in kept:
                    counts.add(src, tgt)
        if own:
            links_lines.close()
        data.sizes.append(len(data.src) - before)
        data.weights.append(corpus.weight)
    if not data.src:
        names = ", ".join(corpus_name(c) for c in corpora)
        raise InputError(f"{names}: no usable sentence pairs (all empty or too long)")
    for pair, src, tgt, links in variants:
        data.variants[pair] = len(data.src)
        data.src.append(src)
        data.tgt.append(tgt)
        if data.links is not None and links is not None:
            data.links.append(links)
    return data


def _keep_named(data: ParallelData, kept, namer: Namer, words) -> None:
    """Record the ``kept`` pairs that hold names (ParallelData.named), over ``words``."""
    for pair, st, tt, links in kept:
        if names := namer(st, tt):
            data.named[pair] = NamedPair(st, tt, names, links)
            data.named_words = words


def _lines_or_none(path: str | None):
    """The lines of ``path`` (none without a path), read as they are asked for."""
    if path is not None:
        with open_lines(path) as lines:
            yield from lines


def _chunks(items, n: int):
    items = iter(items)
    while chunk := list(itertools.islice(items, n)):
        yield chunk


def encode_sides(tokenizer, lines: list[str], guided: bool):
    """(ids, piece offsets or None) per line: offsets where links must reach the pieces."""
    if guided:
        return tokenizer.encode_batch_with_offsets(lines)
    return [(ids, None) for ids in tokenizer.encode_batch(lines)]


def _add_chunk(data, chunk, tokenizer, max_len, keep_text, corpus: CorpusFiles, words, first_line):
    """Encode ``chunk`` (source, target, links line) into ``data``; links over ``words``.
    Returns the pairs kept: (index in ``data``, source, target, word links or None)."""
    guided = data.links is not None
    src_enc = encode_sides(tokenizer, [c[0] for c in chunk], guided)
    tgt_enc = encode_sides(tokenizer, [c[1] for c in chunk], guided)
    vocab_size = tokenizer.vocab_size
    kept = []
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
        links = None
        if guided:
            links = _word_links(
                st, tt, link_line, words, f"{where}: line {data.total - first_line:,}"
            )
            data.links.append(pair_links(st, tt, s_off, t_off, links, words))
        kept.append((len(data.src) - 1, st, tt, links))
    return kept


def _masked(kept, masker: Masker, tokenizer, max_len, words, guided: bool):
    """The placeholder versions of the ``kept`` pairs that have one (and fit ``max_len``):
    (pair, source ids, target ids, piece links or None)."""
    found = [(k, masker(st, tt), links) for k, st, tt, links in kept]
    found = [f for f in found if f[1] is not None]
    src_enc = encode_sides(tokenizer, [f[1].src.text for f in found], guided)
    tgt_enc = encode_sides(tokenizer, [f[1].tgt.text for f in found], guided)
    out = []
    for (pair, masked, word_links), (s, s_off), (t, t_off) in zip(found, src_enc, tgt_enc):
        if not s or not t or max_len is not None and max(len(s), len(t)) + 1 > max_len:
            continue
        links = None
        if guided:
            new = remap_links(word_links, masked, words)
            links = pair_links(masked.src.text, masked.tgt.text, s_off, t_off, new, words)
        vocab_size = tokenizer.vocab_size
        out.append((pair, id_array(s + [EOS], vocab_size), id_array(t, vocab_size), links))
    return out


def _word_links(st, tt, link_line, words, where) -> Links:
    """One pair's links line, over the ``words`` of its lines, read (an error names ``where``)."""
    n_src, n_tgt = len(word_spans(st, words)), len(word_spans(tt, words))
    return parse_links(link_line or "", n_src, n_tgt, where)


def pair_links(st, tt, s_off, t_off, links: Links, words) -> array:
    """One pair's word links (over ``words``) as piece links."""
    s_spans, t_spans = word_spans(st, words), word_spans(tt, words)
    return piece_links(links, piece_owners(s_off, s_spans), piece_owners(t_off, t_spans))
