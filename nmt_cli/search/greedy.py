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
    device = src_lengths.device
    results: list[Hypothesis | None] = [None] * batch

    sents = torch.arange(batch, device=device)  # (B',) original index of each row
    limit = torch.tensor(limits, device=device)  # (B,) indexed by original sentence
    last = torch.full((batch,), BOS, dtype=torch.long, device=device)  # (B',)
    cum = torch.zeros(batch, device=device)  # (B',) log-prob of each row's tokens so far
    history = History.start(batch, device)

    t = 0  # tokens produced so far, the same for every row still in the batch
    while sents.numel() > 0:
        log_probs, attn, state = step(state, last)  # (B', V), (B', S)
        best_lp, best = _best_allowed(log_probs.float(), forbidden_tokens(t, min_len))
        new_cum = cum + best_lp  # (B',)
        history.add_attention(attn)

        stops = best == EOS  # (B',)
        at_limit = limit[sents] == t  # (B',) already holds max_len tokens
        for row in (stops | at_limit).nonzero().squeeze(1).tolist():
            i = int(sents[row])
            if stops[row]:  # </s> chosen: keep its log-prob and its attention row
                log_prob, eos_lp = new_cum[row], best_lp[row]
            else:  # cut at the limit: this step's token and attention are dropped
                log_prob, eos_lp = cum[row], None
            results[i] = history.hypothesis(row, log_prob, int(src_lengths[i]), penalty, eos_lp)

        keep = ~(stops | at_limit)  # (B',)
        if not keep.any():
            break
        history = history.extend(keep, best[keep], best_lp[keep])  # (B'', t + 1)
        cum, last, sents = new_cum[keep], best[keep], sents[keep]  # (B'',) each
        if not bool(keep.all()):  # finished sentences leave the batch
            state = state.select(keep.nonzero().squeeze(1))
        t += 1

    return [hyp for hyp in results if hyp is not None]


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
