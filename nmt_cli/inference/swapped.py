"""Names the model swapped for others, put back: an acronym for another acronym, a first name for
its English form.

A model learns which acronym a language writes for another's (``ONU`` "UN", ``TVA`` "VAT") and
which first names have English forms (``Marie`` "Mary"), and puts them where they do not
belong: fr-en wrote ``Indiquez l'IBAN de votre compte.`` "Specify the BSE of your account.",
``Le prix inclut la TVA.`` "The price include TV.", ``Marie Curie a découvert le radium.``
"Mary Curie discovered the radium.": a fact changed. The translator mends it after the search,
from two tables its model ships (model/name_tables.py, counted over its training data by
``tests/benchmarks/names_table.py``):

- :func:`acronyms_back`: an acronym of the source that the translation lacks (as written, and
  its English one of ``acronyms.tsv`` too) is written over the acronym the translation holds in
  its place, one the source lacks, that is the English of none of its acronyms and that stands
  beside no number (a currency's code: "EUR 33 billion"), in about the same place in the line
  (within :data:`PLACE` of its length), as written: "The price include TVA." (the reader sees
  the source's fact; the table's English one may be another sense's, fr-en wrote "CC" for
  ``SCC``, the Canadian Cancer Society in the news, and the Hansards' ``SCC`` is "CSC").
  Acronyms are paired in order, and only where as many are lacking as held in their place;
  never in a line with a word shouted in capitals (``ENREGISTRER`` "SAVE", read apart:
  protect/names.py ``shouted_words``).
- :func:`first_names_back`: a name of ``first-names.txt`` (the names the training data writes as
  they are before another name: ``Marie``, ``Pierre``, ``Jean``; not ``Monsieur``, ``Lac``,
  which it translates there, "Mr", "Lake", nor an English word, ``The``) that stands before a
  name the translation holds as written (``Curie``) is written over the translation's other
  name before it, one the source lacks ("Mary"). A place's or an institution's name the model
  translates whole (``Londres``, ``Banque mondiale``) holds no such pair, and stays the model's.
- :func:`lone_first_names_back`: a name of ``first-names.txt`` anywhere, alone too, that the
  translation lacks is written over its near spelling that the model's targets never wrote, or
  a first name: ``Claire est arrivée hier.`` gave "Clar arrived yesterday.", ``Marie`` "Mary".
- :func:`label_names_back`: a label (a line of one or two words) whose every word is a name the
  English writes as it is (``Linux``, ``Google Chrome``: capitalised, the model's target words
  hold it as written, its small letters are no word the model was taught) is the name itself;
  where its translation, in as many words, lacks it, accents aside ("Quebec" for ``Québec``
  stays), the label is written as it is: fr-en wrote ``Linux`` "Lines", ``Google Chrome``
  "Chrome tab". A label the model translates (``Fichier``, ``Aide``: taught in small letters;
  ``Londres``, ``Allemagne``: never written by the English) stays the model's.

The word count never changes, so word alignments stay valid.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from nmt_cli.inference.names import (
    NEAR,
    WORD_PARTS,
    fold,
    holds,
    near,
    put_names_back,
    source_words,
    spelling_ratio,
    spelt_words,
    unelided,
)
from nmt_cli.protect.names import (
    NAME_WORD,
    is_acronym,
    is_name,
    name_parts,
    shouted_words,
    shown,
)
from nmt_cli.protect.placeholders import RESERVED_NAME

# a word that starts with a digit (33, (2010), €5) or a protected span's placeholder, as the
# translation holds it when names are put back (a number: "EUR <ph0> billion")
_NUMBER = re.compile(rf"\W*(?:\d|{RESERVED_NAME})")
PLACE = 1 / 3  # how far apart an acronym and the one put over it stand at most, in lines


def _bare(word: str) -> str:
    """An acronym without an English plural's s (``SMEs``: ``SME``)."""
    return word[:-1] if word.endswith("s") and is_acronym(word[:-1]) else word


def _place(i: int, n: int) -> float:
    """Where word ``i`` of ``n`` stands in its line, from 0 (first) to 1 (last)."""
    return (i + 0.5) / n


def _counts(words: list[str], i: int) -> bool:
    """Whether word ``i`` of ``words`` stands beside a number (or a protected span, which may be
    one): a currency's or a unit's code ("EUR 33 billion" for ``33 milliards d'euros``), the
    translation of a word."""
    return any(_NUMBER.match(words[j]) for j in (i - 1, i + 1) if 0 <= j < len(words))


def _source_acronyms(source: str) -> list[tuple[str, float]]:
    """Each acronym of ``source`` (an elision aside: ``l'IBAN``) once, and its place."""
    words = [unelided(w) for w in NAME_WORD.findall(source)]
    found: dict[str, float] = {}
    for i, word in enumerate(words):
        if is_acronym(word) and word not in found:
            found[word] = _place(i, len(words))
    return list(found.items())


def acronyms_back(source: str, text: str, english: Mapping[str, str]) -> str:
    """``text``, ``source``'s translation, with each acronym of ``source`` that it lacks (as
    written, and its English one of ``english`` too) written over the acronym it holds in its
    place (module docstring), that plural's s and punctuation kept."""
    acronyms = _source_acronyms(source)
    said = {a for a, _ in acronyms} | {english[a] for a, _ in acronyms if a in english}
    lacking = [
        (a, at)
        for a, at in acronyms
        if not holds(text, a) and not (a in english and holds(text, english[a]))
    ]
    spellings, words = list(spelt_words(text)), text.split()
    held = [i for i, (_, w, _) in enumerate(spellings) if is_acronym(_bare(w))]
    held = [i for i in held if _bare(spellings[i][1]) not in said and not _counts(words, i)]
    if not lacking or len(lacking) != len(held):
        return text
    for (acronym, at), i in zip(lacking, held):
        if abs(at - _place(i, len(words))) > PLACE:
            return text
        lead, word, rest = spellings[i]
        words[i] = lead + acronym + word[len(_bare(word)) :] + rest
    return " ".join(words)


def _first_name_pairs(source: str, first_names: Collection[str]) -> list[tuple[str, str]]:
    """(first name, name after it) of each first name of ``first_names`` in ``source`` written
    against the next name (no punctuation between: ``Marie Curie``, not ``Marie, Curie``)."""
    pairs = []
    tokens = [WORD_PARTS.match(token) for token in source.split()]
    for x, y in zip(tokens, tokens[1:]):
        if x is None or y is None or x.group(3) or y.group(1):
            continue
        if x.group(2) in first_names and is_name(x.group(2)) and name_parts(y.group(2)):
            pairs.append((x.group(2), y.group(2)))
    return pairs


def _respelt_name(name: str, spellings: list[tuple[str, str, str]], said: set[str]) -> int:
    """The index of the word of ``spellings`` after another that is a near spelling of
    ``name`` the source lacks ("Holland" for ``Hollande``, after "François" or "French"), one
    that stands against that word; else 0."""
    for i in range(1, len(spellings)):
        lead, word, _ = spellings[i]
        other, rest = spellings[i - 1][1], spellings[i - 1][2]
        if word and not lead and other and not rest and word not in said and near(name, word):
            return i
    return 0


def first_names_back(source: str, text: str, first_names: Collection[str]) -> str:
    """``text``, ``source``'s translation, with each first name of ``source`` (one of
    ``first_names`` written against the name after it) that it lacks written over the name it
    holds before that name, one ``source`` lacks ("Mary Curie": ``Marie Curie``); where it lacks
    that name too, the name is written over its near spelling after a word ("French Holland":
    ``François Hollande``)."""
    spellings, said = list(spelt_words(text)), source_words(source)
    words, taken = text.split(), False
    for first, name in _first_name_pairs(source, first_names):
        at = next((i for i, (_, w, _) in enumerate(spellings) if w == name), 0)
        if not at and not holds(text, name) and (at := _respelt_name(name, spellings, said)):
            lead, _, rest = spellings[at]
            words[at], taken = lead + name + rest, True
        if holds(text, first) or not at:
            continue
        lead, other, rest = spellings[at - 1]
        if other and not rest and not spellings[at][0] and other not in said and is_name(other):
            words[at - 1], taken = lead + first, True
    return " ".join(words) if taken else text


def lone_first_names_back(
    source: str, text: str, first_names: Collection[str], written: Collection[str]
) -> str:
    """``text``, ``source``'s translation, with each first name of ``source`` (one of
    ``first_names``, a name, alone or not) that it lacks written over its nearest near spelling
    (names.py ``near``), a capitalised word ``source`` lacks that the model's targets never wrote
    (``written``: "Clar" for ``Claire``) or a first name of ``first_names`` ("Mary" for
    ``Marie``); not over a word of the targets' ("Clear")."""
    said = source_words(source)
    wanted = sorted(w for w in {unelided(w) for w in said} if w in first_names and is_name(w))
    spellings, words, taken = list(spelt_words(text)), text.split(), set()
    for first in wanted:
        if holds(text, first):
            continue
        best, at = NEAR, None
        for i, (_, word, _) in enumerate(spellings):
            if not word or i in taken or word in said:
                continue
            ratio = spelling_ratio(first, word)
            if ratio >= best and (word in first_names or not shown(word, written)):
                best, at = (ratio, i) if ratio > best or at is None else (best, at)
        if at is not None:
            lead, _, rest = spellings[at]
            words[at], taken = lead + first + rest, taken | {at}
    return " ".join(words) if taken else text


def _capitalised_words(text: str) -> str:
    """``text`` with each word in capitals written with a capital then small letters (``MARIE
    : BONJOUR.``: "Marie : Bonjour."), as names are written in ordinary case."""
    return NAME_WORD.sub(
        lambda m: m.group().capitalize() if m.group().isupper() else m.group(), text
    )


def shouted_first_names_back(
    source: str, text: str, first_names: Collection[str], written: Collection[str]
) -> str:
    """``text``, the translation in capitals of ``source``, a line in capitals, with each first
    name of ``source`` put back as :func:`lone_first_names_back` puts it back, read in ordinary
    case, and written in capitals: ``MARIE`` gave "MARY" (the model read "Marie")."""
    read = _capitalised_words(text)
    mended = lone_first_names_back(_capitalised_words(source), read, first_names, written)
    if mended == read:
        return text
    words = text.split()
    for i, (was, now) in enumerate(zip(read.split(), mended.split())):
        if was != now:
            words[i] = now.upper()
    return " ".join(words)


NAMES_LABEL_WORDS = 2  # a line of this many words at most is a label: ``Linux``, ``Google Chrome``


def label_names_back(
    source: str, text: str, known: Collection[str], written: Collection[str]
) -> str:
    """``source`` as written where it is a label of names the English writes as they are (module
    docstring) and ``text``, its translation, lacks them as written there, accents aside
    ("Tags smart" for ``Smart Tags``), in as many words; else ``text``."""
    words = source.split()
    if not words or len(words) > NAMES_LABEL_WORDS:
        return text
    for word in words:
        if not NAME_WORD.fullmatch(word) or not is_name(word):
            return text
        if word not in written or word.lower() in known:
            return text
    label = " ".join(words)
    if holds(fold(text), fold(label)) or len(text.split()) != len(words):
        return text  # a word count kept keeps word alignments valid
    return label


def acronyms_and_first_names_back(
    source: str,
    text: str,
    acronyms: Mapping[str, str],
    first_names: Collection[str],
    shouts: bool,
) -> str:
    """``text`` with ``source``'s acronyms (:func:`acronyms_back`; none without the table
    ``acronyms``, nor where ``shouts``: the line shouts words in capitals) and first names
    (:func:`first_names_back`) put back."""
    if acronyms and not shouts:
        text = acronyms_back(source, text, acronyms)
    return first_names_back(source, text, first_names)


def put_back(lines, shouted, out, known: Collection[str], bundle, labels=None) -> None:
    """Each translation of ``out`` (per line, its hypotheses) with its line's misspelt names put
    back (names.py ``put_names_back``), then those the model swapped
    (:func:`acronyms_and_first_names_back`) by the tables of ``bundle`` (model/bundle.py, its
    model's), not in a line in capitals (``shouted``); ``known`` (the words the model was
    taught) tells the names and the words a line shouts. A label of names
    (:func:`label_names_back`) is told on ``labels``, the lines as given (``lines`` may read a
    label's first letter small: casing.py ``label_read``)."""
    written = bundle.target_words
    put_names_back(lines, shouted, out, known, written)
    acronyms, first_names = bundle.acronyms or {}, bundle.first_names or ()
    for line, given, up, nbest in zip(lines, labels or lines, shouted, out):
        if up:  # a line in capitals: its first names only (``MARIE``, "MARY")
            for t in nbest if written else ():
                t.text = shouted_first_names_back(given, t.text, first_names, written)
            continue
        shouts = bool(acronyms) and bool(shouted_words(line, known, written or ()))
        for t in nbest:
            t.text = acronyms_and_first_names_back(line, t.text, acronyms, first_names, shouts)
            if written:
                t.text = lone_first_names_back(line, t.text, first_names, written)
                t.text = label_names_back(given, t.text, known, written)
