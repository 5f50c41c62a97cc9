"""HTML and XML pages as documents: each block's text translated, its inline tags put back
around the words aligned to those they enclosed, everything between blocks written as it was
(nmt_cli/markup/). The page is read whole (an XML page that is not well formed is one error
naming its line, and nothing is written) and written back with a final line break."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nmt_cli.documents.document import DocumentFormat
from nmt_cli.markup.pages import Page
from nmt_cli.markup.segments import Aligned


class PageDocument:
    """A page as a Document: its segments' texts out, their aligned translations back."""

    def __init__(self, page: Page):
        self.page = page

    def sources(self) -> list[str]:
        return self.page.texts()

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> str:
        return self.page.render(translations)


def page_reader(dialect: str) -> Callable[..., PageDocument]:
    """``read(lines, name)`` of a ``dialect`` page (lines as read_whole gives them)."""

    def read(lines: list[str], name: str) -> PageDocument:
        return PageDocument(Page("".join(f"{line}\n" for line in lines), dialect, name))

    return read


HTML = DocumentFormat("html", (".html", ".htm", ".xhtml"), page_reader("html"), alignment=True)
XML = DocumentFormat("xml", (".xml",), page_reader("xml"), alignment=True)
