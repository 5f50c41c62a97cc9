"""An alignment as text: rich tables of its weights (a terminal's or a file's width), its
Pharaoh links, or one line of JSON or CSV (the formats of `nmt align`)."""

from __future__ import annotations

import csv
import io
import json

from nmt_cli.align.pharaoh import to_pharaoh
from nmt_cli.output import atomic_writer

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


def write_alignment(al, fmt: str, output: str, max_width: int) -> None:
    """One alignment to ``output`` ('-': stdout) as ``fmt``: tables (and its Pharaoh line), or
    its record."""
    if fmt != "table":
        with atomic_writer(output) as out:
            out.write(alignment_record(al, fmt) + "\n")
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
            console.print()  # as on stdout: the column blocks apart, the links after them
        out.write(to_pharaoh(al.links) + "\n")


def alignment_record(al, fmt: str) -> str:
    """One line for one alignment: its Pharaoh links, a JSON record, or CSV rows."""
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
