"""Inline tags in lines: the development split's help paragraphs, with their markup, as lines.

    python tests/benchmarks/tags_in_lines.py [--data ../shared/data] [--limit 400]
        [--markup none,html] [--show 10] [--keep DIR]

Reads the help pages of the development split's modules (``sbasic``, ``smath``: see
software_split.py) from ``software/libreoffice-help-en-fr.tar.xz``, and pairs each French
paragraph, heading, list item or table cell that carries an ``id`` with the English one of the
same page and ``id`` where both hold inline elements (``<span ...>``, ``<a ...>``, ``<em>``...),
the same ones in the same order, each enclosing some text, and no other element with an id.
The French lines (their inner markup, white space collapsed; a seeded sample of at most
``--limit``) are translated by ``nmt translate`` (the default model) once with each
``--markup`` mode, and for each mode it prints:

- lines whose output holds exactly the source's tags, in order;
- empty elements: an element that encloses text in the source and nothing in the output;
- elements placed: an element whose text in the output, folded (case, punctuation, white
  space), equals the English reference's element's text; and BLEU of the lines' text without
  tags against the reference's.

Not a test: it translates the lines once per mode, a few minutes; 3,127 pairs qualify.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import sacrebleu

MODULES = ("sbasic", "smath")
_BLOCK = re.compile(r'<(p|h[1-6]|li|td)\b[^>]*\bid="([^"]+)"[^>]*>(.*?)</\1>', re.S)
_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)[^>]*?(/?)>")
_ID = re.compile(r'\bid="')


def pages(archive: Path) -> dict[str, dict[str, str]]:
    """{language: {page path under text/: its html}} of the development modules."""
    found: dict[str, dict[str, str]] = {"en-US": {}, "fr": {}}
    with tarfile.open(archive) as tar:
        for member in tar:
            parts = member.name.split("/")  # en-US/text/sbasic/shared/03000000.html
            if not member.isfile() or not member.name.endswith(".html") or len(parts) < 4:
                continue
            if parts[0] in found and parts[1] == "text" and parts[2] in MODULES:
                text = tar.extractfile(member).read().decode("utf-8", "replace")
                found[parts[0]]["/".join(parts[2:])] = text
    return found


def blocks(page: str) -> dict[str, str]:
    """{id: inner markup, white space collapsed} of a page's blocks with no inner id."""
    return {
        ident: " ".join(inner.split())
        for _, ident, inner in _BLOCK.findall(page)
        if not _ID.search(inner)
    }


def elements(line: str) -> list[tuple[str, str]] | None:
    """(tag name, enclosed text) of each paired inline element of ``line``, in the order they
    open; None where the tags do not nest or a void one is there."""
    out: list[tuple[str, str]] = []
    stack: list[tuple[str, int, int]] = []
    for m in _TAG.finditer(line):
        closing, name, void = m.groups()
        if void:
            return None
        if not closing:
            stack.append((name, m.end(), len(out)))
            out.append((name, ""))
        elif not stack or stack[-1][0] != name:
            return None
        else:
            _, start, k = stack.pop()
            out[k] = (name, text_of(line[start : m.start()]))
    return None if stack else out


def text_of(markup: str) -> str:
    return " ".join(html.unescape(_TAG.sub("", markup)).split())


def fold(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def pairs(archive: Path, limit: int, seed: int = 52) -> list[tuple[str, str]]:
    found = pages(archive)
    out = []
    for path in sorted(found["fr"]):
        english = blocks(found["en-US"].get(path, ""))
        for ident, fr in sorted(blocks(found["fr"][path]).items()):
            en = english.get(ident)
            fe, ee = elements(fr), (elements(en) if en else None)
            if not fe or not ee or [n for n, _ in fe] != [n for n, _ in ee]:
                continue
            if all(t for _, t in fe) and all(t for _, t in ee) and text_of(fr) != text_of(en):
                out.append((fr, en))
    return random.Random(seed).sample(out, min(limit, len(out)))


def translate(lines: list[str], markup: str, keep: Path | None) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.fr"
        src.write_text("\n".join(lines) + "\n", encoding="utf-8")
        command = ["nmt", "translate", "-i", str(src), "--markup", markup]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    out = done.stdout.splitlines()
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"{markup}.hyp").write_text(done.stdout, encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path(__file__).parents[3] / "shared" / "data")
    ap.add_argument("--limit", type=int, default=400)
    ap.add_argument("--markup", default="none,html")
    ap.add_argument("--show", type=int, default=0, help="lines with an element misplaced shown")
    ap.add_argument("--keep", type=Path, help="write each mode's output here")
    args = ap.parse_args(argv)
    archive = args.data / "software" / "libreoffice-help-en-fr.tar.xz"
    if not archive.exists():
        print(f"no {archive}", file=sys.stderr)
        return 2
    chosen = pairs(archive, args.limit)
    sources, references = [fr for fr, _ in chosen], [en for _, en in chosen]
    n_elements = sum(len(elements(fr)) for fr in sources)
    print(f"{len(chosen)} lines, {n_elements} inline elements")
    for markup in args.markup.split(","):
        hyps = translate(sources, markup, args.keep)
        same = empty = placed = 0
        shown = 0
        for fr, en, hyp in zip(sources, references, hyps):
            tags = [m.group(0) for m in _TAG.finditer(fr)]
            same += tags == [m.group(0) for m in _TAG.finditer(hyp)]
            got = elements(hyp) or []
            empty += sum(1 for _, t in got if not t)
            wanted = elements(en)
            hits = sum(
                fold(a) == fold(b) for (_, a), (_, b) in zip(got, wanted) if len(got) == len(wanted)
            )
            placed += hits
            if hits < len(wanted) and shown < args.show:
                shown += 1
                print(f"  src {fr}\n  ref {en}\n  hyp {hyp}\n")
        bleu = sacrebleu.corpus_bleu([text_of(h) for h in hyps], [[text_of(r) for r in references]])
        print(
            f"--markup {markup}: tags as in the source {same}/{len(chosen)}, "
            f"empty elements {empty}, elements placed {placed}/{n_elements}, "
            f"BLEU of the text {bleu.score:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
