"""A number in scientific notation is one span, its mantissa written as the target writes a
number (kind ``scientific``: nmt_cli/protect/scientific.py)."""

from __future__ import annotations

from conftest import translated_lines

from nmt_cli.protect.spans import SpanFinder


def test_a_french_mantissa_takes_englishs_decimal_point(run_cli):
    [line] = translated_lines(run_cli, ["Résultat : 1,5e-3 s"])
    assert "1.5e-3 s" in line


def test_scientific_notation_is_one_span_not_two_identifiers():
    spans = SpanFinder(language="fr").find("Valeur : 2,5E+06")
    assert [(s.kind, s.text) for s in spans] == [("scientific", "2,5E+06")]
