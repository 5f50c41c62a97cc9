"""The no-break spaces of a source that bind two things, given back in the translation.

The tokenizer reads a no-break space (U+00A0, or the narrow U+202F) as a space, so the model
never writes one: ``30 secondes`` with a no-break space gave "30 seconds" with an ordinary
space, and a page's line could break between the number and its unit. A translator keeps a
no-break space that binds a number to its unit (``30 secondes``), the parts of a number
(``1 200``), a word to its number (``page 12``) or the words of a name (``M. Dupont``,
``Louis XIV``), where the translation still has those two side by side: the source's
no-break space is written between two neighbouring words of the translation where

- the first is the source's number (or placeholder), as written or the target's way
  (``2,5 Mo``, "2.5 MB"), and a word follows it (``30 seconds``:
  a unit follows its number in both languages; not a word such as "is", nor where the word
  before the number stands for the unit: ``le 21 novembre`` "on November 21"), or
- one of the two is the source's own, as written, and the other starts with the same letter
  as its source (``Mr. Dupont``, ``Louis XIV``, ``page 12``, ``chapter 3``).

French typography's own no-break spaces, before ``: ; ! ? »`` and after ``«``, are no
English typography: they go (the model writes the target's punctuation).
"""

from __future__ import annotations

import re

NO_BREAK = "\u00a0\u202f"
_GAPS = (" ", *NO_BREAK)  # what may stand between two words a no-break space binds
# from a word's start only: tried inside a word too, a long word (a data: URL) took quadratic time
_BOUND = re.compile(rf"(?<!\S)(\S+)([{NO_BREAK}])(?=(\S+))")
_FRENCH = re.compile(r"^[:;!?»]|«$")  # the French no-break space's neighbours
_AROUND = "\"'«»“”‘’()[]{},;:!?"  # punctuation around a word, not part of it
_HELD = re.compile(r"<ph\d+>|\d[\d.,]*")  # a placeholder, a number
_NUMBER = re.compile(r"\d[\d.,]*")
_WORD = re.compile(r"\S+")
# words a translation may put after a number that are no unit of it ("on November 21 is")
_AFTER_ANY = frozenset(
    "is are was were be has have had and or but of to in on at for the a an".split()
)


def _bare(word: str) -> str:
    return word.strip(_AROUND).rstrip(".") or word


def _same_number(a: str, x: str) -> bool:
    """Whether ``x`` is ``a``, a number (or placeholder), as written or written the target's
    way: ``2,5`` is "2.5" (its decimal comma a point, the unit after it as bound)."""
    if a == x:
        return _HELD.fullmatch(a) is not None
    numbers = _NUMBER.fullmatch(a) and _NUMBER.fullmatch(x)
    return bool(numbers) and _digits(a) == _digits(x)


def _digits(number: str) -> str:
    return re.sub(r"\D", "", number)


def _initial(word: str) -> str:
    return next((c.casefold() for c in word if c.isalnum()), "")


def _binds(source: tuple[str, str], target: tuple[str, str, str]) -> bool:
    """Whether the two neighbouring words ``target[1:]`` (``target[0]``: the word before
    them) stand for the bound ``source`` words."""
    (a, b), (w, x, y) = map(_bare, source), map(_bare, target)
    if _same_number(a, x):  # a number's unit, not a word the order put after it
        moved = _initial(w) == _initial(b) != "" or y.casefold() in _AFTER_ANY
        return not moved and (_initial(y) != "" or not y.strip(_AROUND))
    if a == x:
        return _initial(b) == _initial(y)
    return b == y and _initial(a) == _initial(x) != ""


def bound_pairs(source: str) -> list[tuple[str, str, str]]:
    """The (word before, no-break space, word after) of each no-break space of ``source``
    between two words, French typography's own left out."""
    return [
        (m[1], m[2], m[3])
        for m in _BOUND.finditer(source)
        if not _FRENCH.search(m[3]) and not _FRENCH.search(m[1])
    ]


def keep_no_break_spaces(source: str, text: str) -> str:
    """``text``, a translation of ``source``, with the no-break spaces of ``source`` that bind
    two words (:func:`bound_pairs`) between the two words of ``text`` that stand for them, in
    place of one ordinary space; each at most once (one ``text`` has already counts)."""
    pairs = bound_pairs(source)
    if not pairs:
        return text
    words = list(_WORD.finditer(text))
    out = list(text)
    for k, (left, right) in enumerate(zip(words, words[1:])):
        gap = text[left.end() : right.start()]
        if gap not in _GAPS:
            continue
        target = (words[k - 1][0] if k else "", left[0], right[0])
        found = next((p for p in pairs if _binds((p[0], p[2]), target)), None)
        if found:  # one the text has already is the pair's too
            pairs.remove(found)
            out[left.end()] = found[1] if gap == " " else gap
    return "".join(out)
