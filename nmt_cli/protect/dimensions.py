"""A size of two or three numbers joined by a multiplication sign, its unit after them (kind
``dimensions``, spans.py): ``1920×1080 px``, ``3×4 m``, ``2,5 × 3 m``.

The sign is one fr-en's vocabulary spells in bytes: between a number and a measure, each a span
of its own, the model wrote it "#" (``Taille max : 1920×1080 px`` gave "1920#1080 px", ``Une
pièce de 3×4 m.`` "3#4 m."). The size passes through whole, each number and its unit as the
target language writes them (:func:`convert_dimensions`: ``2,5×3 m`` is ``2.5×3 m``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SIGN = re.compile(r"(\s?×\s?)")


def pattern(number: str, unit: str, space: str) -> str:
    """The pattern of a size whose numbers match ``number``, its unit one of ``unit``."""
    factor = rf"{space}?×{space}?(?:{number})"
    return rf"(?<![\w.,×])(?:{number}){factor}(?:{factor})?(?:{space}?(?:{unit}))?(?![\w×'’²³])"


def convert_dimensions(text: str, convert: Callable[[str, str], str]) -> str:
    """A size's ``text`` with each of its numbers, and the last with its unit, as ``convert``
    (text, kind) writes a number or a measure."""
    parts = _SIGN.split(text)
    last = parts[-1]
    parts[-1] = convert(last, "number" if re.fullmatch(r"[\d.,\s]+", last) else "measure")
    for k in range(0, len(parts) - 1, 2):
        parts[k] = convert(parts[k], "number")
    return "".join(parts)
