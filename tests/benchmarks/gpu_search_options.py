"""Options for the search on a GPU, measured before any becomes a default (issue 41).

    python tests/benchmarks/gpu_search_options.py --newstest newstest2013.fr [--dry-run]

1. Batch size: the search alone (model loaded, fr-en, beam 5) over the newstest lines at
   several --batch-tokens, all lines in one call, and in calls of 1,000 lines (what `nmt
   translate`'s default --chunk-lines gives): sentences/s, search steps, and the lines that
   match the default's output. On a GPU a step costs about the same at any batch size until the
   batch fills the card, so fewer, larger batches mean fewer steps.
2. Kernels per step: CUDA kernel launches in one search, per step (torch.profiler).
3. Ranking the candidates: beam.py's _top_candidates (top-k based, exact on ties) against a
   stable sort of the chunks' maxima and then of the chosen chunks' entries: same answer, time
   per call at the shapes of a CPU batch and of a GPU batch.
4. Start-up: CUDA's initialisation in a thread while the model loads, against one after the
   other, each in a fresh process.

``--dry-run``: tiny, on the CPU (a minute): that it runs. Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import torch

from nmt_cli.model.bundle import load_bundle
from nmt_cli.search import beam as beam_module
from nmt_cli.search.decoding import SearchOptions, translate_ids

FR_EN = Path(__file__).resolve().parents[2] / "pretrained" / "fr-en"


def sync(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def timed_search(model, ids, opts, device: str, calls: int) -> tuple[float, list, int]:
    """(seconds, hypotheses, steps) of searching ``ids`` in ``calls`` equal parts."""
    steps = [0]
    step = model.step

    def counted(*a, **k):
        steps[0] += 1
        return step(*a, **k)

    model.step = counted
    size = -(-len(ids) // calls)
    sync(device)
    t0 = time.perf_counter()
    hyps = [
        h for i in range(0, len(ids), size) for h in translate_ids(model, ids[i : i + size], opts)
    ]
    sync(device)
    model.step = step
    return time.perf_counter() - t0, hyps, steps[0]


def batch_sizes(model, ids, device: str, sizes: list[int]) -> None:
    translate_ids(model, ids[:50], SearchOptions())  # warm up
    base = None
    for tokens in sizes:
        for parts in (-(-len(ids) // 1000), 1):
            opts = SearchOptions(beam=5, batch_tokens=tokens)
            seconds, hyps, steps = timed_search(model, ids, opts, device, parts)
            tokens_out = [h[0].tokens for h in hyps]
            base = base or tokens_out
            same = sum(a == b for a, b in zip(base, tokens_out))
            print(f"search, beam 5, --batch-tokens {tokens:,}, {parts} call(s): {seconds:.2f} s = "
                  f"{len(ids) / seconds:,.0f} sentences/s, {steps} steps, "
                  f"{same}/{len(ids)} lines as the first row", flush=True)  # fmt: skip


def kernels_per_step(model, ids, device: str) -> None:
    if device != "cuda":
        print("kernels per step: CUDA only")
        return
    from torch.profiler import ProfilerActivity, profile

    opts = SearchOptions(beam=5)
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        _, _, steps = timed_search(model, ids, opts, device, 1)
    launches = sum(e.count for e in prof.key_averages() if e.key == "cudaLaunchKernel")
    print(f"kernel launches: {launches:,} in {steps} steps = {launches / steps:.0f} per step")


def sorted_candidates(scores: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The alternative: stable sorts only (chunk maxima, then the chosen chunks' entries)."""
    rows, chunk = scores.size(0), beam_module.CHUNK
    maxima = scores.view(rows, -1, chunk).amax(dim=2)
    chunks = torch.sort(maxima, dim=1, descending=True, stable=True).indices[:, :n]
    chunks = chunks.sort(dim=1).values  # row order, so that ties stay lowest index first
    cols = (chunks.unsqueeze(2) * chunk + torch.arange(chunk, device=scores.device)).view(rows, -1)
    values, at = torch.sort(scores.gather(1, cols), dim=1, descending=True, stable=True)
    return values[:, :n], cols.gather(1, at[:, :n])


def ranking(device: str, shapes: list[tuple[int, int]]) -> None:
    gen = torch.Generator().manual_seed(0)
    for rows, width in shapes:
        scores = (torch.randn(rows, width, generator=gen) * 3).round(decimals=1).to(device)
        a, b = beam_module._top_candidates(scores, 10), sorted_candidates(scores, 10)
        same = torch.equal(a[0], b[0]) and torch.equal(a[1], b[1])
        times = {}
        for name, fn in (("top-k", beam_module._top_candidates), ("sort", sorted_candidates)):
            runs = []
            for _ in range(30):
                sync(device)
                t0 = time.perf_counter()
                fn(scores, 10)
                sync(device)
                runs.append(time.perf_counter() - t0)
            times[name] = statistics.median(runs[5:]) * 1e3
        print(f"ranking ({rows}, {width:,}): top-k {times['top-k']:.3f} ms, sort "
              f"{times['sort']:.3f} ms, same answer: {same}", flush=True)  # fmt: skip


LOAD = "from nmt_cli.model.bundle import load_bundle; b = load_bundle({path!r}); import pysbd"
OVERLAP = {
    "in turn": "import torch, time; t0 = time.perf_counter(); torch.cuda.init(); "
    + LOAD
    + "; b.model.to('cuda'); torch.cuda.synchronize(); print(time.perf_counter() - t0)",
    "overlapped": "import torch, time, threading; t0 = time.perf_counter(); "
    "th = threading.Thread(target=torch.cuda.init); th.start(); "
    + LOAD
    + "; th.join(); b.model.to('cuda'); torch.cuda.synchronize(); print(time.perf_counter() - t0)",
}


def start_up(device: str) -> None:
    if device != "cuda":
        print("start-up overlap: CUDA only")
        return
    for _ in range(2):
        for name, code in OVERLAP.items():
            out = subprocess.run([sys.executable, "-c", code.format(path=str(FR_EN))],
                                 check=True, capture_output=True, text=True).stdout  # fmt: skip
            print(f"start-up after import torch, CUDA init + load fr-en {name}: "
                  f"{float(out):.2f} s", flush=True)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--newstest", required=True)
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    device = "cpu" if args.dry_run else "cuda"
    lines = Path(args.newstest).read_text(encoding="utf-8").splitlines()
    lines = lines[: 12 if args.dry_run else args.lines]
    bundle = load_bundle(FR_EN)
    model = bundle.model.to(device).eval()
    model.fuse_for_inference()
    ids = bundle.tokenizer.encode_batch(lines)
    name = torch.cuda.get_device_name() if device == "cuda" else "none (CPU dry run)"
    print(f"GPU: {name}; torch {torch.__version__}", flush=True)
    sizes = [300, 3000] if args.dry_run else [64_000, 160_000, 400_000]
    batch_sizes(model, ids, device, sizes)
    kernels_per_step(model, ids[:400], device)
    small = [(8, 5 * 8000)] if args.dry_run else [(40, 5 * 8000), (400, 5 * 8000)]
    ranking(device, small)
    start_up(device)


if __name__ == "__main__":
    main()
