"""Numbers kept in paragraphs: newstest2012's French lines that hold two numbers or more, joined
four by four into paragraphs (a web page's, a report's), translated as plain lines; counts the
paragraphs whose translation holds exactly the source's numbers (digits, a thousands separator
or decimal mark between digits read as none: ``27 306,5`` and ``27,306.5`` are one number).

    python tests/benchmarks/paragraph_numbers.py [--data ../shared/data] [--checkout DIR]
        [--model fr-en] [--out FILE]

``--checkout``: the nmt-cli source tree to translate with (another commit's worktree; default
this one), so two commits compare on the same machine. Not a test: a few minutes.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_BETWEEN_DIGITS = re.compile(r"(?<=\d)[ \u00a0\u202f,.](?=\d)")


def numbers(text: str) -> list[str]:
    """The numbers of ``text``, sorted, each with its separators taken out."""
    return sorted(re.findall(r"\d+", _BETWEEN_DIGITS.sub("", text)))


def paragraphs(data: Path, size: int = 4, limit: int = 480) -> list[str]:
    lines = (data / "news" / "fr-en" / "newstest2012.fr").read_text(encoding="utf-8").splitlines()
    numbered = [x.strip() for x in lines if len(re.findall(r"\d+", x)) >= 2][:limit]
    return [" ".join(numbered[k : k + size]) for k in range(0, len(numbered), size)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parents[0] / "shared" / "data")
    parser.add_argument("--checkout", type=Path, default=ROOT)
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--out", type=Path, help="write the translations here")
    args = parser.parse_args()
    paras = paragraphs(args.data)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "paragraphs.fr"
        src.write_text("".join(p + "\n" for p in paras), encoding="utf-8")
        command = [sys.executable, "-m", "nmt_cli", "translate", "-m", args.model, "-i", str(src)]
        done = subprocess.run(
            command, cwd=args.checkout, capture_output=True, text=True, check=True
        )
    out = done.stdout.splitlines()
    if args.out:
        args.out.write_text(done.stdout, encoding="utf-8")
    kept = sum(numbers(p) == numbers(t) for p, t in zip(paras, out))
    print(f"{len(paras)} paragraphs; every number kept in {kept}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
