"""Java ``.properties`` files (resource bundles), read with javaproperties (MIT).

Each ``key=value`` (or ``key: value``, ``key value``) is a unit: its value, with ``\\uXXXX``
and the other escapes read and its continuation lines (a line ending in ``\\``) joined. The key,
its separator, comments (``#``, ``!``), blank lines and line ends are the skeleton, kept as they
are; a new value is written on one line, escaped: ``\\\\``, a leading space and trailing ones
``\\ `` (bare, a trailing space is lost to an editor that trims lines), line breaks and tabs
as ``\\n`` ``\\t``, and non-ASCII text as ``\\uXXXX`` unless the file already holds
non-ASCII text as it is (Java 9 and later read resource bundles as UTF-8; a file in Latin-1,
as Java 8 wrote them, holds as it is only what Latin-1 has: ``parse``'s ``highest``).

A value with ``{0}``-style arguments is a java.text.MessageFormat pattern, where an apostrophe
is written twice (``l''utilisateur {0}``) and a brace that is no argument's is quoted
(``'{'erreur'}'``): the unit's source has one apostrophe and bare braces, and a new value written
back has two again and its braces quoted (a brace doubled its quotes, ``''{''erreur''}''``,
which MessageFormat refuses). A quoted section that would be an argument unquoted
(``'{0}'``: MessageFormat writes ``{0}`` as it is) stays as written, quotes and all, in the
unit's source and in the value written back (before, its quotes were lost and the literal
became an argument).

A ChoiceFormat argument (``{0,choice,0#aucun fichier|1#un fichier|1<{0,number} fichiers}``)
is read as an ICU select message, a branch for each of its limits (``{0, select, c0 {aucun
fichier} c1 {un fichier} c2 {{0,number} fichiers}}``), which a translator translates branch by
branch as it does ICU's (protected whole, it stayed French in the English file), and written
back as the choice of the source's limits; one whose branches did not come back as they went
is the source's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from nmt_cli.errors import InputError
from nmt_cli.formats.skeleton import ParseError, Unit, line_of, write_back

# The key (escapes and continuations in it) and the separator before a value
_KEY_AND_SEPARATOR = re.compile(r"[ \t\f]*(?:\\.|[^\\:=\s])*[ \t\f]*[:=]?[ \t\f]*", re.DOTALL)
_LINE_END = re.compile(r"(?:\r\n|\r|\n)\Z")
_ARGUMENT = re.compile(r"\{\s*\d+\s*[,}]")  # MessageFormat's {0}, {1,number}
_QUOTED = re.compile(r"''|'([{}][^']*)'")  # an apostrophe, a quoted brace (and what follows)
# a quoted section that unquoted would be an argument: a literal, kept whole
LITERAL = re.compile(r"'\{\s*\d+\s*[,}][^']*'")
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\f": "\\f"}
_BODY = r"(?:[^{}]|\{[^{}]*\})*"  # a branch's text: an argument in it ({0,number}), no deeper
_CHOICE = re.compile(rf"\{{\s*(\d+)\s*,\s*choice\s*,({_BODY})\}}")
_LIMIT = re.compile(r"\s*-?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\u221e)\s*[#<\u2264]")
_SELECT = re.compile(rf"\{{(\d+), select,((?: c\d+ \{{{_BODY}\}})+)\}}")
_BRANCH = re.compile(rf" c(\d+) \{{({_BODY})\}}")


def _javaproperties(name: str) -> Any:
    try:
        import javaproperties
    except ImportError:
        raise InputError(
            f"{name}: reading .properties files needs javaproperties: "
            "pip install 'nmt-cli[documents]'"
        ) from None
    return javaproperties


def is_message_format(value: str) -> bool:
    """Whether ``value`` is a MessageFormat pattern (it has ``{0}``-style arguments)."""
    return _ARGUMENT.search(value) is not None


def message_text(pattern: str) -> str:
    """A MessageFormat ``pattern``'s text: ``''`` an apostrophe, ``'{'`` a brace; a lone
    apostrophe before anything else stays (files write ``l'utilisateur {0}``, which Java reads
    as quoting: what they meant is the apostrophe)."""
    return _QUOTED.sub(lambda m: "'" if m[1] is None else _quoted(m), pattern)


def _quoted(found: re.Match) -> str:
    """A quoted section's text: its content, or itself where it is a literal (LITERAL)."""
    return found[0] if LITERAL.fullmatch(found[0]) else found[1]


def literals(pattern: str) -> list[str]:
    """The literals (LITERAL) a MessageFormat ``pattern`` quotes."""
    return [m[0] for m in _QUOTED.finditer(pattern) if m[1] and LITERAL.fullmatch(m[0])]


def message_pattern(text: str, kept: list[str] | tuple[str, ...] = ()) -> str:
    """``text`` as a MessageFormat pattern: each apostrophe doubled, each brace that opens or
    closes no argument (``{0}``, ``{1,number}``, a choice's inner ones) quoted; but the
    literals ``kept`` (those of the source's pattern: literals()) as written."""
    out, depth, at = [], 0, 0
    while at < len(text):
        c = text[at]
        literal = next((k for k in kept if text.startswith(k, at)), None) if not depth else None
        if literal is not None:
            out.append(literal)
            at += len(literal)
            continue
        if c == "{" and (depth or _ARGUMENT.match(text, at)):
            depth += 1
        elif c == "}" and depth:
            depth -= 1
        elif c in "{}":
            c = f"'{c}'"
        out.append("''" if c == "'" else c)
        at += 1
    return "".join(out)


def _branches(choice: str) -> list[tuple[str, str]] | None:
    """A ChoiceFormat argument's body as its branches, each its limit (``1#``, ``1<``) and its
    text; None where it is no such list."""
    out = []
    for part in re.split(r"\|(?![^{}]*\})", choice):
        limit = _LIMIT.match(part)
        if limit is None:
            return None
        out.append((limit[0], part[limit.end() :]))
    return out


def choices_as_selects(value: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """``value`` with each ChoiceFormat argument an ICU select message (see above), and each
    argument as written with its limits, in order."""
    found: list[tuple[str, list[str]]] = []

    def select(m: re.Match) -> str:
        branches = _branches(m[2])
        if branches is None:
            return m[0]
        found.append((m[0], [limit for limit, _ in branches]))
        cases = "".join(f" c{k} {{{text}}}" for k, (_, text) in enumerate(branches))
        return f"{{{m[1]}, select,{cases}}}"

    return _CHOICE.sub(select, value), found


def selects_as_choices(text: str, choices: list[tuple[str, list[str]]]) -> str:
    """``text`` (a translation of choices_as_selects's value) with its select messages the
    ChoiceFormat arguments they were: the source's ``choices``, their limits and the branches'
    new texts; a select whose branches are not those it had, the source's as written."""
    left = iter(choices)

    def choice(m: re.Match) -> str:
        source, limits = next(left, ("", []))
        cases = [(int(k), body) for k, body in _BRANCH.findall(m[2])]
        if not limits or [k for k, _ in cases] != list(range(len(limits))):
            return source or m[0]
        return f"{{{m[1]},choice,{'|'.join(limits[k] + body for k, body in cases)}}}"

    return _SELECT.sub(choice, text) if choices else text


@dataclass(frozen=True)
class PropertiesFile:
    """A ``.properties`` file read: its text, its units, the highest code point a new value
    holds as it is (above it: ``\\uXXXX``), and the ChoiceFormat arguments of each unit's value
    read as selects (by where its value starts: choices_as_selects)."""

    text: str
    units: list[Unit]
    highest: int = 0x10FFFF
    choices: dict[int, list[tuple[str, list[str]]]] = field(default_factory=dict)

    def write(self, targets: list[str]) -> str:
        """The file with ``targets[k]`` as the value of ``units[k]``."""
        return write_back(self.text, self.units, targets, self._escape)

    def _escape(self, unit: Unit, target: str) -> str:
        raw = self.text[unit.start : unit.end]
        target = selects_as_choices(target, self.choices.get(unit.start, []))
        if is_message_format(raw):
            target = message_pattern(target, literals(raw))
        out = "".join(_ESCAPES.get(c, c) for c in target)
        out = "".join(c if ord(c) <= self.highest else _u_escape(c) for c in out)
        # trailing spaces escaped (an editor that trims lines, or a reader that strips values,
        # would lose them bare), then a leading one (Java skips the white space before a value)
        out = re.sub(r" +\Z", lambda m: "\\ " * len(m.group()), out)
        return re.sub(r"^[ \t\f]", lambda m: "\\" + m.group(), out)


def _u_escape(c: str) -> str:
    """``\\uXXXX`` for ``c``, a surrogate pair of them beyond the BMP."""
    data = c.encode("utf-16-be")
    return "".join(
        f"\\u{int.from_bytes(data[i : i + 2], 'big'):04x}" for i in range(0, len(data), 2)
    )


def parse(text: str, name: str, highest: int = 0x10FFFF) -> PropertiesFile:
    """The ``.properties`` file of ``text`` (named ``name``), whose encoding holds the code
    points up to ``highest``; ParseError where an escape is not one Java reads."""
    javaproperties = _javaproperties(name)
    units: list[Unit] = []
    choices: dict[int, list[tuple[str, list[str]]]] = {}
    note: list[str] = []
    at = 0
    try:
        elements = list(javaproperties.parse(text))
    except javaproperties.InvalidUEscapeError as e:
        line = line_of(text, max(text.find(e.escape), 0))
        raise ParseError(
            name, line, f"invalid escape {e.escape} (\\u needs four hex digits)"
        ) from None
    for element in elements:
        source = element.source
        if isinstance(element, javaproperties.Comment):
            note.append(element.value.strip())
        elif isinstance(element, javaproperties.KeyValue):
            start = at + _KEY_AND_SEPARATOR.match(source).end()  # type: ignore[union-attr]
            ending = _LINE_END.search(source)
            end = at + len(source) - (len(ending.group()) if ending else 0)
            raw = text[start:end]
            value = message_text(element.value) if is_message_format(raw) else element.value
            value, choices[start] = choices_as_selects(value)
            units.append(Unit(element.key, value, start, end, "\n".join(note)))
            note = []
        else:
            note = []
        at += len(source)
    ascii_only = all(ord(c) < 128 for c in text)
    return PropertiesFile(text, units, 0x7F if ascii_only else highest, choices)
