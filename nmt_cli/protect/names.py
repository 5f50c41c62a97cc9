"""Names: the words a translation copies as they are, as training and translation both see them.

A NAME (:func:`is_name`) is a word of letters (inner hyphens and apostrophes allowed:
``Jean-Pierre``, ``O'Neil``) that begins with an uppercase letter followed by a lowercase one;
all-caps acronyms are not names (:func:`acronym_to_copy` tells those a translation copies).
:func:`find_names` finds them in a line, leaving out the line's
first word (a sentence's first word is capitalised whatever it is) and words inside the spans
the protection detector finds (spans.py: URLs, codes...). Training swaps them
(nmt_cli/training/names.py); the translator copies them (nmt_cli/inference/names.py).

Which capitalised words are names and which are words a model learned to translate
("Parlement" -> "Parliament", "Octobre" -> "October") is told by the model's training data:
:class:`WordCounts` counts, over the training pairs, how often each source word is seen and how
often the same word is also on the target side. A model's KNOWN words (:meth:`WordCounts.known`)
are those seen at least ``KNOWN_SEEN`` times (the model has learned what to do with them) and
those the data translates more often than it copies; a name to copy is a name that is not known
and whose lowercase form is not known either ("Tours", "Pierre" stay the model's).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from nmt_cli.protect.addresses import SENTENCE_START
from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.spans import SpanFinder

# a word of letters, inner hyphens and apostrophes allowed, not glued to other word characters
NAME_WORD = re.compile(r"(?<![\w'’-])[^\W\d_]+(?:['’-][^\W\d_]+)*(?![\w])")
KNOWN_SEEN = 10  # seen this often, a word is the model's to translate or copy
# the small words between the capitalised parts of a hyphenated place name: Aix-en-Provence,
# Boulogne-sur-Mer, Saint-Germain-des-Prés, Plessis-lès-Tours, Fontenay-aux-Roses
LINKS = frozenset("en sur sous de des du le la les lès lez aux au".split())


# a product's name: a brand word written in humps (iPhone, macOS, PlayStation, YouTube), a
# model's number, then its capitalised model words (Pro, Max, Plus, Ultra, Mini, Air...), not a
# function word that starts a sentence: ``iPhone 15 Pro Max``, ``PlayStation 5``
_PRODUCT = re.compile(
    r"(?<![\w'’-])(?:[a-z]+[A-Z]|[A-Z][a-z]+[A-Z])[A-Za-z]*"
    rf"(?: \d+(?: {SENTENCE_START}[A-Z][a-z]*)*| {SENTENCE_START}[A-Z][a-z]*)+(?![\w'’-])"
)


def product_names(line: str) -> list[tuple[int, int]]:
    """(start, end) of each product's name of ``line``, a brand written in humps and its model
    words, kept whole: fr-en wrote ``iPhone 15 Pro Max`` "iPhone type 15 Pro", "Max" lost."""
    return [m.span() for m in _PRODUCT.finditer(line)]


def is_name(word: str) -> bool:
    """An uppercase letter followed by a lowercase one, or ``X'Yz`` (O'Neil, D'Artagnan)."""
    if len(word) < 2 or not word[0].isupper():
        return False
    if word[1].islower():
        return True
    return len(word) > 3 and word[1] in "'’" and word[2].isupper() and word[3].islower()


def find_names(text: str, finder: SpanFinder) -> tuple[list[tuple[int, int]], str | None]:
    """(start, end) of each name of ``text`` in order, and the line's first word (None: no
    word); the first word and words inside protected spans are not names."""
    words = list(NAME_WORD.finditer(text))
    if not words:
        return [], None
    spans = finder.find(text) if len(words) > 1 else []
    out = []
    for m in words[1:]:
        if is_name(m.group()) and not any(s.start < m.end() and m.start() < s.end for s in spans):
            out.append((m.start(), m.end()))
    return out, words[0].group()


def shown(word: str, written: Collection[str]) -> bool:
    """Whether the model was shown ``word`` in a training target: ``written`` (its target
    words, :class:`WordCounts`) holds it as it is, in lower case or capitalised."""
    return word in written or word.lower() in written or word.capitalize() in written


class WordCounts:
    """Per source word of training pairs: the pairs it is in, and those whose target side has
    the same word too (copied); and ``written``, every word of the target sides (one the model
    writes that is not among them is not a word it was shown: a name it respelt,
    inference/names.py)."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        self.copied: Counter[str] = Counter()
        self.written: set[str] = set()

    def add(self, src: str, tgt: str) -> None:
        target = {m.group() for m in NAME_WORD.finditer(tgt)}
        self.written |= target
        words = {m.group() for m in NAME_WORD.finditer(src)}
        if words:
            self.seen.update(words)
            self.copied.update(words & target)

    def known(self, seen: int = KNOWN_SEEN) -> set[str]:
        """The words seen at least ``seen`` times, or translated more often than copied (a
        word seen once: if it is a name; a lowercase word seen once tells little)."""
        out = set()
        for word, n in self.seen.items():
            if n >= seen or (2 * self.copied[word] < n and (n >= 2 or is_name(word))):
                out.add(word)
        return out


def name_parts(word: str) -> bool:
    """Whether each part of ``word`` is a name ("Clermont-Ferrand", not "Anglo-saxons"), or,
    between two that are, one of :data:`LINKS` ("Aix-en-Provence", not "Va-t-en")."""
    parts = word.split("-")
    inner = all(is_name(part) or part in LINKS for part in parts[1:-1])
    return is_name(parts[0]) and is_name(parts[-1]) and inner


def copyable(word: str, known: Collection[str]) -> bool:
    """Whether ``word`` is a name to copy: a name (each part of a hyphenated one too, or a
    link word between them: :func:`name_parts`), unknown, its lowercase form unknown too."""
    if not name_parts(word):
        return False
    return word not in known and word.lower() not in known


def is_acronym(word: str) -> bool:
    """Two letters or more, all capitals: ``UNO``, ``API``, ``XSCRIPTCONTEXT``."""
    return len(word) >= 2 and word.isalpha() and word.isupper()


def acronym_to_copy(word: str, known: Collection[str], written: Collection[str]) -> bool:
    """Whether ``word`` is an acronym (or a word in capitals) to copy as written: the target
    sides of the model's training data held it so (``written``: ``UNO``, ``API``, ``SQL``), or
    the model was taught neither it nor its lowercase or capitalised form (``XSCRIPTCONTEXT``).
    One the data translates (``ONU`` -> "UN", ``TVA`` -> "VAT") and a word only shouted
    (``ENREGISTRER``: "enregistrer" is known) are the model's."""
    return is_acronym(word) and (word in written or not shown(word, known))


SHOUTED_LETTERS = 4  # a word in capitals this long, known in small letters, is a word shouted


def shouted_words(
    line: str, known: Collection[str], written: Collection[str]
) -> list[tuple[int, int]]:
    """(start, end) of each run of words in capitals (side by side, one space apart) that
    ``line``, a line in ordinary case, shouts: a word the model was taught in small letters
    (``known``), at least SHOUTED_LETTERS long, or a shorter one beside such a word (``NE PAS
    DÉRANGER``); not an acronym to copy (:func:`acronym_to_copy`: ``PDF``, ``UNESCO``), but for
    a short word between two words of a run (``MINISTÈRE DE LA SANTÉ``: ``DE`` and ``LA`` are
    acronyms the targets write, and cut the run, "DEPARTMENT DE LA HEALTH"). A model
    reads capitals as rare pieces and respelt them: ``ATTENTION :`` gave "ATETNTION:",
    ``Appuyez sur ENTRÉE`` "Press ERCE"; the translator translates each run as a line of its
    own, in capitals (inference/menus.py). A line in capitals is read whole in small letters
    (inference/casing.py): none here."""
    if not any(c.islower() for c in line):
        return []
    runs: list[list[tuple[re.Match, bool]]] = []  # each word, and whether it is an acronym
    for m in NAME_WORD.finditer(line):
        word = m.group()
        if not (word.isupper() and word.lower() in known):
            continue
        acronym = acronym_to_copy(word, known, written)
        if acronym and len(word) >= SHOUTED_LETTERS:
            continue
        if runs and line[runs[-1][-1][0].end() : m.start()] == " ":
            runs[-1].append((m, acronym))
        else:
            runs.append([(m, acronym)])
    out = []
    for run in runs:  # a short acronym only inside a run: DE in MINISTÈRE DE LA SANTÉ
        while run and run[0][1]:
            run.pop(0)
        while run and run[-1][1]:
            run.pop()
        words = [m for m, _ in run]
        if any(len(m.group()) >= SHOUTED_LETTERS for m in words):
            out.append((words[0].start(), words[-1].end()))
    return out


_SPACE = "[ \u00a0\u202f]?"
_SMALL_WORD = r"[a-zà-ÿ][^\W_]*(?:-[^\W_]+)*"  # admins, nmt-cli: from a small letter
# the words that name a group of accounts or a tag before its name (``le groupe « admins »``),
# and the determiners before a noun (``Les « admins » peuvent...``)
_GROUPS = "groupe groupes rôle rôles équipe canal étiquette group role team channel tag".split()
_DETERMINERS = (
    "le la les l' l’ un une des du au aux ce cet cette ces mon ma mes ton ta tes son sa ses"
    " notre nos votre vos leur leurs the a an"
).split()
_AFTER_GROUP = "|".join(
    rf"(?<=\b[{w[0].upper()}{w[0]}]{w[1:]}[ \u00a0])" for w in _GROUPS + _DETERMINERS
)
# such a word alone in double quotation marks (« admins », “admins”, "admins"), the line's
# only word or after a word of _GROUPS or _DETERMINERS
_QUOTED = rf"(?:«{_SPACE}({_SMALL_WORD}){_SPACE}»|“({_SMALL_WORD})”|\"({_SMALL_WORD})\"(?!\w))"
_QUOTED_WORD = re.compile(rf"^{_QUOTED}(?=[.!?]?\s*$)|(?:{_AFTER_GROUP}){_QUOTED}")
# a word of hyphenated parts in small letters and digits, no part a word: nmt-cli
_HYPHENATED = re.compile(r"(?<![\w'’./-])[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+(?![\w/-]|\.\w)")


def _untaught(word: str, known: Collection[str]) -> bool:
    """Whether the model was taught no form of ``word`` nor of any part of it (``known``)."""
    return not any(shown(w, known) for w in (word, *word.split("-")))


def untaught_quoted(line: str, known: Collection[str]) -> list[tuple[int, int]]:
    """(start, end) of each word of ``line`` from a small letter alone in quotation marks, with
    them, the line's one word or a name after a word that names a group or a determiner
    (``Ajoutez-le au groupe « admins »``: fr-en wrote "Add it to the “group”", the name lost;
    ``« admins »`` "“user”"; ``Les « admins » peuvent...`` "The “admits” can..."), that the
    model was taught no form of (``known``), nor of any part of a hyphenated one: copied as
    written. Not a word prose quotes otherwise: ``ils se "réchauffent"``, ``un rythme
    "cosmique"`` ("cosmic") are translated."""
    found = ((m, next(w for w in m.groups() if w)) for m in _QUOTED_WORD.finditer(line))
    return [m.span() for m, word in found if _untaught(word, known)]


def untaught_hyphenated(
    line: str, known: Collection[str], written: Collection[str]
) -> list[tuple[int, int]]:
    """(start, end) of each word of ``line`` of hyphenated parts in small letters and digits,
    none of them a word the model was taught (``known``) or wrote (``written``, its targets'),
    nor the whole: a program's name, copied as written (``Installez nmt-cli``: fr-en wrote
    "Installe nmmli", ``Le paquet nmt-cli`` "The Nmt-click package"); not ``fast-food``."""
    return [
        m.span()
        for m in _HYPHENATED.finditer(line)
        if _untaught(m[0], known) and _untaught(m[0], written)
    ]


def taught(word: str, known: Collection[str]) -> bool:
    """Whether ``word`` is a name the model was taught: a name (each part of a hyphenated one
    too), known, its lowercase form unknown (``Guillaume``; not ``Parlement``, ``Octobre``)."""
    if not name_parts(word):
        return False
    return word in known and word.lower() not in known


def capital_tells_names(language: str | None) -> bool:
    """Whether a capital tells a name in ``language`` (not where every noun has one: German)."""
    table = LANGUAGES.get(language or "")
    return table is None or not table.nouns_capitalised


# a line's first word, an identifier from a small letter, then a colon and the text it names:
# ``sortorder : ...`` (a capital starts a name or a title: ``Szabo : « ... »``, the names' own)
_PARAMETER = re.compile(r"\s*([a-z][A-Za-z0-9_]*)\s?:\s+\S")


def parameter_name(line: str, known: Collection[str]) -> tuple[int, int] | None:
    """(start, end) of the parameter's name a ``line`` describes (a help text's ``sortorder :
    il peut s'agir de "ASC"...``, ``aDate: la date à convertir``), where the model was taught no
    form of it (``known``: the words it was): it is code, kept as written. fr-en translated such
    names into other words ("sortorder" "Fills", "destinationcell" "View", "newname" dropped);
    LibreOffice's English help keeps them. None where the line describes no such name, or names
    a word the model was taught (``date :``, ``type :``: its translation is the model's)."""
    m = _PARAMETER.match(line)
    if m is None or shown(m[1], known):
        return None
    return m.span(1)
