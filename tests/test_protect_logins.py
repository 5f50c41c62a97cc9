"""A user name written with a dot, and a value quoted after the word that names its kind, pass
through translation as written (protect/logins.py)."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder

FIND = SpanFinder(language="fr")


def _spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FIND.find(line)]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("(p. ex. jean.dupont)", [("login", "jean.dupont")]),
        ("Supprimez l'utilisateur j.dupont.", [("login", "j.dupont")]),
        ("Votre login est marie.lefebvre, sans accent.", [("login", "marie.lefebvre")]),
        ("Le compte jean-pierre.martin est bloqué.", [("login", "jean-pierre.martin")]),
    ],
)
def test_a_dotted_lowercase_name_is_one_login_span(line, expected):
    assert _spans(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Il est parti. ensuite il est revenu.",  # a space after the dot
        "Il est parti.Ensuite il est revenu.",  # a capital: a missing space, not a login
        "Calculez a.ln(x) + b.",  # a call
        "Écrivez à jean.dupont@exemple.org.",  # an address
        "Importez os.path.join.",  # a name of three parts
        "Lisez rapport.pdf.",  # a file
    ],
)
def test_no_login_span_where_the_dot_ends_a_sentence_or_the_name_is_another_kinds(line):
    assert "login" not in [kind for kind, _ in _spans(line)]


def test_translate_keeps_a_login_written_with_a_dot(run_cli):
    """fr-en wrote ``(p. ex. jean.dupont)`` "(for example, girlfriend)" and
    ``l'utilisateur jean.dupont`` "the girl user": the name read as words."""
    lines = [
        "(p. ex. jean.dupont)",
        "Supprimez l'utilisateur jean.dupont.",
        "Le compte j.dupont est bloqué.",
    ]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    for kept, line in zip(["jean.dupont", "jean.dupont", "j.dupont"], out):
        assert re.search(rf"(?<![\w.]){re.escape(kept)}(?![\w-])", line), line


@pytest.mark.parametrize(
    "line, expected",
    [
        ("L'utilisateur « admin » existe déjà.", [("value", "« admin »")]),
        ("Le compte « jdupont » est verrouillé.", [("value", "« jdupont »")]),
        ("Le dépôt “nmt-cli” est introuvable.", [("value", "“nmt-cli”")]),
        ('Erreur : la table "clients" n\'existe pas.', [("value", '"clients"')]),
        ("The user “root” has no password.", [("value", "“root”")]),
        ("Connecté en tant que « jdupont ».", [("value", "« jdupont »")]),  # fr-en: "“joke”"
        ("Utilisateur : « admin »", [("value", "« admin »")]),
        # a password's, a default's (fr-en wrote "changed", "autumn")
        ('Le mot de passe par défaut est "changeme".', [("value", '"changeme"')]),
        ("La valeur par défaut est « auto ».", [("value", "« auto »")]),
        ("Valeur par défaut : « true »", [("value", "« true »")]),
        # after a verb that asks to type it (fr-en wrote "Enter “handle”")
        ("Saisissez « admin » dans le champ.", [("value", "« admin »")]),
        # in single quotation marks (fr-en wrote "Enter 'Immin' in the field")
        ("Saisissez 'admin' dans le champ.", [("value", "'admin'")]),
        ("L'utilisateur 'root' n'existe pas.", [("value", "'root'")]),
    ],
)
def test_a_quoted_value_after_the_word_that_names_its_kind_is_one_span_with_its_marks(
    line, expected
):
    assert _spans(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Le groupe « visa » et le projet « euro » avancent.",  # prose quotes its words so
        "Le service « universel » est garanti.",
        "Il a dit « Bonjour » en entrant.",  # a quotation
        "Cliquez sur « Enregistrer ».",  # a label: translated (menus.py)
        "Le comptable « honnête » et l'utilisateur « très pressé ».",  # not the word; two words
        "La langue par défaut est « Français ».",  # a default's label: translated
        "Saisissez l'identifiant de l'utilisateur.",  # elisions' apostrophes
        "Le compte 'aujourd'hui' et l'utilisateur' d'abord",  # no quote that closes
        "Tapez « oui » pour confirmer, « non » pour annuler.",  # a yes or a no: translated
    ],
)
def test_no_value_span_after_other_words_nor_for_words_in_quotes(line):
    assert "value" not in [kind for kind, _ in _spans(line)]


def test_translate_keeps_a_quoted_value_and_its_marks_around_it(run_cli):
    """fr-en wrote ``L'utilisateur « admin » existe déjà`` "User already “exists.”" (the name
    lost, the marks around another word) and ``« jdupont »`` "“jump”"."""
    lines = [
        "L'utilisateur « admin » existe déjà.",
        "Le compte « jdupont » est verrouillé.",
        "Le dépôt « nmt-cli » est introuvable.",
    ]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    for kept, line in zip(["admin", "jdupont", "nmt-cli"], out):
        assert f"“{kept}”" in line, line


def test_translate_keeps_a_default_value_and_a_password(run_cli):
    """fr-en wrote ``« auto »`` "“autumn”" and ``"changeme"`` '"changed"'."""
    lines = ["La valeur par défaut est « auto ».", 'Le mot de passe par défaut est "changeme".']
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "“auto”" in out[0] and '"changeme"' in out[1], out


def test_translate_keeps_a_typed_value_in_single_or_double_marks(run_cli):
    """fr-en wrote ``Saisissez 'admin' dans le champ`` "Enter 'Immin' in the field" and
    ``Saisissez « admin »`` "Enter “handle”"."""
    lines = ["Saisissez 'admin' dans le champ", "Saisissez « admin » dans le champ"]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "'admin'" in out[0] and "“admin”" in out[1], out
