"""Files that are not text: an office document read as bytes and written back as bytes, and
any other binary file (a PDF, an image, an archive, a legacy .xls workbook) and an RTF document
(its control words were translated as words) refused before any work.

`nmt translate` reads a file as lines of UTF-8 unless its format reads bytes
(DocumentFormat.binary). A file read as lines is first looked at (its name and first bytes):
one that a text reader would only garble is one error, "not a text file", naming what it looks
like; gzip and xz stay text (nmt_cli/textio.py reads through them).
"""

from __future__ import annotations

import os
import sys

from nmt_cli.errors import InputError, UsageError
from nmt_cli.formats.encoding import bom_name
from nmt_cli.output import atomic_path, compressed
from nmt_cli.textio import COMPRESSION_ERRORS, is_live, is_stream, open_bytes, shown_path

MAX_BYTES = 256 * 2**20  # an office document larger than this is refused, not read

# (first bytes, what a file that starts with them is)
_MAGIC = (
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"RIFF", "a RIFF file (an image, sound or video)"),
    (b"PK\x03\x04", "a zip archive"),
    (b"PK\x05\x06", "a zip archive"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a legacy Office file (.doc, .xls, .ppt)"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"BZh", "a bzip2 archive"),
    (b"\x7fELF", "a program"),
    (b"\x28\xb5\x2f\xfd", "a zstd archive"),
    (b"{\\rtf", "an RTF document: save it as .docx"),  # read as lines, its markup was garbled
)
# Extensions `nmt translate` does not read, and what to say of them
_REFUSED = {
    ".doc": "a legacy Word file: save it as .docx",
    ".ppt": "a legacy PowerPoint file: save it as .pptx",
    ".xls": "a legacy Excel file: save it as .xlsx",
    ".pdf": "a PDF document",
    ".rtf": "an RTF document: save it as .docx",
    ".odp": "an OpenDocument presentation: save it as .pptx",
}


def check_text_file(path: str) -> None:
    """InputError "not a text file" where ``path`` (read as lines) is a binary file by its
    extension or its first bytes; stdin ('-') by its first bytes where it is a file (``<
    rapport.docx``: its bytes were translated as Windows-1252 lines), not a pipe or a terminal,
    nor a pipe given as a path (read once)."""
    if path == "-":
        stdin = sys.stdin.buffer if sys.stdin is not None else None
        if stdin is None or is_live(stdin) or not hasattr(stdin, "peek"):
            return
        what = _binary(stdin.peek(4096)[:4096])
    elif is_stream(path):
        return
    else:
        what = _REFUSED.get(os.path.splitext(path.lower())[1])
        if what is None:
            try:
                with open(path, "rb") as f:
                    what = _binary(f.read(4096))
            except OSError:
                return  # the reader says why
    if what is not None:
        raise InputError(f"{shown_path(path)}: not a text file ({what}); nothing was translated")


def _binary(head: bytes) -> str | None:
    """What a file whose first bytes are ``head`` is, where it is no text; None for text."""
    what = next((kind for magic, kind in _MAGIC if head.startswith(magic)), None)
    text = head.startswith((b"\x1f\x8b", b"\xfd7zXZ")) or bom_name(head)  # gzip, xz, UTF-16/32
    if what is None and b"\x00" in head and not text:
        what = "it holds NUL bytes"
    return what


def read_binary(path: str) -> tuple[str, bytes]:
    """The name (``<stdin>`` for '-') and bytes of ``path``, read whole (at most MAX_BYTES),
    gzip and xz decompressed (a corrupt or truncated one: one InputError)."""
    name = shown_path(path)
    try:
        with open_bytes(path, pipes=True) as stream:  # read once: -i <(cmd) too
            data = stream.read(MAX_BYTES + 1)
    except COMPRESSION_ERRORS as e:
        raise InputError(f"{name}: cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{name}: larger than {MAX_BYTES} bytes; nothing was translated")
    return name, data


def check_binary_output(output: str, kind: str) -> None:
    """UsageError where a ``kind`` document (bytes: .docx...) would go to a terminal."""
    if output == "-" and sys.stdout.isatty():
        raise UsageError(f"a {kind} document is not for a terminal: give --output FILE")


def write_binary(output: str, data: bytes) -> None:
    """``data`` to ``output``, atomically (complete or not at all); '-': stdout (not a
    terminal, where it is not text: check_binary_output)."""
    if output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    with atomic_path(output) as tmp, compressed(tmp, output) as f:  # out.srt.gz: gzip
        f.write(data)
