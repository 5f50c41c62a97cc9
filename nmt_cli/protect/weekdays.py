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

from nmt_cli.protect.languages import LANGUAGES

_FRENCH = LANGUAGES["fr"]  # the language whose ranges are read (patterns.py: French only)
_NAME = rf"(?:{'|'.join(_FRENCH.weekdays)})"
_ABBREVIATED = rf"(?:{'|'.join(_FRENCH.short_weekdays)})"
# the words between two days (sam. et dim.: Sat. and Sun.)
_JOINED = rf"(?:, | (?:{'|'.join(_FRENCH.day_joins)}) )"
# two days, both written out or both abbreviated (both with a full stop, or neither); or days
# abbreviated with a full stop joined by words (``sam. et dim.``, ``lun., mer. et ven.``)
PATTERN = (
    rf"(?<![\w.-])(?i:{_NAME} ?[-–] ?{_NAME}|{_ABBREVIATED}\. ?[-–] ?{_ABBREVIATED}\."
    rf"|{_ABBREVIATED}[-–]{_ABBREVIATED}|{_ABBREVIATED}\.(?:{_JOINED}{_ABBREVIATED}\.)+)"
    r"(?![\w-])"
)
NEEDS = rf"(?i:{_ABBREVIATED}\w*\.? ?[-–]|{_ABBREVIATED}\.{_JOINED})"


def convert_weekdays(text: str, source: str | None, target: str | None) -> str:
    """A range of weekdays of ``source`` as ``target`` names its days and the words between
    them (the language tables' ``weekdays``, ``short_weekdays``, ``day_joins``), their full
    stops and the hyphen or dash between them as written (``text`` where either lacks them)."""
    read, write = LANGUAGES.get(source or ""), LANGUAGES.get(target or "")
    if read is None or write is None or not read.weekdays or not write.weekdays:
        return text
    days = dict(zip(read.weekdays + read.short_weekdays, write.weekdays + write.short_weekdays))
    joins = dict(zip(read.day_joins, write.day_joins))
    text = re.sub(rf" ({'|'.join(joins)}) ", lambda m: f" {joins[m[1]]} ", text)
    return re.sub(rf"(?i:{'|'.join(days)})\b", lambda m: days[m[0].lower()], text)
