"""Protected spans around the translator: each line masked before it is split and translated,
each of its sentences' translations given its spans back (nmt_cli/protect/).

What the printed line shows is the original: the Translation's source is the line as given, its
text holds the spans, and its word alignment (``--align``) counts the printed words: a span's
source words are linked to its words in the translation, one to one where their counts agree.
Its pieces (jsonl's ``tokens``) and attention are the model's, over the masked sentence, and so
are its log-prob and score: those of the placeholders' pieces, not of the spans' own. Its word
scores (``--word-scores``) count the printed words: a span's first word holds its placeholder's
score (_printed_word_scores). A line with nothing to protect is translated exactly as without
protection. An ICU plural message gets its target's plural categories (icu_categories.py).

Where the model dropped or repeated a placeholder, the span is placed by the attention alignment
(placement.py); a model with a full-context alignment pass (see nmt_cli/align/forced.py) reads
it from that pass, run only for the sentences that need it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import torch

from nmt_cli.align.words import merge_to_words, word_ids
from nmt_cli.inference.names import acronym_spans, kept_spans, name_spans
from nmt_cli.inference.quotes import quoted_as
from nmt_cli.inference.translation import Translation, joined
from nmt_cli.inference.typography import spans_written
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model.spelling import ByteSpelling
from nmt_cli.protect import names
from nmt_cli.protect.code import untaught_calls
from nmt_cli.protect.dates import convert_date, dates_lost, find_dates
from nmt_cli.protect.format_strings import order_groups
from nmt_cli.protect.icu_categories import retarget
from nmt_cli.protect.names import parameter_name, product_names, shouted_words
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.placeholders import (
    Masked,
    PlaceholderForm,
    form_for,
    mask,
    numbered_apart,
    numbered_back,
)
from nmt_cli.protect.placement import Placement, held, needs_alignment, place_spans
from nmt_cli.protect.spans import Span, SpanFinder
from nmt_cli.protect.symbols import with_number
from nmt_cli.protect.units import per_cents, per_cents_lost

# attend([(source ids, target ids), ...]): the (T+1, S+1) alignment attention of each pair
Attend = Callable[[list[tuple[list[int], list[int]]]], list[torch.Tensor]]


def _with_facts(
    line: str,
    spans: list[Span],
    known: Collection[str] | None,
    language: str | None,
    written: Collection[str] = (),
    acronyms: Collection[str] = (),
    kept: Collection[str] = (),
) -> list[Span]:
    """``spans`` with the dates of ``line`` (a text in ``language``; a date takes the place of
    the numbers inside it), its per cents (kind ``measure``: ``50 %``, in place of its number),
    the names its model was not taught (``known``: the words it was), its acronyms to copy
    (inference/names.py; ``written``: the model's target words) among ``acronyms`` (those a
    translation lost) and its names among ``kept`` (a first one kept), where no span is."""
    dates = [(*date, "date") for date in find_dates(line, language)]
    for start, end, kind in dates + [(*found, "measure") for found in per_cents(line)]:
        inside = [s for s in spans if start <= s.start and s.end <= end]
        if not any(s.start < end and start < s.end for s in spans if s not in inside):
            spans = [s for s in spans if s not in inside] + [
                Span(start, end, kind, line[start:end])
            ]
    names = [
        Span(start, end, "name", line[start:end])
        for start, end in (
            name_spans(line, known)
            + acronym_spans(line, known, written, acronyms)
            + kept_spans(line, kept)
            if known
            else []
        )
        if not any(s.start < end and start < s.end for s in spans)
    ]
    return sorted(spans + names, key=lambda s: s.start)


@dataclass
class _Sentence:
    """One sentence's translation in its line: where its masked text starts in the masked line,
    its placeholders' spans ({span: masked word}), whether its word alignment places them."""

    masked: Masked
    part: Translation
    offset: int
    placeholders: dict[int, int]
    attention: torch.Tensor | None = None
    by_alignment: bool = False


class SpanProtection:
    """``mask(line)`` before translation, ``restore(masked, results)`` after, for a model with
    ``tokenizer`` translating ``languages`` (source, target; None: not recorded, so numbers keep
    their written form). ``patterns``: the user's own kinds of span (regular expressions).
    ``form``: the placeholders (default: the tokenizer's, see placeholders.form_for).
    ``glossary``: {source term: target term}; a source term is a span whose translation shows
    its target term (protect/glossary.py). ``known``: the words the model was taught (its
    known-words file), which tell the names it was not taught (inference/names.py) that
    ``mask(line, facts=True)`` protects too; ``written``: the words its training targets held
    (its target-words file), which tell the acronyms it copies (protect/names.py); with
    ``shouted``, ``known`` tells the words a line shouts in capitals too (kind ``capitals``)."""

    def __init__(
        self,
        tokenizer,
        languages: tuple[str, str] | None,
        patterns: Sequence[str] = (),
        form: PlaceholderForm | None = None,
        glossary: Mapping[str, str] | None = None,
        known: Collection[str] | None = None,
        written: Collection[str] = (),
        shouted: bool = True,
    ):
        self.tok = tokenizer
        self.shouted = shouted
        self.known, self.written = known, written
        self.glossary = dict(glossary or {})
        self.source, self.target = languages or (None, None)
        spelled = ByteSpelling(tokenizer)  # a word holding a sign it cannot write: a span
        self.finder = SpanFinder(patterns, self.glossary, self.source, spelled)
        self.form = form or form_for(tokenizer.encode, tokenizer.piece_to_id)

    def mask(
        self,
        line: str,
        facts: bool = False,
        acronyms: Collection[str] = (),
        kept: Collection[str] = (),
    ) -> Masked:
        """``line`` with its spans masked (and the untaught name of the parameter it describes,
        protect/names.py, kind ``name``); with ``facts``, the words a translation lost are
        spans too (a second search's): the names its model was not taught (kind ``name``,
        copied as written), those of ``acronyms`` (the acronyms to copy it lost, kind
        ``name`` too), the names of ``kept`` (those it held as written, kind ``name``: the
        second search must not lose them), dates with a month's name (kind ``date``,
        protect/dates.py) and per cents (kind ``measure``, protect/units.py)."""
        spans = self.finder.find(line)
        if self.known:
            spans = self._named(line, spans)
        if facts:
            args = (self.known, self.source, self.written, acronyms, kept)
            spans = _with_facts(line, spans, *args)
        outputs = [self._output(s) for s in spans]
        return mask(line, spans, outputs, self.form)

    def places(self, line: str) -> list[tuple[int, int]]:
        """Where the spans of ``line`` are (quotes.py leaves their marks): the finder's and,
        given ``known``, its untaught words in quotation marks (protect/names.py)."""
        found = [(s.start, s.end) for s in self.finder.find(line)]
        return sorted(found + (names.untaught_quoted(line, self.known) if self.known else []))

    def facts_lost(self, line: str, text: str) -> bool:
        """Whether ``text``, a translation of ``line``, lost one of its dates (dates.py) or
        per cents (units.py): what ``mask(line, facts=True)`` passes through."""
        lost = dates_lost(line, text, self.source, self.target)
        return lost or per_cents_lost(line, text)

    def _named(self, line: str, spans: list[Span]) -> list[Span]:
        """``spans`` with the untaught name of the parameter ``line`` describes (``sortorder :
        ...``, kind ``name``), its untaught words copied (``« admins »``, kind ``value``;
        ``nmt-cli``, kind ``name``) and its words shouted in capitals (kind ``capitals``,
        translated on their own: inference/menus.py), where no other span is
        (protect/names.py); and the calls of functions named no word it was taught
        (``print(x)``, kind ``method``: protect/code.py) and the names of products (``iPhone
        15 Pro Max``, kind ``name``), whole, the spans inside them theirs (``round(v, 2)``)."""
        found = [(*named, "name")] if (named := parameter_name(line, self.known)) else []
        found += [(*q, "value") for q in names.untaught_quoted(line, self.known)]
        found += [(*h, "name") for h in names.untaught_hyphenated(line, self.known, self.written)]
        if self.shouted:  # a line in capitals but for its spans (%s, {name}) is read whole
            outside = _blanked(line, spans)
            found += [(*r, "capitals") for r in shouted_words(outside, self.known, self.written)]
        for start, end, kind in [
            *((*call, "method") for call in untaught_calls(line, self.known)),
            *((*product, "name") for product in product_names(line)),
        ]:
            if not any(s.start < end and start < s.end and not start <= s.start for s in spans):
                spans = [s for s in spans if not (start <= s.start and s.end <= end)]
                found.append((start, end, kind))
        for start, end, kind in found:
            if not any(s.start < end and start < s.end for s in spans):
                spans.append(Span(start, end, kind, line[start:end]))
        return sorted(spans, key=lambda s: s.start)

    def _output(self, span: Span) -> str:
        """What ``span`` becomes in the translation."""
        if span.kind == "term":
            return self.glossary[span.text]
        if span.kind == "date":
            return convert_date(span.text, self.source, self.target)
        if span.kind in ("file", "value"):  # a name in quotation marks: the target's (quotes.py)
            return quoted_as(span.text, self.target)
        if span.kind == "symbol":  # ×1,5: ×1.5
            return with_number(span.text, lambda n: convert(n, "number", self.source, self.target))
        return convert(span.text, span.kind, self.source, self.target)

    def restore(
        self,
        masked: list[Masked],
        results: list[list[Translation]],
        with_alignment: bool,
        attend: Attend | None = None,
        *,
        penalty: LengthPenalty,
    ) -> list[list[Translation]]:
        """Each line's n-best with its spans back (``with_alignment``: the results have word
        alignments, which are mapped to the printed words). ``attend``: the alignment pass that
        replaces a hypothesis's attention where a span must be placed by alignment (None: the
        hypothesis's own). ``penalty``: the search's, which scored the results; putting spans
        back changes no piece, so no log-prob and no score (a split line's is rejoined by it)."""
        sentences: dict[int, _Sentence] = {}  # by id(part): the n-best share sentences
        for m, nbest in zip(masked, results):
            for t in nbest if m.spans else ():
                for part, offset in zip(_parts(t), _offsets(m.text, _parts(t))):
                    sentences.setdefault(id(part), self._sentence(m, part, offset))
        if attend is not None:
            todo = [s for s in sentences.values() if s.by_alignment]
            pairs = [(self._ids(s.part.src_pieces), self._ids(s.part.tgt_pieces)) for s in todo]
            for s, attention in zip(todo, attend(pairs) if pairs else []):
                s.attention = attention
        done = {key: self._restored(s, with_alignment) for key, s in sentences.items()}
        out = []
        for m, nbest in zip(masked, results):
            if not m.spans:
                out.append(nbest)
                continue
            lines = []
            for t in nbest:
                parts = [done[id(p)] for p in _parts(t)]
                lines.append(joined(m.line, parts, penalty) if t.sentences else parts[0])
            out.append(lines)
        return out

    def _sentence(self, m: Masked, part: Translation, offset: int) -> _Sentence:
        placeholders = held(part.source, self.form, len(m.spans))
        by_alignment = bool(part.tgt_pieces) and needs_alignment(
            part.text, placeholders, len(m.spans), self.form, m.pairs
        )
        return _Sentence(m, part, offset, placeholders, part.attention, by_alignment)

    def _ids(self, pieces: list[str]) -> list[int]:
        return [self.tok.piece_to_id(p) for p in pieces]

    def _word_weights(self, s: _Sentence) -> list[list[float]] | None:
        """(Tw, Sw) attention of the sentence's translation words to its masked source words."""
        part, attention = s.part, s.attention
        if attention is None or attention.numel() == 0 or not part.src_pieces:
            return None
        n_src, n_tgt = len(part.source.split()), len(part.text.split())
        if not n_src or not n_tgt or not part.tgt_pieces:
            return None
        src = word_ids(self.tok.word_starts(self._ids(part.src_pieces)), n_src)
        tgt = word_ids(self.tok.word_starts(self._ids(part.tgt_pieces)), n_tgt)
        return merge_to_words(attention, src, tgt, n_src, n_tgt).tolist()

    def _restored(self, s: _Sentence, with_alignment: bool) -> Translation:
        """The sentence's Translation with its spans in place and its source the original's."""
        m, part = s.masked, s.part
        weights = self._word_weights(s) if s.by_alignment else None
        n_source = len(part.source.split())
        order = order_groups(m.spans)
        placed = place_spans(
            part.text,
            s.placeholders,
            m.outputs,
            m.glue,
            self.form,
            weights,
            n_source,
            order,
            m.touching,
            m.joins,
            tight=not _SET_APART.search(m.line),
            pairs=m.pairs,
        )
        placed = retarget(placed, m.spans, m.outputs, self.target)  # ICU plurals' categories
        start, end = m.original(s.offset, s.offset + len(part.source)) if part.source else (0, 0)
        original_words = _word_spans(m.line[start:end])
        source_words = _words_of(m, s.offset, part.source, start, original_words)
        links = set()
        for j, i in part.alignment:
            if j not in s.placeholders.values():  # a placeholder's links are its span's
                links.update((a, b) for a in source_words[j] for b in placed.words[i])
        for k, target in placed.span_words.items():
            span = m.spans[k]
            source = _covered(original_words, span.start - start, span.end - start)
            pairs = (
                zip(source, target)
                if len(source) == len(target)
                else ((a, b) for a in source for b in target)
            )
            links.update(pairs)
        return Translation(
            source=m.line[start:end],
            text=spans_written(m.line[start:end], placed.text, self.target),
            score=part.score,
            src_pieces=part.src_pieces,
            tgt_pieces=part.tgt_pieces,
            attention=part.attention,
            alignment=sorted(links) if with_alignment else [],
            log_prob=part.log_prob,
            length=part.length,
            word_scores=_printed_word_scores(part.word_scores, placed),
        )


def each_numbered_apart(
    translate: Callable[..., list[list[Translation]]],
    sentences: list[str],
    form: PlaceholderForm | None,
    *args,
) -> list[list[Translation]]:
    """``translate(sentences, *args)``, each sentence of a masked line (``form``: its placeholders;
    None: none masked) given to the model with its placeholders numbered from 0, and its
    translations given the line's numbers back (placeholders.numbered_apart)."""
    apart = [numbered_apart(s, form) if form else (s, {}) for s in sentences]
    found = translate([a for a, _ in apart], *args)
    for sentence, (_, numbers), nbest in zip(sentences, apart, found):
        for t in nbest if numbers else ():
            t.source, t.text = sentence, numbered_back(t.text, form, numbers)
    return found


_SET_APART = re.compile(r"(?<!\S)[.,](?!\S)")  # a full stop or comma as a word of its own


def _blanked(line: str, spans: Sequence[Span]) -> str:
    """``line`` with each of ``spans`` NULs: its words and letters outside them."""
    chars = list(line)
    for s in spans:
        chars[s.start : s.end] = "\0" * (s.end - s.start)
    return "".join(chars)


def _printed_word_scores(scores: list[float], placed: Placement) -> list[float]:
    """Per printed word (of ``placed.text``), the ``scores`` of the translation's words it came
    from: a word's score goes to the first printed word it became, a placeholder's (its
    pieces') to the first word of its span. A span's other words, and a span the model dropped
    and the alignment put back, have no pieces: 0.0; a word removed (a second copy of a
    placeholder) counts in none. No ``scores`` (a search that gives sums only): none."""
    if not scores:
        return []
    became = [list(words) for words in placed.words]  # per translation word
    for k, word in placed.span_from.items():
        became[word] += placed.span_words[k]
    out = [0.0] * len(placed.text.split())
    for score, words in zip(scores, became):
        if words:
            out[min(words)] += score
    return out


def _parts(t: Translation) -> list[Translation]:
    """The sentences a line's translation was made of (a line not split: itself)."""
    return t.sentences or [t]


def _offsets(text: str, parts: list[Translation]) -> list[int]:
    """Where each part's source starts in ``text`` (sentences are its substrings, in order)."""
    offsets, pos = [], 0
    for p in parts:
        at = text.find(p.source, pos) if p.source else pos
        offsets.append(max(at, 0))
        pos = max(at, 0) + len(p.source)
    return offsets


def _word_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each whitespace-separated word of ``text``."""
    return [w.span() for w in re.finditer(r"\S+", text)]


def _covered(words: list[tuple[int, int]], start: int, end: int) -> list[int]:
    """The indices of the ``words`` (their spans in a text) that ``text[start:end]`` overlaps."""
    return [n for n, (a, b) in enumerate(words) if a < end and start < b]


def _words_of(
    m: Masked, offset: int, source: str, start: int, original: list[tuple[int, int]]
) -> list[list[int]]:
    """For each word of a masked sentence (at ``offset`` in the masked line), the words of the
    original sentence (at ``start`` in the line; its ``original`` word spans) it stands for."""
    out = []
    for a, b in _word_spans(source):
        a, b = m.original(offset + a, offset + b)
        out.append(_covered(original, a - start, b - start))
    return out
