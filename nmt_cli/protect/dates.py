"""Dates with a month's name: found in a line, and written as another language writes them.

A month's name is a fact of its sentence, and a small model can lose it: the shipped fr-en wrote
"paid 3 margins" for ``payés le 3 mars``. A DATE is a month's name (languages.py, ``months``,
as written inside a sentence: French ``mars``, English ``March``; or abbreviated,
``short_months``: French ``déc.``, English ``Dec.``) with the day before it
(``3 mars``, ``1er mai``; English ``3rd March``) or after it (English ``March 3``) and a year
after it (``mars 2025``, ``March 3, 2025``) or the word for its middle before it (``mid``:
French ``mi-novembre``, English ``mid-May``), or a month's name alone where the language's month
names are no other word (``month_alone``: French ``en mars``; not English ``May``).

:func:`convert_date` writes a date as the target language does (``date_out``, ``day_one``,
``mid``): ``3 mars 2025`` -> ``3 March 2025``, ``1er mai`` -> ``1 May``, ``March 3, 2025`` ->
``3 mars 2025``, ``Mi-novembre`` -> ``Mid-November``. The translator passes a line's dates
through where its translation lost one (:func:`dates_lost`; inference/translator.py, the second
search).
"""

from __future__ import annotations

import re
from functools import cache

from nmt_cli.protect.languages import LANGUAGES, SPACES

_S = f"[{SPACES}]"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_SUFFIX = r"(?:er|st|nd|rd|th)?"  # 1er, 1st


@cache
def _pattern(language: str) -> re.Pattern | None:
    """A date of ``language``: groups day before, mid, month, day after, year (None: no
    months)."""
    table = LANGUAGES.get(language)
    if table is None or not table.months:
        return None
    names = sorted(
        {*table.months, *table.short_months}, key=len, reverse=True
    )  # déc. after décembre
    months = "|".join(re.escape(name) for name in names)
    # the middle of the month: glued to it (mi-novembre) or a word before it (Mitte November)
    mid = f"(?i:{re.escape(table.mid.strip())}){_S if table.mid.endswith(' ') else ''}"
    return re.compile(
        rf"(?<![\w.,-])(?:({_DAY})(?:{_SUFFIX}|\.){_S}|({mid if table.mid else '(?!)'}))?"
        rf"({months})(?![\w'’-])"  # German 3. März
        rf"(?:{_S}({_DAY}){_SUFFIX}(?![\w.,:]\d))?(?:,?{_S}(\d{{4}}))?(?![\w])"
    )


def _dates(line: str, language: str | None) -> list[re.Match]:
    pattern = _pattern(language or "")
    if pattern is None:
        return []
    table = LANGUAGES[language or ""]
    alone = table.month_alone  # an abbreviation never alone: "Nous étions sept." is 7
    found = pattern.finditer(line)
    return [m for m in found if alone and m[3] in table.months or m[1] or m[2] or m[4] or m[5]]


def find_dates(line: str, language: str | None) -> list[tuple[int, int]]:
    """(start, end) of each date of ``line``, a text in ``language``, in order."""
    return [m.span() for m in _dates(line, language)]


def _month(m: re.Match, source: str, target: str) -> str:
    """The month of the date ``m`` of ``source`` as ``target`` names it, abbreviated where the
    source abbreviates it (``déc.``: "Dec.")."""
    read, write = LANGUAGES[source], LANGUAGES[target]
    if m[3] in read.months:
        return write.months[read.months.index(m[3])]
    return (write.short_months or write.months)[read.short_months.index(m[3])]


def convert_date(text: str, source: str | None, target: str | None) -> str:
    """A date of ``source`` (:func:`find_dates`) as ``target`` writes it (``text`` where either
    language has no months here)."""
    pattern = _pattern(source or "")
    write = LANGUAGES.get(target or "")
    m = pattern.fullmatch(text) if pattern and write and write.months else None
    if m is None or source == target:
        return text
    out = month = _month(m, source, target)
    if m[1] or m[4]:
        day = str(int(m[1] or m[4]))
        out = write.date_out.format(day=write.day_one if day == "1" else day, month=month)
    elif m[2] and write.mid:  # Mi-novembre: Mid-November (a capital a sentence gave it)
        capital = m[2][0].isupper() and not LANGUAGES[source].mid[0].isupper()
        out = (write.mid[0].upper() + write.mid[1:] if capital else write.mid) + month
    return f"{out} {m[5]}" if m[5] else out


def dates_lost(line: str, text: str, source: str | None, target: str | None) -> bool:
    """Whether ``text``, a translation of ``line`` from ``source`` into ``target``, lacks the
    month of one of ``line``'s dates, as ``target`` names it, or its day beside that month
    (before it or after it: ``12 February``, ``February 12``; fr-en put a dropped day in
    another date, "12 February 15 1809, he died on April 1865")."""
    write = LANGUAGES.get(target or "")
    if write is None or not write.months or source == target:
        return False
    dates = _dates(line, source)
    words = set(re.findall(r"[^\W\d_]+", text)) if dates else set()
    for m in dates:
        month = _month(m, source, target).rstrip(".")
        if month not in words:
            return True
        day, name = m[1] or m[4], re.escape(month)
        if day and not re.search(
            rf"(?<!\d){int(day)}{_SUFFIX}\.?{_S}{name}|{name}\.?{_S}{int(day)}(?!\d)", text
        ):
            return True
    return False
