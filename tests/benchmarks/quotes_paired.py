"""Whether quotation marks come out in pairs: of the source lines whose double marks pair up
(``« »``, ``“ ”``, ``„ “``, ``"``: inference/quotes.py reads them), how many translations hold
as many pairs of double marks, well nested.

    python tests/benchmarks/quotes_paired.py --src newstest2012.fr --hyp newstest2012.hyp
        [--show 10]

Compare two translations of one source (two commits', two models') by running it on each. A
translation's marks are read as a source's are (a straight mark opens before a word and closes
after one). Not a test: it reads two files.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from nmt_cli.inference.quotes import unquoted
from nmt_cli.markup.placement import preorder


def pairs(line: str) -> int | None:
    """The pairs of double marks of ``line``; 0 for none; None where they do not pair up."""
    quoted = unquoted(line)
    if quoted is None:
        return None if any(c in "«»“”„\"" for c in line) else 0
    return sum(1 for _ in preorder(quoted.enclosures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, required=True)
    parser.add_argument("--hyp", type=Path, required=True)
    parser.add_argument("--show", type=int, default=0, help="translations shown that do not")
    args = parser.parse_args()
    sources = args.src.read_text(encoding="utf-8").splitlines()
    hyps = args.hyp.read_text(encoding="utf-8").splitlines()
    quoted = kept = 0
    shown = 0
    for source, hyp in zip(sources, hyps):
        wanted = pairs(source)
        if not wanted:
            continue
        quoted += 1
        if pairs(hyp) == wanted:
            kept += 1
        elif shown < args.show:
            shown += 1
            print(f"  {source}\n  -> {hyp}")
    share = f"{100 * kept / quoted:.1f}%" if quoted else "-"
    print(f"{args.hyp.name}: {kept} of {quoted} quoted lines keep their pairs ({share})")


if __name__ == "__main__":
    main()
