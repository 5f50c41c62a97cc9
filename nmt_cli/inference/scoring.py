"""Forced decoding: how likely a model finds a given translation of a given source.

Each target piece's log-prob comes from a teacher-forced pass (align/forced.forced_passes:
the pairs batched and sorted by length, as `nmt align`'s). A pair's ``log_prob`` is the sum
over its target pieces, </s> included; ``tokens`` counts them; ``score`` is the length
penalty's score of the two (nmt_cli/length_penalty.py): the quantity `nmt translate --format
jsonl` reports for its own translations (Translation.score), whatever the beam size.
``word_scores`` sums the pieces of each whitespace-separated target word (</s> in none).

A line is split as `nmt translate` splits it (``split``): the source into
sentences by the rules of the model's source language, the target by those of its target
language. Where both hold the same number of sentences, each target sentence is scored as the
translation of the source sentence at its place, and the pair as one sequence of all their
pieces (log-probs and lengths added, each sentence's </s> counted), as `nmt translate` scores a
split line; otherwise (or with ``split`` off) the pair is scored whole. A source longer than
the model accepts is cut as `nmt translate` cuts it; an empty side, or a target longer than the
model can give, has no score (None). No span is protected: both sides are read as given (where
`nmt translate` put placeholders, its score is theirs: see protection.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import torch

from nmt_cli.align.forced import forced_passes
from nmt_cli.align.words import word_sums
from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.pairs import Pair, PairFiles, read_pairs
from nmt_cli.inference.sentences import SentenceSplitter
from nmt_cli.output import write_chunks
from nmt_cli.search.options import SearchOptions
from nmt_cli.vocab import EOS, PAD

Encoded = tuple[list[int], list[int], int]  # ids, the word of each id, the number of words


@dataclass
class PairScore:
    """The scores of one pair (see the module docstring)."""

    score: float
    log_prob: float
    tokens: int
    word_scores: list[float]


def piece_log_probs(model) -> Callable[..., list[list[float]]]:
    """A forced pass (align/forced.Pass) that gives, per row, the log-prob of each target piece
    after <s>, </s> included: the log-softmax of a search's step, taken over every position."""

    def run(src_ids, src_lengths, tgt_in) -> list[list[float]]:
        logits, _ = model.forward_with_attention(src_ids, src_lengths, tgt_in)  # (B, T, V)
        log_probs = torch.log_softmax(logits.float(), dim=-1)  # (B, T, V)
        n = (tgt_in != PAD).sum(dim=1)  # (B,) target pieces + </s>
        labels = torch.cat([tgt_in[:, 1:], torch.full_like(tgt_in[:, :1], PAD)], 1)  # (B, T)
        labels[torch.arange(len(n)), n - 1] = EOS
        picked = log_probs.gather(2, labels.unsqueeze(2)).squeeze(2).cpu()  # (B, T)
        return [row[:k].tolist() for row, k in zip(picked, n.tolist())]

    return run


class Scorer:
    """``score(pairs)``: the PairScore of each pair (None: no score), by a loaded model
    (loading.py), with ``search``'s length penalty (else the model's), its pairs cut into
    sentences as `nmt translate` cuts them if ``split``."""

    def __init__(
        self,
        model: LoadedModel,
        search: SearchOptions = SearchOptions(),
        split: bool = True,
        warn: Callable[[str], None] | None = None,
    ):
        self.model, self.tok = model.model, model.tokenizer
        self.penalty = search.with_model_penalty(model.length_penalty).penalty()
        self.max_src, self.max_out = model.max_src, model.max_out
        self.languages = model.languages  # (source, target), or None: not recorded
        self.warn = warn
        self.warned: set[str] = set()
        self.splitters = None
        if split:
            source, target = model.languages or (None, None)
            self.splitters = (SentenceSplitter(source), SentenceSplitter(target))

    def score(self, pairs: list[Pair], first: int = 1) -> list[PairScore | None]:
        """The scores of ``pairs``, the first of them on line ``first`` (for warnings)."""
        parts = [self._encoded(pair, first + n) for n, pair in enumerate(pairs)]
        todo = [(s[0], t[0]) for pair in parts if pair for s, t in pair]
        found = iter(forced_passes(self.model, todo, piece_log_probs(self.model)) if todo else [])
        out: list[PairScore | None] = []
        for pair in parts:
            if pair is None:
                out.append(None)
                continue
            log_prob, tokens, words = 0.0, 0, []
            for _, (_, owner, n_words) in pair:
                lps = next(found)
                log_prob, tokens = log_prob + sum(lps), tokens + len(lps)
                words += word_sums(lps, owner, n_words)  # </s> (the last) in no word
            out.append(PairScore(self.penalty.score(log_prob, tokens), log_prob, tokens, words))
        return out

    def _encoded(self, pair: Pair, line: int) -> list[tuple[Encoded, Encoded]] | None:
        """The (source, target) encodings of the pair's sentences; None if it has no score."""
        parts = [pair]
        if self.splitters is not None:
            sources, targets = (split.split(side) for split, side in zip(self.splitters, pair))
            if len(sources) == len(targets) > 1:
                parts = list(zip(sources, targets))
        encoded = self.tok.encode_words([side for part in parts for side in part])
        sides = list(zip(encoded[::2], encoded[1::2]))
        if len(parts) > 1 and not all(s[0] and t[0] for s, t in sides):
            return self._encoded_whole(pair, line)
        return self._checked(sides, line)

    def _encoded_whole(self, pair: Pair, line: int) -> list[tuple[Encoded, Encoded]] | None:
        source, target = self.tok.encode_words(list(pair))
        return self._checked([(source, target)], line)

    def _checked(self, sides: list[tuple[Encoded, Encoded]], line: int):
        """``sides`` with long sources cut; None if a side is empty or a target too long."""
        if not all(s[0] and t[0] for s, t in sides):
            return None
        if any(len(t[0]) > self.max_out for _, t in sides):
            longest = f"longer than the model gives ({self.max_out:,} subwords)"
            self._warn("target", f"a target {longest} has no score (first: line {line})")
            return None
        if any(len(s[0]) > self.max_src for s, _ in sides):
            longest = f"longer than the model accepts ({self.max_src:,} subwords)"
            self._warn("source", f"a source {longest} is cut there, as nmt translate cuts it "
                       f"(first: line {line})")  # fmt: skip
            sides = [((s[0][: self.max_src], s[1][: self.max_src], s[2]), t) for s, t in sides]
        return sides

    def _warn(self, kind: str, message: str) -> None:
        if kind not in self.warned and self.warn is not None:
            self.warn(message)
        self.warned.add(kind)


def score_record(s: PairScore | None, fmt: str, word_scores: bool = False) -> str:
    """One output line: the score (an empty line for none), or a JSON record of score,
    log_prob and tokens (null for none), with ``word_scores`` each target word's log-prob."""
    if fmt == "text":
        return "" if s is None else f"{s.score:.6f}"
    record: dict = {"score": None, "log_prob": None, "tokens": None}
    if s is not None:
        record = {"score": round(s.score, 6), "log_prob": round(s.log_prob, 6), "tokens": s.tokens}
    if word_scores:
        record["word_scores"] = None if s is None else [round(x, 6) for x in s.word_scores]
    return json.dumps(record)


def score_file(
    scorer: Scorer,
    files: PairFiles,
    on_progress: Callable[[int], None] = lambda pairs_done: None,
    warn: Callable[[str], None] | None = None,
) -> None:
    """The file mode of `nmt score`: every pair ``files`` names (read and checked first:
    pairs.py), scored by ``scorer`` ``files.chunk_lines`` at a time, one line per pair, in
    order, to ``files.output`` as ``files.fmt``. ``on_progress(pairs_done)`` hears after each
    chunk. A memory's sides are the model's languages unless ``files`` names others."""
    pairs = read_pairs(files, warn, scorer.languages)
    starts = range(0, len(pairs), files.chunk_lines)
    chunks = (scorer.score(pairs[i : i + files.chunk_lines], first=i + 1) for i in starts)

    def lines_of(s: PairScore | None) -> list[str]:
        return [score_record(s, files.fmt, files.word_scores)]

    write_chunks(files.output, chunks, lines_of, on_progress)
