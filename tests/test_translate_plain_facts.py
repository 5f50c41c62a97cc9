"""`nmt translate -m fr-en` on the plain lines of shops, bookings and apps: emoji stay where
they stood among the sentences, and durations, prices and opening days read as English writes
them (protect/, inference/emoji.py)."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.inference.emoji import peeled, regrouped
from nmt_cli.inference.sentences import SentenceSplitter


@pytest.mark.parametrize(
    "line, sentences",
    [
        ("Merci ! 😊 À bientôt 👋", ["Merci ! 😊", "À bientôt 👋"]),
        ("Colis expédié. 📦🚚 Livraison demain.", ["Colis expédié. 📦🚚", "Livraison demain."]),
        ("Bravo ! 🎉", ["Bravo ! 🎉"]),
    ],
)
def test_an_emoji_between_two_sentences_ends_the_first(line, sentences):
    assert SentenceSplitter("fr").split(line) == sentences


def test_a_masked_line_s_emoji_placeholders_are_read_as_emoji():
    line = "Merci ! <ph0> À bientôt <ph1>"
    assert regrouped(line, ["Merci !", "<ph0> À bientôt <ph1>"], {"<ph0>", "<ph1>"}) == [
        "Merci ! <ph0>",
        "À bientôt <ph1>",
    ]
    assert peeled("À bientôt <ph1>", {"<ph1>"}) == ("À bientôt", " <ph1>")
    assert peeled("<ph1>", {"<ph1>"}) == ("<ph1>", "")  # nothing else: the model's
    assert peeled("J'adore <ph0> Paris", {"<ph0>"}) == ("J'adore <ph0> Paris", "")


def test_an_emoji_stays_after_the_words_it_followed(run_cli):
    """fr-en wrote "Merci ! 😊 À bientôt 👋" as "Thank you. To 😊 👋 soon"."""
    lines = ["Merci ! 😊 À bientôt 👋", "Votre commande est prête ! 🎉 Venez la chercher 🛍️"]
    for line, out in zip(lines, translated_lines(run_cli, lines, "-m", "fr-en")):
        first, last = re.findall(r"[^\w\s.!,']+", line)
        assert re.fullmatch(rf"\w[^{first}{last}]*[.!] {first} \w[^{first}{last}]* {last}", out), (
            line,
            out,
        )
