"""Targets written into a UTF-8 XLIFF document by splicing its bytes, as the Okapi filters
merge translations into a skeleton: every byte outside the targets written and the attributes
set is the document's own (quoting, character references, white space, comments), so the
identity round trip gives the file back byte for byte.

expat finds where things are (the byte offsets of each unit's or segment's start tag, its
``</source>``, its ``<target>``; each ``<file>``'s and the root's start tag), with entity
declarations refused as xml.py refuses them. A new ``<target>`` follows its ``</source>`` on a
line of its own, indented as the source is and ended as its line is (CRLF or LF); an existing
one keeps its start tag (its attributes changed) and gets new content. A UTF-16 document is
spliced as its text in UTF-8 (its declaration as written) and written back in its own byte
order, behind its own byte order mark, and one in a legacy encoding (ISO-8859-1) in it
again, a character it lacks as a character reference (:func:`splice_recoded`); one in an
encoding Python does not know is written by xliff.py through lxml instead.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from xml.parsers import expat

from nmt_cli.formats.memory import FormatError


@dataclass
class Holder:
    """A trans-unit (1.2) or segment (2.0): its id (as xliff.read_units gives it), its start
    tag's byte range, the byte offsets where ``<source`` starts and where a new target goes
    (after ``</source>``, or after a 1.2 ``</seg-source>``: the schema puts the target after
    it, and a target before it made the file invalid), and its target's (start tag range,
    content end, element end), None: it has no target."""

    id: str
    tag: tuple[int, int]
    source: tuple[int, int] = (0, 0)
    target: tuple[tuple[int, int], int, int] | None = None
    prefix: str = ""


@dataclass
class Layout:
    """Where a document's parts are: the root's start tag, each <file>'s, and the holders."""

    root: tuple[int, int] = (0, 0)
    files: list[tuple[int, int]] = field(default_factory=list)
    holders: list[Holder] = field(default_factory=list)
    # each 2.0 unit's <ignorable>s (as holders: their source's and target's places), by the
    # positions among ``holders`` of the unit's segments
    ignorables: list[tuple[range, list[Holder]]] = field(default_factory=list)


def _tag_end(data: bytes, start: int) -> int:
    """The offset after the ``>`` that ends the tag starting at ``start`` (quotes skipped)."""
    quote = None
    for k in range(start + 1, len(data)):
        c = data[k : k + 1]
        if quote:
            quote = None if c == quote else quote
        elif c in (b'"', b"'"):
            quote = c
        elif c == b">":
            return k + 1
    return len(data)


class _Locator:
    """One expat pass over ``data``, filling a Layout (see above)."""

    def __init__(self, data: bytes, name: str, version: str, encoding: str | None = None):
        self.data, self.name, self.version = data, name, version
        self.encoding = encoding  # the document's bytes are in it, whatever it declares
        self.layout = Layout()
        self.stack: list[tuple[str, int]] = []  # (local name, start offset)
        # a 2.0 unit's id, its segments and its ignorables
        self.unit: tuple[str, list[Holder], list[Holder]] | None = None
        self.holder: Holder | None = None
        self.depth = 0  # the holder's depth: its source and target are its children
        self.target_tag: tuple[int, int] | None = None

    def parse(self) -> Layout:
        p = expat.ParserCreate(self.encoding)
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.EntityDeclHandler = self._refuse
        p.StartElementHandler = lambda n, a: self._start(n, a, p.CurrentByteIndex)
        p.EndElementHandler = lambda n: self._end(n, p.CurrentByteIndex)
        try:
            p.Parse(self.data, True)
        except expat.ExpatError as e:
            raise FormatError(
                self.name, e.lineno, f"not well-formed XML: {expat.errors.messages[e.code]}"
            ) from None
        return self.layout

    def _refuse(self, name, *_) -> None:
        raise FormatError(self.name, 1, f"the document declares entities ({name}): refused")

    def _start(self, qname: str, attrs: dict, at: int) -> None:
        name = qname.rsplit(":", 1)[-1]
        tag = (at, _tag_end(self.data, at))
        self.stack.append((name, at))
        if len(self.stack) == 1:
            self.layout.root = tag
        elif name == "file":
            self.layout.files.append(tag)
        elif (
            name == "trans-unit"
            and self.version == "1.2"
            or (name in ("segment", "ignorable") and self.unit is not None)
        ):
            self.holder, self.depth = Holder(attrs.get("id", ""), tag), len(self.stack)
        elif name == "unit" and self.version == "2.0":
            self.unit = (attrs.get("id", ""), [], [])
        elif self.holder is None or len(self.stack) != self.depth + 1:
            return  # not a holder's own source or target (1.2 <alt-trans> has them too)
        elif name == "source":
            self.holder.source = (at, 0)
            self.holder.prefix = qname[: len(qname) - len(name)]
        elif name == "target":
            self.target_tag = tag

    def _end(self, qname: str, at: int) -> None:
        name, start = self.stack.pop()
        holder = self.holder
        own = len(self.stack) == self.depth
        if holder is not None and own and name == "source" and holder.source[1] == 0:
            holder.source = (holder.source[0], self._element_end(start, at))
        elif holder is not None and own and name == "seg-source":
            holder.source = (holder.source[0], self._element_end(start, at))
        elif holder is not None and own and name == "target" and self.target_tag is not None:
            end = self._element_end(start, at)
            empty = end == self.target_tag[1]  # <target/>
            holder.target = (self.target_tag, self.target_tag[1] if empty else at, end)
        elif name == "trans-unit" and holder is not None:
            self.layout.holders.append(holder)
            self.holder = None
        elif name in ("segment", "ignorable") and holder is not None and self.unit is not None:
            self.unit[1 if name == "segment" else 2].append(holder)
            self.holder = None
        elif name == "unit" and self.unit is not None:
            uid, segments, ignorables = self.unit
            for k, segment in enumerate(segments, 1):
                sid = segment.id or str(k)
                segment.id = uid if len(segments) == 1 else f"{uid}/{sid}"
            first = len(self.layout.holders)
            self.layout.holders += segments
            if ignorables:
                self.layout.ignorables.append((range(first, first + len(segments)), ignorables))
            self.unit = None

    def _element_end(self, start: int, at: int) -> int:
        """The offset after an element whose start tag begins at ``start`` and whose end event
        came at ``at`` (an empty element's: after its tag; else the start of its end tag)."""
        if at == _tag_end(self.data, start) and self.data[at - 2 : at] == b"/>":
            return at
        return _tag_end(self.data, at)


def with_attributes(tag: bytes, values: Mapping[str, str | None]) -> bytes:
    """A start tag as written with each of ``values`` set: replaced where the tag has it
    (its quote kept), else added after its last attribute; one whose value is None taken out
    (a match's rate that no longer holds)."""
    for name, value in values.items():
        found = re.search(
            rb"(\s" + re.escape(name.encode()) + rb"\s*=\s*)([\"'])(.*?)\2", tag, re.S
        )
        if value is None:
            tag = tag[: found.start()] + tag[found.end() :] if found else tag
            continue
        escaped = value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").encode()
        if found:
            tag = tag[: found.start(3)] + escaped + tag[found.end(3) :]
        else:
            end = len(tag[: len(tag) - (2 if tag.endswith(b"/>") else 1)].rstrip())
            tag = tag[:end] + b" " + name.encode() + b'="' + escaped + b'"' + tag[end:]
    return tag


def splice_targets(
    data: bytes,
    name: str,
    version: str,
    targets: Mapping[str | int, str],
    states: Callable[[int, str], Mapping[str, str]],
    file_language: tuple[str, str] | None,
    encoding: str | None = None,
    unit_states: Callable[[int, str], Mapping[str, str | None]] | None = None,
) -> bytes:
    """``data`` (in ``encoding``, if given, whatever it declares) with the target of each
    holder whose id (or position among the holders, from 0) ``targets`` holds set to its text
    (inline codes as tags), ``states(position, id)`` set on the target (1.2) or the segment
    (2.0), ``unit_states(position, id)`` on a 1.2 trans-unit (a tool's own status of it:
    memoQ's), and ``file_language`` (attribute, value) set on the root (2.0) or each <file>
    (1.2) that lacks it."""
    layout = _Locator(data, name, version, encoding).parse()
    edits: list[tuple[int, int, bytes]] = []  # (start, end, new bytes), none overlapping
    attribute, value = file_language or ("", "")
    tags = [layout.root] if version == "2.0" else layout.files
    for start, end in tags if file_language else []:
        if not re.search(rb"\s" + attribute.encode() + rb"\s*=", data[start:end]):
            edits.append((start, end, with_attributes(data[start:end], {attribute: value})))
    for k, holder in enumerate(layout.holders):
        found = targets.get(k, targets.get(holder.id))
        if found is None:
            continue
        text, marks = found.encode("utf-8"), states(k, holder.id)
        own = marks if version == "2.0" else unit_states(k, holder.id) if unit_states else {}
        if own:
            edits.append((*holder.tag, with_attributes(data[slice(*holder.tag)], own)))
        edits.append(_target_edit(data, holder, text, marks if version == "1.2" else {}))
    for segments, ignorables in layout.ignorables:
        if any(k in targets or layout.holders[k].id in targets for k in segments):
            edits += [
                _target_edit(data, i, _content(data, i), {}) for i in ignorables if not i.target
            ]
    out, pos = [], 0
    for start, end, new in sorted(edits):
        out += [data[pos:start], new]
        pos = end
    return b"".join(out) + data[pos:]


def _content(data: bytes, holder: Holder) -> bytes:
    """The content of ``holder``'s source as written: what a 2.0 ``<ignorable>`` of a unit
    whose segments get targets gets as its own (XLIFF 2.0: where some segment or ignorable
    of a unit has a target, the others' sources stand for theirs; a tool that reads the
    targets alone lost the white space between the segments)."""
    start = _tag_end(data, holder.source[0])
    if data[start - 2 : start] == b"/>":
        return b""
    return data[start : data.rfind(b"</", start, holder.source[1])]


_SPACE = re.compile(rb"""\sxml:space\s*=\s*["'](\w+)["']""")


def _target_edit(data: bytes, holder: Holder, text: bytes, states: Mapping[str, str]):
    """The edit that gives ``holder`` a target of ``text``, its line breaks written as its
    source's are (a parser reads a CRLF as LF, and ``&#13;&#10;`` as CRLF: a preserved
    source's CRLF came back LF), and the ``xml:space`` its source's own tag says (a target
    does not inherit it from its sibling: the preserved runs of spaces were read as one)."""
    if space := _SPACE.search(data[holder.source[0] : _tag_end(data, holder.source[0])]):
        states = {**states, "xml:space": space[1].decode()}
    p = holder.prefix.encode()
    written = _line_break(data, holder)
    text = text if written is None else _BREAK.sub(written, text)
    if holder.target is not None:
        (start, tag_end), content_end, end = holder.target
        tag = with_attributes(data[start:tag_end], states)
        if tag.endswith(b"/>"):  # <target/> becomes <target>text</target>
            return (start, end, tag[:-2].rstrip() + b">" + text + b"</" + p + b"target>")
        return (start, content_end, tag + text)
    line_start = data.rfind(b"\n", 0, holder.source[0]) + 1
    indent = data[line_start : holder.source[0]]
    own_line = not indent.strip()  # the source starts its line: the target starts one too
    tag = with_attributes(b"<" + p + b"target>", states)
    # the line end the source's line has: a bare LF in a CRLF file mixed the two
    eol = b"\r\n" if data[line_start - 2 : line_start] == b"\r\n" else b"\n"
    new = (eol + indent if own_line else b"") + tag + text + b"</" + p + b"target>"
    return (holder.source[1], holder.source[1], new)


# a line break as an XLIFF file may write it: LF or CRLF, each as it is or as a character
# reference (a CR must be one: a parser reads a CRLF written as it is as LF)
_BREAK = re.compile(rb"(?:\r|&#(?:13|[xX]0*[dD]);)?(?:\n|&#(?:10|[xX]0*[aA]);)")


def _line_break(data: bytes, holder: Holder) -> bytes | None:
    """How ``holder``'s target writes a line break: as its source's content writes each of
    its own (``&#13;&#10;``, CRLF), else (it has none) as the line its source starts after
    ends; None: its source writes them in more than one way (the target's are left alone)."""
    start = _tag_end(data, holder.source[0])
    end = data.find(b"</" + holder.prefix.encode() + b"source>", start)
    own = data[start:end] if end >= 0 and data[start - 2 : start] != b"/>" else b""
    breaks = set(_BREAK.findall(own))
    if breaks:
        return breaks.pop() if len(breaks) == 1 else None
    line_start = data.rfind(b"\n", 0, holder.source[0]) + 1
    return b"\r\n" if data[line_start - 2 : line_start] == b"\r\n" else b"\n"


# a UTF-16 document's byte order mark: its byte order
UTF16_BOMS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}


def splice_recoded(
    data: bytes, encoding: str, splice: Callable[[bytes, str], bytes]
) -> bytes | None:
    """``splice(utf8, "UTF-8")`` (a splice_targets of the bytes given, read as UTF-8) of the
    document ``data``, which declares ``encoding`` (not UTF-8), as UTF-8, written back in its
    own encoding: a UTF-16 one in its byte order behind its byte order mark, one in a legacy
    encoding (ISO-8859-1, Windows-1252...) with a character it lacks as a character reference
    (``&#8230;``). None for a UTF-16 document without a byte order mark (its byte order
    unsaid) or an encoding Python does not know."""
    try:
        codec = codecs.lookup(encoding).name
    except LookupError:
        return None
    head = b""
    if codec.startswith("utf-16"):
        codec, head = UTF16_BOMS.get(data[:2], ""), data[:2]
        if not codec:
            return None
    try:
        text = data[len(head) :].decode(codec)
    except UnicodeDecodeError:
        return None
    spliced = splice(text.encode("utf-8"), "UTF-8").decode("utf-8")
    return head + spliced.encode(codec, errors="xmlcharrefreplace")
