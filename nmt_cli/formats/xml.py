"""XML read safely and as a stream, for the memories and exchange files of formats/: a file of
a gigabyte is read in the memory of one unit at a time.

lxml's parser runs with entities left unexpanded, no DTD loaded, no network and libxml2's
limits on (``huge_tree`` off); a document that declares entities of its own (what an
entity-expansion bomb needs) is refused whole, with one error, before any of its text is read;
a reference to an entity the document does not declare (``&nbsp;`` where the DOCTYPE names an
external DTD, as OmegaT's does, so that the parser cannot tell it is undefined) is one error
naming its line, not text.
The encoding is the document's own: UTF-8, or UTF-16 with its byte order mark; gzip and xz are
decompressed as they are read (textio.open_bytes).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from nmt_cli.errors import InputError
from nmt_cli.formats.memory import FormatError
from nmt_cli.textio import COMPRESSION_ERRORS, open_bytes

XML_NS = "{http://www.w3.org/XML/1998/namespace}"
SAFE = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def _lxml(name: str):
    try:
        from lxml import etree
    except ImportError:
        raise InputError(f"{name}: reading XML memories needs lxml: pip install lxml") from None
    return etree


def local(tag) -> str:
    """An element's name without its namespace (``{urn:...}source`` -> ``source``); a comment's
    or processing instruction's is empty."""
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def safe_parser():
    """An lxml parser with the settings above (for a whole document, e.g. one to write back)."""
    return _lxml("XML").XMLParser(**SAFE)


def stream(
    path: str, starts: frozenset[str], ends: frozenset[str], data: bytes | None = None
) -> Iterator[tuple[str, Any]]:
    """("start" or "end", element) for each element of ``path`` (of ``data``, its bytes, where
    they are read already: ``path`` then only names it) whose local name is in
    ``starts`` (when its start tag is read: its attributes only) or ``ends`` (when its end tag
    is: whole). Once the caller asks for the next, an ended element is cleared and dropped, so
    memory holds one of them at a time. A file that is not well formed, is truncated, declares
    entities or refers to one in an element given is one FormatError naming it and the line."""
    etree = _lxml(path)
    checked = False
    with open_bytes(path, pipes=True) if data is None else io.BytesIO(data) as raw:
        events = etree.iterparse(raw, events=("start", "end"), **SAFE)
        try:
            for event, element in events:
                if not checked:
                    _refuse_entities(path, element)
                    checked = True
                name = local(element.tag)
                if event == "start":
                    if name in starts:
                        yield event, element
                    continue
                if name in ends:
                    _refuse_references(path, element, etree)
                    yield event, element
                    element.clear(keep_tail=False)
                    parent = element.getparent()
                    while parent is not None and element.getprevious() is not None:
                        del parent[0]
        except etree.XMLSyntaxError as e:
            line, message = syntax_error(e)
            raise FormatError(path, line, f"not well-formed XML: {message}") from None
        except COMPRESSION_ERRORS as e:
            raise FormatError(path, "end", f"corrupt or truncated compressed data ({e})") from None


def syntax_error(e) -> tuple[int, str]:
    """The line and message of lxml's XMLSyntaxError ``e``; where it names none (an undefined
    entity, ``&nbsp;``, ended the parse with "no element found" on line 0), the parser's last
    error's (lxml's log of the thread: the latest is this parse's)."""
    last = getattr(getattr(e, "error_log", None), "last_error", None)
    if not e.lineno and last is not None and last.line > 0:
        return last.line, last.message
    return e.lineno or (e.position[0] if e.position else 0) or 1, e.msg  # an empty file: 1


def _refuse_entities(path: str, root) -> None:
    """The document's own entity declarations, refused (nothing of them is expanded)."""
    dtd = root.getroottree().docinfo.internalDTD
    declared = [e.name for e in dtd.iterentities()] if dtd is not None else []
    if declared:
        raise FormatError(
            path,
            root.sourceline or 1,
            f"the document declares entities ({', '.join(declared[:3])}); "
            "entities are not expanded: refused",
        )


def _refuse_references(path: str, element, etree) -> None:
    """An entity reference left in ``element`` (never expanded: its text is unknown), refused."""
    for ref in element.iter(etree.Entity):
        raise FormatError(
            path,
            ref.sourceline or element.sourceline or 1,
            f"entity {ref.text} is not defined in the document; entities are not expanded",
        )


def attribute(element, name: str) -> str | None:
    """``name``'s value on ``element``; ``lang`` is ``xml:lang``."""
    if name == "lang":
        return element.get(XML_NS + "lang") or element.get("lang")
    return element.get(name)


def unique_id(path: str, element, seen: dict[str, int]) -> Any:
    """``element``, its id recorded in ``seen`` (ids and their lines); FormatError where
    ``seen`` holds it already: XLIFF's units are unique in their ``<file>`` (1.2: "unique
    within the enclosing <file>"; 2.0 too), and a tool that finds a unit by its id finds one
    of the two (before, both were translated, silently)."""
    uid, line = element.get("id"), element.sourceline or 1
    if uid is not None and uid in seen:
        shown = f'{local(element.tag)} id "{uid[:40]}" appears twice'
        raise FormatError(path, line, f"{shown} in its <file> (first at line {seen[uid]})")
    if uid is not None:
        seen[uid] = line
    return element
