"""Translate lists of subword id sequences with a model: batching, search, order restored.

Sentences are sorted by length into batches (so little padding is computed), each batch is
encoded once and searched (greedy for beam 1, beam search otherwise), and the results are put
back in input order. A sentence's result does not depend on its neighbours: every search is
row-independent and padding is masked out of attention.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed

import torch

from nmt_cli.buckets import length_batches
from nmt_cli.search import Decoding
from nmt_cli.search.beam import beam_search
from nmt_cli.search.greedy import greedy_search
from nmt_cli.search.hypothesis import Hypothesis, results_for
from nmt_cli.search.options import SearchOptions
from nmt_cli.vocab import EOS, pad_ids


def batches(lengths: list[int], opts: SearchOptions, device: str = "cpu") -> list[list[int]]:
    """Indices of ``lengths`` (source lengths with </s>) in batches of sentences of similar
    length, shortest first, within ``opts.batch_tokens`` (padded, times the beam; by default
    the ``device``'s) or ``opts.batch_size``."""
    return length_batches(
        [(n,) for n in lengths],
        None if opts.batch_size else opts.tokens_per_batch(device),
        max_items=opts.batch_size or None,
        rows=opts.beam,  # each sentence is searched as K rows
    )


def translate_ids(
    model,
    sources: list[list[int]],
    opts: SearchOptions,
    max_out: int | None = None,
    on_progress: Callable[[float], None] | None = None,
    workers: int = 1,
) -> list[list[Hypothesis]]:
    """sources: subword ids per sentence (no </s>). Returns ``opts.nbest`` hypotheses each.

    An empty source gives an empty hypothesis without running the model. ``max_out`` caps the
    output length whatever ``max_len_a``/``max_len_b`` say (e.g. the model's positions).
    ``on_progress(fraction)`` hears after each batch which fraction of the sentences is done.
    ``workers`` > 1 searches that many batches at once, each in its own thread (the model must
    keep no state between calls); a sentence's result is the same either way.
    """
    opts.check_min_len(max_out)
    results = results_for(sources)  # the others are filled in batch by batch
    todo = [i for i, s in enumerate(sources) if s]
    lengths = [len(sources[i]) + 1 for i in todo]
    device = next(model.parameters()).device.type
    groups = [[todo[b] for b in batch] for batch in batches(lengths, opts, device)]

    def search(rows: list[int]) -> list[int]:
        with torch.inference_mode():  # per thread
            hyps = _search_batch(model, [sources[i] for i in rows], opts, max_out)
        for i, h in zip(rows, hyps):
            results[i] = h
        return rows

    done = 0  # sentences translated
    if workers > 1 and len(groups) > 1:
        pool = ThreadPoolExecutor(min(workers, len(groups)))
        try:
            for future in as_completed([pool.submit(search, rows) for rows in groups]):
                done += len(future.result())
                if on_progress is not None:
                    on_progress(done / len(todo))
        finally:  # on an error (or Ctrl-C) the batches not yet started are dropped
            pool.shutdown(wait=False, cancel_futures=True)
        return results
    for rows in groups:
        done += len(search(rows))
        if on_progress is not None:
            on_progress(done / len(todo))
    return results


def _search_batch(
    model, sources: list[list[int]], opts: SearchOptions, max_out: int | None
) -> list[list[Hypothesis]]:
    """The hypotheses of one batch of non-empty sources, in their order."""
    device = next(model.parameters()).device
    seqs = [s + [EOS] for s in sources]
    src = pad_ids(seqs).to(device)
    src_lengths = torch.tensor([len(s) for s in seqs], device=device)
    max_len = [opts.max_output(n - 1, max_out) for n in src_lengths.tolist()]
    start = Decoding(model.step, model.start(src, src_lengths), src_lengths, max_len)
    if opts.beam == 1 and opts.nbest == 1:
        found = greedy_search(start, min_len=opts.min_len, penalty=opts.penalty())
        return [[h] for h in found]
    return beam_search(
        start,
        beam_size=opts.beam,
        penalty=opts.penalty(),
        nbest=opts.nbest,
        min_len=opts.min_len,
    )
