"""Names copied as written: a misspelt name in a translation is put back as the source has it.

A small subword model spells a name it never saw piece by piece and often gets it slightly
wrong ("Montpellier" -> "Montpelline", "Nantes" -> "Nates", "Amélie" -> "Amelie"). The
translator mends this after the search: for each source word that is a name to copy
(:func:`names_to_copy`; nmt_cli/protect/names.py: a capitalised word the model's training did
not teach it, not a sentence's first word, unless each of its hyphenated parts has a capital:
``Jean-Pierre``, which fr-en spelt "Thanan-Prererere") and that the translation lacks, the
translation's capitalised word nearest to it (difflib's ratio, case and accents folded, at
least :data:`NEAR`) that is not itself a word of the source becomes the name, its punctuation
and an English possessive kept; each target word is replaced once at most:

    Théo a pris le train pour Montpellier.   Théo took the train for Montpelline.
                                          -> Théo took the train for Montpellier.

A sentence's first word is capitalised whatever it is, so the known words cannot tell a name
there from a word the model was taught too rarely (``Alignez``). Such a word
(:func:`first_names`) is put back only over a word the target sides of the model's training
data never held (its target-words.txt): ``Arnaud joue au football`` gave "Arraud plays
football", and "Arraud" is no such word, so the name goes back; "Align" is one, and stays.
Where the model put a name it knows in the place of such a first name (``Théo a pris le train``
"Tom took the train": "Tom" is known, its lowercase form neither known nor written, and the
source lacks it), the name goes back over it (:func:`swapped_back`), where exactly one sentence
of the translation starts with such a name; a verb taught too rarely starts its sentence with a
word ("Align", "Get": "get" is written).

A name the model dropped or wrote too far from it is not found here: the translator translates
such a line again with its names passed through as protected spans (:func:`name_spans`,
:func:`names_lost`; inference/protection.py); never a sentence's first word. A name it was
taught (:func:`taught_names`) is put back like a first word, only over a word never written:
``Je m'appelle Guillaume.`` gave "I call for Guill Back.", and "Guill" is no such word;
"Londres" -> "London" stays, "London" is one. The word count never changes,
so word alignments stay valid. With the model's target words, an acronym to copy
(protect/names.py ``acronym_to_copy``: ``UNO``, ``XSCRIPTCONTEXT``; never one glued to other
characters, ``GNU/Linux``, nor in a shouted line) is put back like a name it was taught,
wherever it stands, its plural (``APIs``) holding it; one it was taught no form of is also
searched for again (:func:`acronyms_lost`). The names of a sentence are few and rare, so the
spelling alone finds them: on the short segments' names, the attention links found no more
(docs/benchmarks.md, "Names copied") and a forced alignment pass costs time.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Iterator

from nmt_cli.inference.sure_first_names import sure_first_names
from nmt_cli.protect.names import (
    LINKS,
    NAME_WORD,
    acronym_to_copy,
    copyable,
    is_acronym,
    is_name,
    shown,
    taught,
)

NEAR = 0.6  # difflib ratio from which a target word is a spelling of the source's name
# a whitespace word: leading punctuation, the word of letters, the rest ("Nates." "(Nates),")
WORD_PARTS = re.compile(r"^(\W*)([^\W\d_]+(?:['’-][^\W\d_]+)*)(.*)$")
# a hyphenated word whose every part has a capital (Jean-Pierre, Saint-Étienne; not Peut-être),
# or a link word between two that do (Aix-en-Provence): a name even where it starts a sentence
_CAPITALISED = r"[^\W\d_a-zà-ÿ][^\W\d_A-ZÀ-Þ]+"
_LINKED = "|".join(sorted(LINKS))  # Aix-en-Provence: a link word between its parts
_HYPHENATED_NAME = re.compile(rf"\W*{_CAPITALISED}(?:(?:-(?:{_LINKED}))*-{_CAPITALISED})+\b")
_ELISION = re.compile(r"^(?:qu|[a-z])['’](?=[^\W\d_])")  # French l', d', qu' (not O'Neil's O')
_FIRST_ELISION = re.compile(r"^(?:Qu|[LDJMNST])['’](?=[^\W\d_])")  # a sentence's L', D', Qu'
_POSSESSIVE = ("'s", "’s")
# what may stand before and after an acronym in its whitespace word: ("API"), « UNO ».
_ACRONYM_LEAD = re.compile(r"[(\[«“\"'‘]*")
_ACRONYM_REST = re.compile(r"[.,;:!?)\]»”\"'’…]*")
_TOKEN = re.compile(r"[^\s<>]+")  # a word between spaces or tags: <a href="/aide">Gaëlle</a>
# a token that ends a sentence ("Paris." "oui !"), not an abbreviation ("M." "Dr." "Mme.")
_ENDS_SENTENCE = re.compile(r"[!?…]$|(?<!^[A-Z])(?<!^[A-Z][a-z])(?<!^[A-Z][a-z]{2})\.$")


def fold(word: str) -> str:
    """``word`` in small letters, its accents taken off (``Québec``: "quebec")."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def spelling_ratio(name: str, word: str) -> float:
    """How near ``word`` is to ``name`` (difflib's ratio, case and accents aside)."""
    return difflib.SequenceMatcher(None, fold(name), fold(word)).ratio()


def near(name: str, word: str) -> bool:
    """Whether ``word`` is a near spelling of ``name`` (case and accents aside)."""
    return spelling_ratio(name, word) >= NEAR


def _sentence_starts(words: Iterable[str]) -> Iterator[bool]:
    """For each of ``words``: whether it starts a sentence (the first, or one after a word that
    ends a sentence)."""
    previous = None
    for word in words:
        yield previous is None or bool(_ENDS_SENTENCE.search(previous))
        previous = word


def _name_words(
    source: str, known: Collection[str], first: bool = False, is_one=copyable
) -> Iterator[tuple[int, int, int, str]]:
    """(whitespace word index, start, end, name) of each name to copy of ``source`` (``is_one``
    tells them): never a sentence's first word (the line's, or one after a token that ends a
    sentence); with ``first``, only those."""
    tokens = list(_TOKEN.finditer(source))
    for j, (token, starts) in enumerate(zip(tokens, _sentence_starts(t[0] for t in tokens))):
        starts = starts and not _HYPHENATED_NAME.match(token[0])  # Jean-Pierre: a name anywhere
        parts = WORD_PARTS.match(token[0]) if starts == first else None
        if parts is None:
            continue
        word = (_FIRST_ELISION if first else _ELISION).sub("", parts.group(2))
        if is_one(word, known):
            start = token.start() + len(parts.group(1)) + len(parts.group(2)) - len(word)
            yield j, start, start + len(word), word


def unelided(word: str) -> str:
    """``word`` without a French elision before it, a sentence's (``L'API``) or not (``l'API``)."""
    return _ELISION.sub("", _FIRST_ELISION.sub("", word))


def _acronym_words(
    source: str, known: Collection[str], written: Collection[str], untaught: bool = False
) -> Iterator[tuple[int, int, int, str]]:
    """(whitespace word index, start, end, acronym) of each acronym to copy of ``source``
    (protect/names.py ``acronym_to_copy``; ``written``: the model's target words; with
    ``untaught``, only one the model was taught no form of), wherever it stands; none in a line
    without a small letter (a shouted line is read in sentence case)."""
    if not written or not any(c.islower() for c in source):
        return
    for j, token in enumerate(_TOKEN.finditer(source)):
        parts = WORD_PARTS.match(token[0])
        if (
            parts is None
            or not _ACRONYM_LEAD.fullmatch(parts.group(1))
            or not _ACRONYM_REST.fullmatch(parts.group(3))
        ):
            continue  # not %PRODUCTNAME, $(ARG1), TAB2, GNU/Linux
        word = unelided(parts.group(2))  # l'API
        if acronym_to_copy(word, known, written) and not (untaught and shown(word, known)):
            start = token.start() + len(parts.group(1)) + len(parts.group(2)) - len(word)
            yield j, start, start + len(word), word


def names_to_copy(source: str, known: Collection[str]) -> dict[int, str]:
    """The names to copy of ``source``, by the index of its words between spaces or tags
    (never word 0)."""
    return {j: word for j, _, _, word in _name_words(source, known)}


def acronyms_to_copy(
    source: str, known: Collection[str], written: Collection[str]
) -> dict[int, str]:
    """The acronyms to copy of ``source`` (:func:`_acronym_words`), by the index of its words
    between spaces or tags."""
    return {j: word for j, _, _, word in _acronym_words(source, known, written)}


def first_names(source: str, known: Collection[str]) -> dict[int, str]:
    """The sentences' first words of ``source`` that would be names to copy anywhere else, by
    the index of its words between spaces or tags."""
    return {j: word for j, _, _, word in _name_words(source, known, first=True)}


def taught_names(source: str, known: Collection[str]) -> dict[int, str]:
    """The names of ``source`` its model was taught (protect/names.py ``taught``: "Guillaume"),
    never a sentence's first word, by the index of its words between spaces or tags."""
    return {j: word for j, _, _, word in _name_words(source, known, is_one=taught)}


def name_spans(source: str, known: Collection[str]) -> list[tuple[int, int]]:
    """(start, end) of each name to copy of ``source``, in order."""
    return [(start, end) for _, start, end, _ in _name_words(source, known)]


def kept_names(
    source: str, text: str, known: Collection[str], first: Collection[str] | None = ()
) -> set[str]:
    """The names of ``source`` that are no names to copy (a name the model knows: "Marie"),
    never a sentence's first word, that ``text``, its first translation, holds as written: a
    second search passes them through too (``Marie Curie``: "Marie Curie" the first time, "Mary
    Curie" once "Curie" was passed through); and the first names of ``first`` it surely holds
    that ``text`` lost (:func:`first_names_lost`)."""
    found = _name_words(source, known, is_one=lambda w, k: is_name(w) and not copyable(w, k))
    lost = first_names_lost(source, text, first)
    return {word for _, _, _, word in found if holds(text, word)} | lost


def first_names_lost(source: str, text: str, first: Collection[str] | None) -> set[str]:
    """The first names of ``first`` (the model's first-names.txt) that ``source`` surely holds
    as a person's (sure_first_names.py) and ``text``, its translation, lacks as written."""
    sure = sure_first_names(source, first or ())
    return {name for _, _, name in sure if not holds(text, name)}


def kept_spans(source: str, kept: Collection[str]) -> list[tuple[int, int]]:
    """(start, end) of each of ``kept`` (:func:`kept_names`) in ``source``, in order: never a
    sentence's first word but a first name surely a person's (sure_first_names.py)."""
    found = [(start, end) for _, start, end, _ in _name_words(source, (), is_one=_among(kept))]
    return sorted({*found, *((start, end) for start, end, _ in sure_first_names(source, kept))})


def _among(words: Collection[str]):
    return lambda word, _: word in words


def acronym_spans(
    source: str, known: Collection[str], written: Collection[str], only: Collection[str]
) -> list[tuple[int, int]]:
    """(start, end) of each acronym of ``source`` that is one of ``only``, in order."""
    found = _acronym_words(source, known, written)
    return [(start, end) for _, start, end, word in found if word in only]


def names_lost(
    source: str,
    text: str,
    known: Collection[str],
    written: Collection[str] = (),
    first: Collection[str] | None = (),
) -> bool:
    """Whether ``text``, a translation of ``source``, lacks one of its names to copy (or holds
    it fewer times: ``Mise à jour de Chrome 120 vers Chrome 121.`` gave "Update 120 to Chrome
    121") or, with ``written`` (the model's target words), an acronym (:func:`acronyms_lost`),
    or a first name of ``first`` (:func:`first_names_lost`)."""
    names = Counter(names_to_copy(source, known).values())
    lost = bool(names - Counter(NAME_WORD.findall(text)))
    lost = lost or bool(first_names_lost(source, text, first))
    return lost or bool(acronyms_lost(source, text, known, written))


def acronyms_lost(
    source: str, text: str, known: Collection[str], written: Collection[str]
) -> set[str]:
    """The acronyms of ``source`` that the model was taught no form of (``XSCRIPTCONTEXT``) and
    that ``text``, its translation, lacks; none where it holds an acronym of its own, one the
    source lacks: the model may have translated one (a misspelt one, "XSCRIPTCONTX", is put
    back by :func:`copy_names` first). One it was taught (``UNO``; ``PPE``, which Europarl's
    English writes too, "EPP") is only put back over a word never written."""
    acronyms = {word for _, _, _, word in _acronym_words(source, known, written, untaught=True)}
    missing = acronyms - _acronyms_held(text)
    said = {unelided(w) for w in NAME_WORD.findall(source)}
    own = set(NAME_WORD.findall(text)) - said  # l'API: API
    return set() if any(is_acronym(word) for word in own) else missing


def _acronyms_held(text: str) -> set[str]:
    """The words of letters of ``text`` and its acronyms without an English possessive or a
    plural's s (``API's``, ``APIs``)."""
    words = set(NAME_WORD.findall(text))
    bare = {w[:-2] for w in words if w.endswith(_POSSESSIVE)}
    bare |= {w[:-1] for w in words if w.endswith("s")}
    return words | {w for w in bare if is_acronym(w)}


def source_words(source: str) -> set[str]:
    """The words of letters of ``source``: a target word that is one is never replaced."""
    return set(NAME_WORD.findall(source))


def spelt_words(text: str) -> Iterator[tuple[str, str, str]]:
    """(lead, word, rest) of each whitespace word of ``text``; word is empty where it cannot be
    a name's spelling (not letters, not capitalised); an English possessive goes to the rest."""
    for token in text.split():
        parts = WORD_PARTS.match(token)
        if parts is None or not parts.group(2)[0].isupper():
            yield "", "", ""
            continue
        lead, word, rest = parts.groups()
        if word.endswith(_POSSESSIVE):
            word, rest = word[:-2], word[-2:] + rest
        yield lead, word, rest


def holds(text: str, name: str) -> bool:
    """Whether ``text`` has ``name`` as a word, or after an elision (``D'Artagnan``); an
    acronym made plural too (``APIs``: French writes ``les API``)."""
    plural = "s?" if is_acronym(name) else ""
    return re.search(rf"(?<![\w-]){re.escape(name)}{plural}(?![\w'’-])", text) is not None


def _cut_short(name: str, word: str) -> bool:
    """Whether ``word`` is acronym ``name`` cut short at its end or its start ("UN" for
    ``UNO``, "DL" for ``DLL``, "BAN" for ``L'IBAN``): a word the targets wrote, but no
    translation of it (``PPE`` "EPP", ``BCE`` "ECB")."""
    cut = name.startswith(word) or name.endswith(word)
    return is_acronym(name) and is_acronym(word) and word != name and cut


def _split(name: str, spellings: list[tuple[str, str, str]], i: int) -> bool:
    """Whether word ``i`` of ``spellings`` (:func:`spelt_words`) is a part of hyphenated ``name``
    that the model wrote apart, a capitalised word beside it ("Mary Claude" for
    ``Marie-Claude``): the name written over it would stand beside that word ("Mary
    Marie-Claude"); left lost, it is passed through by a second search."""
    parts = [fold(part) for part in name.split("-")]
    beside = [spellings[j][1] for j in (i - 1, i + 1) if 0 <= j < len(spellings)]
    return len(parts) > 1 and fold(spellings[i][1]) in parts and any(beside)


def copy_names(
    names: dict[int, str],
    text: str,
    source: Collection[str] = (),
    firsts: dict[int, str] | None = None,
    written: Collection[str] = (),
) -> str:
    """``text`` with, for each name of ``names`` (source word index: name) it lacks, its nearest
    near spelling replaced by the name: a capitalised word that is not one of ``source``'s
    words (:func:`source_words`), each replaced at most once; ties go to the first. Each of
    ``firsts`` (:func:`first_names`) is put back the same way over a word the model was not
    shown either (protect/names.py ``shown``: ``written``, its target-words.txt, holds it in no
    case); so is each name the model was taught (:func:`taught_names`) and each acronym
    (:func:`acronyms_to_copy`), passed in ``firsts`` too; an acronym also over one it was shown
    that is the acronym cut short (:func:`_cut_short`); never a part of a hyphenated name
    written apart (:func:`_split`)."""
    spellings = list(spelt_words(text))
    words, taken = text.split(), set()
    wanted = [(name, False) for name in names.values()]
    wanted += [(name, True) for name in (firsts or {}).values()]
    for name, first in wanted:
        if holds(text, name):
            continue
        best, at = NEAR, None
        for i, (_, word, _) in enumerate(spellings):
            if first and shown(word, written) and not _cut_short(name, word):
                continue
            if word and i not in taken and word not in source and not _split(name, spellings, i):
                ratio = spelling_ratio(name, word)
                if ratio > best or (at is None and ratio == best):
                    best, at = ratio, i
        if at is not None:
            lead, _, rest = spellings[at]
            words[at] = lead + name + rest
            taken.add(at)
    return " ".join(words) if taken else text


def swapped_back(
    source: str,
    text: str,
    firsts: dict[int, str],
    known: Collection[str],
    written: Collection[str],
) -> str:
    """``text`` with each of ``firsts`` (:func:`first_names` of ``source``) that it lacks written
    over the name the model put in its place: the one word of ``text`` that starts a sentence,
    is a name the model was taught (protect/names.py ``taught``: "Tom"), whose lowercase form
    ``written`` (the model's target words) lacks too ("Get" is no name), and that ``source``
    lacks; none where there are two or more. Its punctuation and possessive are kept."""
    spellings, starts = list(spelt_words(text)), list(_sentence_starts(text.split()))
    words, taken = text.split(), set()
    for name in firsts.values():
        if holds(text, name):
            continue
        swapped = [
            i
            for i, (_, word, _) in enumerate(spellings)
            if word
            and starts[i]
            and i not in taken
            and taught(word, known)
            and word.lower() not in written
            and not holds(source, word)
        ]
        if len(swapped) == 1:
            lead, _, rest = spellings[swapped[0]]
            words[swapped[0]] = lead + name + rest
            taken.add(swapped[0])
    return " ".join(words) if taken else text


def put_names_back(lines, shouted, out, known: Collection[str], written) -> None:
    """Each translation of ``out`` (per line, its hypotheses) with its line's names put back
    (:func:`copy_names`), not in a line in capitals (``shouted``); a sentence's first word and a
    name the model was taught only where ``written`` (its target-words.txt) is given, and a first
    name the model swapped for a name it knows (:func:`swapped_back`) then too."""
    for line, up, nbest in zip(lines, shouted, out):
        if up:
            continue
        names = names_to_copy(line, known)
        first = first_names(line, known) if written else {}
        taught = {**taught_names(line, known), **acronyms_to_copy(line, known, written or ())}
        firsts = {**first, **taught} if written else None
        for t in nbest if names or firsts else ():
            t.text = copy_names(names, t.text, source_words(line), firsts, written or ())
            if first:
                t.text = swapped_back(line, t.text, first, known, written)
