"""Working hours or days, French's (kind ``working``, spans.py): ``48 h ouvrées``, ``48 heures
ouvrées``, ``5 jours ouvrés``, ``3 j ouvrables``.

fr-en read ``ouvrées`` as a verb's: ``48 h ouvrées`` gave "48 h opens", ``Délai : 3 j ouvrés``
"Delay: 3 days open", ``Livraison sous 5 jours ouvrés.`` lost the working days. The count and
its unit pass through as the target language writes them (:func:`convert_working`, the
language tables' ``working``: English ``48 working hours``, ``5 business days``; German ``48
Arbeitsstunden``, ``5 Werktage``); as written for a target without them here.
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES

_WORKING = r"(\d+)[ \u00a0]?(h|heures?|j|jours?)[ \u00a0](?:ouvr[ée]e?s?|ouvrables?)"
PATTERN = rf"(?<![\w.,]){_WORKING}(?![\w'’-])"
NEEDS = r"ouvr[éa]"


def convert_working(text: str, source: str | None, target: str | None) -> str:
    """Working hours or days of ``source`` (French) as ``target`` writes them (``text`` else)."""
    m = re.fullmatch(_WORKING, text)
    write = LANGUAGES.get(target or "")
    if source != "fr" or write is None or write.working is None or m is None:
        return text
    days = 2 if m[2].startswith("j") else 0  # hours first, then days, each (one, others)
    return write.working[days + (m[1] != "1")].format(m[1])
