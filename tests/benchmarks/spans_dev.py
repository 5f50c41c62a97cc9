"""Protected spans on a development set annotated by hand, and documents written for it.

Lines: tests/benchmarks/data/spans_dev.tsv, 233 French lines (200 sampled from the corpora by
tests/benchmarks/spans_dev_sample.py, 33 written), each with the spans that must come through
(README, "What passes through"), annotated from the line, not from the detector. Each line is
translated by ``nmt translate`` with the model's default options, and again with
``--no-protect``; for each, it prints:

- spans kept: an annotated span counts as kept when its English form (a number converted, the
  rest as written) appears in the translation as many times as the annotation lists it (found
  whole: a number is not found inside a longer one);
- the lines where a span was lost (found fewer times), doubled (more times), and where a number
  was invented (a run of digits the translation holds that no annotated span holds), listed;
- how many lines with nothing annotated come out the same with protection on and off.

Documents: tests/benchmarks/data/ also holds pages (``*.html``), a gettext catalogue
(``messages.po``) and JSON lines (``strings.jsonl``), written for this set; each is translated
by ``nmt translate -i FILE -o OUT`` (spans_dev_documents.py checks them).

    python tests/benchmarks/spans_dev.py --model fr-en [--keep DIR]

Not a test: it takes a few minutes and its figures depend on the model.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from spans_dev_documents import check_documents  # tests/benchmarks/spans_dev_documents.py

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Entry:
    """A line of the set: where it comes from, the French line, and each span's English form
    (a span listed twice is in the line twice)."""

    origin: str
    line: str
    expected: tuple[str, ...]


def read_set(path: Path = DATA / "spans_dev.tsv") -> list[Entry]:
    entries = []
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.startswith("#"):
            continue
        origin, line, spans = row.split("\t")
        forms = tuple(s if isinstance(s, str) else s[1] for s in json.loads(spans))
        entries.append(Entry(origin, line, forms))
    return entries


def count_whole(form: str, text: str) -> int:
    """How often ``form`` is in ``text`` whole: not inside a longer word or number."""
    before = r"(?<![\w])(?<!\d[.,])" if form[0].isalnum() else ""
    after = r"(?![\w])(?![.,]\d)" if form[-1].isalnum() else ""
    return len(re.findall(before + re.escape(form) + after, text))


@dataclass
class Verdict:
    kept: int
    lost: list[str]
    doubled: list[str]
    invented: list[str]


def judge(entry: Entry, output: str) -> Verdict:
    """What became of ``entry``'s spans in ``output``."""
    wanted = Counter(entry.expected)
    found = {form: count_whole(form, output) for form in wanted}
    kept = sum(n for form, n in wanted.items() if found[form] == n)
    lost = [form for form, n in wanted.items() if found[form] < n]
    doubled = [form for form, n in wanted.items() if found[form] > n]
    digits = Counter(d for form in entry.expected for d in re.findall(r"\d+", form))
    digits.update(d for d in re.findall(r"\d+", entry.line) if d not in digits)
    invented = [d for d in re.findall(r"\d+", output) if d not in digits]
    return Verdict(kept, lost, doubled, invented)


def translate(model: str, src: Path, out: Path, *flags: str) -> list[str]:
    """``src`` translated by ``nmt translate`` (a process of its own), one line per line."""
    command = [sys.executable, "-m", "nmt_cli", "translate", "-m", model, *flags]
    subprocess.run([*command, "-i", str(src), "-o", str(out)], check=True)
    return out.read_text(encoding="utf-8").splitlines()


def report(name: str, entries: list[Entry], outputs: list[str]) -> None:
    verdicts = [judge(e, o) for e, o in zip(entries, outputs, strict=True)]
    spans = sum(len(e.expected) for e in entries)
    kept = sum(v.kept for v in verdicts)
    print(f"\n## {name}: spans kept {kept}/{spans} ({100 * kept / spans:.1f}%)")
    for kind in ("lost", "doubled", "invented"):
        rows = [(e, o, getattr(v, kind)) for e, o, v in zip(entries, outputs, verdicts)]
        rows = [r for r in rows if r[2]]
        print(f"lines with a span {kind}: {len(rows)}")
        for e, o, forms in rows:
            print(f"  {e.origin}: {forms}\n    {e.line}\n    -> {o}")
    by_origin = Counter(e.origin.split(":")[0] for e in entries)
    for origin, n in by_origin.items():
        own = [(e, v) for e, v in zip(entries, verdicts) if e.origin.split(":")[0] == origin]
        k, s = sum(v.kept for _, v in own), sum(len(e.expected) for e, _ in own)
        print(f"  {origin}: {n} lines, spans kept {k}/{s}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--keep", type=Path, help="a folder for the inputs and outputs")
    args = parser.parse_args()
    entries = read_set()
    work = args.keep or Path(tempfile.mkdtemp(prefix="spans_dev_"))
    work.mkdir(parents=True, exist_ok=True)
    src = work / "lines.fr"
    src.write_text("".join(e.line + "\n" for e in entries), encoding="utf-8")
    protected = translate(args.model, src, work / "protected.en")
    plain = translate(args.model, src, work / "no-protect.en", "--no-protect")
    print(f"{len(entries)} lines, {sum(len(e.expected) for e in entries)} spans annotated")
    report("protected (the default)", entries, protected)
    report("--no-protect", entries, plain)
    bare = [k for k, e in enumerate(entries) if not e.expected]
    same = sum(protected[k] == plain[k] for k in bare)
    print(f"\nlines with nothing annotated: {len(bare)}, the same with and without: {same}")
    for k in bare:
        if protected[k] != plain[k]:
            print(f"  {entries[k].origin}\n    on:  {protected[k]}\n    off: {plain[k]}")
    check_documents(args.model, work, translate)


if __name__ == "__main__":
    main()
