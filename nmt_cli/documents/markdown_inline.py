"""A block's inline Markdown (markdown-it-py's inline token) as a fragment of HTML for
nmt_cli/markup/, and the fragment's translation written back as Markdown (markdown.py reads the
blocks).

Emphasis, links and inline HTML become elements of the fragment, put back around the target
words aligned to those they enclosed, as tags of a page are: ``*x*``, ``**x**``, ``~~x~~``,
``[x](url "title")`` and paired inline tags (``<kbd>x</kbd>``) enclose words; code spans,
autolinks (``<https://...>``) and images are passed through whole, as protected spans; a hard
line break stays one; a footnote's reference (``note[^1]``) encloses the word it follows, so the
model never reads it, and so does Pandoc's inline note (``note^[text]``), its text one of its
own. An image's alt text and a link's or an image's title are texts of their own, translated
apart from the sentence (they were left in the source's language), and so are an inline tag's
attributes that a page's are (``<abbr title="...">``); an inline element that says
``translate="no"`` is held whole, as on a page. The translation is written back as Markdown: its
text escaped where a character would start markup, each element's marks as the source wrote them
(a destination as written, but a link to a heading's anchor: markdown_anchors.py; a title in
double quotes, escaped as a title is; a reference link ``[x][ref]`` with its reference as
written, its title its definition's: markdown_links.py). An HTML block is a page of its own
(markdown_html_block.py).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from nmt_cli.documents import markdown_links
from nmt_cli.documents.markdown_admonitions import past_alert
from nmt_cli.documents.markdown_anchors import destination, hrefs, with_hrefs
from nmt_cli.documents.markdown_escapes import (
    escaped,
    title_escaped,
    unescaped,
    written,
    written_entities,
)
from nmt_cli.markup.attribute_texts import text_attributes, with_values
from nmt_cli.markup.attributes import translated
from nmt_cli.markup.pages import Page
from nmt_cli.markup.reading import read_events
from nmt_cli.markup.segments import Aligned
from nmt_cli.markup.tree import Element

_HTML_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)[^>]*?(/?)>\Z")
_INDEX = re.compile(r'\bi="(\d+)"')
# White space inside marks written whole (a code span, a link's title), kept from wrapping
WHOLE = str.maketrans({" ": "\x00", "\t": "\x01"})
AS_WRITTEN = str.maketrans({"\x00": " ", "\x01": "\t"})
_LAST_WORD = re.compile(r"\S+\Z")
_SUP = re.compile(r"<sup(?:\s[^>]*)?>", re.IGNORECASE)
_EMPHASIS = ("em_open", "strong_open", "s_open", "mark_open")
Anchors = Mapping[str, str] | None  # a heading's anchor to its translation's


def _code_span(token, cell: bool = False) -> str:
    """A code span as written, from its content and backticks (a formula, ``$x$``, its
    content); in a table ``cell``, its pipes escaped, as they were written (``\\|``: the
    table's reader unescaped them)."""
    content = token.content.replace("|", "\\|") if cell else token.content
    if token.type == "math_inline":
        return content
    padded = content[:1] == "`" or content[-1:] == "`"
    padded |= content[:1] == " " and content[-1:] == " " and content.strip() != ""
    return f"{token.markup}{' ' if padded else ''}{content}{' ' if padded else ''}{token.markup}"


@dataclass
class _Marks:
    """What an element of the fragment stands for: the Markdown written for its start and its
    end (all of it in ``open`` for an element with no content). Where the marks hold texts
    translated on their own (``own``: an image's alt text, a title), ``written(their
    Markdown)`` gives them."""

    open: str
    close: str = ""
    own: list[Inline] = field(default_factory=list)
    written: Callable[[list[str]], tuple[str, str]] | None = None
    url: str = ""  # a link's destination, as written


@dataclass
class Inline:
    """A block's inline Markdown (markdown-it's inline token) as a fragment of HTML (``page``)
    whose elements are all inline; ``marks[i]``: what element ``i`` of the fragment stands
    for; ``escape``: how its text is written (as text, or as a title); ``reads``: the HTML a
    block's Markdown reads as (None: every character that could start markup escaped), and
    ``kept``: the characters its source wrote never escaped (markdown_escapes.py)."""

    page: Page
    marks: list[_Marks]
    escape: Callable[[str], str] = escaped
    reads: Callable[[str], str] | None = None
    kept: tuple[str, ...] = ()
    entities: dict[str, str] = field(default_factory=dict)  # written as the source wrote them

    @classmethod
    def block(
        cls, token, where: str, line: int, parsing: tuple | None = None, cell: bool = False
    ) -> Inline:
        """A block's inline ``token``; with ``parsing`` (the file's parser and its env), its
        translation escaped where its source escaped (not a table ``cell``'s: its pipes)."""
        inline = cls.of(token.children, where, line, cell, parsing)
        inline.entities = written_entities(token.content)
        if parsing is not None:
            parser, env = parsing
            inline.reads = lambda text: parser.renderInline(text, env)
            inline.kept = unescaped(token.content)
        return inline

    @classmethod
    def title(cls, title: str, where: str, line: int, quotes=("", '"', "")) -> Inline:
        """A link's or an image's title, a text of its own, between the ``quotes`` it was
        written in (markdown_links.title_quotes), its entities as written."""
        _, close, written = quotes
        found = written_entities(written)
        return cls._apart(title, where, line, lambda text: title_escaped(text, close, found))

    @classmethod
    def attribute(cls, value: str, where: str, line: int) -> Inline:
        """An HTML attribute's value that is text, a text of its own, written back as it
        reads (escaped for its quotes where it goes back into its tag)."""
        return cls._apart(value, where, line, lambda text: text)

    @classmethod
    def _apart(cls, text: str, where: str, line: int, escape: Callable[[str], str]) -> Inline:
        """``text``, no markup (its ``<`` and ``&`` are characters), translated apart from
        the block's, its translation written by ``escape``."""
        page = Page(html.escape(text, quote=False), "html", where, line, fragment=True)
        return cls(page, [], escape)

    @classmethod
    def of(
        cls, children, where: str, line: int, cell: bool = False, parsing: tuple | None = None
    ) -> Inline:
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

        k, children = past_alert(children, lambda x: element(_Marks(x)))  # > [!NOTE]: a line
        while k < len(children):
            t = children[k]
            if t.type == "text":
                parts.append(html.escape(t.content, quote=False))
            elif t.type == "softbreak":
                parts.append("\n")
            elif t.type == "hardbreak":  # b="n": it parts the lines (markup/inline_text.py)
                element(_Marks(t.markup or "\\\n"))  # a callout's title's end: "\n"
                parts[-1] = parts[-1].replace("/>", ' b="n"/>')
            elif t.type in ("footnote_ref", "footnote_inline"):  # note[^1], note^[text]
                note = _Marks(t.content) if t.type == "footnote_ref" else cls._note(t, where, line)
                cls._footnote(note, children[k - 1] if k else None, marks, parts, element)
            elif t.type in ("code_inline", "math_inline"):  # $\alpha$: markdown_math.py
                element(_Marks(_code_span(t, cell).translate(WHOLE)), t.content, verbatim=True)
            elif t.type == "image":
                element(cls._image(t, where, line, parsing), t.content, verbatim=True)
            elif t.type == "link_open" and t.markup == "autolink":
                end = next(j for j in range(k, len(children)) if children[j].type == "link_close")
                text = "".join(c.content for c in children[k + 1 : end])
                element(_Marks(f"<{text}>"), text, verbatim=True)
                k = end
            elif t.type == "link_open":  # <a>: a row of links is one (markup/rows.py)
                marks.append(cls._link(t, where, line))
                depth += 1
                parts.append(f'<a i="{len(marks) - 1}">')
            elif t.type in _EMPHASIS:
                marks.append(_Marks(t.markup, t.markup))
                depth += 1
                parts.append(f'<m i="{len(marks) - 1}">')
            elif t.type.endswith("_close"):
                depth -= 1
                parts.append("</a>" if t.type == "link_close" else "</m>")
            elif t.type == "html_inline" and (mark := _note_mark(children, k)):  # word<sup>1</sup>
                cls._footnote(_Marks(mark), children[k - 1], marks, parts, element)
                k += 2
            elif t.type == "html_inline":
                cls._html(t.content, marks, parts, tags, depth, element, where, line)
            else:  # anything else markdown-it may give: its text as written
                parts.append(html.escape(t.content, quote=False))
            k += 1
        return cls(Page("".join(parts), "html", where, line, fragment=True), marks)

    @classmethod
    def _link(cls, token, where: str, line: int) -> _Marks:
        """``[`` and ``](url "title")``, the title translated on its own; a reference link's
        ``]`` and its reference as written (``][ref]``)."""
        url, title = markdown_links.url_of(token), token.attrs.get("title")
        if (label := markdown_links.labelled(token)) is not None:  # [x], [x][]
            start, end = markdown_links.labelled_marks(*label)
            return _Marks(start, end.translate(WHOLE))
        if (ref := markdown_links.reference(token)) is not None:
            return _Marks("[", f"]{ref}".translate(WHOLE))  # its url: its definition's line
        if not title:
            return _Marks("[", f"]({url})".translate(WHOLE), url=url)  # never wrapped at
        start, close, _ = quotes = markdown_links.title_quotes(token)
        own = [cls.title(title, where, line, quotes)]

        def written(said: list[str]) -> tuple[str, str]:
            return "[", f"]({url} {start}{said[0]}{close})".translate(WHOLE)

        return _Marks("[", "", own, written, url)

    @classmethod
    def _image(cls, token, where: str, line: int, parsing: tuple | None = None) -> _Marks:
        """``![alt](url "title")``, its alt text and its title translated on their own (a
        reference image's title its definition's: ``![alt][ref]``); with ``parsing``, its alt
        text escaped where its source escaped, as a block's text is."""
        url, title = markdown_links.url_of(token), token.attrs.get("title")
        ref, label = markdown_links.reference(token), markdown_links.labelled(token)
        title = None if ref is not None else title
        own = [cls.of(token.children or [], where, line)]  # ![](url): no alt text
        if parsing is not None:  # the alt text as the image's reads it, its brackets matched
            parser, env = parsing
            own[0].reads = lambda alt: parser.renderInline(f"![{alt}](u)", env)
            own[0].kept = unescaped(token.content)
        own[0].entities = written_entities(token.content)
        start, close, _ = quotes = markdown_links.title_quotes(token)
        own += [cls.title(title, where, line, quotes)] if title else []

        def written(said: list[str]) -> tuple[str, str]:
            alt = said[0].replace("\n", " ")
            end = f" {start}{said[1]}{close}" if title else ""
            if label is not None:  # ![x], ![x][]: its label still its alt text's
                return f"![{alt}{markdown_links.written_as(alt, *label)}".translate(WHOLE), ""
            if ref is not None:
                return f"![{alt}]{ref}".translate(WHOLE), ""
            return f"![{alt}]({url}{end})".translate(WHOLE), ""

        return _Marks("", "", own, written)

    @classmethod
    def _note(cls, token, where: str, line: int) -> _Marks:
        """Pandoc's inline note, ``^[text]``: its text translated on its own, on one line."""
        own = [cls.of(token.children, where, line)]
        return _Marks("", "", own, lambda x: (f"^[{x[0]}]".replace("\n", " ").translate(WHOLE), ""))

    @staticmethod
    def _footnote(note: _Marks, before, marks, parts, element) -> None:
        """A footnote's reference or inline note (markdown_footnotes.py), a mark the model
        never reads: it follows the word it is written after (``note[^1]``: an element around
        ``note``, so that the model reads ``note.``, not ``note .``), else it stands alone."""
        word = _LAST_WORD.search(before.content) if before and before.type == "text" else None
        if word is None:
            element(note)
            return
        after = note.written
        marks.append(_Marks("", note.open, note.own, after and (lambda x: ("", after(x)[0]))))
        rest, word = before.content[: word.start()], word.group()
        parts[-1] = f'{html.escape(rest, quote=False)}<m i="{len(marks) - 1}">'
        parts[-1] += f"{html.escape(word, quote=False)}</m>"

    @staticmethod
    def _html(tag: str, marks, parts, tags, depth: int, element, where: str, line: int) -> None:
        """Inline HTML: a start tag and the end tag that closes it at the same depth enclose
        words; any other (a comment, a lone tag) stands alone, a ``<br>`` parting the lines
        on either side as a hard break does (a table cell's ``Première ligne<br>suite``: read
        as one sentence, its second line was lost)."""
        m = _HTML_TAG.match(tag)
        if m and m.group(1) and tags and tags[-1][0] == m.group(2) and tags[-1][2] == depth:
            _, part, _ = tags.pop()
            i = int(_INDEX.search(parts[part])[1])
            marks[i].close = tag
            kept = not translated(Element(m.group(2), marks[i].open.translate(AS_WRITTEN)), True)
            name = "a" if m.group(2).lower() == "a" else "m"  # a link, as [x](url) is: rows.py
            parts[part] = f'<{name} i="{i}"' + (' translate="no">' if kept else ">")
            parts.append(f"</{name}>")
            return
        element(_tag_marks(tag, where, line))
        if m and m.group(2).lower() == "br":  # a line break: it parts the lines, as a page's
            parts[-1] = parts[-1].replace("/>", ' b="n"/>')
            return
        if m and not m.group(1) and not m.group(3):
            tags.append((m.group(2), len(parts) - 1, depth))

    def texts(self) -> list[str]:
        """What the model translates: the fragment's texts, then those of its marks."""
        return self.page.texts() + [t for m in self.marks for own in m.own for t in own.texts()]

    def markdown(self, translated: Sequence[Aligned], changed: Anchors = None) -> str:
        """The block's translation as Markdown, from the translations of its texts (spaces
        inside marks written whole as WHOLE makes them); a link to a heading whose anchor
        ``changed`` to that heading's new one (markdown_anchors.py)."""
        done = iter(translated[len(self.page.segments) :])
        marks = [
            (m.open, m.close)
            if m.written is None
            else m.written([own.markdown([next(done) for _ in own.texts()]) for own in m.own])
            for m in self.marks
        ]
        for k, m in enumerate(self.marks):
            if m.url and (new := destination(m.url, changed or {})):
                start, end = marks[k]
                if m.open.startswith("<"):  # an HTML tag's href="#..."
                    start = with_hrefs(start.translate(AS_WRITTEN), changed or {}).translate(WHOLE)
                marks[k] = (start, end.replace(f"]({m.url}", f"]({new}", 1))
        out: list[str] = []
        texts: set[int] = set()  # the places of out that are text, escaped when written
        opened: list[tuple[int, int]] = []  # the elements open: (their mark, its place in out)
        inside_code = False
        text = ""
        page = self.page.render(translated[: len(self.page.segments)])
        for e in read_events(page, xml=False, fragment=True):
            if e.kind == "text" and not inside_code:
                text += e.text  # escaped whole: what follows a character decides
                continue
            texts.add(len(out))
            out.append(text)
            text = ""
            if inside_code:
                inside_code = e.kind != "end"
            elif e.kind in ("start", "empty"):
                i = int(_INDEX.search(e.raw)[1])
                out.append(marks[i][0])
                inside_code = e.name == "code" and e.kind == "start"
                if e.name in ("m", "a") and e.kind == "start":
                    opened.append((i, len(out) - 1))
            elif e.kind == "end":
                i, at = opened.pop()
                if self.marks[i].open == self.marks[i].close != "" and not "".join(out[at + 1 :]):
                    out[at] = ""  # emphasis whose words the translation lost: no "****" left
                else:
                    out.append(marks[i][1])
        texts.add(len(out))
        out.append(text)
        if self.escape is not escaped:  # a title's, an attribute's
            return "".join(self.escape(x) if k in texts else x for k, x in enumerate(out))
        return markdown_links.labels(written(out, texts, self.reads, self.kept, self.entities))


def _note_mark(children, k: int) -> str | None:
    """A note's number raised after a word, ``<sup>1</sup>`` at ``children[k]``, as written (a
    mark after the word's translation, as ``[^1]``: the model copied "sauvegarde1"); or None."""
    before, sup, number, end = (
        children[k + j] if 0 <= k + j < len(children) else None for j in (-1, 0, 1, 2)
    )
    if k == 0 or end is None or before.type != "text" or before.content[-1:].isspace():
        return None
    if not _SUP.fullmatch(sup.content) or end.content.lower() != "</sup>":
        return None
    digits = number.type == "text" and number.content.isdigit() and len(number.content) <= 3
    return sup.content + number.content + end.content if digits else None


def _tag_marks(tag: str, where: str, line: int) -> _Marks:
    """An inline HTML tag's marks; the values of its attributes that are text (``title``,
    ``alt``, ``aria-label``...: markup/attribute_texts.py) translated on their own, as a
    page's are (they were left in the source's language); none where it says not to translate
    it (``translate="no"``)."""
    m = _HTML_TAG.match(tag)
    element = Element(m.group(2) if m else "", tag)
    found = text_attributes(element) if m and not m.group(1) and translated(element, True) else []
    url = next(iter(hrefs(tag)), "")  # to an anchor of the file: markdown_anchors.py
    if not found:
        return _Marks(tag.translate(WHOLE), url=url)
    own = [Inline.attribute(" ".join(a.value.split()), where, line) for a in found]
    marks = _Marks(tag.translate(WHOLE), "", own, url=url)

    def written(said: list[str]) -> tuple[str, str]:
        changes = [(a, t) for a, t in zip(found, said) if t.strip()]
        return with_values(tag, changes).translate(WHOLE), marks.close

    marks.written = written
    return marks
