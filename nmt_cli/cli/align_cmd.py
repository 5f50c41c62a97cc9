"""`nmt align`: alignment tables and Pharaoh alignments from a model's attention."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.align.formats import FORMATS, alignment_record, write_alignment
from nmt_cli.align.options import AlignOptions, LinkOptions
from nmt_cli.cli.common import OUTPUT_HELP, boundary, err_console, warn
from nmt_cli.cli.options import Only, options_from
from nmt_cli.errors import UsageError
from nmt_cli.inference.options import LoadOptions
from nmt_cli.search.options import SearchOptions
from nmt_cli.settings import setting


@dataclass(frozen=True)
class Pairs:
    """What `nmt align` aligns, and where it writes."""

    source: str | None = setting(None, "Source of a given pair.")
    target: str | None = setting(None, "Target of a given pair.")
    src_file: str | None = setting(None, "Sources, one per line.")
    tgt_file: str | None = setting(None, "Targets, one per line.")
    fmt: str | None = setting(
        None, "Default: table; pharaoh with --src-file.", "--format", choices=FORMATS
    )
    plot: Path | None = setting(None, "Draw the heat map to FILE.png or FILE.svg.")
    gold: str | None = setting(None, "Gold Pharaoh alignments: print AER, precision, recall.")
    max_width: int = setting(0, "Table width (default: the terminal's).")
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    chunk_lines: int = setting(200, "Pairs per batch in file mode.")

    def __post_init__(self) -> None:
        if (self.source is None) != (self.target is None):
            raise ValueError("--source and --target go together")
        if (self.src_file is None) != (self.tgt_file is None):
            raise ValueError("--src-file and --tgt-file go together")
        files = self.src_file is not None
        if self.plot is not None and self.plot.suffix.lower() not in (".png", ".svg"):
            raise ValueError("--plot takes a .png or .svg file name")
        if files and self.fmt not in (None, "pharaoh", "json"):
            raise ValueError(
                "with --src-file, --format must be pharaoh or json (one line per pair)"
            )
        if self.gold is not None and not files:
            raise ValueError("--gold scores file mode: give --src-file and --tgt-file")
        if self.plot is not None and files:
            raise ValueError("--plot draws one sentence pair, not a file of them")


Sentence = Annotated[list[str] | None, typer.Argument(help="A sentence to translate and align.")]


# Without --target, the model's beam-search translation is aligned.
@options_from
def align(
    text: Sentence = None,
    *,
    load: Annotated[LoadOptions, Only("model", "device", "precision")],
    search: Annotated[SearchOptions, Only("beam")],
    pairs: Pairs,
    reading: AlignOptions,
    links: LinkOptions,
) -> None:
    """Show which source words the model looked at for each target word.

    Examples: nmt align "Il fait froid ce matin."
              nmt align -m runs/de-en --source "Ein Hund läuft." --target "A dog runs."
              nmt align -m runs/de-en --src-file a.de --tgt-file a.en --format pharaoh > a.align
    """
    from nmt_cli.textio import check_files

    if sum([bool(text), pairs.source is not None, pairs.src_file is not None]) != 1:
        raise UsageError("give a sentence, or --source and --target, or --src-file and --tgt-file")
    check_files([pairs.gold], "--gold")
    check_files([pairs.src_file, pairs.tgt_file])
    source, target, src_file, tgt_file = pairs.source, pairs.target, pairs.src_file, pairs.tgt_file
    fmt, plot, gold, output = pairs.fmt, pairs.plot, pairs.gold, pairs.output
    fmt = fmt or ("pharaoh" if src_file else "table")
    from nmt_cli.align.forced import align_pairs, align_translation, check_attention
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(load.model, load.precision, device=load.device, opts=search)
    bundle = translator.bundle
    check_attention(bundle, reading.layer, reading.head)
    opts = {**dataclasses.asdict(reading), "rule": links.rule()}
    if src_file is not None:
        _align_files(bundle, src_file, tgt_file, fmt, opts, output, gold, pairs.chunk_lines)
        return
    if text:
        sentence = " ".join(text)
        [[translation], *_] = translator.translate([sentence])
        al = align_translation(bundle, sentence, translation, **opts)
    else:
        al = align_pairs(bundle, [source], [target], **opts)[0]
    write_alignment(al, fmt, output, pairs.max_width)
    if plot is not None:
        from nmt_cli.align.plot import plot_alignment

        plot_alignment(al, plot)


def _align_files(bundle, src_file, tgt_file, fmt, opts, output, gold, chunk_lines) -> None:
    """Batch mode: one record per pair, streamed in chunks, lines kept in order."""
    from nmt_cli.align.forced import align_chunks
    from nmt_cli.cli.progress import FileProgress
    from nmt_cli.textio import open_lines, side_by_side, write_output

    predicted: list[set] = []  # with --gold, the links of each pair, to score them

    def write(lines, out, interactive: bool) -> None:
        done = 0  # pairs written
        for chunk in align_chunks(bundle, lines, chunk_lines, **opts):
            for al in chunk:
                # A pair with a side that has no subwords has no alignment: an empty line, as
                # for fast_align.
                out.write((alignment_record(al, fmt) if al else "") + "\n")
                if gold is not None:
                    predicted.append(set(al.links) if al else set())
            done += len(chunk)
            progress.update(done)
            if interactive:
                out.flush()

    with (
        open_lines(src_file, warn) as srcs,
        open_lines(tgt_file, warn) as tgts,
        FileProgress(src_file, output, "align") as progress,
    ):
        write_output(output, functools.partial(write, side_by_side(srcs, tgts, src_file, tgt_file)))
    if gold is not None:
        _print_gold_scores(gold, predicted, len(predicted))  # one set for every pair


def _print_gold_scores(gold: str, predicted: list[set], pairs: int) -> None:
    from nmt_cli.align.pharaoh import score_against_file

    scores = score_against_file(predicted, gold, warn)
    err_console().print(
        f"AER {100 * scores.aer:.2f}  precision {100 * scores.precision:.2f}  "
        f"recall {100 * scores.recall:.2f}  ({pairs:,} pairs)"
    )


def register(app: typer.Typer) -> None:
    app.command("align")(boundary(align))
