"""The formats `nmt translate` reads, by name (``--input-format``) and by file extension: plain
text lines, the default, streamed as they always were; and documents, read whole and written
back whole, one entry each. A new format is a module with its DocumentFormat (document.py) and
one entry in FORMATS (an office format's DocumentFormat in office/formats.py, its module read
when a document of it is).

An ``.xml`` file whose root element is ``<resources>`` is an Android strings file, one whose
root is ``<xliff>`` an XLIFF file (before, a page: its sources were translated in place), one
whose root is ``<tmx>`` a memory (an error, as a ``.tmx`` file is), any other a page. The
localization formats nmt does not read are each one error before any model loads, rather than
being translated line by line as plain text."""

from __future__ import annotations

import os

from nmt_cli.documents.document import DocumentFormat
from nmt_cli.documents.jsonl import JSONL
from nmt_cli.documents.localization import ANDROID, JSON, PROPERTIES, STRINGS
from nmt_cli.documents.markdown import MARKDOWN
from nmt_cli.documents.office.formats import DOCX, ODS, ODT, PPTX, XLSX
from nmt_cli.documents.pages import HTML, XML
from nmt_cli.documents.po import PO
from nmt_cli.documents.srt import SRT
from nmt_cli.documents.webvtt import WEBVTT
from nmt_cli.documents.xliff import XLIFF
from nmt_cli.errors import InputError
from nmt_cli.formats.root import root_element

TEXT = "text"  # plain lines: one translation out for every line in
FORMATS: dict[str, DocumentFormat] = {
    f.name: f
    for f in (JSONL, PO, SRT, WEBVTT, HTML, XML, MARKDOWN, JSON, PROPERTIES, ANDROID, STRINGS)
    + (XLIFF,)
    + (DOCX, PPTX, ODT, XLSX, ODS)
}
NAMES = (TEXT, *FORMATS)
_COMPRESSED = (".gz", ".xz")  # read through (nmt_cli/textio.py): the extension before counts
NOT_READ = {
    ".stringsdict": "Apple .stringsdict files (plural rules in a property list)",
    ".xcstrings": "Xcode string catalogues (.xcstrings)",
    ".ts": "Qt Linguist .ts files",
    ".resx": ".NET .resx resources",
    ".yaml": "YAML files",
    ".yml": "YAML files",
    ".ftl": "Fluent .ftl files",
    # read as lines, their XML was garbled
    ".ttx": "Trados TagEditor .ttx files",
    ".txml": "Wordfast .txml files",
    ".tbx": "TBX termbases",
    ".ass": "Advanced SubStation Alpha subtitles (.ass)",
    ".ssa": "SubStation Alpha subtitles (.ssa)",
    # read as lines, a memory's tags were garbled and its source segments translated in place
    ".tmx": "TMX translation memories (give one to --memory)",
    ".mo": "compiled gettext catalogues (.mo: translate its .po, then msgfmt it)",
}
_XML_ROOTS = {"resources": ANDROID, "xliff": XLIFF}  # an .xml file's format by its root element


def format_for(path: str, name: str | None, output: str = "-") -> DocumentFormat | None:
    """The format called ``name``, else the format of ``path``'s extension; None: plain text.
    InputError for an extension of a localization format nmt does not read. Stdin ('-') has
    the format of the ``output`` file's extension (``nmt translate < film.srt -o en.srt``: read
    as lines, its timings were translated; a Word document's bytes garbled into en.docx), but
    JSON lines' (``--format jsonl`` writes plain lines' records) and XML's (by its root)."""
    if name is not None:
        return FORMATS.get(name)
    if path == "-":
        found = next((f for f in FORMATS.values() if _extension(output) in f.extensions), None)
        return None if output == "-" or found in (JSONL, XML) else found
    extension = _extension(path)
    if extension == ".xml":
        root = root_element(path)
        if root == "tmx":
            extension = ".tmx"  # not read, as one so named
        elif root in _XML_ROOTS:
            return _XML_ROOTS[root]
    if extension in NOT_READ:
        raise InputError(
            f"{path}: {NOT_READ[extension]} are not read by nmt translate "
            "(--input-format text reads any file as plain lines)"
        )
    return next((f for f in FORMATS.values() if extension in f.extensions), None)


def _extension(path: str) -> str:
    """``path``'s extension, in small letters: a compressed file's the one before .gz, .xz."""
    stem, extension = os.path.splitext(path.lower())
    return os.path.splitext(stem)[1] if extension in _COMPRESSED else extension
