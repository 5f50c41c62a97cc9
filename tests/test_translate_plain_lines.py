"""`nmt translate -m fr-en` on plain lines, as users paste them: interface strings, prices,
sizes, commands. Every fact comes out as it went in, in its place among the words."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.inference.plurals import unmarked

# A sentence of ten spans or more (the model was taught the first reserved names only): each
# span once, in its order, and the words between them the sentence's
MANY = {
    "Remplacez %1 par %2, %3 par %4, %5 par %6, %7 par %8, %9 par %10 et %11 par %12.": (
        "%7 by %8, %9 by %10 and %11 by %12."
    ),
    "Les valeurs {0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9} et {10} sont invalides.": (
        "{7}, {8}, {9} and {10} are invalid."
    ),
    "Les ports 21, 22, 25, 53, 80, 110, 143, 443, 993, 995 et 3306 sont ouverts.": (
        "443, 993, 995 and 3306 are"
    ),
}


@pytest.mark.parametrize("split", ["--split", "--no-split"])
def test_a_sentence_of_many_spans_keeps_each_once_in_its_order(run_cli, split):
    for line, out in zip(MANY, translated_lines(run_cli, list(MANY), "-m", "fr-en", split)):
        spans = re.findall(r"%\d+|\{\d+\}|\b\d+\b", line)
        assert re.findall(r"%\d+|\{\d+\}|\b\d+\b", out) == spans, (line, out)
        assert MANY[line] in out, out


# Numbered placeholders a space apart (LibreOffice's strings): each one as it went in
NUMBERED = ["Remplacer %1 par %2 dans %3.", "%1 %2 %3 %4 %5 %6 %7 %8 %9 %10"]


def test_numbered_placeholders_a_space_apart_come_out_as_they_went_in(run_cli):
    for line, out in zip(NUMBERED, translated_lines(run_cli, NUMBERED, "-m", "fr-en")):
        assert re.findall(r"%\w+", out) == re.findall(r"%\w+", line), out
        assert not re.search(r"\d%|% \d", out), out


# A host and its port, two placeholders joined by a colon: together as written, in their order
# (fr-en wrote "serveur %s:%d" as "Setting %s connection: %d.", the pair torn apart)
HOSTS = [
    "Échec de la connexion au serveur %s:%d.",
    "Impossible de joindre le serveur %s:%d.",
    "%s : impossible de joindre %s:%d.",
]


def test_a_host_and_its_port_placeholders_stay_together(run_cli):
    for line, out in zip(HOSTS, translated_lines(run_cli, HOSTS, "-m", "fr-en")):
        assert re.findall(r"%s:%d|%[sd]", out) == re.findall(r"%s:%d|%[sd]", line), out


# A file name with its extension in capitals: the name whole (fr-en wrote "the README file")
FILES = {
    "Ouvrez le fichier README.TXT avant de commencer.": "README.TXT",
    "Lancez AUTOEXEC.BAT puis ouvrez IMG_0001.JPG.": "AUTOEXEC.BAT",
    "Double-cliquez sur Setup.EXE pour installer.": "Setup.EXE",
}


def test_a_file_name_with_an_extension_in_capitals_comes_out_whole(run_cli):
    for line, out in zip(FILES, translated_lines(run_cli, list(FILES), "-m", "fr-en")):
        assert re.findall(r"\w+\.[A-Z]+", out) == re.findall(r"\w+\.[A-Z]+", line), out
        assert FILES[line] in out, out


# A placeholder then a unit: the unit as English writes it, with the placeholder
SIZES = {
    "Taille : %1 Ko": "%1 kB",
    "Il reste %1 Mo sur le disque.": "%1 MB",
    "Téléchargement : %s Mo/s": "%s MB/s",
    "%1 Ko sur %2 Ko copiés": "%1 kB on %2 kB",
}


def test_a_placeholder_s_unit_is_written_as_english_writes_it(run_cli):
    for line, out in zip(SIZES, translated_lines(run_cli, list(SIZES), "-m", "fr-en")):
        assert SIZES[line] in out, (line, out)
        assert not re.search(r"\b[KMG]o\b", out), out


# A price of a month, a night, a unit: the price as English writes it, per the same thing
RATES = {
    "L'abonnement coûte 15 €/mois.": "€15/month",
    "Électricité : 0,20 €/kWh en heures creuses.": "€0.20/kWh",
    "La chambre est à 120 €/nuit, petit-déjeuner inclus.": "€120/night",
    "Le forfait passe de 9,99 €/mois à 12,99 €/mois.": "€9.99/month to €12.99/month",
    # three decimals: a price of a unit, not a thousand euros (fr-en: "€1,899/L")
    "Le prix du gazole atteint 1,899 €/L.": "€1.899/L",
    # the euro sign for a decimal mark, as French writes a price (fr-en kept "12€50")
    "Le menu est à 19€90/pers.": "€19.90/person",
}


def test_a_price_per_month_or_per_unit_keeps_what_it_is_a_price_of(run_cli):
    for line, out in zip(RATES, translated_lines(run_cli, list(RATES), "-m", "fr-en")):
        assert RATES[line] in out, (line, out)
        assert "mois" not in out and "nuit" not in out, out


def test_a_price_with_the_euro_sign_for_its_decimal_mark_reads_as_english_writes_it(run_cli):
    lines = ["Le prix passe de 12€50 à 15€.", "Un café coûte 2€20."]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "€12.50" in first and "€15" in first and "€2.20" in second, (first, second)


# A dose or a distance per day or per year: the measure and what it is of, as English writes them
DOSES = {
    "Ne pas dépasser 4 g/j.": "4 g/day",
    "Paracétamol : 500 mg/jour au maximum.": "500 mg/day",
    "Il roule 15 000 km/an.": "15,000 km/year",
    "Dose de 10 mg/kg/j.": "10 mg/kg/day",
    "Le Livret A rapporte 2,4 %/an.": "2.4%/year",  # fr-en: "2.4% /an"
    # a French day's symbol in a sentence: the word (fr-en: "14 j", French's symbol, then the
    # day's, "14 d"); a table's cell, "14 j" alone: "14 d"
    "Remboursement sous 14 j.": "14 days",
    "Livraison sous 1 j ouvré.": "1 business day",  # working time: working_time.py
    "14 j": "14 d",
    # a recipe's spoons (fr-en wrote "2 c. à soupe" "2%. keep", tablespoons a per cent)
    "Il faut 2 c. à soupe de sucre.": "2 tbsp",
    "Ajoutez 1 c. à café de sel.": "1 tsp",
}


def test_a_measure_per_day_keeps_what_it_is_a_measure_of(run_cli):
    """fr-en wrote "4 g/j" as "4 g /j" (the measure a span, "/j" left to the model)."""
    for line, out in zip(DOSES, translated_lines(run_cli, list(DOSES), "-m", "fr-en")):
        assert DOSES[line] in out, (line, out)


def test_a_delay_or_a_duration_in_brackets_is_no_clock_time(run_cli):
    """fr-en wrote "au bout de 3600 s (1 h)" as "3600 s (1:00)", "au bout de 6 h" "6:00"."""
    lines = ["Le jeton expire au bout de 3600 s (1 h).", "Renouveler au bout de 6 h si besoin."]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "(1 h)" in first and "6 h" in second and ":00" not in first + second


def test_a_range_of_opening_hours_reads_as_english_times(run_cli):
    """fr-en kept "9h-12h" as written (an identifier) where a single "9h" came out "9:00"."""
    lines = ["Les horaires : 9h-12h et 14h-18h.", "Accueil du lundi au vendredi, 8h30-17h."]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "9:00-12:00" in first and "14:00-18:00" in first, first
    assert "8:30-17:00" in second and "h" not in re.sub(r"[A-Za-z]{2,}", "", second), second


def test_a_time_ago_and_a_batterys_life_are_no_clock_times(run_cli):
    """fr-en wrote "il y a 2 h" (2 hours ago) as "There are 2:00", "autonomie de 10 h" "10:00"."""
    lines = ["Dernière connexion : il y a 2 h", "La batterie offre une autonomie de 10 h."]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "2 h" in first and "10 h" in second and ":00" not in first + second, (first, second)


def test_a_recipe_steps_duration_is_no_clock_time(run_cli):
    """fr-en wrote "Laissez reposer 2 h" as "Let's restart 2:00"."""
    (out,) = translated_lines(run_cli, ["Laissez reposer 2 h au réfrigérateur."], "-m", "fr-en")
    assert "2 h" in out and ":00" not in out, out


def test_hours_written_out_are_a_duration_or_a_time_as_the_sentence_says(run_cli):
    """fr-en wrote "dure 2 heures" as "2 o'clock", "en 48 heures" as "48 o'clock", "dans
    %{hours} heures" as "%{hours} o'clock" and "à 14 heures 30" as "at 14: 30"."""
    lines = {
        "Le film dure 2 heures.": "2 hours",
        "Livraison en 48 heures": "48 hours",
        "Le lien expire dans %{hours} heures.": "%{hours} hours",
        "Le train part à 14 heures 30.": "14:30",
    }
    for line, out in zip(lines, translated_lines(run_cli, list(lines), "-m", "fr-en")):
        assert lines[line] in out and "o'clock" not in out, (line, out)


def test_a_match_s_minute_keeps_its_mark(run_cli):
    """fr-en wrote "à la 12')" as "to 12 ')", the minute's mark split off."""
    (out,) = translated_lines(
        run_cli, ["Le PSG gagne 2-1 (but de Mbappé à la 12')."], "-m", "fr-en"
    )
    assert "12')" in out, out


def test_a_count_per_minute_keeps_its_minute(run_cli):
    """fr-en wrote "100 requêtes/min" as "100 query/mine"."""
    (out,) = translated_lines(run_cli, ["L'API est limitée à 100 requêtes/min."], "-m", "fr-en")
    assert "/min" in out and "mine" not in out, out


def test_a_stock_ticker_comes_out_as_written(run_cli):
    """fr-en wrote "Le titre LVMH (MC.PA)" as "(UPA)"."""
    (out,) = translated_lines(run_cli, ["Le titre LVMH (MC.PA) cède 2,1 %."], "-m", "fr-en")
    assert "(MC.PA)" in out, out


def test_a_bounds_sign_after_its_bracket_comes_out_as_written(run_cli):
    """fr-en wrote "(< 40 kg)" as "(40 kg)": less than 40 kg became 40 kg."""
    line = "Ne pas administrer aux enfants de moins de 12 ans (< 40 kg)."
    assert "(< 40 kg)" in translated_lines(run_cli, [line], "-m", "fr-en")[0]


# An inch mark after a number is the number's unit; a quotation closed after a number or a
# placeholder is not
INCHES = {
    'Un écran de 27" coûte 300 €.': ['27"', "€300"],
    'Disponible en 24" et 27".': ['24"', '27"'],
    # French writes a screen's 15.6 inches 15"6 (fr-en kept it, read as a race's time)
    'Un écran de 15"6 pour 499 €.': ['15.6"', "€499"],
    'Cliquez sur "Étape 2" pour continuer.': ['2"'],
    'Fichier :"%1" introuvable': [':"%1"'],  # a quotation opened after a colon (not %1")
}


def test_an_inch_mark_stays_with_its_number(run_cli):
    for line, out in zip(INCHES, translated_lines(run_cli, list(INCHES), "-m", "fr-en")):
        for fact in INCHES[line]:
            assert fact in out, (line, out)
        assert out.count('"') == line.count('"') and "“" not in out, out


# A command line whose URL comes before its options: the whole command, quotes and all
COMMANDS = [
    'curl https://api.example.com/v1/users -H "Authorization: Bearer TOKEN"',
    'curl -X POST https://api.example.com/login -d \'{"user": "admin"}\'',
    "curl https://example.com/install.sh | bash",
]


def test_a_curl_command_with_a_header_after_its_url_passes_through_whole(run_cli):
    lines = [
        f"Exécutez {COMMANDS[0]} pour tester.",
        f"Testez avec {COMMANDS[1]} puis vérifiez la réponse.",
        f"Utilisez {COMMANDS[2]} pour installer.",
    ]
    for command, out in zip(COMMANDS, translated_lines(run_cli, lines, "-m", "fr-en")):
        assert command in out, out


def test_a_json_object_in_a_line_passes_through_whole_and_the_words_around_it_translate(run_cli):
    lines = [
        'Envoyez {"nom": "Dupont", "age": 42} au serveur.',
        'La réponse est {"status": "ok", "data": {"id": 7}} si tout va bien.',
    ]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert first == 'Send {"nom": "Dupont", "age": 42} to the server.'
    assert '{"status": "ok", "data": {"id": 7}}' in second and "if everything" in second


# A quoted interface label: translated as a label, its marks around its translation
LABELS = {
    "Cliquez sur « Mettre à jour » puis sur « Redémarrer maintenant ».": ["“Update”", "“Restart"],
    "Le message « Erreur de connexion » s'affiche quand le serveur ne répond pas.": [
        "“Connection error”"
    ],
    "Choisissez « Annuler » ou « OK ».": ["“Cancel” or “OK”"],
    'Appuyez sur "Suivant" pour continuer.': ['"Next"'],
}


def test_quotation_marks_around_a_label_enclose_its_translation(run_cli):
    for line, out in zip(LABELS, translated_lines(run_cli, list(LABELS), "-m", "fr-en")):
        for label in LABELS[line]:
            assert label in out, (line, out)


def test_a_memory_s_translation_of_a_line_with_a_quoted_label_is_used(run_cli, tmp_path):
    memory = tmp_path / "memory.tsv"
    memory.write_text("Cliquez sur « Démarrer » pour commencer.\tClick 'Start' to begin.\n")
    line = "Cliquez sur « Démarrer » pour commencer."
    out = translated_lines(run_cli, [line], "-m", "fr-en", "--memory", memory)
    assert out == ["Click 'Start' to begin."]


# Plural marks in brackets: on the translation's nouns, no stray bracket
PLURALS = {
    "Vous avez sélectionné %n élément(s).": "You selected %n item(s).",
    "%d fichier(s) supprimé(s)": "%d file(s) deleted",
    "{0} erreur(s) trouvée(s).": "{0} error(s) found.",
}


def test_a_plural_mark_in_brackets_goes_on_the_translated_noun(run_cli):
    for line, out in zip(PLURALS, translated_lines(run_cli, list(PLURALS), "-m", "fr-en")):
        assert out == PLURALS[line], (line, out)


def test_a_plural_mark_is_read_only_on_a_word_the_model_knows_and_outside_spans():
    known = {"éléments", "sélectionnés", "les"}
    assert unmarked("Le(s) élément(s) sélectionné(s)", known | {"le"}) == (
        "Les éléments sélectionnés",
        {0, 1, 2},
    )
    assert unmarked("La fonction len(s) renvoie 3.", known) is None  # code: "lens"
    assert unmarked("Voir élément(s) et `f(es)`", known | {"fes"}, [(19, 26)]) == (
        "Voir éléments et `f(es)`",
        {1},
    )


def test_a_street_address_comes_out_as_written(run_cli):
    """fr-en wrote "12 rue de la Paix" as "12 laughing of Paix"."""
    lines = ["Rendez-vous au 12 rue de la Paix, 75002 Paris.", "Il habite 5, avenue Foch."]
    first, second = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "12 rue de la Paix, 75002 Paris." in first
    assert "5, avenue Foch." in second


def test_a_french_distance_with_a_decimal_comma_reads_as_a_decimal(run_cli):
    """ "42,195 km" came out as written: 42 thousand km to an English reader."""
    (out,) = translated_lines(run_cli, ["Il a couru 42,195 km en 3 h 12 min."], "-m", "fr-en")
    assert "42.195 km" in out and "42,195" not in out


def test_a_setting_and_a_function_call_in_prose_pass_through_as_written(run_cli):
    """fr-en wrote "the day key: 30" and "Preple up(x)"."""
    lines = [
        "Le fichier config.yaml contient la clé timeout: 30.",
        "Appelez print(x) pour afficher.",
    ]
    setting, call = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "timeout: 30" in setting
    assert "print(x)" in call and "display" in call


def test_a_question_mark_glued_to_a_help_menus_word_keeps_the_word(run_cli):
    """fr-en wrote ``?Aide`` (a Help menu's label) as "?", the word lost."""
    assert translated_lines(run_cli, ["?Aide"], "-m", "fr-en") == ["?Help"]


def test_a_list_items_marker_comes_back_as_written_before_its_translation(run_cli):
    """fr-en wrote ``a) Première option`` "A) first option" and ``i) Ouvrez le fichier`` ") Open
    the file", the marker changed or lost; one inside the line stays too."""
    lines = ["a) Première option.", "i) Ouvrez le fichier.", "(b) Fermez-le ; ii) relancez."]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert out[0].startswith("a) ") and out[1].startswith("i) ") and out[2].startswith("(b) ")
    assert " ii) " in out[2], out
    [aligned] = translated_lines(run_cli, lines[:1], "-m", "fr-en", "--align")
    assert aligned.split(" ||| ")[1].split()[0] == "0-0"  # the marker, linked to itself


def test_a_bullet_a_dash_and_a_heading_s_marks_come_back_before_the_translation(run_cli):
    """fr-en wrote ``- Bonjour.`` "- never.", ``- Ouvrez le fichier`` without its dash and
    ``# Installation rapide`` "# P rapid Installation"."""
    lines = ["- Bonjour.", "- Ouvrez le fichier.", "• Fermez-le.", "## Installation rapide"]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert [x.split(" ")[0] for x in out] == ["-", "-", "•", "##"], out
    assert "never" not in out[0] and "Open" in out[1] and "rapid" not in out[3], out


# French's sign for a number, a service's hours, a code's prefix, a licence key: as English
# writes them
SIGNS = {
    # fr-en wrote "Command Next 123456 running.", n° read as a word
    "Commande n° 123456 expédiée.": "No. 123456",
    "Votre dossier N°FA-2024-12 est complet.": "No. FA-2024-12",
    # fr-en kept "24h/24 and 7j/7"
    "Ouvert 24h/24 et 7j/7.": "24/7",
    "Service client disponible 24h/24.": "24 hours a day",
    # fr-en wrote "starting with sky.", "begin by the sheet or fixed."
    "La clé API commence par sk-.": "sk-.",
    "Les noms de branche doivent commencer par feature- ou fix-.": "feature- or fix-",
    # a code to type, its groups as written (fr-en wrote "482,913", a number of thousands)
    "Votre code de vérification est 482 913.": "482 913",
    # a licence key in capitals (fr-en wrote "ABCD-EFH-IKJK-MNOP")
    "Clé de licence : ABCD-EFGH-IJKL-MNOP": "ABCD-EFGH-IJKL-MNOP",
}


def test_a_number_sign_a_services_hours_and_a_codes_prefix_read_as_english_writes_them(run_cli):
    for line, out in zip(SIGNS, translated_lines(run_cli, list(SIGNS), "-m", "fr-en")):
        assert SIGNS[line] in out, (line, out)
        assert not re.search(r"n°|h/24|j/7", out), out


def test_a_guillemet_or_an_arrow_pointing_on_or_back_stays_beside_the_translated_words(run_cli):
    """A blog's "read more" and a pager's links: read as a quotation's mark, the model wrote
    "Lire la suite »" "Leave Continue'" and "« Retour" "'Do Return"."""
    lines = ["Lire la suite »", "« Retour", "Suivant ›", "Continuer →"]
    words = ["Lire la suite", "Retour", "Suivant", "Continuer"]
    out = translated_lines(run_cli, lines + words, "-m", "fr-en")
    alone = out[len(lines) :]
    assert out[: len(lines)] == [f"{alone[0]} »", f"« {alone[1]}", f"{alone[2]} ›", f"{alone[3]} →"]


def test_a_quotation_is_not_taken_for_an_arrow():
    from nmt_cli.inference.aside import arrowed

    for line in ("« Oui »", "Il a dit « oui » »", "Le mot » et « là", "Suite"):
        assert arrowed(line) is None, line
