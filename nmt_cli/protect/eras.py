"""A year of an era, French's (kind ``era``, spans.py): ``52 av. J.-C.``, ``476 apr. J.-C.``.

fr-en read the abbreviation's full stops as sentences' ends and lost the era: ``Il est né en 52
av. J.-C. à Rome.`` gave "He was born in 52 plan. J.C. in Rome.". The year and its era pass
through as the target language writes them (:func:`convert_era`: English ``52 BC``, ``AD
476``; German ``52 v. Chr.``, ``476 n. Chr.``); as written for a target without eras here.
"""

from __future__ import annotations

import re

_ERA = r"(\d{1,4})[ \u00a0](av|apr)\.?[ \u00a0]?J\.?[ \u00a0]?-?[ \u00a0]?C"
# its last full stop the sentence's where it ends the line or a capital follows: the
# translation keeps it (``en 44 av. J.-C. Rome pleure``: two sentences)
_ENDS = r"\.(?:\s*$|\s+[A-ZÀ-Ý])"
PATTERN = rf"(?<![\w.,]){_ERA}(?:(?!{_ENDS})\.|(?={_ENDS}))"
NEEDS = r"J\.?[ \u00a0]?-?[ \u00a0]?C\."
# {target: (before Christ, after)}, a year's place ({}) in each
_WRITTEN = {"en": ("{} BC", "AD {}"), "de": ("{} v. Chr.", "{} n. Chr.")}


def convert_era(text: str, source: str | None, target: str | None) -> str:
    """A year of an era of ``source`` (French) as ``target`` writes it (``text`` else)."""
    m = re.fullmatch(rf"{_ERA}\.?", text)
    if source != "fr" or target not in _WRITTEN or m is None:
        return text
    return _WRITTEN[target][m[2] == "apr"].format(m[1])
