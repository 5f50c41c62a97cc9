"""A row of links, controls or labels in an HTML segment, each translated on its own: a nav
bar (``<a>Accueil</a> | <a>Aide</a>``), a form's fields, a menu, a breadcrumb trail whose last
item is text (``<a>Accueil</a> | <a>Produits</a> | Chaussures``). Read as one sentence, the
words went by the alignment: a link came out empty, a label moved after its field, a
separator moved ("Accue ” Products").

A row's words are all in its items, two or more: elements with words, and (beside a link or a
control) texts between separators that stand as words (``|``, ``/``, ``›``, ``»``, ``>``,
``·``, ``•``, ``→``, as characters or references: ``&raquo;``; in a row of two links or more a
dash too, not one between two numbers). Between two items stands a
separator, a line break, nothing but spaces between two controls (``<button>``, ``<a>``,
``<label>``), nothing at all where one of them is drawn in a box of its own (a button: read
as one word, ``<button>J'accepte</button><button>Je refuse</button><a>Paramétrer</a>`` came
out "I refuse to <button>accepteJe</button> refuse to be<button></button> <a>killed</a>"),
or two elements of one kind whose texts open with a capital (a menu's
``<span>Fichier</span><span>Édition</span>``); a text item is parted from the others by a
separator, ends in a colon (``Vous êtes ici : <a>Accueil</a> / ...``), or stands on a line of
its own beside an element on another, both opening with a capital, a text before it ending a
sentence (``Bienvenue.`` then ``<a>Découvrir</a>``, then ``Nos magasins...``).
"""

from __future__ import annotations

import html
import re

from nmt_cli.markup.elements import BOXES
from nmt_cli.markup.tree import Element, Node, Text, serialize

WORD = re.compile(r"[^\W_]")  # a letter or a digit
_CONTROLS = {"a", "button", "label", "option", "input", "select", "textarea"}
_MARKS = frozenset("|/›»>·•→")  # what parts a text item from the others
_DASHES = frozenset("-–—")  # and in a row of two links or more (in prose a dash joins clauses)
# a separator standing as a word in a text as written (spaces around it: not "et/ou")
_SPACE = r"(?:\s|&nbsp;|&#160;|&#x[aA]0;)"
_SEPARATOR = re.compile(rf"((?:^|{_SPACE}+)(?:[|/›»>·•→—–-]|&#?\w+;)(?:{_SPACE}+|$))")
_TAG = re.compile(r"<[^>]*>")

# A row as written: its items (an element or a text with words, each translated on its own)
# and what stands between them (nodes, or the separators cut out of a text as written)
Piece = Node | str


def node_text(node: Node) -> str:
    """``node``'s text, its elements' too."""
    if isinstance(node, Element):
        return "".join(node_text(c) for c in node.children)
    return node.text if isinstance(node, Text) else ""


def is_item(piece: Piece) -> bool:
    """Whether ``piece`` of a row is one of its items: an element or a text with words."""
    return isinstance(piece, (Element, Text)) and WORD.search(node_text(piece)) is not None


def row(run: list[Node]) -> list[Piece] | None:
    """``run`` (the inline content between two blocks) cut into its items and what stands
    between them, where it is a row (above); None where it is not."""
    links = [n for n in run if isinstance(n, Element) and n.key == "a" and is_item(n)]
    marks = _MARKS | _DASHES if len(links) > 1 else _MARKS
    pieces: list[Piece] = []
    for node in run:
        worded = isinstance(node, Text) and is_item(node)
        pieces += _labels(node.raw, marks) if worded else [node]  # type: ignore[union-attr]
    items = [k for k, piece in enumerate(pieces) if is_item(piece)]
    elements = [pieces[k] for k in items if isinstance(pieces[k], Element)]
    if len(items) < 2 or not elements:
        return None
    texts = len(elements) < len(items)
    if texts and not any(e.key in _CONTROLS for e in elements):  # type: ignore[union-attr]
        return None
    for a, b in zip(items, items[1:]):
        between = "".join(_written(p) for p in pieces[a + 1 : b])
        if not _parted(pieces[a], pieces[b], between, marks):  # type: ignore[arg-type]
            return None
    return pieces


def _written(piece: Piece) -> str:
    """What ``piece`` between two items says: a text's characters, an element's tags."""
    if isinstance(piece, str):
        return html.unescape(piece)
    return piece.text if isinstance(piece, Text) else serialize(piece)


def _labels(raw: str, marks: frozenset[str]) -> list[Piece]:
    """A text as written cut at the separators of ``marks`` that stand in it (not a dash
    between two numbers: ``10 - 12``): its labels (Text) and what stands between them (the
    separators, the spaces around a label)."""
    parts = _SEPARATOR.split(raw)
    cut = [parts[0]]
    for separator, part in zip(parts[1::2], parts[2::2]):
        mark = html.unescape(separator).strip()
        numbers = mark in _DASHES and cut[-1].rstrip()[-1:].isdigit() and part[:1].isdigit()
        if mark in marks and not numbers:
            cut += [separator, part]
        else:  # a reference that is no separator (&amp;): the label's
            cut[-1] += separator + part
    out: list[Piece] = []
    for k, part in enumerate(cut):
        label = part.strip()
        if k % 2 or not WORD.search(label):
            out.append(part)
            continue
        start = part.find(label)
        out += [part[:start], Text(html.unescape(label), label), part[start + len(label) :]]
    return [p for p in out if p != ""]


def _parted(a: Element | Text, b: Element | Text, between: str, marks: frozenset[str]) -> bool:
    """Whether the items ``a`` and ``b`` (in this order) are two of a row, with ``between``
    (what stands between them: _written) between them."""
    if isinstance(a, Text) or isinstance(b, Text):
        if isinstance(a, Text) and a.text.endswith(":") and not between.strip():
            return True
        if "\n" in between and not between.strip() and _lines_of_their_own(a, b):
            return True
        return any(c in marks for c in _TAG.sub(" ", between))
    controls = a.key in _CONTROLS and b.key in _CONTROLS
    controls = controls and bool(between or a.key in BOXES or b.key in BOXES)
    labels = a.key == b.key and all(node_text(n).strip()[:1].isupper() for n in (a, b))
    return bool("\n" in between or between.strip() or controls or labels)


def _lines_of_their_own(a: Element | Text, b: Element | Text) -> bool:
    """Whether ``a`` and ``b``, a text and an element on two lines, are each a line of its own:
    both open with a capital, and a text before ends a sentence (``Bienvenue sur notre
    site.`` then ``<a>Découvrir</a>``, then ``Nos magasins sont ouverts.``: read as one
    sentence, the link's word and the next line's were one, "Finding our magazines")."""
    first = [node_text(n).strip()[:1] for n in (a, b)]
    if not all(c.isupper() for c in first):
        return False
    return not isinstance(a, Text) or a.text.rstrip()[-1:] in ".!?…"


# a bar or a dot standing alone between spaces: never a word of a sentence
_BAR = re.compile(rf"(?:{_SPACE}+)[|·•](?:{_SPACE}+)")


def bar_parts(run: list[Node]) -> list[list[Node] | str]:
    """``run`` cut at each bar or dot that stands alone in its text (``Publié dans <a>Recettes
    </a> | <a>Laisser un commentaire</a>``) between words, each part after one opening with an
    element or a capital: its parts (nodes) and the bars as written between them; ``[run]``
    where it has none. Read as one sentence, the bar went into
    a link: ``<a>| Leave a comment</a>``."""
    out: list[list[Node] | str] = [[]]
    for node in run:
        if not isinstance(node, Text):
            out[-1].append(node)  # type: ignore[union-attr]
            continue
        cut = _BAR.split(node.raw)
        bars = _BAR.findall(node.raw)
        for k, raw in enumerate(cut):
            if k:
                out += [bars[k - 1], []]
            if raw:
                out[-1].append(Text(html.unescape(raw), raw))  # type: ignore[union-attr]
    parts: list[list[Node]] = out[::2]  # type: ignore[assignment]
    if len(parts) < 2 or not all(any(map(is_item, p)) for p in parts):
        return [run]
    if not all(map(_opens, parts[1:])):  # "Lisez la doc | puis le guide.": one sentence
        return [run]
    return out


def _opens(part: list[Node]) -> bool:
    """Whether ``part`` opens with an element or a capital (not a sentence's next words)."""
    first = next(n for n in part if not isinstance(n, Text) or n.text.strip())
    return isinstance(first, Element) or first.text.strip()[:1].isupper()
