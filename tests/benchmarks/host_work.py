"""The host's work around the search in `nmt translate`: seconds per stage, the search left out.

On a GPU the search of 3,000 lines takes seconds, and what the host does around it (sentence
splitting, finding protected spans, tokenising, detokenising, putting spans back) is a large
part of the whole process. This measures that part on any machine: each run translates the
lines once to record the search's hypotheses, then translates them again ``--repeats`` times
with a search that hands the recorded hypotheses back, timing each stage. The alignment pass
that places spans the model dropped is a model's work (fast on a GPU): it is timed on its own.

With ``--baseline DIR`` (another checkout, put first on PYTHONPATH) the two sides run as fresh
processes, alternating, old first, and the medians are printed side by side, with whether both
gave the same translations.

    git worktree add --detach /tmp/before COMMIT
    python tests/benchmarks/host_work.py --src ../shared/data/news/fr-en/newstest2013.fr \
        --baseline /tmp/before --runs 3

Not a test: its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

STAGES = {  # label: (object, method) timed; "translator" is the Translator
    "sentence splitting": ("splitter", "split"),
    "finding and masking spans": ("protection", "mask"),
    "tokenising": ("translator", "_sources"),
    "detokenising, word scores": ("translator", "_finish"),
    "putting spans back": ("protection", "restore"),
    "  of which the alignment pass": ("translator", "alignment_attention"),
}


def one_run(args: argparse.Namespace) -> dict:
    """The stages' seconds (medians of the repeats) and the translations' md5."""
    import torch

    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator
    from nmt_cli.search.options import SearchOptions

    torch.set_num_threads(args.threads)
    lines = args.src.read_text(encoding="utf-8").splitlines()[: args.lines]
    translator = Translator.load(LoadOptions(args.model), SearchOptions(beam=args.beam))
    found, search = {}, translator.loaded.search

    def replay(ids, opts, max_out=None, on_progress=None):
        missing = [s for s in ids if tuple(s) not in found]
        for s, hyps in zip(missing, search(missing, opts, max_out) if missing else []):
            found[tuple(s)] = hyps
        return [copy.deepcopy(found[tuple(s)]) for s in ids]

    translator.loaded.search = replay
    translator.translate(lines)  # records the search's hypotheses
    seconds: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.repeats):
        spent: dict[str, float] = defaultdict(float)
        owners = {"translator": translator, "splitter": translator.splitter}
        owners["protection"] = translator.protection
        stages = {**STAGES, "the search (replayed)": ("translator", "search")}
        untimed = [
            (owners[o], n, _time(owners[o], n, label, spent)) for label, (o, n) in stages.items()
        ]
        start = time.perf_counter()
        out = translator.translate(lines)
        spent["in all"] = time.perf_counter() - start
        for owner, name, method in untimed:
            setattr(owner, name, method)
        for label, s in spent.items():
            seconds[label].append(s)
    text = "\n".join(nbest[0].text for nbest in out)
    medians = {label: statistics.median(s) for label, s in seconds.items()}
    return {"seconds": medians, "md5": hashlib.md5(text.encode()).hexdigest()}


def _time(owner, name: str, label: str, spent: dict[str, float]):
    """Count the time of ``owner.name`` calls into ``spent[label]``; returns the method."""
    method = getattr(owner, name)

    def timed(*a, **k):
        start = time.perf_counter()
        try:
            return method(*a, **k)
        finally:
            spent[label] += time.perf_counter() - start

    setattr(owner, name, timed)
    return method


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", type=Path, required=True, help="source lines (e.g. newstest2013.fr)")
    ap.add_argument("--model", default=None, help="model (default: the default fr-en)")
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--beam", type=int, default=1, help="the search recorded (default greedy)")
    ap.add_argument("--repeats", type=int, default=3, help="replayed translations per run")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--baseline", type=Path, help="another checkout, to run against this one")
    ap.add_argument("--runs", type=int, default=1, help="runs per side with --baseline")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return print(json.dumps(one_run(args)))
    if args.baseline is None:
        results = {"this checkout": [one_run(args)]}
    else:
        here = Path(__file__).resolve().parents[2]
        sides = {"old": args.baseline.resolve(), "new": here}
        results = {"old": [], "new": []}
        for _ in range(args.runs):
            for side, root in sides.items():
                env = dict(os.environ, PYTHONPATH=str(root), OMP_WAIT_POLICY="PASSIVE")
                cmd = [sys.executable, __file__, *sys.argv[1:], "--child"]
                out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
                results[side].append(json.loads(out.stdout.splitlines()[-1]))
    print(f"{args.lines:,} lines, seconds" + "".join(f"{side:>16s}" for side in results))
    for label in results[next(iter(results))][0]["seconds"]:
        figures = [
            statistics.median(r["seconds"].get(label, 0.0) for r in rs) for rs in results.values()
        ]
        print(f"{label:32s}" + "".join(f"{x:16.2f}" for x in figures))
    same = len({r["md5"] for rs in results.values() for r in rs}) == 1
    print(f"the same translations on every run: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
