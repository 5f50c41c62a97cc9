"""A localization file as a skeleton and its units, the way the Okapi filters read every format:
each unit is the span of the file's text that holds one translatable string (a value, written
in the file's own escapes), and the skeleton is everything else, kept verbatim. Writing the file
back puts each new text, escaped, in its unit's span; a unit whose new text is its source keeps
its span as it was, so a file given back its own texts is written back byte for byte.

    text     ``key = "Bonjour\\n"`` ...
    unit     id ``key``, source ``Bonjour`` + line break, span (7, 18) of ``"Bonjour\\n"``
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nmt_cli.errors import InputError


class ParseError(InputError):
    """``name``, line ``line`` (1-based), does not parse as its format: ``FILE:LINE: what``."""

    def __init__(self, name: str, line: int, message: str):
        super().__init__(f"{name}:{line}: {message}")


@dataclass(frozen=True)
class Unit:
    """One translatable string of a file.

    id      where it is: its key (``app.title``), with an index or plural category where a key
            holds several (``colors[2]``, ``files#one``); unique in the file
    source  the string as a program shows it (escapes read, quotes removed)
    start, end  its span in the file's text, as written there
    note    the comment or description that goes with it ('' if none)
    """

    id: str
    source: str
    start: int
    end: int
    note: str = ""


def line_of(text: str, offset: int) -> int:
    """The 1-based line of ``text`` that holds ``offset``."""
    return text.count("\n", 0, offset) + 1


def write_back(
    text: str, units: Sequence[Unit], targets: Sequence[str], escape: Callable[[Unit, str], str]
) -> str:
    """``text`` with each unit's span holding ``escape(unit, target)`` (``targets[k]``: the new
    text of ``units[k]``; the units in the order of their spans), or its own span where the
    target is its source."""
    if len(targets) != len(units):
        raise ValueError(f"{len(targets)} targets for {len(units)} units")
    out, at = [], 0
    for unit, target in zip(units, targets):
        out.append(text[at : unit.start])
        same = target == unit.source
        out.append(text[unit.start : unit.end] if same else escape(unit, target))
        at = unit.end
    out.append(text[at:])
    return "".join(out)
