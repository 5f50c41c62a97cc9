"""Greedy search: at every step take the most likely next token.

Batched: all B sentences step together, and a sentence leaves the batch as soon as it ends
(</s> chosen, or its length limit reached), so later steps run on fewer rows.

Length limit: sentence i may have at most ``max_len[i]`` output tokens. When it has that
many, one more step is taken to ask the model whether it would stop: if </s> is the most
likely token the hypothesis is finished (max_len[i] tokens plus </s>), otherwise it is cut
there (``finished=False``) and that last step's attention is not kept.

Shapes use the package glossary (B batch, S source length, V vocabulary); B' is the number
of sentences still being decoded.
"""

from __future__ import annotations

import torch

from nmt_cli.length_penalty import NO_LENGTH_PENALTY, LengthPenalty
from nmt_cli.search import DecoderState, StepFn
from nmt_cli.search.hypothesis import (
    History,
    Hypothesis,
    Limits,
    as_limits,
    forbid_tokens,
    forbidden_tokens,
)
from nmt_cli.vocab import BOS, EOS


def greedy_search(
    step: StepFn,
    state: DecoderState,
    src_lengths: torch.Tensor,
    max_len: Limits,
    *,
    min_len: int = 0,
    penalty: LengthPenalty = NO_LENGTH_PENALTY,
) -> list[Hypothesis]:
    """Decode each sentence by always choosing the most likely next token.

    step         the model's step function, ``(state, last_tokens (B,)) ->
                 (log_probs (B, V), attention (B, S), state)``
    state        decoder state for B = len(src_lengths) sentences
    src_lengths  (B,) real source lengths, used to drop padding columns from attention
    max_len      (B,) most output tokens per sentence, </s> not counted
    min_len      </s> is forbidden until this many tokens were produced
    penalty      scores each hypothesis, as beam search's; it chooses nothing (nothing to rank)

    Returns one :class:`Hypothesis` per sentence, in input order. Ties between equally
    likely tokens go to the lowest id.
    """
    batch = len(src_lengths)
    limits = as_limits(max_len, batch)
    device, src_lengths = src_lengths.device, src_lengths.tolist()  # (B,) on the host
    results: dict[int, Hypothesis] = {}  # by original sentence index

    sents = list(range(batch))  # (B',) original index of each row
    last = torch.full((batch,), BOS, dtype=torch.long, device=device)  # (B',)
    cum = torch.zeros(batch, device=device)  # (B',) log-prob of each row's tokens so far
    history = History.start(batch, device)

    t = 0  # tokens produced so far, the same for every row still in the batch
    while sents:
        log_probs, attn, state = step(state, last)  # (B', V), (B', S)
        best_lp, best = _best_allowed(log_probs.float(), forbidden_tokens(t, min_len))
        new_cum = cum + best_lp  # (B',)
        history.add_attention(attn)

        # Rows that end: </s> chosen, or already holding max_len tokens. Read once per step.
        stops = (best == EOS).tolist()  # (B',)
        ending = [r for r, i in enumerate(sents) if stops[r] or limits[i] == t]
        if ending:
            ids = [sents[r] for r in ending]
            lengths = [src_lengths[i] for i in ids]
            found = _ended(history, ending, stops, (new_cum, best_lp, cum), lengths, penalty)
            results.update(zip(ids, found))

        if len(ending) == len(sents):
            break
        staying = sorted(set(range(len(sents))) - set(ending))
        keep = torch.tensor(staying, device=device)  # (B'',)
        history = history.extend(keep, best[keep], best_lp[keep])  # (B'', t + 1)
        cum, last = new_cum[keep], best[keep]  # (B'',) each
        sents = [sents[r] for r in staying]
        if ending:  # finished sentences leave the batch
            state = state.select(keep, staying)
        t += 1

    return [results[i] for i in range(batch)]


def _ended(
    history: History,
    ending: list[int],
    stops: list[bool],
    scores: tuple,
    lengths: list[int],
    penalty: LengthPenalty,
) -> list[Hypothesis]:
    """The hypotheses of rows ``ending``: finished where ``stops`` (</s> chosen: its log-prob
    and attention row kept), else cut at the length limit (this step's token dropped).
    ``scores`` are (new_cum, best_lp, cum), each (B',); ``penalty`` scores each hypothesis (one
    per sentence: it ranks nothing)."""
    new_cum, best_lp, cum = scores
    index = torch.tensor(ending, device=cum.device)  # (R,)
    ended, eos_lp, cut = torch.stack([new_cum[index], best_lp[index], cum[index]]).tolist()
    return history.hypotheses(
        ending,
        [ended[e] if stops[r] else cut[e] for e, r in enumerate(ending)],
        [eos_lp[e] if stops[r] else None for e, r in enumerate(ending)],
        lengths,
        penalty,
    )


def _best_allowed(
    log_probs: torch.Tensor, forbidden: list[int]
) -> tuple[torch.Tensor, torch.Tensor]:
    """The most likely token of each row of log_probs (R, V) that is not ``forbidden``, and its
    log-prob: (R,) each, the first maximum on ties. Only rows whose maximum is a forbidden
    token are searched again (on a copy), so the step's tensor is neither changed nor copied."""
    best_lp, best = log_probs.max(dim=1)  # (R,), (R,): first maximum on ties
    redo = torch.isin(best, best.new_tensor(forbidden)).nonzero().squeeze(1)  # (R',)
    if len(redo):
        again = forbid_tokens(log_probs[redo], forbidden).max(dim=1)  # (R',) each
        best_lp[redo], best[redo] = again.values, again.indices
    return best_lp, best
