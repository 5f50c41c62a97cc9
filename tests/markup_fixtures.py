"""What the markup tests share: a translation with a made-up alignment, and a check that HTML
or XML is well formed that does not use nmt_cli/markup/ to read it."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from xml.parsers import expat

from nmt_cli.markup.elements import OPTIONAL_END, VOID


@dataclass
class Aligned:
    text: str
    alignment: list[tuple[int, int]]


def links(pharaoh: str) -> list[tuple[int, int]]:
    """ "0-0 1-2" -> [(0, 0), (1, 2)]: (source word, target word)."""
    return [tuple(map(int, x.split("-"))) for x in pharaoh.split()]


def word_for_word(texts: list[str]) -> list[Aligned]:
    """A translation that upper-cases each word in place: word i linked to word i."""
    return [Aligned(t.upper(), [(i, i) for i in range(len(t.split()))]) for t in texts]


class _Nesting(HTMLParser):
    def __init__(self, page: bool = False):
        super().__init__(convert_charrefs=True)
        self.page = page  # a whole page: an end tag HTML lets it leave out may be left out
        self.open: list[str] = []
        self.faults: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(self.get_starttag_text())
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.tags.append(f"</{tag}>")
        while self.page and self.open and self.open[-1] != tag and self.open[-1] in OPTIONAL_END:
            self.open.pop()
        if not self.open or self.open.pop() != tag:
            self.faults.append(f"</{tag}>")


def assert_well_formed(text: str, dialect: str = "html", page: bool = False) -> None:
    """Every tag closed, in order (HTML's void elements need no end tag; in a whole ``page``,
    nor those whose end tag HTML lets a page leave out, ``<p>``, ``<li>``); XML read by expat,
    a fragment inside a root of its own."""
    if dialect == "xml":
        expat.ParserCreate("utf-8").Parse(f"<_>{text}</_>".encode(), True)
        return
    nesting = _Nesting(page)
    nesting.feed(text)
    nesting.close()
    still_open = [t for t in nesting.open if not (page and t in OPTIONAL_END)]
    assert not nesting.faults and not still_open, (text, nesting.faults, nesting.open)


def tags(text: str) -> list[str]:
    """The tags of an HTML text in order, start tags as written."""
    nesting = _Nesting()
    nesting.feed(text)
    nesting.close()
    return nesting.tags
