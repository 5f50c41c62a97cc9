"""A text file's bytes and back, as they were: its encoding, its byte order mark and its line
ends. A localization file or a catalogue read with ``decode`` and written with ``encode`` keeps
all three, so that one whose texts come back unchanged is the same file, byte for byte.

Read: a byte order mark says UTF-8, UTF-16 or UTF-32 (little or big endian) and stays with the
file (UTF-32's marks looked for first: UTF-32 LE's starts with UTF-16 LE's);
without one the bytes are UTF-8, or (``legacy``: Java ``.properties`` files before Java 9) that
legacy encoding where they are not valid UTF-8. Bytes that are not valid in the encoding found
are one error naming their line. A Windows code page's bytes 0x80-0x9F that Python's codec
leaves out (Windows-1252's 0x81, 0x8D, 0x8F, 0x90, 0x9D) are read as browsers read them
(WHATWG's Encoding standard: U+0081...) and written back as the same bytes. A file whose
every line ends in CRLF is read with ``"\\n"`` line ends (a format's reader sees no
``"\\r"``, a text written into it gets the file's line ends) and written with CRLF again;
a file of other or mixed line ends is read as it is.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from nmt_cli.formats.skeleton import ParseError
from nmt_cli.textio import BYTE_ORDER_MARKS, web_table

# (byte order mark, codec of the bytes after it, name in errors)
_BOMS = BYTE_ORDER_MARKS  # one table: what a line reader reads, a file's encoding
_NAMES = {codec: name for _, codec, name in _BOMS}
_NAMES |= {"latin-1": "Latin-1", "cp1252": "Windows-1252"}
_HIGHEST = {"latin-1": 0xFF}  # the highest code point a codec writes; Unicode's otherwise


def _read(body: bytes, codec: str) -> str:
    """``body`` in ``codec``, a Windows code page's as browsers read it (_web_table)."""
    table = web_table(codec)
    return body.decode(codec) if table is None else codecs.charmap_decode(body, "strict", table)[0]


def _written(text: str, codec: str, errors: str) -> bytes:
    """``text`` in ``codec``, a Windows code page's as _read reads it."""
    table = web_table(codec)
    if table is None:
        return text.encode(codec, errors)
    return codecs.charmap_encode(text, errors, codecs.charmap_build(table))[0]


@dataclass(frozen=True)
class Encoding:
    """How a file's text is written as its bytes.

    codec  Python's codec of the text (``utf-8``, ``utf-16-le``, ``utf-16-be``, ``utf-32-le``,
           ``utf-32-be``, ``latin-1``)
    bom    its byte order mark (b"" if it has none)
    crlf   whether its line ends are CRLF (the text has ``"\\n"`` in their place)
    references  whether a character the codec lacks is written as a numeric character
           reference (``&#8217;``: a page's), not an error
    """

    codec: str = "utf-8"
    bom: bytes = b""
    crlf: bool = False
    references: bool = False

    @property
    def highest(self) -> int:
        """The highest code point the file can hold as it is (a writer escapes the others)."""
        return _HIGHEST.get(self.codec, 0x10FFFF)

    @property
    def name(self) -> str:
        """Its name for a user: ``UTF-8``, ``UTF-16``, ``UTF-32``, ``Latin-1``."""
        return _NAMES.get(self.codec, self.codec)

    def encode(self, text: str) -> bytes:
        """``text`` (line ends ``"\\n"`` where ``crlf``, as ``decode`` gave it) as the file's
        bytes: its byte order mark, its codec, its line ends. ValueError for a character the
        codec does not have (a writer that keeps to ``highest`` never gives one; none where
        ``references``)."""
        if self.crlf:
            text = text.replace("\n", "\r\n")
        errors = "xmlcharrefreplace" if self.references else "strict"
        return self.bom + _written(text, self.codec, errors)


def decode(
    data: bytes, name: str, legacy: str | None = None, declared: str | None = None
) -> tuple[str, Encoding]:
    """The text of a file's bytes ``data`` (named ``name``) and its Encoding (see above):
    ``legacy``, a codec for bytes without a byte order mark that are not UTF-8 (None: they
    are an error); ``declared``, the codec of bytes without one whatever they are (a
    catalogue's header names it: UTF-8 bytes in a Latin-1 catalogue are Latin-1, as msgfmt
    reads them). ParseError naming the line of the first bytes that do not decode."""
    found = next(((bom, codec) for bom, codec, _ in _BOMS if data.startswith(bom)), None)
    bom, codec = found or (b"", declared or "utf-8")
    body = data[len(bom) :]
    try:
        text = _read(body, codec)
    except UnicodeDecodeError as e:
        if legacy is None or bom:
            raise _invalid(name, body, codec, e.start) from None
        codec, text = legacy, _decoded(body, legacy, name)
    crlf = "\n" in text and text.count("\n") == text.count("\r\n")
    return (text.replace("\r\n", "\n") if crlf else text), Encoding(codec, bom, crlf)


def _decoded(body: bytes, codec: str, name: str) -> str:
    """``body`` read in ``codec``; ParseError naming the line of bytes not valid in it."""
    try:
        return _read(body, codec)
    except UnicodeDecodeError as e:
        raise _invalid(name, body, codec, e.start) from None


def text_lines(text: str) -> list[str]:
    """The lines of a file's ``text``, without their ends: each ended by ``"\\n"`` (a CR before
    it dropped: mixed line ends), never by the U+2028, U+0085... that ``str.splitlines`` also
    ends a line at (a catalogue's string, a subtitle may hold them)."""
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    return lines[:-1] if not lines[-1] else lines


def bom_name(data: bytes) -> str | None:
    """The encoding the byte order mark ``data`` starts with says (``UTF-8``, ``UTF-16``,
    ``UTF-32``); None where it starts with none."""
    return next((name for bom, _, name in _BOMS if data.startswith(bom)), None)


def head_text(data: bytes) -> str:
    """The first bytes of a file as text, for a look at what it is (an XML root element):
    by its byte order mark, else as UTF-8; what does not decode (a character cut in two at the
    end) replaced."""
    found = next(((bom, codec) for bom, codec, _ in _BOMS if data.startswith(bom)), None)
    bom, codec = found or (b"", "utf-8")
    return data[len(bom) :].decode(codec, errors="replace")


def _invalid(name: str, body: bytes, codec: str, at: int) -> ParseError:
    """The error for bytes of ``body`` not valid in ``codec`` from offset ``at``: its line,
    and for UTF-8 which byte of that line."""
    shown = _NAMES.get(codec, codec)
    if codec == "utf-8":
        line_start = body.rfind(b"\n", 0, at) + 1
        line = body.count(b"\n", 0, at) + 1
        return ParseError(name, line, f"not valid UTF-8 (byte {at - line_start + 1})")
    line = body[:at].decode(codec, errors="replace").count("\n") + 1
    return ParseError(name, line, f"not valid {shown}")
