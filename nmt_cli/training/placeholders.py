"""Placeholders in training pairs, so that a model learns to copy what it must not translate.

A pair's placeholder version (:func:`mask_pair`): each protected span found on both sides
(protect/spans.py, the detector `nmt translate` uses) becomes a reserved placeholder on both
sides, ``<ph0>``, ``<ph1>``... numbered in source order, the target's span taking the number of
the source span it matches. A target span matches a source span by the same text, or, for a
number or ordinal, by the same value: its text is the source span's as `nmt translate` writes
it in the target language (protect/numbers.py):

    fr  Le budget 2025 prévoit 27 306,5 millions, voir https://insee.fr.
    en  The 2025 budget plans 27,306.5 million, see https://insee.fr.
    ->  Le budget <ph0> prévoit <ph1> millions, voir <ph2>.
        The <ph0> budget plans <ph1> million, see <ph2>.

Guided alignment's links count words, and a span of several words becomes one placeholder (of
several normalised words: ``<``, ``ph0``, ``>``): the links are carried over to the new words
(:func:`remap_links`), and a placeholder's words are linked to its counterpart's words only.

Which pairs are shown with placeholders (:func:`shows_placeholders`) depends only on the seed,
the epoch and the pair, so a resumed run sees the same pairs (TrainConfig.placeholder_share).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from nmt_cli.align.links import word_spans
from nmt_cli.align.rules import Links
from nmt_cli.protect.menus import same_path
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.placeholders import RESERVED, Masked, mask
from nmt_cli.protect.spans import Span, SpanFinder
from nmt_cli.vocab import PLACEHOLDERS


@dataclass(frozen=True)
class MaskedPair:
    """A pair with its shared spans as placeholders: ``src``, ``tgt`` (Masked lines)."""

    src: Masked
    tgt: Masked


def shows_placeholders(seed: int, epoch: int, pair: int, share: float) -> bool:
    """Whether pair ``pair`` is shown with placeholders in ``epoch``: true for about ``share``
    of the pairs, drawn anew each epoch, the same in every process and every resumed run."""
    return share > 0 and random.Random(f"placeholders {seed} {epoch} {pair}").random() < share


def alike(s: Span, t: Span) -> bool:
    """Whether target span ``t`` is source span ``s`` translated: two menu paths of as many
    labels."""
    return s.kind == t.kind == "menu" and same_path(s.text, t.text)


def matched_spans(
    src: Sequence[Span], tgt: Sequence[Span], languages: tuple[str, str] | None
) -> list[tuple[int, int]]:
    """(source span, target span) index pairs: each source span, in order, with the first
    target span not yet taken that has its text, or its value (a number, an ordinal, as
    ``languages`` write it), or, a menu path, as many labels (its translation: protect/menus.py);
    at most as many as there are reserved placeholders."""
    source, target = languages or (None, None)
    taken: set[int] = set()
    matches = []
    for i, s in enumerate(src):
        wanted = {s.text, convert(s.text, s.kind, source, target)}
        j = next(
            (j for j, t in enumerate(tgt) if j not in taken and (t.text in wanted or alike(s, t))),
            None,
        )
        if j is not None:
            taken.add(j)
            matches.append((i, j))
        if len(matches) == len(PLACEHOLDERS):
            break
    return matches


def mask_pair(
    finder: SpanFinder, src: str, tgt: str, languages: tuple[str, str] | None
) -> MaskedPair | None:
    """``src`` and ``tgt`` with their shared spans as placeholders; None: they share none."""
    src_spans = finder.find(src)
    tgt_spans = finder.find(tgt) if src_spans else []  # most pairs: one side read
    matches = matched_spans(src_spans, tgt_spans, languages) if tgt_spans else []
    if not matches:
        return None
    s_spans = [src_spans[i] for i, _ in matches]  # in source order: <ph0>, <ph1>...
    by_target = sorted(range(len(matches)), key=lambda k: matches[k][1])
    t_spans = [tgt_spans[matches[k][1]] for k in by_target]
    return MaskedPair(
        src=mask(src, s_spans, [s.text for s in s_spans], RESERVED),
        tgt=mask(tgt, t_spans, [t.text for t in t_spans], RESERVED, by_target),
    )


@dataclass(frozen=True)
class _WordMap:
    """One side's words before and after masking: ``new[i]``, the new words of old word i
    (none: it was in a span); ``placeholder[k]``, the new words of placeholder k."""

    new: list[list[int]]
    placeholder: dict[int, list[int]]


def _word_map(m: Masked, words: re.Pattern, numbers: Sequence[int]) -> _WordMap:
    """How ``m``'s line's words (found by ``words``) became ``m.text``'s; span k of ``m`` is
    placeholder ``numbers[k]``."""
    old = word_spans(m.line, words)
    new: list[list[int]] = [[] for _ in old]
    placeholder: dict[int, list[int]] = {}
    for n, (a, b) in enumerate(word_spans(m.text, words)):
        start, end = m.original(a, b)
        k = next((k for k, s in enumerate(m.spans) if s.start < end and start < s.end), None)
        if k is not None:  # "<ph0>", or of whitespace words "<ph0>."
            placeholder.setdefault(numbers[k], []).append(n)
            continue
        for i, (c, d) in enumerate(old):
            if c < end and start < d:
                new[i].append(n)
    for i, (c, d) in enumerate(old):
        if any(c < s.end and s.start < d for s in m.spans):
            new[i] = []  # a span's words are its placeholder's
    return _WordMap(new, placeholder)


def remap_links(links: Links, pair: MaskedPair, words: re.Pattern) -> Links:
    """``links`` between the words (``words``) of the pair's lines as links between the words
    of its masked lines: a link of words outside spans follows them; a placeholder's words are
    linked to its counterpart's words, and a span's words to nothing else."""
    src = _word_map(pair.src, words, range(len(pair.src.spans)))
    numbers = [int(name[3:-1]) for name in pair.tgt.names]  # "<ph2>" -> 2
    tgt = _word_map(pair.tgt, words, numbers)
    out = {(a, b) for i, j in links for a in src.new[i] for b in tgt.new[j]}
    for k, source_words in src.placeholder.items():
        out.update((a, b) for a in source_words for b in tgt.placeholder.get(k, ()))
    return sorted(out)
