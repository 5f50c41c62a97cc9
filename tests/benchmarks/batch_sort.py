"""Batch order (`batch_sort`): its time per target token, and how fast a model learns per step.

    python tests/benchmarks/batch_sort.py                 # time only, about 2 minutes
    python tests/benchmarks/batch_sort.py --steps 200     # and `nmt train` 200 steps per order

Time: forward, backward and Adam of train_speed.py's reference RNN (bi-GRU 512, additive
attention) on the same first ``--batches`` batches of epoch 1 that each order makes from Multi30k
de-en (2,000 padded tokens, 8k joint BPE, 2 threads); real target tokens per second. With
``--steps N``: `nmt train` runs N steps per order with train_speed.py's settings (Adam 1e-3
constant, no label smoothing) and the script prints validation perplexity per word (see
train_speed.py). Not a test: it takes minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import torch
import torch.nn.functional as F
from train_speed import DATA, FAMILIES, run_nmt

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.tokenizer_training import train_tokenizer
from nmt_cli.training.batching import epoch_batches, make_batch
from nmt_cli.training.config import BATCH_SORTS, CorpusFiles
from nmt_cli.training.data import load_corpora
from nmt_cli.vocab import PAD


def time_per_token(sorts: list[str], batches: int, batch_tokens: int) -> dict[str, float]:
    lines = [
        line
        for lang in ("de", "en")
        for line in (DATA / f"train.{lang}").read_text(encoding="utf-8").splitlines()
    ]
    tokenizer, _ = train_tokenizer(lines, vocab_size=8000)
    data = load_corpora(
        [CorpusFiles(str(DATA / "train.de"), str(DATA / "train.en"))], tokenizer, 100
    )
    torch.manual_seed(1)
    config = ModelConfig(**FAMILIES["rnn"]["nmt"])
    model = build_model(config, tokenizer.vocab_size, tokenizer.vocab_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=True)
    rates: dict[str, float] = {}
    for sort in sorts * 2:  # the second round is the one reported (the first warms up)
        tokens, start = 0, time.perf_counter()
        for index in epoch_batches(data, batch_tokens, seed=1, epoch=1, sort=sort)[:batches]:
            batch = make_batch(data, index)
            logits, _ = model(batch.src, batch.src_lengths, batch.tgt_in)  # (B, T, V)
            loss = F.cross_entropy(
                logits.flatten(0, 1), batch.tgt_out.flatten(), ignore_index=PAD, reduction="sum"
            )
            optimizer.zero_grad()
            (loss / batch.ntokens).backward()
            optimizer.step()
            tokens += batch.ntokens
        rates[sort] = tokens / (time.perf_counter() - start)
    return rates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sorts", default=",".join(BATCH_SORTS))
    ap.add_argument("--batches", type=int, default=40)
    ap.add_argument("--batch-tokens", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--steps", type=int, default=0, help="also train this many steps per order")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)  # as nmt train
    sorts = args.sorts.split(",")
    rates = time_per_token(sorts, args.batches, args.batch_tokens)
    print(f"\n| batch_sort | target tokens/s ({args.batches} batches) | relative |")
    print("|---|---|---|")
    for sort in sorts:
        print(f"| {sort} | {rates[sort]:,.0f} | {rates[sort] / max(rates.values()):.2f} |")
    if not args.steps:
        return
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for sort in sorts:
            r = run_nmt("rnn", args.steps, args.batch_tokens, args.threads, Path(tmp), sort)
            rows.append((sort, r))
            print(f"{sort}: {r['word_ppl']:.1f} per word", flush=True)
    print(f"\n| batch_sort | valid ppl per word @ {args.steps} | target tokens/step | tokens/s |")
    print("|---|---|---|---|")
    for sort, r in rows:
        print(f"| {sort} | {r['word_ppl']:.1f} | {r['tokens_per_step']:,.0f} | {r['tok_s']:,.0f} |")


if __name__ == "__main__":
    main()
