"""Sentence splitting for `nmt translate`: a line that holds several sentences becomes a list.

The segmenter is pysbd (rule-based, offline; why, with measurements against sentencex:
docs/benchmarks.md, "Sentence splitting"), imported on first use. The rules kept here:

- A line is cut only where there is whitespace: every sentence is a substring of the line
  without surrounding whitespace, and the sentences' whitespace-separated words are the
  line's words in order, so word indices of the sentences add up to those of the line.
- A blank line has no sentences.
- pysbd's rules for the model's source language; for a language pysbd does not know, or no
  language (a model whose config.json records none), its English rules (FALLBACK_LANGUAGE),
  which split French and German about as well as their own rules.
- Where pysbd fails (it raises on some odd input) or gives back text that is not the line's
  (it can drop control characters), the line stays one sentence.
- No cut inside braces: an ICU message's branches stay in one sentence with it.
- No sentence starts with a colon, a semicolon or a comma: pysbd cut ``Tél. : 04 78 00 00 00``
  after the abbreviation's full stop, and the translation joined "Tel." and ": 04 78 00 00 00"
  with French's space before the colon; the piece stays with the one before it.

How a line's sentences' translations are joined again: translation.py.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Collection, Sequence

from nmt_cli.inference.emoji import regrouped

FALLBACK_LANGUAGE = "en"
# A line of letters, digits, spaces and marks that never end a sentence, but for one final
# . ! ? or …, holds no boundary for pysbd to find (its rules start at punctuation, quotes,
# brackets and list marks): it is one sentence without asking pysbd, which costs about 1-3 ms a
# line. Of 79,591 lines of the shared corpora (fr, de, en), 75,102 are such lines; pysbd kept each
# of them whole (docs/benchmarks.md, "Sentence splitting").
# Spaces only: pysbd cuts at a carriage return (and may at other line-breaking characters).
_SPACE = r"[^\S\r\n\f\v\x85\u2028\u2029]"
ONE_SENTENCE = re.compile(rf"(?:[\w,'’\-–—%/&+@#$€£°]|{_SPACE})*[.!?…]?{_SPACE}*")
_NEVER_FIRST = ":;,"  # what no sentence starts with


class SentenceSplitter:
    """``split(line)``: the sentences of ``line``, by pysbd's rules for ``language``."""

    def __init__(self, language: str | None):
        with warnings.catch_warnings():
            # pysbd 0.3.4 has regexes with invalid escapes: a SyntaxWarning when it compiles.
            warnings.simplefilter("ignore")
            import pysbd
            from pysbd.languages import LANGUAGE_CODES
        self.language = language if language in LANGUAGE_CODES else FALLBACK_LANGUAGE
        self._segmenter = pysbd.Segmenter(language=self.language, clean=False)

    def split(self, line: str, loose: Collection[str] = ()) -> list[str]:
        """The sentences of ``line``, a sentence's leading emoji (or words of ``loose``: a
        masked line's placeholders of emoji) the sentence's before it (emoji.py)."""
        if not line.strip():
            return []
        if ONE_SENTENCE.fullmatch(line):
            return [line.strip()]
        return regrouped(line, self._split(line), loose)

    def _split(self, line: str) -> list[str]:
        try:
            # pysbd's segment(line) less its last step, which finds each sentence in the line
            # again with a regex compiled for that sentence (half its time): cut_at_whitespace
            # finds them, and keeps the line whole if one is not the line's text.
            segments = self._segmenter.processor(line).process()
        except Exception:  # pysbd raises (e.g. ValueError) on some odd input
            return [line.strip()]
        return cut_at_whitespace(line, segments)


def cut_at_whitespace(line: str, segments: Sequence[str]) -> list[str]:
    """``line`` cut where ``segments`` (a segmenter's pieces of it, in order) say, but only at
    whitespace; the whole line (stripped) when the pieces are not the line's text."""
    whole = [line.strip()]
    spans: list[list[int]] = []
    pos = 0
    for segment in segments:
        text = segment.strip()
        if not text:
            continue
        start = line.find(text, pos)
        if start < 0 or line[pos:start].strip():
            return whole  # changed or skipped text
        end = start + len(text)
        if spans and spans[-1][1] == start:
            spans[-1][1] = end  # no whitespace between the pieces: not a place to cut
        else:
            spans.append([start, end])
        pos = end
    if not spans or line[pos:].strip():
        return whole
    if "{" in line:
        spans = _outside_braces(line, spans)
    spans = _joined(spans, lambda span: line[span[0]] in _NEVER_FIRST)
    return [line[start:end] for start, end in spans]


def _outside_braces(line: str, spans: list[list[int]]) -> list[list[int]]:
    """``spans`` joined where a cut between two would fall inside braces: an ICU message's
    branches (``{n, plural, one {Un fichier. Le garder ?} other {...}}``) stay one sentence."""

    def inside(span: list[int]) -> bool:
        before = line[: span[0]]
        return before.count("{") > before.count("}")

    return _joined(spans, inside)


def _joined(spans: list[list[int]], joins: Callable[[list[int]], bool]) -> list[list[int]]:
    """``spans``, each after the first that ``joins`` holds for one with the span before it."""
    joined = [spans[0]]
    for span in spans[1:]:
        if joins(span):
            joined[-1] = [joined[-1][0], span[1]]
        else:
            joined.append(span)
    return joined
