"""Numbers keep their value and take the target language's written form where that is certain
(nmt_cli/protect/numbers.py)."""

from __future__ import annotations

import pytest

from nmt_cli.protect.numbers import convert


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("14,8", "fr", "en", "14.8"),
        ("27 306,5", "fr", "en", "27,306.5"),
        ("27\u202f306,5", "fr", "en", "27,306.5"),
        ("1 000 000", "fr", "en", "1,000,000"),
        ("1.000.000", "fr", "en", "1,000,000"),
        ("0,500", "fr", "en", "0.500"),
        ("10.000,5", "de", "en", "10,000.5"),
        ("14.8", "en", "fr", "14,8"),
        ("27,306.5", "en", "fr", "27\u00a0306,5"),
        ("10,000.5", "en", "de", "10.000,5"),
        ("3.14", "en", "de", "3,14"),
    ],
)
def test_a_number_is_written_by_the_target_languages_convention(text, source, target, written):
    assert convert(text, "number", source, target) == written


@pytest.mark.parametrize(
    "text, source, target",
    [
        ("2025", "fr", "en"),  # a year: no groups added
        ("123456", "fr", "en"),
        ("245,000", "fr", "en"),  # 245 thousand, or 245.000
        ("1,234", "en", "fr"),
        ("1.000", "de", "en"),
        ("3.5", "fr", "en"),  # not the French decimal mark: as written
        ("3.10.2", "en", "fr"),  # a version
        ("14,8", "fr", "fr"),
        ("14,8", "fr", "de"),  # one convention
        ("14,8", "fr", None),  # a model that records no languages
        ("14,8", "fr", "ja"),  # a language without a convention here
    ],
)
def test_a_number_whose_reading_is_not_certain_is_kept_as_written(text, source, target):
    assert convert(text, "number", source, target) == text


def test_digits_are_never_added_dropped_or_moved():
    for text in ["27 306,5", "1.000.000", "0,500", "14,8", "9 999 999,0001"]:
        written = convert(text, "number", "fr", "en")
        assert [c for c in written if c.isdigit()] == [c for c in text if c.isdigit()]


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("1er", "fr", "en", "1st"),
        ("2e", "fr", "en", "2nd"),
        ("3ème", "fr", "en", "3rd"),
        ("11e", "fr", "en", "11th"),
        ("22nd", "en", "fr", "22e"),
        ("3rd", "en", "de", "3."),
        ("1st", "en", "fr", "1st"),  # 1er or 1re: the gender decides
        ("2th", "en", "fr", "2th"),  # not an English ordinal
    ],
)
def test_an_ordinal_follows_the_target_language(text, source, target, written):
    assert convert(text, "ordinal", source, target) == written


@pytest.mark.parametrize(
    "text, source, target, written",
    [
        ("14 h 30", "fr", "en", "14:30"),
        ("7h30", "fr", "en", "7:30"),
        ("8\u00a0h\u00a030", "fr", "en", "8:30"),
        ("14 h 30", "fr", "de", "14 h 30"),  # only French to English is known here
    ],
)
def test_a_french_time_of_day_is_written_the_english_way(text, source, target, written):
    assert convert(text, "time", source, target) == written


def test_spans_of_other_kinds_are_kept_as_written():
    assert convert("01 23 45 67 89", "phone", "fr", "en") == "01 23 45 67 89"
    assert convert("release-7.3", "identifier", "fr", "en") == "release-7.3"
