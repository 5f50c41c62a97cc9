"""The sample of a placeholder fine-tune of the shipped fr-en (issue 40, item 2;
placeholder_finetune.toml; docs/benchmarks.md, "Models that copy placeholders").

From the shipped model's own training data (pretrained/fr-en/README.md: Europarl's and Hansards'
even lines, Tatoeba train; never the news sets), pairs drawn at random from strided parts of it
(Europarl lines k % 20 == 0, Hansards k % 8 == 0, all of Tatoeba train), so that pairs whose two
sides share a protected span keep about their natural share; topped up with more such pairs
(matched as `nmt train --placeholder-share` matches them) to ``--span-share`` of each corpus's
part; shuffled. Then the teacher's links of the sample (eflomal, both directions, intersected:
what `nmt train --teacher eflomal` computes, cached so the run does not compute them again).

    python tests/benchmarks/placeholder_sample.py OUT     # about 4 minutes on 2 cores
    mkdir -p RUN/teacher && cp OUT/links.txt RUN/teacher/links.txt
    nmt train --config tests/benchmarks/placeholder_finetune.toml --init pretrained/fr-en \
        --src OUT/ft.fr --tgt OUT/ft.en --valid-src VALID.fr --valid-tgt VALID.en \
        --src-lang fr --tgt-lang en --output RUN

Needs ../shared beside the repository and eflomal (``pip install 'nmt-cli[align]'``).
"""

from __future__ import annotations

import argparse
import gzip
import lzma
import random
import re
import shutil
from pathlib import Path

from nmt_cli.protect.spans import SpanFinder
from nmt_cli.training.placeholders import mask_pair
from nmt_cli.training.teacher import compute_teacher

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
CANDIDATE = re.compile(r"[\d@/#_&`]|www\.")  # a cheap filter before the detector
# corpus: (French, English, opener, keep line k when k % stride == 0, pairs drawn)
CORPORA = {
    "europarl": ("europarl/train.fr.xz", "europarl/train.en.xz", lzma.open, 20, 30000),
    "hansards": ("hansards/train.fr.gz", "hansards/train.en.gz", gzip.open, 8, 14000),
    "tatoeba": ("tatoeba/en-fr/train.fr", "tatoeba/en-fr/train.en", open, 1, 30000),
}


def corpus_part(name: str, finder: SpanFinder) -> tuple[list, list]:
    """The strided part of a corpus: (pairs sharing a span, the other pairs)."""
    fr, en, opener, stride, _ = CORPORA[name]
    spans, plain = [], []
    with opener(SHARED / fr, "rt", encoding="utf-8") as f:
        with opener(SHARED / en, "rt", encoding="utf-8") as e:
            lines = list(zip(f, e))
    for k, (a, b) in enumerate(lines):
        a, b = a.rstrip("\n"), b.rstrip("\n")
        if k % stride or not a.strip() or not b.strip() or max(len(a), len(b)) > 400:
            continue
        shared = CANDIDATE.search(a) and CANDIDATE.search(b)
        (spans if shared and mask_pair(finder, a, b, ("fr", "en")) else plain).append((a, b))
    return spans, plain


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--span-share", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args()
    finder, rng, pairs = SpanFinder(), random.Random(args.seed), []
    for name, (*_, drawn) in CORPORA.items():
        spans, plain = corpus_part(name, finder)
        every = spans + plain
        picked = rng.sample(range(len(every)), min(drawn, len(every)))
        have = sum(i < len(spans) for i in picked)
        chosen = set(picked)
        more = [i for i in range(len(spans)) if i not in chosen]
        rng.shuffle(more)
        more = more[: max(0, int(args.span_share * len(picked)) - have)]
        pairs += [every[i] for i in picked] + [spans[i] for i in more]
        print(f"{name}: {len(picked):,} pairs drawn, {have:,} sharing spans, {len(more):,} more")
    rng.shuffle(pairs)
    args.out.mkdir(parents=True, exist_ok=True)
    for side, lang in enumerate(("fr", "en")):
        text = "".join(p[side] + "\n" for p in pairs)
        (args.out / f"ft.{lang}").write_text(text, encoding="utf-8")
    work = args.out / "teacher-work"
    sides = [(str(args.out / "ft.fr"), str(args.out / "ft.en"))]
    shutil.move(compute_teacher(sides, work, "intersect", print), args.out / "links.txt")
    shutil.rmtree(work)
    print(f"{len(pairs):,} pairs in {args.out}")


if __name__ == "__main__":
    main()
