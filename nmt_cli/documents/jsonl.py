"""JSON lines: one JSON object per line, the string of each named field translated.

Each output line is its input line as written (its spacing, its numbers, its escapes) with the
value of each field replaced by its translation (non-ASCII text written as it is, U+2028,
U+2029 and U+0085 escaped: output.json_line; escaped as ``\\u20ac`` where the file wrote its
non-ASCII characters so, all in ASCII); nothing is added. Every line is read and checked
before anything is translated: a line that is not a JSON object, an object that lacks a field
or holds something other than a string there, or a key written twice, is one error naming its
line. A blank line stays as it is (one line out for every line in). A string's lines (ended by
a line break, U+0085, U+2028 or U+2029) are translated each on its own, the break between them
kept (documents/strings.py). The placeholders of format
strings (``%s``, ``{name}``...: document.PLACEHOLDERS) pass through as protected spans, as a
catalogue's do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from json.decoder import scanstring
from typing import Any

from nmt_cli.documents.document import LONE_SURROGATE, PLACEHOLDERS, DocumentError, DocumentFormat
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.inference.translation import Translation
from nmt_cli.output import json_line, json_line_breaks

DEFAULT_FIELD = "text"
# What ends a line of a string: a line break, and U+0085, U+2028 and U+2029 (each line is
# translated on its own, its break kept; sent in a line, the model made them spaces)
LINE_BREAKS = "\n\u0085\u2028\u2029"
_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    record: dict[str, Any] = {}
    for key, value in pairs:
        if key in record:
            raise _DuplicateKey(f"key {_quoted(key)} appears twice")
        record[key] = value
    return record


def _quoted(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _kind(value: Any) -> str:
    """What a JSON value is, for a message: "an array", "null"..."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    kinds = {dict: "an object", list: "an array", str: "a string", int: "a number"}
    return kinds.get(type(value), "a number")


@dataclass(frozen=True)
class JsonLines(StringsDocument):
    """The lines of a JSON lines file, each with where its fields' values are written (a blank
    line: none)."""

    lines: list[str]
    places: list[list[tuple[int, int]] | None]  # per line, each field's value's (start, end)
    strings: StringLines
    escaped: frozenset[int] = frozenset()  # the lines whose values are written all ASCII

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> str:
        values = iter(self.translated(translations))
        out = []
        for k, (line, places) in enumerate(zip(self.lines, self.places)):
            if places is not None:
                said = [(start, end, next(values)) for start, end in places]
                for start, end, value in sorted(said, reverse=True):
                    if json.loads(line[start:end]) == value:
                        continue  # as it was written: \u21D2, \/ (identity: the same bytes)
                    written = json.dumps(value) if k in self.escaped else json_line(value)
                    line = line[:start] + written + line[end:]
                line = json_line_breaks(line)
            out.append(line)
        return "".join(f"{line}\n" for line in out)


def _places(line: str, fields: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the values of ``fields`` (top-level keys of the JSON object ``line``, well formed
    and holding each once) are written in ``line``: (start, end) each."""
    decoder, found, at = json.JSONDecoder(), {}, line.index("{") + 1
    while True:
        at = _SPACE.match(line, at).end()
        if line[at] == "}":
            return [found[f] for f in fields]
        key, at = scanstring(line, at + 1)
        at = _SPACE.match(line, _SPACE.match(line, at).end() + 1).end()  # past the ":"
        _, end = decoder.raw_decode(line, at)
        found[key] = (at, end)
        at = _SPACE.match(line, end).end()
        at += line[at] == ","


# An escape of a character beyond ASCII (\u00e9, \u20ac), its backslash not escaped itself
_ESCAPED = re.compile(r"(?<!\\)(?:\\\\)*\\u(?!00[0-7])[0-9a-fA-F]{4}")


def _escaped(lines: list[str]) -> frozenset[int]:
    """The lines whose values' translations are written all ASCII, as Python's json.dumps
    and many tools write JSON: each line written in ASCII that escapes a character beyond
    it, and, where a file escapes one and writes none as it is, every line."""
    written = [line.isascii() and bool(_ESCAPED.search(line)) for line in lines]
    everywhere = any(written) and all(line.isascii() for line in lines)
    return frozenset(k for k, line in enumerate(lines) if everywhere or written[k])


class _NotJson(ValueError):
    """A value JSON (RFC 8259) has no place for, that Python's reader takes."""


def _no_constant(name: str):
    raise _NotJson(f"not valid JSON ({name} is no JSON value)")


def _finite(text: str) -> float:
    """A number as a float; one a float cannot hold is an error (1e400 was written Infinity)."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _NotJson(f"the number {text} is beyond what a double holds")
    return value


def read_jsonl(lines: list[str], name: str, *, field: Sequence[str] | None) -> JsonLines:
    """The JSON lines document of ``lines``; ``field``: the fields to translate (None: the
    default, ``text``)."""
    fields = tuple(dict.fromkeys(field or [DEFAULT_FIELD]))
    places: list[list[tuple[int, int]] | None] = []
    strings: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            places.append(None)
            continue
        try:
            record = json.loads(
                line,
                object_pairs_hook=_no_duplicates,
                parse_constant=_no_constant,
                parse_float=_finite,
            )
        except (_DuplicateKey, _NotJson) as e:
            raise DocumentError(name, n, str(e)) from None
        except json.JSONDecodeError as e:
            raise DocumentError(name, n, f"not valid JSON ({e.msg} at column {e.colno})") from None
        if not isinstance(record, dict):
            raise DocumentError(name, n, f"{_kind(record)}, not a JSON object")
        for f in fields:
            if f not in record:
                raise DocumentError(name, n, f"no field {_quoted(f)}")
            if not isinstance(record[f], str):
                kind = _kind(record[f])
                raise DocumentError(name, n, f"field {_quoted(f)} is {kind}, not a string")
            if (half := LONE_SURROGATE.search(record[f])) is not None:
                where = f"field {_quoted(f)}"
                raise DocumentError(
                    name, n, f"{where}: an escape of half a character ({half[0]!a})"
                )
            strings.append(record[f])
        places.append(_places(line, fields))
    return JsonLines(lines, places, StringLines.of(strings, breaks=LINE_BREAKS), _escaped(lines))


JSONL = DocumentFormat(
    "jsonl", (".jsonl", ".ndjson"), read_jsonl, options=("field",), protect=PLACEHOLDERS
)
