"""The software-text training corpus of the fr-en default (issue 51): LibreOffice's interface
catalogues and help pages as French TAB English pairs, with every pair that touches the
development split removed.

- Interface: the catalogues of ``../shared/data/software/libreoffice-ui-fr`` that are not in the
  development split (software_split.py: every sixth by name), read as `nmt train --pairs` reads
  them (nmt_cli/formats/po.py: English msgid to French msgstr, turned French to English;
  fuzzy, obsolete and untranslated entries skipped; plurals paired; access keys removed),
  de-duplicated.
- Help: the pairs of help_pairs.py (its own de-duplication and share of identical names).
- Removed: every pair whose French or English side, case- and access-key-folded, is a text of
  the development split (``heldout.txt`` of software_split.py: all of its catalogues' and help
  modules' texts, not only the sample scored).
- Identical pairs (a name or a code the same in both languages) of the interface: at most
  ``--identical-share`` of the pairs written, drawn by ``--seed``, as help_pairs.py does.

    python tests/benchmarks/software_split.py --out /tmp/software-split
    python tests/benchmarks/help_pairs.py --out /tmp/help.fr-en.tsv
    python tests/benchmarks/software_corpus.py --split /tmp/software-split \\
        --help-pairs /tmp/help.fr-en.tsv --out /tmp/software-corpus

With a split written with ``--hold measured`` and ``--dev-catalogues``, the split's five
catalogues are read too, less what that split holds out (fr-en stage 9).

Writes ``ui.tsv`` and ``help.tsv`` to ``--out`` and the counts on stdout. Data is never
committed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from software_split import SOFTWARE, dev_catalogues, in_split, read_heldout  # noqa: E402

from nmt_cli.formats.po import read_pairs  # noqa: E402


def interface_pairs(counts: Counter, dev_too: bool = False) -> list[tuple[str, str]]:
    """The (French, English) pairs of the catalogues outside the development split (with
    ``dev_too``, of all of them), each once, in the catalogues' order."""
    folder = SOFTWARE / "libreoffice-ui-fr"
    dev = set() if dev_too else {p.name for p in dev_catalogues(folder)}
    seen: set[tuple[str, str]] = set()
    out = []
    for path in sorted(folder.glob("*.po")):
        if path.name in dev:
            continue
        for pair in read_pairs(str(path), ("fr", "en"), lambda c: None):
            counts["interface pairs read"] += 1
            if pair in seen:
                counts["interface: duplicate"] += 1
                continue
            seen.add(pair)
            out.append(pair)
    return out


def outside(pairs, heldout, counts: Counter, what: str) -> list[tuple[str, str]]:
    """``pairs`` without those whose French or English side (folded) is in ``heldout``."""
    kept = []
    for src, tgt in pairs:
        if in_split(src, tgt, heldout):
            counts[f"{what}: in the development split"] += 1
        else:
            kept.append((src, tgt))
    return kept


def fewer_identical(pairs, share: float, rng: random.Random, counts: Counter):
    """``pairs`` with at most ``share`` of them identical on both sides (names, codes)."""
    identical = [p for p in pairs if p[0] == p[1]]
    others = [p for p in pairs if p[0] != p[1]]
    room = int(share * len(others) / (1 - share))
    keep = set(rng.sample(range(len(identical)), min(room, len(identical))))
    counts["interface: identical, dropped"] += len(identical) - len(keep)
    chosen = {p for k, p in enumerate(identical) if k in keep}
    return [p for p in pairs if p[0] != p[1] or p in chosen]


def write(path: Path, pairs) -> None:
    """French TAB English lines: a side's tabs and line breaks (a catalogue's \\t) are
    spaces, each run of white space one space."""
    with open(path, "w", encoding="utf-8") as f:
        for src, tgt in pairs:
            f.write(f"{' '.join(src.split())}\t{' '.join(tgt.split())}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", type=Path, required=True, help="software_split.py's --out")
    parser.add_argument("--help-pairs", type=Path, required=True, help="help_pairs.py's --out")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--identical-share", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--dev-catalogues",
        action="store_true",
        help="read the split's catalogues too (a split written with --hold measured)",
    )
    args = parser.parse_args()
    heldout = read_heldout(args.split / "heldout.txt")
    counts: Counter = Counter()
    ui = outside(interface_pairs(counts, args.dev_catalogues), heldout, counts, "interface")
    ui = fewer_identical(ui, args.identical_share, random.Random(args.seed), counts)
    lines = args.help_pairs.read_text(encoding="utf-8").splitlines()
    help_pairs = [tuple(line.split("\t")) for line in lines if line.count("\t") == 1]
    help_kept = outside(help_pairs, heldout, counts, "help")
    args.out.mkdir(parents=True, exist_ok=True)
    write(args.out / "ui.tsv", ui)
    write(args.out / "help.tsv", help_kept)
    counts["interface pairs written"] = len(ui)
    counts["help pairs read"] = len(help_pairs)
    counts["help pairs written"] = len(help_kept)
    for what, n in sorted(counts.items()):
        print(f"{what}: {n:,}")


if __name__ == "__main__":
    main()
