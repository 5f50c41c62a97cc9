"""Real words first: a short line's translation that holds a word the model made up is searched
again, and a hypothesis whose words are all real goes first where it scores near the best.

A small subword model writes a rare word piece by piece, and on a short line (a label, a
phrase) its best hypothesis is often a word no one writes: `Créer un compte` "Create Soliday",
`Positionnement :` "Positionment:", `Elle portait des lunettes.` "She weared glasses." A word
is MADE UP (:func:`made_up`) where it is no word of the source and neither it nor its lowercase
or capitalised form (nor, for ``a-b``, each part) is among the words the target sides of the
model's training data held (its target-words.txt: names.WordCounts.written). A line of at most
:data:`SHORT_WORDS` words whose best translation holds one is searched again with every
hypothesis of the beam kept; the first of them, in score order, with no made-up word and a score
at most :data:`MARGIN` below the best comes first (:func:`real_first`), with the sentence end
the line and the best have where it has none, and the others follow in their order. Chosen on
the development split's interface strings and help, Tatoeba valid and newstest2012
(docs/benchmarks.md, "Real words first"). A longer line keeps its search: its
made-up words are mostly names, put back as written (names.py).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from nmt_cli.inference.typography import lost_held
from nmt_cli.protect.names import NAME_WORD, shown

SHORT_WORDS = 6  # a line of at most this many words is searched again
MARGIN = 1.0  # how far below the best score a hypothesis of real words may be
_JOINS = re.compile(r"['’-]")  # inside a word: self-made, Amélie's
_ENDS = ".!?"  # a sentence's end


def _parts(word: str) -> list[str]:
    return [p for p in _JOINS.split(word) if p]


def made_up(text: str, source: str, written: Collection[str]) -> list[str]:
    """The words of ``text`` that are no word of ``source`` and that ``written`` (the words the
    model's training targets held) lacks, in order; a word of parts (``self-made``,
    ``Amélie's``) is real where each part of more than one letter is held or the source's."""
    source_words = set(NAME_WORD.findall(source))
    source_parts = {p for w in source_words for p in _parts(w)}

    def real(word: str) -> bool:
        if word in source_words or shown(word, written):
            return True
        parts = _parts(word)
        return len(parts) > 1 and all(
            len(p) == 1 or p in source_parts or shown(p, written) for p in parts
        )

    return [w for w in NAME_WORD.findall(text) if not real(w)]


def searched_again(line: str, best_text: str, written: Collection[str]) -> bool:
    """Whether ``line``, whose best translation is ``best_text``, is short and that translation
    holds a made-up word."""
    return len(line.split()) <= SHORT_WORDS and bool(made_up(best_text, line, written))


def real_first(
    nbest: list, line: str, written: Collection[str], keep: int, margin: float = MARGIN
) -> list:
    """``nbest`` (Translations, best first) with the first one of real words within ``margin``
    of the best moved first; its first ``keep``."""
    best = nbest[0]
    for k, t in enumerate(nbest[1:], 1):
        if t.score >= best.score - margin and not made_up(t.text, line, written):
            return [_ended(t, best.text, line), *nbest[:k], *nbest[k + 1 :]][:keep]
    return nbest[:keep]


def _ended(t, best: str, line: str):
    """``t`` with the sentence end that ``line`` and ``best`` (its best translation's text, its
    end glued to its last word) have, where ``t``'s text ends in a letter and holds the best's
    placeholders and digits (a span the model dropped is placed at the end, after it): a
    hypothesis of real words often ended early (``Cliquez sur Enregistrer puis Fermer.``:
    "Click Save and then Close")."""
    end = best[-1:]
    if end and end in _ENDS and line.rstrip().endswith(end) and best[-2:-1].strip():
        if t.text[-1:].isalpha() and not lost_held(best, t.text):
            return replace(t, text=t.text + end)
    return t
