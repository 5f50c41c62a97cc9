"""`nmt align`: alignment tables and Pharaoh alignments from a model's attention."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer

from nmt_cli.align.formats import write_alignment
from nmt_cli.align.options import AlignOptions, LinkOptions, PairOptions, check_request
from nmt_cli.align.plot import check_plot, plot_alignment
from nmt_cli.cli.common import boundary, err_console, warn
from nmt_cli.cli.options import Only, options_from
from nmt_cli.cli.progress import FileProgress
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.pairs import align_pair_file, check_pair_file
from nmt_cli.search.options import SearchOptions

Sentence = Annotated[list[str] | None, typer.Argument(help="A sentence to translate and align.")]


# Without --target, the model's beam-search translation is aligned.
@options_from
def align(
    text: Sentence = None,
    *,
    load: Annotated[LoadOptions, Only("model", "device", "precision")],
    search: Annotated[SearchOptions, Only("beam")],
    pairs: PairOptions,
    reading: AlignOptions,
    decision: LinkOptions,
) -> None:
    """Show which source words the model looked at for each target word.

    Examples: nmt align "Il fait froid ce matin."
              nmt align -m runs/de-en --source "Ein Hund läuft." --target "A dog runs."
              nmt align -m runs/de-en --src-file a.de --tgt-file a.en --format pharaoh > a.align
    """
    check_request(bool(text), pairs, reading, search.beam != SearchOptions.beam)
    check_pair_file(pairs)  # before the model loads
    check_plot(pairs.plot)
    from nmt_cli.align.forced import align_pairs, align_translation, check_attention
    from nmt_cli.inference.loading import load_model, use_threads
    from nmt_cli.inference.translator import AS_GIVEN, Translator

    use_threads(load)
    translator = Translator(load_model(load), search, AS_GIVEN)
    bundle = translator.bundle
    check_attention(bundle, reading.layer, reading.head)
    opts = {**dataclasses.asdict(reading), "rule": decision.rule()}
    if pairs.files is not None:  # a memory's lines are not its pairs: no bar for --pairs
        with FileProgress(pairs.src_file or "-", pairs.output, "align") as progress:
            scores = align_pair_file(bundle, pairs, progress.update, warn, **opts)
        if scores is not None:  # --gold
            err_console().print(scores.summary())
        return
    if text:
        al = align_translation(translator, " ".join(text), **opts)
    else:
        al = align_pairs(bundle, [pairs.source], [pairs.target], **opts)[0]
    write_alignment(al, pairs.format, pairs.output, pairs.max_width)
    if pairs.plot is not None:
        plot_alignment(al, pairs.plot)


def register(app: typer.Typer) -> None:
    app.command("align")(boundary(align))
