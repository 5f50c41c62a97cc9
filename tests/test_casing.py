"""ALL-CAPS input is translated as ordinary text and answered in capitals."""

from __future__ import annotations

import pytest
from conftest import assert_one_error_line

from nmt_cli import precision
from nmt_cli.casing import is_shouted, sentence_case


def test_a_line_in_capitals_is_shouted_but_a_capital_word_in_a_sentence_is_not():
    assert is_shouted("JE SUIS MALADE.")
    assert is_shouted("L'ÉTÉ EST LÀ !")
    assert not is_shouted("Je travaille à l'ONU.")
    assert not is_shouted("A")  # one letter
    assert not is_shouted("A B C")  # no word of two capitals
    assert not is_shouted("123 !")


def test_sentence_case_lowers_all_but_the_first_letter():
    assert sentence_case("JE SUIS MALADE.") == "Je suis malade."
    assert sentence_case("« ÇA VA ? »") == "« Ça va ? »"


def test_capitals_in_give_the_ordinary_translation_in_capitals(run_cli):
    ordinary = run_cli(["translate", "Je suis malade."])
    shouted = run_cli(["translate", "JE SUIS MALADE."])
    assert shouted.exit_code == 0, shouted.stderr
    assert shouted.stdout == ordinary.stdout.upper()
    kept = run_cli(["translate", "--keep-case", "JE SUIS MALADE."])
    assert kept.stdout != shouted.stdout  # the model's own reading of capitals


def test_bf16_and_int8_together_is_a_usage_error(run_cli):
    result = run_cli(["translate", "--quantize", "int8", "--precision", "bf16", "Bonjour."])
    assert_one_error_line(result, "--quantize", "--precision", code=2)


def test_bf16_translation_keeps_one_line_per_line(run_cli):
    if not precision.bf16_supported("cpu"):
        pytest.skip("this CPU has no bf16 instructions")
    result = run_cli(["translate", "--precision", "bf16"], input=b"Il fait froid.\n\nBonjour.\n")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.split("\n")
    assert len(lines) == 4 and lines[1] == "" and lines[0] and lines[2]
