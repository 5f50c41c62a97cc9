"""ICU MessageFormat's plural and select messages: their structure is protected, each branch's
text is translated (spans.py, kind ``icu``). `nmt translate` translates a line's messages
branch by branch (inference/icu_lines.py, which finds them by these spans); the reading below
is what a line read as one sentence gets (a message the span finder sees but that reading
does not take apart).

    Vous avez {count, plural, =0 {aucun fichier} one {# fichier} other {# fichiers}}.

is read as the pieces of its structure, each a span the model copies, and the texts between
them, which it translates in the sentence's context:

    {count, plural, =0 {   aucun fichier   } one {   #   fichier   } other {   #   fichiers   }}

so that the translation keeps the argument, the selector (``plural``, ``select``,
``selectordinal``), ``offset:``, every keyword (``=0``, ``one``, ``other``, ``male``) and each
``#`` (the number, in a plural's branch): ``You have {count, plural, =0 {no file} one {# file}
other {# files}}.`` A message inside a branch is read the same way; a simple argument inside a
branch (``{name}``, ``{0,number}``) is a placeholder. The pieces keep their source order
(format_strings.order_group ``icu``), so the message is well formed whatever the model wrote.
ICU's quoting (``'{'``, ``''``) is text. The branches are the source's; once the translation
holds the message again, a plural's get the target language's categories (icu_categories.py,
which reads a message's branches with ``message``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol, TypeVar


class _Ranked(Protocol):
    start: int
    end: int
    rank: int


_R = TypeVar("_R", bound=_Ranked)
# A message's start; its argument a name, or a number as in ICU4J's and Java's MessageFormat
# patterns ({0, plural, one {# fichier} other {# fichiers}}, in a .properties file)
HEAD = r"\{\s*(?:[A-Za-z_]\w*|\d+)\s*,\s*(plural|selectordinal|select)\s*,"
_HEAD = re.compile(HEAD)
_KEYWORD = re.compile(r"\s*(?:offset:\s*\d+\s*)?(=\d+|[A-Za-z_]\w*)\s*\{")
_CLOSE = re.compile(r"\s*\}")
_SIMPLE = re.compile(r"\{[^{}]*\}")  # an argument inside a branch: {name}, {0,number}
# A selectordinal's branch that is the number and an ordinal's suffix (French ``#er``, ``#e``,
# English ``#st``, German ``#.``): structure, not words (the model wrote ``#er`` "#Out"); its
# suffix is the target language's (icu_categories.py)
ORDINAL_SUFFIX = re.compile(r"\s*#(?:[^\W\d_]{1,4}|\.)\s*")
# A selectordinal's branch that starts with the number and its suffix, then words (``#er
# étage``): the number and suffix are structure, the target's (``#st floor``), the words text
ORDINAL_LEAD = re.compile(r"\s*#(?:[^\W\d_]{1,4}|\.)(?=[\s}]|$)")


@dataclass(frozen=True)
class Branch:
    """A branch of a message: its ``keyword`` (``one``, ``=0``, ``male``) starts at ``start``
    of the line, its text is ``line[body[0]:body[1]]`` (between its braces)."""

    keyword: str
    start: int
    body: tuple[int, int]


@dataclass(frozen=True)
class Message:
    """A well-formed message of a line: its selector (``plural``, ``selectordinal``,
    ``select``), its branches in order, and where it ends (after its closing brace)."""

    selector: str
    branches: tuple[Branch, ...]
    end: int


def pieces(line: str, start: int) -> list[tuple[int, int, str]]:
    """(start, end, kind) of each piece of the structure of the message that opens at
    ``line[start]`` (kind ``icu``), and of each simple argument in its branches (kind
    ``placeholder``), in order; none where no well-formed message opens there."""
    found: list[tuple[int, int, str]] = []
    return found if _message(line, start, found) else []


def message(line: str, start: int) -> Message | None:
    """The message that opens at ``line[start]``; None where no well-formed one does."""
    return _message(line, start, [])


def _message(line: str, start: int, found: list[tuple[int, int, str]]) -> Message | None:
    """The message at ``start``, adding its pieces to ``found``; None: not one."""
    head = _HEAD.match(line, start)
    if head is None:
        return None
    branches = []
    piece, pos = start, head.end()  # piece: where the piece being read began
    while keyword := _KEYWORD.match(line, pos):
        found.append((piece, keyword.end(), "icu"))
        branch = _suffix(line, keyword.end()) if head[1] == "selectordinal" else None
        lead = ORDINAL_LEAD.match(line, keyword.end()) if head[1] == "selectordinal" else None
        if branch is not None:
            found.append((keyword.end(), branch, "icu"))
        elif lead is not None:  # "#er étage": "#er" a piece, "étage" the branch's text
            found.append((keyword.end(), lead.end(), "icu"))
            branch = _branch(line, lead.end(), True, found)
        else:
            branch = _branch(line, keyword.end(), head[1] != "select", found)
        if branch is None:
            return None
        branches.append(Branch(keyword[1], keyword.start(1), (keyword.end(), branch)))
        piece, pos = branch, branch + 1  # the branch's closing brace starts the next piece
    close = _CLOSE.match(line, pos)
    if not branches or close is None:
        return None
    found.append((piece, close.end(), "icu"))
    return Message(head[1], tuple(branches), close.end())


def _suffix(line: str, pos: int) -> int | None:
    """Where the branch from ``pos`` ends, if its text is a number and an ordinal suffix."""
    end = line.find("}", pos)
    return end if end >= 0 and ORDINAL_SUFFIX.fullmatch(line, pos, end) else None


def _branch(line: str, pos: int, number: bool, found: list[tuple[int, int, str]]) -> int | None:
    """Where the branch text from ``pos`` ends (its closing brace), adding the pieces inside
    it to ``found``: ``#`` where ``number`` (a plural's branch), a message's structure, a
    simple argument."""
    while pos < len(line):
        c = line[pos]
        if c == "}":
            return pos
        if c == "'" and line[pos + 1 : pos + 2] in ("{", "}", "#"):
            end = line.find("'", pos + 1)  # quoted: text
            if end < 0:
                return None
            pos = end + 1
            continue
        if c == "{":
            inner: list[tuple[int, int, str]] = []
            nested = _message(line, pos, inner)
            if nested is not None:
                found.extend(inner)
                pos = nested.end
                continue
            simple = _SIMPLE.match(line, pos)
            if simple is None:
                return None
            found.append((pos, simple.end(), "placeholder"))
            pos = simple.end()
            continue
        if c == "#" and number:
            found.append((pos, pos + 1, "icu"))
        pos += 1
    return None


def structure_first(candidates: list[_R], rank: int) -> list[_R]:
    """``candidates`` (spans.py's) less those that start inside a well-formed message and
    overlap a piece of its structure (those of ``rank``): a placeholder glued to its branch's
    closing brace (``{name}}``, format_strings.GLUED) would take the brace the message needs.
    A span that opens before the message (inline code, ```{n, plural, ...}```) is left."""
    pieces = [c for c in candidates if c.rank == rank]
    if not pieces:
        return candidates
    first = min(p.start for p in pieces)
    return [
        c
        for c in candidates
        if c.rank == rank
        or c.start < first
        or not any(c.start < p.end and p.start < c.end for p in pieces)
    ]


def yielding(user: list[_R], candidates: list[_R], rank: int) -> list[_R]:
    """``user`` (the matches of a user's patterns) less those that cut a piece of a message's
    structure (the pieces of ``rank`` among ``candidates``; one that holds the whole message
    is kept): a catalogue's brace placeholder (``{Fichier}``, document.PLACEHOLDERS) in
    ``{n, plural, one {Fichier} other {Fichiers}}`` is a branch's text, and taken first, it
    left the message no structure ("{count, Rural, one {Fichier}")."""
    pieces = [c for c in candidates if c.rank == rank]
    return [
        u
        for u in user
        if all(u.start <= p.start and p.end <= u.end for p in pieces if _overlap(u, p))
    ]


def _overlap(a: _R, b: _R) -> bool:
    return a.start < b.end and b.start < a.end
