"""Numbers keep their value and take the target language's written form where that is certain
(nmt_cli/protect/numbers.py); French clock times are English 24-hour times."""

from __future__ import annotations

import pytest

from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("14,8", "fr", "en", "14.8"),
        ("27 306,5", "fr", "en", "27,306.5"),
        ("27\u202f306,5", "fr", "en", "27,306.5"),
        ("1 000 000", "fr", "en", "1,000,000"),
        ("1.000.000", "fr", "en", "1,000,000"),
        ("0,500", "fr", "en", "0.500"),
        ("10.000,5", "de", "en", "10,000.5"),
        ("14.8", "en", "fr", "14,8"),
        ("27,306.5", "en", "fr", "27\u00a0306,5"),
        ("10,000.5", "en", "de", "10.000,5"),
        ("3.14", "en", "de", "3,14"),
        # German's own group mark, which no German decimal has (de-en kept "10.000")
        ("10.000", "de", "en", "10,000"),
        ("1.000", "de", "en", "1,000"),
    ],
)
def test_a_number_is_written_by_the_target_languages_convention(text, source, target, written):
    assert convert(text, "number", source, target) == written


@pytest.mark.parametrize(
    "text, source, target",
    [
        ("2025", "fr", "en"),  # a year: no groups added
        ("123456", "fr", "en"),
        ("245,000", "fr", "en"),  # 245 thousand, or 245.000
        ("1,234", "en", "fr"),
        ("1.000", "fr", "en"),  # French groups with spaces: 1.0, or a thousand
        ("3.5", "fr", "en"),  # not the French decimal mark: as written
        ("3.10.2", "en", "fr"),  # a version
        ("14,8", "fr", "fr"),
        ("14,8", "fr", "de"),  # one convention
        ("14,8", "fr", None),  # a model that records no languages
        ("14,8", "fr", "ja"),  # a language without a convention here
    ],
)
def test_a_number_whose_reading_is_not_certain_is_kept_as_written(text, source, target):
    assert convert(text, "number", source, target) == text


def test_digits_are_never_added_dropped_or_moved():
    for text in ["27 306,5", "1.000.000", "0,500", "14,8", "9 999 999,0001"]:
        written = convert(text, "number", "fr", "en")
        assert [c for c in written if c.isdigit()] == [c for c in text if c.isdigit()]


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("1er", "fr", "en", "1st"),
        ("2e", "fr", "en", "2nd"),
        ("2de", "fr", "en", "2nd"),
        ("3ème", "fr", "en", "3rd"),
        ("11e", "fr", "en", "11th"),
        ("22nd", "en", "fr", "22e"),
        ("3rd", "en", "de", "3."),
        ("2.", "de", "en", "2nd"),  # den 2. Platz
        ("11.", "de", "en", "11th"),
        ("2.", "de", "fr", "2e"),
        ("1st", "en", "fr", "1st"),  # 1er or 1re: the gender decides
        ("2th", "en", "fr", "2th"),  # not an English ordinal
        ("XVIIe", "fr", "en", "17th"),  # a century
        ("XXIe", "fr", "en", "21st"),
        ("IIIe", "fr", "en", "3rd"),
        ("XIXème", "fr", "en", "19th"),
        ("XVIIe", "fr", "de", "17."),
        ("XVIIe", "fr", "ja", "XVIIe"),
    ],
)
def test_an_ordinal_follows_the_target_language(text, source, target, written):
    assert convert(text, "ordinal", source, target) == written


@pytest.mark.parametrize(
    "line, ordinal, english",
    [
        # de-en wrote "He's stouts up the 2. There are plaza.", the full stop a sentence's end
        ("Er belegte den 2. Platz.", "2.", "2nd"),
        ("Sie wohnt im 3. Stock.", "3.", "3rd"),
        ("Der 1. Preis geht an Anna.", "1.", "1st"),
        ("Das ist der 11. große Sieg.", "11.", "11th"),
        ("Zum 2.\u00a0Mal gewinnt er.", "2.", "2nd"),
    ],
)
def test_a_german_ordinal_after_an_article_is_written_as_english_writes_it(line, ordinal, english):
    found = [s.text for s in SpanFinder(language="de").find(line) if s.kind == "ordinal"]
    assert found == [ordinal]
    assert convert(ordinal, "ordinal", "de", "en") == english


@pytest.mark.parametrize(
    "line",
    [
        "Er wurde 2. Die anderen nicht.",  # a sentence's end
        "Am 1. Mai sind die Geschäfte geschlossen.",  # a date (dates.py)
        "Er kam am 3. Okt. an.",
        "1. Öffnen Sie die Datei.",  # a list's number
        "Sie kam auf Platz 2. Dann ging sie.",
    ],
)
def test_a_german_number_with_a_full_stop_is_no_ordinal_elsewhere(line):
    assert [s.text for s in SpanFinder(language="de").find(line) if s.kind == "ordinal"] == []


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("12,50 €", "fr", "en", "€12.50"),
        ("-12,50 €", "fr", "en", "-€12.50"),  # the sign before all
        ("15€", "fr", "en", "€15"),
        ("1 200 $", "fr", "en", "$1,200"),
        ("27 306,5 £", "fr", "en", "£27,306.5"),
        ("10.000,5 €", "de", "en", "€10,000.5"),
        ("£3.5", "en", "fr", "3,5\u00a0£"),
        ("€1,234.50", "en", "de", "1.234,50\u00a0€"),
        ("245,000 €", "fr", "en", "€245,000"),  # the number not certain: as written
        # a price of a unit: more decimals than cents, its decimal mark certain (fr-en wrote
        # "1,899 €/L" "€1,899/L", a thousand times the price)
        ("1,899 €/L", "fr", "en", "€1.899/L"),
        ("0,2516 €/kWh", "fr", "en", "€0.2516/kWh"),
        ("€1.899/L", "en", "fr", "1,899\u00a0€/L"),
        ("12,50 €", "fr", "fr", "12,50 €"),
        ("12,50 €", "fr", "ja", "12,50 €"),  # where Japanese puts it is not known here
        ("12,50 €", "fr", None, "12,50 €"),
        # thousands, millions, billions: as English writes them, as written elsewhere
        ("350 M€", "fr", "en", "€350m"),
        ("1,2 Md€", "fr", "en", "€1.2bn"),
        ("3 000 Mds €", "fr", "en", "€3,000bn"),
        ("500 k€", "fr", "en", "€500k"),
        ("-1,5 Md€", "fr", "en", "-€1.5bn"),
        ("1,2 Md€/an", "fr", "en", "€1.2bn/year"),
        ("1,2 Mrd. €", "de", "en", "€1.2bn"),
        ("1,2 Md€", "fr", "de", "1,2 Md€"),
        # French's euro sign for a decimal mark (fr-en kept "12€50"): a price as English writes it
        ("12€50", "fr", "en", "€12.50"),
        ("-3€50", "fr", "en", "-€3.50"),
        ("19€90/pers", "fr", "en", "€19.90/person"),
        ("12€50", "fr", "de", "12,50\u00a0€"),
    ],
)
def test_an_amount_keeps_its_value_and_its_symbol_goes_where_the_target_writes_it(
    text, source, target, written
):
    assert convert(text, "amount", source, target) == written


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("12,5 km", "fr", "en", "12.5 km"),
        ("1,82 m", "fr", "en", "1.82 m"),
        ("5,5\u00a0°C", "fr", "en", "5.5\u00a0°C"),  # the space as written
        ("-5,5 °C", "fr", "en", "-5.5 °C"),
        ("\u22124,5 °C", "fr", "en", "\u22124.5 °C"),  # a minus sign as written
        ("±0,5 mm", "fr", "en", "±0.5 mm"),  # a plus-minus sign as written
        ("≈3,5 km", "fr", "en", "≈3.5 km"),  # an approximation's sign as written
        ("45°", "fr", "en", "45°"),
        ("1 200 m²", "fr", "en", "1,200 m²"),
        ("16 Go", "fr", "en", "16 GB"),
        ("120 Mo/s", "fr", "en", "120 MB/s"),
        ("6 000 tr/min", "fr", "en", "6,000 rpm"),
        # bytes written as a word: fr-en read "512 octets" as "512 octtings", "2 048 octets" as
        # "2,048 omit"
        ("13 107 200 octets", "fr", "en", "13,107,200 bytes"),
        ("1 octet", "fr", "en", "1 byte"),
        ("512 octets", "fr", "de", "512 Bytes"),
        ("16 Go", "fr", "de", "16 GB"),
        ("6 000 tr/min", "fr", "de", "6.000 U/min"),  # German's own form
        ("6000 U/min", "de", "fr", "6000 tr/min"),
        # a recipe's spoons, as English writes them
        ("2 c. à soupe", "fr", "en", "2 tbsp"),
        ("1,5 c. à café", "fr", "en", "1.5 tsp"),
        # a screen's size, French's inch mark for a decimal mark: the number and its mark
        ('15"6', "fr", "en", '15.6"'),
        ('13"3', "fr", "de", '13,3"'),
        ("3.5 GB", "en", "fr", "3,5 Go"),
        ("90 km/h", "en", "fr", "90 km/h"),
        ("2 m/s", "en", "fr", "2 m/s"),
        ("12,5 km", "fr", "ja", "12,5 km"),
        # a unit makes the source's own convention certain: French groups with spaces, never
        # commas, so a comma before three digits is its decimal mark (not 42 thousand km)
        ("42,195 km", "fr", "en", "42.195 km"),
        ("1,250 kg", "fr", "en", "1.250 kg"),
        ("1.500 km", "en", "fr", "1,500 km"),
        ("1.000 km", "fr", "en", "1.000 km"),  # French groups with dots too: not certain
        # a measure of a day, a year, a unit: what it is of as a price's
        ("4 g/j", "fr", "en", "4 g/day"),
        ("15 000 km/an", "fr", "en", "15,000 km/year"),
        ("10 mg/kg/j", "fr", "en", "10 mg/kg/day"),
        ("2 Go/mois", "fr", "en", "2 GB/month"),
        ("2 GB/month", "en", "fr", "2 Go/mois"),
        # a French day's symbol is the day's symbol in English (a value alone; in a sentence, a
        # duration's word); after a slash, the word
        ("14 j", "fr", "en", "14 d"),
        ("4 g/j", "fr", "de", "4 g/Tag"),
        # a per cent a year: English's per cent glued to its number, French's after a space
        ("2,4 %/an", "fr", "en", "2.4%/year"),
        ("3 %/mois", "fr", "de", "3\u00a0%/Monat"),
        ("2.4%/year", "en", "fr", "2,4\u00a0%/an"),
    ],
)
def test_a_measure_keeps_its_unit_in_the_target_languages_form(text, source, target, written):
    assert convert(text, "measure", source, target) == written


@pytest.mark.parametrize(
    "line, duration, written",
    [
        ("Livraison sous 14 j.", "14 j", "14 days"),
        ("Il reste 2,5 j de congés.", "2,5 j", "2.5 days"),
    ],
)
def test_a_days_symbol_in_a_sentence_is_a_duration_written_in_words(line, duration, written):
    """fr-en wrote "Livraison sous 14 j." as "... 14 d": the symbol, where English prose writes
    the word; a value alone, a table's cell, keeps the symbol, and a rate the word already."""
    finder = SpanFinder(language="fr")
    assert [(s.kind, s.text) for s in finder.find(line)] == [("duration", duration)]
    assert convert(duration, "duration", "fr", "en") == written
    assert [(s.kind, s.text) for s in finder.find(duration)] == [("measure", duration)]
    assert [s.kind for s in finder.find("Dose de 4 g/j.")] == ["measure"]


def test_spans_of_other_kinds_are_kept_as_written():
    assert convert("01 23 45 67 89", "phone", "fr", "en") == "01 23 45 67 89"
    assert convert("release-7.3", "identifier", "fr", "en") == "release-7.3"


@pytest.mark.parametrize(
    "line, time, english",
    [
        ("La séance commence à 14 h 30.", "14 h 30", "14:30"),
        ("La séance commence à 14\u00a0h\u00a030.", "14\u00a0h\u00a030", "14:30"),
        ("Rendez-vous à 14h30 devant la gare.", "14h30", "14:30"),
        ("Ouverture à 9 h, fermeture à 18h.", "9 h", "9:00"),
        ("Le train part à 09h05.", "09h05", "09:05"),
        ("Minuit et quart s'écrit 0 h 15.", "0 h 15", "0:15"),
        # a range of two times, each as a single one is (fr-en kept "9h-12h", an identifier)
        ("Les horaires : 9h-12h et 14h-18h.", "9h-12h", "9:00-12:00"),
        ("Accueil de 8h30–17h.", "8h30–17h", "8:30–17:00"),
        ("Permanence 9 h - 12 h.", "9 h - 12 h", "9:00 - 12:00"),
    ],
)
def test_a_french_clock_time_is_an_english_24_hour_time(line, time, english):
    """An English reader knows 14:30 (British, Canadian); am/pm is not guessed, and the hour
    keeps its digits as written."""
    found = [s for s in SpanFinder().find(line) if s.kind == "time"]
    assert found[0].text == time
    assert convert(time, "time", "fr", "en") == english


@pytest.mark.parametrize(
    "line, span, english",
    [
        # a duration: fr-en wrote "2 o'clock", "48 o'clock", "%{hours} o'clock"
        ("Le film dure 2 heures.", ("duration", "2 heures"), "2 hours"),
        ("Livraison en 48 heures", ("duration", "48 heures"), "48 hours"),
        ("Votre colis arrive dans 24 heures.", ("duration", "24 heures"), "24 hours"),
        ("Le lien expire dans %{hours} heures.", ("duration", "%{hours} heures"), "%{hours} hours"),
        ("J'ai attendu 1 heure.", ("duration", "1 heure"), "1 hour"),
        ("Je travaille 20 heures par jour.", ("duration", "20 heures"), "20 hours"),
        ("Le film dure 2 heures 30.", ("duration", "2 heures 30"), "2 hr 30 min"),
        # a clock time: after the words that say so, or with its minutes (fr-en: "at 14: 30")
        ("Le train part à 14 heures 30.", ("time", "14 heures 30"), "14:30"),
        ("Rendez-vous à 14 heures.", ("time", "14 heures"), "14:00"),
        ("Arrivée vers 20 heures.", ("time", "20 heures"), "20:00"),
        ("Il est rentré à 3 heures du matin.", ("time", "3 heures"), "3:00"),
        ("Ouvert de 9 heures à 18 h.", ("time", "9 heures"), "9:00"),
    ],
)
def test_an_hour_written_out_is_a_duration_unless_the_words_around_it_make_it_a_time(
    line, span, english
):
    assert [(s.kind, s.text) for s in SpanFinder(language="fr").find(line)][0] == span
    assert convert(span[1], span[0], "fr", "en") == english


def test_a_placeholders_hours_at_a_clock_time_are_left_to_the_model():
    found = SpanFinder(language="fr").find("Le rendez-vous est à %d heures.")
    assert [(s.kind, s.text) for s in found] == [("placeholder", "%d")]


@pytest.mark.parametrize(
    "line",
    [
        "Le trajet dure 1 h 30 min.",  # a duration in minutes
        "Il a dormi 9 heures.",  # a word, not the sign h
        "Le service est ouvert 24 h/24.",  # no hour 24
        "Il mesure 25 h 70.",  # no hour 25
        "Un 4x4 et une 14h30b.",  # inside a longer word
        # a time ago, a battery's life (fr-en wrote "il y a 2 h" "There are 2:00")
        "Dernière connexion : il y a 2 h",
        "Autonomie : 12 h, soit une autonomie de 10 h en vidéo.",
    ],
)
def test_what_is_not_a_clock_time_is_not_one(line):
    assert [s.text for s in SpanFinder().find(line) if s.kind == "time"] == []


@pytest.mark.parametrize(
    "line, time, english",
    [
        # de-en wrote "the 03.03.2024 ... 14.30 11", "9 clerk starts to the school"
        ("Das Treffen ist am 03.03.2024 um 14.30 Uhr.", "14.30 Uhr", "14:30"),
        ("Der Zug fährt um 14:30 Uhr ab.", "14:30 Uhr", "14:30"),
        ("Um 9 Uhr beginnt die Schule.", "9 Uhr", "9:00"),
        ("Um 8.15\u00a0Uhr.", "8.15\u00a0Uhr", "8:15"),
        ("Von 9 bis 17 Uhr geöffnet.", "17 Uhr", "17:00"),
    ],
)
def test_a_german_clock_time_with_uhr_is_an_english_24_hour_time(line, time, english):
    """Uhr names a clock time, never a duration (Stunden): the hour, its minutes after a colon
    or a full stop, and Uhr are one span, the time as English writes it."""
    found = [s for s in SpanFinder(language="de").find(line) if s.kind == "time"]
    assert [s.text for s in found] == [time]
    assert convert(time, "time", "de", "en") == english


@pytest.mark.parametrize(
    "line", ["Die Uhr zeigt 3 Uhrzeiten.", "Um 14 Uhr 30.", "Er kam um 25 Uhr.", "Es ist 14.30."]
)
def test_what_german_writes_otherwise_is_no_clock_time(line):
    assert [s.text for s in SpanFinder(language="de").find(line) if s.kind == "time"] == []


@pytest.mark.parametrize("source, target", [("fr", "de"), ("fr", "fr"), ("en", "fr"), ("fr", None)])
def test_a_clock_time_is_kept_as_written_for_any_other_pair(source, target):
    assert convert("14 h 30", "time", source, target) == "14 h 30"
    assert convert("9 h", "time", source, target) == "9 h"
    assert convert("9h-12h", "time", source, target) == "9h-12h"


@pytest.mark.parametrize(
    "language, line, expected",
    [
        (
            "fr",
            "Rendez-vous à 14 h 30 au 12 bis, le 1er, au XIXe, Maj+F10.",
            [
                ("time", "14 h 30"),
                ("address", "12 bis"),
                ("ordinal", "1er"),
                ("ordinal", "XIXe"),
                ("keys", "Maj+F10"),
            ],
        ),
        (
            "de",
            "Von 12 bis 14 Uhr, Strg+C und 16 GB.",
            [
                ("number", "12"),
                ("time", "14 Uhr"),
                ("keys", "Strg+C"),
                ("measure", "16 GB"),
            ],
        ),
        (
            "en",
            "At 14 h 30, the 21st and 16 Go.",  # 14 hours; no French time or data unit
            [
                ("measure", "14 h"),
                ("number", "30"),
                ("ordinal", "21st"),
                ("number", "16"),
            ],
        ),
        (
            None,
            "À 14 h 30, le 21st et Strg+C.",
            [
                ("time", "14 h 30"),
                ("ordinal", "21st"),
                ("keys", "Strg+C"),
            ],
        ),
    ],
)
def test_a_languages_own_conventions_are_read_for_that_source_language_only(
    language, line, expected
):
    found = SpanFinder(language=language).find(line)
    assert [(s.kind, s.text) for s in found] == expected


@pytest.mark.parametrize(
    "text, kind, target, written",
    [
        # a number after French's sign for one: English's No., German's Nr.; the number kept
        ("n° 123456", "numero", "en", "No. 123456"),
        ("N°12", "numero", "en", "No. 12"),
        ("nº\u00a0FA-2024-12", "numero", "de", "Nr. FA-2024-12"),
        ("n° 123456", "numero", "ja", "n° 123456"),
        # a service's hours: as English says them
        ("24h/24 et 7j/7", "always", "en", "24/7"),
        ("7j/7, 24h/24", "always", "en", "24/7"),
        ("24 h/24", "always", "en", "24 hours a day"),
        ("7j/7", "always", "en", "7 days a week"),
        ("365j/365", "always", "en", "365 days a year"),
        ("24h/24 et 7j/7", "always", "de", "24h/24 et 7j/7"),
    ],
)
def test_a_french_number_sign_and_a_services_hours_read_as_the_target_writes_them(
    text, kind, target, written
):
    assert convert(text, kind, "fr", target) == written


@pytest.mark.parametrize(
    "line, numero, target, written",
    [
        # de-en wrote "The waiter is walking the number 12345.", "A man with Nr.10 jersey"
        ("Die Bestellung Nr. 12345 ist unterwegs.", "Nr. 12345", "en", "No. 12345"),
        ("Ein Mann mit Trikot Nr.10 läuft.", "Nr.10", "en", "No. 10"),
        ("Haus Nr.\u00a05a", "Nr.\u00a05a", "fr", "n° 5a"),
    ],
)
def test_a_german_number_sign_reads_as_the_target_writes_it(line, numero, target, written):
    found = [s.text for s in SpanFinder(language="de").find(line) if s.kind == "numero"]
    assert found == [numero]
    assert convert(numero, "numero", "de", target) == written
    assert [s.kind for s in SpanFinder(language="de").find("Die Nr. eins.")] == []
