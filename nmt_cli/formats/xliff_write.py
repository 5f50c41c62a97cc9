"""XLIFF 1.2 and 2.0 written back: the document with new targets (and their states) for the
units named (xliff.py reads them). A UTF-8 document is spliced (xliff_splice.py), so every other
byte comes back as it was; one in another encoding Python knows as its UTF-8 text, written back
in that encoding; one in an encoding Python does not know is written again by lxml.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from nmt_cli.formats import sdl_status
from nmt_cli.formats.memory import FormatError
from nmt_cli.formats.xliff import MEMORY_STATES, NAMESPACES, STATES, version_of
from nmt_cli.formats.xliff_splice import splice_recoded, splice_targets
from nmt_cli.formats.xliff_tools import MEMOQ, PHRASE
from nmt_cli.formats.xml import local, safe_parser, syntax_error
from nmt_cli.textio import open_bytes


def write_targets(
    path: str,
    targets: Mapping[str | int, str],
    target_language: str | None = None,
    data: bytes | None = None,
    remembered: Collection[object] = (),
    written: Collection[tuple[int, str]] = (),
) -> bytes:
    """The document in ``path`` (or ``data``, its bytes: ``path`` then names it) with the
    target of each unit whose id, or position in read_units' order (from 0: in a document of
    several <file>s an id may repeat), ``targets`` holds set to its value (content as written:
    inline codes as tags, the source's namespace), marked as a machine's (1.2
    ``state="needs-review-translation" state-qualifier="mt-suggestion"``, 2.0
    ``state="translated"`` and ``subState`` MT_SUBSTATE; a target whose id or position
    ``remembered`` holds, a translation memory's: MEMORY_STATES; a Trados segment's, where it
    holds (position, the segment's ``mid``): sdl_status.py, each of ``written`` too, its text
    new or not); the file's target language
    set to ``target_language`` where it names none. A UTF-8 document is spliced
    (xliff_splice.py: every other byte as it was), one in another encoding Python knows
    (UTF-16 with a byte order mark, ISO-8859-1) as its UTF-8 text, written back in that
    encoding; another is written by lxml. FormatError where it or a target is not XML."""
    from lxml import etree

    if data is None:
        with open_bytes(path, pipes=True) as f:  # a pipe: the command let it through
            data = f.read()
    try:
        tree = etree.fromstring(data, safe_parser()).getroottree()
    except etree.XMLSyntaxError as e:
        line, message = syntax_error(e)
        raise FormatError(path, line, f"not well-formed XML: {message}") from None
    root = tree.getroot()
    version = version_of(path, root)
    ns = NAMESPACES[version]
    for uid, text in targets.items():  # each target checked before anything is written
        _target_element(path, uid, text, ns)
    language = None
    if target_language:
        language = ("trgLang" if version == "2.0" else "target-language", target_language)
    states, tool = _states_of(version, remembered), _tool_states(root, remembered)

    def spliced(raw: bytes, encoding: str | None = None) -> bytes:
        return splice_targets(raw, path, version, targets, states, language, encoding, tool)

    declared = tree.docinfo.encoding or "UTF-8"
    if declared.upper().replace("-", "") in ("UTF8", "USASCII", "ASCII"):
        # a Trados file: its segments marked a draft, a machine's or a memory's
        return sdl_status.marked(data, spliced(data), remembered, written)
    if (out := splice_recoded(data, declared, spliced)) is not None:
        return out
    return _rewritten(path, tree, data, targets, target_language, remembered)


def _states_of(version: str, remembered: Collection[object]):
    """The states of a target by its position and id (see write_targets)."""
    remembered = frozenset(remembered)

    def states(position: int, uid: str) -> Mapping[str, str]:
        from_memory = position in remembered or uid in remembered
        return (MEMORY_STATES if from_memory else STATES)[version]

    return states


# a CAT tool's own status of a unit whose target a model wrote, or a translation memory gave
# (an exact match, to confirm), on its <trans-unit>, by the tool's namespace
TOOL_STATES: dict[str, dict[str, dict[str, str | None]]] = {
    MEMOQ: {  # as memoQ's own machine translation and pre-translation; no match's rate now
        "machine": {"status": "MachineTranslated", "percent": "0"},
        "memory": {"status": "Pretranslated", "percent": "100"},
    },
    PHRASE: {  # not confirmed, whatever step had confirmed the target it had; the match's
        # score that of the words written (before, a fuzzy match's stayed on a machine's words)
        "machine": {"score": "0.0", "gross-score": "0.0", "confirmed": "0", "trans-origin": "mt"},
        "memory": {"score": "1.0", "gross-score": "1.0", "confirmed": "0", "trans-origin": "tm"},
    },
}


def _tool_states(root, remembered: Collection[object]):
    """For a file of a CAT tool of TOOL_STATES (its namespace declared on its root), its status
    of a unit by its position and id, prefixed as the file does (before, a unit memoQ had as
    "not started" stayed so, its new target shown as nobody's); None for another file."""
    found = next(((p, u) for p, u in root.nsmap.items() if p and u in TOOL_STATES), None)
    if found is None:
        return None
    (prefix, uri), remembered = found, frozenset(remembered)

    def states(position: int, uid: str) -> Mapping[str, str | None]:
        kind = "memory" if position in remembered or uid in remembered else "machine"
        return {f"{prefix}:{name}": value for name, value in TOOL_STATES[uri][kind].items()}

    return states


_PREFIX = re.compile(r"</?([A-Za-z_][\w.-]*):[A-Za-z_]")


def _target_element(path: str, uid: str, text: str, ns: str):
    """``text`` as the content of a target element of namespace ``ns`` (lxml)."""
    from lxml import etree

    # a prefixed document's inline codes (<x:g>): each prefix declared, as the file's root does
    prefixes = "".join(f' xmlns:{p}="{ns}"' for p in sorted(set(_PREFIX.findall(text))))
    try:
        return etree.fromstring(f'<target xmlns="{ns}"{prefixes}>{text}</target>', safe_parser())
    except etree.XMLSyntaxError as e:
        raise FormatError(path, f"unit {uid}", f"a target that is not XML: {e.msg}") from None


def _rewritten(path: str, tree, data: bytes, targets, target_language, remembered=()):
    """write_targets through lxml (a document not in UTF-8)."""
    root = tree.getroot()
    version = version_of(path, root)
    states_of, ns = _states_of(version, remembered), NAMESPACES[version]
    tool = _tool_states(root, remembered) if version == "1.2" else None
    if target_language and version == "2.0" and not root.get("trgLang"):
        root.set("trgLang", target_language)
    position = 0  # of the holder, in read_units' order
    for element in root.iter(f"{{{ns}}}trans-unit", f"{{{ns}}}unit", f"{{{ns}}}file"):
        name = local(element.tag)
        if name == "file":
            if target_language and version == "1.2" and not element.get("target-language"):
                element.set("target-language", target_language)
            continue
        holders = [element] if name == "trans-unit" else element.findall(f"{{{ns}}}segment")
        uid = element.get("id") or ""
        for k, holder in enumerate(holders, 1):
            sid = uid if len(holders) == 1 else f"{uid}/{holder.get('id') or k}"
            text = targets.get(position, targets.get(sid))
            if text is not None:
                _fill(path, holder, text, ns, version, states_of(position, sid))
                for attribute, value in tool(position, sid).items() if tool else ():
                    name = f"{{{root.nsmap[attribute.split(':')[0]]}}}{attribute.split(':')[1]}"
                    holder.attrib.pop(name, None) if value is None else holder.set(name, value)
            position += 1
    return _serialized(tree, data)


def _fill(path: str, holder, text: str, ns: str, version: str, states: Mapping[str, str]) -> None:
    """``holder``'s (a trans-unit's or segment's) target made ``text``, after its source."""
    from lxml import etree

    new = _target_element(path, holder.get("id") or "", text, ns)
    target = holder.find(f"{{{ns}}}target")
    if target is None:
        source = holder.find(f"{{{ns}}}seg-source")  # the target follows it (1.2 schema)
        source = holder.find(f"{{{ns}}}source") if source is None else source
        target = etree.Element(f"{{{ns}}}target")
        target.tail = source.tail
        source.addnext(target)
    tail = target.tail
    for child in list(target):
        target.remove(child)
    target.text = new.text
    target.extend(list(new))
    target.tail = tail
    for attribute, value in states.items():
        (target if version == "1.2" else holder).set(attribute, value)


def _serialized(tree, original: bytes) -> bytes:
    """``tree`` written in ``original``'s encoding; a UTF-8 document keeps its own byte order
    mark, XML declaration and the white space after it, as written."""
    from lxml import etree

    encoding = tree.docinfo.encoding or "UTF-8"
    if encoding.upper().replace("-", "") not in ("UTF8", "USASCII", "ASCII"):
        return etree.tostring(tree, encoding=encoding, xml_declaration=True)  # UTF-16
    bom = b"\xef\xbb\xbf" if original.startswith(b"\xef\xbb\xbf") else b""
    text = original[len(bom) :]
    head = b""
    if text.startswith(b"<?xml"):
        end = text.index(b"?>") + 2
        head = text[: end + len(text[end:]) - len(text[end:].lstrip())]
    body = etree.tostring(tree, encoding="UTF-8")
    return bom + head + body + (b"\n" if original.endswith(b"\n") else b"")
