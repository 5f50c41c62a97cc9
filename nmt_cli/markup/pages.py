"""HTML and XML pages, and lines with inline tags, translated with their markup kept.

A page's tree (tree.py) is cut into blocks, each translated apart from the others:

- HTML: an element is a block if its name says so (elements.BLOCKS: ``<p>``, ``<li>``,
  ``<h1>``, ``<td>``, ``<div>``, ``<title>``...) or it holds a block (an ``<a>`` around a
  ``<div>``); any other element is inline.
- XML, where names mean nothing known: an element is a block if its parent holds no text of
  its own (only elements and white space: ``<chapter>`` around ``<title>`` and ``<para>``), and
  inline inside an element that does (``<para>See <emphasis>this</emphasis>.</para>``). So
  ``<p><b>a</b> <i>b</i></p>`` is read as two blocks, ``a`` and ``b``.
- The content of a block between its child blocks is a segment (segments.py): its text is
  translated, if it holds a letter or a digit, as one line (split into sentences as
  `nmt translate` splits lines), and its inline elements put back by the alignment. A page's
  segment whose translation is its text is written as it was (``render(kept=True)``: its line
  breaks, entities and spaces), so a page given its texts back is the same page.
- A verbatim element (code, pre, script, style) is written as it was, and so is everything
  between blocks: white space, comments, the document type, processing instructions.
- HTML: a ``<textarea>``'s text (a field's value: "Bonjour" and "Au revoir" on two lines) is
  a block whose white space is significant (elements.PRESERVED): each line is translated on
  its own and the line breaks stay where they were (read as one sentence, "Day to" and "see
  again" came out on the two lines).
- HTML: an element that is not translated (``translate="no"``, ``class="notranslate"``:
  attributes.py) is written as it was, but for the elements inside it that say
  ``translate="yes"``, each translated apart as a block; inline inside a translated segment, it
  is held whole as a verbatim element is (a ``translate="yes"`` inside it is not read then).
- An HTML page (not a line) has the values of its attributes that are text (``title``,
  ``alt``, ``placeholder``...: attribute_texts.py) translated as texts of their own, after its
  segments' in the same call, and written back into their tags.

A line (``translate_markup_lines``) is a page of its own: its text and elements need no one
root, and its output is one line. A plain line is read so when it holds inline elements around
words or an inline verbatim element (``<code>git status</code>``: as plain text its tags were
two spans the model moved, "<code>git status often </code>") and reads back as written
(``holds_elements``: `nmt translate`'s ``--markup auto``). An
XML page or line that is not well formed is an InputError naming it and the line, before
anything is translated.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from nmt_cli.errors import InputError
from nmt_cli.markup.attribute_texts import attribute_texts, written_back
from nmt_cli.markup.attributes import attribute, translated
from nmt_cli.markup.elements import BLOCKS, HELD, PRESERVED, SVG_TEXTS, VERBATIM
from nmt_cli.markup.inline_text import REFERENCE
from nmt_cli.markup.reading import read_events
from nmt_cli.markup.rows import bar_parts, is_item, node_text, row
from nmt_cli.markup.segments import Aligned, Segment, verbatim
from nmt_cli.markup.titles import TitleTexts, title_parts
from nmt_cli.markup.tree import Element, Node, Text, build_tree, has_text, serialize

DIALECTS = ("html", "xml")
# translate_segments(texts): a translation of each text, with its word alignment, in order
TranslateSegments = Callable[[list[str]], Sequence[Aligned]]


class Page:
    """A page (a line if ``fragment``) of ``dialect``, cut into what is written as it was and
    the segments to translate; with ``attributes``, an HTML page's attributes whose values are
    text are translated too (attribute_texts.py); with ``optional``, a fragment's end tags
    that HTML lets it leave out stay left out, as a whole page's do (tree.py). ``where``,
    ``line``: the page's name and first line's number, for an error."""

    def __init__(
        self,
        text: str,
        dialect: str,
        where: str = "-",
        line: int = 1,
        fragment: bool = False,
        attributes: bool = False,
        source: str | None = None,
        wrap: bool = False,
        optional: bool = False,
    ):
        if dialect not in DIALECTS:
            raise ValueError(f"unknown markup {dialect!r}; choose from {', '.join(DIALECTS)}")
        self.xml, self.source = dialect == "xml", source  # source: the language, as lang says
        self.wrap = wrap  # a segment written on several lines: its translation too
        events = read_events(text, self.xml, fragment, where, line)
        self.root = build_tree(events, not self.xml, whole=not fragment, optional=optional)
        self._holds_block: dict[int, bool] = {}
        self._marks: set[int] = set()  # the notes' marks of the segment being read (_marks)
        self.parts = self._cut()
        self.attributes = attribute_texts(self.root, source) if attributes and not self.xml else []
        self.titles = TitleTexts(self.attributes)  # og:title's parts each a text (titles.py)

    @property
    def segments(self) -> list[Segment]:
        return [p for p in self.parts if isinstance(p, Segment)]

    def texts(self) -> list[str]:
        """What the model translates: each segment's text, in order, then each attribute's."""
        return [s.text for s in self.segments] + self.titles.texts

    def render(self, translations: Sequence[Aligned], kept: bool = False) -> str:
        """The page with each text's translation (in the order of ``texts``) in place; with
        ``kept``, a segment whose translation is its text as it was written (its line breaks,
        entities and spaces: a page given its texts back is the same page, byte for byte)."""
        n = len(self.segments)
        done = iter(translations[:n])
        parts = self.parts
        if self.attributes:
            said = self.titles.joined([t.text for t in translations[n:]])
            with written_back(self.attributes, said):
                parts = self._cut()  # the same segments, their elements' tags rewritten
        return "".join(p if isinstance(p, str) else p.render(next(done), kept) for p in parts)

    def _cut(self) -> list[str | Segment]:
        """The page cut into what is written as it was and its segments, in order."""
        self._out: list[str | Segment] = []
        self._content(self.root, True)
        return self._out

    def _content(self, element: Element, translating: bool) -> None:
        """``element``'s content: its blocks apart, the runs between them segments; where it
        is not translated (``translating``), every element apart, the runs as written."""
        run: list[Node] = []
        for child in element.children:
            if isinstance(child, Element) and (not translating or self._is_block(child, element)):
                self._segment(run, translating)
                run = []
                self._block(child, self._translated(child, translating))
            else:
                run.append(child)
        if translating and not self.xml and element.key == "title" and self._title(run):
            return
        self._segment(run, translating, not self.xml and element.key in PRESERVED)

    def _title(self, run: list[Node]) -> bool:
        """Whether ``run``, a ``<title>``'s text, is a title and its site's name: its parts
        each a segment, the separators between them as written (titles.py)."""
        text = run[0] if len(run) == 1 else None
        parts = title_parts(text.raw) if isinstance(text, Text) else None
        for k, part in enumerate(parts or ()):
            if k % 2:
                self._out.append(part)
            else:
                self._segment([Text(html.unescape(part), part)], True)
        return parts is not None

    def _block(self, element: Element, translating: bool) -> None:
        if element.key in VERBATIM or element.empty:
            self._out.append(serialize(element))
            return
        self._out.append(element.open)
        self._content(element, translating)
        self._out.append(element.close)

    def _segment(self, run: list[Node], translating: bool, preserve: bool = False) -> None:
        """``run`` as a segment (``preserve``: its white space significant), or as written; in
        HTML, its parts between bars each a segment of its own (rows.bar_parts), a link at
        either end of it that holds no letter or digit as written, outside it
        (_symbol_links)."""
        head = tail = 0
        if translating and not self.xml and not preserve:
            parts = bar_parts(run)
            if len(parts) > 1:
                for part in parts:
                    if isinstance(part, str):
                        self._out.append(part)
                    else:
                        self._segment(part, True)
                return
            head, tail = _symbol_links(run)
        self._out.extend(map(serialize, run[:head]))
        self._words(run[head : len(run) - tail], translating, preserve)
        self._out.extend(map(serialize, run[len(run) - tail :]))

    def _words(self, run: list[Node], translating: bool, preserve: bool) -> None:
        pieces = row(run) if translating and not self.xml else None
        for piece in pieces or ():  # each item a text of its own, as a block is (rows.py)
            if isinstance(piece, Element) and is_item(piece):
                self._block(piece, self._translated(piece, translating))
            elif isinstance(piece, Text) and is_item(piece):
                self._segment([piece], translating)
            else:
                self._out.append(piece if isinstance(piece, str) else serialize(piece))
        if pieces is not None:
            return
        self._marks = set() if self.xml else set(_marks(run))
        segment = (
            Segment(run, self.xml, self._held, preserve, wrap=self.wrap)
            if run and translating
            else None
        )
        if segment is not None and segment.translatable():
            self._out.append(segment)
        else:
            self._out.extend(serialize(node) for node in run)

    def _translated(self, element: Element, inherited: bool) -> bool:
        """Whether ``element``'s text is translated (HTML's translate and notranslate)."""
        return inherited if self.xml else translated(element, inherited, self.source)

    def _held(self, element: Element) -> bool:
        """Whether an inline element is held whole in its segment's text: a verbatim one, or
        one not translated (``<span translate="no">Valider</span>``), a ruby or a note's
        mark (HTML)."""
        if verbatim(element) or not self._translated(element, True):
            return True
        return not self.xml and (element.key in HELD or id(element) in self._marks)

    def _is_block(self, element: Element, parent: Element) -> bool:
        if self.xml:
            return not has_text(parent)
        if id(element) not in self._holds_block:
            self._holds_block[id(element)] = _own_block(element) or any(
                isinstance(c, Element) and self._is_block(c, element) for c in element.children
            )
        return self._holds_block[id(element)]


def translate_markup(
    text: str, dialect: str, translate_segments: TranslateSegments, where: str = "-"
) -> str:
    """A page of ``dialect`` (html or xml) translated with its markup kept (an HTML page's
    attributes whose values are text too). ``where``: its name, for an error."""
    page = Page(text, dialect, where, attributes=True, wrap=True)
    texts = page.texts()
    return page.render(translate_segments(texts) if texts else [], kept=True)


@dataclass(frozen=True)
class Same:
    """A segment's text given back as it is, each word linked to itself (what a check of how
    markup writes a text back gives it: as_markup, markdown_html_block.HtmlBlock)."""

    text: str

    @property
    def alignment(self) -> list[tuple[int, int]]:
        return [(k, k) for k in range(len(self.text.split()))]


def as_markup(line: str) -> Page | None:
    """``line``, plain text, read as an HTML line where it holds inline elements around words
    (``pour <b>continuer</b>``), a block that holds words (``<p>Un paragraphe.</p>``: as
    spans, fr-en read them as a fragment, "<p>a paragraph</p>") or an inline verbatim one
    (``<code>ls</code>``: a private-use character in its segment's text that the line has
    not) and markup writes it back as it is
    (no ``&`` or ``<`` of its text that markup would escape, no tag left unclosed that it would
    close), or where it holds a character reference (``C&apos;est``, ``l&rsquo;été``: as a
    span it cut the words it stood in, "That&apos;is true"; a no-break space's aside, which
    documents/lines.py reads) and writes back the same characters; else None."""
    entities = REFERENCE.search(line.replace("&nbsp;", "")) is not None
    if not entities and ("</" not in line or "<" not in line.split("</", 1)[0]):
        return None
    numbered = _NUMBERED.search(line) is not None and _RENAMED.search(line) is None
    try:
        if numbered:
            page: Page = _Numbered(_NUMBERED.sub(r"<\1i18n-\2\3>", line), "html", fragment=True)
        else:
            page = Page(line, "html", fragment=True)
    except InputError:
        return None
    segments = page.segments
    verbatim = sum(map(_private_use, (s.text for s in segments))) > _private_use(line)
    inline = any(i.end > i.start for s in segments for i in s.inlines)
    if not (entities or verbatim or inline or _block_with_words(page.root)):
        return None
    again = page.render([Same(s.text) for s in segments])
    if again == line or _spaces_out(again) == _spaces_out(line):
        return page
    return page if entities and _read(again) == _read(line) else None


def _block_with_words(element: Element) -> bool:
    """Whether a block under ``element`` holds a letter or a digit."""
    return any(
        isinstance(c, Element)
        and (c.key in BLOCKS and any(map(str.isalnum, node_text(c))) or _block_with_words(c))
        for c in element.children
    )


# react-i18next's numbered tags (``<1>continuer</1>``, ``<0/>``): no HTML element's names, so
# read as elements named ``i18n-1`` and written back as they were (as two spans the model moved
# the words out of them: "to continue <1></1>")
_NUMBERED = re.compile(r"<(/?)(\d+)(/?)>")
_RENAMED = re.compile(r"<(/?)i18n-(\d+)(/?)>")


class _Numbered(Page):
    """A line whose numbered tags were renamed to be read (see _NUMBERED), written back with
    their own names."""

    def render(self, translations: Sequence[Aligned], kept: bool = False) -> str:
        return _RENAMED.sub(r"<\1\2\3>", super().render(translations, kept))


def _spaces_out(text: str) -> str:
    """``text`` with the spaces that open or close an element's words written outside it, as
    markup writes them (a YouTube caption's word, ``dans<c> cette</c>``: as spans, fr-en
    dropped "cette" and wrote ``vidéo`` "Empty")."""
    while (moved := _CLOSING_SPACE.sub(r"\2\1", _OPENING_SPACE.sub(r"\2\1", text))) != text:
        text = moved
    return text


_OPENING_SPACE = re.compile(r"(<[A-Za-z][^<>]*>)( +)")
_CLOSING_SPACE = re.compile(r"( +)(</[A-Za-z][^<>]*>)")


def _read(text: str) -> str:
    """``text``'s characters, its references read, a no-break space a space (as a segment
    reads one)."""
    return html.unescape(text).replace("\xa0", " ")


def _private_use(text: str) -> int:
    """How many private-use characters ``text`` holds (what a verbatim element becomes)."""
    return sum("\ue000" <= c <= "\uf8ff" for c in text)


def holds_elements(line: str) -> bool:
    """Whether ``line``, plain text, reads as an HTML line (:func:`as_markup`)."""
    return as_markup(line) is not None


def translate_markup_lines(
    lines: Sequence[str],
    dialect: str,
    translate_segments: TranslateSegments,
    where: str = "-",
    first_line: int = 1,
) -> list[str]:
    """Lines with inline tags (each a page of its own, a localisation string) translated with
    their markup kept, one line out for each line in; all their segments in one call. ``where``,
    ``first_line``: the lines' file and the number of the first, for an error."""
    pages = [Page(x, dialect, where, first_line + n, fragment=True) for n, x in enumerate(lines)]
    texts = [t for page in pages for t in page.texts()]
    done = iter(translate_segments(texts) if texts else [])
    return [page.render([next(done) for _ in page.segments]) for page in pages]


def _own_block(element: Element) -> bool:
    """Whether an HTML element is a block by itself (elements.py): one of BLOCKS, an SVG's
    ``<text>`` or ``<desc>``, or a ``<tspan>`` that says where it stands (a line of its
    ``<text>``)."""
    if element.key == "tspan":
        return attribute(element, "x") is not None or attribute(element, "y") is not None
    return element.key in BLOCKS or element.key in SVG_TEXTS


def _symbol_links(run: list[Node]) -> tuple[int, int]:
    """How many nodes at the start of ``run`` and at its end are a link that holds no letter or
    digit, a heading's permalink (``<a class="headerlink" href="#x">¶</a>``, ``#``, ``§``),
    and the white space beside it. Read as a word, the heading's words went into it or were
    lost: ``<h1>Guide de démarrage<a>¶</a></h1>`` came back ``<h1><a>¶ Guide</a></h1>``."""
    ends = []
    for nodes in (run, run[::-1]):
        k = 0
        while k < len(nodes) and isinstance(nodes[k], Text) and not nodes[k].text.strip():
            k += 1
        link = nodes[k] if k < len(nodes) else None
        symbol = isinstance(link, Element) and link.key == "a" and node_text(link).strip()
        if symbol and not any(map(str.isalnum, node_text(link))):
            ends.append(k + 1)
        else:
            ends.append(0)
    head, tail = ends
    return (head, tail) if head + tail < len(run) else (0, 0)


def _marks(nodes: list[Node]) -> Iterator[int]:
    """The ids of the notes' marks (_mark) among ``nodes`` and inside them, each right after a
    word of two letters or more (``prix<sup>1</sup>``; not an exponent, ``x<sup>2</sup>``,
    ``10<sup>6</sup>``, ``m<sup>2</sup>``)."""
    for before, node in zip([None, *nodes], nodes):
        if not isinstance(node, Element):
            continue
        if isinstance(before, Text) and _WORD_END.search(before.text) and _mark(node):
            yield id(node)
        else:
            yield from _marks(node.children)


_WORD_END = re.compile(r"[^\W\d_]{2}$")


def _mark(element: Element) -> bool:
    """Whether ``element`` is a note's mark: a ``<sup>`` that holds no letter (``prix<sup>1
    </sup>``, ``réduit<sup>*</sup>``; not an ordinal's ending, ``1<sup>er</sup>``), or a link
    around one (``<a href="#n2"><sup>[2]</sup></a>``). Read as words, it was glued to the word
    before it: "The prix1" untranslated, ``<sup>reduced</sup>*``, ``31 <sup>March</sup>*.*.``"""
    inner = [c for c in element.children if not (isinstance(c, Text) and not c.text.strip())]
    if element.key == "a" and len(inner) == 1 and isinstance(inner[0], Element):
        element = inner[0]
    text = node_text(element)
    return element.key == "sup" and text.strip() != "" and not any(c.isalpha() for c in text)
