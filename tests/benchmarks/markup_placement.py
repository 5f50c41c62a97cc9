"""Where tags go, against the hand-made alignments of the Hansards trial set.

For each of the 37 trial pairs (../shared/data/align/hansards-trial-fr-en), a seeded generator
puts inline elements around source phrases of one to three words (some with a one-word element
inside), ``--seeds`` times over. Each element is placed in the reference translation
(nmt_cli/markup/placement.py) by the gold links, which is where it should go, and by the links
a rule reads from the model's full-context alignment of the pair (`nmt align --links RULE`,
forced on the reference). Prints, per rule: the share of elements whose target words are
exactly the gold placement's, by the gold's sure links and by its sure and possible links; for
the latter, the mean F1 of their target words against the gold's, and the share left with no
word where the gold placement has some.

    python tests/benchmarks/markup_placement.py --model fr-en

Not a test: its figures depend on the model.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from nmt_cli.align.forced import align_pairs
from nmt_cli.align.pharaoh import parse_pharaoh
from nmt_cli.align.rules import RULES, LinkRule
from nmt_cli.markup.placement import Enclosure, place_elements
from nmt_cli.model.bundle import load_bundle
from nmt_cli.model.pretrained import resolve_model

TRIAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "align" / "hansards-trial-fr-en"


def elements(n_words: int, rng: random.Random) -> list[Enclosure]:
    """Up to three non-overlapping elements of one to three words, in order, some holding a
    one-word element."""
    out, taken = [], set()
    for _ in range(3):
        start = rng.randrange(n_words)
        end = min(start + rng.choice([1, 1, 2, 3]), n_words)
        if taken & set(range(start, end)):
            continue
        taken |= set(range(start, end))
        inner = rng.randrange(start, end)
        children = [Enclosure(inner, inner + 1)] if end - start > 1 and rng.random() < 0.4 else []
        out.append(Enclosure(start, end, children))
    return sorted(out, key=lambda e: e.first)


def f1(a: set[int], b: set[int]) -> float:
    if not a and not b:
        return 1.0
    return 2 * len(a & b) / (len(a) + len(b))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="fr-en")
    ap.add_argument("--seeds", type=int, default=30)
    args = ap.parse_args()
    sources = (TRIAL / "src.txt").read_text(encoding="utf-8").splitlines()
    targets = (TRIAL / "tgt.txt").read_text(encoding="utf-8").splitlines()
    gold = [parse_pharaoh(x) for x in (TRIAL / "gold.talp").read_text().splitlines()]
    bundle = load_bundle(resolve_model(args.model))
    weights = [a.weights for a in align_pairs(bundle, sources, targets)]
    print("| links | elements | exact (sure) | exact (possible) | mean F1 | lost |")
    print("|---|---:|---:|---:|---:|---:|")
    for rule in RULES:
        links = [LinkRule(rule).links(w) for w in weights]
        counts = {"n": 0, "sure": 0, "exact": 0, "f1": 0.0, "lost": 0}
        for seed in range(args.seeds):
            rng = random.Random(seed)
            for src, tgt, g, model in zip(sources, targets, gold, links):
                tree = elements(len(src.split()), rng)
                n_target = len(tgt.split())
                sure = place_elements(tree, sorted(g.sure), n_target)
                want = place_elements(tree, sorted(g.possible), n_target)
                got = place_elements(tree, model, n_target)
                for s, w, h in zip(sure, want, got):
                    w_words, h_words = set(range(*w)), set(range(*h))
                    counts["n"] += 1
                    counts["sure"] += set(range(*s)) == h_words
                    counts["exact"] += w_words == h_words
                    counts["f1"] += f1(w_words, h_words)
                    counts["lost"] += bool(w_words) and not h_words
        n = counts["n"]
        print(
            f"| `{rule}` | {n} | {100 * counts['sure'] / n:.1f}% "
            f"| {100 * counts['exact'] / n:.1f}% | {counts['f1'] / n:.3f} "
            f"| {100 * counts['lost'] / n:.1f}% |",
            flush=True,
        )


if __name__ == "__main__":
    main()
