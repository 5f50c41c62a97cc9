"""Menu paths through translation: their arrows kept, their labels the reference's.

    python tests/benchmarks/menu_paths.py --src SET.fr --ref SET.en --hyp SET.hyp [--show]

For each source line that holds a menu path (protect/menus.py, the source read as French), it
counts the lines whose translation holds as many arrows, none beside another nor at an end of
the line ("arrows kept"), and of the labels of the reference's paths (read as English), those
the translation's path of the same rank writes as the reference does, at the same place, case
aside ("labels as the reference's"; none of a path whose translation has a different number of
labels). Not a test: a second.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from nmt_cli.protect.menus import ARROWS, menu_parts
from nmt_cli.protect.spans import SpanFinder

_ARROW = re.compile(rf"(?<!\S)[{re.escape(ARROWS)}](?!\S)")


def arrows_kept(source: str, text: str) -> bool:
    """Whether ``text`` holds as many arrows as ``source``, each between two words."""
    words = text.split()
    at = [k for k, w in enumerate(words) if _ARROW.fullmatch(w)]
    if len(at) != len(_ARROW.findall(source)):
        return False
    return all(0 < k < len(words) - 1 and k + 1 not in at for k in at)


def paths(finder: SpanFinder, text: str) -> list[list[str]]:
    """The labels of each menu path of ``text``, lower case."""
    return [
        [label.lower() for label in menu_parts(s.text)[0]]
        for s in finder.find(text)
        if s.kind == "menu"
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, required=True)
    parser.add_argument("--ref", type=Path, required=True)
    parser.add_argument("--hyp", type=Path, required=True)
    parser.add_argument("--show", action="store_true", help="print each line's paths")
    args = parser.parse_args()
    read = [p.read_text(encoding="utf-8").splitlines() for p in (args.src, args.ref, args.hyp)]
    french, english = SpanFinder(language="fr"), SpanFinder(language="en")
    lines = kept = labels = same = 0  # labels: of the reference's paths
    for src, ref, hyp in zip(*read):
        if not paths(french, src):
            continue
        lines += 1
        kept += arrows_kept(src, hyp)
        wanted, found = paths(english, ref), paths(english, hyp)
        labels += sum(map(len, wanted))
        for want, got in zip(wanted, found):
            if len(want) == len(got):
                same += sum(a == b for a, b in zip(want, got))
        if args.show:
            print(f"{ref}\n{hyp}\n")
    print(f"{lines} lines with a menu path; arrows kept: {kept}")
    print(f"labels of the reference's paths: {labels}; as the reference's: {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
