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

i18next's plural keys (``files_one``, ``files_many``, ``files_other``; ordinals
``rank_ordinal_two``) side by side in one object are written with the target language's
categories, as an Android ``<plurals>`` is (``write``'s ``categories``). A lone ``_other``
beside other keys of its base (``gender_male``, ``gender_other``) and without ``{{count}}`` is
an i18next context, not a plural, and stays as written (before, English got a ``gender_one``).

Flutter's ARB (``.arb``, or a file with ``@@`` keys or ``@key`` beside ``key``) is the nested
shape with metadata: a top-level key that starts with ``@`` (``"@@locale": "fr"``, ``"@files":
{"description": ..., "placeholders": ...}``) is not translated, whatever its values, and
``@@locale`` is written the target language (``localed``: Flutter refuses a file whose
``@@locale`` is not the language of its name). Read as lines before, its JSON was garbled.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nmt_cli.formats.skeleton import ParseError, Unit, line_of, write_back

JSONL_HINT = "for a JSON object per line: --input-format jsonl"
_MESSAGE_KEYS = {"message", "description", "placeholders"}
_TOKEN = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+)', re.DOTALL)

# A value's place: its keys (array indices as ints), its span and whether it is a string
_Value = tuple[tuple[Any, ...], int, int, bool]
# i18next's plural keys (JSON v4): files_one, files_other; files_ordinal_two
_PLURAL_KEY = re.compile(r"(.+?)(_ordinal)?_(zero|one|two|few|many|other)")
_COUNT_SUFFIX = re.compile(r"(\{\{\s*count\s*\}\})(?:[^\W\d_]{1,4}|\.)")  # {{count}}er
_COUNT = re.compile(r"\{\{-?\s*count\s*[,}]")  # {{count}}, {{count, number}}


@dataclass(frozen=True)
class _Member:
    """A key and its value in an object: the object's path, the key, where the key starts,
    where its value starts and ends."""

    path: tuple[Any, ...]
    key: str
    start: int
    value_at: int
    end: int


@dataclass(frozen=True)
class _Plural:
    """An i18next plural: ``base_one``, ``base_other``... side by side in one object, the
    members by category, whether ordinal (``base_ordinal_one``)."""

    base: str
    ordinal: bool
    members: dict[str, _Member]


class _Scanner:
    """The span of every leaf value of a JSON text already known to be valid; ParseError for a
    key written twice in one object (which json.loads would read as its last value)."""

    def __init__(self, text: str, name: str):
        self.text, self.name = text, name
        self.found: list[_Value] = []
        self.members: list[_Member] = []

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
                value_at = self.token(end)[1]
                at = self.value(end, (*path, key))
                self.members.append(_Member(path, key, key_at, value_at, at))
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
    plurals: tuple[_Plural, ...] = ()

    def write(
        self,
        targets: list[str],
        categories: Callable[[bool], Sequence[str] | None] | None = None,
        suffixes: Mapping[str, str] | None = None,
    ) -> str:
        """The file with ``targets[k]`` as the string of ``units[k]``; an i18next plural with
        the target language's ``categories(ordinal)`` (None: the source's), as an Android
        ``<plurals>`` is written: each from the source's key of its category, else from
        ``_other``, a category the target lacks dropped (``_zero`` stays: i18next reads it
        for 0 in every language). An ordinal whose every value is the count and a suffix
        (``{{count}}er``) gets the target's ``suffixes`` by category (``{{count}}nd``)."""
        values = {u.start: self._escape(u, t) for u, t in zip(self.units, targets)}
        edits = []
        for plural in self.plurals:
            wanted = categories(plural.ordinal) if categories else None
            if wanted is not None and set(plural.members) - {"zero"} != set(wanted):
                fixed = self._suffixed(plural, wanted, suffixes or {})
                edits.append(self._retargeted(plural, wanted, values, fixed))
        if not edits:
            return write_back(self.text, self.units, targets, self._escape)
        edited = {u.start for e in edits for u in self.units if e[0] <= u.start < e[1]}
        kept = [(u.start, u.end, values[u.start]) for u in self.units if u.start not in edited]
        out, at = [], 0
        for start, end, new in sorted([*kept, *edits]):
            out += [self.text[at:start], new]
            at = end
        return "".join(out) + self.text[at:]

    def _suffixed(
        self, plural: _Plural, wanted: Sequence[str], suffixes: Mapping[str, str]
    ) -> dict[str, str]:
        """An ordinal's values by category where each is the count and a suffix."""
        if not plural.ordinal or not set(wanted) <= set(suffixes):
            return {}
        sources = [json.loads(self.text[m.value_at : m.end]) for m in plural.members.values()]
        found = [_COUNT_SUFFIX.fullmatch(x) for x in sources]
        if not all(found) or len({m[1] for m in found if m}) != 1:
            return {}
        count = found[0][1] if found[0] else ""
        return {c: json.dumps(count + suffixes[c], ensure_ascii=self.ascii_only) for c in wanted}

    def _retargeted(
        self, plural: _Plural, wanted: Sequence[str], values: dict[int, str], fixed: dict[str, str]
    ) -> tuple[int, int, str]:
        members = sorted(plural.members.values(), key=lambda m: m.start)
        first, other = members[0], plural.members["other"]
        between = (
            self.text[members[0].end : members[1].start]
            if len(members) > 1
            else _separator(self.text, first.start)
        )
        head = self.text[other.start : other.value_at]  # "files_other": (its spacing)
        quoted = json.dumps(other.key, ensure_ascii=self.ascii_only)
        written = []
        for c in ("zero", *wanted) if "zero" in plural.members else wanted:
            member = plural.members.get(c, other)
            key = f"{plural.base}{'_ordinal' if plural.ordinal else ''}_{c}"
            name = head.replace(quoted, json.dumps(key, ensure_ascii=self.ascii_only), 1)
            value = values.get(member.value_at, self.text[member.value_at : member.end])
            value = fixed.get(c, value)
            written.append(name + value)
        return first.start, members[-1].end, between.join(written)

    def _escape(self, unit: Unit, target: str) -> str:
        return json.dumps(target, ensure_ascii=self.ascii_only)


_LOCALE = re.compile(r'(\A\s*\{\s*|,\s*)("@@locale"\s*:\s*)"(?:[^"\\]|\\.)*"')


def localed(text: str, language: str) -> str:
    """``text``, an ARB file written, with its ``@@locale`` (if it has one) ``language``."""
    new = json.dumps(language)
    return _LOCALE.sub(lambda m: m[1] + m[2] + new, text, count=1)


def _separator(text: str, at: int) -> str:
    """What goes between two members of the object of the member at ``at``: a comma, then the
    line break and indentation before that member (an i18next plural of one key, ``_other``,
    given a second was written on the same line), or a space where it is on its key's line."""
    before = re.search(r"\s*\Z", text[:at])
    space = before[0] if before else ""
    return "," + space if "\n" in space else ", "


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


def _is_arb(data: dict[str, Any], name: str) -> bool:
    """Whether ``data``, of the file named ``name``, is Flutter's ARB: named ``.arb``, or a key
    of it is ``@@...`` or the ``@`` of another (``@title`` beside ``title``)."""
    if re.sub(r"\.(gz|xz)$", "", name).endswith(".arb"):
        return True
    return any(k.startswith("@@") or k.startswith("@") and k[1:] in data for k in data)


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
    arb = _is_arb(data, name)
    units = []
    for path, start, end, is_string in scanner.found:
        shown = ".".join(str(k) for k in path)
        if arb and str(path[0]).startswith("@"):
            continue  # Flutter ARB's metadata (see above): for translators, not translated
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
    strings = {start for _, start, _, is_string in scanner.found if is_string}
    plurals = () if messages else _plurals(scanner.members, strings, text)
    return I18nJson(text, units, messages, ascii_only, plurals)


def _plurals(members: list[_Member], strings: set[int], text: str) -> tuple[_Plural, ...]:
    """The i18next plurals among ``members``: string keys of one base and kind with an
    ``_other``, written side by side (another key between them: left as written)."""
    groups: dict[tuple[Any, ...], list[tuple[str, _Member]]] = {}
    for member in members:
        found = _PLURAL_KEY.fullmatch(member.key)
        if found and member.value_at in strings:
            key = (member.path, found[1], bool(found[2]))
            groups.setdefault(key, []).append((found[3], member))
    plurals = []
    for (_, base, ordinal), found in groups.items():
        by_category = dict(found)
        start, end = min(m.start for _, m in found), max(m.end for _, m in found)
        path = found[0][1].path
        inside = [m for m in members if start <= m.start < end and m.path == path]
        if "other" in by_category and len(by_category) == len(found) == len(inside):
            if not _is_context(base, ordinal, by_category, members, text):
                plurals.append(_Plural(base, ordinal, by_category))
    return tuple(plurals)


def _is_context(
    base: str, ordinal: bool, by_category: dict[str, _Member], members: list[_Member], text: str
) -> bool:
    """Whether a lone ``base_other`` is one of i18next's contexts, not a plural: its object
    holds another ``base_`` key that is no plural category (``gender_male``, ``gender_female``,
    ``gender_other``: ``t("gender", {context})``), and its text no ``{{count}}``."""
    if ordinal or set(by_category) != {"other"}:
        return False
    other = by_category["other"]
    if _COUNT.search(text[other.value_at : other.end]):
        return False
    return any(
        m.path == other.path and m.key.startswith(base + "_") and m is not other for m in members
    )
