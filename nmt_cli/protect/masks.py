"""Format masks of dates and times: ``JJ/MM/AAAA``, ``YYYY-MM-DD``, ``hh:mm:ss`` (spans.py, kind
``mask``).

A mask tells a user what to type, or a program how to write a date: each of its letters is a
fact. Read as words, they came out changed (fr-en: ``JJ/MM/AAAA`` as "JJ/MM/AAA", ``hh:mm:ss``
as "hh format:ms:", ``"DD/MM/YY", "MM/DD/YY"`` as "DD/MYYY", "MD/MDY").

A mask is two or three runs of one letter each, joined by ``/ - . :``: the day, month and year
letters of any language (languages.py, ``mask_letters``: French ``J M A``, English ``D M Y``,
German ``T M J``) or a clock's (``h H m s S``). :func:`convert_mask` writes a mask of the source
language's letters in the target's (``JJ/MM/AAAA`` is ``DD/MM/YYYY`` in English: the same
order, the target's letters, as DeepL writes it); a mask of other letters is code (LibreOffice's
help gives its format codes, ``DD/MM/YY``, in English in every language) and stays as written.
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES

_CLOCK = "hHmsS"
_JOINS = "/.:-"


def _pattern() -> str:
    """A mask of any language's letters: a text holds masks of other languages' letters too,
    as code (LibreOffice's French help: ``DD/MM/YY``)."""
    letters = sorted({c for lang in LANGUAGES.values() for c in lang.mask_letters} | set(_CLOCK))
    run = "|".join(f"{c}{{2,4}}" for c in letters)
    join = f"[{re.escape(_JOINS)}]"
    return rf"(?<![\w{re.escape(_JOINS)}])(?:{run})(?:{join}(?:{run})){{1,2}}(?![\w/]|[.:-]\w)"


PATTERN = _pattern()


def convert_mask(text: str, source: str | None, target: str | None) -> str:
    """A mask of ``source``'s day, month and year letters in ``target``'s (``text`` where a
    letter is not ``source``'s, or either language has no letters here)."""
    src = LANGUAGES.get(source or "")
    tgt = LANGUAGES.get(target or "")
    if src is None or tgt is None or not src.mask_letters or not tgt.mask_letters:
        return text
    letters = {c for c in text if c.isalpha()}
    if not letters <= set(src.mask_letters) | set(_CLOCK):
        return text
    table = str.maketrans(src.mask_letters, tgt.mask_letters)
    return "".join(c if c in _CLOCK else c.translate(table) for c in text)
