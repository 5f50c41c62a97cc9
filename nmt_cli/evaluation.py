"""Corpus-level scores with sacrebleu, each with its signature so results can be compared."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.errors import InputError, UsageError
from nmt_cli.textio import read_lines

METRICS = ("bleu", "chrf", "ter")


@dataclass
class Score:
    metric: str
    score: float
    signature: str


def score_corpus(hyps: list[str], refs: list[list[str]], metrics: list[str]) -> list[Score]:
    """Score hypotheses against one or more references each (cased, 13a tokenisation for
    BLEU): ``refs`` holds each reference set, a line per hypothesis, as sacrebleu takes them
    (the signature's nrefs counts them)."""
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
    out = []
    for name in metrics:
        metric = {"bleu": BLEU, "chrf": CHRF, "ter": TER}[name]()
        result = metric.corpus_score(hyps, refs)
        out.append(Score(name, result.score, str(metric.get_signature())))
    return out


def score_files(
    hyp: str, refs: list[str], metrics: str, warn: Callable[[str], None] | None = None
) -> list[Score]:
    """score_corpus of the lines of the file ``hyp`` against those of each file of ``refs``
    (one of them all may be '-', stdin); ``metrics``: names, comma-separated ("bleu,chrf")."""
    if [hyp, *refs].count("-") > 1:
        raise UsageError("only one of --hyp and --ref can be stdin")
    names = list(dict.fromkeys(m.strip().lower() for m in metrics.split(",") if m.strip()))
    if not names:
        raise UsageError(f"--metrics {metrics!r} names no metric (bleu, chrf, ter)")
    hyps, references = read_lines(hyp, warn), [read_lines(ref, warn) for ref in refs]
    for ref, lines in zip(refs, references):
        check_reference(ref, len(lines), len(hyps), f"--hyp {hyp}")
    return score_corpus(hyps, references, names)


def check_reference(ref: str, lines: int, against: int, what: str = "the input") -> None:
    """An InputError unless the reference file ``ref``'s ``lines`` are ``what``'s ``against``."""
    if lines != against:
        raise InputError(f"--ref {ref} has {lines:,} lines but {what} {against:,}")


def scores_json(scores: list[Score]) -> str:
    """One JSON object: each metric's score (2 decimals) and signature."""
    return json.dumps(
        {s.metric: {"score": round(s.score, 2), "signature": s.signature} for s in scores}
    )
