"""A per cent is a fact of its line: where a translation lost its sign (de-en hardly saw one in
training: "Heute gibt es 50 % Rabatt." came out "He is giving the 50 Rablishment."), the line is
translated again with the per cent passed through as English writes it (``50%``)."""

from __future__ import annotations

import pytest

from nmt_cli.inference.protection import SpanProtection
from nmt_cli.protect.units import per_cents, per_cents_lost


@pytest.mark.parametrize(
    "line, found",
    [
        ("Heute gibt es 50 % Rabatt.", ["50 %"]),
        ("Die Steuer beträgt 2,5\u00a0% und 7%.", ["2,5\u00a0%", "7%"]),
        ("Zinsen: 2 %/Jahr, 5 %du PIB, 100 %% printf, %d %s", []),
    ],
)
def test_a_per_cent_is_a_number_and_its_sign(line, found):
    assert [line[a:b] for a, b in per_cents(line)] == found


def test_a_translation_lost_a_per_cent_when_it_has_fewer_signs():
    assert per_cents_lost("Heute gibt es 50 % Rabatt.", "He is giving the 50 Rablishment.")
    assert not per_cents_lost("Heute gibt es 50 % Rabatt.", "Today there is a 50% discount.")
    assert not per_cents_lost("Ouvrir %s", "Open")  # a placeholder's sign, no per cent


def test_a_second_search_masks_a_per_cent_in_place_of_its_number(small_tokenizer):
    protection = SpanProtection(small_tokenizer, ("de", "en"))
    line = "Heute gibt es 2,5 % Rabatt."
    assert ("number", "2,5") in [(s.kind, s.text) for s in protection.mask(line).spans]
    masked = protection.mask(line, facts=True)
    assert [(s.kind, s.text) for s in masked.spans] == [("measure", "2,5 %")]
    assert "%" not in masked.text


@pytest.mark.parametrize("model", ["de-en-multi30k-transformer", "de-en-multi30k-rnn"])
def test_translate_keeps_a_german_per_cent(run_cli, model):
    result = run_cli(["translate", "-m", model, "Heute gibt es 50 % Rabatt."])
    assert result.exit_code == 0, result.stderr
    assert "50%" in result.stdout, result.stdout
