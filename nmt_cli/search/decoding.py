"""Translate lists of subword id sequences with a model: batching, search, order restored.

Sentences are sorted by length into batches (so little padding is computed), each batch is
encoded once and searched (greedy for beam 1, beam search otherwise), and the results are put
back in input order. A sentence's result does not depend on its neighbours: every search is
row-independent and padding is masked out of attention.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

from nmt_cli.search.beam import beam_search
from nmt_cli.search.greedy import greedy_search
from nmt_cli.search.hypothesis import Hypothesis
from nmt_cli.search.options import SearchOptions
from nmt_cli.vocab import EOS, pad_ids


def batches(lengths: list[int], opts: SearchOptions) -> list[list[int]]:
    """Indices of ``lengths`` (source lengths with </s>) in batches of sentences of similar
    length, shortest first, within ``opts.batch_tokens`` (padded, times the beam) or
    ``opts.batch_size``."""
    out: list[list[int]] = []
    for i in sorted(range(len(lengths)), key=lambda i: (lengths[i], i)):
        n = len(out[-1]) if out else 0  # sentences in the open batch
        cost = lengths[i] * (n + 1) * opts.beam  # in length order: i is the batch's longest
        if n and (n < opts.batch_size if opts.batch_size else cost <= opts.batch_tokens):
            out[-1].append(i)
        else:
            out.append([i])
    return out


@torch.inference_mode()
def translate_ids(
    model,
    sources: list[list[int]],
    opts: SearchOptions,
    max_out: int | None = None,
    on_progress: Callable[[float], None] | None = None,
) -> list[list[Hypothesis]]:
    """sources: subword ids per sentence (no </s>). Returns ``opts.nbest`` hypotheses each.

    An empty source gives an empty hypothesis without running the model. ``max_out`` caps the
    output length whatever ``max_len_a``/``max_len_b`` say (e.g. the model's positions).
    ``on_progress(fraction)`` hears after each batch which fraction of the sentences is done.
    """
    results: list[list[Hypothesis]] = [
        [] if s else [Hypothesis([], 0.0, 0.0, [], torch.zeros(0, 0), True)] for s in sources
    ]  # the others are filled in batch by batch
    todo = [i for i, s in enumerate(sources) if s]
    lengths = [len(sources[i]) + 1 for i in todo]
    device = next(model.parameters()).device
    done = 0  # sentences translated
    for batch in batches(lengths, opts):
        rows = [todo[b] for b in batch]
        seqs = [sources[i] + [EOS] for i in rows]
        src = pad_ids(seqs).to(device)
        src_lengths = torch.tensor([len(s) for s in seqs], device=device)
        max_len = [int(opts.max_len_a * (n - 1) + opts.max_len_b) for n in src_lengths.tolist()]
        if max_out is not None:
            max_len = [min(m, max_out) for m in max_len]
        state = model.start(src, src_lengths)
        if opts.beam == 1 and opts.nbest == 1:
            found = greedy_search(model.step, state, src_lengths, max_len, min_len=opts.min_len)
            hyps = [[h] for h in found]
        else:
            hyps = beam_search(
                model.step,
                state,
                src_lengths,
                max_len,
                beam_size=opts.beam,
                alpha=opts.length_penalty(),
                nbest=opts.nbest,
                min_len=opts.min_len,
            )
        for i, h in zip(rows, hyps):
            results[i] = h
        if on_progress is not None:
            done += len(rows)
            on_progress(done / len(todo))
    return results
