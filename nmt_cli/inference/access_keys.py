"""Access keys: a marked letter taken out of a text before translation, put back on the word
aligned to it after.

A menu item or a button marks its access key with a marker before a letter (``Mise à jo~ur``,
``_Profondeur``, ``&Fichier``: nmt_cli/protect/mnemonics.py). The model never sees the marker:
the text is translated without it, and the marker goes on a letter of the translation's word
aligned to the marked word (the same letter if that word has it, else its first letter), or,
with no word aligned, on the translation's first letter: one marker out for one marker in.
Catalogues say which marker their strings use (documents/strings.py); a plain line
(:func:`plain_key`) is read for the two markers that cannot be anything else there: a ``~``
inside a word (LibreOffice's ``jo~ur``) and a ``_`` before a capitalised word (GTK's
``_Profondeur``). A ``~`` or ``&`` before a word is a protected span of its own (spans.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nmt_cli.inference.translation import Translation
from nmt_cli.protect.mnemonics import find_mnemonic, place_mnemonic

_WORD = re.compile(r"\S+")
# a plain line's access key: ~ between two letters, _ before a capitalised word
_PLAIN_KEY = re.compile(r"(?<=[^\W\d_])~(?=[^\W\d_])|(?<![\w~&])_(?=[^\W\d_]{2})")


@dataclass(frozen=True)
class Mark:
    """A text's access key: the index of its marked word (``text.split()``), the letter, where
    in the text it is, and its marker."""

    word: int
    letter: str
    at: int
    marker: str


def plain_key(line: str) -> tuple[str, Mark] | None:
    """``line`` without its access key, and the key, where a plain line marks one (exactly one
    marker of a kind :data:`_PLAIN_KEY` reads, no other of that kind); None for any other line."""
    found = list(_PLAIN_KEY.finditer(line))
    if len(found) != 1:
        return None
    marker, at = found[0].group(), found[0].start()
    if line.count(marker) != 1 or marker == "_" and not line[at + 1 : at + 3].istitle():
        return None
    key = find_mnemonic(line, marker)
    if key.index is None:
        return None
    word = len(key.text[: key.index + 1].split()) - 1
    return key.text, Mark(word, key.text[key.index], key.index, marker)


def target_index(translation: Translation, mark: Mark) -> int:
    """Where in ``translation.text`` the access key goes: where it was in a text given back
    unchanged; else in the first target word aligned to the marked source word, on the marked
    letter if the word has it, else on its first letter; 0 (the first letter of the text) if no
    word is aligned to it."""
    if translation.text == translation.source:
        return mark.at
    aligned = sorted(t for s, t in translation.alignment if s == mark.word)
    words = list(_WORD.finditer(translation.text))
    if not aligned or aligned[0] >= len(words):
        return 0
    word = words[aligned[0]]
    same = word.group().lower().find(mark.letter.lower())
    return word.start() + max(same, 0)


def with_key(translation: Translation, mark: Mark) -> str:
    """``translation``'s text with ``mark``'s marker where :func:`target_index` puts it."""
    return place_mnemonic(translation.text, target_index(translation, mark), mark.marker)
