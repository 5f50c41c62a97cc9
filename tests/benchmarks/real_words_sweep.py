"""Real words first, swept: which lines, and how far below the best (inference/real_words.py).

    python tests/benchmarks/real_words_sweep.py --set dev-ui SRC REF [--set NAME SRC REF ...]
        [--model fr-en] [--lines 1000]

Translates the first ``--lines`` lines of each set with the model's defaults and every
hypothesis of the beam kept (the translator puts real words first only where it keeps fewer
hypotheses than the beam: here it does not), then, for each row of the sweep (the longest line
in words, the margin), puts first on each line of at most that many words whose best
translation holds a made-up word (``real_words.made_up``) the first hypothesis of real words
within the margin of the best score (``real_words.real_first``); whole
lines, where the translator takes each sentence of a line. Prints
per set the lines changed, BLEU and exact matches (sacrebleu), as a Markdown table. The
shipped rule is the row "6 words, 1.0". The last row, "6 words, 1.0, copies", is a rule tried and
not kept: a word of the translation that is a word of the source, a French word the model knows
(known-words.txt) and never written in a training target (`Exposant :` "Exposant:") counts as
made up too; ``--show-copies`` prints each line that row changes against the shipped one.
Not a test: about a minute per 1,000 lines.
"""

from __future__ import annotations

import argparse
import math

import sacrebleu

from nmt_cli.inference import real_words
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.protect.names import NAME_WORD, shown
from nmt_cli.search.options import SearchOptions

SWEEP = [(math.inf, 0.3), (math.inf, 1.0), (3, 1.0), (6, 0.3), (6, 1.0)]


def copies(text: str, source: str, known, written) -> list[str]:
    """The words of ``text`` copied from ``source`` that ``known`` (the model's known source
    words) holds and ``written`` (its target words) lacks in any case."""
    words = set(NAME_WORD.findall(source))
    return [
        w
        for w in NAME_WORD.findall(text)
        if w in words and (w in known or w.lower() in known) and not shown(w, written)
    ]


def chosen(nbest, line: str, written, words: float, margin: float, known=None):
    """The translation put first under (``words``, ``margin``); with ``known``, a copied word
    (:func:`copies`) counts as made up too: a hypothesis with one never goes first."""

    def copied(text: str) -> list[str]:
        return copies(text, line, known, written) if known is not None else []

    best = nbest[0]
    if len(line.split()) > words or not (
        real_words.made_up(best.text, line, written) or copied(best.text)
    ):
        return best
    kept = [best, *(t for t in nbest[1:] if not copied(t.text))]
    return real_words.real_first(kept, line, written, keep=1, margin=margin)[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", nargs=3, action="append", metavar=("NAME", "SRC", "REF"))
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--show-copies", action="store_true")
    args = parser.parse_args()
    search = SearchOptions()
    translator = Translator.load(LoadOptions(args.model), SearchOptions(nbest=search.beam))
    written, known = translator.bundle.target_words, translator.bundle.known_words
    columns = []
    for name, src, ref in args.set:
        with open(src, encoding="utf-8") as f:
            lines = f.read().splitlines()[: args.lines]
        with open(ref, encoding="utf-8") as f:
            refs = f.read().splitlines()[: args.lines]
        found = translator.translate(lines)
        cells = []
        for words, margin, kn in [
            (0, 0.0, None),
            *((w, m, None) for w, m in SWEEP),
            (6, 1.0, known),
        ]:
            out = [chosen(nbest, x, written, words, margin, kn) for x, nbest in zip(lines, found)]
            texts = [t.text for t in out]
            changed = sum(t is not nbest[0] for t, nbest in zip(out, found))
            bleu = sacrebleu.corpus_bleu(texts, [refs]).score
            exact = sum(t == r for t, r in zip(texts, refs))
            cells.append(f"{changed}, {bleu:.2f}, {exact}")
            if kn is not None and args.show_copies:
                for x, nbest, t in zip(lines, found, out):
                    shipped = chosen(nbest, x, written, 6, 1.0)
                    if t is not shipped:
                        print(f"{name}: {x}  |  {shipped.text}  ->  {t.text}")
        columns.append((name, cells))
    print("| lines of | margin | " + " | ".join(f"{n}: changed, BLEU, exact" for n, _ in columns))
    print("|---|---|" + "---|" * len(columns))
    rows = [("(none)", "")] + [("any" if w == math.inf else f"{w} words", f"{m}") for w, m in SWEEP]
    rows.append(("6 words", "1.0, copies"))
    for k, (words, margin) in enumerate(rows):
        print(f"| {words} | {margin} | " + " | ".join(cells[k] for _, cells in columns) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
