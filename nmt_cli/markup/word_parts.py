"""The units a block's inline elements are placed by (placement.py): its words, a word cut
where an element starts or ends inside it (``Paris<sup>1</sup>``: ``Paris``, ``1``).

The source's words are cut at every such place. A target word is cut the same way where the
translation copied its source word as written, or but for a number's separators
(``<b>4,5</b>/5`` "4.5/5"; each part linked to its own part), or where
it is an English ordinal whose source word is a French one cut between its number and its
ending (``1<sup>er</sup>`` "1st": the number linked to the number, the ending to the ending,
so that the superscript stays on "st"); any other target word is one part, linked to every
part of its source word, but for one whose source word is a French abbreviation written with
its ending raised (``M<sup>me</sup>``, ``n<sup>o</sup>``): linked to the letter before the
ending only, the superscript keeps none of its words ("Mrs Dupont", "No. 5", where the whole
of "Mrs" and "No" came out raised).
"""

from __future__ import annotations

import bisect
import re

from nmt_cli.markup.placement import Links

Spans = list[tuple[int, int]]

# an English ordinal (1st, 19th, XIXth), and a French one cut between its number and its ending
# by an element (1|er, XIX|e, 2|nde: the number, then a superscript)
_ORDINAL = re.compile(r"(\d+|[IVXLCDM]+)(st|nd|rd|th)(?![\w])")
_SEPARATORS = ",.\u00a0\u202f"  # a number's decimal and group separators, each language's
_SOURCE_ORDINAL = re.compile(r"(?:\d+|[IVXLCDM]+)\|(?:er|re|e|ème|nd|nde|d|de)")
# a French abbreviation cut between its letter and its raised ending: Madame, Mesdames,
# Mademoiselle(s), Monseigneur, Maître, Docteur(s), Professeur, Saint(e), Compagnie,
# Établissements, numéro(s), Veuve
_ABBREVIATION = re.compile(
    r"M\|(?:me|mes|lle|lles|gr|e)|D\|rs?|P\|r|S\|te?|C\|ie|É\|ts|[Nn]\|os?|V\|ve"
)


def _copied(word: str, target: str) -> bool:
    """Whether ``target`` is ``word`` as written, or but for a number's separators written the
    target's way (``4,5/5`` "4.5/5": cut as the source word is, the element around ``4,5``
    took all of "4.5/5")."""
    return len(word) == len(target) and all(
        a == b or (a in _SEPARATORS and b in _SEPARATORS) for a, b in zip(word, target)
    )


def word_parts(
    text: str, source: Spans, cuts: list[int], words: list[str], links: Links, word_spans: Spans
) -> tuple[Spans, Spans, Links]:
    """The parts of the ``source`` words of ``text`` (character spans) cut at ``cuts``, the
    parts of the target's ``words`` (at ``word_spans``) and the ``links`` between the words
    made links between the parts: (the source's parts, the target's parts, the links)."""
    parts: Spans = []
    own: list[list[int]] = []  # each source word's parts
    for a, b in source:
        inner = cuts[bisect.bisect_right(cuts, a) : bisect.bisect_left(cuts, b)]
        edges = [a, *inner, b]
        own.append(list(range(len(parts), len(parts) + len(edges) - 1)))
        parts += list(zip(edges, edges[1:]))
    if len(parts) == len(source):
        return parts, word_spans, links
    pieces = [text[a:b] for a, b in parts]
    copied = {
        t: s
        for s, t in links
        if len(own[s]) > 1 and _copied(text[source[s][0] : source[s][1]], words[t])
    }
    ordinals = {  # 1<sup>er</sup> "1st": its number and its ending, each the source's part's
        t: s for s, t in links if t not in copied and _ordinal(words[t], own[s], pieces)
    }
    raised = {  # M<sup>me</sup> "Mrs": the letter's alone
        (s, t)
        for s, t in links
        if len(own[s]) == 2 and _ABBREVIATION.fullmatch("|".join(pieces[k] for k in own[s]))
    }
    spans: Spans = []
    mine = []
    for t, (a, b) in enumerate(word_spans):
        cut = [(a, b)]
        if (s := copied.get(t)) is not None:  # its source word's parts, where it starts
            shift = a - source[s][0]
            cut = [(x + shift, y + shift) for x, y in (parts[k] for k in own[s])]
        elif t in ordinals:
            number = _ORDINAL.match(words[t])
            cut = [(a, a + number.end(1)), (a + number.end(1), a + number.end(2))]
        mine.append(list(range(len(spans), len(spans) + len(cut))))
        spans += cut
    out = []
    for s, t in links:
        if copied.get(t) == s or ordinals.get(t) == s:
            out += list(zip(own[s], mine[t]))
        elif (s, t) in raised:
            out += [(own[s][0], y) for y in mine[t]]
        else:
            ys = _worded(mine[t], spans, word_spans[t][0], words[t]) if t in copied else mine[t]
            out += [(x, y) for x in own[s] for y in ys]
    return parts, spans, out


def _worded(own: list[int], spans: Spans, at: int, word: str) -> list[int]:
    """The parts ``own`` (at ``spans``) of the copied target ``word`` (at ``at``) that another
    source word than the one it copies is linked to: those with a letter or a digit, where it
    has one (``le site web.`` "the web.", "web." cut "web" "." as its source word: "site"
    linked to "web" alone, the period stays out of ``[le site web](x).``)."""
    worded = [k for k in own if any(c.isalnum() for c in word[spans[k][0] - at : spans[k][1] - at])]
    return worded or own


def _ordinal(word: str, own: list[int], pieces: list[str]) -> bool:
    """Whether target ``word`` is an English ordinal and the source word of parts ``own`` (of
    ``pieces``) a French one cut between its number and its ending by an element."""
    if len(own) != 2 or not _ORDINAL.match(word):
        return False
    number, ending = (pieces[k] for k in own)
    return _SOURCE_ORDINAL.fullmatch(f"{number}|{ending}") is not None


# a French imperative and its pronoun written as one word: Contactez-nous, Inscrivez-vous
_IMPERATIVE = re.compile(r"[^\W\d_]{3,}-(?:nous|vous|moi|toi|le|la|les|lui|leur|en|y)\W*")


# the English pronoun that follows the verb of such an imperative's translation ("Contact us")
_PRONOUN = re.compile(r"(?:us|you|me|it|them|him|her|yourself|yourselves|ourselves)\W*", re.I)


def imperative_links(source: list[str], target: list[str], links: Links) -> Links:
    """``links`` from the words ``source`` to the words ``target``, and for each French
    imperative and its pronoun written as one word (``Contactez-nous``) whose first target word
    follows one no source word is linked to, that word too, and whose last precedes an English
    pronoun linked to none, that pronoun too: the alignment linked the pronoun or the verb only
    ("Contact us": "us"), and a link on ``<a>Contactez-nous</a>`` came out "Contact <a>us</a>",
    ``[Contactez-nous](...)`` "[Contact](...) us"."""
    linked = {t for _, t in links}
    out = list(links)
    for s, word in enumerate(source):
        own = [t for x, t in links if x == s]
        if not own or not _IMPERATIVE.fullmatch(word):
            continue
        first, last = min(own), max(own)
        if first and first - 1 not in linked:
            out.append((s, first - 1))
        after = last + 1
        if after < len(target) and after not in linked and _PRONOUN.fullmatch(target[after]):
            out.append((s, after))
    return out
