"""Excel workbooks (.xlsx, and .xlsm, .xltx, .xltm whose macros stay as they were): the text of
the cells, each string translated as one text with its runs' formatting kept, and the notes,
text boxes and chart titles of the sheets.

A cell's text is a shared string (``xl/sharedStrings.xml``'s ``si``, which every cell that
shows it refers to by its index: translated once, for them all) or an inline string (a cell
``t="inlineStr"``, its ``is``). A string's items (runs.py), in order:

- its text (``t``) is a Run of no look of its own; a rich text's runs (``r``) are Runs keyed by
  their properties (``rPr``: bold, italic, colour, font), which go back around the target
  words aligned to those they covered, as a Word document's runs do; a run in a monospace font
  (``rFont``) is code, not translated;
- a line break in a cell's text ("Montant\\nhors taxes", ``_x000D_`` before it too, as Excel
  escapes a carriage return) is a Mark: the lines on either side are translated each on its
  own, and the break goes back between them, as it was written;
- a string's phonetic runs (``rPh``: the reading of Japanese text over its characters) are
  dropped from a translated string (they said where in the source's text they stood); its
  phonetic properties stay.

A string that is a number, a code, an address or a formula-like text is translated as a plain
line is, its protected spans kept. Numbers, dates and booleans (``v`` of a cell of no string's
type), formulas (``f``) and their cached values (``t="str"``), styles, defined names and sheet
names are never read: the workbook (``xl/workbook.xml``) and the styles are as they were, and
a sheet holding no inline string, ScreenTip nor printed header is too. The header cells of
a table keep their text (the table's column names, which formulas name: xlsx_tables.py). A
link's ScreenTip (a sheet's ``hyperlink`` ``tooltip``) is a text of its own, and so is each
section of a sheet's printed headers and footers (xlsx_headers.py), their codes kept, and
of a data validation's input message and error alert (shown at its cells: a translation
longer than Excel lets one hold is not written).

A note (``xl/comments1.xml``: what a reader sees over a cell) is translated, the name of its
author at its start ("Jean Dupont:", Excel's bold first line) kept; a threaded comment's copy
for older Excel (its author ``tc={...}``), a reviewers' discussion as a Word document's
comments are, is not. The text boxes and shapes of a sheet's drawing, their alt texts, and
the titles of charts are translated as a deck's are (pptx.py); a chart's categories and
series names (the sheet's cells) are read from the cells again by Excel.

SpreadsheetML has no language of its own: the workbook's, where it says one, is its
properties' (``dc:language``, document.py); a drawing's runs' (``lang``) are set as a slide's,
and a translated chart's own (``c:lang``) becomes the target's. Each
text, however many cells and parts hold it, is translated once (Workbook).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Sequence

from nmt_cli.documents.office import formats, pptx
from nmt_cli.documents.office.document import MONOSPACE, STRICT, OfficeDocument, Part, content_types
from nmt_cli.documents.office.package import Package, PackageError
from nmt_cli.documents.office.runs import Item, Mark, Paragraph, Run
from nmt_cli.documents.office.xlsx_headers import LONGEST, TAGS, header_items, header_text
from nmt_cli.documents.office.xlsx_tables import cells, header_cells, s
from nmt_cli.markup.segments import Aligned

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_MAIN = re.compile(
    r"spreadsheetml\.(sheet|template)\.main\+xml|ms-excel\.(sheet|template)\.macroEnabled\.main\+xml"
)
# a worksheet, or a chart sheet (a chart on a sheet of its own: its printed headers and footers)
_SHEETS = re.compile(r"spreadsheetml\.(?:worksheet|chartsheet)\+xml")
_STRINGS = re.compile(r"spreadsheetml\.sharedStrings\+xml")
_COMMENTS = re.compile(r"spreadsheetml\.comments\+xml")
# A sheet's drawings (text boxes, shapes), charts (their titles, and the text boxes drawn on
# them) and SmartArt diagrams
_DRAWINGS = re.compile(
    r"officedocument\.drawing\+xml|drawingml\.(chart|chartshapes|diagramData|diagramDrawing)\+xml"
)
# A line break in a cell's text, as Excel writes it (a carriage return escaped before it too)
_BREAK = re.compile(r"(?:_x000D_|\r)?\n")
_HEADERS = frozenset(s(tag) for tag in TAGS)
# A data validation's input message and error alert, and the most characters Excel lets each hold
_PROMPTS = {"promptTitle": 32, "prompt": 255, "errorTitle": 32, "error": 225}
_THREADED = "tc="  # how the author of a threaded comment's copy for older Excel starts


def read_xlsx(data: bytes, name: str) -> Workbook:
    """The workbook of ``data`` (a .xlsx file's bytes) named ``name``."""
    package = Package.read(data, name, ".xlsx")
    types = content_types(package)
    main = [p for p, t in types.items() if _MAIN.search(t) and p in package.names()]
    if not main:
        raise PackageError(name, f"not a .xlsx file ({_what(types)})")
    if package.part(main[0]).getroot().tag.startswith("{" + STRICT):
        raise PackageError(name, "saved as Strict Open XML: save it as an Excel Workbook (.xlsx)")

    def paths(kind: re.Pattern) -> list[str]:
        found = [p for p, t in types.items() if kind.search(t) and p in package.names()]
        return sorted(found, key=_numbered)

    kept: set[int] = set()  # the shared strings of tables' header cells
    sheets = []
    for path in paths(_SHEETS):
        part, headers = _sheet_part(package, path)
        kept |= headers
        if part.paragraphs or part.alt:
            sheets.append(part)
    parts = [_strings_part(package, path, kept) for path in paths(_STRINGS)[:1]]
    parts += sheets + [_comments_part(package, path) for path in paths(_COMMENTS)]
    parts += [pptx.drawing_part(package, path) for path in paths(_DRAWINGS)]
    return Workbook(OfficeDocument(package, parts, write_string, pptx.chart_language))


def _what(types: dict[str, str]) -> str:
    """What a package that holds no Excel workbook holds, by its content types."""
    kinds = " ".join(types.values())
    if "ms-excel.sheet.binary" in kinds:
        return "an Excel binary workbook (.xlsb): save it as .xlsx"
    if "wordprocessingml" in kinds:
        return "a Word document"
    return "a presentation" if "presentationml" in kinds else "no Excel workbook in it"


def _numbered(path: str) -> tuple:
    """A part's path by its number (sheet2 before sheet10)."""
    number = re.search(r"(\d+)\.xml$", path)
    return (re.sub(r"\d+\.xml$", "", path), int(number[1]) if number else 0, path)


class Workbook:
    """An OfficeDocument whose texts are each asked once: a workbook repeats its words (a
    column of "Payé", an inline string in every row)."""

    def __init__(self, document: OfficeDocument):
        self.document = document
        self.texts = document.sources()

    def sources(self) -> list[str]:
        return list(dict.fromkeys(self.texts))

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> bytes:
        said = dict(zip(self.sources(), translations, strict=True))
        headers = [
            (part, e, paragraph, e.text)
            for part in self.document.parts
            for e, paragraph in part.paragraphs
            if e.tag.rsplit("}", 1)[-1] in TAGS
        ]
        out = self.document.render([said[t] for t in self.texts], target, warn)
        for part, e, paragraph, was in headers:
            if e.text == was and any(said[t].text != t for t in paragraph.texts()):
                warn(
                    f"{self.document.package.name}:{part.path}: the translation of a printed "
                    f"{e.tag.rsplit('}', 1)[-1]} is longer than the {LONGEST} characters Excel "
                    "reads: it stays as it was"
                )
        return out


def _add(part: Part, element, where: str, author: str = "") -> None:
    """String ``element`` (``si``, ``is``, a note's ``text``) as a paragraph of ``part``, if
    it holds text to translate."""
    paragraph = Paragraph(string_items(element, author), where)
    if paragraph.texts():
        part.paragraphs.append((element, paragraph))


def _strings_part(package: Package, path: str, kept: set[int]) -> Part:
    """The shared strings, but those at the indexes ``kept`` (a table's header cell's)."""
    part = Part(path, package.part(path))
    for k, si in enumerate(part.tree.getroot().iterchildren(s("si"))):
        if k not in kept:
            _add(part, si, f"{package.name}:{path}")
    return part


def _sheet_part(package: Package, path: str) -> tuple[Part, set[int]]:
    """The worksheet ``path``: its inline strings and links' ScreenTips; and the shared
    strings of its tables' header cells (by their indexes), which keep their text."""
    part = Part(path, package.part(path))
    headers = header_cells(package, path)
    kept: set[int] = set()
    for c, at in cells(part.tree.getroot()):
        kind = c.get("t")
        if kind == "s" and at in headers and (c.findtext(s("v")) or "").strip().isdigit():
            kept.add(int(c.findtext(s("v"))))
        elif kind == "inlineStr" and at not in headers and c.find(s("is")) is not None:
            _add(part, c.find(s("is")), f"{package.name}:{path}")
    part.find_tooltips((s("hyperlink"),), "tooltip")
    for name, longest in _PROMPTS.items():  # a data validation's, shown at its cells
        part.find_tooltips((s("dataValidation"),), name)
        part.longest[name] = longest
    part.by_line = frozenset(("prompt", "error"))
    for e in part.tree.getroot().iter(*(s(tag) for tag in TAGS)):
        paragraph = Paragraph(header_items(e.text or ""), f"{package.name}:{path}")
        if paragraph.texts():
            part.paragraphs.append((e, paragraph))
    return part, kept


def _comments_part(package: Package, path: str) -> Part:
    """The notes of ``path`` (a sheet's comments), but the copies of threaded comments."""
    part = Part(path, package.part(path))
    root = part.tree.getroot()
    authors = [a.text or "" for a in root.iter(s("author"))]
    for comment in root.iter(s("comment")):
        k = comment.get("authorId", "")
        author = authors[int(k)] if k.isdigit() and int(k) < len(authors) else ""
        text = comment.find(s("text"))
        if text is not None and not author.startswith(_THREADED):
            _add(part, text, f"{package.name}:{path}", author)
    return part


def string_items(element, author: str = "") -> list[Item]:
    """The items of a string (``si``, ``is``, a note's ``text``); a note's first line that is
    its ``author``'s name ("Jean Dupont:") is code, kept as written."""
    items: list[Item] = []
    t = element.find(s("t"))
    if t is not None:
        items += _lines(Run(b"", t.text or ""))
    for r in element.iterchildren(s("r")):
        key, code = run_key(r.find(s("rPr")))
        items += _lines(Run(key, r.findtext(s("t")) or "", r, code))
    first = items[0] if items else None
    if author and isinstance(first, Run) and first.text.strip() == f"{author}:":
        items[0] = Run(first.key, first.text, first.template, True)
    return items


def _lines(run: Run) -> list[Item]:
    """``run`` cut at its line breaks, each a Mark whose node is (the break as written, the
    key of the run it was in)."""
    out: list[Item] = []
    at = 0
    for found in _BREAK.finditer(run.text):
        if found.start() > at:
            out.append(Run(run.key, run.text[at : found.start()], run.template, run.code))
        out.append(Mark((found[0], run.key), "\n"))
        at = found.end()
    if at < len(run.text):
        out.append(Run(run.key, run.text[at:], run.template, run.code))
    return out


def run_key(rpr) -> tuple[bytes, bool]:
    """What makes runs look the same (their properties; none: b""), and whether they are code
    (a monospace font)."""
    if rpr is None:
        return b"", False
    from lxml import etree

    font = rpr.find(s("rFont"))
    code = font is not None and font.get("val", "").lower() in MONOSPACE
    return etree.tostring(rpr), code


def write_string(element, items: list[Item], target: str | None) -> None:
    """String ``element`` with ``items`` as its text: one ``t`` where it was one, else a run
    (``r``) for each stretch of one look, with its properties; a drawing's paragraph (``a:p``)
    as a slide's is written."""
    if element.tag == pptx.a("p"):
        pptx.write_paragraph(element, items, target)
        return
    if element.tag in _HEADERS:
        element.text = header_text(items, element.text or "")
        return
    pieces = _pieces(items)
    kept = [c for c in element if c.tag == s("phoneticPr")]
    for child in list(element):
        element.remove(child)
    if all(run.template is None for run, _ in pieces):  # a plain string
        element.append(_text(element, "".join(text for _, text in pieces)))
    else:
        element.extend(_rich_run(element, run, text) for run, text in pieces)
    element.extend(kept)


def _rich_run(parent, run: Run, text: str):
    """A run (``r``) of ``text`` with the properties of ``run``'s template (none: none)."""
    r = parent.makeelement(s("r"), {})
    rpr = None if run.template is None else run.template.find(s("rPr"))
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(_text(r, text))
    return r


def _pieces(items: list[Item]) -> list[tuple[Run, str]]:
    """The runs of ``items`` with the line breaks between them in their text (a break goes
    with the run before it where it was in a run of that look, else with the run after it:
    Excel's note "Jean Dupont:" in bold, then "\nLe prix" in a plain run), adjacent runs of
    one look as one."""
    out: list[list] = []
    pending = ""  # breaks before the next run
    for item in items:
        if isinstance(item, Mark) and out and not pending and out[-1][0].key == item.node[1]:
            out[-1][1] += item.node[0]
        elif isinstance(item, Mark):
            pending += item.node[0]
        elif isinstance(item, Run) and out and _same_look(out[-1][0], item):
            out[-1][1] += pending + item.text
            pending = ""
        elif isinstance(item, Run):
            out.append([item, pending + item.text])
            pending = ""
    if out:
        out[-1][1] += pending  # breaks after the last run
    else:
        out.append([Run(b"", ""), pending])
    return [(run, text) for run, text in out]


def _same_look(a: Run, b: Run) -> bool:
    return (a.key, a.code) == (b.key, b.code)


def _text(parent, text: str):
    """A ``t`` holding ``text``, its spaces kept where it starts or ends with one or breaks."""
    t = parent.makeelement(s("t"), {})
    t.text = text
    if text != text.strip() or "\n" in text:
        t.set(XML_SPACE, "preserve")
    return t


XLSX = formats.XLSX  # its name, extensions and reader: formats.py
