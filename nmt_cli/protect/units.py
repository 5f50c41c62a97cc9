"""Units of measure written after a number: what a measure span is made of (spans.py), and how
a measure's unit is written in the target language.

A measure (``12,5 km``, ``-5,5 °C``, ``45 min``, ``1,82 m``, ``16 Go``) passes through as one
span: a small model reads a lone ``m`` or ``min`` as a word ("1.82 moms", "45 mine"). Its number
is converted as any number (numbers.py); its unit is kept as written, being the same symbol in
every language here, except the units of data, which French writes with ``o`` (octet) where
English and German write ``B`` (byte): ``16 Go`` is ``16 GB``; French ``tr/min`` is English
``rpm``, a recipe's ``c. à soupe`` ``tbsp``, ``c. à café`` ``tsp``; French ``j`` is ``d``, a
day's symbol, where a symbol is what a reader expects: a value alone (a table's cell, ``14 j``:
``14 d``). In a sentence, English writes the word (``Livraison sous 14 j.``: ``within 14 days``;
fr-en wrote "14 d"): a measure of such a unit in a line with words is a duration (spans.py), its
unit the target's word (WORDS: languages.py's time_words); after a slash, a rate's, it is the
word too (``4 g/j``: ``4 g/day``).

French writes a screen's size with the inch mark for its decimal mark, ``15"6`` (15.6 inches):
a measure too (INCHES), which a language that writes no such thing writes as the number and
its mark, ``15.6"`` in English (fr-en wrote ``15"6`` as it came, read as a race's time).

Only symbols that are rarely a word after a number are units here: not ``l`` (French "2 l'ont
vu"), ``t``, ``A``, ``K``, ``in`` or a lone ``o``.
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES, SPACES, Language, languages_for, time_words

_WRITTEN = (
    # length, area, volume
    "nm µm μm mm cm dm m km mm² cm² m² km² cm³ m³ ha ft mi² ml mL cl cL dl dL "
    # mass, time, temperature, angle
    "mg g kg lb lbs oz ms s min h °C °F ° ℃ ℉ "
    # speed, data, energy, power, electricity, pressure, frequency, sound
    "km/h m/s mph kB KB MB GB TB kb Kb Mb Gb kbit/s Mbit/s Gbit/s "
    "MB/s GB/s Mb/s Gb/s W kW MW GW Wh kWh MWh GWh TWh mW V kV mV mA mAh Ah Hz kHz MHz GHz "
    "kJ MJ cal kcal Pa hPa kPa MPa bar mbar dB ppm px rpm bpm Ω kΩ MΩ Å µs ns "
    # a dose, a concentration, a density, an acceleration (fr-en wrote "10 mg /kg", "g /Louth")
    "mg/kg µg/kg g/kg mg/ml mg/mL mg/l mg/L g/l g/L µg/ml g/dl g/dL mmol/l mmol/L g/cm³ kg/m³ "
    "m/s² L l "
    '"'  # inches, glued to the number where no quotation is open: 27" (inch_marks)
)


# a per cent: a number, its sign (50 %, 2,5 %, 50%; not 5 %du, a printf's %%, a rate's 2 %/an)
_PER_CENT = re.compile(rf"(?<![\w.,%])\d+(?:[.,]\d+)*[{SPACES}]?%(?![\w%/])")


def per_cents(line: str) -> list[tuple[int, int]]:
    """(start, end) of each per cent of ``line``, a measure a translation may lose: its
    sign is no unit the span finder reads (fr-en writes it; de-en, which hardly saw one in
    training, wrote "Heute gibt es 50 % Rabatt." as "He is giving the 50 Rablishment.")."""
    return [m.span() for m in _PER_CENT.finditer(line)]


def per_cents_lost(line: str, text: str) -> bool:
    """Whether ``text``, a translation of ``line``, has fewer per cent signs than ``line`` where
    ``line`` holds a per cent."""
    return text.count("%") < line.count("%") and bool(per_cents(line))


# a screen's size in French: 15"6, 13"3 (one digit after the mark; 9"95 is a race's time)
INCHES = r'(?<![\w.,\'’"])\d{1,2}"\d(?![\w"])'
_INCHES = re.compile(r'(\d+)"(\d)')


# a unit a sentence writes as a word, its name in the languages' time_words: French j (jour)
WORDS = {"j": "day"}
_WORDED = re.compile(rf"(.*\d)[{SPACES}]?({'|'.join(WORDS)})")
_WORD = re.compile(r"[^\W\d_]{2,}")  # a sentence's word


def in_words(text: str, line: str) -> bool:
    """Whether the measure ``text`` of ``line`` is a duration, its unit written as a word: a
    unit of WORDS in a line that holds a word besides it (not a table's cell, ``14 j``)."""
    return _WORDED.fullmatch(text) is not None and bool(_WORD.search(line.replace(text, " ")))


def worded(text: str, target: str) -> tuple[str, tuple[str, str]] | None:
    """(number, ``target``'s words for one and for others) of a duration ``text`` (``14 j``:
    ``("14", ("day", "days"))`` in English); None where ``target`` has no word here."""
    m = _WORDED.fullmatch(text)
    words = time_words(target, WORDS[m[2]]) if m else None
    return None if words is None else (m[1], words)


def _own_units(language: Language) -> set[str]:
    """The units ``language`` writes its own way (French ``Go``, ``Mo/s``, ``tr/min``)."""
    own = {unit for unit, _ in language.units}
    return own | {f"{unit}/s" for unit, same in language.units if same.endswith("B")}


def units_for(code: str | None) -> tuple[str, ...]:
    """The units a measure of a text in language ``code`` may have (all languages' for None),
    longest first: the unit a text ends with, or a pattern's first match, is the whole unit
    (km/h before km, m² before m)."""
    units = set(_WRITTEN.split()).union(*(_own_units(lang) for lang in languages_for(code)))
    return tuple(sorted(units, key=lambda u: (-len(u), u)))


UNITS = units_for(None)  # every language's


def convert_unit(unit: str, source: str, target: str) -> str:
    """``unit`` (one of UNITS) as ``target`` writes it: French data units in octets, English
    and German ones in bytes, French tr/min English rpm; any other unit as written."""
    per_second = unit.endswith("/s") and unit != "m/s"  # Mo/s: Mo a second
    base = unit.removesuffix("/s") if per_second else unit
    if source in LANGUAGES and target in LANGUAGES:
        # as English writes it, then as the target does (its first name for that unit)
        base = next((same for own, same in LANGUAGES[source].units if own == base), base)
        base = next((own for own, same in LANGUAGES[target].units if same == base), base)
    return base + "/s" if per_second else base


_PER = {same for lang in LANGUAGES.values() for _, same in lang.per}  # English's (languages.py)


def rates_for(code: str | None) -> tuple[str, ...]:
    """What a price of a text in ``code`` (None: every language) may be a price of, after its
    slash (``15 €/mois``, ``0,20 €/kWh``): a unit, or a word of the language's ``per``, longest
    first."""
    words = {own for lang in languages_for(code) for own, _ in lang.per}
    return tuple(sorted({*units_for(code), *words, *_PER}, key=lambda u: (-len(u), u)))


def convert_rate(word: str, source: str, target: str) -> str:
    """What a price is of (one of rates_for's) as ``target`` writes it: a unit as convert_unit
    does, a word in the target's words (English ``month`` for French ``mois``)."""
    per = source in LANGUAGES and word in {own for own, _ in LANGUAGES[source].per}
    if word in UNITS and not per:  # French j: a day's symbol (14 j: 14 d), a rate's word (/day)
        return convert_unit(word, source, target)
    if source in LANGUAGES and target in LANGUAGES:
        word = next((same for own, same in LANGUAGES[source].per if own == word), word)
        word = next((own for own, same in LANGUAGES[target].per if same == word), word)
    return word


def as_inches(text: str, decimal: str) -> str:
    """A screen's size written with its inch mark for a decimal mark (INCHES: ``15"6``) as a
    number with the ``decimal`` mark, and its unit (``15,6"``); any other measure as it is."""
    m = _INCHES.fullmatch(text)
    return text if m is None else f'{m[1]}{decimal}{m[2]}"'


def inch_marks(line: str) -> set[int]:
    """Where ``line``'s straight double quotes glued after a digit are inch marks (``27"``):
    where no quotation is open (``"Étape 2"``, ``"Il dit "2012" hier"``, ``:"%1"`` close one)."""
    marks, depth = set(), 0
    for at, c in enumerate(line):
        if c != '"':
            continue
        before, after = line[at - 1 : at], line[at + 1 : at + 2]
        if before.isdigit() and not depth:
            marks.add(at)
        elif not before or before.isspace() or before in "([{«" or _opens_after_sign(before, after):
            depth += 1  # after a space, a bracket, the start: a quotation opens
        else:
            depth = max(depth - 1, 0)
    return marks


def _opens_after_sign(before: str, after: str) -> bool:
    """Whether a straight quote between ``before``, a sign (not a letter, a digit), and
    ``after`` opens a quotation: glued to the word it opens (``Fichier :"%1"``, ``=["a"]``),
    not to a sentence's end it closes (``"Fin.",``, ``"Fin !")``)."""
    return (
        not before.isalnum()
        and before not in "\"'"
        and bool(after)
        and not after.isspace()
        and after not in ".,;:!?)]}»\"'"
    )
