"""`nmt align`: alignment tables and Pharaoh alignments from a model's attention."""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.align.options import AlignOptions, LinkOptions
from nmt_cli.cli.common import OUTPUT_HELP, boundary, err_console, link_rule, warn, write_output
from nmt_cli.cli.options import Only, options_from
from nmt_cli.errors import InputError, UsageError
from nmt_cli.inference.options import LoadOptions
from nmt_cli.search.options import SearchOptions
from nmt_cli.settings import setting

FORMATS = ("table", "pharaoh", "json", "csv")


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


Sentence = Annotated[list[str] | None, typer.Argument(help="A sentence to translate and align.")]


# Without --target, the model's beam-search translation is aligned.
@options_from(
    load=Only(LoadOptions, "model", "device", "precision"),
    search=Only(SearchOptions, "beam"),
    pairs=Pairs,
    reading=AlignOptions,
    links=LinkOptions,
)
def align(
    text: Sentence = None,
    *,
    load: LoadOptions,
    search: SearchOptions,
    pairs: Pairs,
    reading: AlignOptions,
    links: LinkOptions,
) -> None:
    """Show which source words the model looked at for each target word.

    Examples: nmt align "Il fait froid ce matin."
              nmt align -m runs/de-en --source "Ein Hund läuft." --target "A dog runs."
              nmt align -m runs/de-en --src-file a.de --tgt-file a.en --format pharaoh > a.align
    """
    source, target, src_file, tgt_file = pairs.source, pairs.target, pairs.src_file, pairs.tgt_file
    fmt, plot, gold, output = pairs.fmt, pairs.plot, pairs.gold, pairs.output
    fmt = fmt or ("pharaoh" if src_file else "table")
    _check_options(bool(text), source, target, src_file, tgt_file)
    rule = link_rule(links)
    _check_files(src_file, tgt_file, fmt, plot, gold)
    from nmt_cli.align.forced import align_pairs, check_attention
    from nmt_cli.device import resolve_device
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.precision import autocast, resolve_precision
    from nmt_cli.pretrained import resolve_model

    where = resolve_device(load.device)
    bundle = load_bundle(resolve_model(load.model))
    bundle.model.to(where)
    check_attention(bundle, reading.layer, reading.head)
    opts = {**dataclasses.asdict(reading), "rule": rule}
    with autocast(resolve_precision(load.precision, where.type), where.type):
        if src_file is not None:
            _align_files(bundle, src_file, tgt_file, fmt, opts, output, gold, pairs.chunk_lines)
            return
        if text:
            al = _align_translation(bundle, " ".join(text), search, opts)
        else:
            al = align_pairs(bundle, [source], [target], **opts)[0]
    _emit_one(al, fmt, output, pairs.max_width)
    if plot is not None:
        from nmt_cli.align.plot import plot_alignment

        plot_alignment(al, plot)


def _check_options(text: bool, source, target, src_file, tgt_file):
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


def _align_translation(bundle, sentence: str, search: SearchOptions, opts: dict):
    """The alignment of ``sentence`` with the model's own translation of it."""
    from nmt_cli.align.forced import align_pairs
    from nmt_cli.translator import Translator

    result = Translator(bundle, search).translate([sentence])[0][0]
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
