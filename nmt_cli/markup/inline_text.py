"""A segment's inline nodes read as one text (segments.py): its characters, its inline elements
at their offsets in it, a verbatim element as one private-use character, and the separator
(``\n``, ``\t``) a breaking element stands for.

In a text whose white space is significant (XML's ``xml:space="preserve"``, on the segment's
element, the caller says, or on an element inside it), each line break and tab of the text is
a separator too, as a breaking element's: the lines and columns on either side are translated
each on its own, and the white space around it comes back as written (an Inline of its own,
the white space its tag), as does a run of spaces against an element."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.markup.elements import BOXES
from nmt_cli.markup.tree import Element, Node, Other, Text, serialize
from nmt_cli.protect.markup_spans import PRIVATE_USE


@dataclass
class Inline:
    """An inline element (or a comment) of a segment: its tags as written, the characters of
    the text it encloses [start, end), its children; ``glue``: whether it touched a word on its
    left and on its right (for one with no content)."""

    open: str
    close: str
    start: int
    end: int
    children: list[Inline] = field(default_factory=list)
    empty: bool = False
    glue: tuple[bool, bool] = (False, False)
    breaks: str = ""  # the separator an empty element stands for in the text: "\n", "\t"
    around: tuple[str, str] = ("", "")  # a breaking element's white space before and after
    # an empty element after the text's last word (before its first): the line break the
    # source wrote before (after) it, as written; "" where there was none
    edge: tuple[str, str] = ("", "")


_BREAKS = re.compile(r'\sb="([nt])"')
_SPACE = re.compile(r"""\sxml:space\s*=\s*["'](preserve|default)["']""")
# a run of white space holding a separator, cut after each separator (the last piece keeps the
# white space after it)
_RUN = re.compile(r"\s+")
_PIECE = re.compile(r"[^\S\n\t]*[\n\t](?:[^\S\n\t]*$)?")


def breaks(element: Element, xml: bool) -> str:
    """The separator an empty element of an HTML segment stands for: ``\n`` for a line break
    (``<br>``; an office paragraph's ``<x b="n"/>``, a Markdown hard break's ``<m b="n"/>``),
    ``\t`` for a tab (``<x b="t"/>``), else ""."""
    if xml or not element.empty:
        return ""
    if element.key == "br":
        return "\n"
    found = _BREAKS.search(element.open) if element.key in ("x", "m") else None
    return {"n": "\n", "t": "\t"}[found[1]] if found else ""


SEPARATORS = ("\n", "\t")


def in_word(text: str, at: int) -> bool:
    """Whether an empty element at ``at`` of a segment's ``text`` stood inside a word
    (``super<wbr>long``, ``site<!-- x -->.``): where the translation has another word, it goes
    at its end, and the space after that word stays."""
    return 0 < at < len(text) and not any(c.isspace() for c in text[at - 1 : at + 1])


def collapsed(
    raw: str,
    low: int,
    high: int,
    breaks: frozenset[int] | set[int] = frozenset(),
    keep: str = "",
) -> tuple[str, list[int]]:
    """``raw[low:high]`` with each run of white space one space, but one that holds a
    separator put in for a breaking element (``breaks``: their offsets): those alone, and
    one that is a character of ``keep`` alone (a no-break space between two words): that;
    and for each offset of ``raw`` (and its end) the offset it became (before ``low``: 0;
    from ``high`` on: the end)."""
    out: list[str] = []
    at = []
    for k, c in enumerate(raw):
        at.append(len(out))
        if not low <= k < high:
            continue
        if k in breaks:
            if out[-1] == " ":  # the space before it: none
                out.pop()
                at[-1] = len(out)
            out.append(c)
        elif not c.isspace() or c in keep and not raw[k - 1].isspace() and not raw[k + 1].isspace():
            out.append(c)
        elif out[-1] not in (" ", *SEPARATORS):
            out.append(" ")
    at.append(len(out))
    return "".join(out), at


def _texts(nodes: Sequence[Node]):
    for node in nodes:
        if isinstance(node, Text):
            yield node.text
        elif isinstance(node, Element):
            yield from _texts(node.children)


class Flattener:
    """The text of inline ``nodes`` (``parts``), their inline elements at its character
    offsets, the spaces put in after empty elements, and a private-use character (one the text
    does not hold) for each element ``held`` says is held so."""

    def __init__(
        self,
        nodes: Sequence[Node],
        held: Callable[[Element], bool],
        xml: bool,
        preserve: bool = False,
    ):
        self.parts: list[str] = []
        self.size = 0
        self.stand_ins: dict[str, str] = {}
        self.spaces: set[int] = set()  # where a space was put in after an empty element
        self.breaks: set[int] = set()  # where a breaking element's separator was put in
        self.held, self.xml = held, xml
        in_text = set("".join(_texts(nodes)))
        first, last = (ord(c) for c in PRIVATE_USE)
        self._free = (chr(k) for k in range(first, last + 1) if chr(k) not in in_text)
        self.inlines = self._walk(nodes, preserve)

    def _add(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)

    def _walk(self, nodes: Sequence[Node], preserve: bool, nested: bool = False) -> list[Inline]:
        out = []
        for k, node in enumerate(nodes):
            if isinstance(node, Text) and preserve:
                # a run of spaces against an element (or an element's edge) is kept as written
                edges = (nested or k > 0, nested or k < len(nodes) - 1)
                out += self._preserved(node.text, edges)
            elif isinstance(node, Text):
                self._add(node.text)
            elif isinstance(node, Other):
                out.append(Inline(node.raw, "", self.size, self.size, empty=True))
            elif self.held(node):
                stand_in = next(self._free)
                self.stand_ins[stand_in] = serialize(node)
                self._add(stand_in)
            elif node.empty and (separator := breaks(node, self.xml)):
                out.append(
                    Inline(node.open, "", self.size, self.size, empty=True, breaks=separator)
                )
                self.spaces.add(self.size)
                self.breaks.add(self.size)
                self._add(separator)
            elif node.empty:
                out.append(Inline(node.open, node.close, self.size, self.size, empty=True))
                joins = not self.xml and node.key == "wbr"  # a break opportunity in a word
                if self.parts and not self.parts[-1][-1:].isspace() and not joins:
                    self.spaces.add(self.size)
                    self._add(" ")  # the words on either side stay two words
            else:
                box = not self.xml and node.key in BOXES  # its words apart from its neighbours'
                if box:
                    self._apart()
                start = self.size
                space = _SPACE.search(node.open) if self.xml else None
                keep = space[1] == "preserve" if space else preserve
                children = self._walk(node.children, keep, nested=True)
                out.append(Inline(node.open, node.close, start, self.size, children))
                if box and k + 1 < len(nodes):
                    self._apart()
        return out

    def _apart(self) -> None:
        """A space put in, where the text so far does not end with white space."""
        if self.parts and not self.parts[-1][-1:].isspace():
            self.spaces.add(self.size)
            self._add(" ")

    def _preserved(self, text: str, edges: tuple[bool, bool] = (False, False)) -> list[Inline]:
        """Add ``text``, whose white space is significant: each separator in it as a breaking
        element's, the white space around it an Inline written as it was; a run of spaces at
        an end of it that ``edges`` says touches an element (``Fichier <ph/>  ici``) an Inline
        written as it was too, one space in the text. A run between two words is one space:
        the words it stood between are gone in a translation."""
        out = []
        at = 0
        for run in _RUN.finditer(text):
            if "\n" not in run[0] and "\t" not in run[0]:
                touches = run.start() == 0 and edges[0] or run.end() == len(text) and edges[1]
                if touches and run[0] != " " and not run[0].strip(" "):
                    self._add(text[at : run.start()])
                    out.append(Inline(run[0], "", self.size, self.size, empty=True))
                    self.spaces.add(self.size)
                    self._add(" ")
                    at = run.end()
                continue
            if run.start() > at:
                self._add(text[at : run.start()])
            for piece in _PIECE.findall(run[0]):
                separator = next(c for c in piece if c in SEPARATORS)
                out.append(Inline(piece, "", self.size, self.size, empty=True, breaks=separator))
                self.spaces.add(self.size)
                self.breaks.add(self.size)
                self._add(separator)
            at = run.end()
        if at < len(text):
            self._add(text[at:])
        return out


def broken(words: list[str], translation: str, separators: str) -> str | None:
    """``words`` (those of ``translation``), one space between two, but where the translation
    holds a separator (a text of several lines, translated each apart, holds its source's:
    inference/columns.py): that; None where its separators are not ``separators``, in order,
    or its words not as many (then no separator is kept)."""
    tokens = re.findall(r"\S+|[\n\t]", translation.strip())
    found = [t for t in tokens if t in SEPARATORS]
    if not separators or "".join(found) != separators or len(tokens) - len(found) != len(words):
        return None
    out: list[str] = []
    rest = iter(words)
    for t in tokens:
        if t in SEPARATORS:
            out.append(t)
        else:
            out.append(next(rest) if not out or out[-1] in SEPARATORS else " " + next(rest))
    return "".join(out)


# a character reference: &ndash;, &#160;, &#xA0;
REFERENCE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")


def references(written: str, xml: bool) -> dict[str, str]:
    """For each character the nodes ``written`` wrote as a reference (``&ndash;``, ``&nbsp;``)
    before they wrote it as itself, that reference: a translation writes the character so
    again; not the characters markup escapes. A no-break space they never wrote: ``&nbsp;``
    (XML: ``&#160;``)."""
    out: dict[str, str] = {}
    for m in REFERENCE.finditer(written):
        c = html.unescape(m[0])
        if len(c) == 1 and c not in "&<>\"'" and c not in out and c not in written[: m.start()]:
            out[c] = m[0]
    if "\xa0" not in out and "\xa0" not in written:
        out["\xa0"] = "&#160;" if xml else "&nbsp;"
    return out
