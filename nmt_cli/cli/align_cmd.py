"""`nmt align`: alignment tables and Pharaoh alignments from a model's attention."""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Iterator
from itertools import zip_longest
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import (
    LinksOption,
    ModelOption,
    OutputOption,
    ThresholdOption,
    boundary,
    check_choice,
    choice_option,
    err_console,
    link_rule,
    warn,
    write_output,
)
from nmt_cli.device import DEVICES
from nmt_cli.errors import InputError, UsageError

FORMATS = ("table", "pharaoh", "json", "csv")
LEVELS = ("word", "subword")


def render_tables(al, max_width: int):
    """Rich tables for one alignment: rows target words, columns source words, cells 0-100
    shaded by weight, the cells of its links marked; split into column blocks that fit
    ``max_width``."""
    from rich.table import Table
    from rich.text import Text

    row_label = max([len(t) for t in al.tgt_labels] + [4]) + 3
    widths = [max(len(s), 3) + 3 for s in al.src_labels]
    blocks: list[list[int]] = []  # column indices of each table
    used = row_label
    for j, w in enumerate(widths):
        if not blocks or used + w > max_width:
            blocks.append([])
            used = row_label
        blocks[-1].append(j)
        used += w
    linked = set(al.links)  # (source, target)
    tables = []
    for cols in blocks:
        table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
        table.add_column("", justify="right", style="bold", no_wrap=True)
        for j in cols:
            table.add_column(Text(al.src_labels[j]), justify="right", no_wrap=True)
        for i, label in enumerate(al.tgt_labels):
            cells = []
            for j in cols:
                value = float(al.weights[i, j])
                shade = int(232 + round(value * 23))  # grey ramp: dark (0) to white (1)
                style = f"black on color({shade})" if value >= 0.5 else f"white on color({shade})"
                mark = "*" if (j, i) in linked else " "
                cells.append(Text(f"{round(100 * value):>3}{mark}", style=style))
            table.add_row(Text(label), *cells)  # words as text, never as rich markup
        tables.append(table)
    return tables


Opt = typer.Option
Sentence = Annotated[list[str] | None, typer.Argument(help="A sentence to translate and align.")]
Source = Annotated[str | None, Opt("--source", help="Source of a given pair.")]
Target = Annotated[str | None, Opt("--target", help="Target of a given pair.")]
SrcFile = Annotated[str | None, Opt("--src-file", help="Sources, one per line.")]
TgtFile = Annotated[str | None, Opt("--tgt-file", help="Targets, one per line.")]
FORMAT_HELP = "Default: table; pharaoh with --src-file."
Format = Annotated[str | None, choice_option("--format", choices=FORMATS, help=FORMAT_HELP)]
LEVEL_HELP = "Words, or the subword pieces."
Level = Annotated[str, choice_option("--level", choices=LEVELS, help=LEVEL_HELP)]
Layer = Annotated[int | None, Opt("--layer", help="Transformer cross-attention layer.")]
Head = Annotated[int | None, Opt("--head", help="Transformer head (default: heads averaged).")]
Beam = Annotated[int, Opt("--beam", help="Beam size when translating.")]
Plot = Annotated[Path | None, Opt("--plot", help="Draw the heat map to FILE.png or FILE.svg.")]
GOLD_HELP = "Gold Pharaoh alignments: print AER, precision, recall."
Gold = Annotated[str | None, Opt("--gold", help=GOLD_HELP)]
MaxWidth = Annotated[int, Opt("--max-width", help="Table width (default: the terminal's).")]
ChunkLines = Annotated[int, Opt("--chunk-lines", help="Pairs per batch in file mode.")]
DEVICE_HELP = "Where the model runs (cuda: the GPU)."
Device = Annotated[str, choice_option("--device", choices=DEVICES, help=DEVICE_HELP)]
PRECISIONS = ("fp32", "bf16", "auto")
Precision = Annotated[
    str, choice_option("--precision", choices=PRECISIONS, help="Arithmetic of the model.")
]


def align(
    text: Sentence = None,
    model: ModelOption = None,
    source: Source = None,
    target: Target = None,
    beam: Beam = 5,  # without --target, the model's beam-search translation is aligned
    src_file: SrcFile = None,
    tgt_file: TgtFile = None,
    fmt: Format = None,
    level: Level = "word",
    links: LinksOption = None,
    threshold: ThresholdOption = None,
    layer: Layer = None,
    head: Head = None,
    plot: Plot = None,
    gold: Gold = None,
    max_width: MaxWidth = 0,
    output: OutputOption = "-",
    chunk_lines: ChunkLines = 200,
    device: Device = "cpu",
    precision: Precision = "fp32",
) -> None:
    """Show which source words the model looked at for each target word.

    Examples: nmt align "Il fait froid ce matin."
              nmt align -m runs/de-en --source "Ein Hund läuft." --target "A dog runs."
              nmt align -m runs/de-en --src-file a.de --tgt-file a.en --format pharaoh > a.align
    """
    fmt = fmt or ("pharaoh" if src_file else "table")
    _check_options(bool(text), source, target, src_file, tgt_file, fmt, level)
    rule = link_rule(links, threshold)
    _check_files(src_file, tgt_file, fmt, plot, gold)
    from nmt_cli.align.forced import align_pairs, check_attention
    from nmt_cli.device import resolve_device
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.precision import autocast, resolve_precision
    from nmt_cli.pretrained import resolve_model

    check_choice("--precision", precision, PRECISIONS)
    check_choice("--device", device, DEVICES)
    where = resolve_device(device)
    bundle = load_bundle(resolve_model(model))
    bundle.model.to(where)
    check_attention(bundle, layer, head)
    opts = dict(level=level, rule=rule, layer=layer, head=head)
    with autocast(resolve_precision(precision, where.type), where.type):
        if src_file is not None:
            _align_files(bundle, src_file, tgt_file, fmt, opts, output, gold, chunk_lines)
            return
        if text:
            al = _align_translation(bundle, " ".join(text), beam, opts)
        else:
            al = align_pairs(bundle, [source], [target], **opts)[0]
    _emit_one(al, fmt, output, max_width)
    if plot is not None:
        from nmt_cli.align.plot import plot_alignment

        plot_alignment(al, plot)


def _check_options(text: bool, source, target, src_file, tgt_file, fmt, level):
    check_choice("--format", fmt, FORMATS)
    check_choice("--level", level, LEVELS)
    modes = sum([text, source is not None or target is not None, src_file is not None])
    if modes != 1:
        raise UsageError("give a sentence, or --source and --target, or --src-file and --tgt-file")
    if (source is None) != (target is None):
        raise UsageError("--source and --target go together")
    if (src_file is None) != (tgt_file is None):
        raise UsageError("--src-file and --tgt-file go together")


def _check_files(src_file, tgt_file, fmt: str, plot: Path | None, gold: str | None) -> None:
    if plot is not None and plot.suffix.lower() not in (".png", ".svg"):
        raise UsageError("--plot takes a .png or .svg file name")
    if src_file is not None and fmt not in ("pharaoh", "json"):
        raise UsageError("with --src-file, --format must be pharaoh or json (one line per pair)")
    if gold is not None and src_file is None:
        raise UsageError("--gold scores file mode: give --src-file and --tgt-file")
    if plot is not None and src_file is not None:
        raise UsageError("--plot draws one sentence pair, not a file of them")
    if gold is not None and not Path(gold).is_file():
        raise InputError(f"--gold {gold}: no such file")
    for f in (src_file, tgt_file):
        if f is not None and f != "-" and not Path(f).is_file():
            raise InputError(f"{f}: no such file")


def _align_translation(bundle, sentence: str, beam: int, opts: dict):
    """The alignment of ``sentence`` with the model's own translation of it."""
    from nmt_cli.align.forced import align_pairs
    from nmt_cli.search.decoding import SearchOptions
    from nmt_cli.translator import Translator

    result = Translator(bundle, SearchOptions(beam=beam)).translate([sentence])[0][0]
    if not sentence.split() or not bundle.tokenizer.encode(sentence):
        raise InputError("the sentence is empty after tokenisation: nothing to align")
    if not result.text:
        raise InputError("the model's translation is empty: nothing to align")
    ids = [bundle.tokenizer.piece_to_id(p) for p in result.tgt_pieces]
    return align_pairs(bundle, [sentence], [result.text], target_ids=[ids], **opts)[0]


def _emit_one(al, fmt: str, output: str, max_width: int) -> None:
    from nmt_cli.align.pharaoh import to_pharaoh
    from nmt_cli.textio import atomic_writer

    if fmt != "table":
        with atomic_writer(output) as out:
            out.write(_record(al, fmt) + "\n")
        return
    from rich.console import Console

    if output == "-":
        console = Console(highlight=False, soft_wrap=False)
        width = max_width or console.width
        for table in render_tables(al, width):
            console.print(table, width=width)
            console.print()
        console.print(to_pharaoh(al.links), markup=False)
        return
    with atomic_writer(output) as out:
        console = Console(file=out, width=max_width or 100, no_color=True, highlight=False)
        for table in render_tables(al, max_width or 100):
            console.print(table)
        out.write(to_pharaoh(al.links) + "\n")


def _record(al, fmt: str) -> str:
    from nmt_cli.align.pharaoh import to_pharaoh

    if fmt == "pharaoh":
        return to_pharaoh(al.links)
    if fmt == "json":
        return json.dumps(
            {
                "source": al.src_labels,
                "target": al.tgt_labels,
                "weights": [[round(float(x), 4) for x in row] for row in al.weights],
                "alignment": to_pharaoh(al.links),
            },
            ensure_ascii=False,
        )
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")  # quotes a word only where it must
    writer.writerow(["target", *al.src_labels])
    for label, row in zip(al.tgt_labels, al.weights):
        writer.writerow([label, *(f"{float(x):.4f}" for x in row)])
    return table.getvalue().removesuffix("\n")


def _align_files(bundle, src_file, tgt_file, fmt, opts, output, gold, chunk_lines) -> None:
    """Batch mode: one record per pair, streamed in chunks, lines kept in order."""
    from nmt_cli.align.forced import align_chunks
    from nmt_cli.cli.progress import FileProgress
    from nmt_cli.textio import open_lines

    predicted: list[set] = []  # with --gold, the links of each pair, to score them

    def write(lines, out, interactive: bool) -> None:
        done = 0  # pairs written
        for chunk in align_chunks(bundle, lines, chunk_lines, **opts):
            for al in chunk:
                # A pair with a side that has no subwords has no alignment: an empty line, as
                # for fast_align.
                out.write((_record(al, fmt) if al else "") + "\n")
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
        write_output(output, functools.partial(write, _pairs(srcs, tgts, src_file, tgt_file)))
    if gold is not None:
        _print_gold_scores(gold, predicted, len(predicted))  # one set for every pair


def _pairs(srcs, tgts, src_file: str, tgt_file: str) -> Iterator[tuple[str, str]]:
    """The lines of two files side by side; files of different lengths are an InputError."""
    for n, (s, t) in enumerate(zip_longest(srcs, tgts), start=1):
        if s is None or t is None:
            short = src_file if s is None else tgt_file
            raise InputError(
                f"{src_file} and {tgt_file} have different line counts "
                f"({short} ends at line {n - 1:,})"
            )
        yield s, t


def _print_gold_scores(gold: str, predicted: list[set], pairs: int) -> None:
    from nmt_cli.align.pharaoh import alignment_error_rate, parse_pharaoh
    from nmt_cli.textio import read_lines

    gold_lines = read_lines(gold, warn)
    if len(gold_lines) != pairs:
        raise InputError(
            f"--gold {gold} has {len(gold_lines):,} lines but there are {pairs:,} sentence pairs"
        )
    scores = alignment_error_rate(
        predicted, [parse_pharaoh(g, n + 1) for n, g in enumerate(gold_lines)]
    )
    err_console().print(
        f"AER {100 * scores.aer:.2f}  precision {100 * scores.precision:.2f}  "
        f"recall {100 * scores.recall:.2f}  ({pairs:,} pairs)"
    )


def register(app: typer.Typer) -> None:
    app.command("align")(boundary(align))
