"""The source's typography that the tokenizer's NFKC normalisation takes away, given back.

NFKC writes the ellipsis character ``…`` (U+2026) as three full stops, so a model never reads
nor writes it: ``Chargement en cours…`` came out as ``Loading...``. Interface strings write it
(``Enregistrer sous…``), and a translator keeps the source's form: where the source writes
``…`` and never ``...``, each ``...`` of the translation, up to the source's count, becomes
``…``. A source that writes ``...`` keeps its translation as the model wrote it.
"""

from __future__ import annotations

import re

ELLIPSIS = "\u2026"
_DOTS = re.compile(r"(?<!\.)\.\.\.(?!\.)")  # three full stops, not part of a longer run


def keep_ellipsis(source: str, text: str) -> str:
    """``text`` with its ``...`` written ``…`` where ``source`` writes ``…`` (and not ``...``)."""
    wanted = source.count(ELLIPSIS)
    if not wanted or "..." in source:
        return text
    return _DOTS.sub(ELLIPSIS, text, count=wanted)
