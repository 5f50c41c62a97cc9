"""The fr-en model's table of swapped acronyms (``pretrained/fr-en/acronyms.tsv``), counted over
its training corpora (nmt_cli/inference/swapped.py reads it).

``acronyms.tsv``: each French acronym with its English one, French TAB English (``TVA`` VAT,
``ONU`` UN, ``OTAN`` NATO), by the co-occurrence of acronyms on the two sides of the pairs:
for a French acronym F, over the pairs whose French holds it, those whose English holds an
acronym E the French lacks while the English lacks F (an English plural's s and possessive
aside: "SMEs"); a pair F E is kept where it is seen at least ``--min-pairs`` times, in at least
half the pairs of F, in at least half those of E, and more often than F is copied (``PPE``,
which the English writes "PPE" more often than "EPP", is no pair). A word the translator reads
as shouted (protect/names.py ``shouted_words``: at least four capitals, known in small letters,
``CONSEIL``, ``SIDA``) is no acronym here. Only lines in ordinary case count.

    python tests/benchmarks/names_table.py --out pretrained/fr-en

Read: the training splits of Europarl v7, the Canadian Hansards and Tatoeba in ../shared/data
(never news: newstest is test data).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from nmt_cli.model.bundle import KNOWN_WORDS_FILE, read_words
from nmt_cli.model.name_tables import ACRONYMS_FILE, write_pairs
from nmt_cli.protect.names import NAME_WORD, SHOUTED_LETTERS, is_acronym
from nmt_cli.textio import open_lines

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
CORPORA = (  # (French, English) training splits
    ("europarl/train.fr.xz", "europarl/train.en.xz"),
    ("hansards/train.fr.gz", "hansards/train.en.gz"),
    ("tatoeba/en-fr/train.fr", "tatoeba/en-fr/train.en"),
)


def english_acronyms(words: list[str]) -> set[str]:
    """The acronyms of an English side, a plural's s and a possessive aside (SMEs, EU's)."""
    out = set()
    for word in words:
        bare = word.removesuffix("'s").removesuffix("’s")
        bare = bare[:-1] if bare.endswith("s") and is_acronym(bare[:-1]) else bare
        if is_acronym(bare):
            out.add(bare)
    return out


class Counts:
    def __init__(self, known: frozenset[str]) -> None:
        self.known = known
        self.seen: Counter[str] = Counter()  # French acronym: pairs
        self.copied: Counter[str] = Counter()  # ... whose English holds it too
        self.english: Counter[str] = Counter()  # English acronym: pairs with a French one
        self.together: Counter[tuple[str, str]] = Counter()

    def acronym(self, word: str) -> bool:
        shouted = len(word) >= SHOUTED_LETTERS and word.lower() in self.known
        return is_acronym(word) and not shouted

    def add(self, fr: str, en: str) -> None:
        if not any(c.islower() for c in fr):
            return
        src = NAME_WORD.findall(fr)
        self._acronyms({w.split("'")[-1].split("’")[-1] for w in src}, NAME_WORD.findall(en))

    def _acronyms(self, words: set[str], tgt: list[str]) -> None:
        french = {w for w in words if self.acronym(w)}
        if not french:
            return
        english = english_acronyms(tgt)
        self.seen.update(french)
        self.copied.update(french & english)
        self.english.update(english - french)
        for f in french - english:
            self.together.update((f, e) for e in english - french)

    def acronym_pairs(self, min_pairs: int) -> dict[str, str]:
        best: dict[str, tuple[int, str]] = {}
        for (f, e), n in self.together.items():
            if n > best.get(f, (0, ""))[0]:
                best[f] = (n, e)
        return {
            f: e
            for f, (n, e) in best.items()
            if n >= min_pairs
            and 2 * n >= self.seen[f]
            and 2 * n >= self.english[e]
            and n > self.copied[f]
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the model directory")
    parser.add_argument("--data", type=Path, default=DATA, help="../shared/data")
    parser.add_argument("--min-pairs", type=int, default=5)
    args = parser.parse_args()
    counts = Counts(read_words(args.out / KNOWN_WORDS_FILE) or frozenset())
    for fr_path, en_path in CORPORA:
        with open_lines(args.data / fr_path) as fr, open_lines(args.data / en_path) as en:
            for src, tgt in zip(fr, en):
                counts.add(src, tgt)
    pairs = counts.acronym_pairs(args.min_pairs)
    write_pairs(args.out / ACRONYMS_FILE, pairs)
    print(f"{len(pairs):,} acronym pairs")


if __name__ == "__main__":
    main()
