"""A Markdown table's row written back with its cells' translations (markdown.py reads the
table): each cell's text in its place, the pipes and the white space around them as written.

A table aligned in columns (its rows' pipes one under another, as an editor or a formatter
writes it) keeps its pipes in place: the padding after a cell whose translation is shorter or
longer is longer or shorter by as many spaces, one at least. Written as it was, a table of
aligned columns came back ragged (``| Durée    |`` "| Duration    |").
"""

from __future__ import annotations

import re

from nmt_cli.formats.po_wrap import display_width

_QUOTED = re.compile(r"(?:[ ]{0,3}>[ ]?)*")


def _pipes(line: str) -> list[int]:
    """Where a table row's pipes are in ``line`` (not escaped; past a block quote's ``>``)."""
    quoted = _QUOTED.match(line).end()  # a table in a block quote: its "> " no cell
    return [m.start() for m in re.finditer(r"(?<!\\)\|", line) if m.start() >= quoted]


def in_columns(line: str, other: str) -> bool:
    """Whether table rows ``line`` and ``other`` have their pipes one under the other."""
    return len(_pipes(line)) > 1 and _pipe_columns(line) == _pipe_columns(other)


def _pipe_columns(line: str) -> list[int]:
    """The columns of a table row's pipes in ``line``, as an editor shows them."""
    return [display_width(line[:at]) for at in _pipes(line)]


def cells(line: str) -> list[tuple[int, int]]:
    """The spans of a table row's cells in ``line``, their white space outside: cut at each
    pipe not escaped, a pipe at either end of the row opening or closing it."""
    quoted = _QUOTED.match(line).end()
    cuts = _pipes(line)
    bounds = [quoted - 1, *cuts, len(line)]
    spans = [(a + 1, b) for a, b in zip(bounds, bounds[1:])]
    if cuts and not line[quoted : cuts[0]].strip():
        spans = spans[1:]
    if cuts and not line[cuts[-1] + 1 :].strip():
        spans = spans[:-1]
    out = []
    for a, b in spans:
        text = line[a:b]
        lead = len(text) - len(text.lstrip())
        out.append((a + lead, a + len(text.rstrip())) if text.strip() else (a, a))
    return out


def written_row(line: str, texts: list[str | None], aligned: bool) -> str:
    """Table row ``line`` with the translations ``texts`` of its cells (None: as written); in
    a table ``aligned`` in columns, its pipes kept in place."""
    spans = cells(line)
    if any(text for text in texts[len(spans) :]):
        return line  # cells not where markdown-it read them: written as they were
    # a row of fewer cells than its header's: markdown-it's empty ones are not there; of
    # more: those it left out are written as they were
    out, at, shift = [], 0, 0
    for (start, end), text in zip(spans, texts):
        cell = line[start:end] if text is None else text
        gap, shift = _padded(line[at:start], shift) if aligned else (line[at:start], 0)
        out += [gap, cell]
        at, shift = end, shift + display_width(cell) - display_width(line[start:end])
    return "".join(out) + (_padded(line[at:], shift)[0] if aligned else line[at:])


def _padded(gap: str, shift: int) -> tuple[str, int]:
    """``gap``, the white space and pipe after a cell whose text grew by ``shift`` columns,
    its padding before the pipe shorter or longer by as many (one space at least); and what is
    left of ``shift``, where one space could not take it all."""
    pad = len(gap) - len(gap.lstrip(" "))
    if not shift or "|" not in gap:
        return gap, shift
    new = max(1, pad - shift) if pad else 0
    return " " * new + gap[pad:], shift - (pad - new)
