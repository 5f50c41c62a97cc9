"""Plain lines of `nmt translate` (the shipped fr-en): the facts a line holds come out of it
as it holds them, and the protection reads each sign as the line means it."""

from __future__ import annotations

import pytest
from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder

FIND = SpanFinder(language="fr")


def kinds(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FIND.find(line)]


@pytest.mark.parametrize(
    "line",
    ["Attention : *il fait froid.* Couvrez-vous.", "*Il fait froid.*", "**Important.** Lisez."],
)
def test_a_full_stop_inside_emphasis_is_no_regular_expression(line):
    assert [k for k, _ in kinds(line)] == []


def test_a_wildcard_run_outside_emphasis_is_still_a_regular_expression():
    assert kinds("Le motif i18n.* trouve les clés.") == [("regex", "i18n.*")]


def test_a_sentence_in_emphasis_inside_a_line_is_translated_in_its_marks(run_cli):
    (out,) = translated_lines(run_cli, ["Attention : *il fait froid.* Couvrez-vous."])
    assert "*" + "froid" not in out and "froid.*" not in out
    assert out.count("*") == 2 and "cold.*" in out


@pytest.mark.parametrize(
    "line, found",
    [
        ("La fonction accepte **kwargs comme arguments.", [("splat", "**kwargs")]),
        ("def f(*args, **kwargs):", [("splat", "*args"), ("splat", "**kwargs")]),
        ("Le texte en **gras** et en *italique*.", []),  # emphasis: its marks are closed
    ],
)
def test_python_packed_arguments_pass_through_with_their_stars(line, found):
    assert kinds(line) == found


def test_kwargs_keeps_both_stars_and_its_name(run_cli):
    (out,) = translated_lines(run_cli, ["La fonction accepte **kwargs comme arguments."])
    assert " **kwargs " in out


@pytest.mark.parametrize(
    "line", ["**Important.** Lisez la notice.", "Le **mot de passe** est requis.", "**gras**"]
)
def test_two_stars_that_a_later_two_close_are_emphasis_not_packed_arguments(line):
    assert [k for k, _ in kinds(line)] == []


@pytest.mark.parametrize(
    "line, word",
    [
        ("Ajoutez-le au groupe « admins ».", "“admins”"),
        ("Le rôle « admins » donne tous les droits.", "“admins”"),
        ("« admins »", "“admins”"),
        ("Les « admins » peuvent modifier ce réglage.", "“admins”"),  # was "“admits”"
        ("Seuls vos « modos » voient ce message.", "“modos”"),
    ],
)
def test_an_untaught_word_quoted_as_a_name_comes_out_as_written(run_cli, line, word):
    (out,) = translated_lines(run_cli, [line])
    assert word in out


def test_a_word_prose_quotes_after_no_determiner_is_the_models_to_translate():
    from nmt_cli.protect.names import untaught_quoted

    line = 'Un rythme "cosmique" et des matelas qui se "réchauffent".'
    assert untaught_quoted(line, set()) == []
    assert untaught_quoted("Les « admins » peuvent le modifier.", set()) == [(4, 14)]


@pytest.mark.parametrize("line", ["Installez nmt-cli avec pip.", "Le paquet nmt-cli est installé."])
def test_a_program_name_of_hyphenated_untaught_parts_comes_out_as_written(run_cli, line):
    (out,) = translated_lines(run_cli, [line])
    assert " nmt-cli " in out


def test_a_hyphenated_word_of_english_words_is_the_models_to_translate():
    from nmt_cli.inference.translator import Translator
    from nmt_cli.protect.names import untaught_hyphenated

    bundle = Translator.load().loaded.bundle
    line = "Un restaurant fast-food et nmt-cli."
    found = untaught_hyphenated(line, bundle.known_words, bundle.target_words)
    assert [line[a:b] for a, b in found] == ["nmt-cli"]


@pytest.mark.parametrize(
    "line, days",
    [
        ("Ouvert lun.-ven. de 9 h à 18 h.", "Mon.-Fri."),
        ("Horaires : lundi-vendredi 9h-18h", "Monday-Friday"),
        ("Support : Lun-Sam, 8h-20h.", "Mon-Sat"),
    ],
)
def test_a_range_of_weekdays_comes_out_named_in_english(run_cli, line, days):
    (out,) = translated_lines(run_cli, [line])
    assert days in out


def test_weekdays_joined_by_words_are_the_models_to_translate():
    assert kinds("Ouvert du lundi au vendredi.") == []


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Le Dr Lefèvre est arrivé hier.", "Dr Lefèvre arrived"),
        ("Le Pr Jean Dupont enseigne à Lyon.", "Prof. Jean Dupont"),
    ],
)
def test_a_doctors_title_comes_out_without_the_french_article(run_cli, line, expected):
    (out,) = translated_lines(run_cli, [line])
    assert out.startswith(expected)


def test_a_doctors_name_after_the_article_passes_through_whole():
    line = "dont le Dr Balfour Mount et le Dr Bernard Lapointe, circule"
    assert kinds(line) == [("title", "le Dr Balfour Mount"), ("title", "le Dr Bernard Lapointe")]


def test_numbers_after_an_escaped_tab_are_kept(run_cli):
    line = "Séparateurs\\t59\\t44"
    assert kinds(line) == [
        ("formula", "\\t"),
        ("number", "59"),
        ("formula", "\\t"),
        ("number", "44"),
    ]
    separators = ";\\t59\\t,\\t44\\t:\\t58\\t{Tabulation}\\t9\\t{Espace}\\t32"
    (out,) = translated_lines(run_cli, [separators])
    assert all(n in out for n in ("59", "44", "58", "32")) and "<ph" not in out


def test_a_plain_number_of_a_masked_sentence_is_no_placeholder():
    from nmt_cli.protect.placeholders import RESERVED, numbered_apart

    # 59 is below the fallback names' first (101): renamed <ph0>, it came back "<ph-26>"
    assert numbered_apart("Le <ph3> vaut 59 et <ph5>.", RESERVED) == (
        "Le <ph0> vaut 59 et <ph1>.",
        {0: 3, 1: 5},
    )


def test_an_escaped_quotation_of_a_placeholder_passes_through_whole(run_cli):
    line = 'La colonne \\"$columnname$\\" n\'a pas pu être actualisée.'
    assert kinds(line) == [("formula", '\\"$columnname$\\"')]
    (out,) = translated_lines(run_cli, [line])
    assert ' \\"$columnname$\\" ' in out and "<" not in out


@pytest.mark.parametrize(
    "line, days",
    [
        ("Fermé les lun. et mar.", "Mon. and Tue."),
        ("Ouvert sam. et dim. de 10 h à 19 h.", "Sat. and Sun."),
    ],
)
def test_abbreviated_weekdays_joined_by_words_come_out_named_in_english(run_cli, line, days):
    (out,) = translated_lines(run_cli, [line])
    assert days in out


def test_a_sentence_ending_at_the_sea_holds_no_weekday():
    assert kinds("Il va à la mer. Et il rentre.") == []


@pytest.mark.parametrize(
    "line, expected",
    [
        ("Il est né en 52 av. J.-C. à Rome.", " 52 BC in "),
        ("L'empire tombe en 476 apr. J.-C.", " AD 476."),
        ("César meurt en 44 av. J.-C. Rome pleure.", " 44 BC. "),
    ],
)
def test_a_year_before_or_after_christ_comes_out_with_its_era(run_cli, line, expected):
    (out,) = translated_lines(run_cli, [line])
    assert expected in out


def test_a_young_womans_title_comes_out_as_english_writes_it(run_cli):
    (out,) = translated_lines(run_cli, ["Mme Dubois et Mlle Petit sont là."])
    assert "Miss Petit" in out and "Mrs Dubois" in out


@pytest.mark.parametrize(
    "line", ["La ville (12 000 hab.) est calme.", "Le 2e arrondissement compte 22 000 hab."]
)
def test_inhabitants_abbreviated_after_a_number_are_kept(run_cli, line):
    (out,) = translated_lines(run_cli, [line])
    assert "inhabitants" in out


@pytest.mark.parametrize(
    "line, names",
    [
        ("La ligne Paris–Lyon est rapide.", "Paris–Lyon"),
        ("Je descends à Châtelet–Les Halles.", "Châtelet–Les Halles"),
    ],
)
def test_names_joined_by_an_en_dash_come_out_whole(run_cli, line, names):
    assert kinds(line) == [("route", names)]
    (out,) = translated_lines(run_cli, [line])
    assert names in out
