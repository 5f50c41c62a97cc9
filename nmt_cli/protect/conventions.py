"""A language's conventions: how it writes numbers, ordinals, units, amounts, clock times and
shortcuts, one table (Language) a language (language_tables/, one module a language,
gathered in languages.py), read by the span detectors (spans.py) and by the converters
(numbers.py, units.py). A table's fields:

    decimal, group, groups
                the decimal mark, the separator written between groups of three digits, and
                the separators read as groups (``27 306,5``; ``27,306.5``; ``27.306,5``)
    symbol_after
                where a currency symbol goes: None, before the number (``€12.50``); else after
                it, past this space (``12,50 €``)
    ordinals    the suffixes of an ordinal after its digits, as a regex (``1er``, ``21st``)
    ordinal_after
                for a suffix that ends a sentence too (German ``2.``), the words (or with a
                capital) that make a number one: ``den 2. Platz`` (not ``Er wurde 2.``, ``1. Mai``)
    roman       the suffix of a Roman ordinal (French ``XIXe``); None: the language has none
    ordinal_suffixes
                an ordinal's suffix by CLDR ordinal category (English ``one`` "st", ``two``
                "nd", ``few`` "rd", ``other`` "th"): an ICU ``selectordinal``'s branches
    clock       how a clock time is written, as a regex whose groups are the hour and the
                minutes (French ``14 h 30``, ``14 heures 30``, German ``9.30 Uhr``); None: none
    clock_out   how the language writes a time read from another (``{}:{}``: ``14:30``); None:
                a time is kept as written
    durations   what the text before a duration ends with, where the duration reads as a
                clock time, as a regex (French ``toutes les 4 h``, ``pendant 2 h``, ``Durée du
                vol : 1 h 30``, ``il y a 2 h``: fr-en wrote "every 4:00", "There are 2:00"); None:
                every one is a time
    durations_after
                what the text after a clock time starts with, where it is a duration, as a
                regex (French ``2 h de retard``, ``2h42 de trajet``: fr-en wrote "2:00 late")
    clock_words what the text before and after an hour written out (French ``14 heures``, no
                minutes) ends and starts with, where it is a clock time, as two regexes (French
                ``à 14 heures``, ``vers 20 heures``, ``3 heures du matin``), then what the text
                before it ends with where it may be either, left to the model (French ``pour 6
                heures``: a table booked for 6 o'clock, or a stay of 6 hours); elsewhere it is a
                duration (``Le film dure 2 heures``, ``J'ai attendu 2 heures``: fr-en wrote
                "2 o'clock"; durations.py)
    house       the words after a house number (French ``12 bis``)
    dialled     the words before a number that make it one to dial, text or type, kept as
                written (French ``SMS au 36 179``, ``Votre code est 482 913``: fr-en wrote
                "36,179", "482,913")
    streets     the kinds of street after a house number, then the words that join a street's
                kind to its name, as regexes: French ``12 rue de la Paix``, ``3, bd Voltaire``,
                ``5 avenue des Champs-Élysées`` (a name: kept whole as written, addresses.py; not
                ``av.``: ``70 av. J.-C.``)
    units       (the language's own unit, the same unit as English writes it), for the units
                it writes otherwise: French octets (``16 Go`` is ``16 GB``), French ``tr/min``
                and German ``U/min`` (rpm)
    per         (the language's word after a price's slash, the word English writes): French
                ``15 €/mois`` is ``€15/month``
    time_words  (a unit of TIME_UNITS, ``hour`` to ``year``, the language's word for one, for
                others) as a sentence writes a duration (French ``14 j`` is ``14 days``,
                units.py; ``pendant 2 h`` is ``2 hours``, durations.py)
    short_time  its short hour and minute in a duration (English ``2 hr 15 min``); None: a
                duration written as a clock time is kept as written (durations.py)
    ago         how it says a time ago and a time since (English ``{} ago``, ``for {}``, German
                ``vor {}``, ``seit {}``; durations.py); ``ago_words``, its words there that take
                another case (German dative ``vor 3 Tagen``, where a sentence writes ``3 Tage``)
    modifiers   the language's own names of the keys a shortcut starts with (French ``Maj``)
    keys        (the language's name of a key, the name English gives it), for the keys it
                names its own way (French ``Suppr`` is ``Del``, ``Flèche vers le bas`` is
                ``Down Arrow``); the first of a key's names is the one written (keys.py)
    key_words   the words around a key's name that make it a key, with and without an
                article, capitalised or not, in the same four places for every language
                (French ``la touche {}``, English ``the {} key``): a key named so is written
                with the target's words of the same place (keys.py)
    key_verbs   the words after which a key's usual name (its first in ``keys``) alone is a
                key (French ``appuyez sur Entrée``; not ``appuyez sur Retour``, a button)
    keys_alone  the keys' names that are no word of the language, a key wherever they stand
                (French ``appuyez deux fois sur Échap``; not ``Entrée``, ``Fin``: words)
    list_joins  the words that join a list's last two items (French ``ou``, ``et``): a key's
                name after a key and one of them is a key too (keys.py)
    nouns_capitalised
                every noun is written with a capital (German ``Haus``), so a capital does not
                tell a name (names.py: names are not copied from such a language)
    months      the twelve month names, as written inside a sentence (dates.py)
    short_months
                the same, abbreviated as the language's usage does (French ``déc.``)
    weekdays    the seven days' names, Monday first, as written inside a sentence (weekdays.py)
    short_weekdays
                the same, abbreviated, without their full stop (French ``lun``, English ``Mon``)
    day_joins   the words between two days of a list or a range, in the same four places for
                every language: and, or, and a range's two (French ``et``, ``ou``, ``au``,
                ``à``; English ``and``, ``or``, ``to``, ``to``: weekdays.py)
    eras        a year before Christ and a year after, ``{}`` the year's place (English
                ``{} BC``, ``AD {}``; German ``{} v. Chr.``, ``{} n. Chr.``: eras.py)
    titles      the titles of a doctor, a professor and an unmarried woman before a name,
                without the article French writes (English ``Dr``, ``Prof.``, ``Miss``;
                titles.py)
    working     working hours and working days, each for one and for others, ``{}`` the
                count's place (English ``{} working hour``, ``{} working hours``, ``{} business
                day``, ``{} business days``: working_time.py)
    capitalised the other words it writes with a capital wherever they stand (English's days,
                languages and peoples): a translation that starts with one keeps its capital
                where its source starts with a small letter (inference/casing.py)
    month_alone a month name standing alone is a date (French ``en mars``); not in English,
                whose ``May`` is a verb too: there a day or a year must stand beside it
    date_out    how the language writes a date (``{day}``, ``{month}``; a year follows it)
    day_one     how it writes the first day of a month in a date (French ``1er``)
    mid         what it writes before a month's name for the middle of the month (French
                ``mi-novembre``, English ``mid-November``, German ``Mitte November``)
    quotes      its typographic quotation marks: opening, closing, and the pair nested
                inside (English ``“ ”`` and ``‘ ’``, French ``« »`` with no-break spaces and
                ``“ ”``, German ``„ “`` and ``‚ ‘``: inference/quotes.py)
    mask_letters
                the letters of a day, a month and a year in a date's format mask (French
                ``JJ/MM/AAAA``: ``JMA``; English ``DMY``; German ``TMJ``: masks.py)
    script      the script it is written in (``LATIN``): a word of another one in its text,
                Greek ``π`` or ``λόγος``, Cyrillic ``привет``, ``µs``, is a span (spans.py,
                kind ``script``; fr-en wrote ``π`` as "browser", ``Ω`` as "umbrella")
    menu_ends   the words that end a menu path's last label, as the sentence goes on after it
                (French ``Insertion ▸ Image ou faites glisser``: ``ou``; protect/menus.py): its
                conjunctions, subject pronouns and the words that start a clause, not the
                prepositions a label may hold (``Enregistrer sous``, ``Exporter en PDF``,
                ``Send to``)
"""

from __future__ import annotations

from dataclasses import dataclass

SPACES = " \u00a0\u202f"  # space, no-break space, narrow no-break space
CURRENCIES = "$€£¥₹₽₩₺₪₴₱฿"  # symbols written beside an amount (not ¢, written after in English)
SPACE = f"[{SPACES}]"  # one of SPACES, in a regex
TIME_UNITS = "hour minute second day week month year"


@dataclass(frozen=True)
class Language:
    """A language's conventions (see the module's docstring)."""

    code: str
    decimal: str
    group: str
    groups: str
    symbol_after: str | None
    ordinals: str | None = None
    ordinal_after: tuple[str, ...] = ()
    roman: str | None = None
    ordinal_suffixes: tuple[tuple[str, str], ...] = ()
    clock: str | None = None
    clock_out: str | None = None
    durations: str | None = None
    durations_after: str | None = None
    clock_words: tuple[str, str, str] | None = None
    house: tuple[str, ...] = ()
    dialled: tuple[str, ...] = ()
    streets: tuple[str, str] | None = None
    units: tuple[tuple[str, str], ...] = ()
    per: tuple[tuple[str, str], ...] = ()
    time_words: tuple[tuple[str, str, str], ...] = ()
    short_time: tuple[str, str] | None = None
    ago: tuple[str, str] | None = None
    ago_words: tuple[tuple[str, str, str], ...] = ()
    modifiers: tuple[str, ...] = ()
    keys: tuple[tuple[str, str], ...] = ()
    key_words: tuple[str, ...] = ()
    key_verbs: tuple[str, ...] = ()
    keys_alone: tuple[str, ...] = ()
    list_joins: tuple[str, ...] = ()
    nouns_capitalised: bool = False
    months: tuple[str, ...] = ()
    short_months: tuple[str, ...] = ()
    weekdays: tuple[str, ...] = ()
    short_weekdays: tuple[str, ...] = ()
    day_joins: tuple[str, ...] = ()
    eras: tuple[str, str] | None = None
    titles: tuple[str, str, str] | None = None
    working: tuple[str, str, str, str] | None = None
    capitalised: frozenset[str] = frozenset()
    month_alone: bool = True
    date_out: str = "{day} {month}"
    day_one: str = "1"
    mid: str | None = None
    quotes: tuple[str, str, str, str] = ("“", "”", "‘", "’")
    menu_ends: tuple[str, ...] = ()
    mask_letters: str = ""
    script: str = "LATIN"


def unit_words(ones: str, others: str, units: str = TIME_UNITS) -> tuple[tuple[str, str, str], ...]:
    """(unit, word for one, word for others) of ``units``, a language's words for one and for
    others in their order (``{}s``: each word for one with an s)."""
    singles = ones.split()
    plurals = [others.format(x) for x in singles] if "{}" in others else others.split()
    return tuple(zip(units.split(), singles, plurals, strict=True))
