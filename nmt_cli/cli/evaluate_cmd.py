"""`nmt evaluate`: BLEU, chrF and TER of a translation against references (sacrebleu)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from nmt_cli.cli.common import boundary, err_console, warn


def evaluate(
    hyp: Annotated[str, typer.Option("--hyp", help="Translations, one per line ('-': stdin).")],
    ref: Annotated[str, typer.Option("--ref", help="References, one per line.")],
    metrics: Annotated[
        str, typer.Option("--metrics", help="Comma-separated: bleu,chrf,ter.")
    ] = "bleu,chrf",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Score translations with sacrebleu; prints scores with their signatures.

    Example:
        nmt translate -m runs/de-en < test.de > hyp.en
        nmt evaluate --hyp hyp.en --ref test.en
    """
    from nmt_cli.errors import UsageError
    from nmt_cli.evaluation import score_corpus
    from nmt_cli.textio import read_lines

    if hyp == "-" and ref == "-":
        raise UsageError("only one of --hyp and --ref can be stdin")
    names = [m.strip().lower() for m in metrics.split(",") if m.strip()]
    scores = score_corpus(read_lines(hyp, warn), read_lines(ref, warn), names)
    if as_json:
        record = {s.metric: {"score": round(s.score, 2), "signature": s.signature} for s in scores}
        print(json.dumps(record))
        return
    console = err_console()
    if console.is_terminal:
        from rich.table import Table

        table = Table(title=f"{hyp} against {ref}")
        table.add_column("metric")
        table.add_column("score", justify="right")
        table.add_column("signature")
        for s in scores:
            table.add_row(s.metric.upper(), f"{s.score:.2f}", s.signature)
        console.print(table)
    for s in scores:  # the plain result on stdout, for scripts and logs
        print(f"{s.metric.upper()}\t{s.score:.2f}\t{s.signature}")


def register(app: typer.Typer) -> None:
    app.command("evaluate")(boundary(evaluate))
