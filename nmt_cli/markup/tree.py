"""A page as a tree of elements, text and other markup, each kept as written, and written out
again, well formed (but for a template's part: below).

HTML is read as browsers read ordinary pages: a void element (``<br>``, ``<img>``) has no
content; a start tag may close open elements whose end tag the page left out (``<li>`` closes
the ``<li>`` before it, a ``<div>`` an open ``<p>``: elements.py); an end tag closes the open
elements inside its own; an end tag that closes nothing open is left out, but in a whole page
where nothing is open (the end of a template, ``</div></body>``: kept as written, a bound
between blocks, as an empty element of its name). An element the page never
closes is closed where its content ends (before the white space that ends it), with an end tag
written ``</name>``, but in a whole page one whose end tag HTML lets a page leave out
(``<p>``, ``<li>``: as written, without it) and a block still open where it ends (the start of
a template, ``<div class="main">``): left open as written. A line (``--markup html``, a
document's string) always comes out well formed. An XML page is well formed already
(reading.py): its tree is exactly its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nmt_cli.markup.elements import (
    BLOCKS,
    CLOSES_P,
    IMPLIED_END,
    OPTIONAL_END,
    PASSED_OVER,
    VOID,
)
from nmt_cli.markup.reading import Event

_SPACE = " \t\n\r\f"  # HTML's white space (a no-break space is text)


@dataclass
class Text:
    """``text``: the characters (entities read); ``raw``: as written."""

    text: str
    raw: str


@dataclass
class Other:
    """A comment, declaration, processing instruction or CDATA section, as written."""

    raw: str


@dataclass
class Element:
    """``open``/``close``: its tags as written (``close`` empty for an empty element, written
    ``</name>`` where the page left it out); ``name`` as written."""

    name: str
    open: str
    close: str = ""
    empty: bool = False
    children: list[Node] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The name compared with the lists of elements.py: HTML's names in lower case."""
        return self.name.lower()


Node = Text | Other | Element


def build_tree(
    events: list[Event], html: bool, whole: bool = False, optional: bool = False
) -> Element:
    """The page's root: an element with no tags whose children are the page's top level.
    ``whole``: a page of HTML, not a line, whose end tags that close nothing where nothing is
    open and blocks open at its end are a template's, as written; in it, or with
    ``optional`` (a Markdown file's HTML block), the end tags HTML lets it leave out stay
    left out."""
    root = Element("", "")
    stack = [root]
    page = html and (whole or optional)  # an end tag it may leave out (OPTIONAL_END): left out
    for e in events:
        if e.kind == "text":
            _add_text(stack[-1], e)
        elif e.kind == "other":
            stack[-1].children.append(Other(e.raw))
        elif e.kind == "empty" or html and e.kind == "start" and e.name.lower() in VOID:
            stack[-1].children.append(Element(e.name, e.raw, empty=True))
        elif e.kind == "start":
            if html:
                _close_implied(stack, e.name.lower(), page)
            element = Element(e.name, e.raw)
            stack[-1].children.append(element)
            stack.append(element)
        else:
            at = _open_at(stack, e.name, html)
            if at is not None:
                _close_down_to(stack, at + 1, page)
                stack.pop().close = e.raw
            elif whole and html and len(stack) == 1:  # nothing open: a template's end tag,
                root.children.append(Element(e.name, e.raw, empty=True))  # a block's bound
            # else an end tag that closes nothing inside an open element: left out
    _close_down_to(stack, 1, page, ended=whole and html)
    return root


def _add_text(parent: Element, e: Event) -> None:
    last = parent.children[-1] if parent.children else None
    if isinstance(last, Text):
        last.text += e.text
        last.raw += e.raw
    else:
        parent.children.append(Text(e.text, e.raw))


def _open_at(stack: list[Element], name: str, html: bool) -> int | None:
    """Where in ``stack`` the open element that end tag ``name`` closes is."""
    for at in range(len(stack) - 1, 0, -1):
        if stack[at].name == name or html and stack[at].key == name.lower():
            return at
    return None


def _close_implied(stack: list[Element], name: str, page: bool) -> None:
    """Close what a start tag ``name`` closes in HTML: an open <p>, then the elements
    IMPLIED_END names, up to the nearest block that is none of them (``page``: see
    _close_down_to)."""
    for closed in ({"p"} if name in CLOSES_P else set(), IMPLIED_END.get(name, set())):
        outermost = None
        for at in range(len(stack) - 1, 0, -1):
            key = stack[at].key
            if key in closed:
                outermost = at
            elif key in BLOCKS and key not in PASSED_OVER:
                break
        if outermost is not None:
            _close_down_to(stack, outermost, page)


def _close_down_to(
    stack: list[Element], depth: int, page: bool = False, ended: bool = False
) -> None:
    """Close the open elements above ``depth`` the page left open: each gets ``</name>`` after
    its content, and the white space its content ended with moves out after it; but in a whole
    HTML ``page``, one whose end tag HTML lets it leave out (``<p>``, ``<li>``, ``<td>``...)
    stays without it, and where the page ``ended`` with a block still open (a template's start,
    ``<div class="main">``), the block is left open as written."""
    while len(stack) > depth:
        element = stack.pop()
        kept = page and element.key in OPTIONAL_END or ended and element.key in BLOCKS
        element.close = "" if kept else f"</{element.name}>"
        last = element.children[-1] if element.children else None
        if isinstance(last, Text):
            tail = last.raw[len(last.raw.rstrip(_SPACE)) :]
            if tail == last.raw:
                element.children.pop()
            elif tail and last.text.endswith(tail):
                last.raw, last.text = last.raw[: -len(tail)], last.text[: -len(tail)]
            else:
                tail = ""
            if tail:
                stack[-1].children.append(Text(tail, tail))


def serialize(node: Node) -> str:
    """``node`` as written (with the end tags the page left out)."""
    if isinstance(node, Element):
        return node.open + "".join(serialize(c) for c in node.children) + node.close
    return node.raw


def has_text(element: Element) -> bool:
    """Whether ``element`` holds text of its own (not only white space, nor only its
    children's)."""
    return any(isinstance(c, Text) and c.text.strip() for c in element.children)
