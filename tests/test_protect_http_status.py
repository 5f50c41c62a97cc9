"""An HTTP status, its code and English reason phrase, passes through a translation as written
(kind ``status``: nmt_cli/protect/http_status.py)."""

from __future__ import annotations

from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder


def test_a_status_line_comes_out_as_it_went_in(run_cli):
    assert translated_lines(run_cli, ["503 Service Unavailable"]) == ["503 Service Unavailable"]


def test_a_status_in_a_sentence_is_one_span():
    spans = SpanFinder().find("Le serveur renvoie 404 Not Found ici.")
    assert [(s.kind, s.text) for s in spans] == [("status", "404 Not Found")]


def test_a_phrase_that_goes_on_into_a_word_is_no_status():
    spans = SpanFinder().find("Il a 200 OKAY.")
    assert all(s.kind != "status" for s in spans)
