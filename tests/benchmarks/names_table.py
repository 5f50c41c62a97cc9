"""The fr-en model's tables of swapped names (``pretrained/fr-en/acronyms.tsv`` and
``first-names.txt``), counted over its training corpora (nmt_cli/inference/swapped.py reads them).

``acronyms.tsv``: each French acronym with its English one, French TAB English (``TVA`` VAT,
``ONU`` UN, ``OTAN`` NATO), by the co-occurrence of acronyms on the two sides of the pairs:
for a French acronym F, over the pairs whose French holds it, those whose English holds an
acronym E the French lacks while the English lacks F (an English plural's s and possessive
aside: "SMEs"); a pair F E is kept where it is seen at least ``--min-pairs`` times, in at least
half the pairs of F, in at least half those of E, and more often than F is copied (``PPE``,
which the English writes "PPE" more often than "EPP", is no pair). A word the translator reads
as shouted (protect/names.py ``shouted_words``: at least four capitals, known in small letters,
``CONSEIL``, ``SIDA``) is no acronym here. Only lines in ordinary case count.

``first-names.txt``: the capitalised words that the English, where the French writes them
before another name it copies, writes as they are (``Marie`` Curie, ``Jean`` Chrétien) at least
4 times in 5 and at least 3 times; a word written otherwise there is counted against it
("Mount" for ``Mont``, "Puerto" for ``Porto``) unless it is a title, a word the English writes
in the place of a word the French writes more often translated than copied there ("Mr" for
``Monsieur``, "Commissioner" for ``Commissaire``): the English put it in a first name's place
("Commissioner Barnier" for ``Michel Barnier``), it translates no first name; never a word whose
small letters the model's target words hold (``The``, ``New``, ``Sir``: an English word).

    python tests/benchmarks/names_table.py --out pretrained/fr-en

Read: the training splits of Europarl v7, the Canadian Hansards and Tatoeba in ../shared/data
(never news: newstest is test data).
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

from nmt_cli.model.bundle import KNOWN_WORDS_FILE, TARGET_WORDS_FILE, read_words, write_words
from nmt_cli.model.name_tables import ACRONYMS_FILE, FIRST_NAMES_FILE, write_pairs
from nmt_cli.protect.names import NAME_WORD, SHOUTED_LETTERS, is_acronym, is_name
from nmt_cli.textio import open_lines

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
CORPORA = (  # (French, English) training splits
    ("europarl/train.fr.xz", "europarl/train.en.xz"),
    ("hansards/train.fr.gz", "hansards/train.en.gz"),
    ("tatoeba/en-fr/train.fr", "tatoeba/en-fr/train.en"),
)
WORD_FILES = (KNOWN_WORDS_FILE, TARGET_WORDS_FILE)  # the model's, written by known_words.py
COPIED_SHARE = 0.8  # a first name: written as it is at least this often before a name
FIRST_SEEN = 3  # ... and at least this many times


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
    def __init__(self, known: frozenset[str], written: frozenset[str] = frozenset()) -> None:
        self.known, self.written = known, written
        self.seen: Counter[str] = Counter()  # French acronym: pairs
        self.copied: Counter[str] = Counter()  # ... whose English holds it too
        self.english: Counter[str] = Counter()  # English acronym: pairs with a French one
        self.together: Counter[tuple[str, str]] = Counter()
        self.kept: Counter[str] = Counter()  # a name before a name: written as it is
        self.instead: defaultdict[str, Counter[str]] = defaultdict(Counter)  # ... or otherwise

    def acronym(self, word: str) -> bool:
        shouted = len(word) >= SHOUTED_LETTERS and word.lower() in self.known
        return is_acronym(word) and not shouted

    def add(self, fr: str, en: str) -> None:
        if not any(c.islower() for c in fr):
            return
        src = NAME_WORD.findall(fr)
        tgt = NAME_WORD.findall(en)
        self._acronyms({w.split("'")[-1].split("’")[-1] for w in src}, tgt)
        self._first_names(src, tgt)

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

    def _first_names(self, src: list[str], tgt: list[str]) -> None:
        at = defaultdict(list)
        for i, word in enumerate(tgt):
            at[word].append(i)
        said = set(src)
        for x, y in zip(src, src[1:]):
            if not (is_name(x) and is_name(y)):
                continue
            for i in at.get(y, ()):
                z = tgt[i - 1] if i else ""
                if z == x:
                    self.kept[x] += 1
                elif is_name(z) and z not in said:
                    self.instead[x][z] += 1

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

    def first_names(self) -> set[str]:
        titles = set()  # what the English writes for a word it translates before a name
        for x, instead in self.instead.items():
            if sum(instead.values()) > self.kept[x]:
                titles.add(instead.most_common(1)[0][0])
        out = set()
        for x, n in self.kept.items():
            other = sum(c for z, c in self.instead[x].items() if z not in titles)
            english = x.lower() in self.written  # The, New, Sir: an English word's capital
            if n >= FIRST_SEEN and n >= COPIED_SHARE * (n + other) and not english:
                out.add(x)
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the model directory")
    parser.add_argument("--data", type=Path, default=DATA, help="../shared/data")
    parser.add_argument("--min-pairs", type=int, default=5)
    args = parser.parse_args()
    known, written = (read_words(args.out / name) or frozenset() for name in WORD_FILES)
    counts = Counts(known, written)
    for fr_path, en_path in CORPORA:
        with open_lines(args.data / fr_path) as fr, open_lines(args.data / en_path) as en:
            for src, tgt in zip(fr, en):
                counts.add(src, tgt)
    pairs, names = counts.acronym_pairs(args.min_pairs), counts.first_names()
    write_pairs(args.out / ACRONYMS_FILE, pairs)
    write_words(args.out / FIRST_NAMES_FILE, names)
    print(f"{len(pairs):,} acronym pairs, {len(names):,} first names")


if __name__ == "__main__":
    main()
