"""How each language writes numbers, ordinals, units, amounts, clock times and shortcuts: one
table a language, read by the span detectors (spans.py) and by the converters (numbers.py,
units.py). A detector that belongs to one language (French clock times ``14 h 30``, Roman
ordinals ``XIXe``, house numbers ``12 bis``, English ordinals ``21st``) runs for that source
language only (German ``von 12 bis 14`` holds no house number); for a source language not
recorded, every language's detectors run.

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
_SPACE = f"[{SPACES}]"


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
    capitalised: frozenset[str] = frozenset()
    month_alone: bool = True
    date_out: str = "{day} {month}"
    day_one: str = "1"
    mid: str | None = None
    quotes: tuple[str, str, str, str] = ("“", "”", "‘", "’")
    menu_ends: tuple[str, ...] = ()
    mask_letters: str = ""
    script: str = "LATIN"


# A word holding a letter of a script other than Latin: Greek (and the micro sign, µ), Cyrillic,
# Armenian to Mongolian and the scripts of India and South-East Asia, Georgian, Hangul, kana, CJK
NOT_LATIN = "\u00b5\u0370-\u03ff\u0400-\u052f\u0530-\u1cff\u1f00-\u1fff\u2c80-\u2dff"
NOT_LATIN_WORD = rf"(?<!\w)\w*[{NOT_LATIN}\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]\w*"


_OCTETS = (("ko", "kB"), ("Ko", "kB"), ("Ko", "KB"), ("Mo", "MB"), ("Go", "GB"), ("To", "TB"))
TIME_UNITS = "hour minute second day week month year"


def _units(ones: str, others: str, units: str = TIME_UNITS) -> tuple[tuple[str, str, str], ...]:
    """(unit, word for one, word for others) of ``units``, a language's words for one and for
    others in their order (``{}s``: each word for one with an s)."""
    singles = ones.split()
    plurals = [others.format(x) for x in singles] if "{}" in others else others.split()
    return tuple(zip(units.split(), singles, plurals, strict=True))


LANGUAGES = {
    "en": Language(
        "en",
        ".",
        ",",
        "," + SPACES,
        symbol_after=None,
        ordinals="st|nd|rd|th",
        ordinal_suffixes=(("one", "st"), ("two", "nd"), ("few", "rd"), ("other", "th")),
        clock_out="{}:{}",
        time_words=_units("hour minute second day week month year", "{}s"),
        short_time=("hr", "min"),
        ago=("{} ago", "for {}"),
        key_words=("The {} key", "the {} key", "{} key", "{} key"),
        months=tuple(
            "January February March April May June July August September October November "
            "December".split()
        ),
        short_months=tuple("Jan. Feb. Mar. Apr. May June July Aug. Sept. Oct. Nov. Dec.".split()),
        capitalised=frozenset(
            "Monday Tuesday Wednesday Thursday Friday Saturday Sunday I English French German "
            "Spanish Italian Portuguese Dutch Greek Latin Russian Polish Czech Swedish Danish "
            "Norwegian Finnish Hungarian Romanian Turkish Arabic Hebrew Chinese Japanese Korean "
            "Hindi Thai Vietnamese Indonesian Persian Ukrainian Catalan Basque Irish Welsh "
            "Scottish British American Canadian European African Asian Australian Belgian Swiss "
            "Austrian Mexican Brazilian Indian Christian Muslim Jewish Catholic Protestant "
            "Unicode Internet Web".split()
        ),
        month_alone=False,
        mid="mid-",
        menu_ends=tuple(
            "and or then but so which that when where while if before after you we they".split()
        ),
        mask_letters="DMY",
    ),
    "fr": Language(
        "fr",
        ",",
        "\u00a0",
        "." + SPACES,
        symbol_after="\u00a0",
        ordinals="er|re|ère|ème|eme|e|nde|nd|de",
        ordinal_suffixes=(("one", "er"), ("other", "e")),
        roman="e|ème|eme",
        # an hour, h, minutes; not followed by more digits or by "min" (1 h 30 min: a duration)
        # the hour written out: 14 heures 30, 9 heures (not 06:00 heures: a time as written)
        clock=rf"(?<!:)([01]?\d|2[0-3]){_SPACE}?h(?:eures?)?(?:{_SPACE}?([0-5]\d))?"
        rf"(?!\w|{_SPACE}?(?:\d|min\b))",
        durations=(
            r"(?i:\b(?:pendant|durant|dans|toutes les|tous les|dure|durent|duré|durée|en|sous"
            r"|environ|moins de|plus de|au moins|d'ici|met|mettent|mettra|faut|comptez"
            r"|au bout de|reposer|cuire|mijoter|mariner|refroidir|infuser|macérer|lever|gonfler"
            r"|rôtir|bouillir|congeler|sécher|tremper"  # a recipe's steps
            r"|il y a|autonomie de)\s+|\bau bout d['’]"  # il y a 2 h: 2 hours ago; a battery's
            r"|\b(?:durée|cuisson|repos|temps|délai|autonomie)(?:\s+\S+){0,3}\s*:\s*"
            r"|\d\s?(?:s|min|secondes?|minutes?|jours?)\s?\(\s?)$"  # 3600 s (1 h)
        ),
        # 2 h de retard, 2h42 de trajet, 3 h de route, 8 h par jour (not 8 h du matin)
        durations_after=(
            r"\s+(?:(?:de|d['’])\s*(?:retard|avance|trajet|route|marche|vol|voyage|train|voiture"
            r"|vélo|bus|métro|attente|queue|travail|sommeil|cours|pause|repos|conduite|décalage"
            r"|navigation|formation|autonomie|écoute|bouchons?|embouteillages?)"
            r"|par\s+(?:jour|semaine|nuit|mois|an))\b"
        ),
        # à 14 heures, vers 20 heures, dès 7 heures, il est 3 heures (not de 2 à 3 heures: hours);
        # 3 heures du matin, de 9 heures à 17 heures
        clock_words=(
            r"(?i:(?<!\d\s)\bà|\bvers|\bdès|\bavant|\bentre|\bà partir d[eu]|\bautour de"
            r"|\baux (?:alentours|environs) de|\bsur le coup de|\b(?:il|elle) (?:est|était|sera))"
            r"\s+$",
            r"\s+(?:du\s+(?:matin|soir)|de\s+l['’]après-midi|précises|pile|et\s+(?:demie|quart)"
            r"|moins\s+(?:le\s+)?quart|(?:à|-)\s*\d)",
            r"(?i:\bpour)\s+$",  # une table pour 6 heures, parti pour 2 heures
        ),
        house=("bis", "ter", "quater"),
        dialled=(
            *("SMS au ", "composez le ", "Composez le ", "appelez le ", "Appelez le "),
            # a code to type: fr-en wrote "code de vérification est 482 913" "482,913"
            *("code est ", "code : ", "code\u00a0: ", "vérification est ", "confirmation est "),
        ),
        streets=(
            r"[Rr]ue|[Aa]venue|[Bb]oulevard|[Bb]d|[Pp]lace|[Aa]llée|[Ii]mpasse|[Cc]hemin"
            r"|[Qq]uai|[Rr]oute|[Cc]ours|[Ss]quare|[Pp]assage|[Ff]aubourg|[Ee]splanade",
            r"de la |de l['’]|du |des |de |d['’]",
        ),
        # a number of bytes written in words too: fr-en wrote "512 octtings", "2,048 omit"; a
        # recipe's spoons (fr-en wrote "2 c. à soupe" as "2%. keep")
        units=(
            *_OCTETS,
            *(("octets", "bytes"), ("octet", "byte"), ("tr/min", "rpm"), ("j", "d")),
            *(("c. à soupe", "tbsp"), ("c. à s.", "tbsp"), ("c.à.s", "tbsp")),
            *(("c. à café", "tsp"), ("c. à c.", "tsp"), ("c.à.c", "tsp")),  # not cc: cm³
        ),
        per=tuple(
            zip(
                "mois an jour j semaine heure nuit personne pers nuitée mot page".split(),
                "month year day day week hour night person person night word page".split(),
            )
        ),
        time_words=(("day", "jour", "jours"),),
        modifiers=("Maj",),
        keys=(
            ("Maj", "Shift"),
            ("Commande", "Command"),
            ("Suppr", "Del"),
            ("Suppr", "Delete"),
            ("Entrée", "Enter"),
            ("Entrée", "Return"),
            ("Espace", "Space"),
            ("Échap", "Esc"),
            ("Inser", "Insert"),
            ("Origine", "Home"),
            ("Début", "Home"),
            ("Fin", "End"),
            ("Retour arrière", "Backspace"),
            ("Retour", "Backspace"),
            ("Tiret", "Hyphen"),
            ("Tabulation", "Tab"),
            ("Page précédente", "Page Up"),
            ("Page suivante", "Page Down"),
            ("Page vers le haut", "Page Up"),
            ("Page vers le bas", "Page Down"),
            ("Flèche vers le haut", "Up Arrow"),
            ("Flèche vers le bas", "Down Arrow"),
            ("Flèche vers la gauche", "Left Arrow"),
            ("Flèche vers la droite", "Right Arrow"),
            ("Flèche haut", "Up Arrow"),
            ("Flèche bas", "Down Arrow"),
            ("Flèche gauche", "Left Arrow"),
            ("Flèche droite", "Right Arrow"),
            ("Flèche", "Arrow"),
            ("Verr Maj", "Caps Lock"),
            ("Impr écran", "Print Screen"),
            ("Impr. écran", "Print Screen"),
        ),
        key_words=("La touche {}", "la touche {}", "Touche {}", "touche {}"),
        key_verbs=("appuyez sur", "Appuyez sur", "appuyer sur", "Appuyer sur"),
        keys_alone=("Échap", "Suppr", "Inser", "Verr Maj", "Impr écran", "Impr. écran"),
        list_joins=("ou", "et"),
        months=tuple(
            "janvier février mars avril mai juin juillet août septembre octobre novembre "
            "décembre".split()
        ),
        short_months=tuple(
            "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.".split()
        ),
        day_one="1er",
        mid="mi-",
        quotes=("«\u00a0", "\u00a0»", "“", "”"),
        menu_ends=tuple(
            "et ou puis pour afin dans qui que qu'il si lorsque quand mais car alors ensuite"
            " enfin avant après vous il elle on nous ils elles".split()
        ),
        mask_letters="JMA",
    ),
    "de": Language(
        "de",
        ",",
        ".",
        "." + SPACES,
        symbol_after="\u00a0",
        ordinals=r"\.",
        ordinal_after=tuple(
            "der die das den dem des am im zum zur vom beim ins ans jeder jede jedes jeden".split()
        ),
        ordinal_suffixes=(("other", "."),),  # 1. Stock, 2. Stock: one category, one suffix
        # an hour, its minutes after a colon or a full stop, Uhr (not 14 Uhr 30): a time
        clock=rf"([01]?\d|2[0-3])(?:[:.]([0-5]\d))?{_SPACE}?Uhr(?!\w|{_SPACE}\d)",
        units=(("U/min", "rpm"), ("Bytes", "bytes"), ("Byte", "byte")),
        per=tuple(
            zip(
                "Monat Jahr Tag Woche Stunde Nacht Person Wort Seite".split(),
                "month year day week hour night person word page".split(),
            )
        ),
        time_words=_units(
            "Stunde Minute Sekunde Tag Woche Monat Jahr",
            "Stunden Minuten Sekunden Tage Wochen Monate Jahre",
        ),
        short_time=("Std.", "Min."),
        ago=("vor {}", "seit {}"),
        ago_words=_units("Tag Monat Jahr", "Tagen Monaten Jahren", "day month year"),
        modifiers=("Strg", "Umschalt"),
        keys=(
            *(("Strg", "Ctrl"), ("Umschalt", "Shift"), ("Entf", "Del"), ("Entf", "Delete")),
            *(("Eingabe", "Enter"), ("Eingabetaste", "Enter"), ("Leertaste", "Space")),
            *(("Einfg", "Insert"), ("Pos1", "Home"), ("Ende", "End"), ("Rücktaste", "Backspace")),
            *(("Bild auf", "Page Up"), ("Bild ab", "Page Down"), ("Feststelltaste", "Caps Lock")),
        ),
        key_words=("Die {}-Taste", "die {}-Taste", "{}-Taste", "{}-Taste"),
        keys_alone=("Strg", "Entf", "Einfg", "Pos1"),
        list_joins=("oder", "und"),
        nouns_capitalised=True,
        months=tuple(
            "Januar Februar März April Mai Juni Juli August September Oktober November "
            "Dezember".split()
        ),
        short_months=tuple("Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.".split()),
        date_out="{day}. {month}",
        mid="Mitte ",
        quotes=("„", "“", "‚", "‘"),
        menu_ends=tuple("und oder dann aber wenn um damit bevor nachdem".split()),
        mask_letters="TMJ",
    ),
}


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
