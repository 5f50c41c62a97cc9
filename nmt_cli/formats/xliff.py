"""XLIFF 1.2 and 2.0 (``.xlf``, ``.xliff``): units read, targets written back, and the sentence
pairs of translated units.

    1.2  <xliff version="1.2"><file source-language="en" target-language="fr"><body>
           <trans-unit id="hello"><source>Hello <x id="1"/></source>
           <target state="translated">Bonjour <x id="1"/></target></trans-unit> ...
    2.0  <xliff version="2.0" srcLang="en" trgLang="fr"><file id="f"><unit id="hello">
           <segment state="translated"><source>...</source><target>...</target></segment> ...

A unit here is one segment to translate: a 1.2 ``<trans-unit>``, a 2.0 ``<segment>`` (its id
``unit/segment``, or the unit's id where the unit has one segment). Its source and target are
kept as written (inline codes as tags: inline.py) and as a model reads them.

Pairs: translated units only. Skipped, by reason: untranslated (no target, an empty one, 1.2
``new``/``needs-translation``, 2.0 ``initial``), needs review (1.2 ``needs-*``), rejected (1.2
``state-qualifier="rejected-*"``, 2.0 a ``subState`` saying so), machine translation (1.2
``mt-suggestion``, 2.0 a ``subState`` naming it), not translatable (``translate="no"`` or ITS
``its:translate="no"`` on the unit or a group around it, the nearest one that says either
winning: a ``translate="yes"`` group inside a ``"no"`` one is translated). A 1.2 unit whose
seg-source and target are of ``<mrk mtype="seg">`` gives a pair for each segment, each judged
by its own Trados status (``<sdl:seg conf=... origin=...>``: XliffUnit.pairs); a memoQ unit
only where its ``mq:status`` says it was confirmed.

Written back: xliff_write.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from nmt_cli.formats.inline import inner_xml, model_text
from nmt_cli.formats.memory import Counts, FormatError, Pair, Report, by_language, cleaned
from nmt_cli.formats.xliff_tools import (
    MEMOQ_STATUS,
    PHRASE,
    SDL,
    blank,
    confirmed,
    locked,
    memoq_reason,
    review,
    sdl_reason,
    seg_marks,
)
from nmt_cli.formats.xml import local, stream, unique_id

# Trados, memoQ and Phrase (Memsource) write XLIFF 1.2
EXTENSIONS = (".xlf", ".xliff", ".sdlxliff", ".mqxliff", ".mxliff")
NAMESPACES = {
    "1.2": "urn:oasis:names:tc:xliff:document:1.2",
    "2.0": "urn:oasis:names:tc:xliff:document:2.0",
}
UNTRANSLATED = frozenset(("new", "needs-translation", "initial"))
MT_SUBSTATE = "nmt:machine-translation"  # 2.0 subState of a target written by a model
# what a target written by a model is marked with: on the target (1.2), on its segment (2.0)
STATES = {
    "1.2": {"state": "needs-review-translation", "state-qualifier": "mt-suggestion"},
    "2.0": {"state": "translated", "subState": MT_SUBSTATE},
}
# what a target a translation memory gave is marked with (nmt_cli/inference/memory.py): an
# exact match of its source, to review as a machine's (the memory may be another program's)
MEMORY_STATES = {
    "1.2": {"state": "needs-review-translation", "state-qualifier": "exact-match"},
    "2.0": {"state": "translated", "subState": "nmt:translation-memory"},
}
# a reviewer's verdict (1.2 rejected-inaccurate..., 2.0 xyz:rejected), else a machine's target
_QUALIFIER = re.compile(r"(?:^|:)(rejected)|mt|machine", re.I)
# ITS 2.0's translate data category, which ITS-aware tools (Okapi) write on XLIFF 1.2 elements
# instead of (or as well as) XLIFF's own translate attribute
ITS_TRANSLATE = "{http://www.w3.org/2005/11/its}translate"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


@dataclass(frozen=True)
class XliffUnit:
    """One segment to translate.

    id           1.2: the trans-unit's id; 2.0: ``unit/segment`` (the unit's id alone where
                 it has one segment); unique in its file. name: 1.2 resname, 2.0 the unit's
    line         where its source starts
    source       the ``<source>`` content as written (inline codes as tags)
    target       the ``<target>`` content as written; None: no target
    source_text  what a model reads of the source (inline.model_text); target_text likewise
    state        1.2: the target's state; 2.0: the segment's (None: not given)
    qualifier    1.2: state-qualifier; 2.0: subState
    translate    False where the unit (or the nearest group around it that says) says
                 translate="no"
    approved     1.2 approved="yes"
    languages    (source, target) language of its file, as the file writes them
    seg_source   1.2: the ``<seg-source>`` content as written (Okapi's, Trados' segmentation
                 of the source into ``<mrk mtype="seg">``); None: none
    max_chars    1.2: ``maxwidth`` where ``size-unit="char"`` (a UI label's room); None: none
    preserve     whether the source's white space is significant (the nearest ``xml:space``
                 says "preserve"): its line breaks and tabs are the text's own
    segments     1.2 with a seg-source and a target both of ``<mrk mtype="seg">``: each
                 segment's (source_text, target_text, why it gives no pair: None where it
                 gives one, Trados' ``sdl:seg`` status) by its ``mid``; (): none
    memoq        1.2: memoQ's ``mq:status`` of the unit (``ManuallyConfirmed``...); None: none
    own_status   1.2: whether its tool gives it, or each of its segments, a status of its
                 own (memoQ's ``mq:status``, Phrase's ``m:confirmed``, Trados' ``<sdl:seg>``):
                 that, not the target's state, says whether to translate it again
    confirmed    1.2: whether Phrase has the unit confirmed (``m:confirmed`` 1 and up, the
                 workflow step that did); None: not a unit of Phrase
    locked       1.2: the ``mid`` of each segment its tool locked against edits, or has as
                 approved by a reviewer (Trados' ``<sdl:seg locked="true">``, ``conf``
                 ``Approved*``), or ``{""}``: the whole unit (memoQ's ``mq:locked="locked"``
                 or a reviewer's status, ``Reviewer1Confirmed``..., Phrase's ``m:locked``,
                 or every segment of a Trados unit)
    blank        1.2: the ``mid`` of each segment its tool has as not translated, whatever its
                 target holds (Trados' ``<sdl:seg>`` with no ``conf``: the source copied)
    review       1.2: the ``mid`` of each segment its tool has as a draft to review (Trados'
                 ``conf="Draft"`` or ``Rejected*``), or ``{""}``: the whole unit (memoQ's
                 status rejected, a machine's, or a memory's fuzzy match: ``mq:percent``
                 under 100)
    """

    id: str
    line: int
    source: str
    target: str | None
    source_text: str
    target_text: str | None
    state: str | None
    qualifier: str | None
    translate: bool
    approved: bool
    languages: tuple[str | None, str | None]
    seg_source: str | None = None
    max_chars: int | None = None
    preserve: bool = False
    name: str = ""
    segments: tuple[tuple[str, str, str | None], ...] = ()
    memoq: str | None = None
    confirmed: bool | None = None
    own_status: bool = False
    locked: frozenset[str] = frozenset()
    review: frozenset[str] = frozenset()
    blank: frozenset[str] = frozenset()

    def skip_reason(self) -> str | None:
        """Why the unit gives no training pair (see above); None: it gives one."""
        if not self.translate:
            return "not translatable"
        if self.memoq is not None and (reason := memoq_reason(self.memoq)):
            return reason
        if self.confirmed is False and self.target_text:  # Phrase's match, or its machine's
            return "not confirmed"
        if not self.target_text or self.state in UNTRANSLATED:
            return "untranslated"
        if self.memoq is not None or self.confirmed:  # confirmed in memoQ, Phrase: their word
            return None  # (before, the state nmt had given the target still counted)
        if self.qualifier and (said := _QUALIFIER.search(self.qualifier)):
            return "rejected" if said.group(1) else "machine translation"
        if self.state and self.state.startswith("needs-"):
            return "needs review"
        return None

    def pairs(self) -> list[tuple[str, str, str | None]]:
        """(source_text, target_text, why it gives no training pair: None where it gives one)
        of the unit, or of each of its segments where it has them (a Trados unit's segments
        each have their own status: one a machine's, the next a translator's, whatever the
        state of the target that holds them)."""
        reason = self.skip_reason()
        if self.segments and self.own_status and reason != "not translatable":
            return list(self.segments)
        if reason is not None or not self.segments:
            return [(self.source_text, self.target_text or "", reason)]
        return list(self.segments)


_STARTS = frozenset(("xliff", "file", "group"))
_ENDS = frozenset(("trans-unit", "unit"))


def read_units(path: str, data: bytes | None = None) -> Iterator[XliffUnit]:
    """Every unit of the XLIFF document in ``path`` (or ``data``, its bytes already read:
    ``path`` then names it), in order, read as a stream; FormatError naming the line where it
    is not XLIFF 1.2 or 2.0, not well formed, or a unit has no source."""
    version, langs, seen = None, (None, None), dict[str, int]()  # seen: unique_id's
    for event, element in stream(path, _STARTS, _ENDS, data):
        name = local(element.tag)
        if event == "start":
            if name == "xliff":
                version = version_of(path, element)
                langs = (element.get("srcLang"), element.get("trgLang"))
            elif name == "file":
                seen = {}  # ids are unique in a <file>
                if version == "1.2":
                    langs = (element.get("source-language"), element.get("target-language"))
            continue
        if version is None:
            raise FormatError(path, element.sourceline or 1, "not XLIFF: the root is not <xliff>")
        translate = _translate(unique_id(path, element, seen))
        if name == "trans-unit":
            yield _unit_12(path, element, translate, langs)
        else:
            yield from _units_20(path, element, translate, langs)
    if version is None:
        raise FormatError(path, 1, "not XLIFF: no <xliff> root")


def _translate(element) -> bool:
    """Whether a unit's content is to be translated, as the nearest element that says either
    (the unit, else the group, file... around it): ``translate="yes"`` or ``"no"``, or ITS
    ``its:translate``. Before, a unit marked only by ITS got a machine's target, and one in a
    ``translate="yes"`` group inside a ``translate="no"`` one none."""
    for holder in (element, *element.iterancestors()):
        said = (holder.get("translate"), holder.get(ITS_TRANSLATE))
        if any(said):
            return "no" not in said
    return True


def version_of(path: str, root) -> str:
    """The version of the document whose root is ``root``: "1.2" or "2.0"."""
    version = root.get("version", "")
    ns = root.tag[1:].split("}")[0] if root.tag.startswith("{") else ""
    found = version[:3] if version[:3] in NAMESPACES else None
    found = found or next((v for v, n in NAMESPACES.items() if n == ns), None)
    if found is None:
        raise FormatError(path, root.sourceline or 1, f"XLIFF version {version!r}: 1.2 or 2.0")
    return found


def _child(element, name: str):
    return next((c for c in element if local(c.tag) == name), None)


def _unit_12(path: str, tu, translate: bool, langs) -> XliffUnit:
    source, target, segmented = _child(tu, "source"), _child(tu, "target"), _child(tu, "seg-source")
    if source is None:
        raise FormatError(path, tu.sourceline or 1, f'trans-unit "{tu.get("id")}" has no <source>')
    return _make(
        tu.get("id") or "", source, target, translate, langs,
        state=target.get("state") if target is not None else None,
        qualifier=target.get("state-qualifier") if target is not None else None,
        approved=tu.get("approved") == "yes",
        seg_source=_inner(segmented) if segmented is not None else None,
        max_chars=_max_chars(tu), name=tu.get("resname") or "",
        segments=_segments(tu, segmented, target), memoq=tu.get(MEMOQ_STATUS),
        locked=locked(tu, segmented), review=review(tu), blank=blank(tu),
        confirmed=confirmed(tu), own_status=_own_status(tu),
    )  # fmt: skip


def _own_status(tu) -> bool:
    """XliffUnit.own_status of a trans-unit ``tu``."""
    said = (tu.get(MEMOQ_STATUS), tu.get(f"{{{PHRASE}}}confirmed"))
    return any(s is not None for s in said) or next(tu.iter(f"{{{SDL}}}seg"), None) is not None


def _units_20(path: str, unit, translate: bool, langs) -> Iterator[XliffUnit]:
    segments = [c for c in unit if local(c.tag) == "segment"]
    for k, segment in enumerate(segments, 1):
        source, target = _child(segment, "source"), _child(segment, "target")
        if source is None:
            raise FormatError(path, segment.sourceline or 1, "<segment> with no <source>")
        sid, uid = segment.get("id") or str(k), unit.get("id") or ""
        yield _make(
            uid if len(segments) == 1 else f"{uid}/{sid}", source, target, translate, langs,
            state=segment.get("state"), qualifier=segment.get("subState"), approved=False,
            name=unit.get("name") or "",
        )  # fmt: skip


def _segments(tu, segmented, target) -> tuple[tuple[str, str, str | None], ...]:
    """XliffUnit.segments: each ``<mrk mtype="seg">`` of the seg-source with the target's of
    its ``mid`` (none, or an empty one: untranslated), and why it gives no pair (_sdl_reason)."""
    if segmented is None or target is None:
        return ()
    targets = {m.get("mid"): m for m in seg_marks(target)}
    if not targets:
        return ()
    statuses = {s.get("id"): s for s in tu.iter(f"{{{SDL}}}seg")}
    found = []
    for mark in seg_marks(segmented):
        mid = mark.get("mid")
        text = model_text(targets[mid]) if mid in targets else ""
        why = sdl_reason(statuses.get(mid)) if text else "untranslated"
        found.append((model_text(mark), text, why))
    return tuple(found)


def _max_chars(tu) -> int | None:
    width = tu.get("maxwidth", "")
    return int(width) if tu.get("size-unit") == "char" and width.isdigit() else None


def _make(
    uid, source, target, translate, langs, *, state, qualifier, approved, **more
) -> XliffUnit:
    return XliffUnit(
        id=uid,
        line=source.sourceline or 1,
        source=_inner(source),
        target=_inner(target) if target is not None else None,
        source_text=model_text(source),
        target_text=model_text(target) if target is not None else None,
        state=state,
        qualifier=qualifier,
        translate=translate,
        approved=approved,
        languages=langs,
        preserve=_preserved(source),
        **more,
    )


def _preserved(element) -> bool:
    """Whether ``element``'s white space is significant (the nearest ``xml:space`` says)."""
    spaces = (e.get(XML_SPACE) for e in (element, *element.iterancestors()))
    return next((s for s in spaces if s in ("preserve", "default")), None) == "preserve"


def _inner(element) -> str:
    """inner_xml without the namespace declarations lxml repeats on each child it writes."""
    return re.sub(
        r' xmlns(?::\w+)?="urn:oasis:names:tc:xliff:document:[\d.]+"', "", inner_xml(element)
    )


def read_pairs(
    path: str,
    languages: tuple[str, str],
    report: Report | None = None,
    contexts: bool = False,
    unique: bool = False,
) -> Iterator[Pair]:
    """The (source, target) pairs of the translated units of ``path`` (see above), sides picked
    by ``languages`` from each <file>'s languages (one in others skipped: memory.by_language).
    ``report`` hears the counts once the file is read. ``contexts``: each with its unit's name;
    ``unique``: each pair once (memory.cleaned)."""
    counts = Counts(path)

    def raw() -> Iterator[Pair]:
        units = ((unit.languages, unit) for unit in read_units(path))
        for a, b, unit in by_language(path, languages, counts, units):
            for *texts, reason in unit.pairs():
                if reason is not None:
                    counts.skip(reason)
                    continue
                yield (texts[a], texts[b], unit.name)[: 3 if contexts else 2]  # type: ignore[misc]

    yield from cleaned(raw(), counts, unique=unique)
    if report is not None:
        report(counts.summary())
