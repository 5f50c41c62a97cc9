"""What every document format shares: its entry in the registry (DocumentFormat), a parsed
document (Document), reading a whole input before anything is translated, and the one error a
file that does not parse gives (DocumentError, ``FILE:LINE: what is wrong``)."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from nmt_cli.documents.binary import check_text_file, read_binary, write_binary
from nmt_cli.errors import InputError
from nmt_cli.formats.encoding import Encoding, text_lines
from nmt_cli.formats.skeleton import ParseError
from nmt_cli.inference.translation import Translation
from nmt_cli.output import write_output
from nmt_cli.protect import format_strings
from nmt_cli.textio import open_lines

_BOM = "\ufeff"


# ``DocumentError(name, line, message)``: ``name``, line ``line`` (1-based), does not parse
DocumentError = ParseError
LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # half a character, read from an escape: no text


class Document(Protocol):
    """A document read whole: the texts it asks to translate, and the document again with
    their translations in place.

    It may also have ``check_languages(source, target)``, an InputError where it is written in
    another language than the model translates from, and ``needs_alignment``, False where none
    of its texts needs the translations' word alignments (documents/translate.py asks both)."""

    def sources(self) -> list[str]:
        """The texts to translate, in order: each one line, none blank."""
        ...

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> str | bytes:
        """The whole output document (bytes for a binary format), ``translations[k]`` (the
        1-best of ``sources()[k]``) in the place of each source. ``target``: the model's
        target language (None: not recorded); ``warn`` hears what a user should know about
        the output."""
        ...


# The placeholders of format strings (every convention: protect/format_strings.py), protected in
# the strings of catalogues and JSON lines as in any line; named here so that a document's
# placeholders stay protected with a user's own patterns taken before the built-in kinds; with
# the backslashes before one (``C:\Docs\{0}``): taken before the built-in kinds, the placeholder
# alone left a backslash the model wrote as it liked ("#{0}", "<{0}")
PLACEHOLDERS = (r"\\*(?:" + format_strings.PATTERN + ")",)
# A doubled access-key marker (protect/mnemonics.py) is the character itself, passed through as
# written: sent to the model, "Recherche && remplacement" came back "Find & Replacement", an
# access key of its own
DOUBLED_MARKERS = r"&&|~~|__"
# A character entity (``&amp;``, ``&#8230;``) holds no access key: a string's ``&`` before a
# letter of one marks none (a catalogue's, a localization file's guard: documents/strings.py)
ENTITY = r"&(?:\w+|#\d+|#x[0-9a-fA-F]+);"


@dataclass(frozen=True)
class DocumentFormat:
    """A format of documents, as the registry (registry.py) knows it.

    name        what ``--input-format`` calls it
    extensions  the file names it is chosen for (``.po``), lower case
    read        ``read(lines, name, **options)``: the document of ``lines`` (the input's, read
                whole, see read_whole) named ``name``; DocumentError where it does not parse
                (a binary format's: ``read(data, name, **options)``, below)
    options     the settings of DocumentOptions it reads (passed to ``read`` by name)
    protect     regular expressions whose matches pass through translation unchanged, with the
                translator's own protected spans (placeholders of format strings)
    alignment   whether ``render`` reads the translations' word alignments
    needs       (module, pip requirement): an optional package the format needs
    binary      whether ``read`` reads the file's bytes: ``read(data, name, **options)``
                (read_binary), its document's ``render`` giving bytes (an office document; a
                localization file or catalogue, which keeps its encoding, byte order mark and
                line ends: formats/encoding.py)
    printable   whether its output may go to a terminal (text: a catalogue, XLIFF); a zip
                package asks for --output
    decode      ``decode(data, name)``: the text of a text document's bytes and their Encoding
                (a page's, by the charset it declares); None: UTF-8 (or UTF-16, UTF-32 by a
                byte order mark) read as lines (read_whole)
    legacy      whether a text document that is not valid UTF-8 is read as Windows-1252 (an old
                subtitle file's, a Markdown page's), with one warning, and its translation
                written in UTF-8; else such bytes are an error
    """

    name: str
    extensions: tuple[str, ...]
    read: Callable[..., Document]
    options: tuple[str, ...] = ()
    protect: tuple[str, ...] = ()
    alignment: bool = False
    needs: tuple[str, str] | None = None
    binary: bool = False
    printable: bool = True
    decode: Callable[[bytes, str], tuple[str, Encoding]] | None = None
    legacy: bool = False


@dataclass(frozen=True)
class Layout:
    """How a text document's lines were written, as its output is written again: its
    ``encoding`` (byte order mark, line ends, UTF-16 or UTF-32) and whether its last line
    ends in a line break (``final_break``)."""

    encoding: Encoding = Encoding()
    final_break: bool = True

    def text(self, rendered: str) -> str:
        """A document's ``render`` (its lines, each ended by "\\n") ended as the file was."""
        return rendered if self.final_break else rendered.removesuffix("\n")


@contextlib.contextmanager
def nested_within_reach(name: str) -> Iterator[None]:
    """A document nested deeper than Python's recursion reaches (300 unclosed ``<div>``, 2,000
    objects inside one another) is one InputError naming it, as one that does not parse."""
    try:
        yield
    except RecursionError:
        raise InputError(f"{name}: nested too deeply to be read; nothing was written") from None


def read_document(
    fmt: DocumentFormat, path: str, options: dict, warn: Callable[[str], None] | None = None
) -> tuple[Document, int, Layout | None]:
    """The document of format ``fmt`` in ``path`` ('-': stdin), read whole before anything is
    translated, with the settings ``options`` (those ``fmt.options`` names), how many lines
    a progress bar counts for it (a binary one: its texts) and, for a text document, its
    Layout (byte order mark, line ends, UTF-16 or UTF-32, final line break), which
    write_document keeps; ``warn`` hears that a ``fmt.legacy`` file was read as Windows-1252
    (once it parses: one that does not is its error alone).
    A file read as text that is a binary file (a PDF, an image, an archive) is an InputError
    first."""
    if fmt.binary:
        name, data = read_binary(path)
        document = fmt.read(data, name, **options)
        return document, len(document.sources()), None
    check_text_file(path)
    said: list[str] = []  # the warning of a file read as Windows-1252
    if fmt.decode is None:
        name, lines, layout = read_whole(path, said.append if fmt.legacy else None)
    else:
        name, data = read_binary(path)
        text, encoding = fmt.decode(data, name)
        lines, layout = text_lines(text), Layout(encoding, not text or text.endswith("\n"))
    document = fmt.read(lines, name, **options)
    for message in said if warn else ():
        warn(f"{message}; written in UTF-8")
    return document, len(lines), layout


def write_document(output: str, rendered: str | bytes, layout: Layout | None = None) -> None:
    """A document's ``render`` to ``output`` ('-': stdout), atomically: bytes as they are,
    text as ``layout`` says (read_document's: a subtitle file with a byte order mark and CRLF
    line ends is written with both; None: UTF-8, LF), or as UTF-8 text where stdout is a
    terminal."""
    if isinstance(rendered, bytes):
        write_binary(output, rendered)
        return
    layout = layout or Layout()
    text = layout.text(rendered)
    if layout.encoding == Encoding() or output == "-" and sys.stdout.isatty():
        write_output(output, lambda out, interactive: out.write(text))
    else:
        write_binary(output, layout.encoding.encode(text))


def read_whole(
    path: str, warn: Callable[[str], None] | None = None
) -> tuple[str, list[str], Layout]:
    """The name (``<stdin>`` for '-'), every line of ``path``, read before anything is
    translated, and its Layout: invalid UTF-8 is an error naming its line (no replacement
    characters in a document; given ``warn``, Windows-1252, ``warn`` told once), a byte order
    mark at the start is dropped from the lines (and kept in the Layout, as CRLF line ends
    are), gzip and xz are decompressed. A file or stdin that starts with a UTF-16 or UTF-32
    byte order mark is read in that encoding (textio.py).
    (A format that writes a file back by its own rules reads its bytes instead:
    DocumentFormat.binary.)"""
    with open_lines(path, warn, strict=warn is None) as reader:
        lines = list(reader)
        name, crlf, final_break = reader.name, reader.crlf, reader.ended == reader.count
    return name, lines, Layout(Encoding(reader.codec, reader.bom, crlf), final_break)


def without_bom(lines: list[str]) -> list[str]:
    """``lines`` without the byte order mark the first may start with."""
    if lines and lines[0].startswith(_BOM):
        lines[0] = lines[0][len(_BOM) :]
    return lines
