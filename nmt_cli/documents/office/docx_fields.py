"""A Word paragraph's complex fields (docx.py): the runs from one with a ``w:fldChar`` begin to
the one with its end, read as one item of the paragraph, or as what it shows where that is
text to translate.

- A field is one Mark: its instructions are not translated, its result stays as it is; one
  that shows a result (a page number, a date) is held, one token where it stands.
- A link written as a field (``HYPERLINK``, as older Word and many generators write links),
  whose result is the text the reader sees, is a range around the items of its result (a
  simple field's, ``w:fldSimple``, a Link around them: docx.py).
- A field that goes on into the next paragraphs (a table of contents: its begin and
  instructions in its first entry's paragraph, its end after its last's) is a Mark to its
  separate, the rest of the paragraph, its result's first paragraph, read as the paragraph's
  own, as its next paragraphs are (read whole, the first entry stayed French in an English
  table of contents).
- A link field's ScreenTip, written in its instructions (``HYPERLINK "url" \\o "Voir le
  site"``), is translated as a ``w:hyperlink``'s ``w:tooltip`` is (FieldTip), its quotation
  marks escaped as Word writes them (``\\"``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nmt_cli.documents.office.docx_styles import w
from nmt_cli.documents.office.runs import Item, Link, Mark, shows_text

# the items of a run (or of a paragraph's content, a list of its children)
Read = Callable[[object], list[Item]]


def complex_field(runs: list, items: Read) -> Item:
    """A complex field's ``runs`` (begin to end): one mark, as written; but a link's, a range
    (runs.paired's shape) around the items of its result (``items`` of its runs, a field
    nested in it, a page number, read as the paragraph's are), its instructions and its end
    the marks around them."""
    chars = [[c.get(w("fldCharType")) for c in r.iter(w("fldChar"))] for r in runs]
    instruction = "".join(t.text or "" for r in runs for t in r.iter(w("instrText")))
    at, end = _separate_and_end(chars)
    if at is None or end != len(runs) - 1 or not is_link(instruction):
        return Mark(("whole", runs), held=any(shows(r, w("r")) for r in runs))
    if chars[at][-1:] != ["separate"] or chars[end] != ["end"]:
        return Mark(("whole", runs))
    if any(r.find(w("t")) is not None for r in (runs[at], runs[end])):
        return Mark(("whole", runs))
    result = items(runs[at + 1 : end])
    return Link((Mark(("whole", runs[: at + 1])), Mark(("whole", runs[end:]))), result)


def _separate_and_end(chars: list[list[str]]) -> tuple[int | None, int | None]:
    """Where (the index of its run) a field whose runs hold the field marks ``chars`` has its
    own separate and its end, not those of a field nested in it; None where it has none."""
    depth, at = 0, None
    for k, kinds in enumerate(chars):
        for kind in kinds:
            depth += {"begin": 1, "end": -1}.get(kind, 0)
            if kind == "separate" and depth == 1 and at is None:
                at = k
            if depth == 0 and kind == "end":
                return at, k
    return at, None


def is_link(instruction: str) -> bool:
    """Whether a field's ``instruction`` (a complex field's, or a simple field's ``w:instr``)
    makes it a link."""
    return _HYPERLINK.match(instruction) is not None


_HYPERLINK = re.compile(r"\s*HYPERLINK\b", re.IGNORECASE)


def unfinished_field(runs: list, items: Read) -> list[Item]:
    """The items of a complex field's ``runs`` from its begin to the paragraph's end, where
    the field goes on into the next paragraphs: its runs to its separate one mark, the rest
    read as the paragraph's (``items`` of them); without a separate, one mark."""
    depth = 0
    for k, r in enumerate(runs):
        for c in r.iter(w("fldChar")):
            kind = c.get(w("fldCharType"))
            depth += {"begin": 1, "end": -1}.get(kind, 0)
            if kind == "separate" and depth == 1:
                return [Mark(("whole", runs[: k + 1])), *items(runs[k + 1 :])]
    return [Mark(("whole", runs))]


def shows(element, tag: str) -> bool:
    """Whether ``element``, of ``tag`` (a field's run, a simple field), shows text (a field's
    result: an index entry's field, XE, shows none, and stays out of the text)."""
    return element.tag == tag and shows_text(element, w("t"))


# a link field's ScreenTip: \o and its quoted text (a quotation mark in it written \")
_TIP = re.compile(r'(\\o\s+")((?:[^"\\]|\\.)*)"')


class FieldTip:
    """The ScreenTip of a link field, written in its instruction: the text of a complex
    field's ``w:instrText`` ``elements`` (Word splits one over several runs: \\o in one, the
    tip's words in the next), or a simple field's ``w:instr`` (``attribute``), read and
    written as an attribute is (document.Part's alt texts)."""

    def __init__(self, elements: list, attribute: str | None = None):
        self.elements, self.attribute = elements, attribute

    def instruction(self) -> str:
        if self.attribute is None:
            return "".join(e.text or "" for e in self.elements)
        return self.elements[0].get(self.attribute, "")

    def get(self, name: str, default: str = "") -> str:
        found = _TIP.search(self.instruction())
        return re.sub(r"\\(.)", r"\1", found[2]) if found else default

    def set(self, name: str, value: str) -> None:
        text = self.instruction()
        if (found := _TIP.search(text)) is None:
            return
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        if self.attribute is not None:
            text = text[: found.start(2)] + escaped + text[found.end(2) :]
            self.elements[0].set(self.attribute, text)
            return
        start, end, at = found.start(2), found.end(2), 0
        for e in self.elements:  # the tip in the run where it began, out of the others
            own = e.text or ""
            a, b = (min(max(k - at, 0), len(own)) for k in (start, end))
            said = own[:a] + (escaped if at <= start <= at + len(own) else "") + own[b:]
            escaped = escaped if said == own[:a] + own[b:] else ""
            if said != own:
                e.text = said
            at += len(own)


def field_tips(root) -> list[FieldTip]:
    """The ScreenTips of the link fields of ``root`` (their instructions, whole or in runs)."""
    tips = [FieldTip(elements) for elements in _instructions(root)]
    tips += [FieldTip([e], w("instr")) for e in root.iter(w("fldSimple"))]
    return [
        tip
        for tip in tips
        if is_link(tip.instruction()) and any(c.isalpha() for c in tip.get("tip"))
    ]


def _instructions(root) -> list[list]:
    """The ``w:instrText`` elements of each complex field of ``root``, in document order (a
    field nested in another's instructions has its own)."""
    fields: list[list] = []
    open_: list[list] = []
    for e in root.iter(w("fldChar"), w("instrText")):
        if e.tag == w("instrText"):
            if open_:
                open_[-1].append(e)
            else:  # no begin seen (a field begun in a part not read): its own
                fields.append([e])
        elif e.get(w("fldCharType")) == "begin":
            open_.append([])
            fields.append(open_[-1])
        elif e.get(w("fldCharType")) == "end" and open_:
            open_.pop()
    return [f for f in fields if f]
