"""Words that hold a sign a model cannot write, kept as written: kind ``symbol`` (spans.py).

A model's vocabulary spells some signs only in bytes (model/spelling.py), and the model met
those bytes too rarely to copy them: fr-en wrote ``{*}`` as "<*>", ``~.~`` as "�.$",
``{choice1|choice2}`` as "< choice1<$choice2 #", ``green×256`` as "Spain256", ``′`` as "�>". A
word that holds such a sign is code, a formula or a sign of its own, and passes through whole,
with the spans of code, numbers and signs inside it (``x^{size`` ``18`` ``a_n}`` are two words
and a number). So does a word that holds a letter of a script the model was not taught
(model/spelling.py: fr-en wrote ``Mélange 中文 et français.`` as "Extending ���...", ``שלום`` as
U+FFFD). Not a digit, nor the punctuation of prose, which a vocabulary of a few pieces may lack
too. A word is found without the sentence's punctuation and quotation marks around it.

A word that is a number and one sign of a factor, a ratio or a tolerance (``×1,5``, ``2,5×``,
``±0,5``) takes its number as the target writes it (:func:`with_number`): fr-en kept ``Zoom
×1,5`` whole, "Zoom ×1,5" in English.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

# the kinds of span a word with a sign takes inside it: kept as written, as the word is
TAKEN = ("markup", "letter", "identifier", "number", "hashtag", "formula", "qualified", "class")
_PROSE = "'’‘\"“”«»„-‐–—.,;:!?()[]…/"
_AROUND = {('"', '"'), ("'", "'"), ("«", "»"), ("“", "”"), ("‘", "’"), ("(", ")"), ("[", "]")}
_WORD = re.compile(r"\S+")
_CLOSING = {")": "(", "]": "["}
_OPENING = {"(": ")", "[": "]"}
_COUNTED = "\"'«»“”‘’()[]"
# a number with a factor's or a tolerance's sign before or after it: ×1,5, 2,5×, ±0,5
# a French elided word glued to the word after it: l', d', qu', jusqu'
_ELISION = re.compile(r"(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\S)", re.I)
_SIGNED_NUMBER = re.compile(r"([×÷±≈]?)(\d+(?:[.,\u00a0\u202f ]\d+)*)(×?)")


def signs(spelled: Iterable[str]) -> set[str]:
    """The signs and letters among ``spelled``, characters a vocabulary spells in bytes (not
    digits, nor the punctuation of prose)."""
    return {c for c in spelled if unicodedata.category(c)[0] != "N" and c not in _PROSE}


def words(line: str, signs: set[str]) -> Iterator[tuple[int, int]]:
    """(start, end) of each word of ``line`` that holds one of ``signs``, without the
    punctuation around it (:func:`trimmed`) nor a French elided word before it (``l'‹hôte›``:
    fr-en, given it whole, left "l'" in the English)."""
    for m in _WORD.finditer(line):
        lead, word = trimmed(m[0])
        if elided := _ELISION.match(
            word
        ):  # l'‹hôte›: the article is French's, translated with the line
            lead, word = lead + elided.end(), word[elided.end() :]
        if not signs.isdisjoint(word):
            yield m.start() + lead, m.start() + lead + len(word)


def taken(line: str, signs: set[str], spans: Sequence) -> Iterator[tuple[int, int, range]]:
    """(start, end, the indices of the ``spans`` inside it) of each word of ``line`` holding one
    of ``signs`` outside them that :func:`takes` them (a terminal's colour codes around a word
    are markup, their ESC no sign of the word's); ``spans``: spans.py's, in order, none
    overlapping."""
    starts = [s.start for s in spans]
    for a, b in words(line, signs):
        i = bisect_left(starts, a)
        lo = i - 1 if i and spans[i - 1].end > a else i  # one that starts before may reach in
        hi = bisect_left(starts, b)
        inside = [(s.start, s.end, s.kind) for s in spans[lo:hi]]
        outside = [
            c for k, c in enumerate(line[a:b], a) if not any(x <= k < y for x, y, _ in inside)
        ]
        if not signs.isdisjoint(outside) and takes(a, b, inside):  # its sign not a span's own
            yield a, b, range(lo, hi)


def takes(start: int, end: int, inside: Sequence[tuple[int, int, str]]) -> bool:
    """Whether the word ``line[start:end]`` is a span, given the (start, end, kind) of the
    spans found that overlap it: not where one reaches out of it (a path's ``~/notes/a b``)
    or is of a kind that stays whole (a placeholder's ``{0}``, an ICU message's ``{#``), nor
    where one is the word already (``~`` alone is markup)."""
    if any(a < start or b > end or kind not in TAKEN for a, b, kind in inside):
        return False
    return not (len(inside) == 1 and inside[0][:2] == (start, end))


def trimmed(word: str) -> tuple[int, str]:
    """``word`` without the sentence's punctuation around it: (characters cut at its start,
    the rest). Cut: ``. , ; : ! ?`` at its end, a quote it does not close or open (``"{a``), a
    bracket it does not pair, and the quotation marks or brackets around it (``"~"``,
    ``(~)``; quotation marks are nmt_cli/inference/quotes.py's)."""
    counts = Counter(c for c in word if c in _COUNTED)  # kept as the word is cut: linear
    start, end = 0, len(word)
    while start < end:
        first, last = word[start], word[end - 1]
        if last in ".,;:!?" or last in "\"'»”" and counts[last] % 2:
            cut = [last]
            end -= 1
        elif last in _CLOSING and counts[last] > counts[_CLOSING[last]]:
            cut = [last]
            end -= 1
        elif first in "\"'«“" and counts[first] % 2:
            cut = [first]
            start += 1
        elif first in _OPENING and counts[first] > counts[_OPENING[first]]:
            cut = [first]
            start += 1
        elif end - start > 2 and (first, last) in _AROUND:
            cut = [first, last]
            start, end = start + 1, end - 1
        else:
            break
        counts.subtract(cut)
    return start, word[start:end]


def with_number(word: str, written: Callable[[str], str]) -> str:
    """``word`` (a symbol span's), its number ``written(number)`` where it is a number and the
    sign of a factor or a tolerance (``×1,5``: "×1.5"); else as it is."""
    m = _SIGNED_NUMBER.fullmatch(word)
    if m is None or bool(m[1]) == bool(m[3]):
        return word
    return m[1] + written(m[2]) + m[3]
