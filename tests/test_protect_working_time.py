"""French working hours and days pass through as the target writes them (kind ``working``:
nmt_cli/protect/working_time.py)."""

from __future__ import annotations

from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder
from nmt_cli.protect.working_time import convert_working


def test_working_hours_after_a_number_are_written_as_english_writes_them(run_cli):
    assert translated_lines(run_cli, ["48 h ouvrées"]) == ["48 working hours"]


def test_working_days_keep_their_count_and_their_unit(run_cli):
    [line] = translated_lines(run_cli, ["Délai : 3 j ouvrés"])
    assert "3 business days" in line


def test_one_working_day_is_singular_and_german_has_its_words():
    assert convert_working("1 jour ouvré", "fr", "en") == "1 business day"
    assert convert_working("5 jours ouvrés", "fr", "de") == "5 Werktage"
    assert convert_working("5 jours ouvrés", "fr", "es") == "5 jours ouvrés"


def test_working_days_are_one_span_not_a_duration_and_a_word():
    """``1 j ouvré`` was the duration ``1 j`` ("1 day"), its ``ouvré`` left to the model."""
    finder = SpanFinder(language="fr")
    spans = finder.find("Remboursement sous 1 j ouvré.")
    assert [(s.kind, s.text) for s in spans] == [("working", "1 j ouvré")]
