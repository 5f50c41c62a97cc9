"""The formats `nmt translate` reads, by name (``--input-format``) and by file extension: plain
text lines, the default, streamed as they always were; and documents, read whole and written
back whole, one entry each. A new format is a module with its DocumentFormat (document.py) and
one entry in FORMATS."""

from __future__ import annotations

import os

from nmt_cli.documents.document import DocumentFormat
from nmt_cli.documents.jsonl import JSONL
from nmt_cli.documents.markdown import MARKDOWN
from nmt_cli.documents.office.docx import DOCX
from nmt_cli.documents.office.odt import ODT
from nmt_cli.documents.office.pptx import PPTX
from nmt_cli.documents.pages import HTML, XML
from nmt_cli.documents.po import PO
from nmt_cli.documents.srt import SRT

TEXT = "text"  # plain lines: one translation out for every line in
FORMATS: dict[str, DocumentFormat] = {
    f.name: f for f in (JSONL, PO, SRT, HTML, XML, MARKDOWN, DOCX, PPTX, ODT)
}
NAMES = (TEXT, *FORMATS)
_COMPRESSED = (".gz", ".xz")  # read through (nmt_cli/textio.py): the extension before counts


def format_for(path: str, name: str | None) -> DocumentFormat | None:
    """The format called ``name``, else the format of ``path``'s extension; None: plain text."""
    if name is not None:
        return FORMATS.get(name)
    stem, extension = os.path.splitext(path.lower())
    if extension in _COMPRESSED:
        extension = os.path.splitext(stem)[1]
    return next((f for f in FORMATS.values() if extension in f.extensions), None)
