"""A size, numbers joined by ``×`` with their unit after them, passes through whole, each
number and the unit as the target writes them (kind ``dimensions``:
nmt_cli/protect/dimensions.py)."""

from __future__ import annotations

from conftest import translated_lines

from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder


def test_a_size_with_its_unit_keeps_its_multiplication_sign(run_cli):
    [line] = translated_lines(run_cli, ["Taille max : 1920×1080 px"])
    assert "1920×1080 px" in line


def test_a_size_is_one_span_its_numbers_written_as_the_target_writes_them():
    spans = SpanFinder(language="fr").find("Une table de 2,5 × 1,2 m.")
    assert [(s.kind, s.text) for s in spans] == [("dimensions", "2,5 × 1,2 m")]
    assert convert("2,5 × 1,2 m", "dimensions", "fr", "en") == "2.5 × 1.2 m"
    assert convert("30×20×15 cm", "dimensions", "fr", "en") == "30×20×15 cm"
