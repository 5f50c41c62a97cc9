"""A block's inline content as one segment: the text the model translates, and the output with
the inline elements put back into the translation.

- The text is the block's characters without the tags, entities read (``&amp;`` is ``&``),
  each run of white space one space (a no-break space too: ``&nbsp;`` is a space as far as the
  words go), the white space at its two ends kept aside for the output.
- An element with no content (``<br/>``, ``<img>``) keeps the words either side of it apart.
  One that breaks a line (HTML's ``<br>``; an office paragraph's line break or tab, written
  ``<x b="n"/>``, ``<x b="t"/>``: documents/office/runs.py) is a ``\n`` (``\t``) in the text,
  so that the lines on either side are translated each as a line of its own
  (inference/columns.py: an address of three lines was one sentence, "Human<br>Resources
  Service 12 laughing"), and it goes back where the translation has that separator. Where
  white space is significant (``preserve``: XML's ``xml:space="preserve"``), a line break or
  a tab of the text is such a separator, its white space written back as it was, and so is
  a run of spaces against an element (never moved to an end of the text it was not at). A breaking
  element keeps the white space written around it, and a segment written on several lines is
  written on as many, where its page says so (line_breaks.py).
- A verbatim element (``<code>``: elements.VERBATIM; a caller may say which elements are
  held so, e.g. a page's ``translate="no"`` or an exchange format's placeholder codes) inside
  the text is one private-use character there, which nmt_cli/protect/ passes through as a
  protected span (by its placeholder, or by the alignment where the model drops it); in the
  output it is the element as written. Where the translation lost or repeated the character
  (protection off), it is put back once, by the alignment.
- The output is the translation escaped (``&``, ``<``, ``>``; a character the segment wrote
  as a reference, ``&ndash;``, written so; a no-break space it did not write ``&nbsp;``, in XML
  ``&#160;``), a no-break space that binds two words (``30&nbsp;secondes``) between their
  translations (protect/no_break.py), with the elements as written where placement.py puts
  them. An element whose source text does not start (end) with punctuation leaves the
  punctuation its first (last) target word starts (ends) with outside: ``<b>gras</b>.`` is
  ``<b>bold</b>.``. An element with no words keeps the spaces it had on either side.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Protocol

from nmt_cli.markup import inline_text
from nmt_cli.markup.elements import VERBATIM
from nmt_cli.markup.inline_text import SEPARATORS, Flattener, Inline, broken, collapsed, references
from nmt_cli.markup.line_breaks import around, edge, soft_breaks, tag_lines, wrapped
from nmt_cli.markup.placement import Alignment, Enclosure, Links, place_elements
from nmt_cli.markup.tree import Element, Node, serialize
from nmt_cli.markup.word_parts import imperative_links, word_parts
from nmt_cli.protect.no_break import NO_BREAK, keep_no_break_spaces


class Aligned(Protocol):
    """A translation and its word alignment: (source word, target word) links, over the
    whitespace-separated words of the text given and of ``text``."""

    text: str
    alignment: list[tuple[int, int]]


def verbatim(element: Element) -> bool:
    """Whether ``element`` is written as it was, held in the text as one character."""
    return element.key in VERBATIM


class Segment:
    """The inline ``nodes`` of a block (of an XML page if ``xml``). ``text``: what the model
    translates; ``words``: its words' character spans; ``held(element)``: whether an element
    is held as one private-use character (default: verbatim); ``preserve``: whether the
    nodes' white space is significant (``xml:space="preserve"``: inline_text.py), their line
    breaks and tabs kept."""

    def __init__(
        self,
        nodes: Sequence[Node],
        xml: bool,
        held: Callable[[Element], bool] | None = None,
        preserve: bool = False,
        wrap: bool = False,
    ):
        self.xml = xml
        self.written = "".join(map(serialize, nodes))  # the nodes as the page wrote them
        flat = Flattener(nodes, held or verbatim, xml, preserve)
        self.inlines = flat.inlines
        self.stand_ins = flat.stand_ins  # private-use character -> the element as written
        raw = "".join(flat.parts)
        inlines = list(_all(self.inlines))
        body = (len(raw) - len(raw.lstrip()), len(raw.rstrip()))
        # a line broken before an element's start tag or after its end tag (tag_lines)
        self._tag_lines = tag_lines(raw, body, flat, inlines) if wrap else []
        self.text, at = collapsed(raw, *body, flat.breaks)
        # the text with its no-break spaces between words kept (read again only where it has one)
        bound = any(c in raw for c in NO_BREAK)
        self.bound = collapsed(raw, *body, flat.breaks, NO_BREAK)[0] if bound else self.text
        self._references = {ord(c): ref for c, ref in references(self.written, xml).items()}
        # the white space before the first element or word, and after the last, as it was
        self.lead = raw[: min([body[0]] + [i.start for i in inlines])]
        last = max([body[1]] + [i.end for i in inlines])
        self.trail = "".join(c for k, c in enumerate(raw[last:], last) if k not in flat.spaces)
        glued = flat.breaks  # another break's separator touches an element as a word would
        places = {p for i in inlines for p in (i.start, i.end)}
        taken: set[int] = set()  # the white space of an element's edge (line_breaks.edge)
        for inline in inlines:
            left = inline.start > 0 and (
                not raw[inline.start - 1].isspace() or inline.start - 1 in glued
            )
            after = inline.start + (inline.start in flat.spaces)  # past a space put in
            right = after < len(raw) and (not raw[after].isspace() or after in glued)
            # a preserved text's own white space is written as it was, with nothing around it
            inline.glue = (True, True) if inline.open.isspace() else (left, right)
            if inline.breaks and not inline.open.isspace():
                inline.around = around(raw, inline.start, flat.breaks, flat.spaces)
            if wrap and inline.start == inline.end and not inline.open.isspace():
                inline.edge = edge(raw, inline.start, body, flat, (places, taken))
            inline.start, inline.end = at[inline.start], at[inline.end]
            if self.text[inline.start : inline.start + 1] != inline.breaks:
                inline.breaks = ""  # at an end of the text: placed as any empty element
        self.words = _word_spans(self.text)
        # where the source's lines broke (line_breaks.py), when its white space is not kept
        self._lines = (raw, body, flat.breaks, flat.spaces) if wrap else None
        self._wrap: dict[int, str] = {}

    def translatable(self) -> bool:
        """Whether the text holds a letter or a digit: else there is nothing to translate."""
        return any(c.isalnum() for c in self.text)

    def render(self, translated: Aligned, kept: bool = False) -> str:
        """The output of the segment: ``translated`` (a translation of ``text``) with the
        inline elements back, escaped, between the white space the segment had at its ends;
        with ``kept``, the nodes as written where ``translated`` is the text itself."""
        if kept and translated.text == self.text:
            return self.written
        words = translated.text.split()
        n_source = len(self.words)
        links = [(s, t) for s, t in translated.alignment if s < n_source and t < len(words)]
        links = imperative_links([self.text[a:b] for a, b in self.words], words, links)
        words, links = self._one_stand_in_each(words, links)
        text = broken(words, translated.text, self._breaks()) or " ".join(words)
        text = keep_no_break_spaces(self.bound, text) if self.bound != self.text else text
        cuts = sorted({pos for i in _all(self.inlines) for pos in (i.start, i.end)})
        parts, target_parts, links = word_parts(
            self.text, self.words, cuts, words, links, _word_spans(text)
        )
        target = _Target(text, target_parts)
        enclosures = self._enclosures(self.inlines, parts)
        runs = iter(place_elements(enclosures, links, len(target.spans), len(parts)))
        at = iter(k for k, c in enumerate(text) if c in SEPARATORS)  # each break's, in order
        placed = self._placed(self.inlines, runs, target, (0, len(target.text)), at)
        self._wrap = self._wrapped(text, placed)
        return (
            self._escaped(self.lead)
            + self._written(target.text, placed)
            + self._escaped(self.trail)
        )

    def _enclosures(self, inlines: list[Inline], parts: list[tuple[int, int]]) -> list[Enclosure]:
        out = []
        for i in inlines:
            inside = [k for k, (a, b) in enumerate(parts) if a < i.end and i.start < b]
            place = sum(1 for _, b in parts if b <= i.start)
            first, end = (inside[0], inside[-1] + 1) if inside else (place, place)
            after_word = i.glue[0] or not i.glue[1]
            out.append(Enclosure(first, end, self._enclosures(i.children, parts), after_word))
        return out

    def _wrapped(self, text: str, placed: list[tuple]) -> dict[int, str]:
        """Where ``text``, the translation, breaks its lines (line_breaks.py): a line broken
        before an element's start tag (after its end tag) there, where a space stands beside
        the tag in ``text`` (placed: its tags' places); the source's other line breaks
        between words as evenly as they fall."""
        if self._lines is None:
            return {}
        spans: dict[int, tuple[int, int]] = {}
        todo = list(placed)
        while todo:
            i, start, stop, children = todo.pop()
            spans[id(i)] = (start, stop)
            todo += children
        kept: dict[int, str] = {}
        done: set[int] = set()
        for run, inline, after, written in self._tag_lines:
            start, stop = spans.get(id(inline), (0, 0))
            k = stop if after else start - 1
            if 0 <= k < len(text) and text[k] == " " and k not in kept:
                kept[k] = written
                done.add(run)
        out = wrapped(text, soft_breaks(*self._lines, skip=done), SEPARATORS)
        return {k: c for k, c in out.items() if k not in kept} | kept

    def _breaks(self) -> str:
        """The separators of the text's breaking elements, in order."""
        return "".join(i.breaks for i in sorted(_all(self.inlines), key=lambda i: i.start))

    def _placed(
        self, inlines, runs, target: _Target, within: tuple[int, int], at=iter(())
    ) -> list[tuple]:
        """(inline, start, end, its children's) in the target text, in pre-order of ``runs``,
        each inside ``within``; a breaking element at its separator there (``at``: where
        each is, in order, where the text has them)."""
        out = []
        for i in inlines:
            first, end = next(runs)
            k = next(at, None) if i.breaks else None
            if k is not None and within[0] <= k < within[1]:
                out.append((i, k, k + 1, []))
                continue
            if end > first:
                source = self.text[i.start : i.end].strip()
                lead, trail = _punct_run(source), _punct_run(source[::-1])
                start = target.start(first, keep=source[:lead])
                stop = target.end(end - 1, keep=source[len(source) - trail :] if trail else "")
            else:
                start = stop = target.place(first, after_word=i.glue[0] or not i.glue[1])
            start = min(max(start, within[0]), within[1])
            stop = min(max(stop, start), within[1])
            out.append((i, start, stop, self._placed(i.children, runs, target, (start, stop), at)))
        seps = [(p[1], p[0]) for p in out if p[0].breaks and p[2] == p[1] + 1]
        return [p if p[0].breaks else _cut(p, seps) for p in out] if seps else out

    def _written(self, text: str, placed: list[tuple], low: int = 0, high: int = -1) -> str:
        """``text[low:high]`` escaped, with the ``placed`` elements' tags (and their
        children's) in it."""
        high = len(text) if high < 0 else high
        out, pos, ends = [], low, (0, len(self.text))
        for i, start, stop, children in sorted(placed, key=lambda p: (p[1], p[0].start, p[2])):
            start = max(start, pos)  # never a piece of the text twice
            stop = max(stop, start)
            out.append(self._piece(text, pos, start))
            no_words = i.start == i.end
            after_word = low < start and text[start - 1] != " "  # in its parent: no space
            before_word = start < high and text[start] != " "
            if i.open.isspace() and not i.breaks and (start in (0, len(text))) != (i.start in ends):
                pos = start  # a kept run of spaces the translation put at an end it was not at
                continue
            if i.breaks and stop == start + 1:  # a breaking element, at its separator
                out += [self._escaped(i.around[0]), i.open, self._escaped(i.around[1])]
                pos = stop
                continue
            out.append(" " if no_words and after_word and not i.glue[0] else "")
            if start == len(text) and i.edge[0] and out[-1] == " ":  # on a line of its own
                out[-1] = self._escaped(i.edge[0])
            out += [i.open, self._written(text, children, start, stop), i.close]
            out.append(" " if no_words and before_word and not i.glue[1] else "")
            if start == 0 and i.edge[1] and out[-1] == " ":
                out[-1] = self._escaped(i.edge[1])
            pos = stop
            if i.empty and i.glue[1] and after_word and stop < high and text[stop] == " ":
                pos += not inline_text.in_word(self.text, i.start)  # as it was: no space before
        out.append(self._piece(text, pos, high))
        return "".join(out)

    def _piece(self, text: str, low: int, high: int) -> str:
        """``text[low:high]`` escaped, a line broken where the source's was (``_wrap``)."""
        chars = list(_spaced(text[low:high]))
        for k, written in self._wrap.items():
            if low <= k < high:
                chars[k - low] = written
        return self._escaped("".join(chars))

    def _escaped(self, text: str) -> str:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        text = text.translate(self._references)  # as the source wrote them: &ndash;, &nbsp;
        return text.translate({ord(c): raw for c, raw in self.stand_ins.items()})

    def _one_stand_in_each(self, words: list[str], links: Links) -> tuple[list[str], Links]:
        """``words`` (and their ``links``) with each stand-in of a verbatim element once: a
        lost one put in by the alignment of its source word, of copies the one linked to it
        (else the first) kept."""
        for c in self.stand_ins:
            source = next(k for k, (a, b) in enumerate(self.words) if c in self.text[a:b])
            holders = [t for t, w in enumerate(words) for _ in range(w.count(c))]
            if not holders:
                at = Alignment(links, len(words)).place(source, after_word=True)
                words = [*words[:at], c, *words[at:]]
                links = [(s, t + (t >= at)) for s, t in links] + [(source, at)]
            elif len(holders) > 1:
                linked = {t for s, t in links if s == source}
                keep = next((t for t in holders if t in linked), holders[0])
                words = [
                    _once(w, c) if t == keep else w.replace(c, "") for t, w in enumerate(words)
                ]
                new = {t: k for k, t in enumerate(t for t, w in enumerate(words) if w)}
                words = [w for w in words if w]
                links = [(s, new[t]) for s, t in links if t in new]
        return words, links


def _word_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\S+", text)]


class _Target:
    """A translation's text, and where its words and their punctuation are."""

    def __init__(self, text: str, spans: list[tuple[int, int]]):
        self.text = text
        self.spans = spans  # its words, or their parts (Segment._parts)

    def start(self, word: int, keep: str = "") -> int:
        """Where word ``word`` starts: after its leading punctuation, but for ``keep``, the
        punctuation the element's source text starts with, where the word's ends so (``%s``
        in “%s”?: after “); all of it where it does not."""
        a, b = self.spans[word]
        lead = self.text[a : a + _punct_run(self.text[a:b])]
        if keep and not lead.endswith(keep):
            return a
        return a + len(lead) - len(keep)

    def end(self, word: int, keep: str = "") -> int:
        """Where word ``word`` ends: before its trailing punctuation, but for ``keep``, the
        punctuation the element's source text ends with, where the word's starts so."""
        a, b = self.spans[word]
        trail = self.text[b - _punct_run(self.text[a:b][::-1]) : b]
        if keep and not trail.startswith(keep):
            return b
        return b - len(trail) + len(keep)

    def place(self, place: int, after_word: bool) -> int:
        """The character offset of place ``place`` (before word ``place``): right after the
        word before it (``after_word``, or nothing follows), else right before the next."""
        if not self.spans:
            return 0
        if place > 0 and (after_word or place == len(self.spans)):
            return self.spans[place - 1][1]
        return self.spans[place][0]


def _is_punct(c: str) -> bool:
    """Punctuation, or a held element's stand-in (a private-use character): what an element's
    tags leave outside at a word's end unless its source text ends so (``<b>ici</b><x/>``)."""
    return bool(c) and (unicodedata.category(c).startswith("P") or unicodedata.category(c) == "Co")


def _punct_run(word: str) -> int:
    """How many punctuation characters ``word`` starts with (none if it is all punctuation)."""
    n = next((k for k, c in enumerate(word) if not _is_punct(c)), len(word))
    return 0 if n == len(word) else n


def _once(word: str, c: str) -> str:
    head, _, tail = word.partition(c)
    return head + c + tail.replace(c, "")


def _cut(placed: tuple, seps: list[tuple[int, Inline]]) -> tuple:
    """``placed`` (inline, start, end, children's), an element that the alignment put across
    the separator of a breaking sibling (``seps``: where each is, the sibling), cut there on
    the side its source words are: the lines on either side are translations of their own."""
    i, start, stop, children = placed
    for k, b in seps:
        if start <= k < stop:
            start, stop = (start, k) if i.end <= b.start else (k + 1, max(stop, k + 1))
    return (i, start, stop, [_clamped(c, start, stop) for c in children])


def _clamped(placed: tuple, low: int, high: int) -> tuple:
    """``placed`` and its children's places moved inside [low, high]."""
    i, start, stop, children = placed
    start = min(max(start, low), high)
    stop = min(max(stop, start), high)
    return (i, start, stop, [_clamped(c, start, stop) for c in children])


def _spaced(text: str) -> str:
    """``text`` of a translation with its separators spaces (one whose breaking element went
    elsewhere: never written as a line break or a tab of the text)."""
    return text.replace("\n", " ").replace("\t", " ")


def _all(inlines: list[Inline]):
    for i in inlines:
        yield i
        yield from _all(i.children)
