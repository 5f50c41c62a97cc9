"""Peak memory of `nmt translate` on a long file: does it stay bounded as the input grows?

Writes N-line inputs (Multi30k or Tatoeba sentences repeated, with empty and long lines mixed
in), translates each with `nmt translate --input F --output G` under GNU time, and prints the
line counts in and out, the wall time and the peak RSS for each size. Bounded streaming means
the peak RSS of the largest input is about that of the smallest.

    python tests/benchmarks/stream_memory.py --model pretrained/fr-en \
        --source ../shared/data/tatoeba/en-fr/test.fr --sizes 10000,100000,1000000 --beam 1

Not a test: the largest size takes a long time (about lines / sentences-per-second).
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import tempfile
from pathlib import Path


def write_input(path: Path, sentences: list[str], n: int) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for i, s in zip(range(n), itertools.cycle(sentences)):
            if i % 50 == 7:
                f.write("\n")  # empty lines must stay empty lines
            elif i % 997 == 13:
                f.write(" ".join([s] * 40) + "\n")  # a long line now and then
            else:
                f.write(s + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--source", type=Path, required=True, help="sentences to repeat")
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    sentences = [s for s in args.source.read_text(encoding="utf-8").splitlines() if s.strip()]
    nmt = str(Path(sys.executable).parent / "nmt")
    print("| lines in | lines out | wall | peak RSS |\n|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in map(int, args.sizes.split(",")):
            src, out, tf = Path(tmp) / "in.txt", Path(tmp) / "out.txt", Path(tmp) / "time"
            write_input(src, sentences, n)
            subprocess.run(
                [
                    "/usr/bin/time",
                    "-f",
                    "%e %M",
                    "-o",
                    str(tf),
                    nmt,
                    "translate",
                    "-m",
                    args.model,
                    "-k",
                    str(args.beam),
                    "--threads",
                    str(args.threads),
                    "--input",
                    str(src),
                    "--output",
                    str(out),
                ],
                check=True,
                stderr=subprocess.DEVNULL,
            )
            wall, rss = tf.read_text().split()[-2:]
            with open(out, "rb") as f:
                lines_out = sum(1 for _ in f)
            print(
                f"| {n:,} | {lines_out:,} | {float(wall):,.0f} s | {int(rss) / 1024:,.0f} MB |",
                flush=True,
            )


if __name__ == "__main__":
    main()
