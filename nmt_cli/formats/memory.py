"""What the readers of translation memories share: the one error a file that does not parse
gives, which side of a file is which language, the counts a reader reports, and a string made
into what a training pair holds (its access-key marker removed).

A memory's sides are picked by language, never by position: ``--src-lang fr --tgt-lang en``
reads a catalogue or memory written English to French as French to English. A language tag
matches another when one is the other's first subtags (``fr`` matches ``fr-FR``, ``fr_CA`` and
``FR``; ``fr-CA`` does not match ``fr-FR``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from nmt_cli.errors import InputError
from nmt_cli.protect.mnemonics import MARKERS, catalogue_marker, find_mnemonic, strip_mnemonic
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.textio import one_line

Pair = tuple[str, str]  # (source, target), in the languages asked for
Report = Callable[[str], None]  # hears a reader's counts, one line


class FormatError(InputError):
    """``name`` does not parse as its format at ``where`` (``12``: a line; ``unit 7``: an
    entry): ``FILE:WHERE: what is wrong``."""

    def __init__(self, name: str, where: int | str, message: str):
        super().__init__(f"{name}:{where}: {message}")


def _subtags(tag: str) -> list[str]:
    return tag.strip().replace("_", "-").lower().split("-")


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
            line += f"; skipped: {reasons}"
        return line


class Cleaner:
    """A string as a training pair holds it: its access-key marker (``marker``, one of
    protect/mnemonics.py's; None: the file has none) removed, doubled markers made single.

    A marker inside a protected span (``max_len``, ``&amp;``, a URL) is not a mnemonic; a word
    the span finder takes for an identifier only because it starts with ``_`` (``_Profondeur``)
    is the mnemonic's word, not a span."""

    def __init__(self, marker: str | None):
        if marker is not None and marker not in MARKERS:
            raise ValueError(f"not a mnemonic marker: {marker!r}")
        self.marker = marker
        self._finder: SpanFinder | None = None

    def __call__(self, text: str) -> str:
        marker = self.marker
        if marker is None or marker not in text:
            return text
        if self._finder is None:
            self._finder = SpanFinder()
        protected = [
            (s.start, s.end)
            for s in self._finder.find(text)
            if not (s.kind == "identifier" and s.text.startswith(marker))
        ]
        return strip_mnemonic(text, marker, protected)


MARKER_WINDOW = 1000  # the first strings of a streamed file that decide its marker
MARKER_SHARE = 0.01  # the share of them an "&" must mark a letter in: "AT&T" is not a key


def file_marker(sources: list[str]) -> str | None:
    """The access-key marker of a file whose source strings are (or begin with) ``sources``:
    protect/mnemonics.py's catalogue_marker; an ``&`` only if it marks a letter in at least
    MARKER_SHARE of them (and two): prose that writes "AT&T" or "R&D" keeps its ampersand."""
    marker = catalogue_marker(sources)
    if marker != "&":
        return marker
    marked = sum(1 for s in sources if find_mnemonic(s, marker).index is not None)
    return marker if marked >= max(2, MARKER_SHARE * len(sources)) else None


def cleaned(pairs: Iterable[Pair], counts: Counts, marker: str | None = "") -> Iterator[Pair]:
    """``pairs`` as training holds them: each side one line (a line break is a space), its
    access-key marker removed (``marker``: the file's, None: it has none, "": the one the
    first MARKER_WINDOW sources use), pairs with an empty side skipped; ``counts.kept``
    counts what is given."""
    rest = iter(pairs)
    window = list(itertools.islice(rest, MARKER_WINDOW))
    clean = Cleaner(marker if marker != "" else file_marker([s for s, _ in window]))
    for src, tgt in itertools.chain(window, rest):
        src, tgt = one_line(clean(src)).strip(), one_line(clean(tgt)).strip()
        if not src or not tgt:
            counts.skip("empty")
            continue
        counts.kept += 1
        yield src, tgt
