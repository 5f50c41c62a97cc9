"""How much faster bf16 can make the reference Transformer on this CPU: Amdahl's bound, measured.

bf16 speeds up the matrix products and nothing else, so the whole gain is bounded by how much
of the float32 time the products take and how much faster bfloat16 computes them. The script
prints, with 2 threads:

1. a 2048x256 by 256x1024 product (the shape issue 17 cites) in float32 and in bfloat16;
2. one training step of the reference Transformer (3 + 3 layers, d 256, 4 heads, ff 1024, 8k
   vocabulary, tied embeddings; forward, backward, clipping, Adam; batches of about 1,650
   target tokens whose lengths vary as real ones do), profiled in fp32 and under the trainer's
   bf16 autocast: the time in matrix products (mm, addmm, bmm) and in everything else;
3. beam 5 translation of Multi30k test sentences with a model directory (``--model``), fp32
   and bf16 weights, split the same way;

and for each of 2 and 3 the speed-up bf16 gives and the bound: the fp32 time with its products
made as fast as bf16 makes them at best (the ratio of 1) and the rest unchanged.

    python tests/benchmarks/bf16_ceiling.py --model pretrained/de-en-multi30k-transformer

Not a test: it takes a few minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import torch
from torch.profiler import ProfilerActivity, profile

from nmt_cli.hardware.precision import autocast, pad_matmul_rows
from nmt_cli.model import ModelConfig, build_model
from nmt_cli.training.loss import cross_entropy

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "multi30k"
PRODUCTS = ("aten::mm", "aten::addmm", "aten::bmm")


def product_rate(dtype: torch.dtype, repeats: int = 200) -> float:
    """GFLOP/s of a 2048x256 by 256x1024 product."""
    a, b = torch.randn(2048, 256, dtype=dtype), torch.randn(256, 1024, dtype=dtype)
    for _ in range(20):
        a @ b
    start = time.perf_counter()
    for _ in range(repeats):
        a @ b
    return 2 * 2048 * 256 * 1024 * repeats / (time.perf_counter() - start) / 1e9


def split(run) -> tuple[float, float]:
    """(seconds in matrix products, seconds in the rest) of ``run()``, by the profiler."""
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        run()
    events = prof.key_averages()
    total = sum(e.self_cpu_time_total for e in events) / 1e6
    products = sum(e.self_cpu_time_total for e in events if e.key in PRODUCTS) / 1e6
    return products, total - products


def training_steps(precision: str, steps: int = 15) -> tuple[float, float]:
    torch.manual_seed(0)
    rng = random.Random(0)
    config = ModelConfig(
        arch="transformer", hidden_size=256, heads=4, ff_size=1024, enc_layers=3, dec_layers=3,
        dropout=0.1, share_embeddings=True, tie_embeddings=True,
    )  # fmt: skip
    model = build_model(config, 8000, 8000).train()
    if precision == "bf16":
        pad_matmul_rows(model)  # as the trainer does
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-4, betas=(0.9, 0.98))

    def batch():
        t = rng.randint(8, 30)  # target length; about 1,650 target tokens a batch
        b, s = 1650 // t, max(2, t + rng.randint(-3, 3))
        tgt = torch.randint(4, 8000, (b, t + 1))
        return torch.randint(4, 8000, (b, s)), torch.full((b,), s), tgt[:, :-1], tgt[:, 1:]

    def step(src, lengths, tgt_in, tgt_out):
        with autocast(precision, "cpu"):
            logits, _ = model(src, lengths, tgt_in)  # (B, T, V)
        loss = cross_entropy(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1), 0.1, 0)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()

    batches = [batch() for _ in range(2 * steps)]
    for b in batches[:steps]:  # warm-up: kernels for the first shapes
        step(*b)
    return split(lambda: [step(*b) for b in batches[steps:]])


def beam_search(model_dir: Path, precision: str, lines: int) -> tuple[float, float]:
    from nmt_cli.inference.loading import LoadedModel
    from nmt_cli.inference.translator import AS_GIVEN, Translator
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.search.decoding import SearchOptions

    source = (DATA / "test_2016_flickr.de").read_text(encoding="utf-8").splitlines()[:lines]
    model = LoadedModel(load_bundle(model_dir), precision)
    translator = Translator(model, SearchOptions(beam=5), AS_GIVEN)
    translator.translate(source[:64])  # warm-up
    return split(lambda: translator.translate(source))


def report(what: str, fp32: tuple[float, float], bf16: tuple[float, float], best: float) -> None:
    for name, (products, rest) in (("fp32", fp32), ("bf16", bf16)):
        share = products / (products + rest)
        print(f"{what} {name}: products {products:.2f} s ({share:.0%}), rest {rest:.2f} s")
    speedup = sum(fp32) / sum(bf16)
    bound = sum(fp32) / (fp32[0] / best + fp32[1])
    products = fp32[0] / bf16[0]
    print(f"{what}: bf16 {speedup:.2f}x fp32 (products {products:.2f}x); bound {bound:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", type=Path, help="a model directory (de-en) for the search part")
    ap.add_argument("--lines", type=int, default=200)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)
    with torch.inference_mode():
        rates = {"fp32": product_rate(torch.float32), "bf16": product_rate(torch.bfloat16)}
    best = rates["bf16"] / rates["fp32"]
    print(f"2048x256 @ 256x1024: fp32 {rates['fp32']:.0f} GFLOP/s, bf16 {rates['bf16']:.0f}"
          f" GFLOP/s ({best:.2f}x)")  # fmt: skip
    report("training step", training_steps("fp32"), training_steps("bf16"), best)
    if args.model:
        fp32 = beam_search(args.model, "fp32", args.lines)
        report("beam 5", fp32, beam_search(args.model, "bf16", args.lines), best)


if __name__ == "__main__":
    main()
