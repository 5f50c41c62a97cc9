"""Names copied as written: which words are names to copy (the model's known words decide), and
how a misspelt name in a translation is put back from the word alignment."""

from __future__ import annotations

import re
import shlex

import pytest
from conftest import README

from nmt_cli.inference.names import copy_names, names_to_copy, near, source_words
from nmt_cli.model import build_model
from nmt_cli.model.bundle import load_bundle, save_bundle
from nmt_cli.model.config import ModelConfig
from nmt_cli.protect.names import WordCounts, capital_tells_names, copyable

KNOWN = {"Parlement", "Londres", "pierre", "Octobre"}


def counts_of(pairs) -> WordCounts:
    counts = WordCounts()
    for src, tgt in pairs:
        counts.add(src, tgt)
    return counts


def test_a_word_the_data_translates_is_known_and_one_it_copies_is_not():
    counts = counts_of(
        [("Le Parlement siège.", "Parliament sits."), ("Amélie dort.", "Amélie sleeps.")] * 3
    )
    known = counts.known()
    assert "Parlement" in known
    assert "Amélie" not in known


def test_a_word_seen_often_is_known_even_when_copied():
    counts = counts_of([("Il va à Paris.", "He goes to Paris.")] * 10)
    assert "Paris" in counts.known()
    assert "Paris" not in counts.known(seen=11)


def test_a_name_seen_once_and_translated_is_known_a_lowercase_word_seen_once_is_not():
    known = counts_of([("Il visite Londres et une ferme.", "He visits London and a farm.")]).known()
    assert "Londres" in known
    assert "ferme" not in known


@pytest.mark.parametrize(
    ("word", "copied"),
    [
        ("Montpellier", True),
        ("Clermont-Ferrand", True),
        ("O'Neil", True),
        ("Parlement", False),  # known: the data translates it
        ("Pierre", False),  # its lowercase form is a known word
        ("Anglo-saxons", False),  # a compound, not a name
        ("TGV", False),  # an acronym: the model copies those itself
        ("montpellier", False),
    ],
)
def test_which_words_are_names_to_copy(word, copied):
    assert copyable(word, KNOWN) is copied


def test_a_sentence_first_word_is_never_a_name_to_copy():
    assert names_to_copy("Montpellier accueille Amélie.", KNOWN) == {2: "Amélie"}


def test_a_french_elision_and_punctuation_are_not_part_of_the_name():
    assert names_to_copy("Le tournoi d'Arcachon, à Nîmes.", KNOWN) == {2: "Arcachon", 4: "Nîmes"}


def test_an_apostrophe_inside_a_name_is_the_name_s_own():
    assert names_to_copy("Demandez à O'Neil et à D'Artagnan.", KNOWN) == {
        2: "O'Neil",
        5: "D'Artagnan",
    }
    assert names_to_copy("Il pense qu'Amélie dort.", KNOWN) == {2: "Amélie"}  # qu' elided


def test_a_near_spelling_is_replaced_by_the_name_with_its_punctuation():
    names = {5: "Montpellier"}
    text = "Théo took the train for Montpelline, this morning."
    assert copy_names(names, text) == "Théo took the train for Montpellier, this morning."


def test_an_english_possessive_stays_after_the_name():
    assert (
        copy_names({3: "Sébastien"}, "Sabastian's parcel arrived.") == "Sébastien's parcel arrived."
    )


def test_accents_and_case_alone_make_a_near_spelling():
    assert near("Amélie", "Amelie")
    assert near("Mérignac", "Merignac")


def test_each_name_takes_its_nearest_spelling_and_a_word_is_replaced_once():
    names = {5: "Amélie", 7: "Jérôme"}
    text = "We had dinner with Jerosme and Amelie."
    assert copy_names(names, text) == "We had dinner with Jérôme and Amélie."
    assert copy_names({1: "Nantes"}, "Nates and Nates") == "Nantes and Nates"
    assert copy_names({1: "Nantes", 4: "Nantes"}, "Nates and Nates") == "Nantes and Nantes"


def test_a_translated_or_dropped_name_is_left_as_the_model_wrote_it():
    assert not near("Varsovie", "Warsaw")
    assert copy_names({2: "Varsovie"}, "He lives in Warsaw.") == "He lives in Warsaw."
    assert copy_names({5: "Quimper"}, "The doctor receives what you want.") == (
        "The doctor receives what you want."
    )
    assert names_to_copy("Il vit à Londres.", KNOWN) == {}  # near London, but the data taught it


def test_a_word_of_the_source_or_a_lowercase_word_is_never_replaced():
    source = source_words("Marie et Maria vont à Chambéry.")
    assert copy_names({1: "Marie"}, "Maria and her go.", source) == "Maria and her go."
    assert copy_names({1: "Chambéry"}, "the chamber is open") == "the chamber is open"


def test_a_translation_keeps_its_spacing_when_no_name_is_replaced():
    text = "Amélie  sleeps."
    assert copy_names({0: "Amélie"}, text) == text


def _model(tokenizer):
    config = ModelConfig(emb_size=16, hidden_size=16, dropout=0.0)
    return build_model(config, tokenizer.vocab_size, tokenizer.vocab_size)


def test_known_words_round_trip_through_a_model_directory(tmp_path, small_tokenizer):
    model = _model(small_tokenizer)
    save_bundle(tmp_path / "m", model, small_tokenizer, known_words=frozenset({"Parlement", "été"}))
    assert load_bundle(tmp_path / "m").known_words == {"Parlement", "été"}
    save_bundle(tmp_path / "plain", model, small_tokenizer)
    assert load_bundle(tmp_path / "plain").known_words is None


def test_export_keeps_the_known_words(tmp_path, small_tokenizer, run_cli):
    save_bundle(
        tmp_path / "m",
        _model(small_tokenizer),
        small_tokenizer,
        known_words=frozenset({"Parlement"}),
    )
    result = run_cli(["export", tmp_path / "m", "--output", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "known-words.txt").read_text(encoding="utf-8") == "Parlement\n"


def test_names_are_copied_from_french_but_not_from_german_whose_nouns_are_capitalised():
    assert capital_tells_names("fr")
    assert capital_tells_names(None)
    assert not capital_tells_names("de")


def test_the_readme_examples_of_names_print_as_shown(run_cli):
    """With the shipped model: the name comes back as written, and as the model spelt it with
    --no-copy-names."""
    section = README.read_text(encoding="utf-8").split("#### Names")[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1)
    examples = re.findall(r"^\$ (nmt translate [^\n]+)\n([^\n]+)$", block, re.MULTILINE)
    assert len(examples) == 2
    for command, shown in examples:
        result = run_cli(shlex.split(command)[1:])
        assert result.exit_code == 0, result.stderr
        assert result.stdout == shown + "\n"
