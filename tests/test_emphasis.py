"""Markdown emphasis on a plain line is taken out before translation and put back around the
translated words (nmt_cli/inference/emphasis.py); marks that do not pair up cleanly are no
emphasis and leave the line as it is."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.inference.emphasis import unemphasized


def test_pairs_of_marks_are_taken_out_around_the_words_they_enclose():
    quoted = unemphasized("Le texte en **gras** et en *italique*.")
    assert quoted is not None
    assert quoted.text == "Le texte en gras et en italique."
    runs = [(e.first, e.end, quoted.pairs[id(e)].opening) for e in quoted.enclosures]
    assert runs == [(3, 4, "**"), (6, 7, "*")]
    assert quoted.pairs[id(quoted.enclosures[1])].after == "."


@pytest.mark.parametrize(
    "line",
    [
        "Calculez 2 * 3 * 4 maintenant.",  # a product: spaces inside
        "Supprimez les fichiers *.txt du dossier.",  # a glob's star
        "La variable nom_fichier est vide.",  # inside a word
        "Le texte **très *important** ici*.",  # pairs that cross
        "Un *seul mot sans fin.",
    ],
)
def test_marks_that_do_not_pair_up_cleanly_are_no_emphasis(line):
    assert unemphasized(line) is None


def test_a_mark_inside_a_protected_span_is_left_to_it():
    line = "Copiez *.txt et *.md ici."
    spans = [(m.start(), m.end()) for m in re.finditer(r"\*\.\w+", line)]
    assert unemphasized(line, spans) is None


def test_translate_keeps_emphasis_around_the_translated_words(run_cli):
    """fr-en wrote ``Le texte en **gras** et en *italique*.`` "On **gras* and the**...", its
    marks unbalanced."""
    lines = ["Le texte en **gras** et en *italique*.", "Le *chat* dort. Le **chien** aboie."]
    out = translated_lines(run_cli, lines)
    for line in out:
        marks = re.findall(r"\*+", line)
        assert marks in (["**", "**", "*", "*"], ["*", "*", "**", "**"]), out
    assert "*cat*" in out[1] and "**dog**" in out[1], out
    assert re.search(r"\*\w+\*\.$", out[0]), out


def test_a_closing_mark_goes_before_the_punctuation_its_words_did_not_hold(run_cli):
    """fr-en wrote ``le mot *clé* aussi`` "the *keyword,* too": the comma the model put after
    the word moved inside the emphasis; a pair that holds its punctuation keeps it."""
    lines = ["Le mot **important** est en gras, le mot *clé* aussi.", "**Note :** le service."]
    out = translated_lines(run_cli, lines)
    assert not re.search(r"[,.;:]\*", out[0]), out
    assert out[1].startswith("**Note:**"), out


def test_a_line_of_several_pairs_is_no_line_between_two_signs(run_cli):
    """``*un* *deux*`` was read as the words ``un* *deux`` between two stars: fr-en wrote
    "** *deux*"."""
    [out] = translated_lines(run_cli, ["*un* *deux*"])
    assert re.fullmatch(r"\*\w+\* \*\w+\*", out) and "deux" not in out, out
