"""OpenDocument spreadsheets (.ods, .ots): the text of the cells and of their comments, each
paragraph of a cell read and written as an OpenDocument text's is (odt.py: its spans, links,
fields and spaces kept).

A cell's text is translated where the cell holds a text (``table:table-cell`` of
``office:value-type="string"``) and no formula (``table:formula``: its paragraph is the
formula's cached result, which LibreOffice computes again). A cell of any other type (a number,
a date, a percentage, a currency, a boolean: its ``office:value`` and what it shows), the
formulas, the sheets' names (``table:name``, which formulas refer to: ``$Feuille1.A1``), the
named ranges and expressions, and the validations' conditions (a list's values too) are never
read: they stay as they were; a validation's input help and error message (``table:help-message``,
``table:error-message``: shown at its cells), their titles and text, are translated. A
cell's text written as an attribute too (``office:string-value``, which some programs write:
left in the source's words, it said other than the translated paragraphs) is its translated
text, where it was the text the cell showed.

A comment on a cell (``office:annotation``: what a reader sees over it) is translated, its
author (``dc:creator``) and its date (``dc:date``) kept. The text of frames and shapes (a text
box, a callout: on the sheet, ``table:shapes``, or anchored to a cell, where it is not the
cell's text), their alt texts and titles, and the headers and footers of the page styles
(styles.xml's master pages: their fields, the sheet's name, the page number, kept) are
translated too. The automatic styles that set the language of translated text (a paragraph's,
a span's, and a cell's own: ``table:style-name``, by which LibreOffice spells a cell) become
the target's, split where text left as it was uses them too, and so do the default styles'
(styles.xml), once any text is translated, as an OpenDocument text's (odt_styles.py).
Tracked changes are refused (accept or reject them first), and so is an encrypted spreadsheet.
"""

from __future__ import annotations

from nmt_cli.documents.office import formats
from nmt_cli.documents.office.document import OfficeDocument, Part
from nmt_cli.documents.office.odf_charts import chart_parts
from nmt_cli.documents.office.odt import (
    frame_alt_texts,
    opened,
    page_styles_part,
    read_paragraph,
    spaces,
    text_styles,
    writer,
)
from nmt_cli.documents.office.odt_styles import OFFICE, TEXT, set_language
from nmt_cli.documents.office.package import Package, PackageError
from nmt_cli.documents.office.runs import Item

TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
MIMETYPES = (
    "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.spreadsheet-template",
)
CELL = f"{{{TABLE}}}table-cell"
CELL_STYLE = f"{{{TABLE}}}style-name"
ANNOTATION = f"{{{OFFICE}}}annotation"
STRING_VALUE = f"{{{OFFICE}}}string-value"
_PARAGRAPHS = (f"{{{TEXT}}}p", f"{{{TEXT}}}h")
# A validation's input help and error message (shown at its cells): their titles and text
_MESSAGES = (f"{{{TABLE}}}help-message", f"{{{TABLE}}}error-message")
_MARKS = {f"{{{TEXT}}}tab": "\t", f"{{{TEXT}}}line-break": "\n"}


def read_ods(data: bytes, name: str) -> OfficeDocument:
    """The OpenDocument spreadsheet of ``data`` (an .ods file's bytes) named ``name``."""
    package = opened(data, name, ".ods", MIMETYPES)
    names = package.names()
    styles = text_styles(package, names)
    parts = [_content(package, styles)]
    parts += chart_parts(package, lambda p, where: read_paragraph(p, where, styles))
    # the page styles' headers and footers; the default language, once any text is translated
    defaults = [page_styles_part(package, styles)] if "styles.xml" in names else []
    parts += defaults
    write, finish = writer(styles, defaults)
    cells: dict = {}  # a part's root: the cells whose text was translated

    def write_cell(p, items: list[Item], target: str | None) -> None:
        cell = _cell_of(p)
        shown = None if cell is None else _shown(cell)
        write(p, items, target)
        if cell is not None:
            cells.setdefault(p.getroottree().getroot(), []).append(cell)
            if cell.get(STRING_VALUE) == shown:  # its text as an attribute too
                cell.set(STRING_VALUE, _shown(cell))

    def finish_cells(tree, target: str | None) -> None:
        translated = cells.pop(tree.getroot(), [])
        if target:
            set_language(tree, translated, target, styles, CELL_STYLE)
        finish(tree, target)

    return OfficeDocument(package, parts, write_cell, finish_cells)


def _content(package: Package, styles: dict[str, bool]) -> Part:
    """content.xml: the paragraphs of its cells of text, then of its comments, then of its
    frames and shapes (text boxes, callouts: on a sheet or anchored to a cell), with the alt
    texts and titles of frames."""
    tree = package.part("content.xml")
    root = tree.getroot()
    for changes in root.iter(f"{{{TABLE}}}tracked-changes"):
        if len(changes):
            raise PackageError(
                package.name, "tracked changes in content.xml: accept or reject them first"
            )
    part = Part("content.xml", tree)
    where = f"{package.name}:content.xml"
    found = [p for cell in root.iter(CELL) if _is_text(cell) for p in _own_paragraphs(cell)]
    found += [p for note in root.iter(ANNOTATION) for p in note.iter(*_PARAGRAPHS)]
    found += [p for p in root.iter(*_PARAGRAPHS) if _in_shape(p)]
    found += [p for message in root.iter(*_MESSAGES) for p in message.iter(*_PARAGRAPHS)]
    for p in found:
        paragraph = read_paragraph(p, where, styles)
        if paragraph.texts():
            part.paragraphs.append((p, paragraph))
    part.alt += frame_alt_texts(root)
    title = f"{{{TABLE}}}title"
    part.alt += [
        (m, title) for m in root.iter(*_MESSAGES) if any(c.isalpha() for c in m.get(title, ""))
    ]
    return part


def _in_shape(p) -> bool:
    """Whether ``p`` is a shape's or a frame's text (not that of a comment in one)."""
    holder = next(p.iterancestors(CELL, ANNOTATION, f"{{{DRAW}}}*"), None)
    return holder is not None and holder.tag.startswith(f"{{{DRAW}}}")


def _is_text(cell) -> bool:
    """Whether ``cell`` holds a text (of ``office:value-type`` string), not a formula's."""
    kind = cell.get(f"{{{OFFICE}}}value-type")
    return kind == "string" and cell.get(f"{{{TABLE}}}formula") is None


def _own_paragraphs(cell) -> list:
    """The paragraphs of ``cell``'s text: not its comment's, nor those of a frame in it."""
    return [
        p
        for p in cell.iter(*_PARAGRAPHS)
        if next(p.iterancestors(CELL, ANNOTATION, f"{{{DRAW}}}*", *_PARAGRAPHS), None) is cell
    ]


def _shown(cell) -> str:
    """The text ``cell`` shows: its paragraphs', one a line, spaces written ``text:s`` too."""
    return "\n".join(_text_of(p) for p in _own_paragraphs(cell))


def _text_of(element) -> str:
    out = element.text or ""
    for child in element:
        if child.tag == f"{{{TEXT}}}s":
            out += " " * spaces(child)
        elif child.tag in _MARKS:
            out += _MARKS[child.tag]
        elif child.tag != ANNOTATION and child.tag != f"{{{TEXT}}}note":
            out += _text_of(child)
        out += child.tail or ""
    return out


def _cell_of(p):
    """The cell whose text paragraph ``p`` is (None: a comment's, a shape's)."""
    holder = next(p.iterancestors(CELL, ANNOTATION, f"{{{DRAW}}}*"), None)
    return holder if holder is not None and holder.tag == CELL else None


ODS = formats.ODS  # its name, extensions and reader: formats.py
