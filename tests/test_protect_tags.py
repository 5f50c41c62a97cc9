"""What looks like a tag: a tag stays as written, words in angle brackets are translated; so
are the words of a line in round or square brackets."""

from __future__ import annotations

import pytest

from nmt_cli.inference.aside import between_signs, in_parentheses
from nmt_cli.markup import elements
from nmt_cli.protect.tags import HTML_ELEMENTS, in_brackets, is_tag


@pytest.mark.parametrize(
    "text, line",
    [
        ("</b>", "un </b>"),
        ("<br/>", "<br/>"),
        ("<font size=1>", "<font size=1>"),
        ("<b>", "<b>"),
        ("<input disabled>", "<input disabled>"),
        ("<Doc>", "<Doc>texte</Doc>"),
        ("&amp;", "AT&amp;T"),
    ],
)
def test_a_tag_is_a_tag(text, line):
    assert is_tag(text, line)


@pytest.mark.parametrize("text", ["<aucun>", "<Tous les fichiers>", "<Paramètres utilisateurs>"])
def test_words_in_angle_brackets_are_no_tag(text):
    assert not is_tag(text, text)


def test_a_line_of_words_in_brackets_gives_its_words_and_keeps_its_brackets():
    assert in_brackets("<Aucun fichier>") == ("<", "Aucun fichier", ">")
    assert in_brackets("  <vide> ") == ("  <", "vide", "> ")


@pytest.mark.parametrize(
    "line", ["<b>", "<b>Gras</b>", "<%1>", "Le mode <vide> est actif.", "<>", "<< >>"]
)
def test_a_tag_a_placeholder_or_a_longer_line_is_not_translated_inside_brackets(line):
    assert in_brackets(line) is None


def test_translate_translates_the_words_of_a_line_in_angle_brackets(run_cli):
    result = run_cli(["translate"], input=b"<Tous les fichiers>\n<b>\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "<All files>\n<b>\n"


def test_every_element_the_page_reader_knows_is_an_html_element_here():
    """One list of HTML's names: a name the page reader treats as a block, a void element or
    verbatim is a tag to a plain line too."""
    known = elements.BLOCKS | elements.VOID | elements.VERBATIM | elements.CLOSES_P
    assert known <= HTML_ELEMENTS
    assert in_brackets("<hgroup>") is None and in_brackets("<area>") is None


@pytest.mark.parametrize(
    ("line", "held"),
    [
        ("[Aucune sélection possible]", ("[", "Aucune sélection possible", "]")),
        (" (lecture seule) ", (" (", "lecture seule", ") ")),
        ("(%1 fichiers)", ("(", "%1 fichiers", ")")),
    ],
)
def test_a_line_of_words_in_round_or_square_brackets_is_translated_inside_them(line, held):
    assert in_parentheses(line) == held


@pytest.mark.parametrize(
    "line", ["(Aucun)", "[R]", "(a) et (b)", "(1 2)", "(voir [A] ici)", "[ouvert)", "Voir (ici)."]
)
def test_one_word_a_pair_among_others_or_no_letter_keeps_its_brackets(line):
    """Alone, fr-en reads ``Aucun`` as "No" and ``Applaudissements`` as "Close": a word in
    brackets is translated with them."""
    assert in_parentheses(line) is None


def test_translate_translates_the_words_of_a_line_in_brackets(run_cli):
    """fr-en wrote ``[Aucune sélection possible]`` as "[Remed selectedAcune]" and ``(lecture
    seule)`` as "(lease only)": the brackets glued to a word made it pieces of letters."""
    lines = "[Aucune sélection possible]\n(lecture seule)\n(Aucun)\n"
    result = run_cli(["translate"], input=lines.encode())
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "[No selection possible]\n(read-only)\n(None)\n"


@pytest.mark.parametrize(
    ("line", "held"),
    [
        ("♪ La la la ♪", ("♪ ", "La la la", " ♪")),
        ("♫Il pleut♫", ("♫", "Il pleut", "♫")),
        ("** Gras **", ("** ", "Gras", " **")),
    ],
)
def test_a_line_between_two_of_one_sign_is_translated_between_them(line, held):
    assert between_signs(line) == held


@pytest.mark.parametrize(
    "line",
    [
        "Il fait froid.",
        "« Oui »",
        "*Attention* : lire",
        "♪ ♪",
        "$servicename$",  # a placeholder: "$service$" came out
        "...le ministre des Finances...",  # punctuation, not a sign
        "...avant d'enregistrer un document.",
    ],
)
def test_a_line_not_between_two_of_one_sign_is_none(line):
    assert between_signs(line) is None


def test_translate_keeps_the_words_of_a_song_between_its_signs(run_cli):
    """As two protected spans around them, fr-en wrote ``♪ La la la ♪`` as "♪ ♪"."""
    result = run_cli(["translate"], input="♪ Il pleut ♪\n".encode())
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("♪ ") and result.stdout.endswith(" ♪\n")
    assert len(result.stdout.split()) > 2
