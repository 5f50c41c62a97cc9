"""Facts written in French prose that are names or code, found as spans of their own
(spans.py): a street address, a setting, a function call, a short number, a product."""

from __future__ import annotations

import pytest

from nmt_cli.protect.code import untaught_calls
from nmt_cli.protect.spans import SpanFinder

FRENCH = SpanFinder(language="fr")


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FRENCH.find(line)]


@pytest.mark.parametrize(
    "line, address",
    [
        ("Rendez-vous au 12 rue de la Paix, 75002 Paris.", "12 rue de la Paix"),
        ("Il habite 5, avenue des Champs-Élysées.", "5, avenue des Champs-Élysées"),
        ("Au 10 place de l'Hôtel de Ville à Lyon.", "10 place de l'Hôtel de Ville"),
        ("Livrez au 3 bis bd Voltaire.", "3 bis bd Voltaire"),
        ("Écrivez au 7 Rue du Faubourg Saint-Honoré.", "7 Rue du Faubourg Saint-Honoré"),
    ],
)
def test_a_french_street_address_is_a_name_kept_whole(line, address):
    """fr-en wrote "12 rue de la Paix" as "12 laughing of Paix"."""
    assert ("address", address) in spans(line)


@pytest.mark.parametrize(
    "line, address",
    [
        ("Rendez-vous au 4 rue Victor Hugo Le matin, nous partirons.", "4 rue Victor Hugo"),
        ("Le bureau est au 8 avenue Jean Jaurès Il ouvre à 9 h.", "8 avenue Jean Jaurès"),
        ("Il habite au 12 rue de La Boétie depuis 2010.", "12 rue de La Boétie"),
        ("Au 12 rue La Fayette Les bureaux ferment.", "12 rue La Fayette"),
    ],
)
def test_a_sentence_that_starts_with_a_function_word_ends_the_street_s_name(line, address):
    """With no punctuation after it, ``4 rue Victor Hugo Le matin`` was one span, "Le" the
    name's; after a link word (``de La Boétie``) or first (``La Fayette``) it is the name's."""
    assert ("address", address) in spans(line)


@pytest.mark.parametrize(
    "line",
    [
        "Il suit les 5 cours de Français du lycée.",  # lessons, counted
        "Il reste 12 places de Parking.",
        "Avant 70 av. J.-C., la ville était grecque.",  # avant, not avenue
        "Au 12 rue de la paix, sans capitale.",
    ],
)
def test_what_is_no_street_address_is_not_one(line):
    assert all(kind != "address" for kind, _ in spans(line))


@pytest.mark.parametrize(
    "line, setting",
    [
        ("Le fichier config.yaml contient la clé timeout: 30.", "timeout: 30"),
        ("Réglez le paramètre max_retries : 5 puis relancez.", "max_retries : 5"),
        ("Le champ debug: true active les traces.", "debug: true"),
        ('La clé name: "Dupont" est requise.', 'name: "Dupont"'),
    ],
)
def test_a_key_and_its_value_named_a_key_in_prose_is_code(line, setting):
    """fr-en wrote ``la clé timeout: 30`` as "the day key: 30"."""
    assert ("setting", setting) in spans(line)


@pytest.mark.parametrize(
    "line",
    ["La clé de voûte: 30 ans.", "Remarque : 30 personnes sont venues.", "Option rapide: oui"],
)
def test_a_colon_in_prose_is_no_setting(line):
    assert all(kind != "setting" for kind, _ in spans(line))


KNOWN = {"niveau", "fichier", "élément", "max", "le", "appelez", "pour", "afficher"}


def test_a_call_of_a_function_the_model_knows_no_word_for_is_code():
    """fr-en wrote ``Appelez print(x) pour afficher.`` as "Preple up(x) to display."."""
    line = "Appelez print(x) pour afficher, ou round(v, 2)."
    assert [line[a:b] for a, b in untaught_calls(line, KNOWN)] == ["print(x)", "round(v, 2)"]


@pytest.mark.parametrize(
    "line",
    ["Le(s) niveau(x) du fichier(s)", "Voir max(x).", "Les widget(s) et gadget(es) chargés"],
)
def test_a_plural_mark_or_a_known_word_in_brackets_is_no_call(line):
    assert untaught_calls(line, KNOWN) == []


def test_a_number_to_text_or_dial_is_kept_as_written_and_a_count_is_not():
    """fr-en wrote ``SMS au 36 179`` as "36,179", a number of thousands."""
    assert ("phone", "36 179") in spans("Envoyez un SMS au 36 179")
    assert ("phone", "3 15 20") in spans("Composez le 3 15 20 pour joindre le service.")
    assert ("number", "36 179") in spans("Il y a 36 179 habitants.")


def test_a_code_to_type_is_kept_as_written_and_an_amount_is_not():
    """fr-en wrote ``Votre code de vérification est 482 913`` as "482,913"."""
    assert ("phone", "482 913") in spans("Votre code de vérification est 482 913.")
    assert ("phone", "123 456") in spans("Votre code : 123 456")
    assert ("amount", "482 913 €") in spans("Le budget est 482 913 €.")
