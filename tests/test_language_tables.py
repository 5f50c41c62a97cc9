"""A language's table (nmt_cli/protect/language_tables/) is where its ways of writing eras,
titles, working time and weekdays are declared: the conversions read the target's table, and a
target whose table lacks a field gets the source's text as written."""

from __future__ import annotations

import dataclasses

import pytest

from nmt_cli.protect import languages
from nmt_cli.protect.eras import convert_era
from nmt_cli.protect.titles import convert_title
from nmt_cli.protect.weekdays import convert_weekdays
from nmt_cli.protect.working_time import convert_working


def test_german_writes_eras_titles_and_working_time_its_own_way():
    assert convert_era("52 av. J.-C.", "fr", "de") == "52 v. Chr."
    assert convert_era("476 apr. J.-C.", "fr", "en") == "AD 476"
    assert convert_title("le Pr Jean Dupont", "fr", "de") == "Prof. Jean Dupont"
    assert convert_title("Mlle Petit", "fr", "de") == "Frl. Petit"
    assert convert_working("1 h ouvrée", "fr", "de") == "1 Arbeitsstunde"


@pytest.fixture
def english_without_conventions(monkeypatch):
    """English's table with its eras, titles, working time and weekdays taken out."""
    bare = dataclasses.replace(
        languages.LANGUAGES["en"], eras=None, titles=None, working=None, weekdays=()
    )
    monkeypatch.setitem(languages.LANGUAGES, "en", bare)


@pytest.mark.usefixtures("english_without_conventions")
def test_a_table_without_the_field_leaves_the_source_as_written():
    assert convert_era("52 av. J.-C.", "fr", "en") == "52 av. J.-C."
    assert convert_title("le Dr Lefèvre", "fr", "en") == "le Dr Lefèvre"
    assert convert_working("48 h ouvrées", "fr", "en") == "48 h ouvrées"
    assert convert_weekdays("lun.-ven.", "fr", "en") == "lun.-ven."
