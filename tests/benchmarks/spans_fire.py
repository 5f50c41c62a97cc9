"""Where the kinds of span of issue 52 fire on prose: false positives of the detector alone.

    python tests/benchmarks/spans_fire.py [--data ../shared/data] [--tokenizer pretrained/fr-en]

For each of newstest2013.fr, Europarl valid.fr and Tatoeba test.fr (prose, no code, no format
strings), lists each line on which a span of one of the kinds below is found (its line number,
its kind and text), and the share of the set's lines that hold one. The bar is at most 0.1% of
a set's lines. The kind ``symbol`` reads the shipped model's tokenizer (what its vocabulary
spells in bytes), a parameter's name its known words; no model is loaded: a few seconds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nmt_cli.model.spelling import ByteSpelling
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.protect.names import parameter_name
from nmt_cli.protect.spans import Span, SpanFinder

# The kinds issue 52 added (protect/format_strings.py, protect/code.py, protect/icu.py,
# protect/menus.py, protect/masks.py), and the letter kind's small letters (is_new)
NEW_KINDS = (
    "icu",
    "placeholder",
    "shell",
    "setting",
    "requirement",
    "option",
    "directory",
    "class",
    "sql",
    "regex",
    "prompt",
    "statement",
    "formula",
    "menu",
    "qualified",
    "method",
    "mask",
    "symbol",
    "script",
    "ip",
    "wiki",
    "expression",
)
SETS = (
    ("newstest2013", "news/fr-en/newstest2013.fr"),
    ("europarl valid", "europarl/valid.fr"),
    ("tatoeba test", "tatoeba/en-fr/test.fr"),
)
BAR = 0.001


def is_new(span: Span) -> bool:
    """Whether ``span`` is of a kind issue 52 added, or a small letter (``si n = 0``)."""
    return span.kind in NEW_KINDS or span.kind == "letter" and span.text.islower()


def firings(
    path: Path, finder: SpanFinder, known: frozenset[str] = frozenset()
) -> tuple[int, list[tuple[int, str, str]]]:
    """The number of lines of ``path``, and (line number, kind, text) of each new span, and of
    each parameter's name that starts a line (protect/names.py, with the model's ``known``
    words; the translator's kind ``name``)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [
        (n, s.kind, s.text)
        for n, line in enumerate(lines, 1)
        for s in finder.find(line)
        if is_new(s)
    ]
    for n, line in enumerate(lines, 1):
        if known and (named := parameter_name(line, known)):
            found.append((n, "parameter", line[slice(*named)]))
    return len(lines), sorted(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[3] / "shared" / "data"
    parser.add_argument("--data", type=Path, default=default)
    model = Path(__file__).resolve().parents[2] / "pretrained" / "fr-en"
    parser.add_argument("--tokenizer", type=Path, default=model, help="a model's directory")
    args = parser.parse_args()
    finder = SpanFinder(spelled_in_bytes=ByteSpelling(Tokenizer.load(args.tokenizer)))
    known_words = args.tokenizer / "known-words.txt"
    known = frozenset(known_words.read_text(encoding="utf-8").split("\n"))
    ok = True
    for name, rel in SETS:
        n_lines, found = firings(args.data / rel, finder, known)
        lines = len({n for n, _, _ in found})
        share = lines / max(n_lines, 1)
        ok &= share <= BAR
        print(f"{name}: {lines} of {n_lines} lines ({share:.3%}), {len(found)} spans")
        for n, kind, text in found:
            print(f"  line {n}: {kind} {text!r}")
    print("bar (at most 0.1% of each set's lines):", "held" if ok else "NOT held")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
