"""Numbers in the target language's written form, their value kept exactly.

Each language writes a number by a convention (its decimal mark, what separates groups of three
digits: its table in languages.py). A number found in the source (spans.py) is read by the
source language's convention and written by the target's; where both languages share a
convention, or either is not known here, or the reading is not certain, the number is kept as
written:

    fr -> en   14,8 -> 14.8     27 306,5 -> 27,306.5     1.000.000 -> 1,000,000
    en -> fr   14.8 -> 14,8     27,306.5 -> 27 306,5 (no-break space)
    de -> en   10.000,5 -> 10,000.5         en -> de   10,000.5 -> 10.000,5

- Only the separators change: digits are never added, dropped or moved, and a number written
  without groups gets none (a year: 2025 stays 2025).
- Uncertain, so kept: one separator followed by exactly three digits (fr "245,000",
  en "1,234", fr "1.000"), which reads as a decimal in one convention and as a thousands group
  in the other (texts quote numbers in the other convention); but not the dot of a language
  that writes its groups with one (de "10.000" -> 10,000: no German decimal has a dot; French
  writes its groups with spaces, so its "1.000" is kept); separators a convention does not
  use (fr "3.5"); anything else that is not one number (a version 3.10.2, a date 12.03).
  A measure is read by its own language's convention: a unit after it makes the text's own
  writing certain, so fr "42,195 km" is 42.195 km (French groups with spaces, never commas),
  en "1.234 km" is 1,234 km in French; an amount is not (no currency has three decimals:
  "245,000 €" is kept), but a price of a unit is (fuel's "1,899 €/L" is €1.899/L).
- Ordinals: fr 1er, 2e, 3ème, 2nd(e) <-> en 1st, 2nd, 3rd; en -> de 3rd -> 3., de den 2. Platz
  -> 2nd (French 1st is 1er or 1re by gender, so it is kept). French Roman ordinals are English
  digits: XVIIe -> 17th (a century, an arrondissement), IIIe -> 3rd; to German XVIIe -> 17. A
  Roman numeral without a suffix (Louis XIV, Annexe II) is the model's, and so is Ier (François
  Ier: Francis I).
- Amounts of money: a number with a currency symbol (``$ € £ ¥`` and others: languages.py,
  CURRENCIES) takes the target's separators as above and the symbol where the target writes it:
  English before the number, French and German after it, past a no-break space:
      fr -> en   12,50 € -> €12.50      1 200 $ -> $1,200      en -> fr   £3.5 -> 3,5 £
  (the number kept as written where its reading is not certain, the symbol still moved);
  thousands, millions and billions as English writes them: 350 M€ -> €350m, 1,2 Md€ -> €1.2bn;
  the euro sign for a decimal mark, as French writes a price, is a decimal: 12€50 -> €12.50.
- Measures: a number with a unit (units.py) takes the target's separators, its unit kept
  (French data units in octets become bytes: 16 Go -> 16 GB), and so does the space between.
- A minus sign that starts a number, an amount or a measure is kept as written before it:
      fr -> en   -5,5 °C -> -5.5 °C      -12,50 € -> -€12.50
  and so is a plus-minus sign (fr-en wrote ``Tolérance ±0,5 mm`` "Tolerance =0.5 mm") and an
  approximation's tilde (``~5 min`` "#5 min"):
      fr -> en   ±0,5 mm -> ±0.5 mm      ~5 min -> ~5 min      ≈3,5 km -> ≈3.5 km
- Clock times, fr -> en and de -> en only: 14 h 30, 14h30 -> 14:30; 9 h -> 9:00; German
  14.30 Uhr -> 14:30, 9 Uhr -> 9:00; a range, each of its times: 9h-12h -> 9:00-12:00 (not
  kept "9h-12h" where 9h is 9:00). The 24-hour clock is kept
  (English readers know 14:30; am/pm would be a guess at the text's register), and so is the
  hour as written (09h -> 09:00). Any other pair keeps a time as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from nmt_cli.protect.dimensions import convert_dimensions
from nmt_cli.protect.durations import convert_ago, convert_clock_duration, convert_since
from nmt_cli.protect.eras import convert_era
from nmt_cli.protect.functions import convert_functions
from nmt_cli.protect.keys import convert_keys
from nmt_cli.protect.languages import CURRENCIES, LANGUAGES, SPACES, Language, languages_for
from nmt_cli.protect.masks import convert_mask
from nmt_cli.protect.references import convert_reference
from nmt_cli.protect.scientific import convert_scientific
from nmt_cli.protect.titles import convert_title
from nmt_cli.protect.units import UNITS, as_inches, convert_rate, convert_unit, rates_for, worded
from nmt_cli.protect.weekdays import convert_weekdays
from nmt_cli.protect.working_time import convert_working

# a minus sign, hyphen-minus or U+2212, a plus-minus sign or an approximation's tilde, as
# written before a number
SIGNS = "-\u2212±~≈"
# How each language writes numbers: its decimal mark, its groups (languages.py)
CONVENTIONS: dict[str, Language] = LANGUAGES


@dataclass(frozen=True)
class Reading:
    """A number's value as digits: ``integer`` digits, ``fraction`` digits (None: none), and
    whether its integer part was written in groups."""

    integer: str
    fraction: str | None
    grouped: bool


def read_number(text: str, convention: Language, measured: bool = False) -> Reading | None:
    """The value ``text`` has by ``convention``; None where that reading is not certain. A
    ``measured`` number (a unit follows it) with one decimal mark of the convention is a decimal
    even before three digits: French ``42,195 km`` (French groups with spaces, never commas)."""
    if text.isdigit():
        return Reading(text, None, False)
    grouped = re.fullmatch(r"(\d{1,3})((?:([^\d])\d{3})(?:\3\d{3})*)(?:([^\d])(\d+))?", text)
    if grouped and grouped[1] != "0":
        lead, groups, mark, decimal, fraction = grouped.groups()
        one_group = len(groups) == 4 and decimal is None
        # 1,234 or French 1.000: a decimal elsewhere; not where the convention groups with a dot
        # (German 10.000: a German decimal never has one)
        unsure = one_group and mark in ".," and not mark == convention.group == "."
        if mark in convention.groups and decimal in (None, convention.decimal) and mark != decimal:
            if not unsure:
                return Reading(lead + groups.replace(mark, ""), fraction, True)
    plain = re.fullmatch(r"(\d+)([.,])(\d+)", text)
    if plain and plain[2] == convention.decimal:
        integer, _, fraction = plain.groups()
        could_group = len(fraction) == 3 and len(integer) <= 3 and not integer.startswith("0")
        could_group = could_group and not measured
        if not could_group:
            return Reading(integer, fraction, False)
    return None


def write_number(reading: Reading, convention: Language) -> str:
    """``reading`` written by ``convention``."""
    digits = reading.integer
    if reading.grouped:
        head = len(digits) % 3 or 3
        groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        digits = convention.group.join(groups)
    if reading.fraction is None:
        return digits
    return digits + convention.decimal + reading.fraction


def ordinal_pattern(language: str | None) -> str | None:
    """The pattern of an ordinal (its digits and suffix) in a text of ``language`` (None: every
    language's); one whose suffix ends a sentence too (German ``2.``) only after the words that
    make it one, or one of them with a capital, and before a word that is no month's name
    (languages.py, ``ordinal_after``)."""
    langs = languages_for(language)
    plain = "|".join(x.ordinals for x in langs if x.ordinals and not x.ordinal_after)
    found = [rf"(?<![\w.,])\d+(?:{plain})(?![\w])"] if plain else []
    for x in (x for x in langs if x.ordinal_after):
        words = {w for word in x.ordinal_after for w in (word, word[0].upper() + word[1:])}
        after = "|".join(rf"(?<=\b{re.escape(w)}[{SPACES}])" for w in sorted(words))
        months = "|".join(re.escape(m) for m in (*x.months, *x.short_months))
        found.append(
            rf"(?:{after})\d+(?:{x.ordinals})(?=[{SPACES}][^\W\d_])"
            rf"(?![{SPACES}](?:{months})(?![\w'’-]))"
        )
    return "|".join(found) or None


@cache
def _ordinal(language: str) -> re.Pattern | None:
    """An ordinal as ``language`` writes it: its digits, its suffix (languages.py)."""
    suffixes = LANGUAGES[language].ordinals if language in LANGUAGES else None
    return re.compile(rf"(\d+)({suffixes})") if suffixes else None


def english_suffix(n: int) -> str:
    if n % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# Roman numerals below 90 (centuries, arrondissements, republics): of I, V, X and L alone, so
# that no French word is one (Le, Ce, De, Me, Mme)
ROMAN_TENS = r"(?:XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
_ROMAN_ORDINAL = re.compile(rf"({ROMAN_TENS})(?:e|ème|eme)")
_ROMAN_VALUES = {"L": 50, "X": 10, "V": 5, "I": 1}


def roman_value(numeral: str) -> int:
    """The value of a well-formed Roman numeral: XVII -> 17, XIV -> 14."""
    values = [_ROMAN_VALUES[c] for c in numeral]
    return sum(-v if v < after else v for v, after in zip(values, values[1:] + [0]))


def convert_ordinal(text: str, source: str, target: str) -> str:
    """An ordinal of ``source`` as ``target`` writes it (``text`` where not certain)."""
    roman = _ROMAN_ORDINAL.fullmatch(text) if source == "fr" else None
    if roman and roman[1] and target in ("en", "de"):
        n = roman_value(roman[1])
        return f"{n}{english_suffix(n)}" if target == "en" else f"{n}."
    pattern = _ordinal(source)
    m = pattern.fullmatch(text) if pattern else None
    if m is None or m[1].startswith("0"):
        return text
    n = int(m[1])
    if source == "en" and m[2] != english_suffix(n):
        return text  # 2th: not an English ordinal
    if target == "en" and source != "en":
        return m[1] + english_suffix(n)
    if target == "fr" and source != "fr" and n > 1:
        return m[1] + "e"
    if target == "de" and source != "de":
        return m[1] + "."
    return text


def convert_time(text: str, source: str, target: str) -> str:
    """A clock time of ``source`` (spans.py, kind ``time``), or a range of two (``9h-12h``:
    ``9:00-12:00``), as ``target`` writes it (``text`` where the source reads no time or the
    target writes none: languages.py, clock and clock_out)."""
    read = LANGUAGES[source].clock if source in LANGUAGES else None
    write = LANGUAGES[target].clock_out if target in LANGUAGES else None
    if not (read and write and re.fullmatch(rf"(?:{read})(?:{_RANGE}(?:{read}))?", text)):
        return text
    return re.sub(read, lambda m: write.format(m[1], m[2] or "00"), text)  # 9h-12h: each


_RANGE = rf"[{SPACES}]?[-–][{SPACES}]?"  # between a range's two times: 9h-12h (spans.py)


# An amount in thousands, millions or billions, French (k€, M€, Md€, Mds€) or German (Mrd. €),
# as English writes it: 350 M€ -> €350m, 1,2 Md€ -> €1.2bn (any other target: as written)
_SCALES = {"k": "k", "K": "k", "M": "m", "Md": "bn", "Mds": "bn", "Mrd": "bn", "Mrd.": "bn"}
_SCALE = "|".join(re.escape(s) for s in sorted(_SCALES, key=len, reverse=True))
SCALED = rf"(?:(?:{_SCALE})[{SPACES}]?)?[{re.escape(CURRENCIES)}]"  # spans.py: an amount's end
# the symbol for a decimal mark: 12€50, 2 € 10 (twelve euros fifty)
_CENTS = re.compile(rf"(\d+)[{SPACES}]?([{re.escape(CURRENCIES)}])[{SPACES}]?(\d\d)")
_SCALED = re.compile(rf"(.+?)[{SPACES}]?({_SCALE})[{SPACES}]?([{re.escape(CURRENCIES)}])")


def _written(number: str, source: str, target: str, measured: bool = False) -> str:
    """A number read by ``source``'s convention (``measured``: read_number's) and written by
    ``target``'s; as written where that reading is not certain."""
    src, tgt = CONVENTIONS.get(source), CONVENTIONS.get(target)
    reading = read_number(number, src, measured) if src and tgt and src != tgt else None
    return number if reading is None else write_number(reading, tgt)


def convert_amount(text: str, source: str, target: str, per_unit: bool = False) -> str:
    """An amount of money (spans.py, kind ``amount``: a number and a currency symbol) as
    ``target`` writes it (``text`` where either language is not known here). A price of a unit
    (``per_unit``) has more decimals than a currency's cents, its decimal mark certain as a
    measure's: French ``1,899 €/L`` is ``€1.899/L`` (not 1,899 euros)."""
    if source not in LANGUAGES or target not in LANGUAGES:
        return text
    if "/" in text:  # a price of a unit or a time: 15 €/mois, €15/month
        text, rate = text.split("/", 1)
        amount = convert_amount(text, source, target, per_unit=True)
        return f"{amount}/{convert_rate(rate, source, target)}"
    if scaled := _SCALED.fullmatch(text):  # 1,2 Md€
        number, scale, symbol = scaled.groups()
        written = symbol + convert(number, "number", source, target) + _SCALES[scale]
        return written if target == "en" else text
    if cents := _CENTS.fullmatch(text):  # 12€50, its symbol for a decimal mark: 12,50 €
        text = f"{cents[1]}{LANGUAGES[source].decimal}{cents[3]} {cents[2]}"
    symbol = text[0] if text[0] in CURRENCIES else text[-1]
    number = _written(text.strip(CURRENCIES + SPACES), source, target, measured=per_unit)
    space = LANGUAGES[target].symbol_after
    return symbol + number if space is None else number + space + symbol


def convert_measure(text: str, source: str, target: str) -> str:
    """A measure (spans.py, kind ``measure``: a number, maybe a space, a unit) as ``target``
    writes it; a measure of a time or a unit, after its slash, as a price's (``4 g/jour``)."""
    head, slash, rate = text.rpartition("/")
    if slash and rate in rates_for(source) and any(head.endswith(u) for u in (*UNITS, "%")):
        return f"{convert_measure(head, source, target)}/{convert_rate(rate, source, target)}"
    if text.endswith("%") and source in LANGUAGES and target in LANGUAGES:  # a rate's 2,4 %/an
        number = convert(text[:-1].rstrip(SPACES), "number", source, target)
        return number + (LANGUAGES[target].symbol_after or "") + "%"  # as its currency's space
    if source in LANGUAGES:  # a screen's 15"6: 15,6" in French (units.py)
        text = as_inches(text, LANGUAGES[source].decimal)
    unit = next(u for u in UNITS if text.endswith(u))  # UNITS: longest first
    number = text[: -len(unit)].rstrip(SPACES)
    space = text[len(number) : -len(unit)]
    return (
        _written(number, source, target, measured=True) + space + convert_unit(unit, source, target)
    )


def convert_duration(text: str, source: str, target: str) -> str:
    """A duration (spans.py, kind ``duration``: a measure of a unit a sentence writes as a
    word, units.py) as ``target`` writes it in a sentence: French ``14 j`` is ``14 days``."""
    if (since := convert_since(text, source, target)) is not None:
        return since  # il y a 2 ans que: for 2 years (durations.py)
    if (said := convert_clock_duration(text, source, target)) is not None:
        return said  # dure 2h15: 2 hr 15 min (durations.py)
    found = worded(text, target)
    if found is None:
        return convert_measure(text, source, target)
    number, (one, other) = found
    return f"{convert(number, 'number', source, target)} {one if number == '1' else other}"


# a scale glued to a decimal count (``1,2k``, ``3,4M`` views): the number is read without it
SCALE_SUFFIX = "[kKM]"
_SCALE_GLUED = re.compile(rf"(?<=\d){SCALE_SUFFIX}$")
_SIGNED = ("number", "measure", "amount", "duration")  # the kinds a minus sign starts
# the kinds whose text one function of (text, source, target) converts
_CONVERTS: dict[str, Callable[[str, str, str], str]] = {
    "amount": convert_amount,
    "measure": convert_measure,
    "duration": convert_duration,
    "ordinal": convert_ordinal,
    "time": convert_time,
    "keys": convert_keys,
    "mask": convert_mask,
    "weekdays": convert_weekdays,  # lun.-ven. -> Mon.-Fri.
    "era": convert_era,  # 52 av. J.-C. -> 52 BC
    "working": convert_working,  # 48 h ouvrées -> 48 working hours
    "title": convert_title,  # le Dr Lefèvre -> Dr Lefèvre
    "ago": convert_ago,  # il y a 2 h -> 2 hours ago
}


def convert(text: str, kind: str, source: str | None, target: str | None) -> str:
    """A number, ordinal, time, amount, measure, duration, shortcut, mask or formula span's text
    as the translation shows it (any other kind, or an unknown language: ``text``)."""
    if source is None or target is None or source == target:
        return text
    if kind in _SIGNED and text[:1] in SIGNS:  # -5,5 °C: spans.py
        return text[0] + convert(text[1:], kind, source, target)
    if (by_kind := _CONVERTS.get(kind)) is not None:
        return by_kind(text, source, target)
    if kind == "scientific":  # 1,5e-3 -> 1.5e-3
        return convert_scientific(text, lambda x: convert(x, "number", source, target))
    if kind == "dimensions":  # 2,5×3 m -> 2.5×3 m
        return convert_dimensions(text, lambda x, k: convert(x, k, source, target))
    if kind in ("numero", "always"):  # n° 12 -> No. 12, 24h/24 et 7j/7 -> 24/7
        return convert_reference(text, kind, source, target)
    if kind == "formula":  # =SOMME(A1:A3) -> =SUM(A1:A3)
        return convert_functions(
            text, source, target, lambda n: convert(n, "number", source, target)
        )
    src, tgt = CONVENTIONS.get(source), CONVENTIONS.get(target)
    if kind != "number" or src is None or tgt is None or src == tgt:
        return text
    if scale := _SCALE_GLUED.search(text):  # 1,2k -> 1.2k: its scale as written
        return convert(text[: scale.start()], kind, source, target) + scale[0]
    reading = read_number(text, src)
    return text if reading is None else write_number(reading, tgt)
