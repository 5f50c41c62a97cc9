"""Quotation marks are taken out of a line before translation and put back around the words
aligned to those they enclosed: a pair in is a pair out, well nested, written as the target
language writes it."""

from __future__ import annotations

import re

import pytest
from conftest import translated_lines

from nmt_cli.inference.quotes import requoted, unquoted
from nmt_cli.inference.translation import Translation


def _translated(source: str, text: str, links, target: str | None = "en") -> str:
    quoted = unquoted(source)
    assert quoted is not None
    t = Translation(source=quoted.text, text=text, score=0.0, alignment=links)
    return requoted(t, quoted, target).text


def test_the_model_reads_the_line_without_its_marks_or_the_spaces_inside_them():
    quoted = unquoted("« Nous avons l’espace », a-t-il dit")
    assert quoted.text == "Nous avons l’espace, a-t-il dit"
    assert [(e.first, e.end) for e in quoted.enclosures] == [(0, 3)]
    # each word the model reads counts as the line's word it comes from
    assert quoted.words == (1, 2, 3, 5, 6)


def test_a_mark_between_two_words_leaves_them_apart():
    assert unquoted('le "mot"suivant').text == "le mot suivant"


@pytest.mark.parametrize(
    "line",
    [
        'Un écran de 27" suffit.',  # an inch mark
        '"Je viens, dit-il. Et toi',  # a quotation the next line closes
        "« Oui » et « non",
        "Rien à citer",
        "« »",  # a pair around nothing
        'Tapez print("bonjour") dans la console.',  # a string in code
        'La clé {"a": 1} est lue.',
    ],
)
def test_a_line_whose_marks_do_not_pair_up_is_translated_as_it_is(line):
    assert unquoted(line) is None


def test_marks_inside_a_protected_span_are_the_span_s():
    line = 'Lancez grep -r "mot clé" src/'
    assert unquoted(line, [(7, len(line))]) is None


def test_a_pair_goes_around_the_target_words_aligned_to_its_words():
    # Le fichier « $file$ » n'existe pas.  ->  The file $file$ does not exist.
    links = [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5)]
    assert _translated(
        "Le fichier « $file$ » n'existe pas.", "The file $file$ does not exist.", links
    ) == ("The file “$file$” does not exist.")


def test_a_pair_around_the_whole_line_goes_around_the_whole_translation():
    # the alignment left "really" unlinked: it stays inside the marks
    assert _translated("« Vraiment pas ? »", "Not really?", [(1, 0)]) == "“Not really?”"


def test_a_pair_follows_the_words_where_the_order_changes():
    # Propriétés de « %1 »  ->  %1 Properties
    assert (
        _translated("Propriétés de « %1 »", "%1 Properties", [(0, 1), (2, 0)]) == "“%1” Properties"
    )


def test_a_closing_mark_before_the_source_s_full_stop_stays_before_it():
    assert _translated('"croisés".', "crusaders.", [(0, 0)]) == '"crusaders".'


def test_a_closing_mark_goes_before_the_source_s_punctuation_after_the_word_s_own():
    line = '"Standard (court)", "Standard (long)".'
    links = [(0, 0), (1, 1), (2, 2), (3, 3)]
    text = "Standard (short), Standard (long)."
    assert _translated(line, text, links) == '"Standard (short)", "Standard (long)".'


def test_closing_marks_on_one_word_close_from_the_inside_out():
    line = "« Il a dit « oui », puis « non ». »"
    links = [(0, 0), (1, 1), (2, 1), (3, 2), (4, 3), (5, 4)]
    assert _translated(line, "He said yes, then no.", links) == "“He said ‘yes’, then ‘no’.”"


def test_a_french_question_mark_after_the_pair_stays_after_it():
    line = "Modifier la langue du dictionnaire « %1 » ?"
    links = [(0, 0), (1, 3), (2, 4), (3, 4), (4, 5), (5, 5)]
    text = "Change the language of dictionary %1?"
    assert _translated(line, text, links) == "Change the language of dictionary “%1”?"


def test_punctuation_inside_the_pair_stays_inside():
    assert _translated("« Vraiment ? »", "Really?", [(0, 0), (1, 0)]) == "“Really?”"


def test_an_opening_mark_after_a_bracket_stays_inside_it():
    line = "équipes (« toute une réussite », dit-il)"
    links = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    assert _translated(line, "teams (all a success, he says)", links) == (
        "teams (“all a success”, he says)"
    )


def test_marks_inside_angle_brackets_stay_inside_them():
    """fr-en wrote ``Le paramètre <« hôte »> est requis.`` as "The “<hôte>” parameter...": the
    brackets moved inside the marks."""
    links = [(0, 0), (1, 2), (2, 1), (3, 3), (4, 4)]
    text = "The <hôte> parameter is required."
    for line in ["Le paramètre <« hôte »> est requis.", "Le paramètre <«hôte»> est requis."]:
        assert _translated(line, text, links) == "The <“hôte”> parameter is required."


def test_straight_marks_stay_straight_and_typographic_ones_become_the_target_s():
    links = [(0, 0), (1, 1)]
    assert _translated('"Bonjour" Marie', "Hello Marie", links) == '"Hello" Marie'
    assert _translated("„Guten Tag“ Marie", "Hello Marie", [(0, 0), (1, 0), (2, 1)]) == (
        "“Hello” Marie"
    )
    assert _translated("« Bonjour » Marie", "Hello Marie", links, None) == "«Hello» Marie"


def test_german_guillemets_pointing_inwards_are_a_pair_too():
    # »Der Hund« (German's guillemets point at the words): de-en lost them, and the words
    quoted = unquoted("Das Buch heißt »Der Hund«.")
    assert quoted is not None and quoted.text == "Das Buch heißt Der Hund."
    links = [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5)]
    assert _translated("Das Buch heißt »Der Hund«.", "The book is called the dog.", links) == (
        "The book is called “the dog”."
    )
    assert _translated("»Hallo« Marie", "Hello Marie", [(0, 0), (1, 1)], None) == "»Hello« Marie"


def test_a_german_opening_mark_closed_by_an_english_one_is_a_pair():
    # „Willkommen” as a keyboard set for English types it: de-en-multi30k-rnn wrote
    # 'A child is holding a sign that says "Wans.', one straight mark left of the pair
    links = [(0, 0), (1, 1), (2, 2)]
    assert _translated("Ein Schild: „Willkommen”.", "A sign: welcome.", links) == (
        "A sign: “welcome”."
    )
    assert unquoted("„Hallo” und „Tschüss“").text == "Hallo und Tschüss"


def test_translate_keeps_german_guillemets_as_english_marks(run_cli):
    # de-en-multi30k-rnn wrote "A man is reading identical time while a man sits in the park."
    line = "Ein Mann liest »Die Zeit« im Park."
    result = run_cli(["translate", "-m", "de-en-multi30k-rnn", line])
    assert result.exit_code == 0, result.stderr
    assert _pairs(result.stdout) == ["“", "”"], result.stdout


def test_a_nested_pair_takes_the_target_s_inner_marks():
    line = "« Il a dit “oui” »"
    assert _translated(line, "He said yes", [(0, 0), (2, 1), (3, 2)]) == "“He said ‘yes’”"


def _with_label(line: str, text: str, links) -> str:
    """``_translated`` where the line's “...” is a quoted label's span, its marks its own."""
    label = (line.index("“"), line.index("”") + 1)
    quoted = unquoted(line, [label])
    t = Translation(source=quoted.text, text=text, score=0.0, alignment=links)
    return requoted(t, quoted, "en").text


def test_a_quoted_label_inside_a_quotation_takes_the_target_s_inner_marks():
    # the label's marks are its span's, kept in the text the model read: fr-en wrote
    # "He answered: “Click “Valid” and then wait.”", the label closing like the quotation
    line = "Il a répondu : « Cliquez sur “Valider” puis attendez. »"
    links = [(0, 0), (2, 1), (4, 2), (6, 3), (7, 4), (7, 5), (8, 6)]
    text = "He answered: Click “Validate” and then wait."
    assert _with_label(line, text, links) == "He answered: “Click ‘Validate’ and then wait.”"
    # a label of two words; one outside the quotation keeps its marks
    links = [(0, 0), (1, 1), (2, 2)]
    assert _with_label("« Choisissez “Mode avion” »", "Choose “Airplane mode”", links) == (
        "“Choose ‘Airplane mode’”"
    )
    links = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert _with_label("« Oui », cliquez sur “OK”", "Yes, click on “OK”", links) == (
        "“Yes”, click on “OK”"
    )


def test_translate_writes_a_quoted_label_inside_a_quotation_in_inner_marks(run_cli):
    result = run_cli(["translate", "Il a répondu : « Cliquez sur “Valider” puis attendez. »"])
    assert result.exit_code == 0, result.stderr
    assert _pairs(result.stdout.replace("‘", "").replace("’", "")) == ["“", "”"]
    assert re.search(r"‘\w+’", result.stdout), result.stdout


def test_french_marks_with_their_spaces_count_as_words_of_their_own():
    quoted = unquoted("“Hello” Mary")
    t = Translation(
        source=quoted.text,
        text="Bonjour Marie",
        score=0.0,
        alignment=[(0, 0), (1, 1)],
        word_scores=[-1.0, -2.0],
    )
    out = requoted(t, quoted, "fr")
    assert out.text == "«\u00a0Bonjour\u00a0» Marie"
    assert out.text.split() == ["«", "Bonjour", "»", "Marie"]
    assert out.alignment == [(0, 1), (1, 3)]
    assert out.word_scores == [0.0, -1.0, 0.0, -2.0]


def _pairs(text: str) -> list[str]:
    return re.findall(r"[«»“”\"]", text)


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Le fichier « $file$ » n'existe pas.", "“$file$”"),
        ("Propriétés de « %1 »", "“%1”"),
        ("Seul le signe « = » permet de comparer les colonnes.", "“=”"),
    ],
)
def test_translate_keeps_a_quoted_value_in_one_pair_of_marks(run_cli, line, kept):
    # the model's own translation: LibreOffice's memory holds two of these lines as written
    result = run_cli(["translate", "--no-model-memory", line])
    assert result.exit_code == 0, result.stderr
    assert kept in result.stdout
    assert _pairs(result.stdout) == ["“", "”"]


def test_translate_reads_the_word_after_an_opening_mark_as_a_word(run_cli):
    # "Ma femme..." came out as "Ma wife...": the word after the mark was read letter by letter
    result = run_cli(["translate", '"Ma femme a mis en place un mariage et je le respecte".'])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith('"My wife')
    assert _pairs(result.stdout) == ['"', '"']


def test_translate_keeps_a_quoted_file_name_with_spaces_whole_in_the_target_s_marks(run_cli):
    # fr-en wrote "“My notes file (copia)” .docx was restored."
    result = run_cli(["translate", "Le fichier « Mes notes (copie).docx » a été restauré."])
    assert result.exit_code == 0, result.stderr
    assert "“Mes notes (copie).docx”" in result.stdout, result.stdout


def test_translate_keeps_a_quoted_file_name_after_a_verb_that_acts_on_it(run_cli):
    # fr-en wrote "The “final.pdf could not be opened”": "rapport" lost, the marks moved
    result = run_cli(["translate", "Impossible d'ouvrir « rapport final.pdf »."])
    assert result.exit_code == 0, result.stderr
    assert "“rapport final.pdf”" in result.stdout, result.stdout


def test_a_pair_after_an_elided_article_goes_around_the_noun_not_the_english_article():
    """fr-en wrote ``Modifiez l'« hôte » du serveur.`` "Change “the” server host.": the
    alignment links ``l'hôte`` to "the" alone."""
    source = "Modifiez l'« hôte » du serveur."
    text = "Change the server host."
    assert _translated(source, text, [(0, 0), (1, 1), (3, 2)]) == "Change the server “host”."
    # a run longer than the article loses the article only
    links = [(0, 0), (1, 1), (1, 2)]
    assert _translated("Modifiez l'« hôte ».", "Change the host.", links) == "Change the “host”."
    # no elision: the marks stay where the alignment puts them
    assert _translated("Modifiez « l'hôte ».", "Change the host.", [(0, 0), (1, 1), (1, 2)]) == (
        "Change “the host”."
    )


def test_translate_puts_the_marks_after_an_elided_article_around_the_noun(run_cli):
    (out,) = translated_lines(run_cli, ["Modifiez l'« hôte » du serveur."], "-m", "fr-en")
    assert "“host”" in out and "“the”" not in out, out
