"""Sentence segmenters for `nmt translate`: pysbd against sentencex on French and German.

Paragraphs are built from corpora with one sentence per line by joining groups of 2-5
consecutive lines (sizes drawn with a fixed seed) with one space; a paragraph is split right
when the segmenter gives back exactly its lines (compared without surrounding whitespace).
Boundary precision and recall count the places between two words where a split was made or
should have been. The "(en rules)" rows split French and German with each library's English
rules (sentencex's fallback for a language it does not know is the same): what a model that
records no source language gets in `nmt translate`.

    python tests/benchmarks/sentence_split.py            # needs ../shared/data

Prints a Markdown table: library, language, data, paragraphs, exact-split accuracy, boundary
precision and recall, sentences/s (segmentation only, after set-up and a warm-up call), then
what each library costs a fresh process before its first sentence (import, set-up and one
call, median of 5 interpreters).
Not a test: its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
SETS = [  # (language, label, file)
    ("fr", "hansards valid", "hansards/valid.fr"),
    ("fr", "tatoeba test", "tatoeba/en-fr/test.fr"),
    ("de", "tatoeba test", "tatoeba/en-de/test.de"),
    ("de", "multi30k test 2016", "multi30k/test_2016_flickr.de"),
]

Splitter = Callable[[str], list[str]]


def paragraphs(lines: list[str], seed: int = 0) -> list[list[str]]:
    """Consecutive groups of 2-5 non-empty lines, every line used once (a short tail dropped)."""
    lines = [" ".join(line.split()) for line in lines if line.strip()]
    rng, groups, i = random.Random(seed), [], 0
    while i < len(lines):
        n = rng.randint(2, 5)
        if i + n > len(lines):
            break
        groups.append(lines[i : i + n])
        i += n
    return groups


def make_pysbd(lang: str) -> Splitter:
    import pysbd

    segmenter = pysbd.Segmenter(language=lang, clean=False)
    return lambda text: segmenter.segment(text)


def make_sentencex(lang: str) -> Splitter:
    from sentencex import segment

    return lambda text: list(segment(lang, text))


LIBRARIES = {
    "pysbd": lambda lang: make_pysbd(lang),
    "sentencex": lambda lang: make_sentencex(lang),
    "pysbd (en rules)": lambda lang: make_pysbd("en"),
    "sentencex (en rules)": lambda lang: make_sentencex("en"),
}


def boundaries(parts: list[str]) -> set[int]:
    """Word positions (in the paragraph's whitespace words) where a new sentence starts."""
    out, words = set(), 0
    for part in parts[:-1]:
        words += len(part.split())
        out.add(words)
    return out


def measure(make: Callable[[str], Splitter], lang: str, groups: list[list[str]]) -> dict:
    split = make(lang)
    split("Warm-up. Two sentences.")
    texts = [" ".join(g) for g in groups]
    start = time.perf_counter()
    results = [split(t) for t in texts]
    seconds = time.perf_counter() - start
    exact = tp = fp = fn = 0
    for group, parts in zip(groups, results):
        parts = [p.strip() for p in parts if p.strip()]
        exact += parts == group
        got, want = boundaries(parts), boundaries(group)
        tp, fp, fn = tp + len(got & want), fp + len(got - want), fn + len(want - got)
    return {
        "paragraphs": len(groups),
        "exact": exact / len(groups),
        "precision": tp / max(tp + fp, 1),
        "recall": tp / max(tp + fn, 1),
        "speed": sum(len(g) for g in groups) / seconds,
    }


SETUP = """
import time
start = time.perf_counter()
from {module} import LIBRARIES
LIBRARIES[{library!r}]("fr")("Il fait froid. Nous restons.")
print(time.perf_counter() - start)
"""


def setup_ms(library: str, runs: int = 5) -> float:
    """Median time, in a fresh interpreter, from nothing imported to one paragraph split."""
    code = SETUP.format(module=Path(__file__).stem, library=library)
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=Path(__file__).parent,
            capture_output=True,
            text=True,
            check=True,
        )
        times.append(float(out.stdout) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the shared data directory")
    args = parser.parse_args()
    print(
        "| library | language | data | paragraphs | exact split | boundary precision "
        "| boundary recall | sentences/s |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for lang, label, name in SETS:
        groups = paragraphs((args.data / name).read_text(encoding="utf-8").splitlines())
        for library, make in LIBRARIES.items():
            r = measure(make, lang, groups)
            print(
                f"| {library} | {lang} | {label} | {r['paragraphs']:,} | {r['exact']:.1%} "
                f"| {r['precision']:.1%} | {r['recall']:.1%} | {r['speed']:,.0f} |",
                flush=True,
            )
    print()
    for library in ("pysbd", "sentencex"):
        print(f"{library}: {setup_ms(library):.1f} ms from import to the first split  ")


if __name__ == "__main__":
    main()
