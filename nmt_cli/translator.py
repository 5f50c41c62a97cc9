"""Sentences in, translations out: tokenise, search, detokenise, align.

The translator is the core behind `nmt translate` and `nmt align`; it knows no screen.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import torch

from nmt_cli.alignment import hard_links, merge_to_words, word_ids
from nmt_cli.decoding import SearchOptions, translate_ids
from nmt_cli.tokenizer import UNK


@dataclass
class Translation:
    """One hypothesis for one input line.

    attention  (T+1, S+1) over target pieces (+ </s> row) and source pieces (+ </s> column)
    word_attention (Tw, Sw) over the words of the printed translation and of the source line
    """

    source: str
    text: str
    score: float
    src_pieces: list[str] = field(default_factory=list)
    tgt_pieces: list[str] = field(default_factory=list)
    attention: torch.Tensor | None = None
    word_attention: torch.Tensor | None = None
    alignment: list[tuple[int, int]] = field(default_factory=list)


class Translator:
    def __init__(
        self,
        bundle,
        opts: SearchOptions,
        *,
        replace_unk: bool = False,
        on_warning: Callable[[str], None] | None = None,
    ):
        self.model = bundle.model
        self.tok = bundle.tokenizer
        self.opts = opts
        self.replace_unk = replace_unk
        self.on_warning = on_warning
        # Positions beyond max_positions have no encoding; RNNs get the same generous cap.
        self.max_src = bundle.config.max_positions - 1
        self.max_out = bundle.config.max_positions - 2
        self._warned_long = False

    def _source_ids(self, lines: list[str]) -> list[list[int]]:
        ids = self.tok.encode_batch(lines)
        for n, s in enumerate(ids):
            if len(s) > self.max_src:
                if not self._warned_long and self.on_warning:
                    self.on_warning(
                        f"a line of {len(s):,} subwords is longer than the model accepts "
                        f"({self.max_src:,}); such lines are truncated (first: chunk line {n + 1})"
                    )
                    self._warned_long = True
                ids[n] = s[: self.max_src]
        return ids

    def translate(self, lines: list[str], with_alignment: bool = False) -> list[list[Translation]]:
        """nbest translations for each line, in input order."""
        sources = self._source_ids(lines)
        opts = self.opts
        hyps = translate_ids(self.model, sources, opts, max_out=self.max_out)
        out: list[list[Translation]] = []
        for line, src, nbest in zip(lines, sources, hyps):
            out.append([self._finish(line, src, h, with_alignment) for h in nbest])
        return out

    def _finish(self, line: str, src: list[int], hyp, with_alignment: bool) -> Translation:
        tokens = hyp.tokens
        need_words = with_alignment or (self.replace_unk and UNK in tokens)
        word_att = None
        if need_words and tokens and src:
            src_w = word_ids([self.tok.starts_word(i) for i in src])
            tgt_w = word_ids([self.tok.starts_word(i) for i in tokens])
            word_att = merge_to_words(hyp.attention, src_w, tgt_w)  # (Tw, Sw)
        text = self._detokenize(tokens, line, hyp.attention)
        t = Translation(
            source=line,
            text=text,
            score=float(hyp.score),
            src_pieces=[self.tok.id_to_piece(i) for i in src],
            tgt_pieces=[self.tok.id_to_piece(i) for i in tokens],
            attention=hyp.attention,
            word_attention=word_att,
        )
        if with_alignment and word_att is not None:
            n_src, n_tgt = len(line.split()), len(text.split())
            t.alignment = sorted(
                {
                    (min(s, n_src - 1), min(w, n_tgt - 1))
                    for s, w in hard_links(word_att)
                    if n_src and n_tgt
                }
            )
        return t

    def _detokenize(self, tokens: list[int], line: str, attention: torch.Tensor) -> str:
        """Text of ``tokens``; an <unk> shows as "<unk>" or, with replace_unk, as the source
        word it attends to most."""
        if UNK not in tokens:
            return self.tok.decode(tokens)
        words = line.split()
        src_w = None
        parts, segment = [], []
        for pos, tid in enumerate(tokens):
            if tid != UNK:
                segment.append(tid)
                continue
            parts.append(self.tok.decode(segment))
            segment = []
            replacement = "<unk>"
            if self.replace_unk and words and attention.numel():
                if src_w is None:
                    pieces = self.tok.encode(line)[: attention.size(1) - 1]
                    src_w = word_ids([self.tok.starts_word(i) for i in pieces]) or [0]
                j = int(attention[pos, : len(src_w)].argmax())
                replacement = words[min(src_w[j], len(words) - 1)]
            parts.append(replacement)
        parts.append(self.tok.decode(segment))
        return " ".join(p for p in parts if p)


def chunked(lines: Iterable[str], max_lines: int) -> Iterator[list[str]]:
    """Group lines for batching without waiting on a slow producer.

    A reader thread pulls lines; each chunk takes the first line (waiting for it) and then only
    what has already arrived, up to ``max_lines``. Fast input (a file) gives full chunks; a
    pipeline that feeds lines slowly (``tail -f``) gets each line answered as it comes.
    """
    q: queue.Queue = queue.Queue(maxsize=max_lines * 2)
    done = object()
    errors: list[BaseException] = []

    def reader() -> None:
        try:
            for line in lines:
                q.put(line)
        except BaseException as e:  # re-raised in the consumer
            errors.append(e)
        finally:
            q.put(done)

    threading.Thread(target=reader, daemon=True).start()
    finished = False
    while not finished:
        item = q.get()
        if item is done:
            break
        chunk = [item]
        while len(chunk) < max_lines:
            try:
                item = q.get_nowait()
            except queue.Empty:
                break
            if item is done:
                finished = True
                break
            chunk.append(item)
        yield chunk
    if errors:
        raise errors[0]
