"""MkDocs' admonitions and content tabs (Python-Markdown's ``admonition``, pymdown-extensions'
``details`` and ``tabbed``, as Material for MkDocs writes them), read as their sites read them::

    !!! note "Remarque importante"          !!! note "Important note"
        Ce bloc est une remarque.      ->       This block is a note.

CommonMark reads the first line and the indented body as one paragraph: its type was translated
("!!! It's an important note!"), its body joined to it without its indentation, and MkDocs saw
no admonition. Now the marker line (``!!!``, ``???``, ``???+``, ``===``, ``===+``) keeps its
type and classes, its title in double quotes a text of its own (``Title``); the body, indented
by four spaces (or a tab), is read as Markdown of its own, its indentation kept, and so is an
admonition nested in it.

GitHub's alerts (``> [!NOTE]`` on a line of its own) and Obsidian's callouts (``> [!note]-
À retenir``: any type, folded or not, a title after it) keep their type as written
(past_alert); a callout's title is translated as a line of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

# An admonition's type and classes, its title if any; a tab's title (``===`` alone is a setext
# heading's underline)
_MARKER = re.compile(
    r'(?:(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*(?:[ \t]+"(?P<title>.*)")?'
    r'|===\+?[ \t]+"(?P<tab>.*)")[ \t]*'
)
_INDENT = re.compile(r"    |\t")
# A fenced code block's opening fence, in a list item too (its closing one: the same marks, as
# many or more, alone)
_FENCE = re.compile(r" *(`{3,}|~{3,})")
# A list item's first line, its marker and what follows it
_ITEM = re.compile(r" *(?:[-*+]|\d{1,9}[.)])(?:[ \t]|\Z)")


@dataclass(frozen=True)
class Title:
    """An admonition's (a tab's) title: line ``first`` of the file (``end`` the next)."""

    first: int
    end: int
    title: str

    def write(self, lines: list[str], title: str) -> list[str]:
        """The marker line ``lines[0]`` with ``title`` in its quotes (a double quote in it a
        single one: it would end the title)."""
        m = _MARKER.fullmatch(lines[0].lstrip())
        group = "title" if m and m["title"] is not None else "tab"
        if m is None or m[group] is None:
            return lines
        at = len(lines[0]) - len(lines[0].lstrip()) + m.start(group)
        said = " ".join(title.split()).replace('"', "'")
        return [lines[0][:at] + said + lines[0][at + len(m[group]) :]]


def admonitions(lines: list[str], first: int) -> tuple[list[str], list[Title]]:
    """``lines`` as Markdown reads the admonitions and tabs in them (each marker line blank,
    each body's lines without their four spaces), and the titles of their markers (``first``:
    the line ``lines`` start at in the file); none in a fenced code block, which is code."""
    out, titles = list(lines), []
    k, fence = 0, None
    while k < len(out):
        opens = _FENCE.match(out[k])
        if fence is not None or opens is not None:
            if fence is None:
                fence = opens[1]
            elif re.fullmatch(rf" *{fence[0]}{{{len(fence)},}}[ \t]*", out[k]):
                fence = None
            k += 1
            continue
        found = _MARKER.fullmatch(out[k].lstrip(" "))
        at = len(out[k]) - len(out[k].lstrip(" "))  # in a list item: indented as its text
        if found is None or (at and not _in_item(out, k, at)):
            k += 1
            continue
        title = found["title"] or found["tab"] or ""
        if any(c.isalpha() for c in title):
            titles.append(Title(first + k, first + k + 1, title))
        out[k] = ""
        end = k + 1
        while end < len(out) and (not out[end].strip() or _indented(out[end], at)):
            end += 1
        body = [_INDENT.sub("", x[at:], count=1) for x in out[k + 1 : end]]
        body, inner = admonitions(body, 0)
        out[k + 1 : end] = [" " * at + x if x else x for x in body]
        titles += [Title(first + k + 1 + t.first, first + k + 2 + t.first, t.title) for t in inner]
        k = end
    return out, titles


def _indented(line: str, at: int) -> bool:
    """Whether ``line`` is indented as an admonition's body, its marker ``at`` spaces in."""
    return line[:at] == " " * at and _INDENT.match(line, at) is not None


def _in_item(lines: list[str], k: int, at: int) -> bool:
    """Whether line ``k``, ``at`` spaces in, is a list item's text: the first line before it
    less indented is an item's (else it is an indented code block's)."""
    for line in reversed(lines[:k]):
        if line.strip() and len(line) - len(line.lstrip(" ")) < at:
            return _ITEM.match(line) is not None
    return False


# an alert's or a callout's type: ``[!NOTE]``, ``[!tip]-``
ALERT = re.compile(r"\[![A-Za-z][\w-]*\][+-]?(?=[ \t]|\Z)")


def past_alert(children, mark: Callable[[str], None]) -> tuple[int, list]:
    """Where a block's inline ``children`` start to be text, and its children: past a GitHub
    alert's type and its line break (``> [!NOTE]``), written by ``mark`` as one mark
    (markdown_inline.py); an Obsidian callout's type a mark too, its title (``> [!note]- À
    retenir``) a line of its own, its line break a hard break's "\\n" (it was wrapped into the
    text)."""
    first = children[0].content if children and children[0].type == "text" else ""
    if (m := ALERT.match(first)) is None:
        return 0, children
    if len(children) > 1 and m.end() == len(first) and children[1].type == "softbreak":
        mark(first + "\n")
        return 2, children
    title = first[m.end() :].lstrip()
    mark(first[: len(first) - len(title)])
    out = [replace(children[0], content=title), *children[1:]]
    k = next((j for j, c in enumerate(out) if c.type == "softbreak"), None)
    if k is not None:
        out[k] = replace(out[k], type="hardbreak", markup="\n")
    return 0, out
