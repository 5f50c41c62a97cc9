"""BLEU by source length: where the bottleneck shows.

Given a source file, a reference file and one or more translation files (e.g. from a model with
attention and from the `--attention none` baseline trained the same way), prints sacreBLEU per
bucket of source length in whitespace words, so the loss of the fixed-size context vector on
long sentences can be read off real data.

Each score comes with a 95% bootstrap interval (sentences of the bucket resampled with
replacement, ``--samples`` times), since the buckets of long sentences hold few of them. With
two or more systems, the last column says in what share of the (paired) resamples the first
system scores above the second.

    nmt translate -m runs/de-en-rnn  < test.de > attn.en
    nmt translate -m runs/de-en-none < test.de > none.en
    python tests/benchmarks/length_buckets.py --src test.de --ref test.en attn.en none.en
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from sacrebleu.metrics import BLEU


def read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def bucket_indices(src: list[str], edges: list[int]) -> list[tuple[str, list[int]]]:
    """(label, line indices) for source lengths in (previous edge, edge], then above the last."""
    lengths = [len(s.split()) for s in src]
    buckets = []
    for low, high in zip([0, *edges], [*edges, None]):
        idx = [i for i, n in enumerate(lengths) if n > low and (high is None or n <= high)]
        buckets.append((f"{low + 1}-{high}" if high is not None else f">{low}", idx))
    return buckets


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", type=Path, required=True)
    ap.add_argument("--ref", type=Path, required=True)
    ap.add_argument("--edges", default="10,15,20", help="bucket upper bounds (words)")
    ap.add_argument("--samples", type=int, default=1000, help="bootstrap resamples")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("hyps", type=Path, nargs="+")
    args = ap.parse_args()
    src, ref = read(args.src), read(args.ref)
    hyps = {h.name: read(h) for h in args.hyps}
    for name, lines in hyps.items():
        if len(lines) != len(src) or len(ref) != len(src):
            raise SystemExit(f"{name}: {len(lines)} lines, source {len(src)}, ref {len(ref)}")

    bleu = BLEU()
    # Per-sentence sufficient statistics (lengths, n-gram matches and totals): a corpus score of
    # any subset is the score of their sum, so resampling costs a sum, not a re-tokenization.
    # These two methods are sacrebleu's own (its paired bootstrap uses them), not public API.
    stats = {n: np.array(bleu._extract_corpus_statistics(h, [ref])) for n, h in hyps.items()}

    def score(name: str, idx) -> float:
        return bleu._compute_score_from_stats(stats[name][idx].sum(0).tolist()).score

    rng = np.random.default_rng(args.seed)
    names = list(hyps)
    header = "| source words | sentences | " + " | ".join(names)
    rule = "|---|---|" + "---|" * len(names)
    if len(names) > 1:
        header += f" | resamples with {names[0]} > {names[1]}"
        rule += "---|"
    print(header + " |")
    print(rule)
    edges = [int(e) for e in args.edges.split(",")]
    for label, idx in bucket_indices(src, edges) + [("all", list(range(len(src))))]:
        if not idx:
            continue
        idx = np.array(idx)
        draws = rng.choice(idx, size=(args.samples, len(idx)), replace=True)
        cells, boot = [], {}
        for name in names:
            boot[name] = np.array([score(name, d) for d in draws])
            low, high = np.percentile(boot[name], [2.5, 97.5])
            cells.append(f"{score(name, idx):.1f} ({low:.1f}-{high:.1f})")
        if len(names) > 1:
            cells.append(f"{np.mean(boot[names[0]] > boot[names[1]]):.1%}")
        print(f"| {label} | {len(idx)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
