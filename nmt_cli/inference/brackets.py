"""A bracket the model set apart from the word it encloses, written against it as the source
writes it.

The model writes a bracket as a word of its own where the French word after it had no English
word of its own: `Impression recto-verso (bord long)` gave "Print recto-verso ( long)",
`(à hauteur de 25 millions)` "( high 25 million". Where the source writes a kind of bracket
against the word it encloses and never apart from it, a translation's bracket of that kind
standing alone as a word is joined to the word it encloses: "Print recto-verso (long)". A source
that sets a bracket apart (``( 1 + 2 )``, code) keeps its translation as the model wrote it.

Joining two words changes the words' count, which the word alignment (``--align``) and the word
scores (``--word-scores``) count: both are mapped to the joined words. A line translated
sentence by sentence is joined sentence by sentence, each by its own source, so that the line's
text stays its sentences' joined."""

from __future__ import annotations

import re
from dataclasses import replace

from nmt_cli.inference.translation import Translation

_OPENING, _CLOSING = "([", ")]"
_BRACKETS = _OPENING + _CLOSING
_WORD = re.compile(r"\S+")


def _written_against(source: str) -> tuple[str, str]:
    """The opening brackets ``source`` writes against the word after them and never before a
    space, and the closing ones it writes against the word before them and never after one."""
    opening = "".join(
        b for b in _OPENING if re.search(rf"\{b}\S", source) and not re.search(rf"\{b}\s", source)
    )
    closing = "".join(
        b for b in _CLOSING if re.search(rf"\S\{b}", source) and not re.search(rf"\s\{b}", source)
    )
    return opening, closing


def joins(source: str, words: list[str]) -> list[int]:
    """Each k where word k+1 of a translation of ``source`` is to be written against word k: a
    lone opening bracket and the word after it, a word and the lone closing bracket after it."""
    opening, closing = _written_against(source)
    if not opening and not closing:
        return []
    out = set()
    for k, word in enumerate(words):
        if word in opening and k + 1 < len(words) and words[k + 1][0] not in _BRACKETS:
            out.add(k)
        elif word in closing and k > 0 and words[k - 1][-1] not in _BRACKETS:
            out.add(k - 1)
    return sorted(out)


def closed_up(t: Translation) -> Translation:
    """``t`` with its lone brackets written against their words as its source writes them (its
    sentences too), its alignment and word scores counting the joined words."""
    if not any(b in t.text for b in _BRACKETS):
        return t
    parts = t.sentences
    words = t.text.split()
    if parts and sum(len(p.text.split()) for p in parts) == len(words):
        found, offset = [], 0
        for p in parts:
            found += [offset + k for k in joins(p.source, p.text.split())]
            offset += len(p.text.split())
        parts = [closed_up(p) for p in parts]
    else:
        found = joins(t.source, words)
    if not found:
        return t
    to = _joined_index(len(words), found)
    spans = [w.span() for w in _WORD.finditer(t.text)]
    text = t.text
    for k in reversed(found):  # the space between word k and word k+1 taken out
        text = text[: spans[k][1]] + text[spans[k + 1][0] :]
    scores = t.word_scores
    if len(scores) == len(words):  # per word (none where the search gives sums only)
        scores = [0.0] * (len(words) - len(found))
        for k, score in enumerate(t.word_scores):
            scores[to[k]] += score
    links = sorted({(s, to[w]) for s, w in t.alignment if w < len(to)})
    return replace(t, text=text, alignment=links, word_scores=scores, sentences=parts)


def _joined_index(n: int, joined: list[int]) -> list[int]:
    """For each of ``n`` words, its index once each word k+1 (k in ``joined``) is part of k."""
    out, at, pending = [], -1, set(joined)
    for k in range(n):
        if k - 1 not in pending:
            at += 1
        out.append(at)
    return out


def all_closed_up(out: list[list[Translation]]) -> list[list[Translation]]:
    """Each line's n-best, each closed up."""
    return [[closed_up(t) for t in nbest] for nbest in out]
