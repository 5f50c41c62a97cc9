"""English's indefinite article agreeing with the sound of the word after it.

French has no such agreement, and the model, which reads and writes pieces, often picks the
article before it writes the word: "a expression", "a array", "a error", "A optional", "an
progress", "An system" (the shipped fr-en on the development split's help). Where a translation
into English writes ``a`` or ``an`` before a word, the article is made to agree with how the
word starts: ``an`` before a vowel sound, ``a`` before a consonant's.

Only what the spelling tells for certain is changed: a word in small letters, or capitalised,
that starts with ``a``, ``e``, ``i`` or ``o`` (not ``eu``, ``ew``, ``one``, ``once``: "a euro",
"a one-way street") or with a consonant (an ``h`` unless it is silent: "an hour", "an honest").
A word that starts with ``u`` ("an update", "a user"), a word in capitals or that starts with
two ("an SQL", "a NATO"), a word with an accent (French the model copied: ``il a appelé``), a
number, a placeholder and a word the article cannot precede (a variable: ``a over b``, ``a or
b``) are left as the model wrote them, and so is a capital ``A`` inside a sentence (a label:
"type A ink").
"""

from __future__ import annotations

import re

_SILENT_H = ("hour", "honest", "honor", "honour", "heir")
_VOWEL_LIKE_CONSONANT = ("eu", "ew", "one", "once")
# words an article never comes before: after them, ``a`` is a variable (``a over b``)
_NOT_AFTER_ARTICLE = frozenset(
    "a an and or over of on onto in into is are as at if only equals each either every also "
    "always again after above across against along among around even else".split()
)
# a small a or an; a capital one where a sentence starts (else a label: "type A ink")
_ARTICLE = re.compile(
    r"(?:(?<![\w'’])(a|an)|(?:^|(?<=[.!?:] )|(?<=[\"“(\[]))(A|An))"
    r"( +)([A-Za-z][a-z][a-z'-]*)(?![^\W\d_])"  # a word, not one going on with an accent
)


def agreed(text: str) -> str:
    """``text``, English, each ``a`` or ``an`` agreeing with the word after it."""
    if "a " not in text and "A " not in text and "n " not in text:
        return text
    return _ARTICLE.sub(_agreeing, text)


def _agreeing(m: re.Match) -> str:
    article = m[1] or m[2]
    space, word = m[3], m[4]
    lower = word.lower()
    if lower in _NOT_AFTER_ARTICLE:
        return m[0]
    if lower[0] in "aeio" and not lower.startswith(_VOWEL_LIKE_CONSONANT):
        vowel = True
    elif lower[0] == "h":
        vowel = lower.startswith(_SILENT_H)
    elif lower[0] in "bcdfgjklmnpqrstvwxyz":
        vowel = False
    else:
        return m[0]  # u: "an update", "a user"
    wanted = "an" if vowel else "a"
    return (wanted.capitalize() if article[0] == "A" else wanted) + space + word
