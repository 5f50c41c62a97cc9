"""Android string resources (``res/values/strings.xml``): an XML file whose root is
``<resources>``.

Units: each ``<string>`` (and ``<item type="string">``, the same resource), each ``<item>`` of a
``<string-array>`` (id ``name[k]``, ``k`` its place among all the array's items: the third is
``days[2]`` after an ``@string/x`` item, which named it ``days[1]``, the id of the second) and
of a ``<plurals>`` (id ``name#quantity``), their text read as aapt2 reads it (android_text.py).
Not units: what is ``translatable="false"`` (a string, or an array and its items), a reference
to another resource (``@string/app_name``, ``?attr/name``), empty strings, and every other
resource (``<dimen>``, ``<color>``, ``<integer-array>``...). The skeleton, kept as written: the
declaration, comments, tags and their attributes, white space between elements. An element
inside a string (``<b>``, ``<xliff:g id="name">%1$s</xliff:g>``) is kept as written; the caller
protects it (an ``<xliff:g>`` whole).

A ``<plurals>`` is written with the plural categories of the target language (``write``'s
``categories``, CLDR's: ``one``, ``other`` for English), each from the source's item of the
same quantity, else from its ``other``; with the source's categories, in place.

A resource's type and name are one resource's only (aapt2 refuses a "duplicate value for
resource"): a second is an error naming its line, before anything is translated; but for
another device, its ``product`` attribute (``tablet``; none is ``default``).

XML is read by expat, which reads no external entity; a file that declares an entity is an
error before it is read (a resources file has no use for one; an expansion bomb has).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.errors import InputError
from nmt_cli.formats import android_text
from nmt_cli.formats.skeleton import ParseError, Unit, line_of
from nmt_cli.markup.reading import Event, NotWellFormed, read_events

_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CONTAINERS = ("string-array", "plurals")
_ENTITY_DECLARATION = re.compile(r"<!ENTITY\b")


# A resource's type by its element, where the two differ (<item type="array"> is an array)
_TYPES = {"string-array": "array", "integer-array": "array"}


def _type(tag: str) -> str:
    """The type of an ``<item type="...">``."""
    return _attributes(tag).get("type", "")


def _attributes(tag: str) -> dict[str, str]:
    return {m[1]: m[2] if m[2] is not None else m[3] for m in _ATTRIBUTE.finditer(tag)}


_OPEN = "<![CDATA["


@dataclass(frozen=True)
class _String:
    """How a unit is written: whether it holds elements, was in quotes, and the format
    arguments whose ``%`` stays single (None: a ``%`` is never doubled)."""

    markup: bool
    quoted: bool
    percent: tuple[str, ...] | None
    cdata: bool = False  # the whole string a CDATA section: its text alone is the unit's
    bare_quotes: bool = False  # a CDATA section's " written unescaped (android_text.py)
    gt: bool = False  # its text writes ">" as "&gt;" (escaped HTML: &lt;b&gt;)
    spaces: bool = False  # unquoted, it escapes spaces aapt2 would trim: \u0020Nom\u0020


@dataclass
class _Plurals:
    """A ``<plurals>``: its items' unit indices by quantity, the span from its first item's
    start tag to its last item's end tag, and the white space between two items."""

    units: dict[str, int] = field(default_factory=dict)
    start: int = 0
    end: int = 0
    between: str = "\n        "


@dataclass(frozen=True)
class AndroidStrings:
    """A strings.xml read: its text, its units, how each is written, its plurals."""

    text: str
    units: list[Unit]
    strings: list[_String]
    plurals: list[_Plurals]

    def write(
        self,
        targets: Sequence[str],
        categories: Sequence[str] | None = None,
        warn: Callable[[str], None] = lambda _: None,
    ) -> str:
        """The file with ``targets[k]`` as the text of ``units[k]``; a ``<plurals>`` written
        with ``categories`` (None: the source's)."""
        written = [self._written(k, target, warn) for k, target in enumerate(targets)]
        edits = [(u.start, u.end, w) for u, w in zip(self.units, written)]
        for p in self.plurals:
            if p.units and categories is not None and set(categories) != set(p.units):
                edits = [e for e in edits if not p.start <= e[0] < p.end]
                edits.append((p.start, p.end, self._items(p, categories, written)))
        out, at = [], 0
        for start, end, new in sorted(edits):
            out += [self.text[at:start], new]
            at = end
        return "".join(out) + self.text[at:]

    def _written(self, k: int, target: str, warn: Callable[[str], None]) -> str:
        unit, how = self.units[k], self.strings[k]
        if target == unit.source:
            return self.text[unit.start : unit.end]
        target = f"{_OPEN}{target}]]>" if how.cdata else target
        written = android_text.write(
            target, how.markup, how.quoted, how.percent, how.bare_quotes, how.gt, how.spaces
        )
        if how.markup and not _well_formed(written):
            warn(f"{unit.id}: its elements did not survive translation; its source is kept")
            return self.text[unit.start : unit.end]
        return written

    def _items(self, p: _Plurals, categories: Sequence[str], written: list[str]) -> str:
        fallback = p.units.get("other", list(p.units.values())[-1])
        return p.between.join(
            f'<item quantity="{c}">{written[p.units.get(c, fallback)]}</item>' for c in categories
        )


def _well_formed(content: str) -> bool:
    try:
        read_events(content, True, fragment=True)
    except InputError:
        return False
    return True


class _Reader:
    """The walk over a strings.xml's events that finds its units."""

    def __init__(self, text: str, name: str):
        self.text, self.name = text, name
        self.units: list[Unit] = []
        self.strings: list[_String] = []
        self.plurals: list[_Plurals] = []
        self.note = ""
        self.items = 0  # the items of the string-array being read
        self.seen: dict[tuple[str, str], int] = {}  # where each resource is, by (type, name)

    def read(self, events: list[Event]) -> None:
        offsets = [0]
        for e in events:
            offsets.append(offsets[-1] + len(e.raw))
        k = self._root(events, offsets)
        container: tuple[str, dict[str, str]] | None = None
        depth = 0  # inside <resources>: 0 for a resource's element
        while k < len(events):
            e = events[k]
            if e.kind in ("start", "empty") and depth == 0:
                self._check_unique(e, offsets[k])
            if e.kind == "other" and e.raw.startswith("<!--"):
                self.note = e.raw[4:-3].strip()
            elif e.kind == "start" and e.name in _CONTAINERS:
                container = (e.name, _attributes(e.raw))
                self.items = 0
                if e.name == "plurals":
                    self.plurals.append(_Plurals())
            elif e.kind == "end" and e.name in _CONTAINERS:
                container = None
            elif e.kind == "start" and (e.name == "string" or e.name == "item" and container):
                k = self._unit(events, offsets, k, container)
                continue
            elif e.kind == "start" and e.name == "item" and depth == 0 and _type(e.raw) == "string":
                k = self._unit(events, offsets, k, None)  # <item type="string" name="x">
                continue
            depth += {"start": 1, "end": -1}.get(e.kind, 0)
            k += 1

    def _check_unique(self, e: Event, offset: int) -> None:
        """ParseError where a resource's type and name are a resource's before it, as aapt2
        refuses them ("duplicate value for resource"): the second was translated, and Android
        built no app from the file. Resources of one name for different devices
        (``product="tablet"``, ``product="default"``, none: the default) are several."""
        attributes = _attributes(e.raw)
        kind = _type(e.raw) if e.name == "item" else _TYPES.get(e.name or "", e.name)
        if "name" not in attributes or not kind:
            return
        product = attributes.get("product", "default") or "default"
        key = (kind, attributes["name"], product)
        if key in self.seen:
            first = line_of(self.text, self.seen[key])
            raise ParseError(
                self.name,
                line_of(self.text, offset),
                f"{kind} {key[1]!r} appears twice (first at line {first}): "
                "Android's aapt2 refuses a duplicate resource",
            )
        self.seen[key] = offset

    def _root(self, events: list[Event], offsets: list[int]) -> int:
        """The index of the event after the root's start tag; ParseError if it is not
        ``<resources>``."""
        for k, e in enumerate(events):
            if e.kind in ("start", "empty"):
                if e.name != "resources":
                    raise ParseError(
                        self.name,
                        line_of(self.text, offsets[k]),
                        f"the root is <{e.name}>, not <resources>: not an Android strings file",
                    )
                return k + 1
        raise ParseError(self.name, 1, "no root element")

    def _unit(
        self,
        events: list[Event],
        offsets: list[int],
        k: int,
        container: tuple[str, dict[str, str]] | None,
    ) -> int:
        """Read the string or item whose start tag is ``events[k]``; the index after its end."""
        tag = _attributes(events[k].raw)
        depth, end = 1, k + 1
        while depth:
            depth += {"start": 1, "end": -1}.get(events[end].kind, 0)
            end += 1
        start_at, end_at = offsets[k + 1], offsets[end - 1]
        raw = self.text[start_at:end_at]
        markup = any(e.kind in ("start", "empty", "other") for e in events[k + 1 : end - 1])
        owner = container[1] if container else tag
        if container and container[0] == "string-array":
            self.items += 1  # counted where it is: a reference or untranslatable item too
        if owner.get("translatable") == "false" or tag.get("translatable") == "false":
            return end
        if raw.strip()[:1] in ("@", "?"):  # a reference to another resource: @string/app_name
            return end
        source = android_text.read(raw, markup)
        # the model reads a CDATA section's text, not its markers (its "]]>" took the full stop)
        cdata = source.startswith(_OPEN) and source.endswith("]]>") and source.count(_OPEN) == 1
        source = source[len(_OPEN) : -3] if cdata else source
        unformatted = "false" in (owner.get("formatted"), tag.get("formatted"))
        arguments = android_text.arguments(source)
        percent = None if unformatted or not arguments else arguments
        self._add(container, tag, source, start_at, end_at, offsets[k], offsets[end])
        bare = android_text.bare_quotes(raw)
        gt = not markup and "&gt;" in raw
        quoted = android_text.quoted(raw)
        spaces = not quoted and android_text.spaced(source)
        self.strings.append(_String(markup, quoted, percent, cdata, bare, gt, spaces))
        return end

    def _add(
        self,
        container: tuple[str, dict[str, str]] | None,
        tag: dict[str, str],
        source: str,
        start_at: int,
        end_at: int,
        tag_at: int,
        after_at: int,
    ) -> None:
        """The unit, its id by where it is; a plural item's place in its ``<plurals>``."""
        if container is None:
            unit_id = tag.get("name", "")
        elif container[0] == "plurals":
            p = self.plurals[-1]
            quantity = tag.get("quantity", "other")
            unit_id = f"{container[1].get('name', '')}#{quantity}"
            if p.units:
                p.between = self.text[p.end : tag_at]
            else:
                p.start = tag_at
            p.units[quantity] = len(self.units)
            p.end = after_at
        else:
            unit_id = f"{container[1].get('name', '')}[{self.items - 1}]"
        self.units.append(Unit(unit_id, source, start_at, end_at, self.note))
        self.note = ""


def parse(text: str, name: str) -> AndroidStrings:
    """The strings.xml of ``text`` (named ``name``); an InputError naming the line where it is
    not well formed XML, or its root is not ``<resources>``."""
    declared = _ENTITY_DECLARATION.search(text)
    if declared:  # none is needed, and an expansion bomb would be read before any limit
        line = line_of(text, declared.start())
        raise ParseError(name, line, "declares an entity: an Android strings file declares none")
    reader = _Reader(text, name)
    try:
        events = read_events(text, True, where=name)
    except NotWellFormed as e:  # FILE:LINE: as every other format's error
        raise ParseError(
            name, e.line, f"not well-formed XML: {e.reason} (column {e.column})"
        ) from None
    reader.read(events)
    return AndroidStrings(text, reader.units, reader.strings, reader.plurals)
