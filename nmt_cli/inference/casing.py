"""ALL-CAPS input: translate it as ordinary text, then give the translation in capitals.

Models learn from text in ordinary case, where capital-letter pieces are rare: a line in
capitals falls apart into unseen pieces ("JE SUIS MALADE." became "IISSSSSA."). A line whose
cased letters are all capitals (at least two of them, so "A" or "OK" alone stays as it is, and
at least one word of two or more capitals) is lower-cased with its first letter capitalised,
translated, and its translation upper-cased.
"""

from __future__ import annotations


def is_shouted(text: str) -> bool:
    """Every cased letter is a capital, and some word has two or more of them."""
    if any(c.islower() for c in text):  # most lines: False at their second letter
        return False
    if sum(c.isupper() for c in text) < 2:
        return False
    return any(sum(c.isupper() for c in word) >= 2 for word in text.split())


def sentence_case(text: str) -> str:
    """``"JE SUIS MALADE."`` -> ``"Je suis malade."``."""
    lowered = text.lower()
    for i, c in enumerate(lowered):
        if c.isalpha():
            return lowered[:i] + c.upper() + lowered[i + 1 :]
    return lowered
