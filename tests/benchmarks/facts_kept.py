"""Facts a translation lost: the code-like words of each source line that its reference keeps
as written and the translation does not.

    python tests/benchmarks/facts_kept.py SRC REF HYP [--show 20]

A fact is a whitespace word (outer punctuation stripped) that holds a digit or one of
``%$#@\\/{}[]<>=+_|^~*&``, a small letter before a capital (``getByName``) or is two capitals or
more (``UNO``, ``XSCRIPTCONTEXT``), and each run of digits. For each line, the facts of the
source that the reference holds too (LibreOffice's English keeps them: a name, a code, a
number) and the translation holds fewer times are lost. Prints the lines that lost one (``--show``
of them with their texts) and the facts lost most often. Not a test: the reference decides what
is kept, so a fact the reference rewrites is never counted.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

_TOKEN = re.compile(r"\S+")
_CODE = re.compile(r"[\d%$#@\\/{}\[\]<>=+_|^~*&]|[a-z][A-Z]")
_CAPITALS = re.compile(r"[A-Z]{2,}\w*")
_OUTER = ".,;:!?()«»“”\"'’"


def facts(text: str) -> Counter[str]:
    """The facts of ``text``, counted (a run of digits as ``#`` and its digits)."""
    out: Counter[str] = Counter()
    for token in _TOKEN.findall(text):
        word = token.strip(_OUTER)
        if word and (_CODE.search(word) or _CAPITALS.fullmatch(word)):
            out[word] += 1
    out.update("#" + digits for digits in re.findall(r"\d+", text))
    return out


def lost(source: str, reference: str, translation: str) -> list[str]:
    """The facts of ``source`` that ``reference`` keeps and ``translation`` holds fewer times."""
    src, ref, hyp = facts(source), facts(reference), facts(translation)
    return [f for f in src if f in ref and hyp[f] < min(src[f], ref[f])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src", type=Path)
    parser.add_argument("ref", type=Path)
    parser.add_argument("hyp", type=Path)
    parser.add_argument("--show", type=int, default=20, help="lines shown with their texts")
    args = parser.parse_args()
    texts = [p.read_text(encoding="utf-8").splitlines() for p in (args.src, args.ref, args.hyp)]
    if not len(texts[0]) == len(texts[1]) == len(texts[2]):
        print("facts_kept.py: the three files differ in their number of lines", file=sys.stderr)
        return 1
    count, shown, most = 0, 0, Counter()
    for n, (s, r, h) in enumerate(zip(*texts), 1):
        missing = lost(s, r, h)
        if not missing:
            continue
        count += 1
        most.update(missing)
        if shown < args.show:
            print(
                f"line {n}: lost {missing}\n  source      {s}\n  reference   {r}\n  translation {h}"
            )
            shown += 1
    print(f"lines that lost a fact the reference keeps: {count} of {len(texts[0])}")
    print("lost most often: " + ", ".join(f"{f} ({k})" for f, k in most.most_common(10)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
