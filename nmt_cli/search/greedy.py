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
from nmt_cli.search import Decoding
from nmt_cli.search.hypothesis import (
    Filed,
    History,
    Hypothesis,
    as_limits,
    forbid_tokens,
    forbidden_tokens,
    host_index,
    is_one_of,
)
from nmt_cli.vocab import BOS, EOS


def greedy_search(
    start: Decoding,
    *,
    min_len: int = 0,
    penalty: LengthPenalty = NO_LENGTH_PENALTY,
) -> list[Hypothesis]:
    """Decode each of the B sentences of ``start`` by always choosing the most likely next
    token.

    min_len      </s> is forbidden until this many tokens were produced
    penalty      scores each hypothesis, as beam search's; it chooses nothing (nothing to rank)

    Returns one :class:`Hypothesis` per sentence, in input order. Ties between equally
    likely tokens go to the lowest id.
    """
    step, state, src_lengths = start.step, start.state, start.src_lengths
    batch, limits = len(src_lengths), as_limits(start.max_len, len(src_lengths))
    device, src_lengths = src_lengths.device, src_lengths.tolist()  # (B,) on the host
    results: dict[int, Hypothesis] = {}  # by original sentence index

    sents = list(range(batch))  # (B',) original index of each row
    last = torch.full((batch,), BOS, dtype=torch.long, device=device)  # (B',)
    cum = torch.zeros(batch, device=device)  # (B',) log-prob of each row's tokens so far
    history = History()
    filed = Filed(history)  # read from the device once the search is over

    t = 0  # tokens produced so far, the same for every row still in the batch
    while sents:
        log_probs, attn, state = step(state, last)  # (B', V), (B', S)
        best_lp, best, new_cum, read = _choose(log_probs.float(), cum, forbidden_tokens(t, min_len))
        history.add_attention(attn)

        ending = [r for r, i in enumerate(sents) if read[0][r] or limits[i] == t]  # </s>, max_len
        if ending:
            ids = [sents[r] for r in ending]
            lengths = [src_lengths[i] for i in ids]
            results.update(zip(ids, _file(filed, ending, read, lengths, penalty)))
        if len(ending) == len(sents):
            break
        if ending:  # finished sentences leave the batch
            staying = sorted(set(range(len(sents))) - set(ending))
            keep = host_index(staying, device)  # (B'',)
            best, best_lp, new_cum = best[keep], best_lp[keep], new_cum[keep]
            history.extend(keep, best, best_lp)  # (B'',) rows of the next step
            sents = [sents[r] for r in staying]
            state = state.select(keep, staying)
        else:
            history.extend(None, best, best_lp)  # (B',) the same rows
        cum, last = new_cum, best  # (B'',) each
        t += 1

    filed.read()
    return [results[i] for i in range(batch)]


def _file(
    filed: Filed,
    ending: list[int],
    read: list[list[float]],
    lengths: list[int],
    penalty: LengthPenalty,
) -> list[Hypothesis]:
    """File the rows ``ending`` of the step: finished where </s> was chosen (its log-prob
    kept), else cut at the length limit (this step's token dropped). ``read`` is the step's
    (stops, new totals, chosen log-probs, totals before), per row; ``lengths``: the rows'
    source lengths."""
    stops, new_cums, best_lps, cums = read
    return filed.add(
        ending,
        [new_cums[r] if stops[r] else cums[r] for r in ending],
        [best_lps[r] if stops[r] else None for r in ending],
        lengths,
        penalty,
    )


def _choose(
    log_probs: torch.Tensor, cum: torch.Tensor, forbidden: list[int]
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, list[list[float]]]:
    """The most likely token of each row of log_probs (R, V) that is not ``forbidden``, its
    log-prob and the row's total ``cum`` (R,) with it: (R,) each, the first maximum on ties; and,
    read in one go, per row whether it is </s>, that total, its log-prob and ``cum``. Only rows
    whose maximum is a forbidden token are searched again (on a copy), so the step's tensor is
    neither changed nor copied, and the host reads again only then."""
    best_lp, best = log_probs.max(dim=1)  # (R,), (R,): first maximum on ties
    total, read = _read(best, best_lp, cum, forbidden)
    redo = [r for r, no in enumerate(read[0]) if no]  # (R',) rows whose maximum is forbidden
    if redo:
        index = host_index(redo, log_probs.device)  # (R',)
        again = forbid_tokens(log_probs[index], forbidden).max(dim=1)  # (R',) each
        best_lp[index], best[index] = again.values, again.indices
        total, read = _read(best, best_lp, cum, forbidden)
    return best_lp, best, total, read[1:]


def _read(
    best: torch.Tensor, best_lp: torch.Tensor, cum: torch.Tensor, forbidden: list[int]
) -> tuple[torch.Tensor, list[list[float]]]:
    """cum + best_lp (R,), and per row, read from the device in one go: whether ``best`` is
    forbidden, whether it is </s>, cum + best_lp, best_lp and cum."""
    total = cum + best_lp  # (R,)
    flags = [is_one_of(best, forbidden).float(), (best == EOS).float()]
    return total, torch.stack([*flags, total, best_lp, cum]).tolist()
