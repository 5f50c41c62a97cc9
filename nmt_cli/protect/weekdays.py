"""A range of weekdays, French's (kind ``weekdays``, spans.py): ``lun.-ven.``, ``lun-sam``,
``lundi-vendredi``, the days' names abbreviated or written out, joined by a hyphen or a dash;
and days abbreviated joined by words: ``sam. et dim.``, ``lun. au ven.``, ``lun., mer. et ven.``
(fr-en wrote ``Fermé les lun. et mar.`` "Close glasses. and married.").

A shop's or a help desk's hours name their days so, and fr-en lost them: ``Ouvert lun.-ven. de
9 h à 18 h`` gave "Overt slow. life. 9:00 to 18:00", ``lundi-vendredi`` "Monday View". The range
passes through, each day named as the target language names it (:func:`convert_weekdays`:
English ``Mon.-Fri.``, ``Monday-Friday``, ``Sat. and Sun.``), its full stops and its hyphen or
dash as written; as written for a target without names here.
"""

from __future__ import annotations

import re

_FRENCH = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_SHORT = ("lun", "mar", "mer", "jeu", "ven", "sam", "dim")
_ENGLISH = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ENGLISH_SHORT = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

_NAME = rf"(?:{'|'.join(_FRENCH)})"
_ABBREVIATED = rf"(?:{'|'.join(_SHORT)})"
# French's words between two days, and English's (sam. et dim.: Sat. and Sun.)
_JOINS = {"et": "and", "ou": "or", "au": "to", "à": "to"}
_JOINED = rf"(?:, | (?:{'|'.join(_JOINS)}) )"
# two days, both written out or both abbreviated (both with a full stop, or neither); or days
# abbreviated with a full stop joined by words (``sam. et dim.``, ``lun., mer. et ven.``)
PATTERN = (
    rf"(?<![\w.-])(?i:{_NAME} ?[-–] ?{_NAME}|{_ABBREVIATED}\. ?[-–] ?{_ABBREVIATED}\."
    rf"|{_ABBREVIATED}[-–]{_ABBREVIATED}|{_ABBREVIATED}\.(?:{_JOINED}{_ABBREVIATED}\.)+)"
    r"(?![\w-])"
)
NEEDS = rf"(?i:{_ABBREVIATED}\w*\.? ?[-–]|{_ABBREVIATED}\.{_JOINED})"
_DAY = re.compile(rf"(?i:{_NAME}|{_ABBREVIATED})")


def convert_weekdays(text: str, source: str | None, target: str | None) -> str:
    """A range of weekdays of ``source`` (French) as ``target`` (English) names its days, their
    full stops and the hyphen or dash between them as written (``text`` for any other pair)."""
    if source != "fr" or target != "en":
        return text

    def named(m: re.Match) -> str:
        day = m[0].lower()
        return _ENGLISH[_FRENCH.index(day)] if day in _FRENCH else _ENGLISH_SHORT[_SHORT.index(day)]

    text = re.sub(rf" ({'|'.join(_JOINS)}) ", lambda m: f" {_JOINS[m[1]]} ", text)
    return _DAY.sub(named, text)
