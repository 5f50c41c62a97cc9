"""Format masks: of dates and times, ``JJ/MM/AAAA``, ``YYYY-MM-DD``, ``hh:mm:ss``, ``[HH]:MM``,
and of numbers, ``#,##0.00``, ``0.0#`` (spans.py, kind ``mask``).

A mask tells a user what to type, or a program how to write a date or a number: each of its
characters is a fact. Read as words, they came out changed (fr-en: ``JJ/MM/AAAA`` as
"JJ/MM/AAA", ``hh:mm:ss`` as "hh format:ms:", ``"DD/MM/YY", "MM/DD/YY"`` as "DD/MYYY",
"MD/MDY", ``[HH]:MM:SS`` as "[H]:M:SS", ``#,##0.00`` as "#0.00").

A date's or a time's mask is two or three runs of one letter each, joined by ``/ - . :``: the
day, month and year letters of any language (languages.py, ``mask_letters``: French ``J M A``,
English ``D M Y``, German ``T M J``) or a clock's (``h H m s S``, a run of them in brackets
too: ``[HH]``, hours elapsed). :func:`convert_mask` writes a mask of the source language's
letters in the target's (``JJ/MM/AAAA`` is ``DD/MM/YYYY`` in English: the same order, the
target's letters, as DeepL writes it; a web form's ``jj/mm/aaaa``, ``dd/mm/yyyy``: fr-en wrote
"j/ma/aaa"); a mask of other letters is code (LibreOffice's help
gives its format codes, ``DD/MM/YY``, in English in every language) and stays as written.

A number's mask is digit placeholders (``# 0 ?``) in groups joined by ``,``, ``.`` or a space
before a ``#`` (French ``# ##0,00``), one ``#`` or ``?`` at least (``0.00`` is a number), maybe
a currency symbol or a ``%`` after: a spreadsheet's format code, kept as written. A format code
of two to four sections joined by ``;`` (positive, negative, zero, text) is one mask, each
section a number's placeholders (``0.00`` too) with its colour or condition in square brackets,
a sign, brackets, a currency symbol, ``%`` or ``@`` (the text): ``0.00 $;(0.00 $)``,
``#,##0;[ROUGE]-#,##0``, ``@0.00 $;@(0.00 $)``, ``€ 0.00;€ -0.00`` (fr-en wrote the first
"$0.00;($0.00)", the currency symbol moved as an amount's, the third "@0.00 Format code
$;$(0.00)", the last "€0.00;€ -0.00").
A currency's and a locale's code, ``[$€-40C]`` (its symbol, its locale's number in hexadecimal),
before or after a number's placeholders or alone, is part of its mask: fr-en wrote "[$ €-40C]".
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import CURRENCIES, LANGUAGES, SPACES

_CLOCK = "hHmsS"
# a currency's and a locale's code (LibreOffice's and Excel's): its symbol, its locale's number
# in hexadecimal, [$€-40C] (euro, French), [$-409], [$USD]: fr-en wrote "[$ €-40C]"
LOCALE = r"\[\$[^\[\]\s;]{0,12}?(?:-[0-9A-Fa-f]{1,8})?\]"
_JOINS = "/.:-"
_SPACE = f"[{SPACES}]"


def _pattern() -> str:
    """A date's or a time's mask of any language's letters (a text holds masks of other
    languages' letters too, as code: LibreOffice's French help, ``DD/MM/YY``), or a number's."""
    letters = {c for lang in LANGUAGES.values() for c in lang.mask_letters}
    letters = sorted(letters | {c.lower() for c in letters} | set(_CLOCK))  # jj/mm/aaaa too
    run = "|".join([f"{c}{{2,4}}" for c in letters] + [rf"\[{c}+\]" for c in _CLOCK])
    join = f"[{re.escape(_JOINS)}]"
    date = rf"(?<![\w{re.escape(_JOINS)}])(?:{run})(?:{join}(?:{run})){{1,2}}(?![\w/]|[.:-]\w)"
    # groups joined by a comma, a dot, or a space before a # (French # ##0,00), a currency
    # symbol or a % after it
    group = rf"(?:[.,]|{_SPACE}(?=#))[#0?]+"
    after = rf"(?:{_SPACE}?[{re.escape(CURRENCIES)}%])?"
    locale = rf"(?:{LOCALE}{_SPACE}?)?"  # [$€-40C] # ##0,00; # ##0,00 [$€-40C]
    number = (
        rf"(?<![\w#?.,]){locale}(?=[#0?.,]*[#?])[#0?]+(?:{group})+{after}"
        rf"(?:{_SPACE}?{LOCALE})?(?![\w#?]|[.,][#0?])"
    )
    return rf"{date}|{_sections(group, after)}|{number}|(?<![\w\[]){LOCALE}"


def _sections(group: str, after: str) -> str:
    """A number's format code of two to four sections joined by ``;``, a ``#``, a ``?`` or a
    decimal ``0.0`` in its first: each section's placeholders between its brackets, colour
    (``[ROUGE]``), sign, currency symbol and text (``@``)."""
    symbol = f"[{re.escape(CURRENCIES)}]"  # before the sign too: € -0.00
    before = (
        rf"(?:{LOCALE}{_SPACE}?|\[[^\]\s;]{{1,20}}\]|[-+(@])*"
        rf"(?:{symbol}{_SPACE}?)?[-+(]*"
    )
    section = rf"{before}[#0?]+(?:{group})*{after}(?:{_SPACE}?{LOCALE})?\)?@?"
    first = rf"(?=(?:[^\s;]|(?:(?<={symbol})|(?<=\])){_SPACE})*(?:[#?]|0[.,]0))"
    return rf"(?<![\w#?.,;]){first}{section}(?:;(?:{section}|@)){{1,3}}(?![\w#?;]|[.,]\d)"


PATTERN = _pattern()
# what a line holds for a mask to be in it (patterns.py's NEEDS)
NEEDS = (
    r"(?<![^\W\d_])([^\W\d_])\1[/.:-][^\W\d_]|\[[hHmsS$]|[#?]"
    rf"|;[-+(@\[#0?{re.escape(CURRENCIES)}]"
)


def convert_mask(text: str, source: str | None, target: str | None) -> str:
    """A mask of ``source``'s day, month and year letters in ``target``'s (``text`` where a
    letter is not ``source``'s, or either language has no letters here)."""
    src = LANGUAGES.get(source or "")
    tgt = LANGUAGES.get(target or "")
    if src is None or tgt is None or not src.mask_letters or not tgt.mask_letters:
        return text
    letters = {c for c in text if c.isalpha()}
    if not letters <= set(src.mask_letters + src.mask_letters.lower()) | set(_CLOCK):
        return text
    table = str.maketrans(
        src.mask_letters + src.mask_letters.lower(), tgt.mask_letters + tgt.mask_letters.lower()
    )
    return "".join(c if c in _CLOCK else c.translate(table) for c in text)
