"""Line-oriented text input.

Every command that reads text reads it here, so that all of them agree on what a line is:
a line ends at b"\\n" only (a trailing "\\r" of a CRLF ending is dropped), a byte that is not
UTF-8 is read as Windows-1252 with one warning, and nothing else splits or joins lines. A file
or stream that opens with a UTF-16 or UTF-32 byte order mark (Notepad's "Unicode", Excel's
"Unicode text") is read in that encoding (bytes not valid in it: an error naming the line).
:func:`chunked` groups lines into batches: a file's always alike, a live stream's without
waiting on a slow producer. Where results go: output.py.
"""

from __future__ import annotations

import codecs
import contextlib
import gzip
import importlib
import io
import itertools
import lzma
import os
import queue
import re
import stat
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import BinaryIO

from nmt_cli.errors import InputError


@cache
def web_table(codec: str) -> str | None:
    """The decoding table of the Windows code page ``codec`` (``cp1252``) as browsers read it
    (WHATWG's Encoding standard): a byte 0x80-0x9F Python's codec lacks is the C1 control of
    its code point (0x81: U+0081); None for any other codec."""
    if not codec.startswith(("cp125", "cp874")):
        return None
    table = importlib.import_module(f"encodings.{codec}").decoding_table
    return "".join(
        chr(byte) if 0x80 <= byte <= 0x9F and char == "\ufffe" else char
        for byte, char in enumerate(table)
    )


# A byte that is not UTF-8 is Windows-1252's character (the legacy encoding of French, German,
# Spanish... text saved on Windows; Latin-1's too but for C1 controls): `La fen\xeatre` reads
# "La fenêtre", not "La fen\ufffdtre", whose word the model cannot translate. The five bytes
# Windows-1252 leaves undefined are read as browsers read them (0x81: U+0081), kept, not a
# replacement character. The valid UTF-8 around it is read as UTF-8.
def _windows_1252(error: UnicodeDecodeError) -> tuple[str, int]:
    bad = error.object[error.start : error.end]
    return codecs.charmap_decode(bad, "strict", web_table("cp1252"))[0], error.end


codecs.register_error("nmt-windows-1252", _windows_1252)

# Characters that would break "one line out per line in" if they reached an output line.
# A control character no text holds (a NUL, an escape); not TAB, a line's end, nor CR
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LINE_BREAKS = str.maketrans({c: " " for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"})


# The byte order marks, with their codecs and names (UTF-32's before UTF-16's: UTF-32 LE's
# starts with UTF-16 LE's); past UTF-8's, those of the encodings whose line end is not b"\n"
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)
_WIDE = BYTE_ORDER_MARKS[1:]

GZIP_MAGIC = b"\x1f\x8b"
XZ_MAGIC = b"\xfd7zXZ\x00"


def shown_path(path: str | Path) -> str:
    """How a message names ``path``: standard input (``-``) as ``<stdin>``."""
    return "<stdin>" if str(path) == "-" else str(path)


def white_ends(line: str) -> tuple[str, str]:
    """The white space that starts ``line`` and the white space that ends it, kept around its
    translation. A line of white space alone gives its form feeds (a page's break) and nothing
    else: an empty line, as a line of spaces always gave."""
    if not line.strip():
        return "".join(c for c in line if c == "\f"), ""
    return line[: len(line) - len(line.lstrip())], line[len(line.rstrip()) :]


def one_line(text: str, source: str = "") -> str:
    """Return ``text`` with every line-breaking character replaced by a space, but for the
    white space that starts and ends ``source``, its line, where ``text`` starts and ends with
    it as written (a form feed that opens a page, or ends one: the line's own, kept)."""
    lead, trail = white_ends(source)
    a = len(lead) if lead and text.startswith(lead) and "\n" not in lead else 0
    b = len(trail) if trail and text[a:].endswith(trail) and "\n" not in trail else 0
    return text[:a] + text[a : len(text) - b].translate(_LINE_BREAKS) + text[len(text) - b :]


class LineReader:
    """Iterates over the lines of a binary stream as ``str``, without line terminators.

    A byte that is not UTF-8 is read as Windows-1252 (``strict``: an InputError); ``warn`` is
    called once, the first time. ``live``: the
    lines come from a producer that may take its time (a pipe, a terminal), not from a file.
    ``crlf``: whether every line read so far ended in CRLF (and one at least in a line end). A
    byte order mark that starts the stream is dropped (``bom``: it, b"" if none); a UTF-16 or
    UTF-32 one says the ``codec`` the lines are read in.
    """

    def __init__(
        self,
        stream: BinaryIO,
        name: str,
        warn: Callable[[str], None] | None = None,
        strict: bool = False,
        compression: str = "gzip",
        live: bool = False,
    ):
        self.stream = stream
        self.live = live
        self.compression = compression
        self.name = name
        self.warn = warn
        self.strict = strict
        self.invalid_lines = 0
        self.count = 0
        self.ended = 0  # lines ended by "\n"
        self.ended_crlf = 0  # of those, by "\r\n"
        self.bom = b""  # the byte order mark the stream started with (dropped)
        self.codec = "utf-8"  # Python's codec of its text

    def __iter__(self) -> Iterator[str]:
        try:
            yield from self._lines()
        except (OSError, EOFError, zlib.error, lzma.LZMAError) as e:  # a corrupt .gz or .xz
            raise InputError(
                f"{self.name}: corrupt or truncated {self.compression} data"
                f" after line {self.count:,} ({e})"
            ) from None
        except UnicodeDecodeError:  # of a UTF-16 or UTF-32 stream (_in_utf8)
            shown = next(name for _, codec, name in _WIDE if codec == self.codec)
            raise InputError(f"{self.name}:{self.count + 1}: not valid {shown}") from None

    @property
    def crlf(self) -> bool:
        return self.ended > 0 and self.ended_crlf == self.ended

    def _raw_lines(self) -> Iterable[bytes]:
        """The stream's lines as UTF-8 (a UTF-16 or UTF-32 stream's re-encoded), or as read."""
        stream = self.stream
        if not hasattr(stream, "peek"):  # a stream held in memory
            stream = io.BufferedReader(stream)  # type: ignore[arg-type]
        head = stream.peek(4)[:4]
        for bom, codec, _ in _WIDE:
            if head.startswith(bom):
                stream.read(len(bom))
                self.bom, self.codec = bom, codec
                return _in_utf8(stream, codec)
        return stream

    def _lines(self) -> Iterator[str]:
        for raw in self._raw_lines():
            self.count += 1
            if raw.endswith(b"\n"):
                self.ended += 1
                self.ended_crlf += raw.endswith(b"\r\n")
            raw = raw.removesuffix(b"\n").removesuffix(b"\r")
            if self.count == 1 and not self.bom and raw.startswith(codecs.BOM_UTF8):  # a file's
                raw, self.bom = raw[len(codecs.BOM_UTF8) :], codecs.BOM_UTF8
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                if self.strict:
                    raise InputError(
                        f"{self.name}:{self.count}: not valid UTF-8 (byte {e.start + 1})"
                    ) from None
                line = raw.decode("utf-8", errors="nmt-windows-1252")
                self.invalid_lines += 1
                if self.invalid_lines == 1 and self.warn is not None:
                    self.warn(
                        f"{self.name}: invalid UTF-8 (first at line {self.count}) "
                        "read as Windows-1252; lines are kept"
                    )
            yield line


def _in_utf8(stream: BinaryIO, codec: str) -> Iterator[bytes]:
    """The lines of ``stream``, text in ``codec``, as UTF-8 bytes, each with its b"\\n" (what
    has arrived of a live stream read as it comes); UnicodeDecodeError where it is not valid."""
    decoder = codecs.getincrementaldecoder(codec)()
    rest = ""
    while chunk := stream.read1(1 << 16):  # type: ignore[attr-defined]
        *lines, rest = (rest + decoder.decode(chunk)).split("\n")
        yield from (f"{line}\n".encode() for line in lines)
    rest += decoder.decode(b"", final=True)
    if rest:
        yield rest.encode("utf-8")


@contextlib.contextmanager
def open_lines(
    path: str | Path, warn: Callable[[str], None] | None = None, strict: bool = False
) -> Iterator[LineReader]:
    """Open ``path`` (``-`` for stdin) for reading lines; missing files raise InputError.
    A gzip or xz file (known by its first bytes, whatever its name) is decompressed as it is read.

    ``strict``: invalid UTF-8 is an InputError instead of Windows-1252 and a warning.
    """
    if str(path) == "-":
        if sys.stdin is None:  # `nmt translate <&-`
            raise InputError("stdin is closed: nothing to read (give the input as a file)")
        stdin, live = sys.stdin.buffer, is_live(sys.stdin.buffer)
        if not hasattr(stdin, "peek"):  # a stream given in its place (a test's bytes)
            stdin = io.BufferedReader(stdin)  # type: ignore[arg-type]
        head = b"" if stdin.isatty() else stdin.peek(len(XZ_MAGIC))[: len(XZ_MAGIC)]
        with _decompressed(stdin, head) as (stream, kind):  # `nmt translate < in.gz` too
            yield LineReader(stream, shown_path(path), warn, strict, kind, live)
        return
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{p}: is a directory, expected a text file")
    try:
        f = open(p, "rb")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    except PermissionError:
        raise InputError(f"{p}: permission denied") from None
    except OSError as e:
        raise InputError(f"{p}: cannot read ({e.strerror})") from None
    with f, _decompressed(f, f.peek(len(XZ_MAGIC))[: len(XZ_MAGIC)]) as (stream, kind):
        yield LineReader(stream, str(p), warn, strict, kind, is_live(f))


@contextlib.contextmanager
def _decompressed(stream: BinaryIO, head: bytes) -> Iterator[tuple[BinaryIO, str]]:
    """``stream``'s bytes, decompressed as they are read where ``head`` (its first bytes) is
    gzip's or xz's magic, and which compression ("gzip" also for none: it names none then)."""
    if head[:2] == GZIP_MAGIC:
        with gzip.GzipFile(fileobj=stream, mode="rb") as z:
            yield z, "gzip"  # type: ignore[misc]
    elif head == XZ_MAGIC:
        with lzma.LZMAFile(stream, mode="rb") as z:
            yield z, "xz"  # type: ignore[misc]
    else:
        yield stream, "gzip"


@contextlib.contextmanager
def open_bytes(path: str | Path, pipes: bool = False) -> Iterator[BinaryIO]:
    """``path`` (``-`` for stdin) as a binary stream, a gzip or xz file (known by its first
    bytes) decompressed as it is read: for readers of whole documents (XML, catalogues) that
    find their own encoding; with ``pipes``, a named pipe too (is_stream: its reader reads it
    once). A missing file is an InputError; a corrupt compressed stream raises OSError,
    EOFError, zlib.error or lzma.LZMAError as it is read (see COMPRESSION_ERRORS)."""
    if str(path) == "-":
        yield sys.stdin.buffer
        return
    p = Path(path)
    check_files([p], pipes=pipes)
    try:
        f = open(p, "rb")  # noqa: SIM115 - closed below
    except OSError as e:
        raise InputError(f"{p}: cannot read ({e.strerror})") from None
    with f, _decompressed(f, f.peek(len(XZ_MAGIC))[: len(XZ_MAGIC)]) as (stream, _):
        yield stream


# What reading a corrupt or truncated .gz or .xz raises.
COMPRESSION_ERRORS = (OSError, EOFError, zlib.error, lzma.LZMAError)


def is_live(stream: BinaryIO) -> bool:
    """Whether ``stream`` is fed by a producer that may take its time: a pipe (``tail -f log |``,
    ``-i <(cmd)``), a terminal, a socket. A regular file (``-i FILE``, ``< FILE``) is not, nor
    is a stream held in memory."""
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (OSError, ValueError, io.UnsupportedOperation):  # no descriptor: held in memory
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISBLK(mode))


def lines_of(paths: Iterable[str | Path], warn=None, strict: bool = False) -> Iterator[str]:
    """The lines of each of ``paths`` in turn, each opened when reached (see open_lines)."""
    for path in paths:
        with open_lines(path, warn, strict) as lines:
            yield from lines


def read_lines(path: str | Path, warn: Callable[[str], None] | None = None) -> list[str]:
    """All lines of ``path`` (see :class:`LineReader`)."""
    with open_lines(path, warn) as lines:
        return list(lines)


def is_stream(path: str | Path) -> bool:
    """Whether ``path`` is a device, a named pipe or a socket (``/dev/null``, ``-i <(cmd)``, a
    FIFO): read once, as it comes, as stdin is; written in place, as it comes, since there is
    no file to replace (output.py)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def check_files(paths: Iterable[str | Path | None], option: str = "", pipes: bool = False) -> None:
    """InputError for the first of ``paths`` that is no file ('-', stdin, and None, not given,
    pass; with ``pipes``, a named pipe or a device too: is_stream), led by ``option`` (e.g.
    "--input"): a command fails before its work, not after."""
    for path in paths:
        if path is None or path == "-" or Path(path).is_file() or pipes and is_stream(path):
            continue
        what = "not a file" if Path(path).exists() else "no such file"
        raise InputError(f"{option} {path}: {what}".lstrip())


def count_lines(path: str | Path) -> int:
    with open_lines(path) as lines:
        return sum(1 for _ in lines)


def chunked(lines: Iterable[str], max_lines: int, live: bool = False) -> Iterator[list[str]]:
    """Group lines into chunks of ``max_lines`` (the last one shorter).

    Lines that are all there to read (a file, a list) give the same chunks on every run, and so
    the same batches and the same floats: a batch's padding and row count decide how a sum is
    rounded. A ``live`` stream (see is_live) is not waited on: a reader thread pulls lines, and
    each chunk takes the first line (waiting for it) and then only what has already arrived, so
    a pipeline that feeds lines slowly (``tail -f``) gets each line answered as it comes.
    """
    if not live:
        rest = iter(lines)
        while chunk := list(itertools.islice(rest, max_lines)):
            yield chunk
        return
    q: queue.Queue = queue.Queue(maxsize=max_lines * 2)
    done = object()
    errors: list[BaseException] = []

    def reader() -> None:
        try:
            for line in lines:
                q.put(line)
        except BaseException as e:  # re-raised in the consumer
            errors.append(e)
        finally:
            q.put(done)

    threading.Thread(target=reader, daemon=True).start()
    while (item := q.get()) is not done:
        chunk = [item]
        with contextlib.suppress(queue.Empty):
            while len(chunk) < max_lines and (item := q.get_nowait()) is not done:
                chunk.append(item)
        yield chunk
        if item is done:
            break
    if errors:
        raise errors[0]


def side_by_side(a: Iterable[str], b: Iterable[str], a_name: str, b_name: str):
    """The lines of two files as pairs; files of different lengths are an InputError."""
    for n, (x, y) in enumerate(itertools.zip_longest(a, b), start=1):
        if x is None or y is None:
            short = a_name if x is None else b_name
            raise InputError(
                f"{a_name} and {b_name} have different line counts ({short} ends at line {n - 1:,})"
            )
        yield x, y
