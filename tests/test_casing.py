"""ALL-CAPS input is translated as ordinary text and answered in capitals."""

from __future__ import annotations

from nmt_cli.inference.casing import is_shouted, sentence_case


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
