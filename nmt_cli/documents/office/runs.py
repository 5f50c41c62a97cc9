"""A paragraph of an office document as one text with inline markup, and its translation back
as runs: the part every format (.docx, .pptx, .odt) shares.

A format reads a paragraph into ``items``: runs of text with one set of properties (Run: its
``key``, what makes two runs look the same, without revision ids, proofing marks or language),
marks that hold no text to translate (Mark: a bookmark, a comment anchor, an image, a field, a
tab, a line break, a note), and hyperlinks around runs and marks (Link). Adjacent runs of one
key are merged. The paragraph becomes a fragment of HTML for nmt_cli/markup/ (as a Markdown
block does, documents/markdown.py), in which

- the runs of the paragraph's plain look are its plain text: of its runs outside links, those
  of no look of their own (no direct formatting), else those of its most common key (by
  characters); text the model writes outside every element takes that look;
- a run of another key is ``<r i="k">text</r>``, a hyperlink ``<a i="k">...</a>``, a mark
  ``<x i="k"/>`` (keeping the words on either side apart), a code-styled run
  ``<code i="k">text</code>`` (verbatim: the model never reads it, it comes back whole), a
  field ``<code i="k"></code>`` (held: one protected token in the text, where it stands;
  but one alone between a tab and the end is a mark, as the tab is);

so its text is translated as one sentence (or several) and each element is put back around the
target words aligned to the source words it enclosed. The translated fragment is read back into
items of the same kinds: each stretch of text a Run with the key of the element around it, in
the Link it is in; each mark, the very mark.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from nmt_cli.markup.pages import Page
from nmt_cli.markup.reading import read_events
from nmt_cli.markup.segments import Aligned

_INDEX = re.compile(r'\bi="(\d+)"')


@dataclass
class Run:
    """Text with one set of properties: ``key`` says which (equal keys: the same look),
    ``template`` is what the format writes it from; ``code``: a code-styled run, not
    translated."""

    key: Hashable
    text: str
    template: object = None
    code: bool = False


@dataclass
class Mark:
    """What stands in a paragraph with no text to translate; ``node``: the format's own;
    ``breaks``: "\n" for a line break, "\t" for a tab (the lines or columns on either side are
    translated each apart: markup/segments.py), else ""; ``held``: a field that shows its
    result (a page number, a date), which the model reads as one protected token where it
    stands, so the words around it are one sentence with something in that place (left out,
    "Page <PAGE> sur <NUMPAGES>" was read "Page sur", and "le <date>, page" lost its comma)."""

    node: object
    breaks: str = ""
    held: bool = False


def shows_text(element, tag: str | None = None) -> bool:
    """Whether ``element``, a field (the format's XML), shows text, white space aside: any in
    it, or only in its elements ``tag`` where given (a .docx field's result, ``w:t``, not its
    instructions); a field that does is a Mark ``held``."""
    texts = (e.text or "" for e in element.iter(tag)) if tag else element.itertext()
    return any(text.strip() for text in texts)


@dataclass
class Link:
    """A hyperlink (``node``: the format's own) around ``items``."""

    node: object
    items: list = field(default_factory=list)


Item = Run | Mark | Link


def merged(items: Sequence[Item]) -> list[Item]:
    """``items`` with each run of adjacent Runs of one key and kind as one Run."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Link):
            item = Link(item.node, merged(item.items))
        last = out[-1] if out else None
        if isinstance(item, Run) and isinstance(last, Run) and _same(last, item):
            out[-1] = Run(last.key, last.text + item.text, last.template, last.code)
        else:
            out.append(item)
    return out


def _same(a: Run, b: Run) -> bool:
    return a.key == b.key and a.code == b.code


def runs_in(items: Sequence[Item]):
    """The runs among ``items``, those inside links too, in order."""
    for item in items:
        if isinstance(item, Run):
            yield item
        elif isinstance(item, Link):
            yield from runs_in(item.items)


def paired(items: list[Item], range_of: Callable[[Item], tuple[bool, Hashable] | None]):
    """``items`` with each range whose start and end marks are among them, around text (a
    bookmark, a comment's range), as a Link whose node is (start, end) around what is between
    them, so that it stays around the words that translate its words (as two marks, each put
    back on its own, its end came back before its start, around nothing); one that crosses
    another stays as its marks. ``range_of(item)``: (whether it opens the range, the range's
    key) of a mark that opens or closes one, else None."""
    out: list[Item] = []
    starts: dict[Hashable, int] = {}  # a range's key: where its start is in out
    for item in items:
        found = range_of(item)
        if found is not None and found[0]:
            starts[found[1]] = len(out)
        elif found is not None and found[1] in starts:
            k = starts.pop(found[1])
            inner = out[k + 1 :]
            if any(r.text.strip() for r in runs_in(inner)):
                starts = {key: at for key, at in starts.items() if at < k}
                out[k:] = [Link((out[k], item), inner)]
                continue
        out.append(item)
    return out


_TAB = '<x b="t"/>'  # a tab written in a run's text: a column's end (markup/segments.py)


def _tabbed(text: str) -> str:
    """A run's ``text`` in the fragment, each tab in it as :data:`_TAB`."""
    return _TAB.join(html.escape(part, quote=False) for part in text.split("\t"))


def _mark_tag(k: int, marks: list[Mark]) -> str:
    """The element of the marks side by side that are part ``k``: ``b="n"`` where one breaks
    the line, else ``b="t"`` where one is a tab (markup/segments.py reads them so)."""
    kinds = {m.breaks for m in marks}
    breaks = ' b="n"' if "\n" in kinds else ' b="t"' if "\t" in kinds else ""
    return f'<x i="{k}"{breaks}/>'


def _alone(items: Sequence[Item]) -> set[int]:
    """Where among ``items`` a held field stands alone in its column, between a tab or a line
    break and another or an end (a table of contents' entry, ``Titre<TAB><PAGEREF>``): it
    is not held but a mark as a tab is, so the column of words before it is read as a line
    of its own. Held, one token at the end of the line, it took the model's last words and
    the tab with them ("Le bilan de la société" came back "Company", "Introduction
    générale" "General<TAB>introduction")."""
    return {
        k
        for k, item in enumerate(items)
        if isinstance(item, Mark)
        and item.held
        and not _written_beside(items[:k][::-1], -1)
        and not _written_beside(items[k + 1 :], 0)
    }


def _written_beside(side: Sequence[Item], end: int) -> bool:
    """Whether ``side``, the items on one side of a mark, nearest first, hold text before a
    tab or a line break (``end``: which end of a run's text, cut at its tabs, is nearest)."""
    for item in side:
        if isinstance(item, Mark) and (item.breaks or item.held):
            return item.held
        if isinstance(item, Run) and (item.text.split("\t")[end].strip() or "\t" in item.text):
            return bool(item.text.split("\t")[end].strip())
        if isinstance(item, Link):
            return any(r.text.strip() for r in runs_in(item.items))
    return False


def _most_written(runs: Sequence[Run]) -> Hashable | None:
    """The key of the most characters of ``runs`` (None: no runs)."""
    weights: dict = {}
    for run in runs:
        weights[run.key] = weights.get(run.key, 0) + len(run.text)
    return max(weights, key=weights.__getitem__) if weights else None


class Paragraph:
    """A paragraph's ``items`` (merged) as a fragment to translate (``page``), and back."""

    def __init__(self, items: Sequence[Item], where: str = "-"):
        self.items = merged(items)
        self.base = _most_written(
            [r for r in self.items if isinstance(r, Run) and not r.key and not r.code]
            or [r for r in self.items if isinstance(r, Run) and not r.code]
            or [r for r in runs_in(self.items) if not r.code]
        )
        self.parts: list = []  # element k of the fragment: a Run, a Link, or marks (a list)
        self.fragment = self._all_written(self.items)  # one line of HTML, as --markup reads
        self.page = Page(self.fragment, "html", where, fragment=True)

    def texts(self) -> list[str]:
        return self.page.texts()

    def _all_written(self, items: Sequence[Item]) -> str:
        """``items`` in the fragment, marks side by side as one element (they go together)."""
        out: list[str] = []
        marks = False  # whether the last written is marks (a run's text may open with a tab's)
        alone = _alone(items)
        for k, item in enumerate(items):
            held = isinstance(item, Mark) and item.held and k not in alone
            if isinstance(item, Mark) and not held and marks:
                self.parts[-1].append(item)  # type: ignore[union-attr]
                out[-1] = _mark_tag(len(self.parts) - 1, self.parts[-1])  # type: ignore[arg-type]
            else:
                out.append(self._written(item, held))
            marks = isinstance(item, Mark) and not held
        return "".join(out)

    def _written(self, item: Item, held: bool = False) -> str:
        if isinstance(item, Run) and item.key == self.base and not item.code:
            return _tabbed(item.text)
        self.parts.append([item] if isinstance(item, Mark) else item)
        k = len(self.parts) - 1
        if isinstance(item, Mark) and held:  # verbatim: one private-use character
            return f'<code i="{k}"></code>'
        if isinstance(item, Mark):
            return _mark_tag(k, [item])
        if isinstance(item, Link):
            return f'<a i="{k}">' + self._all_written(item.items) + "</a>"
        if item.code:
            return f'<code i="{k}">{html.escape(item.text, quote=False)}</code>'
        return f'<r i="{k}">{_tabbed(item.text)}</r>'

    def translated(self, translations: Sequence[Aligned]) -> list[Item]:
        """The paragraph's items with ``translations`` (of ``texts()``, in order) in place."""
        base = next((r for r in runs_in(self.items) if r.key == self.base and not r.code), None)
        out: list[Item] = []
        levels: list[list[Item]] = [out]  # the items of the paragraph, then of each open link
        styles: list[Run | None] = [base]  # the run whose look text takes, inside each element
        for e in read_events(self.page.render(translations), xml=False, fragment=True):
            if e.kind == "text":
                if e.text and styles[-1] is not None:
                    run = styles[-1]
                    levels[-1].append(Run(run.key, e.text, run.template, run.code))
                continue
            if e.kind == "empty" and e.raw == _TAB:  # a tab in a run's text (pptx's)
                if styles[-1] is not None:
                    run = styles[-1]
                    levels[-1].append(Run(run.key, "\t", run.template, run.code))
                continue
            if e.kind == "end":
                if e.name == "a":
                    levels.pop()
                styles.pop()
                continue
            part = self.parts[int(_INDEX.search(e.raw)[1])]
            if isinstance(part, list):  # marks
                levels[-1].extend(part)
                if e.kind == "start":  # an empty element written <x></x>
                    styles.append(None)
            elif isinstance(part, Link):
                link = Link(part.node)
                levels[-1].append(link)
                levels.append(link.items)
                styles.append(styles[-1])  # its plain text: runs of the paragraph's look
            else:
                styles.append(part)  # type: ignore[arg-type]
        return merged(out)
