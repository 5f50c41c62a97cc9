"""Untranslated copies as made-up words: would real words first gain by counting them?

    python tests/benchmarks/untranslated_copies.py [--model fr-en] [--lines 1000]
        --set dev-ui SRC REF [--set NAME SRC REF ...]

A small model sometimes copies a French word it should translate (`Exposant :` "Exposant:",
`Pilote actif :` "Current Pilote:"). Real words first (inference/real_words.py) counts a word of
the source as real, so such a line is not searched again. This script tries the other rule: a
word of the translation that is a word of the source, is among the model's known source words
(known-words.txt) and was never written in a training target (target-words.txt, any case) is
made up too. It translates each set with every hypothesis of the beam kept, applies the shipped
rule (lines of at most 6 words, margin 1.0) with and without the copies counted, and prints
BLEU, exact matches and every line the extra rule changes. Not a test: a minute per 1,000 lines.
"""

from __future__ import annotations

import argparse

import sacrebleu

from nmt_cli.inference import real_words
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.protect.names import NAME_WORD
from nmt_cli.search.options import SearchOptions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", nargs=3, action="append", metavar=("NAME", "SRC", "REF"))
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--lines", type=int, default=1000)
    args = parser.parse_args()
    translator = Translator.load(LoadOptions(args.model), SearchOptions(nbest=SearchOptions().beam))
    written, known = translator.bundle.target_words, translator.bundle.known_words

    def copies(text: str, source: str) -> list[str]:
        words = set(NAME_WORD.findall(source))
        return [
            w
            for w in NAME_WORD.findall(text)
            if w in words
            and (w in known or w.lower() in known)
            and not (w in written or w.lower() in written or w.capitalize() in written)
        ]

    rules = {
        "shipped": lambda text, line: real_words.made_up(text, line, written),
        "copies too": lambda text, line: (
            real_words.made_up(text, line, written) + copies(text, line)
        ),
    }

    def first(nbest, line, rule):
        if len(line.split()) > real_words.SHORT_WORDS or not rule(nbest[0].text, line):
            return nbest[0]
        best = nbest[0]
        for t in nbest[1:]:
            if t.score >= best.score - real_words.MARGIN and not rule(t.text, line):
                return t
        return best

    for name, src, ref in args.set:
        with open(src, encoding="utf-8") as f:
            lines = f.read().splitlines()[: args.lines]
        with open(ref, encoding="utf-8") as f:
            refs = f.read().splitlines()[: args.lines]
        found = translator.translate(lines)
        chosen = {k: [first(n, x, rule) for x, n in zip(lines, found)] for k, rule in rules.items()}
        for k, out in chosen.items():
            texts = [t.text for t in out]
            bleu = sacrebleu.corpus_bleu(texts, [refs]).score
            exact = sum(t == r for t, r in zip(texts, refs))
            print(f"{name}, {k}: BLEU {bleu:.2f}, exact {exact}")
        for x, a, b in zip(lines, chosen["shipped"], chosen["copies too"]):
            if a is not b:
                print(f"    {x}  |  {a.text}  ->  {b.text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
