"""Short segments: interface labels, greetings and set phrases, names in sentences (issue 51).

The set: tests/benchmarks/data/short_segments.tsv, French TAB English reference TAB category
(``label``: a button, menu item or setting of one to four words; ``phrase``: a greeting or set
phrase; ``name``: a sentence with people's, cities' or products' names), written for this project.

    python tests/benchmarks/short_segments.py --model fr-en [--keep DIR] [--threads 1]
    python tests/benchmarks/short_segments.py --check-unseen

With ``--model``, the set is translated by ``nmt translate -m MODEL`` (a process of its own,
the model's default options) and it prints:

- exact matches out of N, overall and per category: the translation equals the reference but
  for case, white space, the apostrophe's form (' or ’) and final punctuation (``seg_key``);
- names copied exactly: a name is a capitalised word of the reference that is also a word of
  the French source and is not the reference's first word (``names``); a segment with names
  counts when every one is a word of the translation, as written; the rate is over the segments
  that have names;
- BLEU and chrF (sacrebleu, default settings) of the whole set;
- with ``--show``, every line that is not an exact match.

With ``--check-unseen``, every French segment, folded (``seg_key``: case, white space, mnemonic
markers ``~ _ &`` and final punctuation ignored), is looked for among the French sides of the
training data: every ``msgstr`` of ``software/libreoffice-ui-fr/*.po`` (each line of it too),
every French help paragraph of ``libreoffice-help-en-fr.tar.xz``, and the training files of
Tatoeba (``en-fr/train.fr``), Europarl (``train.fr.xz``) and Hansards (``train.fr.gz``). It
prints the segments found and where, and exits 1 if any is.

Not a test: translating takes about a minute, the check a few; the figures depend on the model.
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import polib
import sacrebleu
from software_split import SOFTWARE, fold, help_pairs  # tests/benchmarks/software_split.py

SET = Path(__file__).resolve().parent / "data" / "short_segments.tsv"
SHARED = SOFTWARE.parent
CATEGORIES = ("label", "phrase", "name")
FINAL = " .!?…:;,\u00a0\u202f"  # final punctuation (and the spaces French puts before it)
WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # letters, hyphenated: "Clermont-Ferrand"
TRAINING_TEXTS = (
    ("tatoeba/en-fr/train.fr", open),
    ("europarl/train.fr.xz", lzma.open),
    ("hansards/train.fr.gz", gzip.open),
)


@dataclass(frozen=True)
class Segment:
    source: str
    reference: str
    category: str


def read_set(path: Path = SET) -> list[Segment]:
    """The set's segments, in file order (lines starting with ``#`` are comments)."""
    segments = []
    for number, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not row or row.startswith("#"):
            continue
        source, reference, category = row.split("\t")
        if category not in CATEGORIES:
            raise ValueError(f"{path}:{number}: unknown category {category!r}")
        segments.append(Segment(source, reference, category))
    return segments


def seg_key(text: str) -> str:
    """``text`` as an exact match compares it: folded (``software_split.fold``), ’ read as ',
    final punctuation dropped."""
    return fold(text).replace("’", "'").rstrip(FINAL)


def names(segment: Segment) -> list[str]:
    """The reference's capitalised words, not its first, that are words of the source."""
    source_words = set(WORD.findall(segment.source))
    words = WORD.findall(segment.reference)[1:]
    return [w for w in words if w[0].isupper() and w in source_words]


def names_kept(segment: Segment, output: str) -> bool:
    return set(names(segment)) <= set(WORD.findall(output))


def translate(
    model: str, sources: list[str], work: Path, threads: int, options: list[str] = ()
) -> list[str]:
    """``sources`` translated by ``nmt translate`` (a process of its own, with ``options``),
    one line per line."""
    src, out = work / "short_segments.fr", work / "short_segments.en"
    src.write_text("".join(s + "\n" for s in sources), encoding="utf-8")
    command = [sys.executable, "-m", "nmt_cli", "translate", "-m", model, "--threads",
               str(threads), "-i", str(src), "-o", str(out), *options]
    subprocess.run(command, check=True)
    return out.read_text(encoding="utf-8").splitlines()


def report(segments: list[Segment], outputs: list[str], show: bool) -> None:
    exact = [seg_key(o) == seg_key(s.reference) for s, o in zip(segments, outputs, strict=True)]
    total = sum(exact)
    print(f"exact matches: {total}/{len(segments)} ({100 * total / len(segments):.1f}%)")
    for category in CATEGORIES:
        mine = [e for s, e in zip(segments, exact) if s.category == category]
        print(f"  {category}: {sum(mine)}/{len(mine)}")
    named = [(s, o) for s, o in zip(segments, outputs) if names(s)]
    kept = sum(names_kept(s, o) for s, o in named)
    print(f"names copied exactly: {kept}/{len(named)} segments with names "
          f"({100 * kept / len(named):.1f}%)")
    references = [s.reference for s in segments]
    print(sacrebleu.corpus_bleu(outputs, [references]))
    print(sacrebleu.corpus_chrf(outputs, [references]))
    if show:
        for s, o, e in zip(segments, outputs, exact):
            if not e:
                lost = [n for n in names(s) if n not in WORD.findall(o)]
                print(f"  [{s.category}] {s.source}\n    ref: {s.reference}\n    got: {o}"
                      + (f"\n    names lost: {' '.join(lost)}" if lost else ""))


def catalogue_texts(folder: Path) -> Iterator[str]:
    """Every ``msgstr`` (plural forms too) of the catalogues, whole and line by line."""
    for path in sorted(folder.glob("*.po")):
        for entry in polib.pofile(str(path), wrapwidth=0):
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            for text in texts:
                yield text
                yield from text.split("\n")


def corpus_lines(relative: str, opener) -> Iterator[str]:
    with opener(SHARED / relative, "rt", encoding="utf-8") as lines:
        yield from lines


def find_seen(keys: dict[str, Segment], texts: Iterable[str]) -> dict[str, int]:
    """{key: times seen} of the ``keys`` that a text of ``texts`` folds to. A text far longer
    than the longest key cannot fold to one: it is skipped unfolded (a corpus has millions)."""
    longest = max(map(len, keys)) * 2 + 10
    seen: dict[str, int] = {}
    for text in texts:
        if len(text) <= longest and (key := seg_key(text)) in keys:
            seen[key] = seen.get(key, 0) + 1
    return seen


def check_unseen(segments: list[Segment]) -> int:
    """Print the segments the training data holds (folded), and where; how many there are."""
    keys = {seg_key(s.source): s for s in segments}
    sources = [
        ("libreoffice-ui-fr/*.po msgstr", lambda: catalogue_texts(SOFTWARE / "libreoffice-ui-fr")),
        ("libreoffice help (fr)", lambda: (fr for fr, _ in help_pairs(
            SOFTWARE / "libreoffice-help-en-fr.tar.xz",
            ("sbasic", "scalc", "schart", "sdatabase", "sdraw", "shared", "simpress", "smath",
             "swriter")))),
    ] + [(name, lambda n=name, o=opener: corpus_lines(n, o)) for name, opener in TRAINING_TEXTS]
    found: dict[str, list[str]] = {}
    for name, texts in sources:
        seen = find_seen(keys, texts())
        print(f"{name}: {len(seen)} of the {len(keys)} segments found", file=sys.stderr)
        for key, count in seen.items():
            found.setdefault(key, []).append(f"{name} x{count}")
    for key, where in found.items():
        print(f"seen: {keys[key].source!r} in {'; '.join(where)}")
    print(f"{len(segments)} segments, {len(keys)} distinct after folding; "
          f"{len(found)} in the training data")
    return len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="model to translate the set with (e.g. fr-en)")
    parser.add_argument("--check-unseen", action="store_true",
                        help="look for every segment in the training data; exit 1 if found")
    parser.add_argument("--set", type=Path, default=SET)
    parser.add_argument("--keep", type=Path, help="a folder for the input and the output")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="list the lines not matched")
    parser.add_argument("--options", default="", help="more options of nmt translate, quoted: "
                        "'--length-penalty 1.0 --beam 1'")
    args = parser.parse_args()
    segments = read_set(args.set)
    counts = {c: sum(s.category == c for s in segments) for c in CATEGORIES}
    print(f"{len(segments)} segments: " + ", ".join(f"{n} {c}" for c, n in counts.items()))
    if args.check_unseen and check_unseen(segments):
        sys.exit(1)
    if args.model:
        work = args.keep or Path(tempfile.mkdtemp(prefix="short_segments_"))
        work.mkdir(parents=True, exist_ok=True)
        options = shlex.split(args.options)
        outputs = translate(args.model, [s.source for s in segments], work, args.threads, options)
        report(segments, outputs, args.show)


if __name__ == "__main__":
    main()
