"""CLDR's plural categories by language (nmt_cli/protect/plural_categories.py), read from
Babel: the one definition that ICU plural messages and Android <plurals> read."""

from __future__ import annotations

import sys

import pytest

from nmt_cli.protect.plural_categories import plural_categories


@pytest.mark.parametrize(
    "language, cardinal, ordinal",
    [
        ("fr", ("one", "many", "other"), ("one", "other")),
        ("en", ("one", "other"), ("one", "two", "few", "other")),
        ("pt-BR", ("one", "many", "other"), ("other",)),  # a region: its language's rules
        ("en_US", ("one", "other"), ("one", "two", "few", "other")),
        ("EN", ("one", "other"), ("one", "two", "few", "other")),
        ("ru", ("one", "few", "many", "other"), ("other",)),
        ("ar", ("zero", "one", "two", "few", "many", "other"), ("other",)),
        ("ja", ("other",), ("other",)),  # CLDR's own rule: no plural
    ],
)
def test_a_languages_categories_are_cldrs_in_cldrs_order(language, cardinal, ordinal):
    assert plural_categories(language) == cardinal
    assert plural_categories(language, ordinal=True) == ordinal


@pytest.mark.parametrize("language", ["oc", "xx", "", "12", "fr__"])
def test_a_language_cldr_has_no_rules_for_has_none(language):
    """Occitan is a locale of CLDR's without plural rules: not a language without plurals."""
    assert plural_categories(language) is None
    assert plural_categories(language, ordinal=True) is None


def test_without_babel_there_are_none(monkeypatch):
    monkeypatch.setitem(sys.modules, "babel", None)
    assert plural_categories("fr") is None
