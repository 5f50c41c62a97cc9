"""XLIFF 1.2 and 2.0 files (``.xlf``, ``.xliff``, Trados ``.sdlxliff``, memoQ ``.mqxliff``, Phrase
``.mxliff``) as documents: each unit's ``<source>`` translated into its ``<target>``, the rest of
the file as it was (formats/xliff.py reads the units and splices the targets into the file's
own bytes).

A source's inline codes (formats/inline.py) are kept: a paired code (``<g>``, ``<pc>``,
``<mrk>``, and a ``<bpt>``/``<ept>``, ``<bx/>``/``<ex/>``, ``<sc/>``/``<ec/>``, ``<sm/>``/
``<em/>`` pair) goes around the target words aligned to the words it enclosed; a standalone
one (``<x/>``, ``<ph>``, ``<it>``, a lone ``<bx/>``..., a ``<mrk>`` not to translate) is a
protected span, a placeholder the model copies, and goes back, as written, where the model put
it (else where the alignment puts its place); the native code a ``<ph>`` or ``<bpt>`` holds is
never translated (nmt_cli/markup/segments.py places them). Printf, Qt and brace placeholders
in the text pass through as protected spans. A file whose texts mark access keys (``~``,
``_``, ``&``: protect/mnemonics.file_markers) has each text's one marker taken out before the
model reads it and put back on the word aligned to the marked one (documents/strings.py); a
source whose keys are each in an inline code of its own, nothing to translate between them
(``<g>&amp;Enregistrer</g> <g>&amp;Quitter</g>``: two buttons' labels), has each code's words
translated apart, with their key.
A source whose white space is significant (``xml:space="preserve"``: formats/xliff.py) keeps
its line breaks and tabs, each line and column translated on its own, and its runs of spaces at
its ends and against an inline code (markup/inline_text.py); a run between two words is one
space, the words it stood between translated away.
A source with nothing to translate (``…``) is copied. A 1.2 unit segmented by its tool
(``<seg-source>`` of ``<mrk mtype="seg" mid="1">`` segments: Okapi, Trados) has each segment
translated on its own into a target of the same ``<mrk>`` segments, the content between them as
the seg-source has it (the target was plain text before: the tool could not match its segments);
one whose target has some segments filled (a tool's memory matches) and others empty gets
those filled, the others kept as they are.

Which units get a target: those that have none (or an empty one, 1.2 ``new`` or
``needs-translation``, a 2.0 ``initial`` one, or its source copied: an ``initial`` segment whose
target is a translator's is a draft, as ``needs-*``); never a ``translate="no"`` unit nor an
approved one (1.2 ``approved="yes"``, a ``final``, ``signed-off`` or 2.0 ``reviewed`` state) nor
a segment its tool locked (memoQ ``mq:locked``, Trados ``<sdl:seg locked="true">``); those with
a target only as ``retranslate`` says: "fuzzy", the targets whose state is ``needs-*`` or that a
reviewer rejected (1.2 ``state-qualifier="rejected-*"``), or that a CAT tool has as drafts
(formats/xliff.XliffUnit.review: a Trados unit's draft segments alone); "all", every one. A
target written here is marked a machine's (1.2 ``state="needs-review-translation"
state-qualifier="mt-suggestion"``, 2.0 ``state="translated"`` and a ``subState``; a Trados
segment's ``<sdl:seg>`` ``conf="Draft" origin="mt"``, a memoQ unit's ``mq:status``
``MachineTranslated``), or, where a translation memory gave it (inference/memory.py), an exact
match's (1.2 ``state-qualifier="exact-match"``, 2.0 ``subState="nmt:translation-memory"``, memoQ
``Pretranslated``, a Trados segment ``origin="tm" percent="100"``, each segment as its own text
came). A target longer than its unit's 1.2 ``maxwidth`` (``size-unit="char"``) is written and
warned of. The file's target language (1.2 ``target-language``, 2.0 ``trgLang``) becomes the
model's where it names none; a file from another source language, or into another target
language, than the model's is one error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from nmt_cli.documents.document import DOUBLED_MARKERS, PLACEHOLDERS, DocumentFormat
from nmt_cli.documents.xliff_keys import Part, key_texts, keyed, keyed_codes, without_key
from nmt_cli.errors import InputError
from nmt_cli.formats.choices import choice_forms
from nmt_cli.formats.inline import STANDALONE, code_nodes
from nmt_cli.formats.memory import same_language
from nmt_cli.formats.xliff import EXTENSIONS, UNTRANSLATED, XliffUnit, read_units
from nmt_cli.formats.xliff_write import write_targets
from nmt_cli.inference.access_keys import Mark
from nmt_cli.inference.translation import Translation
from nmt_cli.markup.segments import Segment, verbatim
from nmt_cli.markup.tree import Element, Node, Text, serialize
from nmt_cli.protect.mnemonics import file_markers

APPROVED = frozenset(("final", "signed-off", "reviewed"))  # 2.0 reviewed: 1.2 signed-off
# A line break code stays an element placed by the alignment: held as a placeholder, the model
# tends to drop the words that end the sentence before it
_LINE_BREAK = re.compile(r"""^<[^>]*\s(?:ctype|subType)\s*=\s*["'](?:xlf:)?lb["']""")
_SEGMENT = re.compile(r"""^<[^>]*\smtype\s*=\s*["']seg["']""")
_MID = re.compile(r"""\smid\s*=\s*["']([^"']*)["']""")


def wanted(unit: XliffUnit, retranslate: str) -> bool:
    """Whether ``unit`` gets a target (see above)."""
    if not unit.translate or unit.approved or unit.state in APPROVED or not unit.source.strip():
        return False
    if "" in unit.locked:  # locked by its tool (memoQ, Trados): its target is not to change
        return False
    if _untranslated(unit):
        return True
    review = _to_review(unit) or bool(unit.review - unit.locked)  # a Trados segment a draft
    again = retranslate == "all" or retranslate == "fuzzy" and review
    return again or len(_filled(unit)) < len(_segments(unit.target))  # a segment left empty


def _untranslated(unit: XliffUnit) -> bool:
    """Whether ``unit`` has no translation: no target, an empty one, one whose state says so,
    or a memoQ unit "not started" (memoQ writes its source, or a match, as its target). A 2.0
    ``initial`` segment whose target is not its source copied holds a draft (_to_review)."""
    if unit.target is None or not unit.target_text:
        return True
    if unit.state == "initial":  # before, a translator's draft was overwritten, unasked
        return unit.target_text == unit.source_text
    if unit.state in UNTRANSLATED:
        return True
    return (unit.memoq or "").lower() == "notstarted"


def _segments(content: str | None) -> dict[str, Element]:
    """The ``<mrk mtype="seg">`` segments of a 1.2 seg-source's or target's ``content``, by
    their ``mid``."""
    nodes = _walk(code_nodes(content) if content is not None else [])
    found = [n for n in nodes if isinstance(n, Element) and _SEGMENT.search(n.open)]
    return {m[1]: n for n in found if (m := _MID.search(n.open)) is not None}


def _walk(nodes: Sequence[Node]) -> Iterator[Node]:
    """``nodes`` and, inside each element that is not a segment, its children (Trados writes a
    paragraph's formatting around its segments: ``<g id="5"><mrk mtype="seg">``...)."""
    for n in nodes:
        yield n
        if isinstance(n, Element) and not _is_segment(n):
            yield from _walk(n.children)


def _filled(unit: XliffUnit) -> dict[str, Element]:
    """The segments of ``unit``'s target that hold a translation, or an inline code (a tool
    that leveraged a memory fills some and leaves the others empty), but those its tool has as
    not translated (XliffUnit.blank: before, a Trados segment "Not Translated" that held its
    source copied stayed so), or that its tool locked, by their ``mid``."""

    def written(n: Element) -> bool:
        return any(not isinstance(c, Text) or c.text.strip() for c in n.children)

    segments = _segments(unit.target)
    return {
        mid: n
        for mid, n in segments.items()
        if mid not in unit.blank and written(n) or mid in unit.locked
    }


@dataclass(frozen=True)
class Chosen:
    """A unit to give a target: its position among the file's units (an id need only be
    unique in its <file>), its source as a segment (None: nothing in it to translate, the
    source is copied), the access key taken out of its text (None: none), and for a unit
    translated in parts (a seg-source's segments, inline codes each with an access key) its
    parts: the content between them as written (a segment kept or with nothing to translate
    too), and each Part."""

    position: int
    unit: XliffUnit
    segment: Segment | None
    mark: Mark | None = None
    parts: tuple[str | Part, ...] | None = None

    def segments(self) -> list[Segment]:
        """The segments a model translates for this unit, in order."""
        if self.parts is not None:
            return [p.segment for p in self.parts if isinstance(p, Part)]
        return [self.segment] if self.segment is not None else []

    def mids(self) -> list[str | None]:
        """The ``mid`` of each of segments() that is a seg-source's ``<mrk>`` (None: not)."""
        if self.parts is None:
            return [None for _ in self.segments()]
        found = (_MID.search(p.open) for p in self.parts if isinstance(p, Part))
        return [m[1] if m is not None else None for m in found]

    def marked(self) -> bool:
        """Whether an access key was taken out of a text of the unit."""
        return self.mark is not None or any(
            isinstance(p, Part) and p.mark for p in self.parts or ()
        )

    def target(self, translations: Iterator[Translation]) -> str:
        """The target's content (inline codes as tags), each of segments() taking the next of
        ``translations``."""
        if self.parts is not None:
            return "".join(
                p if isinstance(p, str) else p.open + keyed(p, next(translations)) + p.close
                for p in self.parts
            )
        translation = next(translations) if self.segment is not None else None
        if self.segment is None or translation is None:
            return self.unit.source
        return keyed(Part("", "", self.segment, self.mark), translation)


@dataclass(frozen=True)
class XliffDocument:
    """An XLIFF file read whole: its bytes, its name, its units, and those chosen."""

    data: bytes
    name: str
    units: list[XliffUnit]
    chosen: list[Chosen]

    def sources(self) -> list[str]:
        return [s.text for c in self.chosen for s in c.segments()]

    def contexts(self) -> list[str | None]:
        """Each text's context, where a translation memory looks it up first: its unit's
        resname (2.0: its unit's name), as a memory read from XLIFF holds its units' (None: a
        unit without one, looked up as a line)."""
        return [c.unit.name or None for c in self.chosen for _ in c.segments()]

    @property
    def needs_alignment(self) -> bool:
        """Whether a source has inline codes or an access key to place (a placeholder code the
        model lost goes back by the alignment too)."""
        return any(
            c.marked() or any(s.inlines or s.stand_ins for s in c.segments()) for c in self.chosen
        )

    def check_languages(self, source: str | None, target: str | None) -> None:
        """InputError where a file of it is in another source language than ``source`` (the
        model's; None: not recorded), or asks for another target language than ``target``."""
        for file_source, file_target in dict.fromkeys(u.languages for u in self.units):
            if source and file_source and not same_language(file_source, source):
                raise InputError(
                    f'{self.name}: the file translates from "{file_source}", but the model '
                    f"translates from {source}"
                )
            if target and file_target and not same_language(file_target, target):
                raise InputError(
                    f'{self.name}: the file asks for "{file_target}", but the model translates '
                    f"into {target}"
                )

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> bytes:
        """The file's bytes with a target for each chosen unit (``translations``: of
        ``sources()``, in order); one all of whose texts a translation memory gave is marked
        as its (formats/xliff.MEMORY_STATES)."""
        taken: list[Translation] = []
        done = (taken.append(t) or t for t in translations)
        targets: dict[str | int, str] = {}
        remembered: list[object] = []
        written: list[tuple[int, str]] = []  # each Trados segment translated, by its mid
        for c in self.chosen:
            before = len(taken)
            targets[c.position] = c.target(done)
            if len(taken) > before and all(t.remembered for t in taken[before:]):
                remembered.append(c.position)
            # a segment a memory gave, by its mid: Trados marks each segment (sdl_status.py)
            own = list(zip(c.mids(), taken[before:]))
            remembered += [(c.position, mid) for mid, t in own if mid and t.remembered]
            written += [(c.position, mid) for mid, _ in own if mid]
        for c in self.chosen:
            limit, length = c.unit.max_chars, len(model_text_of(targets[c.position]))
            if limit is not None and length > limit:
                warn(
                    f'unit "{c.unit.id}": its target is {length} characters, over its '
                    f"maxwidth {limit}"
                )
        if target is None and any(u.languages[1] is None for u in self.units):
            warn("the model records no target language: the file's is left unset")
        language = target if targets else None  # nothing translated: the file as it was
        return write_targets(self.name, targets, language, self.data, remembered, written)


def read_xliff(data: bytes, name: str, *, retranslate: str) -> XliffDocument:
    """The XLIFF document of ``data`` (a file's bytes) named ``name``: units to translate chosen
    by ``retranslate`` (documents/po.RETRANSLATE); FormatError naming the line where it does
    not parse."""
    units = list(read_units(name, data))
    markers = file_markers([t for u in units if u.translate for t in _key_texts(u)])
    chosen = [
        _chosen(k, u, markers, _kept(u, retranslate))
        for k, u in enumerate(units)
        if wanted(u, retranslate)
    ]
    return XliffDocument(data, name, units, chosen)


def _key_texts(unit: XliffUnit) -> list[str]:
    """The texts of ``unit`` read for the file's access-key markers (xliff_keys.key_texts)."""
    return key_texts(code_nodes(unit.source), unit.source_text, _held)


def _to_review(unit: XliffUnit) -> bool:
    """Whether ``unit``'s target is one ``--retranslate fuzzy`` translates again: its state is
    ``needs-*``, or a reviewer rejected it (before, a rejected target stayed as it was), or its
    tool has it as a draft (memoQ: XliffUnit.review; before, memoQ's and Trados' drafts, which
    write no state, were never translated again)."""
    if "" in unit.review or unit.state == "initial":  # 2.0: a draft (_untranslated)
        return True
    if unit.own_status:  # the tool's own, or each Trados segment's (before, the state nmt gave
        return False  # the target had what a translator confirmed since translated again too)
    return bool(unit.state and unit.state.startswith("needs-")) or unit.skip_reason() == "rejected"


def _kept(unit: XliffUnit, retranslate: str) -> dict[str, Element]:
    """The segments of a segmented unit's target that stay as they are: those filled, where
    the unit is chosen for its empty ones (none where it is translated again; with "fuzzy",
    all but the drafts its tool marks, where it marks its segments: Trados), and those its
    tool locked."""
    locked = {m: n for m, n in _segments(unit.target).items() if m in unit.locked}
    if _untranslated(unit):
        return locked
    if retranslate == "all" or retranslate == "fuzzy" and _to_review(unit):
        return locked
    filled = _filled(unit)
    if retranslate == "fuzzy":
        return {m: n for m, n in filled.items() if m not in unit.review or m in unit.locked}
    return filled


def _held(element: Element) -> bool:
    """Whether an inline element is a standalone code (code_nodes makes each one empty, its
    tag the code as written), held in the text as a placeholder."""
    name = element.name.rsplit(":", 1)[-1]
    if _LINE_BREAK.search(element.open):
        return False
    return verbatim(element) or element.empty and (name in STANDALONE or name == "mrk")


def _chosen(
    position: int, unit: XliffUnit, markers: Sequence[str], kept: dict[str, Element]
) -> Chosen:
    """``unit``, at ``position``, to translate: its source's segment, without its access key
    if it has one, or its inline codes that each hold one; a segmented one's segments but
    those ``kept`` (by ``mid``), which stay."""
    if unit.seg_source is not None:
        nodes = code_nodes(unit.seg_source)
        if any(_is_segment(n) for n in _walk(nodes)):
            return Chosen(position, unit, None, parts=tuple(_seg_parts(nodes, unit.preserve, kept)))
    if "<" not in unit.source and (forms := choice_forms(unit.source)) is not None:
        return Chosen(position, unit, None, parts=_choice_parts(forms, unit.preserve))
    nodes = code_nodes(unit.source)
    segment, mark = without_key(nodes, markers, _held, unit.preserve)
    if not segment.translatable():
        return Chosen(position, unit, None)
    if mark is None and (parts := keyed_codes(nodes, markers, _held, unit.preserve)) is not None:
        return Chosen(position, unit, None, parts=parts)
    return Chosen(position, unit, segment, mark)


def _choice_parts(forms: list[tuple[str, str, str]], preserve: bool) -> tuple[str | Part, ...]:
    """A pluralized message's forms (formats/choices.py) as parts: each form's words a text of
    its own, its pipe and interval as written."""
    parts: list[str | Part] = []
    for before, words, after in forms:
        segment = Segment(code_nodes(words), xml=True, held=_held, preserve=preserve)
        parts += [before, Part("", "", segment) if segment.translatable() else words, after]
    return tuple(p for p in parts if p)


def model_text_of(content: str) -> str:
    """The text of a target's content as written (what its maxwidth counts)."""
    return Segment(code_nodes(content), xml=True).text


def _is_segment(node: Node) -> bool:
    return isinstance(node, Element) and not node.empty and bool(_SEGMENT.search(node.open))


def _seg_parts(
    nodes: Sequence[Node], preserve: bool, kept: dict[str, Element]
) -> Iterator[str | Part]:
    """The parts of a seg-source's ``nodes``: each segment's (_segment_part), the content
    between them as written, and an element holding segments as its tags around its parts
    (before, its segments were lost: the unit was translated whole, its target no longer of
    segments Trados could match)."""
    for n in nodes:
        if _is_segment(n):
            yield _segment_part(n, preserve, kept)
        elif isinstance(n, Element) and any(_is_segment(c) for c in _walk(n.children)):
            yield n.open
            yield from _seg_parts(n.children, preserve, kept)
            yield n.close
        else:
            yield serialize(n)


def _segment_part(mrk: Element, preserve: bool, kept: dict[str, Element]) -> str | Part:
    """A segment of a seg-source: its ``<mrk>`` and what to translate of it, or its content
    as written (the target's own where ``kept`` holds its ``mid``)."""
    if (mid := _MID.search(mrk.open)) is not None and mid[1] in kept:
        return serialize(kept[mid[1]])
    segment = Segment(mrk.children, xml=True, held=_held, preserve=preserve)
    return Part(mrk.open, mrk.close, segment) if segment.translatable() else serialize(mrk)


XLIFF = DocumentFormat(
    "xliff",
    EXTENSIONS,
    read_xliff,
    options=("retranslate",),
    protect=(*PLACEHOLDERS, DOUBLED_MARKERS, "~"),  # a lone tilde: LibreOffice's literal one
    alignment=True,  # where inline codes and access keys go in a translation
    binary=True,
)
