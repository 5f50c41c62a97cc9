"""The parser a Markdown file is read with: markdown-it-py's CommonMark, with GitHub's tables
and strikethrough, footnotes (markdown_footnotes.py), formulas between dollars
(markdown_math.py) and highlights (``==x==``: markdown_highlight.py), each link's reference and
destination noted as written (markdown_links.py)."""

from __future__ import annotations

from nmt_cli.documents.markdown_footnotes import add_footnotes
from nmt_cli.documents.markdown_highlight import add_highlight
from nmt_cli.documents.markdown_links import as_written
from nmt_cli.documents.markdown_math import add_math


def markdown_parser():
    """A new parser (markdown-it-py imported when a Markdown file is read)."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    parser.normalizeLink = lambda url: url  # destinations as written, not percent-encoded
    parser.normalizeLinkText = lambda text: text
    add_footnotes(parser)
    add_highlight(parser)
    add_math(parser)  # $\alpha$: its source as written
    as_written(parser)  # a reference link, a destination, as written
    return parser
