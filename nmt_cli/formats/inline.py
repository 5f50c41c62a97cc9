"""The inline codes of TMX and XLIFF segments, and the text a model reads of a segment.

An exchange format marks the formatting and placeholders of a segment with inline codes:

    paired      content kept, as an inline element encloses its words: XLIFF 1.2 ``<g>``,
                2.0 ``<pc>``, ``<mrk>`` of both, TMX ``<hi>``
    standalone  no text of their own (what they hold is the original's native code, never
                translated): ``<x/>``, ``<bx/>``, ``<ex/>``, ``<ph>``, ``<bpt>``, ``<ept>``,
                ``<it>``, ``<ut>``, 2.0 ``<sc/>``, ``<ec/>``, ``<sm/>``, ``<em/>``, ``<cp/>``;
                a ``<mrk>`` whose words are not to be translated (1.2 ``mtype="protected"``,
                2.0 ``translate="no"``) too, and a ``<sm translate="no"/>`` ... ``<em/>`` pair
                with the words between
    pairs       a code that begins a span and the one that ends it in the same content
                (``<bpt id="1">`` ... ``<ept id="1">``, ``<bx rid="2"/>`` ... ``<ex rid="2"/>``,
                ``<sc id="3"/>`` ... ``<ec startRef="3"/>``, ``<sm/>`` ... ``<em/>``, TMX's
                ``i``) enclose the words between them, as a paired code does, so the two stay
                in order around the same words; one whose partner is elsewhere stands alone;
                Angular's ``<x id="START_BOLD_TEXT"/>`` ... ``<x id="CLOSE_BOLD_TEXT"/>`` too

The text a model reads is the one nmt_cli/markup/ makes of the same segment for
`nmt translate`: the segment's words, each paired code's tags taken out (the translation puts
them back by its word alignment), each standalone code keeping the words on its sides apart,
white space collapsed. Training pairs are read through the same Segment, so that training and
translation see the same text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.sax.saxutils import escape

from nmt_cli.markup.reading import read_events
from nmt_cli.markup.segments import Segment
from nmt_cli.markup.tree import Element, Node, build_tree, serialize

PAIRED = frozenset(("g", "pc", "mrk", "hi"))
STANDALONE = frozenset(
    ("x", "bx", "ex", "ph", "bpt", "ept", "it", "ut", "sc", "ec", "sm", "em", "cp", "sub")
)
# A code that begins a span: the kind of span, and the attributes that name it (the first found)
BEGINS = {"bpt": ("pt", ("rid", "i", "id")), "bx": ("x", ("rid", "id")), "sc": ("c", ("id",))}
BEGINS["sm"] = ("m", ("id",))
ENDS = {"ept": ("pt", ("rid", "i", "id")), "ex": ("x", ("rid", "id")), "ec": ("c", ("startRef",))}
ENDS["em"] = ("m", ("startRef",))
_ANGULAR = re.compile(r"(START|CLOSE)_(\w+)")
_ATTRIBUTE = re.compile(r"""\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


def _attributes(tag: str) -> dict[str, str]:
    """The attributes of a start tag as written, by local name."""
    end = tag.find(">")
    found = _ATTRIBUTE.finditer(tag[: end if end >= 0 else len(tag)])
    return {_local(m[1]): m[2] if m[2] is not None else m[3] for m in found}


def _untranslated(element: Element) -> bool:
    """Whether a ``<mrk>`` marks words that are not to be translated."""
    attributes = _attributes(element.open)
    return attributes.get("translate") == "no" or attributes.get("mtype") == "protected"


def code_nodes(content: str) -> list[Node]:
    """The content of a ``<seg>``, ``<source>`` or ``<target>`` as written (its inner XML, well
    formed) as the markup path's nodes: text; paired codes and pairs (see above) as inline
    elements around their content; standalone codes as empty elements whose tag is the code as
    written, its native code included."""
    root = build_tree(read_events(content, xml=True, fragment=True), html=False)
    return _paired(_codes(root.children))


def _codes(nodes: Sequence[Node]) -> list[Node]:
    out: list[Node] = []
    for node in nodes:
        if not isinstance(node, Element) or node.empty and _local(node.name) not in STANDALONE:
            out.append(node)
        elif _local(node.name) in STANDALONE or _untranslated(node):
            out.append(Element(node.name, serialize(node), empty=True))
        else:
            out.append(Element(node.name, node.open, node.close, children=_codes(node.children)))
    return out


def _key(node: Node, table: dict) -> tuple[str, str] | None:
    """(kind, name) of a code of ``table`` (BEGINS or ENDS); None: not one. Angular's
    ``<x id="START_BOLD_TEXT"/>`` ... ``<x id="CLOSE_BOLD_TEXT"/>`` are a pair too (one by one,
    the words between them fell out: "The <x START/><x CLOSE/> annual budget")."""
    if isinstance(node, Element) and node.empty and _local(node.name) == "x":
        angular = _ANGULAR.fullmatch(_attributes(node.open).get("id", ""))
        if angular and (angular[1] == "START") == (table is BEGINS):
            return "ng", angular[2]
    if not isinstance(node, Element) or not node.empty or _local(node.name) not in table:
        return None
    kind, names = table[_local(node.name)]
    attributes = _attributes(node.open)
    name = next((attributes[n] for n in names if n in attributes), None)
    return None if name is None else (kind, name)


def _paired(nodes: list[Node]) -> list[Node]:
    """``nodes`` with each pair of codes at this level made one element around what is between
    them, and the same done inside paired elements."""
    out: list[Node] = []
    k = 0
    while k < len(nodes):
        node, key = nodes[k], _key(nodes[k], BEGINS)
        end = None
        if key is not None:
            end = next((j for j in range(k + 1, len(nodes)) if _key(nodes[j], ENDS) == key), None)
        closing = nodes[end] if end is not None else None
        if isinstance(node, Element) and isinstance(closing, Element) and _untranslated(node):
            held = "".join(serialize(n) for n in nodes[k : (end or k) + 1])
            out.append(Element(node.name, held, empty=True))  # <sm translate="no"/>...<em/>
            k = (end or k) + 1
            continue
        if isinstance(node, Element) and isinstance(closing, Element):
            inside = _paired(nodes[k + 1 : end])
            out.append(Element(node.name, node.open, closing.open, children=inside))
            k = (end or k) + 1
            continue
        if isinstance(node, Element) and not node.empty:
            node = Element(node.name, node.open, node.close, children=_paired(node.children))
        out.append(node)
        k += 1
    return out


def model_text(element) -> str:
    """What a model reads of an lxml ``element``'s content (see above): one line, ends
    trimmed; words a reviewer deleted with Trados' change tracking (``<mrk
    mtype="x-sdl-deleted">``) are not its text (before, a reviewed target gave the deleted
    words beside those that replaced them: "un Rézyxvewe partenaire")."""
    if len(element) == 0:  # text alone (most segments): its white space collapsed, as Segment's
        return " ".join((element.text or "").split())
    return Segment(code_nodes(inner_xml(_accepted(element))), xml=True).text


DELETED = frozenset(("x-sdl-deleted", "x-sdl-feedback-deleted"))  # Trados' tracked deletions


def _accepted(element):
    """``element``, or a copy of it without the words its tracked changes delete."""
    if not any(e.get("mtype") in DELETED for e in element.iter()):
        return element
    from copy import deepcopy

    element = deepcopy(element)
    for mark in [e for e in element.iter() if e.get("mtype") in DELETED]:
        parent, before, tail = mark.getparent(), mark.getprevious(), mark.tail or ""
        if parent is None:
            continue
        if before is not None:
            before.tail = (before.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
        parent.remove(mark)
    return element


def inner_xml(element) -> str:
    """``element``'s content as written in the file (its inline codes as tags), without its own
    tags: what a unit holds for writing back. lxml writes on a child every namespace in scope
    (an Okapi file's ``<g>`` came back into its target as ``<g xmlns:okp="..." xmlns:its="..."
    id="1">``): a child keeps only those it uses."""
    from copy import deepcopy

    from lxml import etree

    parts = [escape(element.text or "")]
    for child in element:
        if isinstance(child.tag, str):
            child = deepcopy(child)  # its tail too
            etree.cleanup_namespaces(child)
        parts.append(etree.tostring(child, encoding="unicode", with_tail=True))
    return "".join(parts)
