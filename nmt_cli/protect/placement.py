"""Putting protected spans back into a translation: by placeholder, else by alignment.

A sentence's translation holds the placeholders the model carried over. Each span of the
sentence ends up in the text exactly once:

- carried once: the span takes its placeholder's place;
- carried more than once: it takes the place of the copy whose target word attends most to the
  placeholder's source word, and the other copies go;
- dropped: it goes where the attention alignment puts its source word. The target words the
  model wrote for the placeholder (their strongest source word is the placeholder's, and they
  look like a garbled copy of it: see PlaceholderForm.is_fragment) are replaced by the span,
  their leading and trailing punctuation kept (``$1011,`` -> ``$150,000,``); without such
  words the span goes beside the target word that attends most to it (before it when that
  word's own strongest source word comes after the placeholder, else after it, but before a
  final stop). With no attention at all it goes where its source word lies, in proportion;
- a placeholder of another sentence of the line is dropped: a span is never doubled, never
  invented. A reserved name that is no placeholder of the line (``<ph9>`` in a line of three)
  is dropped too: no placeholder is ever printed. A fallback number that is no placeholder of
  the line (a number past its last) is the model's own text;
- placeholders the model glued together are found apart: ``<ph1>.<ph2>`` (PlaceholderForm.find);
- placeholders filled in their order of the string (two ``%s``: format_strings.order_group)
  keep their source order whatever order the model wrote them in: the places the model gave
  them are filled in the source's order.

An element whose tags enclosed words in the source (``pour <b>continuer</b>``) and that the
model left empty or turned inside out ("to continue <b></b>") goes around the words of the
translation aligned to the words it enclosed ("to <b>continue</b>"); where none is, or
another tag stands among them, it stays as the model wrote it.

A span that touched a word in the source (``&lt;em&gt;urgent``) is glued back to its neighbour;
one that did not is set apart from a word the model glued to its placeholder (``the101``, after
an elided ``l'101``; ``104s``, after a span that ends in a letter, ``https://x.de``). Two spans
the source joins with symbols and no space (``%1/%2``) are written so where the translation has
them in order with those symbols between them.

Word-level attention ``weights`` is (Tw, Sw): a row per word of the translation, a column per
word of the masked source sentence (see nmt_cli/align/words.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from nmt_cli.protect.placeholders import PlaceholderForm

Weights = Sequence[Sequence[float]]  # (Tw, Sw)


@dataclass
class _Unit:
    """A part of the output: text of translation word ``word``, or span ``span`` (``word`` None:
    a span placed by alignment). Units of one word are written without a space between them."""

    text: str
    word: int | None
    span: int | None = None
    core: bool = False  # from the word's core, not its leading or trailing punctuation
    first: bool = True  # the first unit of its word


@dataclass(frozen=True)
class Placement:
    """The translation with its spans in place.

    text        the output
    words       for each word of the translation given, the words of ``text`` it became
                (none: removed; a placeholder's own words are its span's)
    span_words  for each span, its words in ``text``
    span_from   for each span put in the place of a word of the translation given (its
                placeholder, or a garbled copy of it), that word; a span placed by the
                alignment beside the words has none
    span_at     for each span, where its output starts in ``text``
    """

    text: str
    words: list[list[int]]
    span_words: dict[int, list[int]]
    span_from: dict[int, int]
    span_at: dict[int, int] = field(default_factory=dict)


def place_spans(
    translation: str,
    sources: dict[int, int],
    outputs: Sequence[str],
    glue: Sequence[tuple[bool, bool]],
    form: PlaceholderForm,
    weights: Weights | None = None,
    n_source: int = 0,
    order: Sequence[str | None] = (),
    touching: Sequence[bool] = (),
    joins: Sequence[str] = (),
    tight: bool = False,
    pairs: Sequence[tuple[int, int]] = (),
) -> Placement:
    """``translation`` (of a masked sentence) with span k written as ``outputs[k]``, for each
    span k of the sentence: ``sources[k]`` is the source word holding its placeholder. ``glue``:
    (left, right) of each span, see placeholders.Masked. ``n_source``: the source's words,
    for placing a dropped span when there are no ``weights``. ``order``: each span's order group
    (format_strings.order_group; none: empty), whose spans keep their order. ``touching``:
    whether span k ends where span k+1 starts in the source (placeholders.Masked.touching).
    ``joins``: the symbols that join span k to span k+1 in the source (placeholders.Masked.joins):
    where the translation has the two spans with those symbols between them, they are written
    as the source wrote them (``%1/%2``, not ``%1 / %2``). ``tight``: the source sets no full
    stop or comma apart, so one the translation sets apart is written against the word before
    it (the model wrote one after a placeholder it moved: ``l'axe Y.``, "the Y axis ."). ``pairs``:
    (opening, closing) of each element the spans' tags make (placeholders.Masked.pairs)."""
    words = translation.split()
    if weights is not None and (len(weights) != len(words) or not weights or not weights[0]):
        weights = None
    units = _keep_one_copy(_units(words, form, len(outputs)), sources, weights)
    garbled = _garbled(units, set(sources.values()), form, weights)
    for k in sorted(set(sources) - {u.span for u in units}):
        units = _place_dropped(units, k, sources[k], garbled, weights, n_source, len(words))
    units = [u for u in units if u.span is not None or not (u.core and u.word in garbled)]
    for k, j in _emptied(units, pairs, sources) if weights is not None else ():
        units = _around_aligned(units, k, j, sources, weights)
    units = _in_source_order(units, order)
    return _render(units, outputs, glue, touching, len(words), _joined(units, joins), tight)


def _joined(units: list[_Unit], joins: Sequence[str]) -> set[int]:
    """The indices of the units that the source writes against the unit before them: the
    symbols that join two spans (``joins``) between those spans, and the second span."""
    joined = set()
    for i in range(1, len(units) - 1):
        before, u, after = units[i - 1], units[i], units[i + 1]
        k = before.span
        if (
            k is not None
            and u.span is None
            and after.span == k + 1
            and k < len(joins)
            and joins[k]
            and u.text == joins[k]
        ):
            joined.update((i, i + 1))
    return joined


def held(source: str, form: PlaceholderForm, n_spans: int) -> dict[int, int]:
    """{span: the word of the masked sentence ``source`` that holds its placeholder}, for the
    placeholders of a line of ``n_spans`` spans that the sentence holds."""
    placeholders = {}
    for j, word in enumerate(source.split()):
        for _, _, k in form.find(word, n_spans):
            if 0 <= k < n_spans:
                placeholders[k] = j
    return placeholders


def _in_source_order(units: list[_Unit], order: Sequence[str | None]) -> list[_Unit]:
    """``units`` with the spans of each order group in their source order: the places the
    group's spans took are given to them in the order of their numbers."""
    places: dict[str, list[_Unit]] = defaultdict(list)
    for u in units:
        if u.span is not None and u.span < len(order) and order[u.span] is not None:
            places[order[u.span]].append(u)
    for group in places.values():
        for u, k in zip(group, sorted(u.span for u in group)):
            u.span = k
    return units


def needs_alignment(
    translation: str,
    sources: dict[int, int],
    n_spans: int,
    form,
    pairs: Sequence[tuple[int, int]] = (),
) -> bool:
    """Whether putting the spans into ``translation`` needs its word alignment: a placeholder
    of the sentence is not in it exactly once, a word may be a garbled copy of one, or an
    element of ``pairs`` that enclosed words came out empty or inside out."""
    if not sources:
        return False
    units = _units(translation.split(), form, n_spans)
    found = [u.span for u in units if u.span is not None]
    if any(found.count(k) != 1 for k in sources):
        return True
    if any(u.core and u.span is None and form.is_fragment(u.text) for u in units):
        return True
    return bool(_emptied(units, pairs, sources))


def _emptied(
    units: list[_Unit], pairs: Sequence[tuple[int, int]], sources: dict[int, int]
) -> list[tuple[int, int]]:
    """The elements of ``pairs`` whose tags enclosed a word in the source and enclose none
    (no letter, no digit) in ``units``, or close before they open."""
    where = {u.span: i for i, u in enumerate(units) if u.span is not None}
    out = []
    for k, j in pairs:
        if k not in sources or j not in sources or sources[j] - sources[k] < 2:
            continue  # not both in this sentence, or no word between them in the source
        if k not in where or j not in where:
            continue
        inside = units[where[k] + 1 : where[j]]
        if where[j] < where[k] or not any(u.span is None and u.core for u in inside):
            out.append((k, j))
    return out


def _around_aligned(
    units: list[_Unit], k: int, j: int, sources: dict[int, int], weights: Weights
) -> list[_Unit]:
    """``units`` with the tags of element (``k``, ``j``) around the translation words whose
    strongest source word is one the element enclosed in the source; as they were where no
    word is, or where another tag stands among those words."""
    enclosed = set(range(sources[k] + 1, sources[j])) - set(sources.values())
    aligned = [
        u.word
        for u in units
        if u.span is None and u.core and u.word is not None and _argmax(weights[u.word]) in enclosed
    ]
    if not aligned:
        return units
    first, last = min(aligned), max(aligned)
    rest = [u for u in units if u.span not in (k, j)]
    inside = [i for i, u in enumerate(rest) if u.word is not None and first <= u.word <= last]
    if any(rest[i].span is not None for i in range(inside[0], inside[-1] + 1)):
        return units  # another span among them: its nesting is not known
    opening, closing = (next(u for u in units if u.span == n) for n in (k, j))
    opening.word = closing.word = None  # placed by the alignment, beside the words
    a, b = inside[0], inside[-1] + 1
    return [*rest[:a], opening, *rest[a:b], closing, *rest[b:]]


def _units(words: list[str], form: PlaceholderForm, n_spans: int) -> list[_Unit]:
    """The units of the translation's words: each word's leading punctuation, its core split at
    the line's placeholders (a number that is not one is text), its trailing punctuation."""
    units = []
    for i, word in enumerate(words):
        names = [
            (a, b, k if 0 <= k < n_spans else -1)  # -1: a reserved name of no span, dropped
            for a, b, k in form.find(word, n_spans)
            if 0 <= k < n_spans or not word[a:b].isdigit()
        ]
        core = [c.isalnum() for c in word]  # a name's own marks (<ph0>) are of the core
        for a, b, _ in names:
            core[a:b] = [True] * (b - a)
        start = next((n for n, c in enumerate(core) if c), len(word))
        end = max(start, max((n + 1 for n, c in enumerate(core) if c), default=0))
        if start:
            units.append(_Unit(word[:start], i))
        pos = start
        for a, b, k in names:
            if a > pos:
                units.append(_Unit(word[pos:a], i, core=True))
            units.append(_Unit(word[a:b], i, k, core=True))
            pos = b
        if end > pos:
            units.append(_Unit(word[pos:end], i, core=True))
        if end < len(word):
            units.append(_Unit(word[end:], i))
    for i, u in enumerate(units):
        u.first = i == 0 or units[i - 1].word != u.word
    return units


def _keep_one_copy(units: list[_Unit], sources: dict[int, int], weights) -> list[_Unit]:
    """``units`` with one copy of each of the sentence's placeholders, none of another
    sentence's."""
    keep: dict[int, _Unit] = {}
    for u in units:
        if u.span not in sources:
            continue
        best = keep.get(u.span)
        s = sources[u.span]
        if best is None or weights is not None and weights[u.word][s] > weights[best.word][s]:
            keep[u.span] = u
    kept = {id(u) for u in keep.values()}
    return [u for u in units if u.span is None or id(u) in kept]


def _argmax(values: Sequence[float]) -> int:
    return max(range(len(values)), key=lambda i: (values[i], -i))  # the first maximum


def _garbled(units: list[_Unit], held: set[int], form, weights) -> dict[int, int]:
    """The words the model wrote for a placeholder, garbled, as {translation word: the source
    word holding the placeholder}: words that hold no placeholder, whose core looks like a
    piece of one, and whose strongest source word holds one (``held``)."""
    if weights is None:
        return {}
    holding = {u.word for u in units if u.span is not None}
    cores: dict[int, str] = {}
    for u in units:
        if u.core and u.word not in holding:
            cores[u.word] = cores.get(u.word, "") + u.text
    best = {t: _argmax(weights[t]) for t, core in cores.items() if form.is_fragment(core)}
    return {t: s for t, s in best.items() if s in held}


def _place_dropped(
    units: list[_Unit], k: int, s: int, garbled: dict[int, int], weights, n_source, n_words
) -> list[_Unit]:
    """``units`` with dropped span ``k`` (its placeholder was source word ``s``) put in: where
    the first word written for it was (its core; the caller drops those words' cores), else
    by the alignment, else in proportion."""
    span = _Unit("", None, k)
    if not n_words:
        return [*units, span]
    if weights is None:
        at = round(s * (n_words - 1) / max(n_source - 1, 1)) if n_source else n_words
        return _insert(units, span, at, before=True)
    written = sorted(t for t, held in garbled.items() if held == s)
    if written:
        span.word = written[0]
        i = next(i for i, u in enumerate(units) if u.word == written[0] and u.core)
        return [*units[:i], span, *units[i:]]
    t = _argmax([row[s] for row in weights])
    return _insert(units, span, t, before=_argmax(weights[t]) > s)


def _insert(units: list[_Unit], span: _Unit, t: int, before: bool) -> list[_Unit]:
    """``units`` with ``span`` before (or after) the units of word ``t``; before a final stop."""
    after = [i for i, u in enumerate(units) if u.word is not None and u.word >= t + (not before)]
    stop = bool(units) and not units[-1].core and not units[-1].text.strip(".!?…")  # "time Ctrl+C."
    i = after[0] if after else len(units) - stop  # word t may be gone: before the next one left
    return [*units[:i], span, *units[i:]]


def _render(
    units: list[_Unit],
    outputs: Sequence[str],
    glue: Sequence[tuple[bool, bool]],
    touching: Sequence[bool],
    n_words: int,
    joined: set[int] | frozenset[int] = frozenset(),
    tight: bool = False,
) -> Placement:
    words: list[list[int]] = [[] for _ in range(n_words)]
    span_words: dict[int, list[int]] = {}
    span_from: dict[int, int] = {}
    span_at: dict[int, int] = {}
    parts: list[str] = []
    at = 0  # where the next part starts in the parts joined
    word = -1  # the output word the last unit ended in
    last: _Unit | None = None  # the last unit written
    for i, u in enumerate(units):
        text = outputs[u.span] if u.span is not None else u.text
        if not text:
            continue
        apart = last is not None and (u.word is None or last.word != u.word) and i not in joined
        if apart and not u.first and not any(c.isalnum() for c in text):
            apart = False  # punctuation the model wrote after a placeholder that is gone
        if last is not None and _glued(last, u, glue, touching):
            apart = False
        if tight and u.span is None and text in (".", ","):
            apart = False  # one the model set apart ("the Y axis .")
        if _letters_against_span(last, u, glue, outputs):
            apart = True  # the model wrote "the101" or "101s" where the source had a space
        if apart or last is None:
            word += 1
            parts.append(" ")
            at += 1
        covered = list(range(word, word + len(text.split())))
        word = covered[-1]
        parts.append(text)
        last = u
        if u.span is not None:
            span_words[u.span] = covered
            span_at[u.span] = at
            if u.word is not None:
                span_from[u.span] = u.word
        elif u.word is not None:
            words[u.word].extend(w for w in covered if w not in words[u.word])
        at += len(text)
    joined = "".join(parts)
    lead = len(joined) - len(joined.lstrip())  # the first part's space, stripped
    span_at = {k: a - lead for k, a in span_at.items()}
    return Placement(joined.strip(), words, span_words, span_from, span_at)


def _glued(last: _Unit, u: _Unit, glue, touching: Sequence[bool]) -> bool:
    """Whether ``u`` is written against ``last`` as the source wrote its span: a span that
    touched a word, against the unit beside it; one that touched the next span
    (``touching``), only against that span, wherever the model put the two."""
    if u.span is not None and glue[u.span][0]:
        after_span = 0 < u.span <= len(touching) and touching[u.span - 1]
        if not after_span or last.span == u.span - 1:
            return True
    if last.span is not None and glue[last.span][1]:
        before_span = last.span < len(touching) and touching[last.span]
        return not before_span or u.span == last.span + 1
    return False


def _letters_against_span(last: _Unit | None, u: _Unit, glue, outputs: Sequence[str]) -> bool:
    """Whether the model glued a word's letters to a span the source set apart: before it
    ("the101") or after one that ends in a letter ("104s": ``https://x.de`` "s")."""
    if last is None or last.word != u.word or (last.span is None) == (u.span is None):
        return False
    if u.span is not None:
        return not glue[u.span][0] and last.core and last.text[-1:].isalpha()
    after = outputs[last.span][-1:] + u.text[:1]  # the span's last character, the word's first
    return not glue[last.span][1] and u.core and after.isalpha() and len(after) == 2
