"""A number in scientific notation, its mantissa and its exponent (kind ``scientific``,
spans.py): ``1,5e-3``, ``2,5E+06``, ``6.022e23``.

Its decimal comma cut it in two identifiers that passed through as written: ``Résultat :
1,5e-3 s`` gave "Result: 1,5e-3 s" in English. The mantissa is written as the target language
writes a number (:func:`convert_scientific`: ``1.5e-3``), the exponent as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

PATTERN = r"(?<![\w.,])[-−]?\d+(?:[.,]\d+)?[eE][+-]?\d+(?![\w]|[.,]\d)"
NEEDS = r"\d[eE][+-]?\d"
_PARTS = re.compile(r"([-−]?)(\d+(?:[.,]\d+)?)([eE].+)")


def convert_scientific(text: str, number: Callable[[str], str]) -> str:
    """``text`` with its mantissa as ``number`` writes it."""
    m = _PARTS.fullmatch(text)
    return text if m is None else m[1] + number(m[2]) + m[3]
