"""i18n JSON: the message files of web and JavaScript applications, in two shapes.

- Nested keys (i18next, vue-i18n, Angular's JSON, Rails' JSON): an object whose leaves are all
  strings, objects inside objects allowed: ``{"menu": {"open": "Ouvrir"}}``. Every string is a
  unit, its id the keys joined with dots (``menu.open``). An array of strings is a list of
  messages (i18next's ``returnObjects``, vue-i18n's lists): each item a unit, its id its key
  and its index (``steps.0``); it was refused, and with it the whole file.
- Browser extensions' ``messages.json``: ``{"name": {"message": ..., "description": ...,
  "placeholders": {...}}}``. Only ``message`` is a unit (its id the key, its note the
  description); ``$name$`` placeholders are the caller's to protect. A file is read so where
  every top-level value is such an entry and the file is named ``messages.json`` (as an
  extension's ``_locales/fr/messages.json`` is) or an entry has ``placeholders``: a nested
  file may well hold ``{"toast": {"message": ..., "description": ...}}``, two texts (before,
  any file of that shape lost the translation of its descriptions).

Anything else (a number, a boolean or null among the values, an array's too, a top-level
array) is not an i18n file: one error, naming the line of the first value that is not a
string. Written back with only the strings' spans changed, so keys, their order, the
indentation and every other value stay as they were; a new string is written with
``\\uXXXX`` escapes only if the file writes its non-ASCII text that way.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any

from nmt_cli.formats.skeleton import ParseError, Unit, line_of, write_back

JSONL_HINT = "for a JSON object per line: --input-format jsonl"
_MESSAGE_KEYS = {"message", "description", "placeholders"}
_TOKEN = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+)', re.DOTALL)

# A value's place: its keys (array indices as ints), its span and whether it is a string
_Value = tuple[tuple[Any, ...], int, int, bool]


class _Scanner:
    """The span of every leaf value of a JSON text already known to be valid; ParseError for a
    key written twice in one object (which json.loads would read as its last value)."""

    def __init__(self, text: str, name: str):
        self.text, self.name = text, name
        self.found: list[_Value] = []

    def token(self, at: int) -> tuple[str, int, int]:
        """The token after ``at``: itself, its start and its end."""
        m = _TOKEN.match(self.text, at)
        assert m is not None, "valid JSON always has a next token here"
        return m.group(1), m.start(1), m.end(1)

    def value(self, at: int, path: tuple[Any, ...]) -> int:
        """Read the value after ``at`` (at ``path``); returns where it ends."""
        tok, start, end = self.token(at)
        if tok == "{":
            return self.container(end, path, True)
        if tok == "[":  # its items each a value of its own, at its index
            return self.container(end, path, False)
        self.found.append((path, start, end, tok.startswith('"')))
        return end

    def container(self, at: int, path: tuple[Any, ...], is_object: bool) -> int:
        close, index = "}" if is_object else "]", 0
        keys: set[str] = set()
        while True:
            tok, _, end = self.token(at)
            if tok == close:
                return end
            if tok == ",":
                at = end
                tok, _, end = self.token(at)
            if is_object:
                key, key_at = json.loads(tok), end - len(tok)
                if key in keys:
                    shown = json.dumps(key, ensure_ascii=False)
                    raise ParseError(
                        self.name, line_of(self.text, key_at), f"key {shown} appears twice"
                    )
                keys.add(key)
                _, _, end = self.token(end)  # the colon
                at = self.value(end, (*path, key))
            else:
                at = self.value(at, (*path, index))
                index += 1


@dataclass(frozen=True)
class I18nJson:
    """A JSON message file read: its text, its units, and how new strings are escaped."""

    text: str
    units: list[Unit]
    messages: bool  # the browser extensions' messages.json shape
    ascii_only: bool

    def write(self, targets: list[str]) -> str:
        """The file with ``targets[k]`` as the string of ``units[k]``."""
        return write_back(self.text, self.units, targets, self._escape)

    def _escape(self, unit: Unit, target: str) -> str:
        return json.dumps(target, ensure_ascii=self.ascii_only)


def _is_messages(data: dict[str, Any], name: str) -> bool:
    """Whether ``data``, of the file named ``name``, is a browser extension's messages.json
    (see above)."""

    def entry(v: Any) -> bool:
        return (
            isinstance(v, dict)
            and set(v) <= _MESSAGE_KEYS
            and isinstance(v.get("message"), str)
            and isinstance(v.get("description", ""), str)
            and isinstance(v.get("placeholders", {}), dict)
        )

    if not data or not all(entry(v) for v in data.values()):
        return False
    named = re.sub(r"\.(gz|xz)$", "", os.path.basename(name)) == "messages.json"
    return named or any("placeholders" in v for v in data.values())


def _kind(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "an array"
    return "a number"


def parse(text: str, name: str) -> I18nJson:
    """The message file of ``text`` (named ``name``); ParseError where it is not JSON or not
    one of the two shapes."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ParseError(name, e.lineno, f"not valid JSON ({e.msg} at column {e.colno})") from None
    if not isinstance(data, dict):
        raise ParseError(name, 1, f"{_kind(data)}, not a JSON object of messages; {JSONL_HINT}")
    scanner = _Scanner(text, name)
    scanner.value(0, ())
    messages = _is_messages(data, name)
    units = []
    for path, start, end, is_string in scanner.found:
        shown = ".".join(str(k) for k in path)
        if messages:
            if len(path) == 2 and path[1] == "message":
                note = data[path[0]].get("description", "")
                units.append(Unit(path[0], data[path[0]]["message"], start, end, note))
            continue
        if not is_string:
            kind = _kind(json.loads(text[start:end]))
            raise ParseError(
                name,
                line_of(text, start),
                f"{shown} is {kind}, not a string: not an i18n file; {JSONL_HINT}",
            )
        units.append(Unit(shown, json.loads(text[start:end]), start, end))
    raw_non_ascii = any(ord(c) > 127 for c in text)
    escaped_non_ascii = re.search(r"\\u(?!00[0-7])[0-9a-fA-F]{4}", text) is not None
    ascii_only = escaped_non_ascii and not raw_non_ascii
    return I18nJson(text, units, messages, ascii_only)
