"""nmt-cli's own search against CTranslate2 on the same weights, in one run on this machine.

Exports a Transformer model directory to CTranslate2 twice (float32 and int8), then translates
Multi30k test_2016_flickr (de-en, 1,000 sentences; ``--lines N`` takes the first N) with
``nmt translate`` (nmt-cli's search; ``--quantize int8`` for int8) and with
``nmt translate --engine ctranslate2`` (the exports), at beam 5 and greedy, each as a whole
process the way a shell user runs it (start-up and model loading included), on ``--threads``
threads with ``OMP_WAIT_POLICY=PASSIVE`` for both engines; and, for reference, CTranslate2
alone (a Python process with ctranslate2 and the tokenizer only, no torch: CTranslate2's own
search with its defaults, length penalty L ** 1 and one length limit, no sentence splitting).
The engines alternate run by run;
every figure is the median of ``--repeats`` runs. Reported: sentences/s, peak memory (the RSS of
the whole process), BLEU (sacrebleu, cased, 13a), whether the repeats gave the same output, and
all of it idle and under two busy loops (``yes > /dev/null`` twice, started and stopped here).
Then the start-up a shell user pays: ``nmt translate "x"`` with either engine against
``python -c "import torch"``.

    python tests/benchmarks/ctranslate2_speed.py                      # 1,000 lines, idle and busy
    python tests/benchmarks/ctranslate2_speed.py --lines 300 --load idle

Not a test: it takes minutes and its figures depend on the machine. Needs the ctranslate2 extra.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import sacrebleu

HERE = Path(__file__).resolve()
REPO = HERE.parents[2]
DATA = REPO.parent / "shared" / "data" / "multi30k"
NMT = [sys.executable, "-m", "nmt_cli"]

# (row name, precision, beam), each run by both engines
CASES = [
    (f"{precision} {'beam 5' if beam == 5 else 'greedy'}", precision, beam)
    for beam in (5, 1)
    for precision in ("fp32", "int8")
]


def run(
    cmd: list[str], env: dict[str, str], stdout: Path | None = None, stdin: Path | None = None
) -> tuple[float, float]:
    """Run ``cmd`` to completion: (wall seconds, peak RSS of the process in MB)."""
    start = time.perf_counter()
    with open(stdout or os.devnull, "wb") as out, open(stdin or os.devnull, "rb") as inp:
        proc = subprocess.Popen(cmd, stdin=inp, stdout=out, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_maxrss / 1024  # Linux reports kilobytes


# CTranslate2 as a user of ctranslate2 alone runs it: argv model, beam, threads; stdin to stdout.
ALONE = """
import sys, ctranslate2
from nmt_cli.model.tokenizer import Tokenizer
model, beam, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tok = Tokenizer.load(model + "/tokenizer.json")
translator = ctranslate2.Translator(model, intra_threads=threads)
sources = [tok.pieces(line) for line in sys.stdin.read().splitlines()]
found = translator.translate_batch(sources, max_batch_size=64, beam_size=beam)
sys.stdout.write("".join(tok.decode_pieces(r.hypotheses[0]) + "\\n" for r in found))
"""


def translate_cmd(engine: str, model: Path, precision: str, beam: int, threads: int) -> list[str]:
    if engine == "CT2 alone":
        return [sys.executable, "-c", ALONE, str(model), str(beam), str(threads)]
    cmd = [*NMT, "translate", "-m", str(model), "--threads", str(threads), "-k", str(beam)]
    if engine == "ctranslate2":
        return cmd + ["--engine", "ctranslate2"]  # the model is the export of that precision
    return cmd + (["--quantize", "int8"] if precision == "int8" else [])


@contextlib.contextmanager
def busy_loops(n: int) -> Iterator[None]:
    """``n`` processes of ``yes > /dev/null`` for the block; each stopped by its own id."""
    loops = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(n)]
    try:
        time.sleep(1)  # let them take the cores
        yield
    finally:
        for p in loops:
            p.kill()
            p.wait()


def measure(args, exports: dict[str, Path], src: Path, refs: list[str], work: Path) -> list[dict]:
    """Every case with both engines, alternating, ``args.repeats`` times."""
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    runs: dict[tuple[str, str], list[tuple[float, float, str]]] = {}
    for repeat in range(args.repeats):
        for name, precision, beam in CASES:
            engines = ["nmt-cli", "ctranslate2", "CT2 alone"]
            for engine in engines if repeat % 2 == 0 else engines[::-1]:
                model = args.model if engine == "nmt-cli" else exports[precision]
                cmd = translate_cmd(engine, model, precision, beam, args.threads)
                out = work / f"{engine.replace(' ', '-')}-{precision}-{beam}-{repeat}.txt"
                if engine == "CT2 alone":
                    wall, rss = run(cmd, env, out, stdin=src)
                else:
                    wall, rss = run([*cmd, "--input", str(src)], env, out)
                runs.setdefault((name, engine), []).append(
                    (wall, rss, out.read_text(encoding="utf-8"))
                )
                print(f"  {name:14} {engine:12} run {repeat + 1}: {wall:6.1f} s", file=sys.stderr)
    rows = []
    for (name, engine), found in runs.items():
        hyps = found[0][2].splitlines()
        assert len(hyps) == len(refs), f"{name} {engine}: {len(hyps)} lines for {len(refs)}"
        rows.append(
            {
                "case": name,
                "engine": engine,
                "sent_s": len(refs) / statistics.median(w for w, _, _ in found),
                "rss": statistics.median(r for _, r, _ in found),
                "bleu": sacrebleu.corpus_bleu(hyps, [refs]).score,
                "same": all(text == found[0][2] for _, _, text in found),
                "output": found[0][2],
            }
        )
    return rows


def table(rows: list[dict], load: str) -> str:
    lines = [
        f"| {load} | nmt-cli sent/s | --engine ctranslate2 sent/s | faster by | CT2 alone sent/s | "
        "peak MB nmt-cli / ctranslate2 / alone | BLEU nmt-cli / ctranslate2 / alone | "
        "lines as nmt-cli's | reruns identical |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, _, _ in CASES:
        ours, ct2, alone = (
            next(r for r in rows if r["case"] == name and r["engine"] == engine)
            for engine in ("nmt-cli", "ctranslate2", "CT2 alone")
        )
        a, b = ours["output"].splitlines(), ct2["output"].splitlines()
        same = sum(x == y for x, y in zip(a, b))
        lines.append(
            f"| {name} | {ours['sent_s']:.1f} | {ct2['sent_s']:.1f} | "
            f"{ct2['sent_s'] / ours['sent_s']:.2f}x | {alone['sent_s']:.1f} | "
            f"{ours['rss']:.0f} / {ct2['rss']:.0f} / {alone['rss']:.0f} | "
            f"{ours['bleu']:.2f} / {ct2['bleu']:.2f} / {alone['bleu']:.2f} | "
            f"{same:,} of {len(a):,} | "
            + " / ".join("yes" if r["same"] else "no" for r in (ours, ct2, alone))
            + " |"
        )
    return "\n".join(lines)


def startup(args, exports: dict[str, Path]) -> str:
    """Median wall time of translating one word with either engine, and of importing torch."""
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    commands = {
        'python -c "import torch"': [sys.executable, "-c", "import torch"],
        'nmt translate -m MODEL "x"': [*translate_cmd("nmt-cli", args.model, "fp32", 5, 2), "x"],
        'nmt translate -m CT2 --engine ctranslate2 "x"': [
            *translate_cmd("ctranslate2", exports["fp32"], "fp32", 5, 2),
            "x",
        ],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.startup_repeats):
        for name, cmd in commands.items():
            times[name].append(run(cmd, env)[0])
    lines = ["| command | median wall s |", "|---|---|"]
    lines += [f"| `{name}` | {statistics.median(t):.2f} |" for name, t in times.items()]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--model", type=Path, default=REPO / "pretrained" / "de-en-multi30k-transformer"
    )
    parser.add_argument("--src", type=Path, default=DATA / "test_2016_flickr.de")
    parser.add_argument("--ref", type=Path, default=DATA / "test_2016_flickr.en")
    parser.add_argument("--lines", type=int, default=1000, help="first N lines of --src")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--startup-repeats", type=int, default=5, help="0: no start-up table")
    parser.add_argument("--load", choices=("idle", "busy", "both"), default="both")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ct2-bench.") as tmp:
        work = Path(tmp)
        src = work / "src.txt"
        src.write_text(
            "".join(args.src.read_text(encoding="utf-8").splitlines(True)[: args.lines]),
            encoding="utf-8",
        )
        refs = args.ref.read_text(encoding="utf-8").splitlines()[: args.lines]
        exports = {"fp32": work / "ct2-fp32", "int8": work / "ct2-int8"}
        for precision, out in exports.items():
            quantize = ["--quantize", "int8"] if precision == "int8" else []
            cmd = [*NMT, "export", str(args.model), "--format", "ctranslate2", "-o", str(out)]
            run(cmd + quantize, dict(os.environ))
        print(
            f"{args.model.name}, first {len(refs):,} lines of {args.src.name}, "
            f"{args.threads} threads, OMP_WAIT_POLICY=PASSIVE, median of {args.repeats} "
            "alternating runs; whole processes (start-up included)\n"
        )
        for load in ("idle", "busy") if args.load == "both" else (args.load,):
            print(f"{load}:", file=sys.stderr)
            with busy_loops(2) if load == "busy" else contextlib.nullcontext():
                rows = measure(args, exports, src, refs, work)
            name = "no busy loops" if load == "idle" else "under 2 busy loops"
            print(table(rows, name) + "\n", flush=True)
        if args.startup_repeats:
            print(startup(args, exports))


if __name__ == "__main__":
    main()
