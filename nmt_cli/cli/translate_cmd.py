"""`nmt translate`: one line out for every line in, in order, streaming; documents whole."""

from __future__ import annotations

import sys
import warnings
from typing import Annotated

import typer

from nmt_cli.align.options import LinkOptions
from nmt_cli.cli.common import boundary, warn
from nmt_cli.cli.options import options_from
from nmt_cli.cli.progress import FileProgress
from nmt_cli.documents.options import DocumentOptions
from nmt_cli.documents.translate import read_input
from nmt_cli.errors import NmtNotice, UsageError
from nmt_cli.evaluation import score_corpus
from nmt_cli.inference.options import FileOptions, LoadOptions, TranslatorOptions
from nmt_cli.search.options import SearchOptions

Text = Annotated[list[str] | None, typer.Argument(help="Text to translate (else --input).")]


@options_from
def translate(
    text: Text = None,
    *,
    load: LoadOptions,
    search: SearchOptions,
    translator: TranslatorOptions,
    files: FileOptions,
    decision: LinkOptions,
    documents: DocumentOptions,
) -> None:
    """Translate text: arguments, a file, or stdin; one line out per line in.

    A line of several sentences is translated sentence by sentence (unless --no-split), printed
    as one line. A document (by extension or --input-format) comes out as the same document.

    Examples: nmt translate "Il fait froid ce matin."
              nmt translate -m runs/de-en < in.de > out.en
              nmt translate -m de-en-ct2 --engine ctranslate2 < in.de > out.en
              nmt translate -i messages.pot -o en.po
    """
    if not files.align and (decision.rule_name is not None or decision.threshold is not None):
        raise UsageError("--links and --threshold choose --align's links: give --align")
    if files.word_scores and load.engine != "torch":
        raise UsageError("--word-scores needs --engine torch (CTranslate2 gives sums only)")
    say = (lambda _: None) if files.quiet else warn  # --quiet: errors only
    warnings.simplefilter("ignore" if files.quiet else "always", NmtNotice)
    source = read_input(text, files, documents, search.nbest, say)  # before the model
    from nmt_cli.inference.loading import use_threads
    from nmt_cli.inference.translator import Translator

    workers = use_threads(load, parallel_batches=True)
    model = Translator.load(
        load, search, translator, link_rule=decision.rule(printed=files.align),
        aligned=source.aligned, workers=workers, warn=say,
    )  # fmt: skip
    with FileProgress(source.shown, files.output, "translate", source.total) as progress:
        best = source.translate(model, progress.update, say)
    if files.ref is not None:
        for s in score_corpus(best, [source.references or []], ["bleu", "chrf"]):
            print(f"{s.metric.upper()} {s.score:.2f}  {s.signature}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    app.command("translate")(boundary(translate))
