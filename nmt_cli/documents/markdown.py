"""Markdown (.md): the text of each paragraph, heading, list item, quotation and table cell
translated; everything else written as it was.

The file is read with markdown-it-py (CommonMark, with GitHub's tables and strikethrough; the
parser rich itself depends on). Only the lines of translated blocks change: code blocks, HTML
blocks, thematic breaks, link reference definitions, blank lines and a front matter
(``---`` ... ``---`` at the top) are written as they were, and so are a block's own marks (its
``#``, ``>``, list marker and indentation, a task list item's checkbox ``[ ]`` / ``[x]``, a
setext heading's underline, a table's pipes).

A block's inline Markdown is read into a fragment of HTML for nmt_cli/markup/, so that emphasis,
links and inline HTML are put back around the target words aligned to those they enclosed, as
tags of a page are: ``*x*``, ``**x**``, ``~~x~~``, ``[x](url "title")`` and paired inline
tags (``<kbd>x</kbd>``) enclose words; code spans, autolinks (``<https://...>``) and images are
passed through whole, as protected spans; a hard line break stays one. The translation is
written back as Markdown: its text escaped where a character would start markup, each
element's marks as the source wrote them (a link's destination and title as written; a
reference link ``[x][ref]`` comes out inline, ``[x](its url)``). A block written on several
lines is wrapped again to the width of its widest line; one written on one line stays one.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.documents.document import DocumentFormat
from nmt_cli.markup.pages import Page
from nmt_cli.markup.reading import read_events
from nmt_cli.markup.segments import Aligned

# A character that would start Markdown's markup where it stands in text (a backslash only
# before the ASCII punctuation it escapes, or where a line may end after it; < only where a
# tag or an autolink could start; & only where an entity could); _ is checked in _escaped
# (not between two letters or digits)
_SPECIAL = re.compile(r"\\(?=[!-/:-@\[-`{-~]|\s|$)|[`*\[\]|~]|<(?=[A-Za-z/!?])|&(?=#?\w+;)|_")
# What would start a block at the start of a line: a heading, a list item, a quotation, a
# setext underline or a thematic break
_LINE_START = re.compile(r"(#{1,6}(?=\s|$)|[-+=>])|\d{1,9}(?=[.)](?:\s|$))")
# A task list item's checkbox (GitHub's ``- [ ] to do``, ``- [x] done``) at the start of its
# text: a mark of the item, as its list marker is, neither translated nor escaped
_TASK = re.compile(r"\[[ xX]\](?=\s|\Z)")
_HTML_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)[^>]*?(/?)>\Z")
_INDEX = re.compile(r'\bi="(\d+)"')
# White space inside marks written whole (a code span, a link's title), kept from wrapping
_WHOLE = str.maketrans({" ": "\x00", "\t": "\x01"})
_AS_WRITTEN = str.maketrans({"\x00": " ", "\x01": "\t"})
_EMPHASIS = ("em_open", "strong_open", "s_open")


def _parser():
    from markdown_it import MarkdownIt  # imported when a Markdown file is read

    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    parser.normalizeLink = lambda url: url  # destinations as written, not percent-encoded
    parser.normalizeLinkText = lambda text: text
    return parser


def _escaped(text: str) -> str:
    def one(m: re.Match) -> str:
        at = m.start()
        if m.group() == "_" and 0 < at < len(text) - 1:
            if text[at - 1].isalnum() and text[at + 1].isalnum():
                return "_"  # inside a word: never emphasis
        return "\\" + m.group()

    return _SPECIAL.sub(one, text)


def _line_start_escaped(line: str) -> str:
    """``line`` with a backslash before what would start a block at its start."""
    m = _LINE_START.match(line)
    if m is None:
        return line
    if m.group(1):
        return "\\" + line
    return f"{line[: m.end()]}\\{line[m.end() :]}"  # 1. -> 1\.


def _code_span(token) -> str:
    """A code span as written, from its content and backticks."""
    content = token.content
    padded = content[:1] == "`" or content[-1:] == "`"
    padded |= content[:1] == " " and content[-1:] == " " and content.strip() != ""
    return f"{token.markup}{' ' if padded else ''}{content}{' ' if padded else ''}{token.markup}"


def _destination(token) -> str:
    """``(url "title")`` of a link or an image."""
    url = token.attrs.get("href", token.attrs.get("src", ""))
    url = f"<{url}>" if (not url or re.search(r"\s|[()]", url)) else url
    title = token.attrs.get("title")
    if title:
        return f'({url} "{title}")'.translate(_WHOLE)
    return f"({url})"


@dataclass
class _Marks:
    """What an element of the fragment stands for: the Markdown written for its start and its
    end (all of it in ``open`` for an element with no content)."""

    open: str
    close: str = ""


@dataclass
class _Inline:
    """A block's inline Markdown (markdown-it's inline token) as a fragment of HTML (``page``)
    whose elements are all inline; ``marks[i]``: what element ``i`` of the fragment stands
    for."""

    page: Page
    marks: list[_Marks]

    @classmethod
    def of(cls, children, where: str, line: int) -> _Inline:
        marks: list[_Marks] = []
        parts: list[str] = []
        depth = 0  # Markdown elements open (emphasis, links)
        tags: list[tuple[str, int, int]] = []  # inline HTML start tags: (name, part, depth)

        def element(written: _Marks, content: str | None = None, verbatim=False) -> int:
            marks.append(written)
            name, i = ("code" if verbatim else "m"), len(marks) - 1
            if content is None:
                parts.append(f'<{name} i="{i}"/>')
            else:
                parts.append(f'<{name} i="{i}">{html.escape(content, quote=False)}</{name}>')
            return i

        k = 0
        while k < len(children):
            t = children[k]
            if t.type == "text":
                parts.append(html.escape(t.content, quote=False))
            elif t.type == "softbreak":
                parts.append("\n")
            elif t.type == "hardbreak":
                element(_Marks("\\\n"))
            elif t.type == "code_inline":
                element(_Marks(_code_span(t).translate(_WHOLE)), t.content, verbatim=True)
            elif t.type == "image":
                alt = t.content.translate(_WHOLE)
                element(_Marks(f"![{alt}]{_destination(t)}"), t.content, verbatim=True)
            elif t.type == "link_open" and t.markup == "autolink":
                end = next(j for j in range(k, len(children)) if children[j].type == "link_close")
                text = "".join(c.content for c in children[k + 1 : end])
                element(_Marks(f"<{text}>"), text, verbatim=True)
                k = end
            elif t.type == "link_open" or t.type in _EMPHASIS:
                close = f"]{_destination(t)}" if t.type == "link_open" else t.markup
                marks.append(_Marks("[" if t.type == "link_open" else t.markup, close))
                depth += 1
                parts.append(f'<m i="{len(marks) - 1}">')
            elif t.type.endswith("_close"):
                depth -= 1
                parts.append("</m>")
            elif t.type == "html_inline":
                cls._html(t.content, marks, parts, tags, depth, element)
            else:  # anything else markdown-it may give: its text as written
                parts.append(html.escape(t.content, quote=False))
            k += 1
        return cls(Page("".join(parts), "html", where, line, fragment=True), marks)

    @staticmethod
    def _html(tag: str, marks, parts, tags, depth: int, element) -> None:
        """Inline HTML: a start tag and the end tag that closes it at the same depth enclose
        words; any other (a comment, a lone tag) stands alone."""
        m = _HTML_TAG.match(tag)
        if m and m.group(1) and tags and tags[-1][0] == m.group(2) and tags[-1][2] == depth:
            _, part, _ = tags.pop()
            i = int(_INDEX.search(parts[part])[1])
            marks[i].close = tag
            parts[part] = f'<m i="{i}">'
            parts.append("</m>")
            return
        element(_Marks(tag.translate(_WHOLE)))
        if m and not m.group(1) and not m.group(3):
            tags.append((m.group(2), len(parts) - 1, depth))

    def markdown(self, translated: Sequence[Aligned]) -> str:
        """The block's translation as Markdown, from the translations of its texts (spaces
        inside marks written whole as _WHOLE makes them)."""
        out: list[str] = []
        opened: list[int] = []
        inside_code = False
        text = ""
        for e in read_events(self.page.render(translated), xml=False, fragment=True):
            if e.kind == "text" and not inside_code:
                text += e.text  # escaped whole: what follows a character decides
                continue
            out.append(_escaped(text))
            text = ""
            if inside_code:
                inside_code = e.kind != "end"
            elif e.kind in ("start", "empty"):
                i = int(_INDEX.search(e.raw)[1])
                out.append(self.marks[i].open)
                inside_code = e.name == "code" and e.kind == "start"
                if e.name == "m" and e.kind == "start":
                    opened.append(i)
            elif e.kind == "end":
                out.append(self.marks[opened.pop()].close)
        return "".join(out) + _escaped(text)


@dataclass
class _Block:
    """Lines ``first`` to ``end`` (exclusive) of the file, whose text is ``inlines``: written
    as ``write(their Markdown)``, a list of lines."""

    first: int
    end: int
    inlines: list[_Inline]
    write: Callable[[list[str]], list[str]]


@dataclass
class MarkdownDocument:
    lines: list[str]
    blocks: list[_Block] = field(default_factory=list)

    def sources(self) -> list[str]:
        return [t for b in self.blocks for i in b.inlines for t in i.page.texts()]

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> str:
        done = iter(translations)
        out: list[str] = []
        at = 0
        for block in self.blocks:
            out.extend(self.lines[at : block.first])
            written = []
            for inline in block.inlines:
                texts = inline.page.texts()
                written.append(inline.markdown([next(done) for _ in texts]) if texts else None)
            out.extend(block.write(written))
            at = block.end
        out.extend(self.lines[at:])
        return "".join(f"{line}\n" for line in out)


def _prefix(line: str, content: str) -> tuple[str, str] | None:
    """What stands before and after ``content`` in ``line``: None if it is not there."""
    at = line.rfind(content) if content else len(line.rstrip())
    if at < 0:
        return None
    return line[:at], line[at + len(content) :]


def _flow(prefix: str, continuation: str, width: int | None, text: str) -> list[str]:
    """``text`` (Markdown, hard breaks as line breaks) as lines: the first after ``prefix``, the
    others after ``continuation``; wrapped at ``width`` (None: one line between hard breaks)."""
    lines: list[str] = []
    for part in text.split("\n"):
        if width is None:
            pieces = [part]
        else:
            pieces = textwrap.wrap(
                part,
                max(width - len(continuation), 20),
                break_long_words=False,
                break_on_hyphens=False,
            ) or [part]
        lines.extend(_line_start_escaped(piece) for piece in pieces)
    return [
        (prefix if k == 0 else continuation) + line.translate(_AS_WRITTEN)
        for k, line in enumerate(lines)
    ]


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a table row's cells in ``line``, their white space outside: cut at each
    pipe not escaped, a pipe at either end of the row opening or closing it."""
    cuts = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    bounds = [-1, *cuts, len(line)]
    spans = [(a + 1, b) for a, b in zip(bounds, bounds[1:])]
    if cuts and not line[: cuts[0]].strip():
        spans = spans[1:]
    if cuts and not line[cuts[-1] + 1 :].strip():
        spans = spans[:-1]
    out = []
    for a, b in spans:
        text = line[a:b]
        lead = len(text) - len(text.lstrip())
        out.append((a + lead, a + len(text.rstrip())) if text.strip() else (a, a))
    return out


class _Reader:
    """The blocks of a Markdown file whose text is translated."""

    def __init__(self, lines: list[str], name: str):
        self.lines, self.name = lines, name
        self.blocks: list[_Block] = []

    def read(self) -> MarkdownDocument:
        first = self._front_matter()
        self.parser, self.env = _parser(), {}
        tokens = self.parser.parse("".join(f"{x}\n" for x in self.lines[first:]), self.env)
        for k, t in enumerate(tokens):
            if t.type != "inline" or t.map is None:
                continue
            opening = tokens[k - 1]
            a, b = t.map[0] + first, t.map[1] + first
            if opening.type in ("th_open", "td_open"):
                self._cell(a, t)
            elif not t.children:
                continue
            elif opening.type == "heading_open" and opening.markup.startswith("#"):
                self._lines(a, a + 1, t, wrap=False)
            elif opening.type == "heading_open":  # setext: the underline stays
                self._lines(a, b, t, wrap=False)
            elif tokens[k - 2].type == "list_item_open" and _TASK.match(t.content):
                self._task(a, b, t)
            else:
                self._lines(a, b, t, wrap=b - a > 1)
        return MarkdownDocument(self.lines, self.blocks)

    def _front_matter(self) -> int:
        """The lines of a YAML front matter (``---`` to ``---`` or ``...`` at the top): kept."""
        if not self.lines or self.lines[0].rstrip() != "---":
            return 0
        for k in range(1, len(self.lines)):
            if self.lines[k].rstrip() in ("---", "..."):
                return k + 1
        return 0

    def _inline(self, token, line: int) -> _Inline:
        return _Inline.of(token.children, self.name, line + 1)

    def _lines(self, a: int, b: int, token, wrap: bool) -> None:
        contents = token.content.split("\n")
        found = [_prefix(self.lines[a + k], c) for k, c in enumerate(contents)]
        if len(contents) > b - a or any(f is None for f in found):
            return  # not where markdown-it read it (tabs?): written as it was
        prefix, suffix = found[0]
        continuation = found[1][0] if len(found) > 1 else " " * len(prefix)
        width = max(len(self.lines[k]) for k in range(a, a + len(contents))) if wrap else None
        closing = suffix if not suffix.isspace() else ""  # an ATX heading's closing #s
        original = self.lines[a : a + len(contents)]

        def write(texts: list[str | None]) -> list[str]:
            if texts[0] is None:
                return original
            lines = _flow(prefix, continuation, width, texts[0])
            lines[-1] += closing
            return lines

        self.blocks.append(_Block(a, a + len(contents), [self._inline(token, a)], write))

    def _task(self, a: int, b: int, token) -> None:
        """A task list item's first paragraph, its checkbox left out of the text (a line left
        out where the checkbox ends it; the item left as it was where it says nothing else)."""
        rest = token.content[3:].lstrip(" \t")
        if rest.strip():
            a, rest = (a + 1, rest[1:]) if rest[0] == "\n" else (a, rest)
            self._lines(a, b, self.parser.parseInline(rest, self.env)[0], wrap=b - a > 1)

    def _cell(self, a: int, token) -> None:
        if self.blocks and self.blocks[-1].first == a:  # the row's next cell
            self.blocks[-1].inlines.append(self._inline(token, a))
            return
        line = self.lines[a]
        cells = _cells(line)

        def write(texts: list[str | None]) -> list[str]:
            if len(texts) != len(cells):
                return [line]  # cells not where markdown-it read them: written as they were
            out, at = [], 0
            for (start, end), text in zip(cells, texts):
                cell = line[start:end] if text is None else text.translate(_AS_WRITTEN)
                out += [line[at:start], cell]
                at = end
            return ["".join(out) + line[at:]]

        self.blocks.append(_Block(a, a + 1, [self._inline(token, a)], write))


def read_markdown(lines: list[str], name: str) -> MarkdownDocument:
    """The Markdown document of ``lines`` (every text is Markdown: nothing fails to parse)."""
    return _Reader(lines, name).read()


MARKDOWN = DocumentFormat("md", (".md", ".markdown"), read_markdown, alignment=True)
