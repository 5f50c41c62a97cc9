"""A first name the source surely holds as a person's stays in the translation as written
(nmt_cli/inference/sure_first_names.py)."""

from __future__ import annotations

from conftest import translated_lines

from nmt_cli.inference.names import first_names_lost
from nmt_cli.inference.sure_first_names import sure_first_names

pytest_plugins = ["model_fixtures"]

NAMES = {"Jean", "François", "Pierre", "Marie", "Claire", "Agence", "Europe", "Il", "Tel", "Lis"}


def _names(line: str) -> list[str]:
    return [name for _, _, name in sure_first_names(line, NAMES)]


def test_a_first_name_after_a_greeting_or_a_comma_is_surely_a_person_s():
    assert _names("Merci Jean, à demain.") == ["Jean"]
    assert _names("Bonjour Marie !") == ["Marie"]
    assert _names("Merci beaucoup, Claire.") == ["Claire"]


def test_a_first_name_starting_a_sentence_before_a_verb_is_surely_a_person_s():
    assert _names("François est arrivé.") == ["François"]
    assert _names("Oui. Pierre a mangé.") == ["Pierre"]
    assert _names("Claire s'en va.") == ["Claire"]


def test_a_first_name_starting_a_sentence_before_and_another_first_name_is_a_person_s():
    """fr-en wrote ``Pierre et Marie sont arrivés.`` "Paper and Marie arrived."."""
    assert _names("Pierre et Marie sont arrivés.") == ["Pierre"]
    assert _names("Pierre et moi sommes arrivés.") == []


def test_a_word_of_the_table_elsewhere_is_not_surely_a_first_name():
    assert _names("L'Agence européenne a publié son rapport.") == []
    assert _names("Merci Jean Dupont.") == []
    assert _names("Europe sociale et Europe économique.") == []
    assert _names("Il est là. Tel est le cas.") == []  # a pronoun, a determiner
    assert _names("Lis l'article.") == []  # a verb


def test_a_first_name_the_translation_lacks_as_written_is_lost():
    lost = first_names_lost("Merci Jean, à demain.", "Thank you for tomorrow.", NAMES)
    assert lost == {"Jean"}
    assert first_names_lost("François est arrivé.", "French arrived.", NAMES) == {"François"}
    assert first_names_lost("François est arrivé.", "François arrived.", NAMES) == set()


def test_translate_keeps_a_first_name_the_model_dropped_or_translated(run_cli):
    """fr-en wrote "Thank you for tomorrow.", "French arrived.", "Paper ate an apple." (it knows
    "pierre", a stone, yet no article stands before it: a person's name)."""
    lines = ["Merci Jean, à demain.", "François est arrivé.", "Pierre a mangé une pomme."]
    jean, francois, pierre = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "Jean" in jean, jean
    assert francois.startswith("François "), francois
    assert pierre.startswith("Pierre "), pierre
