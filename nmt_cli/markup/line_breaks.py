"""The white space a segment's source wrote its lines with, written again in its translation.

- A breaking element (``<br>``) keeps the white space written on either side of it: a
  ``<br>`` at the end of a source line is at the end of a line in the output too (the next
  line had come up after it, "<br> The folder is empty."). White space between two breaking
  elements is the first one's.
- A segment written on several lines (a page's paragraph wrapped by its author, its lines
  indented) has its translation, between two breaking elements, wrapped to as many lines as the
  source had there, their lengths as even as the words allow (as subtitles are:
  documents/srt.py ``wrap``), each line break the white space the source wrote there, in order;
  but a line broken right before an element's start tag or after its end tag (a button, then
  a link, each on a line) is broken beside that tag in the translation (``tag_lines``).
  Only where the caller says the page's white space is not significant (``wrap``): an HTML
  page's ``<pre>`` is verbatim, written as it was, and an XML ``xml:space="preserve"`` text's
  line breaks are separators (inline_text.py), never soft line breaks. A Markdown paragraph's
  lines are its own to wrap (documents/markdown.py): it says no.
- An empty element after a segment's last word, or before its first, on a line of its own (a
  form's ``<input>`` under its ``<label>``) stays on it: the white space that broke the line
  before it (after it) is written as it was (``edge``).
- A page's attribute value written on several lines (``title="..."``) is translated on as
  many (attribute_texts.py).

Offsets are the raw text's (inline_text.Flattener's parts, joined): ``breaks``, where a
breaking element's separator stands; ``spaces``, where a space was put in that the source did
not write.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

_SPACE_RUN = re.compile(r"\s+")
_WORD = re.compile(r"\S+")


def around(raw: str, k: int, breaks: Iterable[int], spaces: Iterable[int]) -> tuple[str, str]:
    """The white space written before and after the breaking element whose separator is at
    ``k`` of ``raw``: ("", "\\n") for ``dossier.<br>\\nLe``."""
    breaks, spaces = set(breaks), set(spaces)
    a = k
    while a > 0 and raw[a - 1].isspace() and a - 1 not in breaks:
        a -= 1
    b = k + 1
    while b < len(raw) and raw[b].isspace() and b not in breaks:
        b += 1
    before = "" if a > 0 and a - 1 in breaks else _written(raw, a, k, spaces)
    return before, _written(raw, k + 1, b, spaces)


def soft_breaks(
    raw: str,
    body: tuple[int, int],
    breaks: Iterable[int],
    spaces: Iterable[int],
    skip: Iterable[int] = (),
) -> list[list[str]]:
    """For each piece of ``raw[body[0]:body[1]]`` between two separators, the white space of
    each line break written inside it (not one next to a separator, nor one whose run starts
    at an offset of ``skip``: written beside a tag, tag_lines), as written."""
    skip = set(skip)
    breaks, spaces = set(breaks), set(spaces)
    pieces: list[list[str]] = [[]]
    for run in _SPACE_RUN.finditer(raw, *body):
        separators = sum(k in breaks for k in range(*run.span()))
        if separators:
            pieces += [[] for _ in range(separators)]
        elif "\n" in run[0] and run.start() not in skip:
            pieces[-1].append(_written(raw, *run.span(), spaces))
    return pieces


def tag_lines(raw: str, body: tuple[int, int], flat, inlines: list) -> list[tuple]:
    """The line breaks of ``raw[body[0]:body[1]]`` written right before an element's start
    tag or right after its end tag, between words (a page's ``<button>`` and ``<a>`` each on a
    line, ``</strong>`` then the sentence on the next: its translation, wrapped evenly, put the
    line breaks inside the links' words): (where the run starts, the element, whether after
    it, the white space as written outside the tag). Only elements with words; the outermost
    of those whose tags touch. The white space of a run inside the element (``<a>\n
    notre guide\n  </a>``) is left out, and so is the white space on the far side of an empty
    element in the run (``<!-- note -->``, ``<img>``): written whole, the run's two line breaks
    were a blank line."""
    starts: dict[int, object] = {}
    ends: dict[int, object] = {}
    for i in inlines:  # in pre-order: an outer element first
        if i.end > i.start and not i.breaks and not i.open.isspace():
            starts.setdefault(i.start, i)
            ends.setdefault(i.end, i)
    empty = {i.start for i in inlines if i.end == i.start}
    out = []
    for run in _SPACE_RUN.finditer(raw, *body):
        a, b = run.span()
        if "\n" not in run[0] or any(k in flat.breaks for k in range(a, b)):
            continue
        opened = next((k for k in range(a + 1, b + 1) if k in starts), None)
        closed = next((k for k in range(b - 1, a - 1, -1) if k in ends), None)
        held = [k for k in empty if a <= k <= b]  # a comment, an image: no white space of it
        low = max([a] + [k for k in held if opened is not None and k <= opened])
        high = min([b] + [k for k in held if closed is not None and k >= closed])
        if opened is not None and "\n" in raw[low:opened]:
            out.append((a, starts[opened], False, _written(raw, low, opened, set(flat.spaces))))
        elif closed is not None and "\n" in raw[closed:high]:
            out.append((a, ends[closed], True, _written(raw, closed, high, set(flat.spaces))))
    return out


def wrapped(text: str, soft: list[list[str]], separators: tuple[str, ...]) -> dict[int, str]:
    """Where a translation's ``text`` (words one space apart, ``separators`` between pieces)
    breaks its lines: offsets of its spaces, each with the white space written there, for the
    source's ``soft`` line breaks (soft_breaks); the whole text one piece where its
    separators are not the source's."""
    if not any(soft):
        return {}
    cuts = [k for k, c in enumerate(text) if c in separators]
    if len(cuts) != len(soft) - 1:
        cuts, soft = [], [[run for piece in soft for run in piece]]
    out: dict[int, str] = {}
    for (a, b), runs in zip(zip([-1, *cuts], [*cuts, len(text)]), soft):
        out.update(zip(_even(text, a + 1, b, len(runs)), runs))
    return out


def rewrapped(source: str, text: str) -> str:
    """``text``, a translation of ``source`` (an attribute's value: ``title="..."``), on as
    many lines as ``source`` was written on, each line break the white space written there."""
    body = (len(source) - len(source.lstrip()), len(source.rstrip()))
    breaks = wrapped(text, soft_breaks(source, body, (), ()), ())
    return "".join(breaks.get(k, c) for k, c in enumerate(text))


def edge(raw: str, k: int, body: tuple[int, int], flat, seen) -> tuple[str, str]:
    """The white space the source wrote before an empty element at ``k`` of ``raw`` past the
    last word of ``body`` (after one before its first), where it breaks a line (a form's
    ``<label>Nom</label>`` then ``<input>`` on a line of its own came back on one line): up to
    the next element or separator (``flat``: the Flattener's, with the spaces it put in);
    ``seen``: (the elements' places, the white space taken by an edge already: each piece the
    edge of one element only)."""
    places, taken = seen

    def free(j: int, at: int) -> bool:
        if not raw[j].isspace() or j in flat.breaks or j in taken:
            return False
        return at == k or at not in places

    a, b = k, k
    while a > 0 and free(a - 1, a):
        a -= 1
    while b < len(raw) and free(b, b):
        b += 1
    pieces = (raw[a:k] if k >= body[1] else "", raw[k:b] if k <= body[0] else "")
    out = []
    for piece, at in zip(pieces, (a, k)):
        kept = "".join(c for j, c in enumerate(piece, at) if j not in flat.spaces)
        out.append(kept if "\n" in kept else "")
        taken.update(range(at, at + len(piece)) if "\n" in kept else ())
    return out[0], out[1]


def _even(text: str, a: int, b: int, n: int) -> list[int]:
    """At most ``n`` spaces of ``text[a:b]`` to break it at, its lines' lengths as even as the
    words allow."""
    words = [m.span() for m in _WORD.finditer(text, a, b)]
    if n < 1 or len(words) < 2:
        return []
    width = max(math.ceil((words[-1][1] - words[0][0]) / (n + 1)), 1)
    while True:
        cuts, start = [], words[0][0]
        for (_, end), (begin, stop) in zip(words, words[1:]):
            if stop - start > width:
                cuts.append(end)
                start = begin
        if len(cuts) <= n:
            return [k for k in cuts if text[k] == " "]
        width += 1


def _written(raw: str, a: int, b: int, spaces: set[int]) -> str:
    """``raw[a:b]`` without the spaces put in."""
    return "".join(c for k, c in enumerate(raw[a:b], a) if k not in spaces)
