"""Markdown (.md): the text of each paragraph, heading, list item, quotation, table cell and
HTML block translated; everything else written as it was.

The file is read with markdown-it-py (CommonMark, with GitHub's tables and strikethrough, and
highlights, ``==x==``; the parser rich itself depends on: markdown_parser.py). Only the lines
of translated blocks change (a block whose texts come back as they were is written as it was):
code blocks, thematic breaks, link reference
definitions (but a destination to a heading's anchor: markdown_anchors.py) and blank lines are
written as they were (and a front matter at the top, but the values that are prose, a page's
title and description, nested ones too, and its ``lang``, which becomes the target's:
markdown_front_matter.py), and so are a block's own
marks (its ``#``, ``>``, list marker and indentation, a task list item's checkbox ``[ ]`` /
``[x]``, a footnote's definition ``[^1]:`` and reference ``[^1]`` (markdown_footnotes.py), a
setext heading's underline, a table's pipes). A wrapped line's width counts what stands before
it.

A block's inline Markdown is translated as a fragment of HTML, its emphasis, links and inline
tags put back around the target words (markdown_inline.py). A block written on several lines is
wrapped again to the width of its widest line; one written on one line stays one, and so does
each line of one whose lines each end in a hard break (an address, a poem). A hard break is
written as the source wrote it, two spaces or a backslash. An HTML block
(``<div class="note">...</div>``, which was left in the source's language) is translated as a
page is, its tags as written; it stays as written where markup would not write its tags back
(one left open inside it) or its translation would not read as an HTML block again.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.documents.document import DocumentFormat
from nmt_cli.documents.markdown_admonitions import ALERT, Title, admonitions
from nmt_cli.documents.markdown_anchors import anchors, destination, plain, text_of, with_definition
from nmt_cli.documents.markdown_escapes import no_breaks_as_written
from nmt_cli.documents.markdown_extended import parts
from nmt_cli.documents.markdown_front_matter import Language, front_matter
from nmt_cli.documents.markdown_html_block import HtmlBlock
from nmt_cli.documents.markdown_inline import AS_WRITTEN, Inline
from nmt_cli.documents.markdown_links import Definition, titled_definitions
from nmt_cli.documents.markdown_math import INLINE_MATH
from nmt_cli.documents.markdown_parser import markdown_parser
from nmt_cli.documents.markdown_tables import in_columns, written_row
from nmt_cli.markup.segments import Aligned

# What would start a block at the start of a line: a heading, a list item, a quotation, a
# setext underline or a thematic break
_LINE_START = re.compile(r"((?:#{1,6}|\*)(?=\s|$)|[-+=>])|\d{1,9}(?=[.)](?:\s|$))")
# A task list item's checkbox (GitHub's ``- [ ] to do``, ``- [x] done``) at the start of its
# text: a mark of the item, as its list marker is, neither translated nor escaped
_TASK = re.compile(r"\[[ xX]\](?=\s|\Z)")


def _line_start_escaped(line: str) -> str:
    """``line`` with a backslash before what would start a block at its start."""
    m = _LINE_START.match(line)
    if m is None:
        return line
    if m.group(1):
        return "\\" + line
    return f"{line[: m.end()]}\\{line[m.end() :]}"  # 1. -> 1\.


@dataclass
class _Block:
    """Lines ``first`` to ``end`` (exclusive) of the file, whose text is ``inlines``: written
    as ``write(their Markdown)``, a list of lines."""

    first: int
    end: int
    inlines: list[Inline | HtmlBlock]
    write: Callable[[list[str]], list[str]]


@dataclass
class MarkdownDocument:
    lines: list[str]
    blocks: list[_Block] = field(default_factory=list)
    # each heading's text and its block's index (None: written as it was), in order
    headings: list[tuple[str, int | None]] = field(default_factory=list)
    # the lines (first, end) of each link reference definition to an anchor (#x), and its
    # destination (on its first line or the next: "[ref]:" then "  #x")
    definitions: dict[tuple[int, int], str] = field(default_factory=dict)
    languages: list[Language] = field(default_factory=list)  # the front matter's lang keys

    def sources(self) -> list[str]:
        return [t for b in self.blocks for i in b.inlines for t in i.texts()]

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> str:
        done = iter(translations)
        given = [[[next(done) for _ in i.texts()] for i in b.inlines] for b in self.blocks]
        changed = self._anchors(given)
        lines = list(self.lines)
        for k, end in self.definitions if changed else ():
            lines[k:end] = with_definition(lines[k:end], changed)
        for language in self.languages if target else ():  # lang: fr, as <html lang>
            lines[language.line] = language.write(target)
        out: list[str] = []
        at = 0
        for block, said in zip(self.blocks, given):
            out.extend(lines[at : block.first])
            written = self._written(block, said, changed)
            if changed and (block.first, block.end) in self.definitions:  # one with a title
                written = with_definition(written, changed)
            out.extend(written)
            at = block.end
        out.extend(lines[at:])
        return "".join(f"{line}\n" for line in out)

    def _written(self, block: _Block, said, changed: dict[str, str] | None = None) -> list[str]:
        """``block``'s lines, its texts' translations (``said``) in place; as it was where they
        are its texts and it holds no link to a heading whose anchor ``changed``."""
        moved = changed and any(destination(url, changed) for url in _urls(block.inlines))
        if not moved and all(
            t.text == x for g, i in zip(said, block.inlines) for t, x in zip(g, i.texts())
        ):
            return self.lines[block.first : block.end]
        inlines = zip(said, block.inlines)
        texts = [i.markdown(g, changed) if g or moved else None for g, i in inlines]
        return block.write(no_breaks_as_written(self.lines[block.first : block.end], texts))

    def _anchors(self, given) -> dict[str, str]:
        """Each heading's anchor that its translation changed, to the new one (none where no
        link goes to a heading)."""
        links = [
            *(url for b in self.blocks for url in _urls(b.inlines)),
            *self.definitions.values(),
        ]
        if not self.headings or not any(url.startswith("#") for url in links):
            return {}
        parser, targets = markdown_parser(), []
        for text, k in self.headings:
            lines = self._written(self.blocks[k], given[k]) if k is not None else None
            tokens = parser.parse("\n".join(lines)) if lines else []
            inline = next((t for t in tokens if t.type == "inline"), None)
            targets.append(plain(inline.children) if inline else text)
        return anchors("\n".join(self.lines), [text for text, _ in self.headings], targets)


def _urls(inlines: list[Inline | HtmlBlock]) -> list[str]:
    """The destinations of the links (Markdown's, HTML tags' hrefs to anchors) of ``inlines``."""
    return [
        url
        for i in inlines
        for url in (i.urls if isinstance(i, HtmlBlock) else [m.url for m in i.marks])
    ]


def _prefix(line: str, content: str) -> tuple[str, str] | None:
    """What stands before and after ``content`` in ``line``: None if it is not there."""
    at = line.rfind(content) if content else len(line.rstrip())
    if at < 0:
        return None
    return line[:at], line[at + len(content) :]


def _flow(prefix: str, continuation: str, width: int | None, text: str) -> list[str]:
    """``text`` (Markdown, hard breaks as line breaks) as lines: the first after ``prefix``, the
    others after ``continuation``; wrapped at ``width``, each line with what stands before it
    (None: one line between hard breaks)."""
    lines: list[str] = []
    for part in text.split("\n"):
        pieces = [part]
        if width is not None:
            first = " " * len(continuation if lines else prefix)
            wrapped = textwrap.wrap(
                part,
                max(width, len(continuation) + 20),
                initial_indent=first,
                subsequent_indent=" " * len(continuation),
                break_long_words=False,
                break_on_hyphens=False,
            )
            if wrapped:
                pieces = _no_html_starts(
                    [x[len(first if k == 0 else continuation) :] for k, x in enumerate(wrapped)]
                )
        lines.extend(_line_start_escaped(piece) for piece in pieces)
    return [
        (prefix if k == 0 else continuation) + line.translate(AS_WRITTEN)
        for k, line in enumerate(lines)
    ]


def _no_html_starts(pieces: list[str]) -> list[str]:
    """A paragraph's wrapped lines ``pieces``, the word that would start an HTML block at the
    start of one (an inline ``<!-- comment -->``, ``<div>``: the rest of the paragraph read as
    raw HTML) at the end of the line before."""
    from markdown_it.rules_block.html_block import HTML_SEQUENCES

    out = pieces[:1]
    for piece in pieces[1:]:
        while piece and any(
            interrupts and opens.search(piece.translate(AS_WRITTEN))
            for opens, _, interrupts in HTML_SEQUENCES
        ):
            word, _, piece = piece.partition(" ")
            out[-1] += " " + word
        if piece:
            out.append(piece)
    return out


# A line's hard break: a backslash not escaped, or two spaces or more, at its end
_HARD_BREAK = re.compile(r"(?<!\\)(?:\\\\)*\\\Z|(?<=\S)[ ]{2,}\Z")


def _hard_breaks(lines: list[str], written: list[str]) -> list[str]:
    """``lines`` with their hard breaks (each a backslash, as markdown_inline writes it) as the
    source wrote them, in order: trailing spaces stayed a backslash."""
    out, k = [], 0
    for n, line in enumerate(lines):
        m = _HARD_BREAK.search(line) if n < len(lines) - 1 else None
        if m and m[0].endswith("\\") and k < len(written):
            line, k = line[:-1] + written[k], k + 1
        out.append(line)
    return out


class _Reader:
    """The blocks of a Markdown file whose text is translated."""

    def __init__(self, lines: list[str], name: str):
        self.lines, self.name = lines, name
        self.blocks: list[_Block] = []
        self.languages: list[Language] = []
        self.headings: list[tuple[str, int | None]] = []

    def read(self) -> MarkdownDocument:
        first = self._front_matter()
        self.parser, self.env = markdown_parser(), {}
        read, titles = admonitions(self.lines[first:], first)  # MkDocs' !!! note "Titre"
        tokens = self.parser.parse("".join(f"{x}\n" for x in read), self.env)
        titled = titled_definitions(self.env, first) + titles  # blocks between the others
        titled.sort(key=lambda x: x.first)
        for k, t in enumerate(tokens):
            while titled and t.map is not None and titled[0].first < t.map[0] + first:
                self._definition(titled.pop(0))
            if t.type == "html_block" and t.map is not None:
                self._html(t.map[0] + first, t.content)
            if t.type != "inline" or t.map is None:
                continue
            opening = tokens[k - 1]
            a, b = t.map[0] + first, t.map[1] + first
            if opening.type in ("th_open", "td_open"):
                self._cell(a, t)
            elif not t.children:
                continue
            elif opening.type == "heading_open":  # setext: the underline stays
                said = self.parser.parseInline(text_of(t.content), self.env)[0]  # {#id} after
                self._lines(a, a + 1 if opening.markup.startswith("#") else b, said, wrap=False)
                block = len(self.blocks) - 1 if self.blocks and self.blocks[-1].first == a else None
                self.headings.append((plain(t.children), block))
            elif tokens[k - 2].type == "list_item_open" and _TASK.match(t.content):
                self._task(a, b, t)
            elif _DISPLAY_MATH.fullmatch(t.content.strip()):
                continue  # $$ ... $$ (GitHub, KaTeX, MathJax): a formula, kept as written
            else:  # a paragraph; a definition list's terms and definitions each apart
                for c, d, text in parts(t.content):
                    said = t if text is None else self.parser.parseInline(text, self.env)[0]
                    self._lines(a + c, a + d, said, wrap=d - c > 1)
        for definition in titled:
            self._definition(definition)
        definitions = {
            (d["map"][0] + first, d["map"][1] + first): d["href"]
            for d in self.env.get("references", {}).values()
            if d.get("map") and d["href"].startswith("#")
        }
        return MarkdownDocument(self.lines, self.blocks, self.headings, definitions, self.languages)

    def _definition(self, definition: Definition | Title) -> None:
        """A link reference definition's title (``[ref]: url "Le guide"``: it stayed French,
        shown over each link that uses it), an admonition's, a text of its own."""
        inline = Inline.attribute(definition.title, self.name, definition.first + 1)
        original = self.lines[definition.first : definition.end]

        def write(texts: list[str | None]) -> list[str]:
            return original if texts[0] is None else definition.write(original, texts[0])

        self.blocks.append(_Block(definition.first, definition.end, [inline], write))

    def _front_matter(self) -> int:
        """The lines of a front matter at the top (markdown_front_matter.py), each prose
        value a block of its own, a text translated apart."""
        end, values, self.languages = front_matter(self.lines)
        for value in values:  # a title beside its site's name: its parts each (Value.parts)
            inlines = [Inline.attribute(x, self.name, value.line + 1) for x in value.parts]
            original = self.lines[value.line : value.end]

            def write(texts: list[str | None], value=value, original=original) -> list[str]:
                return original if (said := value.joined(texts)) is None else value.write(said)

            self.blocks.append(_Block(value.line, value.end, inlines, write))
        return end

    def _inline(self, token, line: int, cell: bool = False) -> Inline:  # a cell escapes |
        parsing = None if cell else (self.parser, self.env)
        return Inline.block(token, self.name, line + 1, parsing, cell)

    def _lines(self, a: int, b: int, token, wrap: bool) -> None:
        contents = token.content.split("\n")  # a line's indentation: before its text
        found = [_prefix(self.lines[a + k], c.lstrip(" \t")) for k, c in enumerate(contents)]
        if len(contents) > b - a or any(f is None for f in found):
            return  # not where markdown-it read it (tabs?): written as it was
        prefix, suffix = found[0]
        continuation = found[1][0] if len(found) > 1 else " " * len(prefix)
        original = self.lines[a : a + len(contents)]
        breaks = [_HARD_BREAK.search(line) for line in original[:-1]]
        # a GitHub alert's type (> [!NOTE]) is a line of its own, not of the text to wrap
        alert = int(len(contents) > 1 and ALERT.fullmatch(contents[0].strip()) is not None)
        # lines each ended by a hard break: an address, a poem
        wrap = wrap and len(contents) - alert > 1 and not all(breaks[alert:])
        width = max(len(line) for line in original[alert:]) if wrap else None
        closing = suffix if not suffix.isspace() else ""  # an ATX heading's closing #s
        written = ["\\" if m[0].endswith("\\") else m[0] for m in breaks if m]

        def write(texts: list[str | None]) -> list[str]:
            if texts[0] is None:
                return original
            lines = _flow(prefix, continuation, width, texts[0])
            lines[-1] += closing
            return _hard_breaks(lines, written)

        self.blocks.append(_Block(a, a + len(contents), [self._inline(token, a)], write))

    def _html(self, a: int, content: str) -> None:
        """An HTML block's lines, each after what stood before it (a quotation's ``>``), the
        last one's for lines beyond; written as they were where its text is not translated
        or its translation would not read as one HTML block."""
        contents = content.rstrip("\n").split("\n")
        found = [_prefix(self.lines[a + k], c) for k, c in enumerate(contents)]
        html = HtmlBlock.of("\n".join(contents), self.name, a + 1) if None not in found else None
        if html is None:
            return  # not where markdown-it read it, or tags markup would not write as they were
        original = self.lines[a : a + len(contents)]

        def write(texts: list[str | None]) -> list[str]:
            tokens = self.parser.parse(f"{texts[0]}\n") if texts[0] is not None else []
            if [t.type for t in tokens] != ["html_block"] or tokens[0].content != f"{texts[0]}\n":
                return original
            lines = texts[0].split("\n")
            return [found[min(k, len(found) - 1)][0] + x for k, x in enumerate(lines)]

        self.blocks.append(_Block(a, a + len(contents), [html], write))

    def _task(self, a: int, b: int, token) -> None:
        """A task list item's first paragraph, its checkbox left out of the text (a line left
        out where the checkbox ends it; the item left as it was where it says nothing else)."""
        rest = token.content[3:].lstrip(" \t")
        if rest.strip():
            a, rest = (a + 1, rest[1:]) if rest[0] == "\n" else (a, rest)
            self._lines(a, b, self.parser.parseInline(rest, self.env)[0], wrap=b - a > 1)

    def _cell(self, a: int, token) -> None:
        if self.blocks and self.blocks[-1].first == a:  # the row's next cell
            self.blocks[-1].inlines.append(self._inline(token, a, cell=True))
            return
        line = self.lines[a]
        aligned = any(in_columns(line, x) for x in self.lines[max(a - 1, 0) : a + 2] if x != line)

        def write(texts: list[str | None]) -> list[str]:
            said = [None if t is None else t.translate(AS_WRITTEN) for t in texts]
            return [written_row(line, said, aligned)]

        self.blocks.append(_Block(a, a + 1, [self._inline(token, a, cell=True)], write))


def read_markdown(lines: list[str], name: str) -> MarkdownDocument:
    """The Markdown document of ``lines`` (every text is Markdown: nothing fails to parse)."""
    return _Reader(lines, name).read()


# A formula as GitHub, KaTeX and MathJax read one: a paragraph between $$ and $$, or $...$ inside
# a line (markdown_math.py): the model wrote "$$ \sum< i=1}^{n >" and "$ \alpha $", math no more
_DISPLAY_MATH = re.compile(r"\$\$.*\$\$", re.DOTALL)
MARKDOWN = DocumentFormat(
    "md", (".md", ".markdown"), read_markdown, protect=(INLINE_MATH,), alignment=True, legacy=True
)
