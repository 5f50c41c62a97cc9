"""Two model directories on the same text, in one run: decoding time, peak memory and BLEU.

Translates the first ``--lines`` lines of ``--src`` with ``nmt translate -m A`` and ``-m B``
(each model with its own recorded length penalty, beam ``--beam``), each as a whole process the
way a shell user runs it (start-up and model loading included), alternating A and B run by run,
with ``OMP_WAIT_POLICY=PASSIVE`` for both; prints the median wall time, sentences/s, peak RSS,
BLEU against ``--ref`` when given, and B's time as a multiple of A's. ``--a-flags``/``--b-flags``
give one side more options of `nmt translate` (the same model with and without an option);
``--keep DIR`` keeps each side's output there (``a.out``, ``b.out``) for `nmt evaluate`.

    git show OLD:pretrained/fr-en/model.safetensors > ...   # or: git worktree add --detach
    python tests/benchmarks/model_ab.py --a /tmp/old-fr-en --b pretrained/fr-en \
        --src ../shared/data/news/fr-en/newstest2013.fr \
        --ref ../shared/data/news/fr-en/newstest2013.en --lines 500
    python tests/benchmarks/model_ab.py --a fr-en --a-flags=--no-protect --b fr-en \
        --src ../shared/data/news/fr-en/newstest2013.fr --keep /tmp/ab
    git worktree add --detach /tmp/parent HEAD~1     # the parent commit's code, this model
    python tests/benchmarks/model_ab.py --a fr-en --a-checkout /tmp/parent --b fr-en \
        --src ../shared/data/news/fr-en/newstest2013.fr --lines 500 --repeats 5

Not a test: it takes minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from translate_speed import row, timed  # noqa: E402

NMT = [sys.executable, "-m", "nmt_cli"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="the reference model (directory or name)")
    ap.add_argument("--b", required=True, help="the model timed against it")
    ap.add_argument("--src", type=Path, required=True)
    ap.add_argument("--ref", type=Path, help="references for BLEU (optional)")
    ap.add_argument("--lines", type=int, default=500, help="first N lines of --src")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3, help="runs of each model, alternating")
    ap.add_argument("--a-flags", default="", help="more options of nmt translate for A")
    ap.add_argument("--b-flags", default="", help="more options of nmt translate for B")
    ap.add_argument("--keep", type=Path, help="a directory to keep a.out and b.out in")
    ap.add_argument(
        "--a-checkout", type=Path, help="run A with the nmt_cli of this checkout (a parent commit)"
    )
    args = ap.parse_args()

    env = dict(os.environ, OMP_WAIT_POLICY="PASSIVE")
    envs = {"a": env, "b": env}
    if args.a_checkout:  # the same command, an earlier commit's code
        envs["a"] = dict(env, PYTHONPATH=str(args.a_checkout.resolve()))
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src.txt"
        lines = args.src.read_text(encoding="utf-8").splitlines()[: args.lines]
        src.write_text("\n".join(lines) + "\n", encoding="utf-8")
        refs = None
        if args.ref:
            refs = args.ref.read_text(encoding="utf-8").splitlines()[: args.lines]
        runs: dict[str, list[tuple[float, float]]] = {"a": [], "b": []}
        for _ in range(args.repeats):
            for side in ("a", "b"):
                nmt = NMT
                if side == "a" and args.a_checkout:  # -P: not the working directory's nmt_cli
                    nmt = [sys.executable, "-P", "-m", "nmt_cli"]
                cmd = [*nmt, "translate", "-m", getattr(args, side), "-k", str(args.beam)]
                cmd += [
                    "--threads",
                    str(args.threads),
                    *shlex.split(getattr(args, f"{side}_flags")),
                ]
                runs[side].append(timed(cmd, src, Path(tmp) / f"{side}.out", env=envs[side]))
                print(f"  {side}: {runs[side][-1][0]:.2f} s", file=sys.stderr)
        print(
            f"{len(lines)} lines of {args.src.name}, beam {args.beam}, {args.threads} threads, "
            f"OMP_WAIT_POLICY=PASSIVE, medians of {args.repeats} alternating runs"
        )
        print("| model | wall s | sentences/s | peak RSS MB | BLEU |")
        print("|---|---|---|---|---|")
        medians = {}
        for side in ("a", "b"):
            wall = statistics.median(w for w, _ in runs[side])
            rss = statistics.median(r for _, r in runs[side])
            medians[side] = wall
            hyp = Path(tmp) / f"{side}.out"
            bleu = f"{row(side, hyp, refs, wall, rss)['bleu']:.2f}" if refs else "-"
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(hyp, args.keep / f"{side}.out")
            name = " ".join([getattr(args, side), getattr(args, f"{side}_flags")]).strip()
            if side == "a" and args.a_checkout:
                name += f" ({args.a_checkout.name}'s code)"
            print(f"| {name} | {wall:.2f} | {len(lines) / wall:.1f} | {rss:.0f} | {bleu} |")
        print(f"B's time / A's: {medians['b'] / medians['a']:.3f}")


if __name__ == "__main__":
    main()
