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

An hour written out, French ``2 heures``, is a clock time only where the words around it say so
(languages.py, ``clock_words``: ``à 14 heures``, ``vers 20 heures``) or with its minutes (``14
heures 30``: ``14:30``); elsewhere it is a duration (``Le film dure 2 heures``, ``Livraison en 48
heures``, ``dans %{hours} heures``: fr-en wrote "2 o'clock", "48 o'clock", "%{hours} o'clock"),
``2 hours``, as are hours no clock has (HOURS: ``48 heures``) and a placeholder's hours unless
the words before it say they are a time (``à %d heures``: the model's). Where the words before
it say it may be either (``pour 6 heures``: a table booked for 6 o'clock, a stay of 6 hours),
the hour is the model's.

A time ago, French ``il y a 2 h``, ``il y a 5 min``, ``il y a 3 j``, or its unit written out,
``il y a 2 heures``, ``il y a 3 jours``, ``il y a 2 semaines``, ``il y a 3 mois``, ``il y a 1
an`` (fr-en wrote "There are 2 h", "There is 2 o'clock", "There are 3 months", the words ``il y
a`` read as "there are"), is a span of kind ``ago`` with those words:
English ``2 hours ago``, German ``vor 2 Stunden``; not where ``il y a`` says what there is
(``il y a 2 h de route``). Before ``que`` it says how long something has gone on (``il y a 2
ans que j'habite ici``, ``il y a 5 min qu'il attend``: fr-en wrote "There are 2 years", "There
was 2 years ago that"): a span of kind ``duration`` with those words, English ``For 2 years``,
German ``Seit 2 Jahren``, set off from its clause by a comma (placeholders.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from nmt_cli.protect import format_strings
from nmt_cli.protect.languages import LANGUAGES, SPACES, languages_for, time_words

_S = f"[{SPACES}]"
# il y a 2 h, il y a 1 h 30, il y a 5 min, il y a 3 j, il y a 2 heures, il y a 3 mois; not
# il y a 2 h de route, d'attente, qu'il
_UNIT = r"min|mn|j|s|heures?|minutes?|jours?|secondes?|semaines?|mois|ans?|années?"
AGO = (
    rf"(?<![\w'’])[Ii]l{_S}y{_S}a{_S}(\d+){_S}?(?:h(?:{_S}?([0-5]\d)(?:{_S}?min)?)?|({_UNIT}))"
    rf"(?![\w'’])(?!{_S}*(?:(?:de|du|des|que)(?!\w)|d['’]|qu['’]))"  # d'attente, qu'il
)
_AGO = re.compile(AGO)
# a time since, il y a 2 ans que j'habite ici, il y a 5 min qu'il attend: the duration with its
# words (English "for 2 years": fr-en wrote "There are 2 years", "There are 5 min ago that")
SINCE = (
    rf"(?<![\w'’])[Ii]l{_S}y{_S}a{_S}(\d+|{format_strings.PATTERN}){_S}?(h|{_UNIT})"
    rf"{_S}+(?:que(?!\w)|qu['’])"
)
_SINCE = re.compile(SINCE)
NEEDS = rf"[Ii]l{_S}y{_S}a{_S}\d"
# hours and minutes written out, 1 h 30 min, 2h15min: a duration (not il y a 1 h 30 min: ago)
SPELLED = rf"(?<![\w.,])\d+{_S}?h{_S}?[0-5]?\d{_S}?(?:min|mn)(?![\w'’])"
# hours written out that no clock has, or a placeholder's: 24 heures, 48 heures, %d heures
HOURS = (
    rf"(?:(?<![\w.,:])(?<!\d{_S})(?:2[4-9]|[3-9]\d|[1-9]\d{{2,}})|(?:{format_strings.PATTERN}))"
    rf"{_S}?heures?(?![\w'’])"
)
# what a French duration of hours is (a clock time's digits, or more hours: 48 h, 1 h 30 min,
# 48 heures, %d heures)
_HOURS = re.compile(
    rf"(\d+|(?:{format_strings.PATTERN})){_S}?h(?:eures?)?(?:{_S}?([0-5]?\d)(?:{_S}?(?:min|mn))?)?"
)
# an hour written out, no minutes: French 9 heures (not German 9 Uhr, always a clock time)
_IN_WORDS = re.compile(rf"\d+{_S}?heures?")

# a French unit's name in the languages' time_words (languages.py: a target's words for it)
_UNITS = {"h": "hour", "min": "minute", "mn": "minute", "s": "second", "j": "day"}
# a unit written out: il y a 2 heures, 3 jours
_UNITS |= {"heure": "hour", "heures": "hour", "minute": "minute", "minutes": "minute"}
_UNITS |= {"jour": "day", "jours": "day", "seconde": "second", "secondes": "second"}
_UNITS |= {"semaine": "week", "semaines": "week", "mois": "month", "an": "year", "ans": "year"}
_UNITS |= {"année": "year", "années": "year"}


def pattern_for(language: str | None) -> str | None:
    """The pattern of a time ago in a text of ``language`` (French's; None: every language's)."""
    return AGO if language in (None, "fr") else None


def spelled_for(language: str | None) -> str | None:
    """The pattern of hours and minutes written out (SPELLED), and of hours written out no
    clock has (HOURS), in a text of ``language``."""
    return f"{SINCE}|{SPELLED}|{HOURS}" if language in (None, "fr") else None


@dataclass(frozen=True)
class Cues:
    """What the text around a time says, compiled (None: nothing): what the text before and
    after a duration ends and starts with, before and after a clock time of an hour written
    out, and before one that may be either (languages.py: ``durations``, ``durations_after``,
    ``clock_words``)."""

    before: re.Pattern | None
    after: re.Pattern | None
    clock_before: re.Pattern | None
    clock_after: re.Pattern | None
    unsure: re.Pattern | None


def cues_for(language: str | None) -> Cues:
    """The Cues of a text in ``language`` (None: every language's): its tables' ``durations``,
    ``durations_after`` and ``clock_words`` (languages.py), each kind's joined and compiled."""
    langs = languages_for(language)
    durations = [(x.durations, x.durations_after) for x in langs] or [(None, None)]
    words = [x.clock_words for x in langs if x.clock_words] or [(None, None, None)]
    found = [[y for y in kind if y] for kind in [*zip(*durations), *zip(*words)]]
    return Cues(*(re.compile("|".join(x)) if x else None for x in found))


def said_so(line: str, start: int, end: int, before, after) -> bool | None:
    """Whether the text around ``line[start:end]``, a time or a measure of hours, says it is a
    duration: the compiled patterns ``before`` it ends with, ``after`` it starts with
    (cues_for; None: none); None where it is in brackets
    after another duration (``3600 s (1 h)``: a measure as written)."""
    found = before.search(line, 0, start) if before is not None else None
    if found is not None and found[0].endswith("("):
        return None
    return found is not None or (after is not None and after.match(line, end) is not None)


def _clocked(line: str, span, cues: Cues) -> bool | None:
    """Whether the words around ``span`` of ``line`` say an hour written out is a clock time;
    None where they say it may be either (``pour 6 heures``)."""
    before, after, unsure = cues.clock_before, cues.clock_after, cues.unsure
    if (before is not None and before.search(line, 0, span.start) is not None) or (
        after is not None and after.match(line, span.end) is not None
    ):
        return True
    return None if unsure is not None and unsure.search(line, 0, span.start) else False


def timed(line: str, span, cues: Cues):
    """A time span ``span`` of ``line`` (or one of hours written out, kind ``duration``) as it
    reads: a clock time, a duration where the text around it says so (``pendant 2 h``, ``Le
    film dure 2h15``, ``2 h de retard``) and an hour written out where it does not say it is a
    time (``dure 2 heures``; not ``à 14 heures``), none in brackets after another duration
    (``3600 s (1 h)``: a measure) nor a range (``9h-12h``), nor an hour written out after words
    that say it may be either (``pour 6 heures``: the model's), nor a placeholder's hours after
    words that make it a time or may (``à %d heures``: the model's)."""
    if span.kind == "duration" and _SINCE.fullmatch(span.text):
        return span  # il y a 2 ans que: a time since
    if span.kind == "duration":
        placeholder = not span.text[0].isdigit()  # %d heures; not 48 heures, 1 h 30 min
        return None if placeholder and _clocked(line, span, cues) is not False else span
    said = said_so(line, span.start, span.end, cues.before, cues.after)
    if said is False and _IN_WORDS.fullmatch(span.text):
        clocked = _clocked(line, span, cues)
        return span if clocked else None if clocked is None else replace(span, kind="duration")
    if said is False:
        return span
    if said is None or not re.fullmatch(rf"[\w{SPACES}]+", span.text):
        return None
    return replace(span, kind="duration")


def in_hours(line: str, span, cues: Cues) -> bool:
    """Whether the measure ``span`` of ``line``, whole hours, is a duration (``en 48 h``)."""
    hours = re.fullmatch(rf"\d+{_S}?h", span.text)
    return bool(hours and said_so(line, span.start, span.end, cues.before, cues.after))


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
    hours = str(int(m[1])) if m[1].isdigit() else m[1]  # 09 h: 9 hours; %d heures: %d hours
    said = target in LANGUAGES and LANGUAGES[target].short_time is not None
    return _said(hours, m[2], target) if said else text


def convert_since(text: str, source: str, target: str) -> str | None:
    """A time since of ``source`` (``il y a 2 ans que``) as ``target`` says it (``For 2
    years``; a capital where the source has one); None where ``text`` is none, ``text`` where
    either language has no words here."""
    m = _SINCE.fullmatch(text) if source == "fr" else None
    if m is None:
        return None
    since = LANGUAGES[target].ago if target in LANGUAGES else None
    if since is None:
        return text
    said = since[1].format(_counted(m[1], _UNITS[m[2]], target, ago=True))
    return said[0].upper() + said[1:] if text[0].isupper() else said


def convert_ago(text: str, source: str, target: str) -> str:
    """A time ago of ``source`` (kind ``ago``: ``il y a 2 h``) as ``target`` says it (``2
    hours ago``); as written where either language has no words here."""
    m = _AGO.fullmatch(text) if source == "fr" else None
    ago = LANGUAGES[target].ago if m is not None and target in LANGUAGES else None
    if ago is None:
        return text
    ago = ago[0]
    number, minutes, unit = m.groups()
    if unit is None:
        return ago.format(_said(number, minutes, target))
    return ago.format(_counted(number, _UNITS[unit], target, ago=True))
