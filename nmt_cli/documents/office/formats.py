"""The office formats as `nmt translate` knows them (documents/registry.py): each one's name,
extensions and reader, the reader's module imported when a document of it is read. A command
that reads none (a plain line, `nmt --help`) does not import the five modules and their lxml
parts (about 60 ms of every start)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from nmt_cli.documents.document import Document, DocumentFormat


def _reader(module: str, function: str) -> Callable[..., Document]:
    """``read(data, name, **options)``: ``nmt_cli.documents.office.<module>.<function>``'s."""

    def read(data: bytes, name: str, **options) -> Document:
        found = importlib.import_module(f"nmt_cli.documents.office.{module}")
        return getattr(found, function)(data, name, **options)

    read.__qualname__ = read.__name__ = function
    return read


def _office(name: str, extensions: tuple[str, ...]) -> DocumentFormat:
    """A package of XML parts, read as bytes, written back whole (never to a terminal), its
    runs placed by the word alignment."""
    read = _reader(name, f"read_{name}")
    options = {"alignment": True, "binary": True, "printable": False}
    return DocumentFormat(name, extensions, read, needs=("lxml", "lxml>=5"), **options)


DOCX = _office("docx", (".docx", ".docm", ".dotx"))
PPTX = _office("pptx", (".pptx", ".pptm", ".potx"))
ODT = _office("odt", (".odt", ".ott"))
XLSX = _office("xlsx", (".xlsx", ".xlsm", ".xltx", ".xltm"))
ODS = _office("ods", (".ods", ".ots"))
