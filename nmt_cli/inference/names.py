"""Names copied as written: a misspelt name in a translation is put back as the source has it.

A small subword model spells a name it never saw piece by piece and often gets it slightly
wrong ("Montpellier" -> "Montpelline", "Nantes" -> "Nates", "Amélie" -> "Amelie"). Like
OpenNMT's ``replace_unk``, the translator mends this after the search, from the word alignment:
each source word that is a name to copy (nmt_cli/protect/names.py: a capitalised word the
model's training data did not teach it, not a sentence's first word) and is missing from the
translation is looked for among the target words linked to it; a capitalised one that is a near
spelling of it (:data:`NEAR`: difflib's ratio of the two, case and accents folded) is replaced
by the name, its punctuation and an English possessive kept:

    Théo a pris le train pour Montpellier.   Théo took the train for Montpelline.
                                          -> Théo took the train for Montpellier.

A linked word that is no near spelling (a translated name: "Varsovie" -> "Warsaw", or another
word) is left as the model wrote it; a name the model was taught ("Londres" -> "London", near as
it is) is not looked at, and so is a name the model dropped. The word count never
changes, so word alignments stay valid.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Collection, Iterable

from nmt_cli.protect.names import NAME_WORD, copyable

NEAR = 0.6  # difflib ratio from which a target word is a spelling of the source's name
# a whitespace word: leading punctuation, the word of letters, the rest ("Nates." "(Nates),")
_PARTS = re.compile(r"^(\W*)([^\W\d_]+(?:['’-][^\W\d_]+)*)(.*)$")
_ELISION = re.compile(r"^[^\W\d_]['’](?=[^\W\d_])")  # French l', d', qu'... before a name
_POSSESSIVE = ("'s", "’s")


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def near(name: str, word: str) -> bool:
    """Whether ``word`` is a near spelling of ``name`` (case and accents aside)."""
    return difflib.SequenceMatcher(None, _fold(name), _fold(word)).ratio() >= NEAR


def names_to_copy(source: str, known: Collection[str]) -> dict[int, str]:
    """The names to copy of ``source``, by whitespace word index (never word 0)."""
    out = {}
    for j, token in enumerate(source.split()):
        parts = _PARTS.match(token) if j else None
        if parts is None:
            continue
        word = _ELISION.sub("", parts.group(2))
        if copyable(word, known):
            out[j] = word
    return out


def missing(names: dict[int, str], text: str) -> bool:
    """Whether a name of ``names`` is not a word of ``text``."""
    words = set(NAME_WORD.findall(text))
    return any(name not in words for name in names.values())


def copy_names(names: dict[int, str], text: str, links: Iterable[tuple[int, int]]) -> str:
    """``text`` with each near spelling of a name of ``names`` (source word index: name) that
    is linked to it (``links``: (source word, target word)) replaced by the name."""
    words, changed = text.split(), False
    present = set(NAME_WORD.findall(text))
    by_source: dict[int, list[int]] = {}
    for j, i in links:
        by_source.setdefault(j, []).append(i)
    for j, name in names.items():
        if name in present:
            continue
        for i in sorted(by_source.get(j, ())):
            parts = _PARTS.match(words[i]) if i < len(words) else None
            if parts is None or not parts.group(2)[0].isupper():
                continue
            lead, word, rest = parts.groups()
            if word.endswith(_POSSESSIVE):
                word, rest = word[:-2], word[-2:] + rest
            if near(name, word):
                words[i], changed = lead + name + rest, True
                break
    return " ".join(words) if changed else text
