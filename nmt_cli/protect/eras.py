"""A year of an era, French's (kind ``era``, spans.py): ``52 av. J.-C.``, ``476 apr. J.-C.``.

fr-en read the abbreviation's full stops as sentences' ends and lost the era: ``Il est né en 52
av. J.-C. à Rome.`` gave "He was born in 52 plan. J.C. in Rome.". The year and its era pass
through as the target language writes them (:func:`convert_era`, the language tables'
``eras``: English ``52 BC``, ``AD 476``; German ``52 v. Chr.``, ``476 n. Chr.``); as written for
a target without eras here.
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES

_ERA = r"(\d{1,4})[ \u00a0](av|apr)\.?[ \u00a0]?J\.?[ \u00a0]?-?[ \u00a0]?C"
# its last full stop the sentence's where it ends the line or a capital follows: the
# translation keeps it (``en 44 av. J.-C. Rome pleure``: two sentences)
_ENDS = r"\.(?:\s*$|\s+[A-ZÀ-Ý])"
PATTERN = rf"(?<![\w.,]){_ERA}(?:(?!{_ENDS})\.|(?={_ENDS}))"
NEEDS = r"J\.?[ \u00a0]?-?[ \u00a0]?C\."


def convert_era(text: str, source: str | None, target: str | None) -> str:
    """A year of an era of ``source`` (French) as ``target`` writes it (``text`` else)."""
    m = re.fullmatch(rf"{_ERA}\.?", text)
    write = LANGUAGES.get(target or "")
    if source != "fr" or write is None or write.eras is None or m is None:
        return text
    return write.eras[m[2] == "apr"].format(m[1])
