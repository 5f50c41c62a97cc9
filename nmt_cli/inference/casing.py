"""Reading a line's case: ALL-CAPS input, and a label's capital.

Models learn from text in ordinary case, where capital-letter pieces are rare: a line in
capitals falls apart into unseen pieces ("JE SUIS MALADE." became "IISSSSSA."). A line whose
cased letters are all capitals (at least two of them, so "A" or "OK" alone stays as it is, and
at least one word of two or more capitals) is lower-cased with its first letter capitalised,
translated, and its translation upper-cased.

A label (a button, a menu item, a title: at most LABEL_WORDS words, a capital then a small
letter first, no full stop or other sentence end) is written with a capital that a small model
reads as a name's: it copied or respelt the word (``Annuler`` gave "Annote", ``Créer un
compte`` "Create Soliday"). A label is also read with its first letter small (``label_read``),
and the translation with the higher log-probability is kept, its first letter a capital.

A line that starts with a small letter (an item of a list, a fragment, a parameter's
description: ``adresse courriel``, ``chaîne contenant la date``) has a translation that does too,
as translate-toolkit's ``startcaps`` check asks; the model, which learned from sentences,
capitalised it ("Email address"); so do the words after a placeholder or a number that starts
both (``{count} fichiers sélectionnés`` gave "{count} Selected files"). The translation's first
word loses its capital where it is a capitalised word the model's training targets wrote in
small letters and the target language writes with a capital only at a sentence's start: not
``English``, ``Monday``, ``March`` (the language table), nor any word in a language whose nouns
all take one (German), nor where another word inside a sentence has a capital (a title's:
``onglet Propriétés personnalisées``, "Custom Properties tab"; a name's: "Member of the
Commission").

A line that starts with a capitalised word has a translation that starts with a capital too,
the same check the other way: the model learned labels that end in a colon mostly from
mid-sentence text, and wrote ``Taille maximale : 20`` "maximum size: 20". Only a first word of
small letters alone is given its capital (not ``searchEntry``, ``kB``, ``config.json``), and of
those the source holds as written only one the model's training targets wrote: a word, where
the model dropped the article before it (``La version 2.4.1 corrige un bogue.`` gave "version
2.4.1 corrects..."), not a command the source quotes (``ls`` in ``Lancez ls puis cd.``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.names import acronym_to_copy, is_acronym
from nmt_cli.protect.placeholders import RESERVED_NAME

LABEL_WORDS = 3
_TITLE_WORD = re.compile(r"(?<![.!?:…]) +[A-Z][a-z]")  # a capitalised word that starts no sentence
_ENDS_SENTENCE = ".!?…:;"
_WORD = re.compile(r"\w+")
_PLACEHOLDER = re.compile(RESERVED_NAME)
# a word's letters, or capitals joined by an ampersand (R&D, Q&R, AT&T: kept as written)
_LETTERS = re.compile(r"(?<![\w&])[A-Z]{1,4}&[A-Z]{1,4}(?![\w&])|[^\W\d_]+")
_HELD_FIRST = re.compile(rf"(?:(?:{RESERVED_NAME}|\d+) +)+")  # placeholders, numbers, then words


def is_shouted(text: str) -> bool:
    """Every cased letter is a capital, and some word has two or more of them; a placeholder's
    letters (``<ph0>``: a span, ``%s`` or ``{name}``) are none of them."""
    text = _PLACEHOLDER.sub(" ", text)
    if any(c.islower() for c in text):  # most lines: False at their second letter
        return False
    if sum(c.isupper() for c in text) < 2:
        return False
    return any(sum(c.isupper() for c in word) >= 2 for word in text.split())


def sentence_case(text: str, known: Collection[str] | None = None, written=()) -> str:
    """``"JE SUIS MALADE."`` -> ``"Je suis malade."``; with the model's ``known`` source words
    and ``written`` target words, an acronym to copy that is no known word in small letters
    stays in capitals (``LE FICHIER PDF`` -> ``Le fichier PDF``, ``<ph0> PPI``: the model
    respelt ``pdf`` and ``Ppi``, "PDFILE", "PPPI"; ``DE``, ``LA`` are words)."""
    if known is None:
        return capitalised(_LETTERS.sub(lambda m: m[0] if "&" in m[0] else m[0].lower(), text))

    def read(m: re.Match[str]) -> str:
        word = m[0]
        if "&" in word or word.lower() in known:  # R&D; a word shouted: its small letters
            return word if "&" in word else word.lower()
        # an acronym to copy, or one the model was taught in capitals only (PME: "SMEs")
        kept = acronym_to_copy(word, known, written) or is_acronym(word) and word in known
        return word if kept else word.lower()

    return capitalised(_LETTERS.sub(read, text))


def label_read(text: str) -> str | None:
    """``text`` with its first letter small, where it is a label (the module's docstring);
    else None."""
    words = text.split()
    first = words[0] if words and text[0] == words[0][0] else ""
    if not (first[:1].isupper() and first[1:].isalpha() and first[1:].islower()):
        return None  # not a capital then small letters: LibreOffice, OK, <ph0>, 3D
    if len(words) > LABEL_WORDS or text.rstrip()[-1] in _ENDS_SENTENCE:
        return None
    return text[0].lower() + text[1:]


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital: ``"cancel"`` -> ``"Cancel"``, ``"<ph0> :
    erreur"`` -> ``"<ph0> : Erreur"`` (a placeholder's letters are none of the text's)."""
    held = [range(m.start(), m.end()) for m in _PLACEHOLDER.finditer(text)]
    for i, c in enumerate(text):
        if c.isalpha() and not any(i in r for r in held):
            return text[:i] + c.upper() + text[i + 1 :]
    return text


def capital_first(source: str, text: str, written: Collection[str] = ()) -> str:
    """``text``, the translation of ``source``, its first letter a capital where ``source``
    starts with a capitalised word (a capital, then a small letter) and ``text`` with a word of
    small letters that ``source`` does not hold as written, or that the model's training targets
    held (``written``; the module's docstring)."""
    if not (source[:1].isupper() and source[1:2].islower() and text[:1].islower()):
        return text
    word = text.split(maxsplit=1)[0].rstrip(".,;:!?")
    if not (word.isalpha() and word.islower()):
        return text
    if word not in written and word in _WORD.findall(source):  # a whole word of the source
        return text
    return text[0].upper() + text[1:]


def small_first(source: str, text: str, target: str | None, written: Collection[str]) -> str:
    """``text``, the translation of ``source`` into ``target``, its first word without its
    capital where ``source`` starts with a small letter (the module's docstring); ``written``:
    the words the model's training targets held, or the source's first word as it is (a
    command: ``ssh admin@hôte`` gave "Ssh admin@hôte"). Where both start with placeholders or
    numbers (``<ph0> fichiers sélectionnés``: ``{count} fichiers``), the words after them are
    read so."""
    if (held := _HELD_FIRST.match(source)) and (after := _HELD_FIRST.match(text)):
        rest = small_first(source[held.end() :], text[after.end() :], target, written)
        return text[: after.end()] + rest
    language = LANGUAGES.get(target or "")
    if not (source[:1].islower() and text[:1].isupper() and language and written):
        return text
    if language.nouns_capitalised:
        return text
    word = text.split()[0].rstrip(".,;:!?")
    if not (word.isalpha() and len(word) == 1 or word[1:].isalpha() and word[1:].islower()):
        return text  # an acronym, a name in humps, a code: kept (a one-letter word, "A", not)
    copied = word.lower() == source.split()[0]  # the source's word, the model capitalised
    if word.lower() not in written and not copied:
        return text
    if word in language.capitalised or word in language.months:
        return text
    if _TITLE_WORD.search(text, len(word)):
        return text  # a title's words, a name ("Custom Properties tab", "of the Commission")
    return text[0].lower() + text[1:]
