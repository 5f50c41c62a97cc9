"""Which placeholder a model without reserved placeholder tokens carries through best.

Takes lines of the shared French test sets that hold a digit, '@', '/' or '_' (a filter that
does not use the span detector; ``--per-file`` lines from each of newstest2013, Europarl test,
Hansards test, with their English references), masks their protected spans with each candidate
form, translates the masked lines with the model (as `nmt translate` does: split into sentences,
beam 5), and prints, per form: the share of placeholders the translation holds exactly once
(and dropped, repeated), the share of spans in the output after they are put back (by
placeholder or alignment), and BLEU against the references; and BLEU of the lines translated
without protection.

    python tests/benchmarks/placeholder_forms.py --model fr-en
    python tests/benchmarks/placeholder_forms.py --model DIR --dev --forms '<ph0>' 101

``--dev`` takes the lines of our development set instead (tests/benchmarks/data/spans_dev.tsv:
no references, so no BLEU); ``<ph0>`` is the reserved placeholders of a model trained with them
(``nmt train --placeholder-share``).

Not a test: it takes minutes and its figures depend on the model.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import sacrebleu

from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.translator import Translator
from nmt_cli.protect.placeholders import FALLBACK, RESERVED, PlaceholderForm
from nmt_cli.search.options import SearchOptions

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
SETS = [
    ("news/fr-en/newstest2013.fr", "news/fr-en/newstest2013.en"),
    ("europarl/test.fr", "europarl/test.en"),
    ("hansards/test.fr", "hansards/test.en"),
]
DEV = Path(__file__).resolve().parent / "data" / "spans_dev.tsv"
FORMS = {
    "<ph0>": RESERVED,
    "101": FALLBACK,
    "1": PlaceholderForm("{}", 1),
    "<1>": PlaceholderForm("<{}>", 1),
    "[1]": PlaceholderForm("[{}]", 1),
    "__1__": PlaceholderForm("__{}__", 1),
    "#1": PlaceholderForm("#{}", 1),
    "XX1": PlaceholderForm("XX{}", 1),
}


def chosen_lines(per_file: int) -> tuple[list[str], list[str]]:
    """The first ``per_file`` lines with a digit, '@', '/' or '_' of each set, and their
    references."""
    sources, refs = [], []
    for src, ref in SETS:
        pairs = zip(
            (DATA / src).read_text(encoding="utf-8").splitlines(),
            (DATA / ref).read_text(encoding="utf-8").splitlines(),
        )
        kept = [(s, r) for s, r in pairs if re.search(r"[0-9@/_]", s)][:per_file]
        sources += [s for s, _ in kept]
        refs += [r for _, r in kept]
    return sources, refs


def bleu_of(texts: list[str], refs: list[str] | None) -> str:
    return "n/a" if refs is None else f"{sacrebleu.corpus_bleu(texts, [refs]).score:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="fr-en")
    ap.add_argument("--per-file", type=int, default=67)
    ap.add_argument("--forms", nargs="*", default=list(FORMS)[1:], choices=list(FORMS))
    ap.add_argument("--dev", action="store_true", help="the lines of spans_dev.tsv, no BLEU")
    args = ap.parse_args()
    lines, refs = chosen_lines(args.per_file)
    if args.dev:
        rows = DEV.read_text(encoding="utf-8").splitlines()
        lines = [row.split("\t")[1] for row in rows if row and not row.startswith("#")]
        refs = None
    no_spans = TranslatorOptions(protect_spans=False)  # each form masks them here
    translator = Translator.load(LoadOptions(args.model), SearchOptions(beam=5), no_spans)
    plain = [nbest[0].text for nbest in translator.translate(lines)]
    print(f"{len(lines)} lines; without protection: BLEU {bleu_of(plain, refs)}")
    print("| placeholder | spans | carried once | dropped | repeated | spans out | BLEU |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.forms:
        protection = SpanProtection(translator.tok, translator.bundle.languages, form=FORMS[name])
        masked = [protection.mask(line) for line in lines]
        found = translator.translate([m.text for m in masked])
        counts = {"once": 0, "dropped": 0, "repeated": 0}
        for m, nbest in zip(masked, found):
            carried = [k for _, _, k in protection.form.find(nbest[0].text)]
            for k in range(len(m.spans)):
                n = carried.count(k)
                counts["once" if n == 1 else "dropped" if n == 0 else "repeated"] += 1
        restored = protection.restore(
            masked, found, False, translator.alignment_attention, penalty=translator.opts.penalty()
        )
        texts = [nbest[0].text for nbest in restored]
        kept = sum(text.count(out) >= 1 for m, text in zip(masked, texts) for out in m.outputs)
        total = sum(len(m.spans) for m in masked)
        print(
            f"| {name} | {total} | {100 * counts['once'] / total:.1f}% "
            f"| {100 * counts['dropped'] / total:.1f}% | {100 * counts['repeated'] / total:.1f}% "
            f"| {100 * kept / total:.1f}% | {bleu_of(texts, refs)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
