"""Whether what looks like a tag is one, or words in angle brackets.

Interface strings put words in angle brackets for a choice that is none of the others:
``<aucun>``, ``<Tous les fichiers>``, ``<vide>`` are ``<none>``, ``<All Files>``, ``<empty>``.
They look like tags, but their words are to be translated. A match of the tag pattern is a TAG
when it closes one (``</b>``) or closes itself (``<br/>``), has an attribute with a value
(``<font size=1>``), is named as an HTML element (``<b>``, ``<br>``, ``<input disabled>``), or
its line closes it too (``<Doc>...</Doc>``). A line that is words in angle brackets and no tag
(:func:`in_brackets`) is translated inside its brackets (nmt_cli/inference/translator.py); a tag
inside a line stays a protected span (spans.py); the elements a line's tags open and close
(:func:`tag_pairs`) are kept around the words they enclosed (protect/placement.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Every HTML element's name (the HTML Living Standard's, and a few obsolete ones pages still
# use: big, center, font, strike, tt); the page reader's lists (markup/elements.py) are subsets.
HTML_ELEMENTS = frozenset(
    "a abbr address area article aside audio b base bdi bdo big blockquote body br button canvas "
    "caption center cite code col colgroup data datalist dd del details dfn dialog div dl dt em "
    "embed fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr "
    "html i iframe img input ins kbd label legend li link main map mark menu meta meter nav "
    "noscript object "
    "ol optgroup option output p param picture pre progress q rp rt ruby s samp script section "
    "select slot small source span strike strong style sub summary sup svg table tbody td "
    "template textarea tfoot th thead time title tr track tt u ul var video wbr".split()
)
VOID = frozenset(  # HTML's void elements: never content, never an end tag
    "area base br col embed hr img input link meta param source track wbr".split()
)
_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*)(\s[^<>]*)?(/?)>")


def is_tag(text: str, line: str) -> bool:
    """Whether ``text``, a match of the markup pattern in ``line``, is a tag (or other markup:
    an entity, an escaped tag); False for words in angle brackets."""
    m = _TAG.fullmatch(text)
    if m is None:
        return True
    closing, name, attributes, closed = m.groups()
    if closing or closed or "=" in (attributes or "") or name.lower() in HTML_ELEMENTS:
        return True
    return f"</{name}>" in line


_BRACKETED = re.compile(r"(\s*<)([^<>]*[^\W\d_][^<>]*)(>\s*)")  # words, a letter at least


def in_brackets(line: str) -> tuple[str, str, str] | None:
    """(opening, words, closing) of a ``line`` that is words in angle brackets and no tag
    (``<Aucun fichier>``); None for any other line."""
    m = _BRACKETED.fullmatch(line)
    if m is None or is_tag(m.group(0).strip(), line):
        return None
    return m.group(1), m.group(2), m.group(3)


def tag_pairs(texts: Sequence[str | None]) -> list[tuple[int, int]]:
    """(opening, closing) of each element that ``texts`` open and close in order, properly
    nested (``<b>``, ``</b>``; None or other text: no tag), by their indices."""
    pairs, open_ = [], []
    for k, text in enumerate(texts):
        m = _TAG.fullmatch(text or "")
        if m is None or m.group(4):  # not a tag, or one that closes itself
            continue
        closing, name = m.group(1), m.group(2).lower()
        if name in VOID:
            continue
        if not closing:
            open_.append((name, k))
        elif open_ and open_[-1][0] == name:
            pairs.append((open_.pop()[1], k))
        else:
            return sorted(pairs)  # badly nested: the pairs before it only
    return sorted(pairs)
