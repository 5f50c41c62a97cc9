"""Placeholders: what the model reads in place of a protected span, and a line masked with them.

A model whose tokenizer reserves placeholder tokens (a later fine-tune adds them) gets those:
``<ph0>`` ... ``<ph15>`` (nmt_cli/vocab.py, PLACEHOLDERS), each one piece of the vocabulary: a
tokenizer declares them by holding each name as an added token (not normalised, not special),
so that encoding the name gives that one piece. Any other model gets the fallback form, plain
numbers from 101 on: of the forms tried, the shipped fr-en carried them through exactly once
most often, at the best BLEU (docs/benchmarks.md, "Placeholders"), and as every number of a
line is itself a protected span, a number in its translation can only be a placeholder or the
model's own. Spans beyond the reserved names of a line take fallback numbers, and so do a
sentence's beyond the first TAUGHT, the names its training showed (numbered_apart).

The masked line keeps the line's text around each span; a placeholder that would touch a word
(``&lt;em&gt;urgent``) is set off by a space, and the span is glued back to its neighbour in
the translation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nmt_cli.protect.spans import Span
from nmt_cli.protect.tags import tag_pairs
from nmt_cli.vocab import PLACEHOLDERS

_DIGIT = re.compile(r"\d")  # as the names' (\d+)
# Characters next to which a placeholder needs no space: the model reads them apart already.
_APART = set(".,;:!?()[]{}\"'«»“”‘’%$€£/–—-")
_ENDED = (".", "!", "?", "…")  # a sentence's end, which a span after it is written against


@dataclass(frozen=True)
class PlaceholderForm:
    """Names ``template.format(first + k)`` for the k-th span of a line, k < ``count`` (None:
    no limit); later spans take ``overflow``'s names."""

    template: str
    first: int
    count: int | None = None
    overflow: PlaceholderForm | None = None

    def name(self, k: int) -> str:
        if self.count is not None and k >= self.count and self.overflow is not None:
            return self.overflow.name(k - self.count)
        return self.template.format(self.first + k)

    def find(self, text: str, n: int | None = None) -> list[tuple[int, int, int]]:
        """(start, end, k) of each name in ``text`` (any case: an ALL-CAPS line's translation
        is upper-cased), left to right; k may be out of any line's range. Given ``n``, the
        number of the line's names, names the model glued into one number (``106.107.108``,
        ``101102``) are found too, where every part is one of the line's names."""
        found: list[tuple[int, int, int]] = []
        if not _DIGIT.search(text):
            return found  # every name holds a number: most words are none
        for form, offset in self._forms():  # a number below a form's first is none of its
            for m in form._pattern().finditer(text):  # names: ``59`` is no fallback's (101...)
                if int(m[1]) >= form.first:
                    found.append((m.start(), m.end(), int(m[1]) - form.first + offset))
        found.sort()
        found = [f for i, f in enumerate(found) if i == 0 or f[0] >= found[i - 1][1]]
        return found if n is None else self._with_glued(text, found, n)

    def _with_glued(
        self, text: str, found: list[tuple[int, int, int]], n: int
    ) -> list[tuple[int, int, int]]:
        numbers = {  # each of the line's names that is a plain number: its k
            form.template.format(form.first + j): offset + j
            for form, offset in self._forms()
            if form.template == "{}"
            for j in range(max(0, min(n - offset, (form.count or n))))
        }
        if not numbers:
            return found
        for run in _RUN.finditer(text):
            parts = [_split_names(p, numbers) for p in run[0].split(".")]
            if any(p is None for p in parts) or sum(len(p) for p in parts) < 2:
                continue  # "101.1": a garbled copy, not two names
            at, glued = run.start(), []
            for names in parts:
                for name in names:
                    glued.append((at, at + len(name), numbers[name]))
                    at += len(name)
                at += 1  # the dot
            found = [f for f in found if not run.start() <= f[0] < run.end()] + glued
        return sorted(found)

    def is_fragment(self, word: str) -> bool:
        """Whether ``word`` may be a garbled copy of a name: it holds a digit, or a character
        of the names' own (``<``, ``>``, ``_``...)."""
        marks = {c for form, _ in self._forms() for c in form.template if not c.isalnum()}
        return any(c.isdigit() or c in marks - set("{}") for c in word)

    def _forms(self) -> list[tuple[PlaceholderForm, int]]:
        if self.overflow is None or self.count is None:
            return [(self, 0)]
        return [(self, 0), *((f, o + self.count) for f, o in self.overflow._forms())]

    def _pattern(self) -> re.Pattern:
        return _name_pattern(self.template)


def numbered_apart(sentence: str, form: PlaceholderForm) -> tuple[str, dict[int, int]]:
    """``sentence`` (one sentence of a masked line) with its placeholders numbered from 0, in
    their order, as training shows them: a line's later sentences held ``<ph8>``..., which the
    model garbled (``▁E r ar``); a sentence's spans past the TAUGHT first take fallback numbers
    (``<ph7>, 101, 102``); and {its number: the line's}. As it was, with {}, where the names
    are plain numbers (a tokenizer without reserved ones) or one is past ``form.count``."""
    found = sorted({k for _, _, k in form.find(sentence)})
    if form.template == "{}" or not found:
        return sentence, {}
    if form.count is not None and found[-1] >= form.count:
        return sentence, {}
    if found == list(range(len(found))) and len(found) <= TAUGHT:
        return sentence, {}
    mine = {k: j for j, k in enumerate(found)}
    renamed = _renamed(sentence, form, {start: mine[k] for start, _, k in form.find(sentence)})
    return renamed, {j: k for k, j in mine.items()}


def numbered_back(text: str, form: PlaceholderForm, line_numbers: dict[int, int]) -> str:
    """``text``, the translation of a sentence :func:`numbered_apart` renumbered, with the
    line's numbers back (``line_numbers``: its); a reserved name the sentence did not hold
    takes a number no line has, a stray the spans' placement drops (a number past the
    sentence's fallback names is the model's own: kept)."""
    if not line_numbers:
        return text
    names, taught = {}, _taught(form)
    for start, _, k in taught.find(text):
        if k in line_numbers:
            names[start] = line_numbers[k]
        elif not text[start].isdigit():
            names[start] = _STRAY + k
    return _renamed(text, taught, names, form)


_STRAY = 10_000  # past every line's spans: a name the model made up
# The reserved names a model writes back as given: training pairs (training/placeholders.py)
# hold few spans a sentence, and the shipped fr-en wrote <ph0>..<ph7> back but <ph8> and later
# names as words ("Serbian", "America"); a fallback number it copies.
TAUGHT = 8


@functools.cache
def _taught(form: PlaceholderForm) -> PlaceholderForm:
    """The names a sentence is given: ``form``'s first TAUGHT, then FALLBACK's numbers (built
    once a form: asked for each name renamed)."""
    return PlaceholderForm(form.template, form.first, TAUGHT, FALLBACK)


def _renamed(
    text: str, form: PlaceholderForm, names: dict[int, int], to: PlaceholderForm | None = None
) -> str:
    """``text`` with each name of ``form`` that starts at a position ``names`` holds renamed
    ``to.template``'s name numbered ``names[start]`` (``to``: default, ``form`` read with its
    first TAUGHT names reserved, the others FALLBACK's)."""
    out, pos = [], 0
    for start, end, _ in form.find(text):
        if start in names:
            name = (
                to.template.format(to.first + names[start])
                if to
                else _taught(form).name(names[start])
            )
            out += [text[pos:start], name]
            pos = end
    return "".join(out) + text[pos:]


# a run of digits with dots between, or of six digits or more: maybe names glued together
_RUN = re.compile(r"(?<!\d)(?<!\d\.)(?:\d+(?:\.\d+)+|\d{6,})(?!\d|\.\d)")


def _split_names(digits: str, names: dict[str, int]) -> list[str] | None:
    """``digits`` cut into names of ``names`` (the first cut that works), None where none
    does."""
    if not digits:
        return []
    for size in sorted({len(name) for name in names}):
        head = digits[:size]
        if head in names:
            rest = _split_names(digits[size:], names)
            if rest is not None:
                return [head, *rest]
    return None


@functools.cache
def _name_pattern(template: str) -> re.Pattern:
    """The names ``template`` makes, found in a text (built once: read for every word)."""
    before, after = (re.escape(part) for part in template.split("{}"))
    # not a part of a longer number: "101.1" is a garbled copy of 101, not 101 (a name that
    # starts or ends with a mark, <ph0>, ends there: <ph0>.101 is two names)
    left = "" if before else r"(?<!\d)(?<!\d\.)"
    right = "" if after else r"(?!\d|\.\d)"
    return re.compile(rf"{left}{before}(\d+){after}{right}", re.IGNORECASE)


RESERVED_NAME = r"<ph\d+>"  # a reserved placeholder as the model writes it (vocab.PLACEHOLDERS)

# A reserved placeholder's neighbours as text writes them: closing punctuation after it and an
# opening bracket or quote before it kept against it, a pair of straight quotes around it
# ('%1', "%s": how interface strings quote a value) kept as a pair (a straight double quote the
# model closed with another quote, an opening curly one included, or a curly one it closed with
# a straight one, made a pair of straight double quotes; a curly pair stays), an English clitic
# after it (<ph0>'s), a French elided word before it (l'<ph0>) and a slash glued to a word
# (Tab/<ph0>) kept against it (see set_apart).
_AROUND_RESERVED = (
    (re.compile(rf"\s*({RESERVED_NAME})\s*"), r" \1 "),
    (re.compile(rf"({RESERVED_NAME}) (?=[.,;:!?)\]}}»”’%]+(?:\s|$|<ph))"), r"\1"),
    (re.compile(rf"(?<=[(\[{{«“‘]) (?={RESERVED_NAME})"), ""),
    (re.compile(rf"(?<![\w'\"])(['\"]) ({RESERVED_NAME}) ?\1(?![\w'\"])"), r"\1\2\1"),
    # a double quote opened and another closed (French « %s »): a pair of double quotes
    (re.compile(rf"(?<![\w'\"])\" ?({RESERVED_NAME}) ?['’”“](?![\w'\"])"), r'"\1"'),
    (re.compile(rf"(?<![\w'\"])“ ?({RESERVED_NAME}) ?['’\"](?![\w'\"])"), r'"\1"'),
    (re.compile(rf"({RESERVED_NAME}) (?=['’](?:s|d|ll|re|ve)\b)"), r"\1"),  # <ph0>'s: a clitic
    # l'<ph0>: a French elided word
    (re.compile(rf"\b((?:[cdjlmnst]|qu)['’]) (?={RESERVED_NAME})", re.IGNORECASE), r"\1"),
    (re.compile(rf"(?<=\w/) (?={RESERVED_NAME})"), ""),  # Tab/<ph0>: a slash glued to a word
)


def set_apart(text: str) -> str:
    """A tokenizer's decoded text with each reserved placeholder a word of its own. An added
    token carries no word mark, so decoding glues it to the piece before it (``the<ph0>
    report``), and encoding marks the piece after it as a new word (``<ph0>.`` is read as
    ``<ph0> .``); written as text is: ``the <ph0> report``, ``see <ph0>.``, ``(<ph0>)``,
    ``'<ph0>'``, ``<ph0>'s``, ``l'<ph0>``."""
    for pattern, replacement in _AROUND_RESERVED:
        text = pattern.sub(replacement, text)
    return re.sub(" {2,}", " ", text).strip()


FALLBACK = PlaceholderForm("{}", 101)
RESERVED = PlaceholderForm("<ph{}>", 0, len(PLACEHOLDERS), FALLBACK)


def form_for(encode: Callable[[str], list[int]], piece_id: Callable[[str], int]) -> PlaceholderForm:
    """RESERVED where the tokenizer (its ``encode`` and ``piece_to_id``) has every reserved name
    as one piece, else FALLBACK."""
    reserved = all(encode(name) == [piece_id(name)] for name in PLACEHOLDERS)
    return RESERVED if reserved else FALLBACK


@dataclass(frozen=True)
class Masked:
    """A line with its spans replaced by placeholders.

    text     the masked line
    names    the placeholder of each span;  outputs: what each span becomes in a translation
    glue     for each span, (left, right): whether it touched a word on that side, so that the
             placeholder was set off by a space, and the span is glued back to its neighbour
    starts   for each character of ``text``, where in ``line`` the text it stands for begins;
    ends     ... and ends (a placeholder stands for its whole span, a space set off for none)
    """

    line: str
    text: str
    spans: tuple[Span, ...]
    names: tuple[str, ...]
    outputs: tuple[str, ...]
    glue: tuple[tuple[bool, bool], ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @property
    def touching(self) -> tuple[bool, ...]:
        """For each span but the last, whether it ends where the next one starts."""
        return tuple(a.end == b.start for a, b in zip(self.spans, self.spans[1:]))

    @property
    def pairs(self) -> list[tuple[int, int]]:
        """(opening, closing) of each element the line's markup spans open and close
        (tags.tag_pairs)."""
        return tag_pairs([s.text if s.kind == "markup" else None for s in self.spans])

    @property
    def joins(self) -> tuple[str, ...]:
        """For each span but the last, the symbols that join it to the next one with no space
        (``%1/%2``: ``/``; ``%1-%2``: ``-``), else ``""``."""
        gaps = (self.line[a.end : b.start] for a, b in zip(self.spans, self.spans[1:]))
        return tuple(gap if _JOIN.fullmatch(gap) else "" for gap in gaps)

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The part of ``line`` that ``text[start:end]`` (not empty) stands for."""
        return self.starts[start], max(self.ends[start:end])


# a span that ends a clause's conjunction (durations.py: il y a 2 h que | le serveur...), a
# clause after it: set off by a comma (fr-en dropped the next word's article, "server does")
_CLAUSE = re.compile(r"(?<!\w)qu(?:e|['’])$")
_CLAUSE_AFTER = re.compile(r"\s*[^\W\d_]")
_JOIN = re.compile(r"[^\w\s]{1,3}")  # symbols between two spans: %1/%2, %1-%2, %1:%2


def _touches(c: str) -> bool:
    """Whether a placeholder next to ``c`` would run into it (a word, another span)."""
    return bool(c) and not c.isspace() and c not in _APART


def mask(
    line: str,
    spans: Sequence[Span],
    outputs: Sequence[str],
    form: PlaceholderForm,
    numbers: Sequence[int] | None = None,
) -> Masked:
    """``line`` with ``spans`` (in order, not overlapping) replaced by ``form``'s names;
    ``outputs[k]``: what span k becomes in the translation. Span k takes the name numbered
    ``numbers[k]`` (default: k; a training target numbers its spans as its source's)."""
    numbers = range(len(spans)) if numbers is None else numbers
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []

    def add(text: str, start: int, end: int | None = None) -> None:
        parts.append(text)
        if end is None:  # plain text: one character each
            starts.extend(range(start, start + len(text)))
            ends.extend(range(start + 1, start + len(text) + 1))
        else:  # a name, or a space set off: its whole span
            starts.extend([start] * len(text))
            ends.extend([end] * len(text))

    pos, glue = 0, []
    for k, span in enumerate(spans):
        add(line[pos : span.start], pos)
        # two spans that touch are glued to each other
        left = _touches(line[span.start - 1 : span.start]) or k and spans[k - 1].end == span.start
        right = _touches(line[span.end : span.end + 1]) or (
            k + 1 < len(spans) and spans[k + 1].start == span.end
        )
        # a function's name against its bracket: ABS(nombre) (fr-en wrote "ABS (number)")
        right = right or span.kind == "formula" and line[span.end : span.end + 1] == "("
        # against a sentence's end as the source wrote it (dort.</b>, enregistré.\n); no space
        # set off: the model reads them apart
        ended = line[span.start - 1 : span.start] in _ENDED
        elided = span.text[-1:] in "'’"  # il y a 5 min qu' | il attend: set off, not glued
        glue.append((bool(left or ended), bool(right) and not elided))
        after_span = k and spans[k - 1].end == span.start  # its space is in already
        add(" " if left and not after_span else "", span.start, span.start)
        add(form.name(numbers[k]), span.start, span.end)
        add(" " if right else "", span.end, span.end)
        if _CLAUSE.search(span.text) and _CLAUSE_AFTER.match(line, span.end):
            add(",", span.end, span.end)  # a clause after it: fr-en read it as a comma's
        pos = span.end
    add(line[pos:], pos)
    return Masked(
        line=line,
        text="".join(parts),
        spans=tuple(spans),
        names=tuple(form.name(n) for n in numbers),
        outputs=tuple(outputs),
        glue=tuple(glue),
        starts=tuple(starts),
        ends=tuple(ends),
    )
