"""The cells of an Excel workbook whose text is a name that the workbook refers to by that text:
the header row of each table (``xl/tables/table1.xml``), whose cells are the table's column
names. A table's ``tableColumn`` names must be its header cells' texts (Excel repairs a
workbook where they differ, and drops the table's formatting), and formulas refer to a
column by its name (``=SOMME(Ventes[Montant])``): a header cell's text is kept as it was, as
a sheet's name is, and so is a shared string that one holds.

A sheet's tables are the targets of its relationships of type ``table``
(``xl/worksheets/_rels/sheet1.xml.rels``); a table's header row is the first row of its
``ref`` (``A1:C10``), unless it has none (``headerRowCount="0"``).
"""

from __future__ import annotations

import posixpath
import re

from nmt_cli.documents.office.package import Package

S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_TABLE = re.compile(r"/relationships/table$")
_CELL = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)$")


def s(name: str) -> str:
    return f"{{{S}}}{name}"


def cell_position(reference: str) -> tuple[int, int] | None:
    """(row, column) of a cell's reference (``B3``: (3, 2)), both from 1; None: no cell's."""
    found = _CELL.match(reference.upper())
    if found is None:
        return None
    column = 0
    for letter in found[1]:
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(found[2]), column


def header_cells(package: Package, sheet: str) -> set[tuple[int, int]]:
    """The (row, column) of every cell of the header rows of the tables of ``sheet`` (a
    worksheet's path in ``package``)."""
    rels = posixpath.join(posixpath.dirname(sheet), "_rels", posixpath.basename(sheet) + ".rels")
    if rels not in package.names():
        return set()
    out: set[tuple[int, int]] = set()
    for rel in package.part(rels).getroot():
        if not _TABLE.search(rel.get("Type", "")) or rel.get("TargetMode") == "External":
            continue
        target = rel.get("Target", "")
        path = (
            target.lstrip("/")
            if target.startswith("/")
            else posixpath.normpath(posixpath.join(posixpath.dirname(sheet), target))
        )
        if path in package.names():
            out |= _header_of(package.part(path).getroot())
    return out


def _header_of(table) -> set[tuple[int, int]]:
    """The cells of ``table``'s header row (an element ``table``), none where it has none."""
    ref = table.get("ref", "").split(":")
    corners = [cell_position(r) for r in ref]
    if table.get("headerRowCount", "1") == "0" or None in corners or len(corners) != 2:
        return set()
    (row, first), (_, last) = corners  # type: ignore[misc]
    return {(row, column) for column in range(first, last + 1)}


def cells(sheet):
    """Each cell (``c``) of ``sheet`` (a worksheet's root) with its (row, column): from its
    reference (``r``), or where it has none (or one that is none, in a damaged file: it was
    the error "invalid literal for int()"), from the row's and the cell's before it."""
    row = 0
    for r in sheet.iter(s("row")):
        number = r.get("r", "")
        row = int(number) if number.isdigit() else row + 1  # none, or no number: the next
        column = 0
        for c in r.iterchildren(s("c")):
            found = cell_position(c.get("r", ""))
            column = found[1] if found else column + 1
            yield c, (row, column)
