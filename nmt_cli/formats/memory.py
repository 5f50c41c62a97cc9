"""What the readers of translation memories share: the one error a file that does not parse
gives, which side of a file is which language, the counts a reader reports, and a string made
into what a training pair holds (its access-key marker removed).

A memory's sides are picked by language, never by position: ``--src-lang fr --tgt-lang en``
reads a catalogue or memory written English to French as French to English. A language tag
matches another when one is the other's first subtags (``fr`` matches ``fr-FR``, ``fr_CA`` and
``FR``, ``sr`` a catalogue's ``sr@latin``; ``fr-CA`` does not match ``fr-FR``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from nmt_cli.errors import InputError
from nmt_cli.protect.mnemonics import MARKERS, file_markers, strip_mnemonic
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.textio import one_line, shown_path

Pair = tuple[str, str]  # (source, target), in the languages asked for
P = TypeVar("P", bound=tuple[str, ...])  # a pair, or a pair and what goes with it (its context)
T = TypeVar("T")
Report = Callable[[str], None]  # hears a reader's counts, one line
SKIPPED = "; skipped: "  # in a line of counts where entries were left out (Counts.summary)


class FormatError(InputError):
    """``name`` does not parse as its format at ``where`` (``12``: a line; ``unit 7``: an
    entry): ``FILE:WHERE: what is wrong``."""

    def __init__(self, name: str, where: int | str, message: str):
        name = shown_path(name)  # as every other error names stdin
        super().__init__(f"{name}:{where}: {message}")


def _subtags(tag: str) -> list[str]:
    """``fr-FR``, ``fr_FR``, and a gettext locale's ``fr_FR.UTF-8``, ``sr@latin``: its
    codeset passed over, its modifier a subtag (``sr`` matched no ``sr@latin`` catalogue)."""
    tag = re.sub(r"\.[\w-]*", "", tag.strip())
    return re.split(r"[-_@]", tag.lower())


def same_language(tag: str | None, wanted: str) -> bool:
    """Whether the file's language ``tag`` is the language ``wanted``: one's subtags begin the
    other's (``fr`` and ``fr-FR``, ``fr_CA``; not ``fr-CA`` and ``fr-FR``)."""
    if not tag:
        return False
    a, b = _subtags(tag), _subtags(wanted)
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def pick_sides(
    name: str, languages: tuple[str, str], file_langs: Iterable[str | None]
) -> tuple[int, int]:
    """The positions in ``file_langs`` (the languages of a file's sides, in its order) of the
    source and the target language of ``languages``; InputError naming the file where it lacks
    one of them."""
    langs = list(file_langs)
    found = []
    for wanted in languages:
        at = [k for k, tag in enumerate(langs) if same_language(tag, wanted)]
        if not at:
            held = ", ".join(t for t in dict.fromkeys(langs) if t) or "no language tags"
            raise InputError(
                f"{name}: no {wanted} side (it holds {held}); a memory's sides are picked by "
                "--src-lang and --tgt-lang"
            )
        found.append(at[0])
    if found[0] == found[1]:
        raise InputError(f"{name}: {languages[0]} and {languages[1]} are the same side")
    return found[0], found[1]


def by_language(
    name: str,
    languages: tuple[str, str],
    counts: Counts,
    parts: Iterable[tuple[Sequence[str | None], T]],
) -> Iterator[tuple[int, int, T]]:
    """pick_sides for each of ``parts`` (the languages of its sides, and itself: an XLIFF
    unit, its <file>'s languages), counted read: one without a language asked for is skipped
    ("without fr"), as a TMX unit is; the file is one InputError (pick_sides') only where none
    holds both, saying so where its targets' language is not named (an Angular file's).
    Before, an XLIFF file of a German <file> and a French one was one error for French, "no fr
    side (it holds en, de)"."""
    held: list[str | None] = []
    found = False
    for langs, part in parts:
        counts.read += 1
        lacking = next((w for w in languages if not any(same_language(t, w) for t in langs)), 0)
        if lacking:
            counts.skip(f"without {lacking}")
            held.extend(langs)
            continue
        found = True
        yield (*pick_sides(name, languages, langs), part)
    missing = [w for w in languages if not any(same_language(t, w) for t in held)]
    if not found and None in held and len(missing) == 1:  # was: "no fr side (it holds en)"
        raise InputError(
            f"{name}: no {missing[0]} side: it names no language for its targets; add one to each "
            f'<file> (target-language="{missing[0]}", XLIFF 2.0: trgLang on <xliff>)'
        )
    if held and not found:
        pick_sides(name, languages, held)  # which language it lacks, and those it holds
        raise InputError(f"{name}: no part in both {languages[0]} and {languages[1]}")


@dataclass
class Counts:
    """What a reader did with a file's entries: ``read``, ``kept`` as pairs, and those skipped,
    by reason (``fuzzy``, ``untranslated``, ...)."""

    name: str
    read: int = 0
    kept: int = 0
    skipped: Counter[str] = field(default_factory=Counter)

    def skip(self, reason: str) -> None:
        self.skipped[reason] += 1

    def summary(self) -> str:
        """``FILE: 12 read, 9 pairs kept; skipped: 2 fuzzy, 1 untranslated``."""
        line = f"{self.name}: {self.read:,} read, {self.kept:,} pairs kept"
        if self.skipped:
            reasons = ", ".join(f"{n:,} {why}" for why, n in sorted(self.skipped.items()))
            line += f"{SKIPPED}{reasons}"
        return line


class Cleaner:
    """A string as a training pair holds it: its access-key markers (``markers``, of
    protect/mnemonics.py's kinds; none: the file has none) removed, doubled markers made single.

    A marker inside a protected span (``&amp;``, a URL, ``%AVERAGE_VALUE``) is not a mnemonic.
    A word the span finder takes for an identifier only because a marker is in it is, in a
    catalogue, most often the mnemonic's word (``_Profondeur``, ``E_xporter``, ``M_odule``):
    it stays protected only where it is written as code is (not led by the marker, no capital
    first letter alone: ``max_len``, ``STD_DEVIATION``) and the pair's other side holds it as
    it is, a whole word: code is never translated.
    """

    def __init__(self, markers: Sequence[str] = ()):
        unknown = [m for m in markers if m not in MARKERS]
        if unknown:
            raise ValueError(f"not a mnemonic marker: {unknown[0]!r}")
        self.markers = tuple(markers)
        self._finder: SpanFinder | None = None

    def __call__(self, text: str, other: str = "") -> str:
        """``text`` cleaned; ``other``: the pair's other side, as the file writes it."""
        for marker in self.markers:
            if marker in text:
                text = self._strip(text, marker, other)
        return text

    def _strip(self, text: str, marker: str, other: str) -> str:
        if self._finder is None:
            self._finder = SpanFinder()
        protected = [
            (s.start, s.end)
            for s in self._finder.find(text)
            if s.kind != "identifier" or marker not in s.text or _code(s.text, marker, other)
        ]
        return strip_mnemonic(text, marker, protected)


def _code(word: str, marker: str, other: str) -> bool:
    """Whether an identifier with ``marker`` in it is code: not led by the marker (``_OK``,
    ``_Profondeur``), copied as it is, a whole word, into the other side, and not a word with
    a capital first letter alone (``M_odule`` is a menu's word)."""
    if word.startswith(marker) or not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", other):
        return False
    letters = [c for c in word if c.isalpha()]
    first, rest = letters[:1], letters[1:]
    return not (first and first[0].isupper() and not any(c.isupper() for c in rest))


MARKER_WINDOW = 1000  # the first strings of a streamed file that decide its markers


def cleaned(
    pairs: Iterable[P], counts: Counts, markers: Sequence[str] | None = None, unique: bool = False
) -> Iterator[P]:
    """``pairs`` as training holds them: each side one line (a line break is a space), its
    access-key ``markers`` removed (None: those the first MARKER_WINDOW sources use:
    file_markers), pairs with an empty side skipped; ``counts.kept`` counts what is given.
    What a pair holds after its two sides (a catalogue entry's context) is given with them.
    ``unique``: a pair the same as one given before, once cleaned, skipped ("duplicate"), as
    training reads a memory (a memory's sentence repeated in its units is not worth more)."""
    seen: set[tuple[str, ...]] | None = set() if unique else None
    rest = iter(pairs)
    window = list(itertools.islice(rest, MARKER_WINDOW))
    clean = Cleaner(markers if markers is not None else file_markers([p[0] for p in window]))
    more: list[str]
    for src, tgt, *more in itertools.chain(window, rest):
        src, tgt = one_line(clean(src, tgt)).strip(), one_line(clean(tgt, src)).strip()
        if not src or not tgt:
            counts.skip("empty")
            continue
        if seen is not None:
            if (key := (src, tgt, *more)) in seen:
                counts.skip("duplicate")
                continue
            seen.add(key)
        counts.kept += 1
        yield (src, tgt, *more)  # type: ignore[misc]
