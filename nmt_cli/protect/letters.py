"""Letters standing alone in a line (spans.py, kind ``letter``): a label or a variable, which a
model reads as a word and changes (fr-en wrote ``x et y`` "x and yes", ``e-`` "waters").

A capital letter on its own is a label: ``axes X et Y``, ``plan B``, ``vitamine C`` (not A or I,
words in French and English; not Y but after a lowercase word, ``Y a-t-il``; not before a full
stop inside a line, ``M. Dupont``). A small one is a variable: ``si n = 0``, ``x et y`` (not a
vowel: a word, ``a``, ``y``, or a typo for one, ``e`` for ``et``, a spaced ordinal's, ``23 e
rang``; but y or a vowel in a list of letters, ``a, b et c``; not glued to a quote, a bracket
or an operator: ``l"équipe``, ``d 'un``, ``le(s)``, ``n°``, ``f(x)``, ``a<b``). A letter and the
sign after it is an exponent's: ``E+``, ``e-``. A letter or a small Roman numeral and its
bracket standing alone is a list's item marker, whole: ``a)``, ``(b)``, ``ii)`` (fr-en wrote
``a) Première option`` "A) first option" and ``i) Ouvrez le fichier`` ") Open the file").
"""

from __future__ import annotations

_SMALL_LETTER = "[b-df-hj-np-tv-xz]"  # not a vowel: a word (a, y) or a typo for one (e, u)
# y or a vowel in a list of letters: ``x et y``, ``a, b`` (not ``et y aller``, ``il y a ou b``)
_LISTED = "|".join(
    rf"(?<=(?<![\w'’]){_SMALL_LETTER}{j})[yaeiou]|(?<!y )[aeiou](?={j}{_SMALL_LETTER}(?![\w'’]))"
    for j in (" et ", " ou ", " and ", " or ", ", ")
)
# a list's item marker, its bracket with it: a) b) (c) ii) (fr-en wrote ``a) Première
# option`` "A) first option", ``i) Ouvrez`` ") Open")
MARKER = r"(?<!\S)\(?(?:[A-Za-z]|[ivx]{2,4})\)(?=\s)"
PATTERN = (
    rf"{MARKER}"
    r"|(?<![\w'’.&/;:#<>=+*^|\\-])[A-Za-z][+-](?=[\s,;:)]|$)"  # an exponent's: E+, e-
    r"|(?<![\w'’.&/;-])(?:[B-HJ-XZ]|(?<=[a-zà-ÿ,] )Y)(?![\w'’&/°º-]|\.(?=.))"  # not N°
    # a small letter, a variable (x, n; not a vowel; not le(s), l"équipe, d 'un)
    rf"|(?<![\w'’.&/;:#<>=+*^|\\-])(?<!\w\()(?:{_SMALL_LETTER}|{_LISTED})"
    r"(?![\w'’\"&/°(<>=+*^|-]|\.(?=[^.])| ['’])"
)
# what a line holds for a letter to be in it (patterns.py's NEEDS)
NEEDS = (
    rf"\b(?:[B-HJ-Z]|{_SMALL_LETTER}|y)\b(?!['’])|\b[A-Za-z][+-](?![\w+-])"
    r"|(?<!\S)\(?(?:[A-Za-z]|[ivx]{2,4})\)\s"
)
