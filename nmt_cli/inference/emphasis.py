"""Markdown emphasis on a plain line: taken out before translation, put back after around the
target words aligned to the words it enclosed, as quotation marks are (quotes.py).

The tokenizer reads a mark glued to a word as a piece of its own and the word in pieces of
letters: fr-en wrote ``Le texte en **gras** et en *italique*.`` as "On **gras* and the**...",
the marks unbalanced and the words untranslated. Read: pairs of ``**``, ``__``, ``*`` and
``_`` glued to the words they enclose (a letter or a digit inside), the opening one at the
line's start or after a space or an opening bracket or mark, the closing one before a space,
punctuation or the line's end, outside protected spans; not ``2 * 3 * 4`` (spaces inside), nor
``*.txt`` (a glob's star, a span's own), nor ``snake_case`` (inside a word). A line where a
mark is left that is glued to a word (``**a *b* c**``: nested, ``*un`` alone) is translated as
it is. Written as the source writes them, each pair around the words it enclosed, and before
the punctuation they end with where the source's enclosed none (``le mot *clé* aussi``: fr-en
wrote "the *keyword,* too").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nmt_cli.inference.quotes import Pair, Quoted
from nmt_cli.markup.placement import Enclosure

# a pair of marks around words glued to them, one word character inside at least
_PAIR = re.compile(
    r"(?:^|(?<=[\s(\[«“\"'‘]))(\*\*|__|\*|_)(?=[^\s*_])([^*_\n]*?\w[^*_\n]*?)"
    r"(?<=[^\s*_])\1(?=$|[\s.,;:!?…)\]»”\"'’])"
)
_GLUED = re.compile(r"[*_](?=\w)|(?<=\w)[*_]")  # a mark left glued to a word
_CLOSED_BEFORE = ".,;:…)]?!"  # punctuation set right after a closing mark
MARKS = frozenset("*_")


def unemphasized(line: str, spans: Sequence[tuple[int, int]] = ()) -> Quoted | None:
    """``line`` without its emphasis marks (outside ``spans``, its protected spans), as a
    Quoted line (quotes.py: its pairs' marks the source's); None where it has none, or one is
    left glued to a word outside the spans."""
    pairs = _pairs(line, spans)
    if not pairs or unpaired(line, spans):
        return None
    kept, pos = [], 0
    for m in pairs:
        kept.append(line[pos : m.start()] + m[2])
        pos = m.end()
    text = "".join(kept) + line[pos:]
    return Quoted(text, tuple(range(len(text.split()))), *_enclosed(line, pairs))


def unpaired(line: str, spans: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether ``line`` has an emphasis mark glued to a word outside ``spans`` and its pairs."""
    outside = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(line))
    return _GLUED.search(_PAIR.sub(lambda m: " " * (m.end() - m.start()), outside)) is not None


def _pairs(line: str, spans: Sequence[tuple[int, int]]) -> list[re.Match]:
    """The pairs of marks of ``line`` outside ``spans``."""
    return [
        m for m in _PAIR.finditer(line) if not any(a < m.end() and m.start() < b for a, b in spans)
    ]


def _enclosed(line: str, pairs: list[re.Match]) -> tuple[tuple[Enclosure, ...], dict]:
    """The enclosure of each pair (the words of the line it encloses; the line's words are the
    text's, the marks glued to them) and its Pair by id()."""
    starts = [m.start() for m in re.finditer(r"\S+", line)]
    enclosures, marks = [], {}
    for m in pairs:
        first = sum(1 for s in starts if s <= m.start()) - 1
        end = sum(1 for s in starts if s < m.end())
        e = Enclosure(first, end)
        after = line[m.end() : m.end() + 1]
        before = line[m.start() - 1] if m.start() else ""
        bare = m[2][-1] not in _CLOSED_BEFORE  # *clé* aussi: "*key*,", not "*key,*"
        marks[id(e)] = Pair(
            m[1], after if after in _CLOSED_BEFORE else "", before if before in "([" else "", bare
        )
        enclosures.append(e)
    return tuple(enclosures), marks
