"""Placeholders through the shipped model: LibreOffice's French interface strings as plain lines.

    python tests/benchmarks/placeholders_kept.py [--data ../shared/data] [--checkout DIR]

Reads the one-line msgstrs of LibreOffice's French catalogues (data/software/
libreoffice-ui-fr/*.po, not fuzzy) that hold a format string's placeholder (protect/
format_strings.py: ``%PRODUCTNAME``, ``%1``, ``$(ARG1)``, ``%s``...), each once, translates
them as plain lines with ``nmt translate`` (default model and options) run from ``--checkout``
(default: this one), and counts the lines whose translation holds exactly the source's
placeholders (the same texts, as many times each; ``%1`` in ``%10`` is not one), and those
that hold them in the source's order too. Lists the lines that lose, gain or change one. Not
a test: about a minute.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import polib

from nmt_cli.protect import format_strings
from nmt_cli.protect.menus import menu_parts
from nmt_cli.protect.spans import SpanFinder

ROOT = Path(__file__).resolve().parents[2]


def placeholders(finder: SpanFinder, text: str) -> list[str]:
    """The format string's placeholders of ``text``, in order: its placeholder spans, and those
    a shortcut span or a measure holds (LibreOffice's ``%MOD1+Maj+F9``, ``%1 Ko``) or a menu
    path's labels (``Outils ▸ %PRODUCTNAME ▸ Avancé``: each label is translated as a line of
    its own)."""
    found = []
    for span in finder.find(text):
        if span.kind == "placeholder":
            found.append(span.text)
        elif span.kind in ("keys", "measure"):  # %MOD1+Maj+F9; %1 Mo, a measure of one
            found += [m[0] for m in re.finditer(format_strings.PATTERN, span.text)]
        elif span.kind == "menu":
            found += [p for label in menu_parts(span.text)[0] for p in placeholders(finder, label)]
    return found


def written(wanted: list[str], text: str) -> list[str]:
    """The placeholders of ``wanted`` in ``text``, in its order; one that ends in a letter or a
    digit only where no longer one goes on (``%1`` is not in ``%10``; ``%1%2`` holds ``%1``
    and ``%2``)."""
    if not wanted:
        return []
    names = sorted(set(wanted), key=len, reverse=True)
    pattern = "|".join(
        re.escape(w) + (r"(?![0-9A-Za-z_])" if w[-1].isalnum() else "") for w in names
    )
    return re.findall(pattern, text)


def interface_lines(data: Path, finder: SpanFinder) -> list[str]:
    """The catalogues' one-line French msgstrs that hold a placeholder, each once, in order."""
    lines: dict[str, None] = {}
    for path in sorted(glob.glob(str(data / "software" / "libreoffice-ui-fr" / "*.po"))):
        for entry in polib.pofile(path):
            text = entry.msgstr
            if text and "\n" not in text and not entry.fuzzy and placeholders(finder, text):
                lines[text] = None
    return list(lines)


def translate(lines: list[str], checkout: Path, options: Sequence[str] = ()) -> list[str]:
    """``lines`` through ``nmt translate`` (the default model, ``options``) of ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, "-m", "nmt_cli", "translate", *options],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
        cwd=checkout,
        env=env,
    ).stdout.split("\n")[:-1]
    assert len(out) == len(lines)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parents[0] / "shared" / "data")
    parser.add_argument("--checkout", type=Path, default=ROOT)
    args = parser.parse_args()
    source = SpanFinder(language="fr")
    lines = interface_lines(args.data, source)
    kept = in_order = 0
    for line, out in zip(lines, translate(lines, args.checkout)):
        want = written(placeholders(source, line), line)
        got = written(want, out)
        if Counter(want) == Counter(got):
            kept += 1
            in_order += want == got
        else:
            print(f"  {line!r}\n  -> {out!r}")
    print(
        f"{len(lines)} lines with placeholders: {kept} keep exactly their placeholders, "
        f"{in_order} in the source's order"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
