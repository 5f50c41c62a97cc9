"""A CSS framework's class names pass through translation as written
(nmt_cli/protect/css_classes.py)."""

from __future__ import annotations

import pytest
from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder

pytest_plugins = ["model_fixtures"]


def _css(line: str) -> list[str]:
    return [s.text for s in SpanFinder([], {}, "fr").find(line) if s.kind == "css"]


@pytest.mark.parametrize(
    "line, classes",
    [
        ("Ajoutez la classe btn btn-primary au bouton.", ["btn btn-primary"]),
        ("Ajoutez les classes fa-solid fa-house à l'icône.", ["fa-solid fa-house"]),
        ("Utilisez col-md-6 text-center et mt-3.", ["col-md-6 text-center", "mt-3"]),
        ("Masquez-le avec d-none.", ["d-none"]),
    ],
)
def test_a_run_of_class_names_is_one_span(line, classes):
    assert _css(line) == classes


@pytest.mark.parametrize(
    "line",
    [
        "Peut-être celle-ci, c'est-à-dire là-bas.",
        "Que font-ils ? Que va-t-on faire ?",
        "La table-ronde a lieu à Saint-Étienne.",
        "Le bouton btn est grand.",  # a base class alone: a word
    ],
)
def test_french_hyphenated_words_are_no_class_names(line):
    assert _css(line) == []


def test_translate_keeps_class_names_as_written(run_cli):
    """fr-en wrote "Add the btom btach clas to the button.", "faolidate spreadsheets"."""
    lines = [
        "Ajoutez la classe btn btn-primary au bouton.",
        "Ajoutez les classes fa-solid fa-house à l'icône.",
    ]
    btn, fa = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "btn btn-primary" in btn, btn
    assert "fa-solid fa-house" in fa, fa
