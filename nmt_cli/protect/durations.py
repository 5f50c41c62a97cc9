"""Durations French writes as clock times, and times ago: as a sentence of the target says them.

French writes a duration with the hour's symbol as it writes a clock time: ``Le film dure 2h15``,
``Temps de trajet : 1h30``, ``pendant 2 h`` (fr-en kept "2h15" and "1h30" as written and wrote
"2 h"). Where the text before one says it is a duration (languages.py, ``durations``), it is a
span of kind ``duration`` (spans.py), written in English ``2 hr 15 min``, ``1 hr 30 min``, as a
running time or a journey's is, and one of whole hours in words, ``2 hours`` (German ``2 Std.
15 Min.``, ``2 Stunden``; any other target as written). So is one whose text after it says so
(languages.py, ``durations_after``: ``2 h de retard``, ``2h42 de trajet``; fr-en wrote "2:00
late", "2:42"), and a measure of whole hours no clock has in the same places (``en 48 h``:
``48 hours``, as ``en 12 h`` is ``12 hours``; fr-en kept "48 h"). French hours and minutes
written out, ``1 h 30 min``, are one span of kind ``duration`` wherever they stand (SPELLED),
written as ``1h30`` after a duration's words is: ``1 hr 30 min``.

A time ago, French ``il y a 2 h``, ``il y a 5 min``, ``il y a 3 j``, or its unit written out,
``il y a 2 heures``, ``il y a 3 jours`` (fr-en wrote "There are 2 h", "There is 2 o'clock", the
words ``il y a`` read as "there are"), is a span of kind ``ago`` with those words:
English ``2 hours ago``, German ``vor 2 Stunden``; not where ``il y a`` says what there is
(``il y a 2 h de route``, ``il y a 5 min que j'attends``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from nmt_cli.protect.languages import LANGUAGES, SPACES, time_words

_S = f"[{SPACES}]"
# il y a 2 h, il y a 1 h 30, il y a 5 min, il y a 3 j, il y a 2 heures, il y a 3 jours; not
# il y a 2 h de route, d'attente, qu'il
AGO = (
    rf"(?<![\w'’])[Ii]l{_S}y{_S}a{_S}(\d+){_S}?(?:h(?:{_S}?([0-5]\d)(?:{_S}?min)?)?"
    r"|(min|mn|j|s|heures?|minutes?|jours?|secondes?))"
    rf"(?![\w'’])(?!{_S}*(?:(?:de|du|des|que)(?!\w)|d['’]|qu['’]))"  # d'attente, qu'il
)
_AGO = re.compile(AGO)
NEEDS = rf"[Ii]l{_S}y{_S}a{_S}\d"
# hours and minutes written out, 1 h 30 min, 2h15min: a duration (not il y a 1 h 30 min: ago)
SPELLED = rf"(?<![\w.,])\d+{_S}?h{_S}?[0-5]?\d{_S}?(?:min|mn)(?![\w'’])"
# what a French duration of hours is (a clock time's digits, or more hours: 48 h, 1 h 30 min)
_HOURS = re.compile(rf"(\d+){_S}?h(?:{_S}?([0-5]?\d)(?:{_S}?(?:min|mn))?)?")

# a French unit's name in the languages' time_words (languages.py: a target's words for it)
_UNITS = {"h": "hour", "min": "minute", "mn": "minute", "s": "second", "j": "day"}
# a unit written out: il y a 2 heures, 3 jours
_UNITS |= {"heure": "hour", "heures": "hour", "minute": "minute", "minutes": "minute"}
_UNITS |= {"jour": "day", "jours": "day", "seconde": "second", "secondes": "second"}


def pattern_for(language: str | None) -> str | None:
    """The pattern of a time ago in a text of ``language`` (French's; None: every language's)."""
    return AGO if language in (None, "fr") else None


def spelled_for(language: str | None) -> str | None:
    """The pattern of hours and minutes written out (SPELLED) in a text of ``language``."""
    return SPELLED if language in (None, "fr") else None


def said_so(line: str, start: int, end: int, before, after) -> bool | None:
    """Whether the text around ``line[start:end]``, a time or a measure of hours, says it is a
    duration: the compiled patterns ``before`` it ends with, ``after`` it starts with
    (languages.durations_around; None: none); None where it is in brackets
    after another duration (``3600 s (1 h)``: a measure as written)."""
    found = before.search(line, 0, start) if before is not None else None
    if found is not None and found[0].endswith("("):
        return None
    return found is not None or (after is not None and after.match(line, end) is not None)


def timed(line: str, span, before, after):
    """A time span ``span`` of ``line`` as it reads (``before``, ``after``: as said_so's): a
    clock time, a duration where the text around it says so (``pendant 2 h``, ``Le film dure
    2h15``, ``2 h de retard``), none in brackets after another duration (``3600 s (1 h)``: a
    measure) nor a range (``9h-12h``)."""
    said = said_so(line, span.start, span.end, before, after)
    if said is False:
        return span
    if said is None or not re.fullmatch(rf"[\w{SPACES}]+", span.text):
        return None
    return replace(span, kind="duration")


def in_hours(line: str, span, before, after) -> bool:
    """Whether the measure ``span`` of ``line``, whole hours, is a duration (``en 48 h``)."""
    hours = re.fullmatch(rf"\d+{_S}?h", span.text)
    return bool(hours and said_so(line, span.start, span.end, before, after))


def _said(hours: str, minutes: str | None, target: str) -> str:
    """``hours`` and ``minutes`` (None: none) as ``target`` says a duration in a sentence."""
    if minutes is None:
        return _counted(hours, "hour", target)
    hr, mn = LANGUAGES[target].short_time
    return f"{hours} {hr} {int(minutes)} {mn}"


def _counted(number: str, unit: str, target: str, ago: bool = False) -> str:
    """``number`` and ``target``'s word for ``unit`` (languages.time_words), one or others."""
    one, other = time_words(target, unit, ago)
    return f"{number} {one if number == '1' else other}"


def convert_clock_duration(text: str, source: str, target: str) -> str | None:
    """A duration written as ``source`` writes a clock time (``2h15``, ``2 h``) as ``target``
    says it (``2 hr 15 min``, ``2 hours``); None where ``text`` is no such time, ``text`` where
    the target has no words here."""
    clock = LANGUAGES[source].clock if source in LANGUAGES else None
    m = re.fullmatch(clock, text) if clock else None
    m = _HOURS.fullmatch(text) if m is None and source == "fr" else m
    if m is None:
        return None
    said = target in LANGUAGES and LANGUAGES[target].short_time is not None
    return _said(str(int(m[1])), m[2], target) if said else text


def convert_ago(text: str, source: str, target: str) -> str:
    """A time ago of ``source`` (kind ``ago``: ``il y a 2 h``) as ``target`` says it (``2
    hours ago``); as written where either language has no words here."""
    m = _AGO.fullmatch(text) if source == "fr" else None
    ago = LANGUAGES[target].ago if m is not None and target in LANGUAGES else None
    if ago is None:
        return text
    number, minutes, unit = m.groups()
    if unit is None:
        return ago.format(_said(number, minutes, target))
    return ago.format(_counted(number, _UNITS[unit], target, ago=True))
