"""Reading a line's case: ALL-CAPS input, and a label's capital.

Models learn from text in ordinary case, where capital-letter pieces are rare: a line in
capitals falls apart into unseen pieces ("JE SUIS MALADE." became "IISSSSSA."). A line whose
cased letters are all capitals (at least two of them, so "A" or "OK" alone stays as it is, and
at least one word of two or more capitals) is lower-cased with its first letter capitalised,
translated, and its translation upper-cased.

A label (a button, a menu item, a title: at most LABEL_WORDS words, a capital then a small
letter first, no full stop or other sentence end) is written with a capital that a small model
reads as a name's: it copied or respelt the word (``Annuler`` gave "Annote", ``Créer un
compte`` "Create Soliday"). A label is also read with its first letter small (``label_read``),
and the translation with the higher log-probability is kept, its first letter a capital.
"""

from __future__ import annotations

LABEL_WORDS = 3
_ENDS_SENTENCE = ".!?…:;"


def is_shouted(text: str) -> bool:
    """Every cased letter is a capital, and some word has two or more of them."""
    if any(c.islower() for c in text):  # most lines: False at their second letter
        return False
    if sum(c.isupper() for c in text) < 2:
        return False
    return any(sum(c.isupper() for c in word) >= 2 for word in text.split())


def sentence_case(text: str) -> str:
    """``"JE SUIS MALADE."`` -> ``"Je suis malade."``."""
    return capitalised(text.lower())


def label_read(text: str) -> str | None:
    """``text`` with its first letter small, where it is a label (the module's docstring);
    else None."""
    words = text.split()
    first = words[0] if words and text[0] == words[0][0] else ""
    if not (first[:1].isupper() and first[1:].isalpha() and first[1:].islower()):
        return None  # not a capital then small letters: LibreOffice, OK, <ph0>, 3D
    if len(words) > LABEL_WORDS or text.rstrip()[-1] in _ENDS_SENTENCE:
        return None
    return text[0].lower() + text[1:]


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital: ``"cancel"`` -> ``"Cancel"``."""
    for i, c in enumerate(text):
        if c.isalpha():
            return text[:i] + c.upper() + text[i + 1 :]
    return text
