"""A line translated as another text and given back as the line's: none where it holds no
letter and no digit (:func:`as_written`: ``?!``, ``•``), without its access keys (access_keys.py:
``Mise à jo~ur``), inside its angle brackets (protect/tags.py: ``<Aucun fichier>``), its round
or square brackets (:func:`in_parentheses`: ``[Aucune sélection possible]``), after a question
mark glued to its first word (``?Aide``) or a list's item marker (``a)``, ``(b)``, ``ii)``),
without its
quotation marks (quotes.py: ``« %1 »``), its Markdown emphasis (emphasis.py: ``**gras**``) or its
plural marks (plurals.py:
``élément(s)``), without its bidirectional marks (:data:`BIDI`) or the white
space at its ends (its indentation, a form feed: kept around its translation). The
other text is translated as a line of its own, and may itself be set aside (a label in brackets
with an access key).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

from nmt_cli.inference.access_keys import plain_keys, with_keys
from nmt_cli.inference.emphasis import MARKS as EMPHASIS
from nmt_cli.inference.emphasis import unemphasized
from nmt_cli.inference.plurals import has_marks, remarked, unmarked
from nmt_cli.inference.quotes import MARKS, requoted, unquoted
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.tags import in_brackets
from nmt_cli.textio import white_ends


@dataclass(frozen=True)
class Aside:
    """A line translated as another ``text``: ``finish(translation)``, the line's translation;
    ``aligned``: ``finish`` reads the word alignment."""

    text: str
    aligned: bool
    finish: Callable[[Translation], Translation]

    def given_back(self, t: Translation, line: str, split: bool) -> Translation:
        """``t``, the translation of ``text``, finished as ``line``'s: with ``split``, one
        sentence of its line, the line and its translation as printed (``--format jsonl``'s
        record), not the text set aside ("élément(s)" read as "éléments", "~Fichier" as
        "Fichier") nor its sentences' translations before the line's was finished."""
        done = replace(self.finish(t), source=line)
        done.sentences = [replace(done, sentences=[])] if split else []
        return done


def aside_for(
    line: str,
    spans: Callable[[str], Sequence[tuple[int, int]]] | None,
    target: str | None,
    alignable: bool,
    written: Collection[str] = (),
    known: Collection[str] = (),
) -> Aside | None:
    """How ``line`` is translated as another text, if it is. Where spans are protected
    (``spans(line)``: where they are), its access keys, its plural marks (plurals.py: given
    ``written`` and ``known``, the model's target and source words) and its quotation marks
    (outside the spans) are taken out; the marks only where its translation can have a word
    alignment (``alignable``), into ``target``, the target language. Angle brackets always."""
    if line.strip() != line:  # its indentation, its trailing white space (a form feed) kept
        lead, trail = white_ends(line)
        return Aside(line.strip(), False, lambda t: replace(t, text=lead + t.text + trail))
    if BIDI.search(line):  # most lines have none: no copy made of them
        lead, trail = _LEAD.match(line)[0], _TRAIL.search(line)[0]
        return Aside(BIDI.sub("", line), False, lambda t: replace(t, text=lead + t.text + trail))
    if line.strip() and not has_words(line):  # nothing to translate: as written
        return Aside("", False, lambda t: as_written(t, line))
    if spans is not None and (keys := plain_keys(line)):
        text, marks = keys
        return Aside(text, True, lambda t: replace(t, text=with_keys(t, marks)))
    if held := in_brackets(line) or in_parentheses(line) or between_signs(line) or arrowed(line):
        opening, words, closing = held
        return Aside(words, False, lambda t: replace(t, text=opening + t.text + closing))
    if lead := _LEADING_SIGN.match(line):  # ?Aide: the sign before the word's translation
        return Aside(line[lead.end() :], False, lambda t: replace(t, text=lead[0] + t.text))
    if marker := _MARKER.match(line):  # a) Ouvrez: the marker a word of its own before it
        return Aside(line[marker.end() :], True, lambda t: after_marker(t, marker[0]))
    plural = spans is not None and alignable and written and known and has_marks(line)
    quotes = spans is not None and alignable and not MARKS.isdisjoint(line)
    emphasis = spans is not None and alignable and not EMPHASIS.isdisjoint(line)
    where = spans(line) if plural or quotes or emphasis else ()  # the line's spans found once
    if plural and (found := unmarked(line, known, where)):
        text, marked = found
        return Aside(text, True, lambda t: remarked(t, marked, written))
    if quotes and (quoted := unquoted(line, where)):
        return Aside(quoted.text, True, lambda t: requoted(t, quoted, target))
    if emphasis and (marked := unemphasized(line, where)):
        return Aside(marked.text, True, lambda t: requoted(t, marked, target))
    return None


_WORD = re.compile(r"[^\W_]")  # a letter or a digit
# a pointer at a line's end or start (arrowed): its sign and the spaces beside it
_ARROWED = re.compile(r"((?:[«‹←]\s+)?)(\S.*?\S|\S)((?:\s+[»›→])?)", re.DOTALL)
# a question or exclamation mark glued to the line's first word (a Help menu's ``?Aide``): fr-en
# wrote ``?Aide`` as "?", the word lost; the word is translated alone, the sign put back before it
_LEADING_SIGN = re.compile(r"[?!¿¡]+(?=[^\W\d_])")
# a list's item marker that starts the line, a letter or a small Roman numeral and its bracket:
# fr-en wrote ``a) Première option`` "A) first option", ``i) Ouvrez le fichier`` ") Open the
# file"; a bullet or a dash (``- Bonjour.``: "- never.", ``- Ouvrez le fichier`` lost its
# dash) and a Markdown heading's marks (``# Installation rapide``: "# P rapid Installation") too;
# the item is translated alone, the marker put back before it as written
_MARKER = re.compile(r"(?:\(?(?:[A-Za-z]|[ivx]{2,4})\)|[-*+•–—]|#{1,6})[ \t]+(?=\S)")
# Bidirectional marks, embeddings and isolates (LRM, RLM, ALM, LRE... PDF, LRI... PDI): the
# tokenizer has no piece for them, and a word holding one was a sign's, passed through
# untranslated ("\u200fLe chat dort" came back "\u200fLe cat sleeps"). Those that open or
# close the line are given back around its translation; the others are left out.
_MARKS = "\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069"
BIDI = re.compile(f"[{_MARKS}]")
_LEAD, _TRAIL = re.compile(f"[{_MARKS}\\s]*"), re.compile(f"[{_MARKS}\\s]*$")


def after_marker(t: Translation, marker: str) -> Translation:
    """``t``, the translation of a line's words after its item marker ``marker`` (``a) ``), as
    the line's: the marker before it, linked to itself, the other links one word on."""
    alignment = [(0, 0)] + [(s + 1, d + 1) for s, d in t.alignment] if t.alignment else []
    scores = [0.0, *t.word_scores] if t.word_scores else []
    return replace(t, text=marker + t.text, alignment=alignment, word_scores=scores)


def has_words(text: str) -> bool:
    """Whether ``text`` holds a letter or a digit, of any script: what there is to translate
    (``?!``, ``•``, ``---``, ``_`` hold none)."""
    return _WORD.search(text) is not None


def as_written(t: Translation, line: str) -> Translation:
    """``t``, the translation of a blank line, as the translation of ``line``, a line of no
    letter and no digit, as written: fr-en wrote ``?!`` as "!", ``---`` "-", ``•`` "#", ``« »``
    '"'. Its words are linked one to one."""
    n = len(line.split())
    return replace(
        t, text=line.strip(), alignment=[(k, k) for k in range(n)], word_scores=[0.0] * n
    )


# a line in one pair of round or square brackets, nothing but its words inside
_PARENTHESISED = re.compile(r"(\s*\()([^()\[\]]*)(\)\s*)|(\s*\[)([^()\[\]]*)(\]\s*)")


def in_parentheses(line: str) -> tuple[str, str, str] | None:
    """(opening, words, closing) of a ``line`` that is two words or more in round or square
    brackets, a letter at least (``(lecture seule)``, ``[Aucune sélection possible]``); None
    for any other line.

    The tokenizer reads a bracket glued to a word as a piece of its own and the word in pieces
    of letters (``[Aucune`` is ``▁ [ A u c une``): fr-en wrote ``[Aucune sélection possible]``
    as "[Remed selectedAcune]", ``(lecture seule)`` "(lease only)", and left out the opening
    bracket of a sentence in brackets. A single word keeps its brackets: alone, fr-en reads
    ``Applaudissements`` and ``Aucun`` worse than in brackets."""
    m = _PARENTHESISED.fullmatch(line)
    if m is None:
        return None
    opening, words, closing = (g for g in m.groups() if g is not None)
    two_words = len(words.split()) >= 2 and any(c.isalpha() for c in words)
    return (opening, words, closing) if two_words else None


# a line between two of one sign: a song's ♪, a *stress*, a # title #; a sign of symbols only
# (Unicode's "other symbols", So, and these), not punctuation ("...X." read as between two
# dots lost one) nor a placeholder's $ or % ($servicename$ came out "$service$")
_BETWEEN = re.compile(r"(\s*([^\w\s]+)\s*)(.*\w.*?)(\s*\2\s*)")
_SIGNS = set("*#~=+•·")


def arrowed(line: str) -> tuple[str, str, str] | None:
    """(opening, words, closing) of a ``line`` whose one guillemet or arrow points on from its
    end (``Lire la suite »``, ``Suivant ›``, ``Continuer →``) or back from its start (``«
    Retour``, ``‹ Précédent``): a blog's or a pager's link, not a quotation; None for any other
    line. Read as a quotation's mark, the model wrote "Leave Continue'" and "'Do Return"."""
    m = _ARROWED.fullmatch(line)
    if m is None or (m[1] == "") == (m[3] == ""):  # none, or both: « Oui » is a quotation
        return None
    guillemet = (m[1] + m[3]).strip() in "«»‹›"
    if guillemet and sum(map(line.count, "«»‹›")) != 1:  # a quotation's mark, another's pair
        return None
    return (m[1], m[2], m[3])


def between_signs(line: str) -> tuple[str, str, str] | None:
    """(opening, words, closing) of a ``line`` whose words stand between two of one sign
    (``♪ La la la ♪``, a subtitle's song); None for any other line. As two protected spans
    around them, the model wrote the signs and left the words out ("♪ ♪")."""
    m = _BETWEEN.fullmatch(line)
    if m is None or not all(c in _SIGNS or unicodedata.category(c) == "So" for c in m[2]):
        return None
    if m[2] in m[3]:  # *un* *deux*: pairs of their own (emphasis.py), not two signs around all
        return None
    return (m[1], m[3], m[4])
