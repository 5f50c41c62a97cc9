"""Dates with a month's name: which are dates, how another language writes them, and a line
whose translation lost one translated again with its dates passed through."""

from __future__ import annotations

import dataclasses

import pytest

from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.translator import Translator
from nmt_cli.model.bundle import load_bundle
from nmt_cli.protect.dates import convert_date, dates_lost, find_dates
from nmt_cli.search.options import SearchOptions

pytest_plugins = ["model_fixtures"]


def dates(line: str, language: str) -> list[str]:
    return [line[a:b] for a, b in find_dates(line, language)]


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("Les salaires seront payés le 3 mars.", ["3 mars"]),
        ("Rendez-vous le 1er mai 2025 à Lyon.", ["1er mai 2025"]),
        ("Du 12 décembre 2024 au 3 janvier.", ["12 décembre 2024", "3 janvier"]),
        ("Le stage commence en mars.", ["mars"]),  # a French month's name alone is a date
        ("Mi-novembre, ils partent.", ["Mi-novembre"]),  # its middle
        ("Reprise à la mi-novembre 2025.", ["mi-novembre 2025"]),
        ("Voir chronomi-mars.", []),
        ("La planète Mars brille.", []),  # a capital: the planet, not the month
        ("Il a vu des marsouins.", []),
        ("Le 31 déc. 2023, du 1er janv. au 15 févr.", ["31 déc. 2023", "1er janv.", "15 févr."]),
        ("Nous étions sept. En oct. il pleut.", []),  # an abbreviation alone: seven, or none
    ],
)
def test_french_dates(line, found):
    assert dates(line, "fr") == found


def test_an_english_month_needs_a_day_or_a_year_beside_it():
    assert dates("It may rain in May.", "en") == []
    assert dates("We met on 3rd May 2024 and on March 3, 2025.", "en") == [
        "3rd May 2024",
        "March 3, 2025",
    ]


def test_no_dates_in_a_language_without_month_names_here():
    assert find_dates("le 3 mars", None) == []
    assert find_dates("el 3 de marzo", "es") == []


@pytest.mark.parametrize(
    ("text", "source", "target", "written"),
    [
        ("3 mars", "fr", "en", "3 March"),
        ("1er mai 2025", "fr", "en", "1 May 2025"),
        ("03 mars", "fr", "en", "3 March"),
        ("novembre", "fr", "en", "November"),
        ("mi-novembre", "fr", "en", "mid-November"),
        ("Mi-novembre 2025", "fr", "en", "Mid-November 2025"),  # a sentence's capital
        ("mid-May", "en", "fr", "mi-mai"),
        ("Mitte November", "de", "en", "mid-November"),  # German's capital tells nothing
        ("March 3, 2025", "en", "fr", "3 mars 2025"),
        ("1st May", "en", "fr", "1er mai"),
        ("3. März", "de", "en", "3 March"),
        ("3 März 2020", "de", "en", "3 March 2020"),
        ("3 March", "en", "de", "3. März"),
        ("3 mars", "fr", "es", "3 mars"),  # no months for the target here: kept
        ("31 déc. 2023", "fr", "en", "31 Dec. 2023"),  # "31 decent. 2023", "The 31 deck."
        ("1er févr.", "fr", "de", "1. Feb."),
        ("Sept. 3, 2025", "en", "fr", "3 sept. 2025"),
    ],
)
def test_a_date_as_the_target_language_writes_it(text, source, target, written):
    assert convert_date(text, source, target) == written


def test_a_translation_lost_a_date_when_the_target_month_is_missing():
    assert dates_lost("payés le 3 mars.", "paid on 3 margins.", "fr", "en")
    assert not dates_lost("payés le 3 mars.", "paid on March 3.", "fr", "en")
    assert not dates_lost("payés le 3 mars.", "paid on 3 margins.", "fr", None)
    assert dates_lost("le 31 déc. 2023", "the 31 deck. 2023", "fr", "en")
    assert not dates_lost("le 31 déc. 2023", "on Dec. 31, 2023", "fr", "en")


def test_a_translation_lost_a_date_when_its_day_is_not_beside_its_month():
    """fr-en dropped a day and the placement put it in the other date."""
    line = "Né le 12 février 1809, il est mort le 15 avril 1865."
    assert dates_lost(line, "Born 12 February 15 1809, he died on April 1865.", "fr", "en")
    assert not dates_lost(line, "Born 12 February 1809, he died on 15 April 1865.", "fr", "en")
    assert not dates_lost(line, "Born February 12, 1809, died April 15th, 1865.", "fr", "en")
    assert not dates_lost("le 1er mai", "on 1st May", "fr", "en")


def test_a_second_search_masks_a_date_in_place_of_its_numbers(small_tokenizer):
    protection = SpanProtection(small_tokenizer, ("fr", "en"))
    line = "Payé le 3 mars 2025, à 14 h 30."
    assert [s.kind for s in protection.mask(line).spans] == ["number", "number", "time"]
    masked = protection.mask(line, facts=True)
    assert [(s.kind, s.text) for s in masked.spans] == [
        ("date", "3 mars 2025"),
        ("time", "14 h 30"),
    ]
    assert "mars" not in masked.text


def test_a_line_that_lost_its_date_is_translated_again_with_the_date_written_in_english(
    model_dir,
):
    """A tiny German-English model knows no French month: the second search gives the date."""
    bundle = dataclasses.replace(load_bundle(model_dir), languages=("fr", "en"))
    translator = Translator(LoadedModel(bundle), SearchOptions(beam=2))
    out = translator.translate(["Ein Mann läuft am 3 mars im Park.", "Ein Hund"])
    assert out[0][0].text.count("3 March") == 1
    assert "March" not in out[1][0].text
