"""The fr-en default's phrasebook (``pretrained/fr-en/phrasebook.tsv``): Tatoeba's everyday
sentences of at most six French words, French TAB English, each French sentence once
(nmt_cli/inference/memory.py reads it as the model's second memory, after ``memory.tsv``).

The model was trained on these very pairs and still writes many of them wrong: `Bonjour !`
"Hell it!", `De rien.` "From nothing.", `S'il vous plaît.` "Please be.", `Ma toux empire.` "My
key is worse.". A sentence Tatoeba gives several English translations is given the one the
model scores highest (`nmt score`'s score: the likeliest of the people's translations, most often
the most literal one; ``--choose frequent``: the most frequent, the first of equal counts).
Only the training half (``tatoeba/en-fr/train.*``): no sentence of valid or test is added that
train does not hold.

    python tests/benchmarks/phrasebook.py --model fr-en --out pretrained/fr-en/phrasebook.tsv

``--compare N``: no file; N sentences of the phrasebook drawn at random (``--seed``) whose
model translation differs from the phrasebook's, printed side by side with every English Tatoeba
gives, for a reader to judge (docs/benchmarks.md, "Phrasebook").
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from nmt_cli.inference.loading import load_model
from nmt_cli.inference.memory import Memory, key, write_tsv_memory
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.scoring import Scorer

ROOT = Path(__file__).resolve().parents[2]
NOTICE = (  # the sentences are Tatoeba's, verbatim: their terms go with the file
    "Sentence pairs from the Tatoeba Project (tatoeba.org), CC BY 2.0 FR",
    "(https://creativecommons.org/licenses/by/2.0/fr/), via manythings.org/anki (fra-eng.zip):",
    "the French sentences of at most six words of the training half of ../shared/data/tatoeba,",
    "French TAB English. Written by tests/benchmarks/phrasebook.py (pretrained/fr-en/README.md).",
)


def tatoeba_pairs(data: Path, max_words: int) -> dict[str, Counter[str]]:
    """Each French sentence (as a memory's ``key`` reads it) of at most ``max_words`` words of
    Tatoeba's training half, with the count of each English it is given."""
    folder = data / "tatoeba" / "en-fr"
    found: dict[str, Counter[str]] = {}
    fr = (folder / "train.fr").read_text(encoding="utf-8").split("\n")
    en = (folder / "train.en").read_text(encoding="utf-8").split("\n")
    for f, e in zip(fr, en):
        if len(f.split()) <= max_words and f.strip() and e.strip():
            found.setdefault(key(f), Counter())[e.strip()] += 1
    return found


def chosen(pairs: dict[str, Counter[str]], model: str, choose: str) -> Memory:
    """The phrasebook: each French sentence with one of its English translations (``choose``:
    ``score``, the model's likeliest; ``frequent``, the most frequent)."""
    memory = Memory()
    memory.targets = {f: c.most_common(1)[0][0] for f, c in pairs.items()}
    if choose == "frequent":
        return memory
    several = [(f, e) for f, c in pairs.items() if len(c) > 1 for e in c]
    scorer = Scorer(load_model(LoadOptions(model)), split=False)
    best: dict[str, tuple[float, str]] = {}
    for at in range(0, len(several), 2000):
        chunk = several[at : at + 2000]
        for (f, e), s in zip(chunk, scorer.score(chunk)):
            if s is not None and (f not in best or s.score > best[f][0]):
                best[f] = (s.score, e)
        print(f"scored {at + len(chunk):,} of {len(several):,}", file=sys.stderr)
    for f, (_, e) in best.items():
        memory.targets[f] = e
    return memory


def compare(memory: Memory, pairs: dict[str, Counter[str]], model: str, n: int, seed: int):
    """Print ``n`` sentences drawn at random whose model translation is not the phrasebook's."""
    sources = sorted(memory.targets)
    random.Random(seed).shuffle(sources)
    sources = sources[: n * 3]
    cmd = [sys.executable, "-m", "nmt_cli", "translate", "-m", model, "--no-model-memory"]
    out = subprocess.run(
        cmd, input="\n".join(sources) + "\n", capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    shown = seen = 0
    for f, hyp in zip(sources, out):
        if shown == n:
            break
        seen += 1
        if hyp.strip() != memory.targets[f]:
            shown += 1
            print(f"{shown}. {f}\n   model: {hyp}\n   Tatoeba: {' | '.join(pairs[f])}")
    print(f"{shown} of the {seen} sentences drawn are translated otherwise by the model")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--model", default="fr-en")
    ap.add_argument("--max-words", type=int, default=6)
    ap.add_argument("--choose", choices=["score", "frequent"], default="score")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pairs = tatoeba_pairs(args.data, args.max_words)
    if args.compare:
        memory = chosen(pairs, args.model, args.choose)
        compare(memory, pairs, args.model, args.compare, args.seed)
        return
    if args.out is None:
        ap.error("--out FILE or --compare N")
    memory = chosen(pairs, args.model, args.choose)
    write_tsv_memory(args.out, memory, NOTICE)
    print(f"{len(memory):,} French sentences: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
