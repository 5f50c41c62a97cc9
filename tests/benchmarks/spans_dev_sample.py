"""Choose the corpus lines of the protected-span development set (tests/benchmarks/data/).

A line is a candidate when its French side holds a digit, ``@``, ``/``, ``_`` or something
that looks like a tag (``<`` then a letter or ``/``): a filter that knows nothing of the span
detector. Only corpora whose terms allow short excerpts in the repository are read, and only
their development splits (nothing kept back, no test set): Europarl v7 valid (no copyright
restrictions), Tatoeba valid and train (CC BY 2.0 FR). Hansards (research only), Multi30k
(non-commercial) and the news sets (publishers' copyright) are left out. From each, a seeded
sample of the candidates is taken and kept in file order:

    python tests/benchmarks/spans_dev_sample.py > lines.tsv     # origin TAB line

It prints on stderr how many lines each file had, how many passed the filter and how many were
taken. The annotation of the lines (spans_dev.tsv) was written by hand from this output.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
FILTER = re.compile(r"[0-9@/_]|<[A-Za-z/]")
# file under ../shared/data, lines taken from its candidates
TAKEN = (("europarl/valid.fr", 140), ("tatoeba/en-fr/valid.fr", 10), ("tatoeba/en-fr/train.fr", 50))


def sample(seed: int) -> list[tuple[str, str]]:
    """(origin ``file:line number``, line) of the chosen lines, file by file in file order."""
    rng = random.Random(seed)
    chosen = []
    for name, count in TAKEN:
        lines = (DATA / name).read_text(encoding="utf-8").splitlines()
        candidates = [k for k, line in enumerate(lines) if FILTER.search(line)]
        taken = sorted(rng.sample(candidates, min(count, len(candidates))))
        print(
            f"{name}: {len(lines)} lines, {len(candidates)} pass the filter, {len(taken)} taken",
            file=sys.stderr,
        )
        chosen += [(f"{name}:{k + 1}", lines[k].strip()) for k in taken]
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args()
    print(f"filter {FILTER.pattern!r}, seed {args.seed}", file=sys.stderr)
    for origin, line in sample(args.seed):
        print(f"{origin}\t{line}")


if __name__ == "__main__":
    main()
