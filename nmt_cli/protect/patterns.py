"""The patterns of the kinds of span spans.py finds (its docstring describes each kind), in
the order ties are broken: those of a language's conventions built for a text's source
language (patterns_for; languages.py), PATTERNS for every language's, and NEEDS, what a line
must hold for a kind to match in it.
"""

from __future__ import annotations

import functools
import re

from nmt_cli.protect import (
    addresses,
    code,
    commands,
    css_classes,
    dimensions,
    durations,
    eras,
    files,
    format_strings,
    http_status,
    icu,
    keys,
    languages,
    letters,
    logins,
    masks,
    menus,
    references,
    scientific,
    titles,
    weekdays,
    working_time,
)
from nmt_cli.protect.markup_spans import MARKUP, MARKUP_NEEDS
from nmt_cli.protect.numbers import ROMAN_TENS, SCALE_SUFFIX, SCALED, SIGNS, ordinal_pattern
from nmt_cli.protect.units import INCHES, rates_for, units_for

_NUMBER_END = r"(?![\w]|[.,]\d)"
# the schemes of a URL written without slashes (fr-en wrote ``about:config`` "about: snow",
# ``tel:+33123456789`` "that:+33123456789")
_NO_SLASHES = "about|tel|sms|magnet|urn|geo|callto|skype|sip|xmpp|view-source"
_SPACE = f"[{languages.SPACES}]"
_RANGE = rf"{_SPACE}?[-–]{_SPACE}?"  # between a range's two times: 9h-12h (numbers.convert_time)
_AMOUNT = rf"\d{{1,3}}(?:{_SPACE}\d{{3}})+(?:[.,]\d+)?|\d+(?:[.,]\d+)*"  # a number's digits
_CURRENCY = f"[{re.escape(languages.CURRENCIES)}]"
# the symbol for a decimal mark, 12€50, 2 € 10 (not 5 € 10 fois, 2 € 10 €: a count, an amount)
_CENTS = rf"(?:{_CURRENCY}|{_SPACE}{_CURRENCY}{_SPACE}?|{_CURRENCY}{_SPACE})\d\d(?!\w|[.,]\d)"
_CENTS += rf"(?!{_SPACE}?(?:\d|(?:{_CURRENCY}|%|fois|ans|mois|jours|heures|personnes|euros)(?!\w)))"
# a minus sign that starts a number (after a space, a bracket or the line's start: not the
# hyphen of 5-7), part of the number's span: -5,5 °C is one fact
_SIGN = rf"(?:(?<![^\s(\[{{«])[{re.escape(SIGNS)}](?=\d))?"


def _language_patterns(language: str | None) -> dict[str, str | None]:
    """The patterns of the kinds that read a language's conventions (languages.py), for a text
    in ``language`` (None: every language's); None for a kind no such language has."""
    langs = languages.languages_for(language)
    clocks = "|".join(lang.clock for lang in langs if lang.clock)
    romans = "|".join(lang.roman for lang in langs if lang.roman)
    unit = "|".join(re.escape(u) for u in units_for(language))  # longest first: km/h, km
    rate = "|".join(re.escape(u) for u in rates_for(language))  # a price's: 15 €/mois
    latin = {lang.script for lang in langs} == {"LATIN"}  # none: every language's
    roman = rf"(?<![\w.,-])(?:[VX]|(?=[IVXL]{{2}}){ROMAN_TENS})(?:{romans})(?![\w-])"
    return {
        "menu": menus.pattern_for(language),
        "time": rf"(?<![\w.,])(?:{clocks})(?:{_RANGE}(?:{clocks}))?" if clocks else None,
        "ago": durations.pattern_for(language),
        "duration": durations.spelled_for(language),  # 1 h 30 min
        "amount": rf"(?:(?<![\w.,]){_SIGN}\d+{_CENTS}|(?<![\w.,]){_SIGN}(?:{_AMOUNT}){_SPACE}?"
        rf"{SCALED}(?!\w)|(?<![\w]){_CURRENCY}{_SPACE}?(?:{_AMOUNT}){_NUMBER_END})"
        rf"(?:/(?:{rate})(?![\w/]))?",  # €/mois; 12€50, its symbol for a decimal mark
        "dimensions": dimensions.pattern(_AMOUNT, unit, _SPACE),  # 1920×1080 px
        "measure": rf"(?:(?<![\w.,]){_SIGN}(?:{_AMOUNT})|(?:{format_strings.PATTERN}))"
        rf"{_SPACE}?(?:{unit}|%(?=/))(?:/(?:{rate})(?![\w/]))?(?<!%)(?![\w'’²³])",  # 2 %/an
        "ordinal": ordinal_pattern(language),  # 21st, 1er; German den 2. Platz
        "roman": roman if romans else None,
        "address": addresses.pattern_for(language),
        "dialled": addresses.dialled_for(language),
        "keys": keys.pattern_for(language),
        "script": languages.NOT_LATIN_WORD if latin else None,
        "weekdays": weekdays.PATTERN if language in (None, "fr") else None,  # lun.-ven.
        "title": titles.PATTERN if language in (None, "fr") else None,  # le Dr Lefèvre
        "era": eras.PATTERN if language in (None, "fr") else None,  # 52 av. J.-C.
        "working": working_time.PATTERN if language in (None, "fr") else None,  # 48 h ouvrées
    }


# a capitalised word, or words (Les Halles): a name of a route's or a place's (Châtelet–Les Halles)
_NAMED = r"[A-ZÀ-Ý][^\W\d_]+(?: [A-ZÀ-Ý][^\W\d_]+)*"
# The kinds before and after those of a language's conventions, in the order ties are broken
_FIRST: tuple[tuple[str, str], ...] = (
    ("markup", MARKUP),
    ("code", r"(?:(?::[\w.+-]+)+:)?``[^`]+``|(?:(?::[\w.+-]+)+:)?`[^`\n]+`_{0,2}"),
    ("code", code.JSON),  # {"nom": "x"}, {"a": {"b": {"c": 1}}}
    ("icu", icu.HEAD),
    ("placeholder", format_strings.JOINED),  # %s:%d, a host and its port: one span
    ("placeholder", format_strings.PATTERN),
    ("placeholder", format_strings.GLUED),  # a built-in kind only: not in a document (icu.py)
    (
        "url",
        r"\b(?:[A-Za-z][A-Za-z0-9+.-]*://[^\s<>\"`]*|www\.[^\s<>\"`]+)"  # https:// alone too
        r"|(?<![\w@./:~-])(?:[A-Za-z0-9-]+\.)+[a-z]{2,6}/[^\s<>\"`]*"  # a host, then a path
        rf"|\b(?:{_NO_SLASHES}):[^\s<>\"`]+",  # about:config, tel:+33..., magnet:?xt=...
    ),
    ("email", r"(?<![\w.+-])(?:mailto:)?[\w+-][\w.+-]*@[\w-]+(?:\.[\w-]+)+"),  # with its mailto:
    ("status", http_status.PATTERN),  # 503 Service Unavailable
    ("shell", commands.SHELL),
    ("command", commands.COMMAND),
    *((kind, pattern) for kind, pattern, _ in code.PATTERNS + references.PATTERNS),
    ("css", css_classes.PATTERN),  # btn btn-primary, fa-solid fa-house
    ("path", code.PATH),
    ("file", files.FILE),
    ("qualified", code.QUALIFIED),
    *((kind, pattern) for kind, pattern, _ in logins.PATTERNS),  # @nom, jean.dupont
    ("hashtag", r"(?<![\w&#{])#\w+(?:-\w+)*"),  # not an ICU plural's number: {#e}
    ("route", rf"(?<![\w'’–-]){_NAMED}(?:–{_NAMED})+(?![\w'’–-])"),  # Paris–Lyon
)
_NUMBERS = (
    ("scientific", scientific.PATTERN),  # 1,5e-3
    # groups of three, none after them: 123 456 789 00012 (a SIRET) is no 123,456,789
    (
        "number",
        rf"(?<![\w.,]){_SIGN}\d{{1,3}}(?:{_SPACE}\d{{3}})+(?:[.,]\d+)?{_NUMBER_END}"
        rf"(?!{_SPACE}\d)",
    ),
    # after an escape sequence too: ``\t59`` (a tab, then 59)
    ("number", rf"(?:(?<![\w.,])|(?<=\\[nrt])){_SIGN}\d+(?:[.,]\d+)*{_NUMBER_END}"),
    # a decimal count with its scale glued: 1,2k, 3,4M (numbers.py SCALE_SUFFIX)
    ("number", rf"(?<![\w.,]){_SIGN}\d+[.,]\d+{SCALE_SUFFIX}{_NUMBER_END}"),
    ("phone", r"(?<![\w+])(?:\+?\d{1,4}(?:[ .\u00a0-]\d{2,4}){3,}|08\d\d \d{3} \d{3})(?!\w)"),
    # an international number whatever its groups, its (0) too: +49 30 12345678, +33 1 23 45 67
    # 89, +49 (0)30 1234567 (de-en wrote "+49 to the 12345678 30 of"); not a number in groups of
    # three, +12 345 678
    (
        "phone",
        r"(?<![\w+])\+(?!\d{1,3}(?:[ \u00a0]\d{3})+(?![\w]|[ .,\u00a0]?\d))\d{1,3}"
        r"(?=[\d .\u00a0()-]{8})(?:[ \u00a0]?\(0\))?"
        r"(?:[ .\u00a0-]?\d{1,8}){2,}(?![\w]|[.,]\d)",
    ),
    # groups of three then another group, one code: 123 456 7890, 123 456 789 00012
    ("phone", rf"(?<![\w.,+])\d{{1,3}}(?:{_SPACE}\d{{3}})+{_SPACE}\d+{_NUMBER_END}"),
)
_LAST = (
    ("letter", letters.PATTERN),
    (
        "identifier",  # 1971-72, 2000–2022 (a range), a key abc1++d2, P@ssw0rd, g++ -O2
        r"(?<![\w+])[A-Za-z]\w*\+\+(?![\w+])|(?:(?<![\w-])-{1,2}(?=[A-Za-z])|(?<![\w]))"
        r"\w+(?:(?:[-–_./:#]|[+@=~*^|]{1,2})\w+)*|(?<![\w])[^\W_]+(?:_[^\W_]+)+(?![\w])",
    ),
)


@functools.cache
def patterns_for(language: str | None = None) -> tuple[tuple[str, str], ...]:
    """(kind, pattern) of each kind of span of a text in ``language`` (None: every language's)."""
    lang = _language_patterns(language)
    patterns = (
        ("menu", lang["menu"]),
        ("mask", masks.PATTERN),
        *_FIRST,
        ("working", lang["working"]),
        ("ago", lang["ago"]),
        ("duration", lang["duration"]),
        ("era", lang["era"]),
        ("time", lang["time"]),
        ("amount", lang["amount"]),
        ("phone", lang["dialled"]),
        ("dimensions", lang["dimensions"]),
        ("measure", lang["measure"]),
        ("measure", INCHES),
        *_NUMBERS,
        ("ordinal", lang["ordinal"]),
        ("ordinal", lang["roman"]),
        ("address", lang["address"]),
        ("keys", lang["keys"]),
        ("script", lang["script"]),
        ("weekdays", lang["weekdays"]),
        ("title", lang["title"]),
        *_LAST,
    )
    return tuple((kind, p) for kind, p in patterns if p is not None)


PATTERNS = patterns_for(None)  # every language's
# What a line must hold for a kind to match in it: searched for first, once a kind (most hold none)
NEEDS = {
    "menu": menus.NEEDS,
    "markup": MARKUP_NEEDS,
    "code": r"`|\{\s*\"",
    "icu": "plural|select",
    "placeholder": format_strings.NEEDS,
    "shell": commands.SHELL_NEEDS,
    **{kind: needs for kind, _, needs in code.PATTERNS + references.PATTERNS},
    "url": rf"/|www\.|(?:{_NO_SLASHES}):\S",
    "email": "@",
    "css": css_classes.NEEDS,
    "status": http_status.NEEDS,
    "path": r"[/\\]",
    "file": r"\.",
    "qualified": code.QUALIFIED_NEEDS,
    **{kind: needs for kind, _, needs in logins.PATTERNS},
    "hashtag": "#",
    "route": "[^\\W\\d_]–[A-ZÀ-Ý]",
    "amount": _CURRENCY,
    "keys": keys.NEEDS,
    "letter": letters.NEEDS,
    "mask": masks.NEEDS,
    "ago": durations.NEEDS,
    **dict.fromkeys(("time", "number", "phone", "address"), r"\d"),
    "duration": rf"\d|{format_strings.NEEDS}",  # 48 heures, %d heures
    "measure": rf"\d|{format_strings.NEEDS}",
    "dimensions": r"\d\s?×",
    "scientific": scientific.NEEDS,
    "ordinal": r"\d|[IVXL]e|[IVXL]è",
    "weekdays": weekdays.NEEDS,
    "title": titles.NEEDS,
    "era": eras.NEEDS,
    "working": working_time.NEEDS,
}
KINDS = ("term", *dict.fromkeys(kind for kind, _ in PATTERNS), "symbol", "user")
