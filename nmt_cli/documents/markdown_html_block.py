"""An HTML block of a Markdown file (``<div class="note">...</div>``), a page of its own for
nmt_cli/markup/ (markdown.py reads the blocks): its text translated, its tags as written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from nmt_cli.documents.markdown_anchors import destination, hrefs, with_hrefs
from nmt_cli.markup.pages import Page, Same
from nmt_cli.markup.reading import read_events
from nmt_cli.markup.segments import Aligned


def _tags(page: str) -> list[str]:
    """What ``page`` holds besides text (its tags, comments...), as written."""
    return [e.raw for e in read_events(page, xml=False, fragment=True) if e.kind != "text"]


@dataclass
class HtmlBlock:
    """An HTML block of the file (``<div>...</div>``, lines of raw HTML), a page of its own
    for nmt_cli/markup/: its text translated, its tags as written. ``closed``: the end tags
    the page's tree adds for elements the block leaves open (``<details>``, closed after the
    Markdown that follows it), left out of the output."""

    page: Page
    closed: str
    urls: list[str] = field(default_factory=list)  # its tags' hrefs to anchors of the file

    @classmethod
    def of(cls, content: str, where: str, line: int) -> HtmlBlock | None:
        """The block of ``content``; None where markup would not write its tags back as they
        were but for end tags added after it all (a tag inside left open: ``<p>a <x></p>``)."""
        page = Page(
            content, "html", where, line, fragment=True, attributes=True, wrap=True, optional=True
        )
        same = page.render([Same(t) for t in page.texts()])
        source, written = _tags(content), _tags(same)
        added = written[len(source) :]
        if written[: len(source)] != source or not all(t.startswith("</") for t in added):
            return None
        closed = "".join(added)
        urls = [url for tag in source for url in hrefs(tag)]
        return cls(page, closed, urls) if same.endswith(closed) else None

    def texts(self) -> list[str]:
        return self.page.texts()

    def markdown(
        self, translated: Sequence[Aligned], changed: Mapping[str, str] | None = None
    ) -> str | None:
        """The block with its texts' translations in place, its tags' links to a heading whose
        anchor ``changed`` to the new one; None where each is its text and no link moved (the
        block is written as it was, byte for byte)."""
        moved = changed and any(destination(url, changed) for url in self.urls)
        if [t.text for t in translated] == self.texts() and not moved:
            return None
        page = self.page.render(translated)[: -len(self.closed) or None]
        if not moved:
            return page
        events = read_events(page, xml=False, fragment=True)
        tags = ("start", "empty")
        return "".join(with_hrefs(e.raw, changed) if e.kind in tags else e.raw for e in events)
