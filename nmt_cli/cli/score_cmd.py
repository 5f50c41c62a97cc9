"""`nmt score`: how likely a model finds given translations (forced decoding)."""

from __future__ import annotations

from typing import Annotated

import typer

from nmt_cli.cli.common import boundary, warn
from nmt_cli.cli.options import Only, options_from
from nmt_cli.cli.progress import FileProgress
from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.pairs import PairFiles, check_pair_files
from nmt_cli.search.options import SearchOptions


@options_from
def score(
    *,
    load: Annotated[LoadOptions, Only("model", "threads", "device", "precision")],
    search: Annotated[SearchOptions, Only("length_penalty")],
    translator: Annotated[TranslatorOptions, Only("split")],
    files: PairFiles,
) -> None:
    """Score given translations: per pair, the log-prob of the target (</s> included) over the
    length penalty's divisor (--length-penalty 0: none; per token: jsonl's log_prob / tokens),
    as nmt translate --format jsonl scores its own; both sides as given, no span protected.

    Examples: nmt score -m fr-en --src-file test.fr --tgt-file test.en > scores.txt
              paste test.fr test.en | nmt score -m fr-en --format jsonl --word-scores
    """
    check_pair_files(files)  # before the model loads
    from nmt_cli.inference.loading import load_model, use_threads
    from nmt_cli.inference.scoring import Scorer, score_file

    use_threads(load)
    scorer = Scorer(load_model(load), search, translator.split, warn)
    with FileProgress(files.counted, files.output, "score") as progress:
        score_file(scorer, files, progress.update, warn)


def register(app: typer.Typer) -> None:
    app.command("score")(boundary(score))
