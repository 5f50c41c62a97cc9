"""The inline codes of TMX and XLIFF segments, and the text a model reads of a segment.

An exchange format marks the formatting and placeholders of a segment with inline codes:

    paired      content kept, as an inline element encloses its words: XLIFF 1.2 ``<g>``,
                2.0 ``<pc>``, ``<mrk>`` of both, TMX ``<hi>``
    standalone  no text of their own (what they hold is the original's native code, never
                translated): ``<x/>``, ``<bx/>``, ``<ex/>``, ``<ph>``, ``<bpt>``, ``<ept>``,
                ``<it>``, ``<ut>``, 2.0 ``<sc/>``, ``<ec/>``, ``<sm/>``, ``<em/>``, ``<cp/>``

The text a model reads is the one nmt_cli/markup/ makes of the same segment for
`nmt translate`: the segment's words, each paired code's tags taken out (the translation puts
them back by its word alignment), each standalone code keeping the words on its sides apart,
white space collapsed. Training pairs are read through the same Segment, so that training and
translation see the same text.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from nmt_cli.formats.xml import local
from nmt_cli.markup.segments import Segment
from nmt_cli.markup.tree import Element, Node, Text

PAIRED = frozenset(("g", "pc", "mrk", "hi"))
STANDALONE = frozenset(
    ("x", "bx", "ex", "ph", "bpt", "ept", "it", "ut", "sc", "ec", "sm", "em", "cp", "sub")
)


def nodes_of(element) -> list[Node]:
    """The content of an lxml ``element`` (a ``<seg>``, ``<source>`` or ``<target>``) as the
    markup path's nodes: text, paired codes as inline elements, standalone codes as empty ones;
    an element of no known code is paired (its text is text)."""
    out: list[Node] = []
    if element.text:
        out.append(Text(element.text, escape(element.text)))
    for child in element:
        name = local(child.tag)
        if name and name not in STANDALONE:
            out.append(Element(name, f"<{name}>", f"</{name}>", children=nodes_of(child)))
        elif name:
            out.append(Element(name, f"<{name}/>", empty=True))
        if child.tail:
            out.append(Text(child.tail, escape(child.tail)))
    return out


def model_text(element) -> str:
    """What a model reads of ``element``'s content (see above): one line, ends trimmed."""
    if len(element) == 0:  # text alone (most segments): its white space collapsed, as Segment's
        return " ".join((element.text or "").split())
    return Segment(nodes_of(element), xml=True).text


def inner_xml(element) -> str:
    """``element``'s content as written in the file (its inline codes as tags), without its own
    tags: what a unit holds for writing back."""
    from lxml import etree

    parts = [escape(element.text or "")]
    for child in element:
        parts.append(etree.tostring(child, encoding="unicode", with_tail=True))
    return "".join(parts)
