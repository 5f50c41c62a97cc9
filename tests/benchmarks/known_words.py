"""The known words of a model trained by stages: counted over the pairs of its last stage.

`nmt train` writes a run's known-words.txt and target-words.txt from its own training pairs
(nmt_cli/protect/names.py: the source words its data taught it, the translator copies the other
names; every word of the target sides, over which alone a sentence's first name is put back).
The shipped ``fr-en`` was trained in stages, the last (train-stage7.toml) on files made by the
commands of its model card; this writes its lists from the same files:

    python tests/benchmarks/known_words.py --out pretrained/fr-en \\
        --pairs sw/ui.tsv --pairs sw/help.tsv --src sw/ep.fr --tgt sw/ep.en \\
        --src sw/ha.fr --tgt sw/ha.en --src $T/train.fr --tgt $T/train.en

(TAB pairs: French TAB English; ``--src``/``--tgt``: parallel line files, given in pairs.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from nmt_cli.model.bundle import KNOWN_WORDS_FILE, TARGET_WORDS_FILE, write_words
from nmt_cli.protect.names import WordCounts
from nmt_cli.textio import open_lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="model directory to write to")
    parser.add_argument("--pairs", action="append", default=[], help="a TAB pairs file")
    parser.add_argument("--src", action="append", default=[], help="a source lines file")
    parser.add_argument("--tgt", action="append", default=[], help="its target lines file")
    args = parser.parse_args()
    if len(args.src) != len(args.tgt):
        parser.error("give --src and --tgt in pairs")
    counts, pairs = WordCounts(), 0
    for path in args.pairs:
        with open_lines(path) as lines:
            for line in lines:
                src, _, tgt = line.rstrip("\n").partition("\t")
                counts.add(src, tgt)
                pairs += 1
    for src_path, tgt_path in zip(args.src, args.tgt):
        with open_lines(src_path) as fs, open_lines(tgt_path) as ft:
            for src, tgt in zip(fs, ft):
                counts.add(src, tgt)
                pairs += 1
    known, written = counts.known(), counts.written
    write_words(args.out / KNOWN_WORDS_FILE, known)
    write_words(args.out / TARGET_WORDS_FILE, written)
    print(
        f"{pairs:,} pairs, {len(counts.seen):,} source words, {len(known):,} known; "
        f"{len(written):,} target words"
    )


if __name__ == "__main__":
    main()
