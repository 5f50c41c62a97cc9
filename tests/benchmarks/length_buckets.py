"""BLEU by source length: where the bottleneck shows.

Given a source file, a reference file and one or more translation files (e.g. from a model with
attention and from the `--attention none` baseline trained the same way), prints sacreBLEU per
bucket of source length in whitespace words, so the loss of the fixed-size context vector on
long sentences can be read off real data.

    nmt translate -m runs/de-en-rnn  < test.de > attn.en
    nmt translate -m runs/de-en-none < test.de > none.en
    python tests/benchmarks/length_buckets.py --src test.de --ref test.en attn.en none.en
"""

from __future__ import annotations

import argparse
from pathlib import Path

import sacrebleu


def read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", type=Path, required=True)
    ap.add_argument("--ref", type=Path, required=True)
    ap.add_argument("--edges", default="10,15,20,25", help="bucket upper bounds (words)")
    ap.add_argument("hyps", type=Path, nargs="+")
    args = ap.parse_args()
    src, ref = read(args.src), read(args.ref)
    hyps = {h.name: read(h) for h in args.hyps}
    edges = [int(e) for e in args.edges.split(",")] + [10**9]
    buckets: list[tuple[str, list[int]]] = []
    low = 0
    for high in edges:
        idx = [i for i, s in enumerate(src) if low < len(s.split()) <= high]
        label = f"{low + 1}-{high}" if high < 10**9 else f">{low}"
        buckets.append((label, idx))
        low = high
    print("| source words | sentences | " + " | ".join(hyps) + " |")
    print("|---|---|" + "---|" * len(hyps))
    for label, idx in buckets + [("all", list(range(len(src))))]:
        if not idx:
            continue
        scores = [
            sacrebleu.corpus_bleu([h[i] for i in idx], [[ref[i] for i in idx]]).score
            for h in hyps.values()
        ]
        print(f"| {label} | {len(idx)} | " + " | ".join(f"{s:.1f}" for s in scores) + " |")


if __name__ == "__main__":
    main()
