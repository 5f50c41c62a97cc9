"""Durations French writes as clock times, and times ago: as a sentence of the target says them.

French writes a duration with the hour's symbol as it writes a clock time: ``Le film dure 2h15``,
``Temps de trajet : 1h30``, ``pendant 2 h`` (fr-en kept "2h15" and "1h30" as written and wrote
"2 h"). Where the text before one says it is a duration (languages.py, ``durations``), it is a
span of kind ``duration`` (spans.py), written in English ``2 hr 15 min``, ``1 hr 30 min``, as a
running time or a journey's is, and one of whole hours in words, ``2 hours`` (German ``2 Std.
15 Min.``, ``2 Stunden``; any other target as written).

A time ago, French ``il y a 2 h``, ``il y a 5 min``, ``il y a 3 j`` (fr-en wrote "There are 2
h", the words ``il y a`` read as "there are"), is a span of kind ``ago`` with those words:
English ``2 hours ago``, German ``vor 2 Stunden``; not where ``il y a`` says what there is
(``il y a 2 h de route``, ``il y a 5 min que j'attends``).
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES, SPACES

_S = f"[{SPACES}]"
# il y a 2 h, il y a 1 h 30, il y a 5 min, il y a 3 j; not il y a 2 h de route (a count)
AGO = (
    rf"(?<![\w'’])[Ii]l{_S}y{_S}a{_S}(\d+){_S}?(?:h(?:{_S}?([0-5]\d)(?:{_S}?min)?)?|(min|mn|j|s))"
    rf"(?![\w'’])(?!{_S}*(?:de|d['’]|du|des|que|qu['’])(?![\w]))"
)
_AGO = re.compile(AGO)
NEEDS = rf"[Ii]l{_S}y{_S}a{_S}\d"

# the target's words for a unit (one, other), its short hour and minute, how it says "ago"
_WORDS = {
    "en": (
        {"h": ("hour", "hours"), "min": ("minute", "minutes"), "j": ("day", "days")},
        ("hr", "min"),
        "{} ago",
    ),
    "de": (
        {"h": ("Stunde", "Stunden"), "min": ("Minute", "Minuten"), "j": ("Tag", "Tagen")},
        ("Std.", "Min."),
        "vor {}",
    ),
}
_SECONDS = {"en": ("second", "seconds"), "de": ("Sekunde", "Sekunden")}


def pattern_for(language: str | None) -> str | None:
    """The pattern of a time ago in a text of ``language`` (French's; None: every language's)."""
    return AGO if language in (None, "fr") else None


def _said(hours: str, minutes: str | None, target: str) -> str:
    """``hours`` and ``minutes`` (None: none) as ``target`` says a duration in a sentence."""
    words, (hr, mn), _ = _WORDS[target]
    if minutes is None:
        return f"{hours} {words['h'][0] if hours == '1' else words['h'][1]}"
    return f"{hours} {hr} {int(minutes)} {mn}"


def convert_clock_duration(text: str, source: str, target: str) -> str | None:
    """A duration written as ``source`` writes a clock time (``2h15``, ``2 h``) as ``target``
    says it (``2 hr 15 min``, ``2 hours``); None where ``text`` is no such time, ``text`` where
    the target has no words here."""
    clock = LANGUAGES[source].clock if source in LANGUAGES else None
    m = re.fullmatch(clock, text) if clock else None
    if m is None:
        return None
    return _said(str(int(m[1])), m[2], target) if target in _WORDS else text


def convert_ago(text: str, source: str, target: str) -> str:
    """A time ago of ``source`` (kind ``ago``: ``il y a 2 h``) as ``target`` says it (``2
    hours ago``); as written where either language has no words here."""
    m = _AGO.fullmatch(text) if source == "fr" else None
    if m is None or target not in _WORDS:
        return text
    number, minutes, unit = m.groups()
    if unit is None:
        said = _said(number, minutes, target)
    else:
        unit = "min" if unit == "mn" else unit
        words = _SECONDS[target] if unit == "s" else _WORDS[target][0][unit]
        said = f"{number} {words[0] if number == '1' else words[1]}"
    return _WORDS[target][2].format(said)
