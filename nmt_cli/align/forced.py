"""Attention read as alignment: forced (teacher-forced) attention for given sentence pairs.

For a source and a target (given, or the model's own translation) the model is run with teacher
forcing and its cross-attention is read: RNNs have one map; Transformers have one per decoder
layer and head (``layer``/``head`` choose; by default the model's alignment layer with its heads
averaged, or a guided model's supervised head: see Seq2Seq.alignment_weights; a model trained
with full-context alignment reads that head from its full-context pass).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import torch

from nmt_cli.align.formats import alignment_record
from nmt_cli.align.options import PairOptions
from nmt_cli.align.pharaoh import AlignmentScores, GoldAlignment, score_against_gold
from nmt_cli.align.rules import LinkRule
from nmt_cli.align.words import merge_to_words, word_ids
from nmt_cli.buckets import length_batches
from nmt_cli.errors import InputError, UsageError
from nmt_cli.output import write_chunks
from nmt_cli.textio import chunked, open_lines, side_by_side
from nmt_cli.vocab import BOS, EOS, pad_ids


@dataclass
class Alignment:
    """One sentence pair's alignment.

    weights  (Tl, Sl) rows = target labels, columns = source labels; each row sums to 1
    links    (source, target) index pairs of the hard alignment
    """

    src_labels: list[str]
    tgt_labels: list[str]
    weights: torch.Tensor
    links: list[tuple[int, int]]


def check_has_attention(bundle) -> None:
    """A UsageError for a model without attention, whose links would be made up (`nmt align`,
    `nmt translate --align`); a CTranslate2 export (no torch model) is a Transformer."""
    if bundle.model is not None and not bundle.model.has_attention:
        raise UsageError(
            "this model has no attention (attention = none: the bottleneck baseline), so it has "
            "no alignment to show"
        )


def check_attention(bundle, layer: int | None, head: int | None) -> None:
    check_has_attention(bundle)
    layers, heads = bundle.model.cross_shape
    if layer is not None and not -layers <= layer < layers:
        raise UsageError(f"--layer {layer} is out of range: the model has {layers} layer(s)")
    if head is not None and not 0 <= head < heads:
        raise UsageError(f"--head {head} is out of range: the model has {heads} head(s)")


# Pairs per forced pass: as many as fit this many padded positions (of the longer side), in order
# of length (buckets.length_batches), so a pass pads short pairs only to a short length
# (Europarl lines vary from 2 to 128 pieces: one pass over 256 unsorted pairs is mostly padding).
PADDED_POSITIONS = 4096

# What a forced pass computes for a batch: (src_ids (B, S), src_lengths (B,), tgt_in (B, T))
# -> one result per row. src_ids end with </s>, tgt_in starts with <s>; both padded with <pad>.
Pass = Callable[[torch.Tensor, torch.Tensor, torch.Tensor], Sequence[Any]]


@torch.inference_mode()
def forced_passes(model, pairs: list[tuple[list[int], list[int]]], run: Pass) -> list[Any]:
    """``run`` over every (source ids, target ids) pair, teacher-forced: the pairs are put in
    passes of pairs of similar length (at most PADDED_POSITIONS padded positions each), each
    source given its </s> and each target its <s>; the results come back in the order of
    ``pairs``, one each. `nmt align` reads attention so, `nmt score` log-probs."""
    device = next(model.parameters()).device
    src = [s + [EOS] for s, _ in pairs]
    tgt = [[BOS] + t for _, t in pairs]
    out: list[Any] = [None] * len(pairs)
    lengths_of = [(len(s), len(t)) for s, t in zip(src, tgt)]
    for batch in length_batches(lengths_of, PADDED_POSITIONS):
        lengths = torch.tensor([len(src[i]) for i in batch], device=device)
        src_ids = pad_ids([src[i] for i in batch]).to(device)  # (B, S)
        tgt_ids = pad_ids([tgt[i] for i in batch]).to(device)  # (B, T)
        for i, result in zip(batch, run(src_ids, lengths, tgt_ids)):
            out[i] = result
    return out


def forced_attention(
    model, pairs: list[tuple[list[int], list[int]]], layer: int | None, head: int | None
) -> list[torch.Tensor]:
    """Attention (T+1, S+1) of each (source ids, target ids) pair, </s> row and column included,
    in the order of ``pairs`` (computed in passes of pairs of similar length: forced_passes)."""

    def attention(src_ids, lengths, tgt_ids) -> torch.Tensor:
        if layer is None and head is None and model.config.full_context_alignment:
            maps = model.full_context_alignment(src_ids, lengths, tgt_ids)  # (B, T, S)
        else:
            _, cross = model.forward_with_attention(src_ids, lengths, tgt_ids)
            maps = model.alignment_weights(cross, layer, head)  # (B, L, h, T, S) -> (B, T, S)
        return maps.float().cpu()

    maps = forced_passes(model, pairs, attention)
    return [a[: len(t) + 1, : len(s) + 1] for (s, t), a in zip(pairs, maps)]


def align_pairs(
    bundle,
    sources: list[str],
    targets: list[str],
    *,
    level: str = "word",
    rule: LinkRule = LinkRule(),
    layer: int | None = None,
    head: int | None = None,
    target_ids: list[list[int]] | None = None,
    line_numbers: list[int] | None = None,
    attend: Callable[[list[tuple[list[int], list[int]]]], list[torch.Tensor]] | None = None,
) -> list[Alignment]:
    """Alignments of sentence pairs; ``target_ids`` skips re-tokenising given translations;
    ``attend`` computes the forced passes' attention (default: forced_attention, ``layer``'s
    and ``head``'s).

    Word positions are those of ``line.split()`` on each side, as fast_align counts them;
    ``rule`` reads the links from the weights at the level shown (words, or pieces).
    """
    tok = bundle.tokenizer
    src = tok.encode_words(sources)
    if target_ids is None:
        tgt = tok.encode_words(targets)
    else:  # the model's own pieces: a word-start piece opens the next printed word
        tgt = []
        for text, ids in zip(targets, target_ids):
            n = len(text.split())
            owner = word_ids([tok.starts_word(i) for i in ids], n)
            tgt.append((ids, owner, n))
    # Positions past max_positions have no encoding: longer sides are cut (their last words
    # get no weight), as `nmt translate` cuts long lines; a target to the pieces a translation
    # may have (its </s> one more position, at max_positions - 1 in a full-context pass).
    cap = bundle.config.max_positions - 1
    src = [(ids[:cap], owner[:cap], n) for ids, owner, n in src]
    tgt = [(ids[: cap - 1], owner[: cap - 1], n) for ids, owner, n in tgt]
    for n, (s, t) in enumerate(zip(src, tgt)):
        if not s[0] or not t[0]:
            side = "source" if not s[0] else "target"
            where = f"line {line_numbers[n]}" if line_numbers else f"pair {n + 1}"
            raise InputError(f"{where}: the {side} is empty after tokenisation")
    pairs = [(s[0], t[0]) for s, t in zip(src, tgt)]
    maps = attend(pairs) if attend else forced_attention(bundle.model, pairs, layer, head)
    out = []
    for src_text, tgt_text, (s, s_owner, n_s), (t, t_owner, n_t), att in zip(
        sources, targets, src, tgt, maps
    ):
        if level == "subword":
            weights = att[: len(t), : len(s)]
            weights = weights / weights.sum(dim=1, keepdim=True).clamp_min(1e-12)
            src_labels = [tok.id_to_piece(i) for i in s]
            tgt_labels = [tok.id_to_piece(i) for i in t]
        else:
            weights = merge_to_words(att, s_owner, t_owner, n_s, n_t)  # (Tw, Sw)
            src_labels, tgt_labels = src_text.split(), tgt_text.split()
        out.append(Alignment(src_labels, tgt_labels, weights, rule.links(weights)))
    return out


def align_translation(translator, sentence: str, **options) -> Alignment:
    """The alignment of ``sentence`` with ``translator``'s own translation of it (its 1-best:
    its text, and its target pieces as the search chose them)."""
    bundle = translator.bundle
    if not sentence.split() or not bundle.tokenizer.encode(sentence):
        raise InputError("the sentence is empty after tokenisation: nothing to align")
    [[translation], *_] = translator.translate([sentence])
    if not translation.text:
        raise InputError("the model's translation is empty: nothing to align")
    # a line the model never reads (no letter, no digit: `?!`) comes back as written, with no
    # pieces of the search's: its text is aligned as given
    pieces = translation.tgt_pieces
    ids = [[bundle.tokenizer.piece_to_id(p) for p in pieces]] if pieces else None
    return align_pairs(bundle, [sentence], [translation.text], target_ids=ids, **options)[0]


def align_chunks(
    bundle, pairs: Iterable[tuple[str, str]], chunk_lines: int, live: bool = False, **options
) -> Iterator[list[Alignment | None]]:
    """align_pairs over a stream of (source, target) lines, ``chunk_lines`` pairs at a time (see
    textio.chunked; ``live``: a pipe's pairs, not waited on): each chunk's alignments in order,
    None for a pair with a side that has no subword pieces (empty, or only characters that
    normalisation removes). ``options`` are align_pairs's; errors name the pairs' line
    numbers."""
    first = 1  # line number of the chunk's first pair
    for chunk in chunked(pairs, chunk_lines, live):
        sides = bundle.tokenizer.encode_words([side for pair in chunk for side in pair])
        todo = [i for i in range(len(chunk)) if sides[2 * i][0] and sides[2 * i + 1][0]]
        aligned = {}
        if todo:
            sources, targets = zip(*(chunk[i] for i in todo))
            found = align_pairs(
                bundle, list(sources), list(targets), line_numbers=[first + i for i in todo],
                **options,
            )  # fmt: skip
            aligned = dict(zip(todo, found))
        yield [aligned.get(i) for i in range(len(chunk))]
        first += len(chunk)


def align_file(
    bundle,
    pairs: PairOptions,
    on_progress: Callable[[float], None] = lambda pairs_done: None,
    warn: Callable[[str], None] | None = None,
    given: Iterable[tuple[str, str]] | None = None,
    gold: list[GoldAlignment] | None = None,
    **options,
) -> AlignmentScores | None:
    """The file mode of `nmt align`: the pairs of ``pairs.src_file`` and ``pairs.tgt_file``
    (files of one length), or the pairs ``given`` (those of --pairs, read by the caller),
    aligned ``pairs.chunk_lines`` at a time (align_chunks; ``options`` are align_pairs's), one
    record per pair, in order, to ``pairs.output`` as ``pairs.format``. ``on_progress(pairs_done)``
    hears after each chunk. Returns the scores of the pairs' links against ``gold``, the gold
    alignments of ``pairs.gold`` (None: no --gold), checked before the output is written: a
    gold file that does not fit the pairs writes nothing."""
    links: list[set[tuple[int, int]]] = []  # each pair's, with --gold
    sizes: list[tuple[int, int]] = []  # each pair's source and target words, with --gold
    scores: list[AlignmentScores] = []

    def scored(chunks: Iterator[list]) -> Iterator[list]:
        yield from chunks
        if gold is not None:  # before write_chunks commits
            scores.append(score_against_gold(links, gold, pairs.gold, sizes))

    def sized(both: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str]]:
        for src, tgt in both:
            if gold is not None:
                sizes.append((len(src.split()), len(tgt.split())))
            yield src, tgt

    def records(al) -> list[str]:
        if gold is not None:
            links.append(set(al.links) if al else set())
        # A pair with a side that has no subwords has no alignment: an empty line, as for
        # fast_align.
        return [alignment_record(al, pairs.format) if al else ""]

    if given is not None:
        chunks = align_chunks(bundle, sized(given), pairs.chunk_lines, False, **options)
        write_chunks(pairs.output, scored(chunks), records, on_progress)
    else:
        src_file, tgt_file = pairs.src_file, pairs.tgt_file
        with open_lines(src_file, warn) as srcs, open_lines(tgt_file, warn) as tgts:
            both = side_by_side(srcs, tgts, src_file, tgt_file)
            live = srcs.live or tgts.live
            chunks = align_chunks(bundle, sized(both), pairs.chunk_lines, live, **options)
            write_chunks(pairs.output, scored(chunks), records, on_progress)
    return scores[0] if scores else None
