"""A spreadsheet's formulas and function calls (code.py, kind ``formula``): one span each, its
functions named as the target language names them, all else as written.

A call is a function's name in capitals (``SOMME``, ``NB.SI``, ``LOG10``) glued to its bracket,
its arguments to the bracket that closes it, brackets inside (``JOURSDANSMOIS(AUJOURDHUI())``),
quoted text too (``CONCATENER(A1;" ";B1)``); a formula is ``=`` glued to an expression that
holds a call (``=SOMME(A1:A3)*2``, ``=A1+SI(B1>0;1;0)``). Read as words, they came out changed:
fr-en wrote ``JOURSDANSMOIS(AUJOURDHUI())`` as "JORSDANSOM(AYYODURDUHI())",
``=CONCATENER(A1;" ";B1)`` as '=CONCATER(A1 ;" "; B1)', ``MAINTENANT()`` as "NOW ()".

LibreOffice names its functions in each language (``SOMME`` is ``SUM``, ``JOURSDANSMOIS`` is
``DAYSINMONTH``), and its English help writes them in English: a function's name of the source
language's is written as the target language names it, for the languages of the table
(functions.tsv, from LibreOffice's own catalogues: its header says where from); a name the
table does not hold, or a pair it does not have, is kept as written (``=MAFONCTION(A1)``), and
so are the arguments, separators and spaces: ``=SOMME(A1:A3)`` is ``=SUM(A1:A3)``; a decimal
number takes the target's decimal mark, as a number does (``=ARRONDI.SUP(-45,67)`` is
``=ROUNDUP(-45.67)``). A date's
mask quoted in a call is written in the target's letters (masks.py): ``TEXTE(A1;"JJ/MM/AAAA")``
is ``TEXT(A1;"DD/MM/YYYY")``. The table is read the first time a formula is converted.

A cell's or a range's reference with a ``$``, which makes a column or a row absolute, is one
span too (kind ``cell``), kept as written: ``$A$1``, ``A$1``, ``$C:$D$2``, ``$2:$5``,
``Feuille1.$A$1:$B$3``, ``Feuil1!$A$1``. fr-en wrote ``$C:$D$2`` as "$ C:$D$2", its pieces
read as a placeholder (``$D$``), a letter and a number. One without a ``$`` is an identifier's
(``A1:B3``, spans.py); ``C:D`` or ``2:3`` alone is no reference.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

from nmt_cli.protect.masks import PATTERN as MASK
from nmt_cli.protect.masks import convert_mask

TABLE = Path(__file__).with_name("functions.tsv")
_NAME = r"[A-Z](?:[A-Z0-9]|[._](?=[A-Z0-9]))+"  # SOMME, NB.SI, LOG10: two characters or more
_QUOTED = r'"[^"\n]*"'
# an argument's characters: no word of small letters (a syntax's argument, ``nombre``, ``x_1``,
# translated: LibreOffice's English help writes ``ABS(Number)``), but one letter (``LN(x)``)
_PLAIN = r"[^()\"\n\w]|(?<!\w)(?![^\W\d_A-Z]{2}|[^\W\d_A-Z]_)\w+"
_ARGUMENTS = rf"(?:{_PLAIN}|{_QUOTED})*"
for _ in range(3):  # brackets inside, three deep: SI(ET(A1>0;OU(B1;C1));1;0)
    _ARGUMENTS = rf"(?:{_PLAIN}|{_QUOTED}|\({_ARGUMENTS}\))*"
# arguments that are code: none, one letter, or a digit, a quote, a bracket, a ; : or $ in
# them (not prose's capitals, ``la CGT(FO)``)
_CALL = rf"{_NAME}\((?=\)|[a-z]\)|[^()\n]*[\d\";:$(]){_ARGUMENTS}\)"
_OPERATOR = r"(?:<>|<=|>=|[-+*/^&<>=])"
# a cell, a range, a number, a sheet's cell: A1, $A$1, A1:B3, 10, Feuille1.A1 (not a full stop)
_SIMPLE = rf"(?:{_QUOTED}|\$?\w+(?:[.:!]\$?\w+)*%?)"
_OPERAND = rf"(?:{_CALL}%?|\({_ARGUMENTS}\)%?|{_SIMPLE})"
PATTERN = (
    rf"(?<![^\s(\[«\"“'])=-?(?:{_SIMPLE}{_OPERATOR}-?)*{_CALL}%?(?:{_OPERATOR}-?{_OPERAND})*"
    rf"(?![\w(])|(?<![\w.$%@#&/'’\\-]){_CALL}(?![\w(])"
    # its name alone, its arguments' words translated: ABS(nombre), =SI(valeur;...); the
    # bracket after it is glued back to it (placeholders.py)
    rf"|(?:(?<![^\s(\[«\"“'])=|(?<![\w.$%@#&/'’\\-])){_NAME}"
    r"(?=\((?:[^()\n]|\([^()\n]*\))*?(?<![\w$.])[^\W\d_A-Z]{2})"
)
NEEDS = r"[A-Z0-9]\("  # what a line holds for a call to be in it (patterns.py's NEEDS)
# a cell's reference's part: a cell, a column, a row; a sheet before it (Feuille1., Feuil1!)
_PART = r"\$?[A-Z]{1,3}\$?\d{1,7}|\$?[A-Z]{1,3}|\$?\d{1,7}"
_SHEET = r"(?:\$?[A-Za-z_]\w*[.!])?"
CELL = (
    r"(?<![\w$.:!])(?=[\w$.:!]*\$[A-Z\d])"  # a $ in it: A1:B3 an identifier's, 2:3 a ratio
    rf"{_SHEET}(?:\$?[A-Z]{{1,3}}\$?\d{{1,7}}(?::{_SHEET}(?:{_PART}))?|(?:{_PART}):(?:{_PART}))"
    r"(?![\w$(]|[.:!]\w)"
)
CELL_NEEDS = r"\$[A-Z\d]|[A-Z]\$\d"
_CALLED = re.compile(rf"(?<![\w.$]){_NAME}(?=\()")
_NAME_ALONE = re.compile(rf"(=?)({_NAME})")  # a call's name without its arguments
# a decimal number (not a cell's digits, A1, nor a sheet's, Feuille1.A1): a decimal mark is the
# language's in a formula, its arguments joined by semicolons (LibreOffice's help: 8,75%/12)
_DECIMAL = re.compile(r"(?<![\w.,$])\d+[.,]\d+(?!\w|[.,]\d)")
_QUOTES = re.compile(rf"({_QUOTED})")


@functools.cache
def _columns() -> dict[str, list[str]]:
    """{language: its names of the table's functions, in the table's order}."""
    rows = [
        line.split("\t")
        for line in TABLE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    return {language: list(names) for language, *names in zip(*rows)}


@functools.cache
def names(source: str, target: str) -> dict[str, str]:
    """{``source``'s name of a function: ``target``'s}; empty for a pair the table lacks."""
    columns = _columns()
    if source not in columns or target not in columns:
        return {}
    return dict(zip(columns[source], columns[target]))


def convert_functions(
    text: str, source: str, target: str, number: Callable[[str], str] = str
) -> str:
    """A formula (kind ``formula``) with its functions named as ``target`` names them, a date's
    mask quoted in it in ``target``'s letters, a decimal number outside quotes as ``number``
    writes it (numbers.py: ``-45,67`` is ``-45.67`` in English), all else as written."""
    table = names(source, target)
    if alone := _NAME_ALONE.fullmatch(text):
        return alone[1] + table.get(alone[2], alone[2])
    parts = _QUOTES.split(text)  # quoted text at the odd places
    for k, part in enumerate(parts):
        if k % 2 and re.fullmatch(MASK, part[1:-1]):
            parts[k] = f'"{convert_mask(part[1:-1], source, target)}"'
        elif not k % 2:
            part = _CALLED.sub(lambda m: table.get(m[0], m[0]), part)
            parts[k] = _DECIMAL.sub(lambda m: number(m[0]), part)
    return "".join(parts)
