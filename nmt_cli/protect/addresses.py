"""Addresses, by a language's conventions (languages.py, house and streets): spans.py, kind
``address``, kept as written: a house number with French ``bis``, ``ter``, ``quater`` (``12
bis``), and a street address, a name: a house number, a street's kind and its name with a capital
(``12 rue de la Paix``, ``3, bd Voltaire``, ``5 avenue des Champs-Élysées``; fr-en wrote "12
laughing of Paix"). Not a count of things named so: ``les 5 cours de Français``. And a number
to dial or text (kind ``phone``): ``SMS au 36 179``, not 36 thousand (fr-en: "36,179")."""

from __future__ import annotations

import re

from nmt_cli.protect.languages import SPACES, languages_for

_SPACE = f"[{SPACES}]"
_NUMBER = r"(?<![\w.,])\d+"
# a street's name: words with a capital (Champs-Élysées, Saint-Honoré, L'Hôpital), joined by a
# link word or not (Place de l'Hôtel de Ville, rue Victor Hugo)
_NAME_WORD = r"[A-ZÀ-Ý][\w'’]*(?:-[\w'’]+)*"
# a determiner before a number counts things: not a house number (les 5 cours de Français)
_COUNTED = "".join(rf"(?<!\b{w} )" for w in "les des ces mes tes ses nos vos aux".split())


# a function word that starts a sentence ends a street's name where no punctuation does: ``au 4
# rue Victor Hugo Le matin`` (not after a link word: ``rue de La Boétie``)
SENTENCE_START = (
    r"(?!(?:Le|La|Les|L['’]|Un|Une|Des|Du|Ce|Cet|Cette|Ces|Il|Ils|Elle|Elles|On|Je|Tu|Nous"
    r"|Vous|Mais|Et|Puis|Alors|Ensuite|Donc|The|A|An|It|He|She|We|They)(?![\w-]))"
)


def _street(house: str, kinds: str, links: str) -> str:
    number = rf"{_NUMBER}(?:{_SPACE}?(?:{house}))?" if house else _NUMBER
    more = rf"(?:(?:{links}){_NAME_WORD}|{SENTENCE_START}{_NAME_WORD})"
    name = rf"(?:{links})?{_NAME_WORD}(?: ?{more})*"
    return rf"{_COUNTED}{number},?{_SPACE}(?:{kinds}){_SPACE}{name}(?![\w-])"


def pattern_for(language: str | None) -> str | None:
    """An address of ``language`` (None: every language's), as a regex; None where no such
    language records one."""
    langs = languages_for(language)
    house = "|".join(word for lang in langs for word in lang.house)
    found = [_street(house, *lang.streets) for lang in langs if lang.streets]
    if house:
        found.append(rf"{_NUMBER}{_SPACE}?(?:{house})(?![\w])")
    return "|".join(found) or None


def dialled_for(language: str | None) -> str | None:
    """A number to dial or text after the words that say so (languages.py, dialled): ``SMS au
    36 179``, in groups, kept as written (not a number of thousands); None where no language
    records such words."""
    cues = [w for lang in languages_for(language) for w in lang.dialled]
    after = "|".join(f"(?<={re.escape(w)})" for w in cues)
    return rf"(?:{after})\d+(?:{_SPACE}\d{{2,4}})+(?![\w])" if cues else None
