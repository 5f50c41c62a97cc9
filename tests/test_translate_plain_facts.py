"""`nmt translate -m fr-en` on the plain lines of shops, bookings and apps: emoji stay where
they stood among the sentences, and durations, prices and opening days read as English writes
them (protect/, inference/emoji.py)."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.inference.emoji import peeled, regrouped
from nmt_cli.inference.sentences import SentenceSplitter
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder


@pytest.mark.parametrize(
    "line, sentences",
    [
        ("Merci ! 😊 À bientôt 👋", ["Merci ! 😊", "À bientôt 👋"]),
        ("Colis expédié. 📦🚚 Livraison demain.", ["Colis expédié. 📦🚚", "Livraison demain."]),
        ("Bravo ! 🎉", ["Bravo ! 🎉"]),
        # the emoji of other blocks of signs, and a sign shown as emoji by its selector (U+FE0F)
        ("Fini ! ⏳ Encore un peu.", ["Fini ! ⏳", "Encore un peu."]),
        ("Merci ! ▶️ À bientôt", ["Merci ! ▶️", "À bientôt"]),
        ("Chapitre 1. ▶ Suite", ["Chapitre 1.", "▶ Suite"]),  # ▶ alone: a sign, no emoji
    ],
)
def test_an_emoji_between_two_sentences_ends_the_first(line, sentences):
    assert SentenceSplitter("fr").split(line) == sentences


def test_a_masked_line_s_emoji_placeholders_are_read_as_emoji():
    line = "Merci ! <ph0> À bientôt <ph1>"
    assert regrouped(line, ["Merci !", "<ph0> À bientôt <ph1>"], {"<ph0>", "<ph1>"}) == [
        "Merci ! <ph0>",
        "À bientôt <ph1>",
    ]
    assert peeled("À bientôt <ph1>", {"<ph1>"}) == ("À bientôt", " <ph1>")
    assert peeled("<ph1>", {"<ph1>"}) == ("<ph1>", "")  # nothing else: the model's
    assert peeled("J'adore <ph0> Paris", {"<ph0>"}) == ("J'adore <ph0> Paris", "")


def test_emoji_before_a_sentence_s_end_mark_are_its_trailing_ones():
    assert peeled("J'adore ce resto <ph0> !", {"<ph0>"}) == ("J'adore ce resto !", " <ph0>")
    assert peeled("Génial 😍😍 !!", ()) == ("Génial !!", " 😍😍")
    assert peeled("<ph0> !", {"<ph0>"}) == ("<ph0> !", "")  # nothing else: the model's


def test_an_emoji_glued_to_a_sentence_s_end_mark_is_one_of_its_trailing_ones():
    assert peeled("À bientôt <ph0>.", {"<ph0>"}) == ("À bientôt.", " <ph0>")
    assert peeled("Merci 😊 👋!", ()) == ("Merci!", " 😊 👋")
    assert peeled("<ph0>.", {"<ph0>"}) == ("<ph0>.", "")  # nothing else: the model's
    assert peeled("Merci.", ()) == ("Merci.", "")


def test_an_emoji_glued_to_the_full_stop_leaves_one_full_stop(run_cli):
    """fr-en wrote ``À bientôt 👋.`` as "Soon. 👋.": the full stop doubled."""
    (out,) = translated_lines(run_cli, ["À bientôt 👋."], "-m", "fr-en")
    assert out.endswith(" 👋.") and out.count(".") == 1, out


def test_an_emoji_before_an_exclamation_mark_keeps_the_mark(run_cli):
    """fr-en wrote ``J'adore ce resto 😍 !`` as "I love this rest 😍.": the "!" lost."""
    (out,) = translated_lines(run_cli, ["J'adore ce resto 😍 !"], "-m", "fr-en")
    assert out.endswith(" 😍!"), out


def test_an_emoji_stays_after_the_words_it_followed(run_cli):
    """fr-en wrote "Merci ! 😊 À bientôt 👋" as "Thank you. To 😊 👋 soon", and "Merci ! ⏰ À
    bientôt ⌚" as "Thank you. To soon ⏰ ⌚" (emoji of the blocks of signs, read as none)."""
    lines = [
        "Merci ! 😊 À bientôt 👋",
        "Votre commande est prête ! 🎉 Venez la chercher 🛍️",
        "Merci ! ⏰ À bientôt ⌚",
    ]
    for line, out in zip(lines, translated_lines(run_cli, lines, "-m", "fr-en")):
        first, last = re.findall(r"[^\w\s.!,']+", line)
        assert re.fullmatch(rf"\w[^{first}{last}]*[.!] {first} \w[^{first}{last}]* {last}", out), (
            line,
            out,
        )


FRENCH = SpanFinder(language="fr")


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FRENCH.find(line)]


def test_a_price_with_the_euro_sign_between_spaces_for_its_decimal_mark_is_one_amount():
    assert spans("Le ticket coûte 2 € 10.") == [("amount", "2 € 10")]
    assert convert("2 € 10", "amount", "fr", "en") == "€2.10"
    # a count or another amount after the euros: not their cents
    assert ("amount", "5 €") in spans("Payez 5 € 10 fois.")
    assert ("amount", "12 €") in spans("12 € 50 000 habitants")
    assert spans("De 2 € 10 €") == [("amount", "2 €"), ("amount", "10 €")]


@pytest.mark.parametrize(
    "line, kind, text, english",
    [
        ("Le film dure 2h15.", "duration", "2h15", "2 hr 15 min"),
        ("Temps de trajet : 1h30.", "duration", "1h30", "1 hr 30 min"),
        ("Le cours dure 2 h.", "duration", "2 h", "2 hours"),
        ("Pendant 1 h.", "duration", "1 h", "1 hour"),
        ("Dernière connexion : il y a 2 h", "ago", "il y a 2 h", "2 hours ago"),
        ("Publié il y a 5 min.", "ago", "il y a 5 min", "5 minutes ago"),
        ("Il est parti il y a 1 h 30.", "ago", "il y a 1 h 30", "1 hr 30 min ago"),
        ("Rendez-vous à 14h30.", "time", "14h30", "14:30"),  # a clock time
    ],
)
def test_a_duration_written_as_a_clock_time_reads_as_english_says_a_duration(
    line, kind, text, english
):
    assert spans(line) == [(kind, text)]
    assert convert(text, kind, "fr", "en") == english


@pytest.mark.parametrize(
    "line, text, english",
    [
        # what follows says it is a delay, a journey's time (fr-en wrote "2:00 late", "2:42")
        ("Le train a 2 h de retard.", "2 h", "2 hours"),
        ("Départ 8h05, arrivée 10h47 (2h42 de trajet).", "2h42", "2 hr 42 min"),
        ("Paris est à 3 h de route.", "3 h", "3 hours"),
        ("Il travaille 8 h par jour.", "8 h", "8 hours"),
        # a time taken, a battery's, a night's (fr-en wrote "tient 10 h" "10:00", "dormi 8 h"
        # "slept 8:00")
        ("Le trajet prend 2 h en voiture.", "2 h", "2 hours"),
        ("La batterie tient 10 h en lecture vidéo.", "10 h", "10 hours"),
        ("Il a dormi 8 h cette nuit.", "8 h", "8 hours"),
        ("J'ai travaillé 10 h hier.", "10 h", "10 hours"),
        ("La mise à jour a pris 2 h 30.", "2 h 30", "2 hr 30 min"),
        # hours no clock has, after the words of a duration: as 12 h is (fr-en kept "48 h")
        ("Livraison en 48 h.", "48 h", "48 hours"),
        ("Réponse sous 72 h.", "72 h", "72 hours"),
        ("Le train a 25 h de retard.", "25 h", "25 hours"),
        # hours and minutes written out: as 1h30 after a duration's words (fr-en kept them)
        ("Le film dure 1 h 30 min.", "1 h 30 min", "1 hr 30 min"),
        ("Pause de 1h30min.", "1h30min", "1 hr 30 min"),
        ("Trajet : 3 h 5 min", "3 h 5 min", "3 hr 5 min"),
    ],
)
def test_a_delay_a_long_time_and_hours_with_minutes_are_durations(line, text, english):
    assert ("duration", text) in spans(line)
    assert convert(text, "duration", "fr", "en") == english


@pytest.mark.parametrize(
    "line, found",
    [
        ("Départ 8h05, arrivée 10h47.", [("time", "8h05"), ("time", "10h47")]),
        ("Rendez-vous à 8 h du matin.", [("time", "8 h")]),
        ("Il prend le train de 8 h.", [("time", "8 h")]),
        ("Ouvert 24 h sur 24.", [("measure", "24 h"), ("number", "24")]),
        ("Le jeton expire au bout de 3600 s (1 h).", [("measure", "3600 s"), ("measure", "1 h")]),
        ("Stockage : 48 h", [("measure", "48 h")]),
    ],
)
def test_a_clock_time_or_a_measure_of_hours_elsewhere_stays_one(line, found):
    assert spans(line) == found


def test_a_delay_a_journey_and_a_delivery_time_read_as_english_durations(run_cli):
    """fr-en wrote "2 h de retard" "2:00 late", "(2h42 de trajet)" "(2:42 ...)", "en 48 h"
    "in 48 h" (and "en 12 h" "12 hours"), "dure 1 h 30 min" kept as written."""
    lines = {
        "Le train a 2 h de retard.": "2 hours",
        "Départ 8h05, arrivée 10h47 (2h42 de trajet).": "2 hr 42 min",
        "Livraison en 48 h.": "48 hours",
        "Le film dure 1 h 30 min.": "1 hr 30 min",
    }
    for line, out in zip(lines, translated_lines(run_cli, list(lines), "-m", "fr-en")):
        assert lines[line] in out, (line, out)
        assert "2:00" not in out and "2:42" not in out and "48 h." not in out, out


@pytest.mark.parametrize(
    "line",
    [
        "Il y a 2 h de route.",
        "Il y a 2 h d'attente.",  # was "2 hours ago waiting"
        "Il y a 3 j d’attente au guichet.",
        "Il y a 5 min qu'il attend.",
        "Il y a 5 min que j'attends.",
    ],
)
def test_there_is_no_time_ago_where_il_y_a_says_what_there_is(line):
    assert all(kind != "ago" for kind, _ in spans(line)), spans(line)
    assert ("ago", "il y a 2 h") in spans("Publié il y a 2 h.")
    assert ("measure", "1 h") in spans("Le jeton expire au bout de 3600 s (1 h).")


@pytest.mark.parametrize(
    "line, text, english",
    [
        ("Publié il y a 2 heures", "il y a 2 heures", "2 hours ago"),
        ("Il y a 1 heure", "Il y a 1 heure", "1 hour ago"),
        ("Mis à jour il y a 5 minutes.", "il y a 5 minutes", "5 minutes ago"),
        ("Il y a 3 jours", "Il y a 3 jours", "3 days ago"),
        ("Envoyé il y a 30 secondes", "il y a 30 secondes", "30 seconds ago"),
    ],
)
def test_a_time_ago_with_its_unit_written_out_reads_as_english_says_it(line, text, english):
    assert spans(line) == [("ago", text)]
    assert convert(text, "ago", "fr", "en") == english
    assert all(kind != "ago" for kind, _ in spans("Il y a 2 heures de route."))
    assert all(kind != "ago" for kind, _ in spans("Il y a 3 jours que j'attends."))


@pytest.mark.parametrize(
    "line, english, german",
    [
        ("Il y a 3 mois", "3 months ago", "vor 3 Monaten"),
        ("Il y a 1 mois", "1 month ago", "vor 1 Monat"),
        ("Publié il y a 2 semaines", "2 weeks ago", "vor 2 Wochen"),
        ("Il y a 1 an", "1 year ago", "vor 1 Jahr"),
        ("Il y a 5 ans, j'habitais ici.", "5 years ago", "vor 5 Jahren"),
    ],
)
def test_a_time_ago_in_weeks_months_or_years_reads_as_the_target_says_it(line, english, german):
    """fr-en wrote "Il y a 3 mois" "There are 3 months", "Il y a 1 an" "There is 1 year ago"."""
    ((kind, text),) = spans(line)
    assert kind == "ago"
    assert convert(text, "ago", "fr", "en") == english
    assert convert(text, "ago", "fr", "de") == german
    assert all(kind != "ago" for kind, _ in spans("Il y a 2 ans que j'habite ici."))


@pytest.mark.parametrize(
    "line, text, english, german",
    [
        ("Il y a 2 ans que j'habite ici.", "Il y a 2 ans que", "For 2 years", "Seit 2 Jahren"),
        ("Il y a 5 min qu'il attend.", "Il y a 5 min qu'", "For 5 minutes", "Seit 5 Minuten"),
        ("il y a 3 jours que", "il y a 3 jours que", "for 3 days", "seit 3 Tagen"),
        ("Il y a %d jours que rien.", "Il y a %d jours que", "For %d days", "Seit %d Tagen"),
    ],
)
def test_a_time_since_reads_as_a_duration_not_a_time_ago(line, text, english, german):
    """``il y a 2 ans que`` is how long something has gone on: fr-en wrote "There are 2 years"
    and "There was 2 years ago that" (a time ago)."""
    ((kind, found), *_) = spans(line)
    assert (kind, found) == ("duration", text)
    assert convert(text, "duration", "fr", "en") == english
    assert convert(text, "duration", "fr", "de") == german


def test_translate_says_how_long_since_and_keeps_the_clause_whole(run_cli):
    """The clause after ``que`` and ``qu'`` is set off by a comma and keeps its subject and its
    article (without it fr-en wrote "For 2 years works here", "For 2 years application")."""
    lines = {
        "Il y a 2 ans que je travaille ici.": "For 2 years, I ",
        "Il y a 2 ans qu'il travaille ici.": "For 2 years, he ",
        "Il y a 2 h que le serveur ne répond plus.": "For 2 hours, ",
        "Il y a 2 ans que l'application n'a pas été mise à jour.": "For 2 years, the application",
    }
    for line, out in zip(lines, translated_lines(run_cli, list(lines), "-m", "fr-en")):
        assert out.startswith(lines[line]), (line, out)
        assert "ago" not in out and "There" not in out, out


def test_translate_says_a_time_ago_with_its_unit_written_out(run_cli):
    """fr-en wrote "Il y a 2 heures" "There is 2 o'clock", "Il y a 1 heure" "There are 1
    hours", "Mis à jour il y a 5 minutes." "Take 5 minutes."."""
    lines = {
        "Il y a 2 heures": "2 hours ago",
        "Il y a 1 heure": "1 hour ago",
        "Mis à jour il y a 5 minutes.": "5 minutes ago",
        "Il y a 3 mois": "3 months ago",
        "Il y a 2 semaines": "2 weeks ago",
        "Il y a 1 an": "1 year ago",
    }
    for line, out in zip(lines, translated_lines(run_cli, list(lines), "-m", "fr-en")):
        assert lines[line] in out, (line, out)


@pytest.mark.parametrize(
    "line, text, english",
    [
        ("Ouvert 7/7 de 8h à 22h.", "7/7", "7 days a week"),
        ("Nous sommes ouverts 7/7.", "7/7", "7 days a week"),
        ("Service client joignable 24/24.", "24/24", "24 hours a day"),
        ("Magasin ouvert 7/7 et 24/24.", "7/7 et 24/24", "24/7"),
    ],
)
def test_a_service_open_7_7_is_open_every_day(line, text, english):
    assert ("always", text) in spans(line)
    assert convert(text, "always", "fr", "en") == english


@pytest.mark.parametrize("line", ["Il a eu 7/7 au test.", "Score : 7/7"])
def test_7_7_elsewhere_is_a_score_kept_as_written(line):
    assert spans(line) == [("identifier", "7/7")]


def test_durations_prices_and_opening_days_read_as_english_writes_them(run_cli):
    """fr-en wrote "2 € 10" "€2 10", "dure 2h15" "2h15", "il y a 2 h" "There are 2 h",
    "Ouvert 7/7" "Overt 7/7"."""
    lines = {
        "Le ticket coûte 2 € 10.": "€2.10",
        "Le film dure 2h15.": "2 hr 15 min",
        "Temps de trajet : 1h30.": "1 hr 30 min",
        "Dernière connexion : il y a 2 h": "2 hours ago",
        "Ouvert 7/7 de 8h à 22h.": "7 days a week",
    }
    for line, out in zip(lines, translated_lines(run_cli, list(lines), "-m", "fr-en")):
        assert lines[line] in out, (line, out)
        assert "There are" not in out and "7/7" not in out, out


def test_a_decimal_count_with_its_scale_glued_is_one_number_in_english_writing():
    """fr-en wrote ``1,2k étoiles`` as "1,2k steps": the decimal comma cut it in two
    identifiers that passed through as written."""
    assert [(s.kind, s.text) for s in FRENCH.find("Il compte 1,2k étoiles.")] == [
        ("number", "1,2k")
    ]
    assert convert("1,2k", "number", "fr", "en") == "1.2k"
    assert convert("3,4M", "number", "fr", "en") == "3.4M"


def test_translate_writes_a_scaled_count_s_decimal_point(run_cli):
    (out,) = translated_lines(run_cli, ["La vidéo a 3,4M de vues."], "-m", "fr-en")
    assert "3.4M" in out and "3,4M" not in out, out
