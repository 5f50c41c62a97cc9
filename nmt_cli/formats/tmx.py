"""TMX 1.4 translation memories (``.tmx``; 1.1's ``lang`` read too): their units and the
sentence pairs they give.

    <tmx version="1.4"><header srclang="en" .../><body>
      <tu tuid="7"><tuv xml:lang="en"><seg>Open <bpt i="1">&lt;b&gt;</bpt>a file<ept i="1"/>
      </seg></tuv><tuv xml:lang="fr-FR"><seg>Ouvrir un fichier</seg></tuv></tu> ...

A unit (``<tu>``) holds a variant (``<tuv>``) per language; a pair is the variants of the two
languages asked for (formats/memory.py: by tag, ``fr`` matching ``fr-FR``), whichever the
header calls the source. A variant's text is what a model reads of its segment (inline.py:
inline codes out, as `nmt translate` reads the same segment). Read as a stream (xml.py): a
unit at a time, however large the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from nmt_cli.errors import InputError
from nmt_cli.formats.inline import inner_xml, model_text
from nmt_cli.formats.memory import Counts, FormatError, Pair, Report, cleaned, same_language
from nmt_cli.formats.xml import attribute, local, stream

EXTENSIONS = (".tmx",)


@dataclass(frozen=True)
class TmxUnit:
    """One ``<tu>``: its ``id`` (tuid, else its number in the file), the ``line`` it starts
    on, and per variant (in the file's order) its language tag, model text and segment as
    written (inline codes as tags); its ``context``: its ``<prop type="x-context">``, as
    translate-toolkit (Weblate) writes a catalogue entry's msgctxt ("": none); ``reason``: why
    it gives no pair, as Trados exported it (_trados_reason; None: it gives one)."""

    id: str
    line: int
    langs: tuple[str, ...]
    texts: tuple[str, ...]
    segments: tuple[str, ...]
    context: str = ""
    reason: str | None = None

    def text(self, language: str) -> str | None:
        """The text of the first variant in ``language`` (None: the unit has none)."""
        for lang, text in zip(self.langs, self.texts):
            if same_language(lang, language):
                return text
        return None


def read_units(path: str) -> Iterator[TmxUnit]:
    """Every unit of the memory in ``path``, in order; FormatError (naming the line) where the
    file is not TMX or not well formed, or a variant has no language or no segment."""
    for unit in _read(path):
        if isinstance(unit, TmxUnit):
            yield unit


def _read(path: str) -> Iterator[TmxUnit | str | None]:
    """The header's ``srclang`` (None: it names none), then every unit, read once."""
    seen_root = False
    number = 0
    for event, element in stream(path, frozenset(("tmx", "header")), frozenset(("tu",))):
        if event == "start" and local(element.tag) == "header":
            yield element.get("srclang")
        elif event == "start":
            seen_root = True
        if event == "start":
            continue
        if not seen_root:
            raise FormatError(path, element.sourceline or 1, "not TMX: the root is not <tmx>")
        number += 1
        yield _unit(path, element, number)
    if not seen_root:
        raise FormatError(path, 1, "not TMX: no <tmx> root")


@dataclass(frozen=True)
class TmxMemory:
    """A memory read whole, once (stdin too): its header's ``srclang`` and its units."""

    srclang: str | None
    units: tuple[TmxUnit, ...]

    def languages(self) -> tuple[str | None, tuple[str, ...]]:
        """Its languages and source, as languages_of reads them from a file."""
        held: list[str] = []
        for unit in self.units:
            held = _with_languages(held, unit.langs)
            if len(held) > 2:
                break
        return _source(self.srclang, held), tuple(held)


def read_memory(path: str) -> TmxMemory:
    """The memory in ``path`` (``-``: stdin) read whole, once."""
    srclang, units = None, []
    for read in _read(path):
        if isinstance(read, TmxUnit):
            units.append(read)
        else:
            srclang = read
    return TmxMemory(srclang, tuple(units))


def _unit(path: str, tu, number: int) -> TmxUnit:
    langs, texts, segments, props = [], [], [], dict[str, str]()
    for tuv in tu:
        if local(tuv.tag) == "prop":
            props.setdefault((tuv.get("type") or "").split(":")[0], tuv.text or "")
        if local(tuv.tag) != "tuv":
            continue  # <prop>, <note>
        lang = attribute(tuv, "lang")
        seg = next((c for c in tuv if local(c.tag) == "seg"), None)
        if not lang or seg is None:
            what = "no xml:lang" if not lang else "no <seg>"
            raise FormatError(path, tuv.sourceline or tu.sourceline or 1, f"<tuv> with {what}")
        langs.append(lang)
        texts.append(model_text(seg))
        segments.append(inner_xml(seg))
    tuid = tu.get("tuid") or str(number)
    line = tu.sourceline or 1
    context, reason = props.get("x-context", ""), _trados_reason(props)
    return TmxUnit(tuid, line, tuple(langs), tuple(texts), tuple(segments), context, reason)


def _trados_reason(props: dict[str, str]) -> str | None:
    """Why a unit gives no pair by the status Trados exports with it, as an SDLXLIFF segment's
    (xliff_tools.sdl_reason): its ``x-ConfirmationLevel`` Rejected* or Draft, its ``x-Origin``
    a machine's (MachineTranslation, AdaptiveMachineTranslation...); None: it gives one (no
    status, Unspecified: an imported unit's). Before, a memory's drafts trained as pairs."""
    level = props.get("x-ConfirmationLevel", "").strip()
    if level.startswith("Rejected"):
        return "rejected"
    if "machinetranslation" in props.get("x-Origin", "").lower():
        return "machine translation"
    return "needs review" if level == "Draft" else None


def languages_of(path: str) -> tuple[str | None, tuple[str, ...]]:
    """The languages the units of ``path`` hold, each once (``en`` and ``en-US`` are one), in
    the file's order, read until a third is seen, and of them the one the header names the
    source (``srclang``; None where it is ``*all*``, names none or none the units hold)."""
    srclang, held = None, []
    for event, element in stream(path, frozenset(("header",)), frozenset(("tu",))):
        if event == "start":
            srclang = element.get("srclang")
            continue
        tuvs = (tuv for tuv in element if local(tuv.tag) == "tuv")
        held = _with_languages(held, [attribute(tuv, "lang") or "" for tuv in tuvs])
        if len(held) > 2:
            break
    return _source(srclang, held), tuple(held)


def _with_languages(held: list[str], langs: Iterable[str]) -> list[str]:
    """``held`` and those of ``langs`` it does not hold (``en-US`` is ``en``), in order."""
    for lang in langs:
        if lang and not any(same_language(lang, h) for h in held):
            held = [*held, lang]
    return held


def _source(srclang: str | None, held: list[str]) -> str | None:
    """The language of ``held`` that the header's ``srclang`` names (None: none)."""
    return next((h for h in held if srclang and same_language(h, srclang)), None)


def read_pairs(
    path: str,
    languages: tuple[str, str],
    report: Report | None = None,
    units: Iterable[TmxUnit] | None = None,
    contexts: bool = False,
    unique: bool = False,
) -> Iterator[Pair]:
    """The (source, target) pairs of ``path`` in ``languages``: a unit that lacks either is
    skipped, and so is one Trados has as a draft, rejected or a machine's (TmxUnit.reason);
    a memory with units but none in both is one InputError (no unit: no pairs); access-key
    markers removed (memory.cleaned). ``report`` hears the counts once the file is
    read. Two languages that match each other (``en`` and ``en``, ``en-US``) would pick one
    variant for both sides, a pair of a text and itself: one InputError, as a catalogue's
    (memory.pick_sides). ``units``: those of the file read already (read_memory), else the file
    is read. ``contexts``: each pair with its unit's context after it (TmxUnit); ``unique``:
    each pair once (memory.cleaned)."""
    if same_language(*languages):
        raise InputError(f"{path}: {languages[0]} and {languages[1]} are the same side")
    counts = Counts(path)
    seen: set[str] = set()

    def raw() -> Iterator[Pair]:
        for unit in read_units(path) if units is None else units:
            counts.read += 1
            seen.update(unit.langs)
            src, tgt = unit.text(languages[0]), unit.text(languages[1])
            if src is None or tgt is None:
                counts.skip(f"without {languages[0] if src is None else languages[1]}")
                continue
            if unit.reason is not None:
                counts.skip(unit.reason)
                continue
            yield (src, tgt, unit.context)[: 3 if contexts else 2]  # type: ignore[misc]

    yield from cleaned(raw(), counts, unique=unique)
    held_both = all(any(same_language(t, lang) for t in seen) for lang in languages)
    if counts.read and not held_both:  # no unit at all: an empty memory, no pairs
        held = ", ".join(sorted(seen)) or "no language tags"
        raise InputError(f"{path}: no units in {languages[0]} and {languages[1]} (it holds {held})")
    if report is not None:
        report(counts.summary())
