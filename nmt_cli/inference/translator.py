"""Sentences in, translations out: tokenise, search, detokenise, align.

The translator is the core behind `nmt translate` and `nmt align`; it knows no screen. With
``split=True`` each line is first cut into sentences (sentences.py); all sentences are
translated as one batch and each line's translations joined back into one Translation.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from functools import partial
from typing import Any

import torch

from nmt_cli.align.rules import LinkRule
from nmt_cli.align.words import merge_to_words, word_ids, word_sums
from nmt_cli.errors import ModelLoadError, UsageError
from nmt_cli.inference.markup import translate_lines
from nmt_cli.inference.options import FileOptions
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.translation import Translation, format_line, join_sentences
from nmt_cli.output import write_chunks
from nmt_cli.precision import pad_matmul_rows
from nmt_cli.protect.glossary import read_glossary
from nmt_cli.search.decoding import translate_ids
from nmt_cli.search.hypothesis import Hypothesis
from nmt_cli.search.options import SearchOptions
from nmt_cli.textio import LineReader, chunked, one_line, open_lines
from nmt_cli.vocab import UNK

# What finds hypotheses: nmt_cli.search.decoding.translate_ids over a model, or
# nmt_cli.inference.ctranslate2_search.CTranslate2Search. search(sources, opts, max_out=None,
# on_progress=None): ``opts.nbest`` hypotheses for each source (subword ids, no </s>), in order,
# none longer than ``max_out``; ``on_progress(fraction)`` after each batch.
Search = Callable[..., list[list[Hypothesis]]]


class Translator:
    def __init__(
        self,
        bundle,
        opts: SearchOptions,
        *,
        replace_unk: bool = False,
        warn: Callable[[str], None] | None = None,
        split: bool = False,
        precision: str = "fp32",
        restore_case: bool = True,
        search: Search | None = None,
        link_rule: LinkRule = LinkRule(),
        protect_spans: bool = False,
        protect: Sequence[str] | None = None,
        glossary: str | None = None,
    ):
        """``split``: cut lines into sentences by the rules of the model's source language
        (see sentences.py for a model that records none). ``precision``: fp32 or bf16
        (see nmt_cli/precision.py; bf16 converts the bundle's model to bfloat16 in place, so
        no second copy of the weights is held). ``restore_case``: translate an ALL-CAPS sentence as
        ordinary text and give its translation in capitals (casing.py). ``search``: what
        finds the hypotheses of a list of subword id sequences (by default nmt-cli's own search
        over the bundle's model; ctranslate2_search.py runs CTranslate2's). ``link_rule``:
        how word alignments are read from the attention (nmt_cli/align/rules.py).
        ``protect_spans``: URLs, numbers, code... pass through unchanged, ``protect`` the user's
        own kinds of span, as regular expressions (see protection.py), and the source terms of
        the ``glossary`` file (protect/glossary.py), each shown as its target term."""
        self.restore_case = restore_case
        self.bundle = bundle
        self.config = bundle.config
        self.link_rule = link_rule
        self.model = bundle.model
        if precision == "bf16":
            # Weights stored in bfloat16, not autocast: a search multiplies small matrices, and
            # autocast's casts at every step cost more than bf16 saves (docs/benchmarks.md).
            # Scores stay float32: each step's log-softmax is taken in float32.
            self.model = self.model.to(torch.bfloat16)
            if next(self.model.parameters()).device.type == "cpu":  # oneDNN's kernels
                pad_matmul_rows(self.model)  # its live rows shrink every step: see precision.py
        self.tok = bundle.tokenizer
        self.opts = opts.with_model_penalty(bundle.length_penalty)  # chosen for this model
        self.search = search if search is not None else partial(translate_ids, self.model)
        self.replace_unk = replace_unk
        self.warn = warn
        # Positions beyond max_positions have no encoding; RNNs get the same generous cap.
        self.max_src = bundle.config.max_positions - 1
        self.max_out = bundle.config.max_positions - 2
        self._warned_long = False
        self.splitter = None
        if split:
            from nmt_cli.inference.sentences import SentenceSplitter

            self.splitter = SentenceSplitter(bundle.languages[0] if bundle.languages else None)
        self.protection = None
        self.protect = tuple(protect or ())
        self.glossary = read_glossary(glossary) if glossary else {}
        if protect_spans:
            self.protection = self._protection(self.protect)

    def also_protecting(self, patterns: Sequence[str]) -> Translator:
        """This translator (the same model), passing the matches of ``patterns`` (regular
        expressions) through too, as a user's ``protect`` patterns; itself if there are none or
        it protects nothing."""
        if self.protection is None or not patterns:
            return self
        other = copy.copy(self)
        other.protect = (*self.protect, *patterns)
        other.protection = self._protection(other.protect)
        return other

    def _protection(self, patterns: Sequence[str]) -> SpanProtection:
        """The spans this translator protects: the built-in kinds, ``patterns``', its
        glossary's terms."""
        return SpanProtection(self.tok, self.bundle.languages, patterns, glossary=self.glossary)

    @classmethod
    def load(
        cls,
        model: str | None,
        precision: str = "fp32",
        quantize: str | None = None,
        threads: int = 0,
        *,
        device: str = "cpu",
        engine: str = "torch",
        opts: SearchOptions = SearchOptions(),
        with_alignment: bool = False,
        parallel_batches: bool = False,
        **options: Any,
    ) -> Translator:
        """The Translator of the model ``model`` names (a directory or a shipped model; None: the
        default), on ``device`` (the CPU: ``threads`` threads, 0: torch's default), its weights
        quantized (``quantize``: "int8") or its arithmetic in ``precision`` (auto, fp32, bf16).

        ``engine`` "ctranslate2" searches a CTranslate2 export with CTranslate2 (its attention
        returned if ``with_alignment`` or ``options["replace_unk"]``). ``parallel_batches``: on
        several CPU threads in fp32, search that many batches side by side, one thread each.
        ``options`` are the constructor's."""
        from nmt_cli.pretrained import resolve_model

        path = resolve_model(model)
        if engine == "ctranslate2":
            return cls._load_exported(
                path, quantize, threads, device, with_alignment, opts, options
            )
        from nmt_cli.device import resolve_device
        from nmt_cli.model.bundle import load_bundle
        from nmt_cli.model.ctranslate2 import is_export
        from nmt_cli.precision import resolve_precision

        if threads:
            torch.set_num_threads(threads)
        where = resolve_device(device)
        if is_export(path):
            raise ModelLoadError(
                f"{path}: a CTranslate2 export; translate with --engine ctranslate2"
            )
        bundle = load_bundle(path)
        arithmetic = "fp32" if quantize else resolve_precision(precision, where.type)
        bundle.model = _prepared(bundle.model, where, quantize, arithmetic)
        workers = torch.get_num_threads() if where.type == "cpu" and arithmetic == "fp32" else 1
        if parallel_batches and workers > 1:
            # One batch per thread, several searched at once: a search is many small operations,
            # which gain little from threads that meet after each one (and wait for each other
            # whenever another process takes a core). bf16's row padding keeps state: one worker.
            torch.set_num_threads(1)
            options["search"] = partial(translate_ids, bundle.model, workers=workers)
        return cls(bundle, opts, precision=arithmetic, **options)

    @classmethod
    def _load_exported(cls, path, quantize, threads, device, with_alignment, opts, options):
        """The Translator over the CTranslate2 export in ``path``, its search run by CTranslate2,
        its weights quantized to int8 at load if ``quantize``."""
        from nmt_cli.inference.ctranslate2_search import load_exported

        attention = with_alignment or options.get("replace_unk", False)
        bundle, search, exported = load_exported(
            path, threads=threads, device=device, quantize=quantize, attention=attention
        )
        if with_alignment and not exported.alignment_exported:
            raise ModelLoadError(
                f"{path}: the model's full-context alignment pass is not exported to CTranslate2; "
                "for --align translate with the nmt-cli model"
            )
        return cls(bundle, opts, search=search, **options)

    def _sources(
        self, lines: list[str], line_numbers: list[int]
    ) -> list[tuple[list[int], list[int], int]]:
        """Per line: source ids, the whitespace word of each id, the number of words."""
        sources = self.tok.encode_words(lines)
        for n, (ids, owner, words) in enumerate(sources):
            if len(ids) > self.max_src:
                if not self._warned_long and self.warn:
                    what = "sentence" if self.splitter else "line"
                    self.warn(
                        f"a {what} of {len(ids):,} subwords is longer than the model accepts "
                        f"({self.max_src:,}); such {what}s are truncated "
                        f"(first: chunk line {line_numbers[n] + 1})"
                    )
                    self._warned_long = True
                sources[n] = (ids[: self.max_src], owner[: self.max_src], words)
        return sources

    def translate(
        self,
        lines: list[str],
        with_alignment: bool = False,
        on_progress: Callable[[float], None] | None = None,
    ) -> list[list[Translation]]:
        """nbest translations for each line, in input order (with ``split``, a line's n-best
        are the best combinations of its sentences' n-best: see translation.best_combinations).
        ``on_progress(fraction)`` hears, batch by batch, which fraction of the work is done."""
        if self.protection is None:
            return self._translate_lines(lines, with_alignment, on_progress)
        masked = [self.protection.mask(line) for line in lines]
        found = self._translate_lines([m.text for m in masked], with_alignment, on_progress)
        forced = self.config.full_context_alignment and self.model is not None
        attend = self.alignment_attention if forced and not with_alignment else None
        penalty = self.opts.penalty()
        return self.protection.restore(masked, found, with_alignment, attend, penalty=penalty)

    def _translate_lines(self, lines, with_alignment, on_progress) -> list[list[Translation]]:
        if self.splitter is None:
            return self._translate(lines, with_alignment, list(range(len(lines))), on_progress)
        groups = [self.splitter.split(line) for line in lines]
        sentences = [s for group in groups for s in group]
        line_numbers = [n for n, group in enumerate(groups) for _ in group]
        done = iter(self._translate(sentences, with_alignment, line_numbers, on_progress))
        penalty = self.opts.penalty()
        return [
            join_sentences(line, [next(done) for _ in group], self.opts.nbest, penalty)
            for line, group in zip(lines, groups)
        ]

    def _translate(
        self, lines: list[str], with_alignment: bool, line_numbers: list[int], on_progress=None
    ) -> list[list[Translation]]:
        from nmt_cli.inference.casing import is_shouted, sentence_case

        shouted = [self.restore_case and is_shouted(line) for line in lines]
        as_read = [sentence_case(x) if up else x for x, up in zip(lines, shouted)]
        sources = self._sources(as_read, line_numbers)
        ids = [s[0] for s in sources]
        hyps = self.search(ids, self.opts, self.max_out, on_progress=on_progress)
        if with_alignment and self.config.full_context_alignment:
            self._full_context_attention(ids, hyps)
        out: list[list[Translation]] = []
        for line, read, src, nbest, up in zip(lines, as_read, sources, hyps, shouted):
            out.append([self._finish(line, read, up, src, h, with_alignment) for h in nbest])
        return out

    def _full_context_attention(self, ids: list[list[int]], hyps, chunk: int = 64) -> None:
        """A full-context alignment model's attention comes from a forced pass over each found
        translation (a search step sees only the prefix): it replaces each hypothesis's own."""
        todo = [(ids[i], h) for i, nbest in enumerate(hyps) for h in nbest if h.tokens]
        maps = self.alignment_attention([(s, h.tokens) for s, h in todo], chunk)
        for (_, h), att in zip(todo, maps):
            h.attention = att[: h.attention.size(0)]  # (T+1, S+1); unfinished: T rows

    def alignment_attention(
        self, pairs: list[tuple[list[int], list[int]]], chunk: int = 64
    ) -> list[torch.Tensor]:
        """The full-context alignment pass's attention (T+1, S+1) of each (source ids, target
        ids) pair, ``chunk`` pairs at a time."""
        from nmt_cli.align.forced import forced_attention

        out: list[torch.Tensor] = []
        for start in range(0, len(pairs), chunk):
            out.extend(forced_attention(self.model, pairs[start : start + chunk], None, None))
        return out

    def _finish(self, line: str, read: str, up: bool, source, hyp, with_alignment) -> Translation:
        """The Translation of ``line`` (translated as ``read``; its text upper-cased if ``up``)."""
        src, src_words, n_src = source
        tokens = hyp.tokens
        text = self._detokenize(tokens, read.split(), src_words, hyp.attention)
        t = Translation(
            source=line,
            text=text.upper() if up else text,
            score=float(hyp.score),
            src_pieces=[self.tok.id_to_piece(i) for i in src],
            tgt_pieces=[self.tok.id_to_piece(i) for i in tokens],
            attention=hyp.attention,
            log_prob=float(hyp.log_prob),
            length=len(tokens) + 1,
        )
        n_tgt = len(text.split())  # a piece marked as a word start opens the next word
        tgt_words = word_ids(self.tok.word_starts(tokens), n_tgt)
        if len(hyp.token_log_probs) >= len(tokens):  # nmt-cli's search (CTranslate2: sums only)
            t.word_scores = word_sums(hyp.token_log_probs, tgt_words, n_tgt)
        if with_alignment and tokens and src:
            words = merge_to_words(hyp.attention, src_words, tgt_words, n_src, max(n_tgt, 1))
            if n_tgt:
                t.alignment = self.link_rule.links(words)  # of words (Tw, Sw)
        return t

    def _detokenize(
        self, tokens: list[int], words: list[str], src_words: list[int], attention: torch.Tensor
    ) -> str:
        """Text of ``tokens``; an <unk> shows as "<unk>" or, with replace_unk, as the source
        word it attends to most."""
        if UNK not in tokens:
            return self.tok.decode(tokens)
        parts, segment = [], []
        for pos, tid in enumerate(tokens):
            if tid != UNK:
                segment.append(tid)
                continue
            parts.append(self.tok.decode(segment))
            segment = []
            replacement = "<unk>"
            if self.replace_unk and src_words and attention.numel():
                j = int(attention[pos, : len(src_words)].argmax())  # the most attended piece
                replacement = words[src_words[j]]
            parts.append(replacement)
        parts.append(self.tok.decode(segment))
        return " ".join(p for p in parts if p)


def translate_file(
    translator: Translator,
    files: FileOptions,
    lines: list[str] | None = None,
    on_progress: Callable[[float], None] = lambda lines_done: None,
    warn: Callable[[str], None] | None = None,
) -> list[str]:
    """The file mode of `nmt translate`: ``lines`` (None: those of ``files.input_file``),
    translated ``files.chunk_lines`` at a time (see textio.chunked), each line's translations
    (its n-best) written, in order, to ``files.output`` as ``files.fmt``.
    ``on_progress(lines_done)`` hears as batches finish (a fraction: part of a chunk). Returns
    the 1-best translations when ``files.ref`` will score them, else []."""
    best: list[str] = []
    nbest, split = translator.opts.nbest, translator.splitter is not None
    fmt, align, word_scores = files.fmt, files.align, files.word_scores
    if files.markup != "none" and nbest > 1:
        raise UsageError("--markup writes one line for each line: not with --nbest")

    def translated(source) -> Iterator[list[list[Translation]] | list[str]]:
        done = 0  # lines translated
        live = isinstance(source, LineReader) and source.live  # a pipe: not waited on
        for chunk in chunked(source, files.chunk_lines, live):

            def on_batch(fraction: float, done: int = done, n: int = len(chunk)) -> None:
                on_progress(done + fraction * n)

            if files.markup != "none":  # each line with its tags back (nmt_cli/markup/)
                yield translate_lines(translator, chunk, files.markup, files.input_file, done + 1)
            else:
                yield translator.translate(chunk, align, on_batch)
            done += len(chunk)

    def output_lines(results: list[Translation] | str) -> list[str]:
        text = results if isinstance(results, str) else results[0].text
        if files.ref is not None:
            best.append(text)
        if isinstance(results, str):
            return [one_line(text)]
        return [
            format_line(i, t, fmt, align, nbest, split, word_scores) for i, t in enumerate(results)
        ]

    reading = open_lines(files.input_file, warn) if lines is None else nullcontext(lines)
    with reading as source:
        write_chunks(files.output, translated(source), output_lines, on_progress)
    return best


def _prepared(model, where: torch.device, quantize: str | None, arithmetic: str):
    """``model`` made ready to search on ``where``: its self-attention projections fused, its
    weights quantized (``quantize``: "int8"), or, in fp32 on the CPU, its products run by
    oneDNN's kernels (see onednn.py)."""
    model.fuse_for_inference()
    model.to(where)
    if quantize == "int8":
        from nmt_cli.inference.quantize import quantize_int8

        return quantize_int8(model)
    if where.type == "cpu" and arithmetic == "fp32":
        from nmt_cli.inference.onednn import use_onednn

        use_onednn(model)
    return model
