"""Working hours or days, French's (kind ``working``, spans.py): ``48 h ouvrées``, ``48 heures
ouvrées``, ``5 jours ouvrés``, ``3 j ouvrables``.

fr-en read ``ouvrées`` as a verb's: ``48 h ouvrées`` gave "48 h opens", ``Délai : 3 j ouvrés``
"Delay: 3 days open", ``Livraison sous 5 jours ouvrés.`` lost the working days. The count and
its unit pass through as the target language writes them (:func:`convert_working`: English
``48 working hours``, ``5 business days``; German ``48 Arbeitsstunden``, ``5 Werktage``); as
written for a target without them here.
"""

from __future__ import annotations

import re

_WORKING = r"(\d+)[ \u00a0]?(h|heures?|j|jours?)[ \u00a0](?:ouvr[ée]e?s?|ouvrables?)"
PATTERN = rf"(?<![\w.,]){_WORKING}(?![\w'’-])"
NEEDS = r"ouvr[éa]"
# {target: (hours, days)}, each as (one, more), the count's place ({}) in each
_WRITTEN = {
    "en": (("{} working hour", "{} working hours"), ("{} business day", "{} business days")),
    "de": (("{} Arbeitsstunde", "{} Arbeitsstunden"), ("{} Werktag", "{} Werktage")),
}


def convert_working(text: str, source: str | None, target: str | None) -> str:
    """Working hours or days of ``source`` (French) as ``target`` writes them (``text`` else)."""
    m = re.fullmatch(_WORKING, text)
    if source != "fr" or target not in _WRITTEN or m is None:
        return text
    one, more = _WRITTEN[target][m[2].startswith("j")]
    return (one if m[1] == "1" else more).format(m[1])
