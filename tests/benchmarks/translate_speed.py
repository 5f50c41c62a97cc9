"""Decoding speed and quality, nmt-cli against Joey NMT 2.3.0, in one run on this machine.

Translates Multi30k test_2016_flickr (1,000 sentences, de-en) with beam 5 and greedy, with an
nmt-cli model directory (as it is and with ``--quantize int8``) and a Joey NMT checkpoint of
the same size, each as a whole process the way a shell user runs it (start-up and model loading
included), and prints sentences/s, target tokens/s (whitespace words of the output), peak RSS
and BLEU (sacrebleu, cased, 13a). Also the start-up cost a shell user pays: median wall time of
`nmt translate "one sentence"` and of `nmt --help`.

    python tests/benchmarks/translate_speed.py --model runs/de-en-rnn \
        --joey-config /tmp/joey/decode.yaml     # a config whose testing.load_model is set

Not a test: it takes minutes and its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import sacrebleu

HERE = Path(__file__).resolve()
DATA = HERE.parents[3] / "shared" / "data" / "multi30k"
TIME = "/usr/bin/time"


def timed(cmd: list[str], stdin: Path | None, stdout: Path, env=None) -> tuple[float, float]:
    """Run ``cmd``; returns (wall seconds, peak RSS in MB) as GNU time measures them."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        with open(stdout, "w") as out, open(stdin) if stdin else open(os.devnull) as inp:
            subprocess.run(
                [TIME, "-f", "%e %M", "-o", tf.name, *cmd],
                stdin=inp,
                stdout=out,
                stderr=subprocess.DEVNULL,
                check=True,
                env=env,
            )
        wall, rss_kb = tf.read().split()[-2:]
    return float(wall), float(rss_kb) / 1024


def with_beam_size(python: Path, config: str, beam: int) -> str:
    """A Joey config (YAML text) with ``testing.beam_size`` set, edited with PyYAML from Joey's
    own venv (this venv need not have it), so any spelling of the key's old value works."""
    edit = (
        "import sys, yaml; cfg = yaml.safe_load(sys.stdin.read()); "
        "cfg.setdefault('testing', {})['beam_size'] = int(sys.argv[1]); "
        "print(yaml.safe_dump(cfg))"
    )
    return subprocess.run(
        [str(python), "-c", edit, str(beam)],
        input=config,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


# nmt-cli as it is (float32), with bfloat16 arithmetic, and with int8 dynamic quantization
VARIANTS = [("", []), (" bf16", ["--precision", "bf16"]), (" int8", ["--quantize", "int8"])]


def row(name: str, hyp: Path, refs: list[str], wall: float, rss: float) -> dict:
    hyps = hyp.read_text(encoding="utf-8").splitlines()
    assert len(hyps) == len(refs), f"{name}: {len(hyps)} lines for {len(refs)} references"
    words = sum(len(h.split()) for h in hyps)
    return {
        "name": name,
        "bleu": sacrebleu.corpus_bleu(hyps, [refs]).score,
        "sent_s": len(hyps) / wall,
        "tok_s": words / wall,
        "wall": wall,
        "rss": rss,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", required=True, help="an nmt-cli model directory (de-en)")
    ap.add_argument("--joey-config", type=Path, help="Joey decode YAML (testing.load_model set)")
    ap.add_argument(
        "--joey-python",
        type=Path,
        help="python of Joey's venv (default: beside the config, venv/bin/python)",
    )
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--startup-runs", type=int, default=5)
    args = ap.parse_args()

    src = DATA / "test_2016_flickr.de"
    refs = (DATA / "test_2016_flickr.en").read_text(encoding="utf-8").splitlines()
    nmt = str(Path(sys.executable).parent / "nmt")
    env = {**os.environ, "OMP_NUM_THREADS": str(args.threads)}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for beam in (5, 1):
            for variant, flags in VARIANTS:
                out = work / f"nmt.beam{beam}{variant.replace(' ', '.')}"
                cmd = [nmt, "translate", "-m", args.model, "-k", str(beam)]
                cmd += ["--threads", str(args.threads), *flags]
                wall, rss = timed(cmd, src, out, env)
                name = f"nmt-cli beam {beam}{variant}"
                rows.append(row(name, out, refs, wall, rss))
                print(rows[-1], flush=True)
            if args.joey_config:
                python = args.joey_python or args.joey_config.parent / "venv" / "bin" / "python"
                cfg = work / f"joey.beam{beam}.yaml"
                cfg.write_text(with_beam_size(python, args.joey_config.read_text(), beam))
                out = work / f"joey.beam{beam}"
                wall, rss = timed(
                    [str(python), "-m", "joeynmt", "translate", str(cfg)], src, out, env
                )
                rows.append(row(f"joeynmt beam {beam}", out, refs, wall, rss))
                print(rows[-1], flush=True)
        startup = []
        for _ in range(args.startup_runs):
            wall, _ = timed(
                [nmt, "translate", "-m", args.model, "Ein Mann fährt Fahrrad."],
                None,
                work / "one",
                env,
            )
            startup.append(wall)
        helps = []
        for _ in range(args.startup_runs):
            wall, _ = timed([nmt, "--help"], None, work / "help", env)
            helps.append(wall)

    print("\n| decode | BLEU | sentences/s | target words/s | whole-process wall | peak RSS |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['name']} | {r['bleu']:.1f} | {r['sent_s']:.1f} | {r['tok_s']:.0f} | "
            f"{r['wall']:.1f} s | {r['rss']:.0f} MB |"
        )
    for beam in (5, 1):
        peer = [r for r in rows if r["name"] == f"joeynmt beam {beam}"]
        base = [r for r in rows if r["name"] == f"nmt-cli beam {beam}"]
        for variant, _ in VARIANTS[1:]:
            ours = [r for r in rows if r["name"] == f"nmt-cli beam {beam}{variant}"]
            print(
                f"beam {beam}: nmt-cli{variant} / fp32: sentences/s "
                f"{ours[0]['sent_s'] / base[0]['sent_s']:.2f}x, BLEU "
                f"{ours[0]['bleu'] - base[0]['bleu']:+.2f}"
            )
        for variant, _ in VARIANTS:
            ours = [r for r in rows if r["name"] == f"nmt-cli beam {beam}{variant}"]
            if ours and peer:
                print(
                    f"beam {beam}: nmt-cli{variant} / joeynmt sentences/s = "
                    f"{ours[0]['sent_s'] / peer[0]['sent_s']:.2f}x"
                )
    print(
        f"start-up: nmt translate one sentence, median of {len(startup)}: "
        f"{statistics.median(startup):.2f} s; nmt --help: {statistics.median(helps):.2f} s"
    )


if __name__ == "__main__":
    main()
