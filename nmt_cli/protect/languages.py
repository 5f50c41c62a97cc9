"""Every language's table of conventions (conventions.py describes a table's fields;
language_tables/ holds one module a language), and which of them a text's detectors read.
A detector that belongs to one language (French clock times ``14 h 30``, Roman ordinals
``XIXe``, house numbers ``12 bis``, English ordinals ``21st``) runs for that source language
only (German ``von 12 bis 14`` holds no house number); for a source language not recorded,
every language's detectors run.
"""

from __future__ import annotations

from nmt_cli.protect.conventions import CURRENCIES, SPACES, TIME_UNITS, Language
from nmt_cli.protect.language_tables import de, en, fr

__all__ = [
    "CURRENCIES",
    "LANGUAGES",
    "NOT_LATIN",
    "NOT_LATIN_WORD",
    "SPACES",
    "TIME_UNITS",
    "Language",
    "languages_for",
    "time_words",
]

# A word holding a letter of a script other than Latin: Greek (and the micro sign, µ), Cyrillic,
# Armenian to Mongolian and the scripts of India and South-East Asia, Georgian, Hangul, kana, CJK
NOT_LATIN = "\u00b5\u0370-\u03ff\u0400-\u052f\u0530-\u1cff\u1f00-\u1fff\u2c80-\u2dff"
NOT_LATIN_WORD = rf"(?<!\w)\w*[{NOT_LATIN}\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]\w*"

LANGUAGES = {"en": en.ENGLISH, "fr": fr.FRENCH, "de": de.GERMAN}


def languages_for(code: str | None) -> list[Language]:
    """The languages whose detectors run on a text of ``code``: its own (none for a language
    with no table here), or every one where the language is not recorded (None)."""
    if code is None:
        return list(LANGUAGES.values())
    return [LANGUAGES[code]] if code in LANGUAGES else []


def time_words(code: str, unit: str, ago: bool = False) -> tuple[str, str] | None:
    """Language ``code``'s words (for one, for others) for ``unit`` (of TIME_UNITS) in a
    sentence, after its word for a time ago where ``ago``; None where it has none here."""
    lang = LANGUAGES.get(code)
    found = (lang.ago_words if ago else ()) + lang.time_words if lang else ()
    return next(((one, other) for name, one, other in found if name == unit), None)
