"""nmt-cli's search against another checkout of itself: CPU seconds of one translation, in one run.

Each run is a fresh process (this checkout, "new", or ``--baseline``, "old", put first on
PYTHONPATH) that loads a model, translates a few lines to warm up, then translates the first
``--lines`` lines of Multi30k test_2016_flickr and reports the CPU time (user + system) and the
wall time of that translation alone: start-up and loading are left out, so that what a change to
the search does is not lost in them. The sides alternate, old first; the medians are printed,
and whether each side gave the same output on every run and the same as the other side.

One thread by default: on a machine that other work keeps busy, the CPU time of one thread moves
far less than wall time does (a run that loses its core waits, but is not charged for it).
Every run has OMP_WAIT_POLICY=PASSIVE.

    git worktree add --detach /tmp/before COMMIT
    python tests/benchmarks/search_ab.py --baseline /tmp/before --lines 300 --repeats 3
    python tests/benchmarks/search_ab.py --baseline /tmp/before --quantize int8

Not a test: its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
DATA = HERE.parents[3] / "shared" / "data" / "multi30k"


def one_run(args: argparse.Namespace) -> None:
    """In the child process: translate and print one JSON line."""
    from nmt_cli.inference.loading import use_threads
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import AS_GIVEN, Translator
    from nmt_cli.search.options import SearchOptions

    lines = args.src.read_text(encoding="utf-8").splitlines()[: args.lines]
    load = LoadOptions(
        args.model, threads=args.threads, quantize=args.quantize, precision=args.precision
    )
    workers = use_threads(load, parallel_batches=True)
    translator = Translator.load(load, SearchOptions(beam=args.beam), AS_GIVEN, workers=workers)
    translator.translate(lines[:20])  # warm-up: first calls pay for kernel set-up
    cpu, wall = time.process_time(), time.perf_counter()
    out = translator.translate(lines)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    text = "\n".join(nbest[0].text for nbest in out)
    print(json.dumps({"cpu": cpu, "wall": wall, "md5": hashlib.md5(text.encode()).hexdigest()}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", type=Path, help="checkout of the old version")
    ap.add_argument("--model", default="de-en-multi30k-transformer")
    ap.add_argument("--src", type=Path, default=DATA / "test_2016_flickr.de")
    ap.add_argument("--lines", type=int, default=300)
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--precision", default="fp32")
    ap.add_argument("--quantize", choices=("int8",))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="runs of each side, alternating")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        one_run(args)
        return
    if args.baseline is None:
        ap.error("--baseline is required")

    child, skip = [], False  # this command line less --baseline
    for a in sys.argv[1:]:
        if not skip and not a.startswith("--baseline"):
            child.append(a)
        skip = a == "--baseline"
    sides = {"old": args.baseline.resolve(), "new": HERE.parents[2]}
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    for _ in range(args.repeats):
        for side, tree in sides.items():
            env = {**os.environ, "PYTHONPATH": str(tree), "OMP_WAIT_POLICY": "PASSIVE"}
            done = subprocess.run(
                [sys.executable, str(HERE), "--child", *child],
                env=env,
                cwd="/",
                capture_output=True,
                text=True,
                check=True,
            )
            runs[side].append(json.loads(done.stdout.splitlines()[-1]))
            print(side, runs[side][-1], flush=True)
    outputs = {side: {r["md5"] for r in rs} for side, rs in runs.items()}
    for side, rs in runs.items():
        cpu = statistics.median(r["cpu"] for r in rs)
        wall = statistics.median(r["wall"] for r in rs)
        rate = args.lines / cpu
        print(f"{side}: CPU {cpu:.2f} s ({rate:.1f} sentences per CPU second), wall {wall:.2f} s")
    new_cpu = statistics.median(r["cpu"] for r in runs["new"])
    old_cpu = statistics.median(r["cpu"] for r in runs["old"])
    print(f"new/old CPU time: {new_cpu / old_cpu:.3f}")
    print("outputs: each side the same on every run:", all(len(o) == 1 for o in outputs.values()))
    print("outputs: new the same as old:", outputs["new"] == outputs["old"])
    print("load average:", os.getloadavg())


if __name__ == "__main__":
    main()
