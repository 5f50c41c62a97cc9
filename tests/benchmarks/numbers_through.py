"""Lines whose numbers do not come through translation: lost, invented or changed.

    python tests/benchmarks/numbers_through.py SOURCE.fr TRANSLATION.en... [--show N]

For each translation of SOURCE (French, one line each), compares each line's numbers with the
source line's: the source's protected spans are first written in English form by this
checkout's rules (protect/numbers.py: ``27 306,5`` -> ``27,306.5``, ``XIXe`` -> ``19th``), then
in both texts separators between digits are removed and the runs of digits counted. A line
differs when the two counts differ: a number lost, invented ("XIXe siècle" as "the 21st
century") or changed. Numbers written as words ("dix millions" as "10 million") count as
invented, and two numbers with only a space between them count as one: the figures are for
comparing translations of the same source, not a count of errors. Not a test.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder

FINDER = SpanFinder()


def in_english(line: str) -> str:
    """``line`` with its protected spans as the French-to-English rules write them."""
    parts, last = [], 0
    for s in FINDER.find(line):
        parts += [line[last : s.start], convert(s.text, s.kind, "fr", "en")]
        last = s.end
    return "".join(parts + [line[last:]])


def numbers(text: str) -> Counter:
    """The runs of digits of ``text``, separators between digits removed (1,200.5 -> 12005)."""
    return Counter(re.findall(r"\d+", re.sub(r"(?<=\d)[ \u00a0\u202f.,](?=\d)", "", text)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source")
    ap.add_argument("translations", nargs="+")
    ap.add_argument("--show", type=int, default=0, help="lines to print per translation")
    args = ap.parse_args()
    source = Path(args.source).read_text(encoding="utf-8").splitlines()
    wanted = [numbers(in_english(line)) for line in source]
    print(f"{args.source}: {len(source)} lines, {sum(sum(w.values()) for w in wanted)} numbers")
    for path in args.translations:
        out = Path(path).read_text(encoding="utf-8").splitlines()
        differ = [
            (n, w, numbers(o)) for n, (w, o) in enumerate(zip(wanted, out)) if numbers(o) != w
        ]
        lost = sum(sum((w - got).values()) for _, w, got in differ)
        extra = sum(sum((got - w).values()) for _, w, got in differ)
        print(f"{path}: {len(differ)} lines differ: {lost} numbers missing, {extra} extra")
        for n, w, got in differ[: args.show]:
            print(f"  line {n + 1}: missing {dict(w - got)}, extra {dict(got - w)}")
            print(f"    {source[n]}\n    -> {out[n]}")


if __name__ == "__main__":
    main()
