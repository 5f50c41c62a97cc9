"""Real words first: a short line's best translation that holds a made-up word gives way to a
near hypothesis of real words (nmt_cli/inference/real_words.py). The shipped model's card
example (`Créer un compte`, test_pretrained.py) shows it end to end."""

from __future__ import annotations

from dataclasses import dataclass

from nmt_cli.inference.real_words import MARGIN, SHORT_WORDS, made_up, real_first, searched_again

WRITTEN = {"Create", "an", "account", "Positioning", "She", "wore", "glasses", "read", "self"}


@dataclass
class Hyp:
    text: str
    score: float


def test_a_made_up_word_is_one_no_training_target_held_and_no_source_word():
    assert made_up("Create Soliday", "Créer un compte", WRITTEN) == ["Soliday"]
    assert made_up("create an ACCOUNT", "Créer un compte", WRITTEN) == []  # case aside
    assert made_up("She wore Amélie's glasses", "Elle portait les lunettes d'Amélie", WRITTEN) == []
    assert made_up("self-made", "", WRITTEN) == ["self-made"]  # each part must be a word
    assert made_up("self-read", "", WRITTEN) == []


def test_only_a_short_line_whose_best_has_a_made_up_word_is_searched_again():
    assert searched_again("Créer un compte", "Create Soliday", WRITTEN)
    assert not searched_again("Créer un compte", "Create an account", WRITTEN)
    long_line = " ".join(["mot"] * (SHORT_WORDS + 1))
    assert not searched_again(long_line, "Create Soliday", WRITTEN)


def test_the_first_near_hypothesis_of_real_words_goes_first_the_others_follow_in_order():
    nbest = [
        Hyp("Create Soliday", -1.0),
        Hyp("Create Solid", -1.05),
        Hyp("Create an account", -1.1),
    ]
    chosen = real_first(nbest, "Créer un compte", WRITTEN, keep=3)
    assert [h.text for h in chosen] == ["Create an account", "Create Soliday", "Create Solid"]
    assert [h.text for h in real_first(nbest, "Créer un compte", WRITTEN, 1)] == [
        "Create an account"
    ]


def test_the_hypothesis_of_real_words_keeps_the_sentence_end_it_lost():
    written = {"Click", "Save", "and", "then", "Close", "Do", "you", "want"}
    nbest = [Hyp("Click Save and then Ferm.", -0.61), Hyp("Click Save and then Close", -0.85)]
    line = "Cliquez sur Enregistrer puis Fermer."
    assert real_first(nbest, line, written, keep=1)[0].text == "Click Save and then Close."
    assert nbest[1].text == "Click Save and then Close"  # the hypothesis itself is not changed
    # only an end the line has, glued to the best's last word
    assert real_first(nbest, line.rstrip("."), written, keep=1)[0].text.endswith("Close")
    nbest = [Hyp("Do you wont?", -1.0), Hyp("Do you want", -1.2)]
    assert real_first(nbest, "Voulez-vous ?", written, keep=1)[0].text == "Do you want?"
    # not after a placeholder: its span's punctuation is placed with it
    nbest = [Hyp("Extention <ph0>, please.", -1.0), Hyp("Extension <ph0>", -1.2)]
    line = "Poste <ph0>, s'il vous plaît."
    assert real_first(nbest, line, {"Extension"}, 1)[0].text == "Extension <ph0>"
    # nor where the model dropped one: its span is put back at the end
    nbest = [Hyp("Extention <ph0>, please.", -1.0), Hyp("Extension", -1.2)]
    assert real_first(nbest, line, {"Extension"}, 1)[0].text == "Extension"


def test_a_hypothesis_of_real_words_too_far_below_the_best_does_not_replace_it():
    nbest = [Hyp("Positionment:", -1.0), Hyp("Positioning:", -1.0 - MARGIN - 0.01)]
    assert real_first(nbest, "Positionnement :", WRITTEN, keep=1) == nbest[:1]


def test_the_shipped_model_prints_the_readme_s_real_words(run_cli):
    """README, "Real words first": its two labels, with the shipped fr-en."""
    result = run_cli(["translate"], input="Créer un compte\nPositionnement :\n".encode())
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "Create an account\nPositioning:\n"
