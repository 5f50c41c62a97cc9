"""Reading a page into events with the standard library's parsers: html.parser for HTML, which
reads any page (browsers' tolerance: what is not markup is text), expat for XML, which stops at
the first fault of a page that is not well formed.

Each event keeps the text it was read from, as written: a start tag with its attributes and
their quoting, an end tag, text with its entities, a comment, a declaration or a document type,
a processing instruction, a CDATA section. Text also comes as the model reads it: entities
read (``&amp;`` is ``&``, ``&nbsp;`` a no-break space, an entity an XML page declares its
text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from xml.parsers import expat

from nmt_cli.errors import InputError
from nmt_cli.textio import shown_path

_NAME = re.compile(r"</?\s*([^\s/>]+)")


class NotWellFormed(InputError):
    """An XML page that is not well formed: its ``line`` and ``column`` (1-based) where expat
    stopped, and expat's ``reason`` (``mismatched tag``); said as every format's error is,
    ``FILE:LINE: what`` (``page.xml:2: not well-formed XML: mismatched tag (column 7)``)."""

    def __init__(self, where: str, line: int, column: int, reason: str):
        where = shown_path(where)  # as every other error names stdin
        super().__init__(f"{where}:{line}: not well-formed XML: {reason} (column {column})")
        self.line, self.column, self.reason = line, column, reason


@dataclass(frozen=True)
class Event:
    """``kind``: start, empty (``<br/>``, ``<x/>``), end, text, or other (a comment, a
    declaration, a processing instruction, a CDATA section). ``raw``: as written; ``text``: a
    text's characters, entities read; ``name``: an element's name as written."""

    kind: str
    raw: str
    text: str = ""
    name: str = ""


def read_events(
    page: str, xml: bool, fragment: bool = False, where: str = "-", line: int = 1
) -> list[Event]:
    """The events of ``page``, HTML or XML (``xml``); ``fragment``: text and elements with no
    one root (a line). An XML page that is not well formed is an InputError (NotWellFormed)
    naming ``where`` and the line (``line``: the number of the page's first line) and column
    of the fault."""
    return _xml_events(page, fragment, where, line) if xml else _HtmlLexer(page).events()


def _events(found: list[tuple[int, str, str]], page: str | bytes) -> list[Event]:
    """Events from (offset, kind, text) as a parser found them in ``page`` (its characters, or
    its UTF-8 bytes): each one's raw text runs from its offset to the next one's."""
    out = []
    ends = [at for at, _, _ in found[1:]] + [len(page)]
    for (at, kind, text), stop in zip(found, ends):
        part = page[at:stop]
        raw = part.decode("utf-8") if isinstance(part, bytes) else part
        name = _NAME.match(raw) if kind in ("start", "empty", "end") else None
        out.append(Event(kind, raw, text, name[1] if name else ""))
    return out


class _HtmlLexer(HTMLParser):
    """html.parser's events, each at its offset in the page."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", page)]
        self.found: list[tuple[int, str, str]] = []
        self.tags: list[str] = []  # each start tag as written

    def _add(self, kind: str, text: str = "") -> None:
        line, column = self.getpos()  # where the event being handled starts
        self.found.append((self.line_starts[line - 1] + column, kind, text))

    def handle_starttag(self, tag, attrs):
        self._add("start")
        self.tags.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag, attrs):
        self._add("empty")
        self.tags.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag):
        self._add("end")

    def handle_data(self, data):
        self._add("text", data)

    def _other(self, data) -> None:
        self._add("other")

    handle_comment = handle_decl = handle_pi = unknown_decl = _other

    def events(self) -> list[Event]:
        self.feed(self.page)
        self.close()
        tags = iter(self.tags)
        out = []
        for e in _events(_comment_to_the_end(self.found, self.page), self.page):
            if e.kind in ("start", "empty"):  # without what html.parser passed over after it
                e = Event(e.kind, next(tags), name=e.name)
            elif e.kind == "end":
                e = Event("end", e.raw[: e.raw.find(">") + 1] or e.raw, name=e.name)
            out.append(e)
        return out


def _comment_to_the_end(found: list[tuple[int, str, str]], page: str) -> list:
    """``found``, but where a comment is never closed (``<!--`` and no ``-->`` after it): that
    comment, to the end of the page, as HTML reads it. html.parser gave it as text, translated
    and escaped: ``<!-- brouillon</p>`` came back "&lt;!-- draft&lt;/p&gt;", shown."""
    for k, (at, kind, _) in enumerate(found):
        if kind == "text" and page.startswith("<!--", at) and "-->" not in page[at + 4 :]:
            return [*found[:k], (at, "other", "")]
    return found


def _xml_events(page: str, fragment: bool, where: str, line: int) -> list[Event]:
    """expat's events (over UTF-8 bytes, whose offsets it gives); a fragment is read inside a
    root element of its own, left out of the events."""
    data = (f"<_>{page}</_>" if fragment else page).encode("utf-8")
    parser = expat.ParserCreate("utf-8")
    found: list[tuple[int, str, str]] = []
    cdata: list[int] = []  # where the CDATA section being read starts

    def add(kind: str, text: str = "") -> None:
        if not cdata:
            found.append((parser.CurrentByteIndex, kind, text))

    def doctype() -> None:
        """A document type: expat tells of it once its name and identifiers are read (at its
        ``[`` or ``>``), so it starts at the ``<!DOCTYPE`` before, or the page's first line
        would lose them."""
        at = data.rfind(b"<!DOCTYPE", 0, parser.CurrentByteIndex + 1)
        found.append((max(at, 0), "other", ""))

    parser.StartElementHandler = lambda name, attrs: add("start")
    parser.EndElementHandler = lambda name: add("end")
    parser.CharacterDataHandler = lambda text: add("text", text)
    parser.StartCdataSectionHandler = lambda: (add("other"), cdata.append(0))
    parser.EndCdataSectionHandler = lambda: cdata.clear()
    # DefaultHandler, not ...Expand: an internal entity is not expanded (a "billion laughs"),
    # its reference passes through as written
    parser.CommentHandler = parser.DefaultHandler = lambda text: add("other")
    parser.ProcessingInstructionHandler = lambda target, text: add("other")
    parser.XmlDeclHandler = lambda *decl: add("other")
    parser.StartDoctypeDeclHandler = lambda *decl: doctype()
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        column = e.offset + 1 - (3 if fragment and e.lineno == 1 else 0)  # less the "<_>"
        reason = expat.ErrorString(e.code) or "unknown error"
        raise NotWellFormed(where, e.lineno + line - 1, max(column, 1), reason) from None
    events = _events(found, data)
    out: list[Event] = []
    for e in events[1:-1] if fragment else events:
        if e.kind == "end" and not e.raw:  # the end of <x/>, read as a start and an end
            out[-1] = Event("empty", out[-1].raw, name=out[-1].name)
        else:
            out.append(e)
    return out
