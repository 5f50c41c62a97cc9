"""The search of `nmt translate --engine ctranslate2`: CTranslate2 runs it, by nmt-cli's rules.

A model exported with ``nmt export --format ctranslate2`` (nmt_cli/model/ctranslate2.py) is
searched by CTranslate2's C++ beam search, which already works as nmt-cli's does
(nmt_cli/search/beam.py): 2K candidates a step, a </s> among the best K finishes a hypothesis, a
sentence is done once K hypotheses have finished. What differs is made up for here:

- **length penalty**: CTranslate2 divides a finished hypothesis's log-prob by ``L ** a``;
  nmt-cli by GNMT's ``((5 + L) / 6) ** a``. Each sentence's K finished hypotheses come back with
  their scores, the log-probs are recovered from them and the hypotheses ranked by the GNMT
  score. Where nmt-cli stops early because no live beam can still beat the finished ones,
  CTranslate2 goes on, and what it adds ranks below them. When more than K finish (several at
  the last step), CTranslate2 returns the K best by its own penalty: its exponent is set so
  that ``L ** b`` grows as GNMT's penalty does at the sentence's length
  (``LengthPenalty.ctranslate2_exponent``, nmt_cli/length_penalty.py),
  else it would drop short hypotheses that GNMT ranks first. (Any exponent other than 0 also
  keeps CTranslate2 from ending a sentence as soon as its best beam ends, as nmt-cli does.)
- **maximum length**: CTranslate2 takes one per call, nmt-cli allows ``a * S + b`` tokens per
  sentence; sentences are batched by their limit, one call per batch.
- **at that limit**: nmt-cli asks each live beam whether it would end there (</s> if that is its
  likeliest token, else cut); CTranslate2 files its K best candidates of the last step. Greedy
  search agrees exactly; a beam that reaches the limit may end differently. A hypothesis cut at
  the limit keeps the limit's tokens, and its score still counts the token dropped.

The attention returned is the alignment layer's (its heads averaged, or head 0 of a guided
model), as `nmt translate --align` reads it. CTranslate2 gives the first target row of a beam
search in a batch of several sentences from another sentence, so with attention and a beam each
sentence is its own call.

Shapes use the package glossary (S source length, T target length, K beam).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import torch

from nmt_cli.errors import ConfigError, ModelLoadError
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model.bundle import KNOWN_WORDS_FILE, TARGET_WORDS_FILE, read_words
from nmt_cli.model.ctranslate2 import import_ctranslate2, read_export
from nmt_cli.model.name_tables import ACRONYMS_FILE, FIRST_NAMES_FILE, read_pairs
from nmt_cli.search.decoding import batches
from nmt_cli.search.hypothesis import Hypothesis, results_for
from nmt_cli.search.options import SearchOptions
from nmt_cli.vocab import EOS


class CTranslate2Search:
    """``search(sources, opts, max_out)`` over an exported model: ``opts.nbest`` hypotheses per
    source (subword ids without </s>), as nmt_cli.search.decoding.translate_ids gives them."""

    def __init__(
        self,
        directory: Path,
        pieces: Sequence[str],
        *,
        threads: int = 0,
        device: str = "cpu",
        compute_type: str = "default",
        attention: bool = False,
    ):
        """``pieces``: the vocabulary in id order. ``device``: "cpu" (on ``threads`` threads) or
        "cuda". ``compute_type``: CTranslate2's ("default": as exported; "int8").
        ``attention``: give hypotheses their attention rows."""
        ctranslate2 = import_ctranslate2()
        if device == "cuda" and ctranslate2.get_cuda_device_count() == 0:
            raise ConfigError("--device cuda: CTranslate2 sees no CUDA GPU on this machine")
        self.translator = ctranslate2.Translator(
            str(directory), device=device, compute_type=compute_type, intra_threads=threads
        )
        self.pieces = list(pieces)
        self.ids = {piece: i for i, piece in enumerate(self.pieces)}
        self.attention = attention

    def __call__(
        self,
        sources: list[list[int]],
        opts: SearchOptions,
        max_out: int | None = None,
        on_progress: Callable[[float], None] | None = None,
    ) -> list[list[Hypothesis]]:
        opts.check_min_len(max_out)
        results = results_for(sources)
        limit = {i: opts.max_output(len(s), max_out) for i, s in enumerate(sources) if s}
        done = 0  # sentences translated
        for group in _by_value(limit):
            lengths = [len(sources[i]) + 1 for i in group]  # with </s>
            one_each = self.attention and opts.beam > 1
            for batch in [[n] for n in range(len(group))] if one_each else batches(lengths, opts):
                rows = [group[b] for b in batch]
                found = self._search([sources[i] for i in rows], limit[rows[0]], opts)
                for i, hyps in zip(rows, found):
                    results[i] = hyps
                if on_progress is not None:
                    done += len(rows)
                    on_progress(done / len(limit))
        return results

    def _search(
        self, sources: list[list[int]], limit: int, opts: SearchOptions
    ) -> list[list[Hypothesis]]:
        """One CTranslate2 call on sentences of one length limit."""
        penalty = opts.penalty()  # scores every hypothesis, greedy search's too
        b = 0.0  # greedy search ranks nothing
        if opts.beam > 1:  # a translation about as long as its source (with </s>)
            b = penalty.ctranslate2_exponent(sum(len(s) + 1 for s in sources) // len(sources))
        found = self.translator.translate_batch(
            [[self.pieces[i] for i in s] for s in sources],
            beam_size=opts.beam,
            num_hypotheses=opts.beam,
            length_penalty=b,
            return_end_token=True,
            return_scores=True,
            return_attention=self.attention,
            max_input_length=0,  # the translator has cut long sources already
            max_decoding_length=limit + 1,  # CTranslate2 counts </s>
            min_decoding_length=opts.min_len,
        )
        out = []
        for source, result in zip(sources, found):
            hyps = [
                self._hypothesis(result, k, len(source) + 1, limit, penalty, b)
                for k in range(len(result.hypotheses))
            ]
            hyps.sort(key=lambda h: -h.score)  # stable: on equal scores, CTranslate2's order
            out.append(hyps[: opts.nbest])
        return out

    def _hypothesis(
        self, result, k: int, src_length: int, limit: int, penalty: LengthPenalty, b: float
    ) -> Hypothesis:
        """Hypothesis ``k`` of a CTranslate2 result (found with penalty exponent ``b``), scored
        by nmt-cli's length penalty."""
        ids = [self.ids[p] for p in result.hypotheses[k]]  # </s> included if finished
        log_prob = result.scores[k] * len(ids) ** b  # undo CTranslate2's L ** b
        finished = bool(ids) and ids[-1] == EOS
        tokens = ids[:-1] if finished else ids[:limit]
        attention = torch.zeros(0, 0)
        if self.attention:
            rows = len(tokens) + 1 if finished else len(tokens)
            attention = torch.tensor(result.attention[k], dtype=torch.float32)  # (T+1, S)
            attention = attention[:rows, :src_length].clone()
        return Hypothesis(
            tokens=tokens,
            score=penalty.score(log_prob, len(tokens) + 1),
            log_prob=log_prob,
            token_log_probs=[],  # CTranslate2 returns the sum only
            attention=attention,
            finished=finished,
        )


def _by_value(limit: dict[int, int]) -> list[list[int]]:
    """The keys of ``limit`` grouped by their value, each group in key order."""
    groups: dict[int, list[int]] = {}
    for i, value in limit.items():
        groups.setdefault(value, []).append(i)
    return [groups[v] for v in sorted(groups)]


def load_exported(
    directory: Path,
    *,
    threads: int = 0,
    device: str = "cpu",
    quantize: str | None = None,
    attention: bool = False,
):
    """A CTranslate2 export as (a Bundle without a torch model, its CTranslate2Search, its
    settings)."""
    from nmt_cli.model.bundle import Bundle
    from nmt_cli.model.tokenizer import Tokenizer

    exported = read_export(directory)
    tokenizer = Tokenizer.load(directory / "tokenizer.json")
    if tokenizer.vocab_size != exported.vocab_size:
        raise ModelLoadError(
            f"{directory}: the tokenizer has {tokenizer.vocab_size} tokens but the export was "
            f"made for {exported.vocab_size}; tokenizer and weights do not belong together"
        )
    pieces = [tokenizer.id_to_piece(i) for i in range(tokenizer.vocab_size)]
    search = CTranslate2Search(
        directory,
        pieces,
        threads=threads,
        device=device,
        compute_type=quantize or "default",
        attention=attention,
    )
    size = exported.vocab_size
    bundle = Bundle(
        config=exported.config,
        src_vocab_size=size,
        tgt_vocab_size=size,
        model=None,
        tokenizer=tokenizer,
        path=directory,
        languages=exported.languages,
        length_penalty=exported.length_penalty,
        known_words=read_words(directory / KNOWN_WORDS_FILE),
        target_words=read_words(directory / TARGET_WORDS_FILE),
        acronyms=read_pairs(directory / ACRONYMS_FILE),
        first_names=read_words(directory / FIRST_NAMES_FILE),
    )
    return bundle, search, exported
