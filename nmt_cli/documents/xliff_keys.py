"""Access keys in an XLIFF source: the one a source marks taken out before the model reads it
and put back on the word aligned to the marked one, and a source whose keys are each in an
inline code of its own (two buttons' labels) read as parts, each code's words translated apart
with their key (documents/xliff.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from nmt_cli.documents.document import PLACEHOLDERS
from nmt_cli.inference.access_keys import Mark, with_keys
from nmt_cli.inference.translation import Translation
from nmt_cli.markup.segments import Segment
from nmt_cli.markup.tree import Element, Node, Text, serialize
from nmt_cli.protect.mnemonics import find_mnemonic

_GUARD = re.compile("|".join(PLACEHOLDERS))  # holds no access key
# An access key's marker while the codes are placed: a noncharacter, neither punctuation nor a
# stand-in, so that a code around the marked word keeps it (``<g>&amp;File</g>``: an ``&`` or
# ``_`` read as the word's leading punctuation was left out, ``&amp;<g>File</g>``)
_KEY = "\ufdd0"


@dataclass(frozen=True)
class Part:
    """Words of a unit translated apart from the rest: the tags around them (a seg-source's
    ``<mrk mtype="seg">``, an inline code holding an access key), their segment and the access
    key taken out of it (None: none)."""

    open: str
    close: str
    segment: Segment
    mark: Mark | None = None


def keyed(part: Part, translation: Translation) -> str:
    """``part``'s segment rendered in ``translation``, its access key given back."""
    if part.mark is None:
        return part.segment.render(translation)
    held = replace(part.mark, marker=_KEY)  # a letter of its word, not its punctuation
    translation = replace(translation, text=with_keys(translation, (held,)))
    written = "&amp;" if part.mark.marker == "&" else part.mark.marker
    return part.segment.render(translation).replace(_KEY, written)


def without_key(
    nodes: Sequence[Node], markers: Sequence[str], held: Callable[[Element], bool], preserve: bool
) -> tuple[Segment, Mark | None]:
    """The segment of ``nodes`` without its access key, and the key (None: it has none, or
    more than one)."""
    segment = Segment(nodes, xml=True, held=held, preserve=preserve)
    protected = [m.span() for m in _GUARD.finditer(segment.text)]
    for marker in markers:
        found = find_mnemonic(segment.text, marker, protected)
        if found.index is None:
            continue
        nth = segment.text[: found.index].count(marker)  # the marker is the nth in the text
        clean = Segment(_without_marker(nodes, marker, nth), xml=True, held=held, preserve=preserve)
        if clean.text != found.text:  # written as a character reference: left as it is
            break
        word = len(found.text[: found.index + 1].split()) - 1
        return clean, Mark(word, found.text[found.index], found.index, marker)
    return segment, None


def keyed_codes(
    nodes: Sequence[Node], markers: Sequence[str], held: Callable[[Element], bool], preserve: bool
) -> tuple[str | Part, ...] | None:
    """A source whose access keys are each in an inline code of its own, with nothing to
    translate between them (``<g>&amp;Enregistrer</g> <g>&amp;Quitter</g>``: two buttons'
    labels, a key each), in parts: each code's words translated apart with their key, the
    rest as written; None for any other source (read as one, the two labels gave "Sav&e
    &Quitter")."""
    parts: list[str | Part] = []
    for node in nodes:
        if isinstance(node, Element) and not node.empty and not held(node):
            segment, mark = without_key(node.children, markers, held, preserve)
            if mark is not None:
                parts.append(Part(node.open, node.close, segment, mark))
                continue
        parts.append(serialize(node))
    rest = Segment([n for n, p in zip(nodes, parts) if isinstance(p, str)], xml=True, held=held)
    if sum(isinstance(p, Part) for p in parts) < 2 or rest.translatable():
        return None
    if any(m in rest.text for m in markers):  # another key, or a marker as a character
        return None
    return tuple(parts)


def key_texts(nodes: Sequence[Node], text: str, held: Callable[[Element], bool]) -> list[str]:
    """The texts of a source (``nodes``, read as ``text``) read for a file's access-key
    markers: ``text``, or where the source holds two inline codes with words or more, each
    code's and the rest's (two buttons' labels, ``&amp;Enregistrer`` and ``&amp;Quitter``: a
    key each)."""
    codes = [n for n in nodes if isinstance(n, Element) and not n.empty and not held(n)]
    texts = [Segment(n.children, xml=True).text for n in codes]
    if sum(any(c.isalnum() for c in t) for t in texts) < 2:
        return [text]
    others = [n for n in nodes if all(n is not c for c in codes)]
    rest = Segment(others, xml=True, held=held).text
    return [*texts, rest] if rest.strip() else texts


def _without_marker(nodes: Sequence[Node], marker: str, nth: int) -> list[Node]:
    """``nodes`` without the ``nth`` (from 0) ``marker`` of their text (as Segment reads it:
    a standalone code's content is none of it)."""
    written = "&amp;" if marker == "&" else marker
    seen = 0
    out: list[Node] = []
    for node in nodes:
        count = _count(node, marker)  # before any is removed
        if isinstance(node, Text) and seen <= nth < seen + count:
            text, raw = node.text.split(marker), node.raw.split(written)
            if len(raw) == len(text):  # else a character reference: nothing removed
                node = Text(_joined(text, marker, nth - seen), _joined(raw, written, nth - seen))
        elif isinstance(node, Element) and seen <= nth < seen + count:
            children = _without_marker(node.children, marker, nth - seen)
            node = Element(node.name, node.open, node.close, children=children)
        seen += count
        out.append(node)
    return out


def _count(node: Node, marker: str) -> int:
    """How many ``marker`` the text of ``node`` holds."""
    if isinstance(node, Text):
        return node.text.count(marker)
    if isinstance(node, Element) and not node.empty:
        return sum(_count(c, marker) for c in node.children)
    return 0


def _joined(parts: list[str], separator: str, k: int) -> str:
    """``parts`` joined by ``separator``, but for the ``k``-th (from 0)."""
    return separator.join(parts[: k + 1]) + separator.join(parts[k + 1 :])
