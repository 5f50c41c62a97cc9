"""Apple ``.strings`` files (Localizable.strings, InfoPlist.strings): ``"key" = "value";``.

Each value is a unit (its key the id, the comment before it the note; a key written twice is an
error naming its line, as JSON's is: Xcode warns of it, and the last value wins); ``/* */`` and
``//`` comments, keys, white space and the order are the skeleton, kept as they are. Strings
read the escapes of old-style property lists (``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\r``,
``\\Uxxxx``); a key or value may also be a bare word (``key = value;``). A new value is written
quoted, with ``\\"``, ``\\\\``, ``\\n``, ``\\t`` and ``\\r`` escaped, but a line break of a
value whose source the file writes across lines, which stays a line of the file (written
``\\n``, a value of two lines came back on one).

Such files are UTF-16 (with a byte order mark) as often as UTF-8: ``decode`` and ``encode`` read
and write either, and UTF-32 (encoding.py), so a file keeps its encoding, its mark and its line
ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nmt_cli.formats import encoding
from nmt_cli.formats.skeleton import ParseError, Unit, line_of, write_back

_TOKEN = re.compile(
    r'(?P<space>\s+)|(?P<comment>/\*.*?\*/|//[^\n]*)|(?P<string>"(?:[^"\\]|\\.)*")'
    r"|(?P<word>(?!/[*/])[\w.$:/+-]+)|(?P<punct>[=;])",
    re.DOTALL,
)
_ESCAPE = re.compile(r"\\(U[0-9a-fA-F]{4}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)", re.DOTALL)
_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_WRITTEN = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_TEXT = ("string", "word")  # what a key or a value may be


def decode(data: bytes, name: str = "-") -> tuple[str, encoding.Encoding]:
    """The text of a ``.strings`` file's bytes (named ``name``) and how it is encoded (for
    ``encode``): UTF-16, UTF-32 or UTF-8 by its byte order mark, UTF-8 without one. ParseError
    naming the line of bytes that do not decode."""
    return encoding.decode(data, name)


def encode(text: str, how: encoding.Encoding) -> bytes:
    """``text`` as ``decode`` found the file written: its encoding, mark and line ends."""
    return how.encode(text)


def _unescape(raw: str) -> str:
    def one(m: re.Match[str]) -> str:
        e = m.group(1)
        if e[0] in "Uu" and len(e) == 5:
            return chr(int(e[1:], 16))
        if e[0].isdigit():
            return chr(int(e, 8))
        return _SIMPLE.get(e, e)

    return _ESCAPE.sub(one, raw)


@dataclass(frozen=True)
class StringsFile:
    """A ``.strings`` file read: its text and its units."""

    text: str
    units: list[Unit]

    def write(self, targets: list[str]) -> str:
        """The file with ``targets[k]`` as the value of ``units[k]``."""
        return write_back(self.text, self.units, targets, self._quoted)

    def _quoted(self, unit: Unit, target: str) -> str:
        """``target`` written as ``unit``'s value: its line breaks as the source's are."""
        kept = "\n" if "\n" in self.text[unit.start : unit.end] else ""
        return '"' + "".join(c if c in kept else _WRITTEN.get(c, c) for c in target) + '"'


def _tokens(text: str, name: str) -> list[tuple[str, str, int, int]]:
    """(kind, token, start, end) of each token but white space; ParseError at the first
    character that starts none."""
    out, at = [], 0
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None:
            shown = text[at : at + 20].split("\n")[0]
            what = "a string not closed" if text[at] == '"' else f"unexpected {shown!r}"
            if text.startswith("/*", at):
                what = "a comment not closed"
            raise ParseError(name, line_of(text, at), what)
        if m.lastgroup != "space":
            out.append((m.lastgroup or "", m.group(), m.start(), m.end()))
        at = m.end()
    return out


def _value(kind: str, token: str) -> str:
    return _unescape(token[1:-1]) if kind == "string" else token


def _check_entry(entry: list[tuple[str, str, int, int]], text: str, name: str) -> None:
    """ParseError at the first token of ``entry`` that does not make ``key = value;``."""
    for (kind, token, start, _), wanted in zip(entry, (_TEXT, ("=",), _TEXT, (";",))):
        if (kind if wanted is _TEXT else token) not in wanted:
            expected = "a quoted string" if wanted is _TEXT else f'"{wanted[0]}"'
            raise ParseError(name, line_of(text, start), f"expected {expected}, not {token[:30]!r}")
    if len(entry) < 4:
        raise ParseError(name, line_of(text, len(text)), 'the file ends inside "key" = "value";')


def parse(text: str, name: str) -> StringsFile:
    """The ``.strings`` file of ``text`` (named ``name``); ParseError naming the line of the
    first entry that is not ``key = value;``."""
    units: list[Unit] = []
    note = ""
    first: dict[str, int] = {}  # where each key is
    tokens = _tokens(text, name)
    k = 0
    while k < len(tokens):
        kind, token, start, _ = tokens[k]
        if kind == "comment":
            note = token.removeprefix("//").removeprefix("/*").removesuffix("*/").strip()
            k += 1
            continue
        entry, k = _entry(tokens, k)
        _check_entry(entry, text, name)
        value_kind, value, value_start, value_end = entry[2]
        key = _value(kind, token)
        if key in first:  # the last value wins at run time: which one is meant, unsaid
            shown = f"key {key[:40]!r} appears twice (first at line {line_of(text, first[key])})"
            raise ParseError(name, line_of(text, start), f"{shown}: Xcode warns of it")
        first[key] = start
        units.append(Unit(key, _value(value_kind, value), value_start, value_end, note))
        note = ""
    return StringsFile(text, units)


def _entry(tokens: list[tuple[str, str, int, int]], k: int):
    """The (up to) four tokens of the entry that starts at ``tokens[k]``, the comments between
    them passed over (a comment goes where white space may: before, ``"k" /* c */ = "v";`` was
    an error), and where the next entry starts."""
    entry = []
    while k < len(tokens) and len(entry) < 4:
        if tokens[k][0] != "comment":
            entry.append(tokens[k])
        k += 1
    return entry, k
