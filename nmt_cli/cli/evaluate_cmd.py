"""`nmt evaluate`: BLEU, chrF and TER of a translation against references (sacrebleu)."""

from __future__ import annotations

from typing import Annotated

import typer

from nmt_cli.cli.common import boundary, err_console, warn
from nmt_cli.cli.options import options_from
from nmt_cli.evaluation import HYP_HELP, REF_HELP, EvaluateOptions, score_files, scores_json


@options_from
def evaluate(
    hyp: Annotated[str, typer.Option("--hyp", metavar="<file>", help=HYP_HELP)],
    ref: Annotated[list[str], typer.Option("--ref", metavar="<file>", help=REF_HELP)],
    *,
    options: EvaluateOptions,
) -> None:
    """Score translations with sacrebleu; prints scores with their signatures.

    Example: nmt translate -m runs/de-en < test.de > hyp.en
             nmt evaluate --hyp hyp.en --ref test.en
    """
    scores = score_files(hyp, ref, options, warn)
    if options.as_json:
        print(scores_json(scores))
        return
    console = err_console()
    if console.is_terminal:
        from rich.table import Table

        table = Table("metric", "score", "signature", title=f"{hyp} against {', '.join(ref)}")
        table.columns[1].justify = "right"
        for s in scores:
            table.add_row(s.metric.upper(), f"{s.score:.2f}", s.signature)
        console.print(table)
    for s in scores:  # the plain result on stdout, for scripts and logs
        print(f"{s.metric.upper()}\t{s.score:.2f}\t{s.signature}")


def register(app: typer.Typer) -> None:
    app.command("evaluate")(boundary(evaluate))
