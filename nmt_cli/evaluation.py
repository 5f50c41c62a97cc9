"""Corpus-level scores with sacrebleu, each with its signature so results can be compared."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.errors import InputError, UsageError
from nmt_cli.settings import setting
from nmt_cli.textio import check_files, read_lines

METRICS = ("bleu", "chrf", "chrf++", "ter")  # chrf++: chrF with word bigrams (word_order 2)
# BLEU's tokenizers that need nothing more installed (sacrebleu's -tok)
TOKENIZERS = ("13a", "intl", "char", "zh", "none")
# `nmt evaluate`'s files
HYP_HELP = "Translations, one per line ('-': stdin)."
REF_HELP = "References, one per line ('-': stdin); repeatable, one --ref per file."


@dataclass(frozen=True)
class EvaluateOptions:
    """Which metrics `nmt evaluate` computes and how they read the text, as sacrebleu's -m,
    -tok and -lc say (each choice shows in the signature)."""

    metrics: str = setting(
        "bleu,chrf", "Comma- or space-separated: bleu, chrf, chrf++, ter.", "--metrics", "-m"
    )
    tokenize: str = setting(
        "13a", "BLEU's tokenizer (sacrebleu's -tok).", "--tokenize", "-tok", choices=TOKENIZERS
    )
    lowercase: bool = setting(
        False, "Case-insensitive scores (sacrebleu's -lc).", "--lowercase", "-lc"
    )
    as_json: bool = setting(False, "One JSON object on stdout.", "--json")


@dataclass
class Score:
    metric: str
    score: float
    signature: str


def score_corpus(
    hyps: list[str],
    refs: list[list[str]],
    metrics: list[str],
    tokenize: str = "13a",
    lowercase: bool = False,
) -> list[Score]:
    """Score hypotheses against one or more references each (by default cased, 13a
    tokenisation for BLEU): ``refs`` holds each reference set, a line per hypothesis, as
    sacrebleu takes them (the signature's nrefs counts them)."""
    from sacrebleu.metrics import BLEU, CHRF, TER

    for ref in refs:
        if len(hyps) != len(ref):
            raise InputError(
                f"the hypotheses have {len(hyps):,} lines but the references {len(ref):,}"
            )
    if not hyps:
        raise InputError("nothing to score: the files are empty")
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise UsageError(f"unknown metric {unknown[0]!r}; choose from {', '.join(METRICS)}")
    made = {
        "bleu": lambda: BLEU(tokenize=tokenize, lowercase=lowercase),
        "chrf": lambda: CHRF(lowercase=lowercase),
        "chrf++": lambda: CHRF(word_order=2, lowercase=lowercase),
        "ter": TER,  # case-insensitive whatever -lc says, as sacrebleu's TER
    }
    out = []
    for name in metrics:
        metric = made[name]()
        result = metric.corpus_score(hyps, refs)
        out.append(Score(name, result.score, str(metric.get_signature())))
    return out


def score_files(
    hyp: str,
    refs: list[str],
    options: EvaluateOptions,
    warn: Callable[[str], None] | None = None,
) -> list[Score]:
    """score_corpus of the lines of the file ``hyp`` against those of each file of ``refs``
    (one of them all may be '-', stdin); ``options.metrics``: names, separated by commas or
    spaces ("bleu,chrf", sacrebleu's "bleu chrf")."""
    if [hyp, *refs].count("-") > 1:
        raise UsageError("only one of --hyp and --ref can be stdin")
    metrics = options.metrics
    names = list(dict.fromkeys(m.lower() for m in re.split(r"[\s,]+", metrics) if m))
    if not names:
        raise UsageError(f"--metrics {metrics!r} names no metric ({', '.join(METRICS)})")
    check_files([hyp], "--hyp", pipes=True)  # "--ref r.en: no such file", not "r.en: ..."
    check_files(refs, "--ref", pipes=True)
    for option, path in [("--hyp", hyp), *(("--ref", ref) for ref in refs)]:
        check_lines_file(path, option)
    hyps, references = read_lines(hyp, warn), [read_lines(ref, warn) for ref in refs]
    for ref, lines in zip(refs, references):
        check_reference(ref, len(lines), len(hyps), f"--hyp {hyp}")
    return score_corpus(hyps, references, names, options.tokenize, options.lowercase)


# Files whose translations are not one a line: scored as lines, their markup and sources were
# scored with them (a catalogue against itself: BLEU 100, whatever its msgstrs said)
NOT_LINES = {
    ".po": "a gettext catalogue",
    ".pot": "a gettext template",
    ".mo": "a compiled gettext catalogue",
    ".tmx": "a TMX memory",
    ".xlf": "an XLIFF file",
    ".xliff": "an XLIFF file",
}


def check_lines_file(path: str, option: str) -> None:
    """An InputError where ``path`` (given to ``option``) is by its extension a file whose
    translations are not one a line (NOT_LINES), gzip or xz too."""
    name = re.sub(r"\.(?:gz|xz)\Z", "", path.lower())
    what = next((w for ext, w in NOT_LINES.items() if name.endswith(ext)), None)
    if what is not None:
        raise InputError(
            f"{option} {path} is {what}, not one translation a line: BLEU and chrF score "
            "lines of text"
        )


def check_reference(ref: str, lines: int, against: int, what: str = "the input") -> None:
    """An InputError unless the reference file ``ref``'s ``lines`` are ``what``'s ``against``
    (the input's, or the translations of ``--hyp FILE``): "--hyp h.en has 1 line, --ref r.en
    has 2: one translation per reference line"."""
    if lines != against:
        unit = "line" if against == 1 else "lines"
        each = "input line" if what == "the input" else "translation"
        raise InputError(
            f"{what} has {against:,} {unit}, --ref {ref} has {lines:,}: "
            f"one {each} per reference line"
        )


def scores_json(scores: list[Score]) -> str:
    """One JSON object: each metric's score (2 decimals) and signature."""
    return json.dumps(
        {s.metric: {"score": round(s.score, 2), "signature": s.signature} for s in scores}
    )
