"""Amounts of money, measures, shortcuts and the like through translation: kept or not.

    python tests/benchmarks/measures_kept.py --baseline BEFORE --model fr-en FILE...

Takes the lines of FILEs (French) that hold an amount (``12,50 €``), a measure (``1,82 m``), a
shortcut (``Ctrl+Alt+Suppr``), a house number (``12 bis``) or a Roman ordinal (``XVIIe``) as
this checkout's detector finds them (protect/spans.py),
translates them with this checkout's ``nmt translate`` and with the checkout at ``--baseline``
(default options, one thread each), and counts for each the spans whose English form (as
protect/numbers.py writes it: ``€12.50``, ``1.82 m``) comes out whole, as often as in the source.
The lines are chosen by the detector the change adds, so what is measured is what happens to
the spans it finds, not how many it misses. Not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder

KINDS = ("amount", "measure", "keys", "address", "roman ordinal")
ROOT = Path(__file__).resolve().parents[2]


def translate(root: Path, model: str, lines: list[str]) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "OMP_WAIT_POLICY": "PASSIVE"}
    cmd = [sys.executable, "-m", "nmt_cli", "translate", "-m", model, "--threads", "1"]
    text = "".join(f"{x}\n" for x in lines)
    out = subprocess.run(  # from /, so that the current directory's nmt_cli is not imported
        cmd, input=text, env=env, capture_output=True, text=True, check=True, cwd="/"
    )
    return out.stdout.split("\n")[: len(lines)]


def kind_of(span) -> str:
    return "roman ordinal" if span.kind == "ordinal" and span.text[0].isalpha() else span.kind


def whole(form: str, text: str) -> int:
    """How often ``form`` stands in ``text`` on its own (not inside a longer number or word)."""
    return len(re.findall(rf"(?<![\w.,]){re.escape(form)}(?![\w]|[.,]\d)", text))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--baseline", required=True, help="a checkout to compare with")
    ap.add_argument("--model", default="fr-en")
    args = ap.parse_args()
    finder = SpanFinder()
    chosen = []  # (line, [(kind, English form)])
    for path in args.files:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            spans = [(kind_of(s), convert(s.text, s.kind, "fr", "en")) for s in finder.find(line)]
            if any(kind in KINDS for kind, _ in spans):
                chosen.append((line, [(k, form) for k, form in spans if k in KINDS]))
    lines = [line for line, _ in chosen]
    print(f"{len(lines)} lines, {sum(len(s) for _, s in chosen)} spans: "
          f"{dict(Counter(k for _, s in chosen for k, _ in s))}")  # fmt: skip
    for name, root in (("before", Path(args.baseline)), ("after", ROOT)):
        out = translate(root, args.model, lines)
        kept, total, lost = Counter(), Counter(), []
        for (line, spans), text in zip(chosen, out):
            wanted = Counter(form for _, form in spans)
            for kind, form in spans:
                total[kind] += 1
                kept[kind] += whole(form, text) >= wanted[form]
            if any(whole(form, text) < n for form, n in wanted.items()):
                lost.append((line, text))
        figures = ", ".join(f"{k} {kept[k]}/{total[k]}" for k in total)
        print(f"{name}: kept {sum(kept.values())}/{sum(total.values())} ({figures})")
        for line, text in lost[:8]:
            print(f"    {line}\n    -> {text}")


if __name__ == "__main__":
    main()
