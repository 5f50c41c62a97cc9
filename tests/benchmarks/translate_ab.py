"""nmt-cli against another checkout of itself, in one run: decoding speed, start-up, busy machine.

Runs `nmt translate` of Multi30k test_2016_flickr (1,000 sentences, de-en) from this checkout
("new") and from ``--baseline`` (a checkout of an earlier commit, run with PYTHONPATH pointing
at it), alternating new and old, and prints medians: sentences/s and peak RSS of fp32 beam 5,
``--quantize int8`` beam 5 and greedy, whole process; the start-up of `nmt translate "one
sentence"` beside `python -c "import torch"`; and 300 sentences idle and under two busy loops
(``yes > /dev/null``), the slowdown of each. Every run has OMP_WAIT_POLICY=PASSIVE unless
``--wait-policy`` says otherwise, so both sides run alike.

    git worktree add --detach /tmp/before COMMIT
    python tests/benchmarks/translate_ab.py --baseline /tmp/before \
        --model pretrained/de-en-multi30k-transformer

Not a test: it takes minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from translate_speed import DATA, row, timed  # noqa: E402

DECODES = [
    ("beam 5", ["-k", "5"]),
    ("beam 5 int8", ["-k", "5", "--quantize", "int8"]),
    ("greedy", ["-k", "1"]),
]


@contextmanager
def busy_loops(n: int):
    """``n`` processes that keep a core busy each (``yes > /dev/null``)."""
    loops = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(n)]
    try:
        yield
    finally:
        for p in loops:
            p.kill()
            p.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="checkout of the old version")
    ap.add_argument("--model", required=True, help="an nmt-cli model directory (de-en)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=2, help="runs of each side, alternating")
    ap.add_argument("--startup-runs", type=int, default=5)
    ap.add_argument(
        "--wait-policy", default="PASSIVE", help="OMP_WAIT_POLICY for every run (none: unset)"
    )
    ap.add_argument("--busy-only", action="store_true", help="only the idle/busy comparison")
    args = ap.parse_args()

    src = DATA / "test_2016_flickr.de"
    refs = (DATA / "test_2016_flickr.en").read_text(encoding="utf-8").splitlines()
    python = sys.executable
    nmt = [python, "-m", "nmt_cli"]
    base_env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if args.wait_policy != "none":
        base_env["OMP_WAIT_POLICY"] = args.wait_policy
    sides = {
        "new": {**base_env, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        "old": {**base_env, "PYTHONPATH": str(args.baseline.resolve())},
    }
    threads = ["--threads", str(args.threads)]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        short = work / "300.de"
        short.write_text("".join(src.read_text(encoding="utf-8").splitlines(True)[:300]))
        for name, flags in [] if args.busy_only else DECODES:
            rows: dict[str, list[dict]] = {"new": [], "old": []}
            for _ in range(args.repeats):
                for side in ("new", "old"):
                    out = work / f"{side}.out"
                    cmd = [*nmt, "translate", "-m", args.model, *threads, *flags]
                    wall, rss = timed(cmd, src, out, sides[side])
                    rows[side].append(row(f"{side} {name}", out, refs, wall, rss))
            for side in ("new", "old"):
                r = rows[side]
                print(
                    f"| {name} | {side} | BLEU {r[0]['bleu']:.2f} | "
                    f"{statistics.median(x['sent_s'] for x in r):.1f} sentences/s | "
                    f"{statistics.median(x['rss'] for x in r):.0f} MB |",
                    flush=True,
                )
        starts: dict[str, list[float]] = {"torch": [], "new": [], "old": []}
        for _ in range(0 if args.busy_only else args.startup_runs):
            wall, _ = timed([python, "-c", "import torch"], None, work / "t", base_env)
            starts["torch"].append(wall)
            for side in ("new", "old"):
                cmd = [*nmt, "translate", "-m", args.model, "Ein Mann fährt Fahrrad."]
                starts[side].append(timed(cmd, None, work / "one", sides[side])[0])
        for side in ("new", "old") if starts["torch"] else ():
            torch_s = statistics.median(starts["torch"])
            s = statistics.median(starts[side])
            print(f"start-up {side}: {s:.2f} s, import torch {torch_s:.2f} s: +{s - torch_s:.2f} s")
        for side in ("new", "old"):
            cmd = [*nmt, "translate", "-m", args.model, *threads]
            idle, _ = timed(cmd, short, work / "idle", sides[side])
            with busy_loops(2):
                loaded, _ = timed(cmd, short, work / "busy", sides[side])
            print(
                f"300 sentences {side}: idle {idle:.1f} s, two busy loops {loaded:.1f} s "
                f"({loaded / idle:.2f}x)",
                flush=True,
            )


if __name__ == "__main__":
    main()
