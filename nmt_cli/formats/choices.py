"""Symfony's and Laravel's pluralized messages: the forms of a message parted by ``|``, each
after an optional interval of the counts it is for (``{0}``, ``{1,2}``, ``[2,Inf[``,
``]1,19]``, Laravel's ``[2,*]``), the count a ``%count%`` (Laravel: ``:count``)::

    {0} Il n'y a pas de pommes|{1} Il y a une pomme|]1,Inf[ Il y a %count% pommes

Each form is a text of its own, the intervals and pipes kept as written: read whole, the model
ran the forms together and lost the pipes ("{0} there is no appointments that are{1} There
is a p appletes] 1,Inf [%count% apples"). A message is read so where one of its forms opens
with an interval, or, with no interval, where it holds the count (``Une pomme|%count%
pommes``); one with ``||`` (Symfony's escaped pipe) is not.
"""

from __future__ import annotations

import re

_BOUND = r"[-+]?(?:\d+|Inf)|\*"
_INTERVAL = re.compile(
    rf"\s*(?:\{{\s*-?\d+(?:\s*,\s*-?\d+)*\s*\}}|[\[\]]\s*(?:{_BOUND})\s*,\s*(?:{_BOUND})\s*[\[\]])"
    r"\s*"
)
_COUNT = re.compile(r"%count%|:count\b")


def choice_forms(text: str) -> list[tuple[str, str, str]] | None:
    """``text``'s forms, each as (what comes before its words: the pipe, the interval and the
    spaces around them; its words; the spaces after them), all together ``text``, where it is
    such a message (see above); else None."""
    if "|" not in text or "||" in text:
        return None
    forms, intervals = [], 0
    for k, piece in enumerate(text.split("|")):
        found = _INTERVAL.match(piece)
        intervals += found is not None
        head = found[0] if found else piece[: len(piece) - len(piece.lstrip())]
        words = piece[len(head) :].rstrip()
        if not words:
            return None
        forms.append(("|" * (k > 0) + head, words, piece[len(head) + len(words) :]))
    if not intervals and not _COUNT.search(text):
        return None
    return forms
