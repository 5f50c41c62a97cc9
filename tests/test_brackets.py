"""A bracket the model set apart as a word of its own is written against the word it encloses,
where the source writes that bracket so; the word alignment and word scores count the joined
words."""

from __future__ import annotations

from nmt_cli.align.pharaoh import to_pharaoh
from nmt_cli.inference.brackets import closed_up, joins
from nmt_cli.inference.translation import Translation


def translation(source: str, text: str, links: str = "", sentences=()) -> Translation:
    alignment = [tuple(map(int, link.split("-"))) for link in links.split()]
    scores = [-float(k + 1) for k in range(len(text.split()))]  # word k: -(k+1)
    return Translation(source, text, -1.0, alignment=alignment, word_scores=scores,
                       sentences=list(sentences))  # fmt: skip


def test_a_lone_opening_bracket_is_written_against_the_word_after_it():
    t = closed_up(translation("Impression recto-verso (bord long)", "Print recto-verso ( long)"))
    assert t.text == "Print recto-verso (long)"


def test_a_lone_closing_bracket_is_written_against_the_word_before_it():
    t = closed_up(translation("Valeurs (datavalue) des colonnes", "Values (datavalue ) of columns"))
    assert t.text == "Values (datavalue) of columns"
    assert closed_up(translation("Liste [vide]", "List [ empty ]")).text == "List [empty]"


def test_a_source_that_sets_its_brackets_apart_keeps_the_translation():
    t = translation("la conversion ( 1 + 2 ) est faite", "the conversion ( 1 + 2 ) is done")
    assert closed_up(t).text == t.text
    # a kind of bracket the source writes both ways is left as the model wrote it
    t = translation("f(x) vaut ( a + b )", "f(x) is ( a + b )")
    assert closed_up(t).text == t.text


def test_a_bracket_the_source_has_not_is_left_alone():
    t = translation("Le Coran était leur constitution", "The Coran [ was their constitution")
    assert closed_up(t).text == t.text


def test_two_brackets_are_not_joined_to_each_other():
    assert joins("Appelez f()", ["Call", "f", "(", ")"]) == []
    assert joins("Liste (vide)", ["List", "(", ")", "empty"]) == []


def test_the_alignment_and_the_word_scores_count_the_joined_words():
    # source: Impression(0) recto-verso(1) (bord(2) long)(3)
    t = translation(
        "Impression recto-verso (bord long)", "Print recto-verso ( long)", "0-0 1-1 2-2 3-3"
    )
    closed = closed_up(t)
    assert closed.text.split() == ["Print", "recto-verso", "(long)"]
    assert to_pharaoh(closed.alignment) == "0-0 1-1 2-2 3-2"
    assert closed.word_scores == [-1.0, -2.0, -3.0 - 4.0]


def test_a_line_of_sentences_is_joined_sentence_by_sentence():
    first = translation("Recto-verso (bord long).", "Recto-verso ( long).")
    second = translation("Calcul ( 1 + 2 ) fait.", "Calculation ( 1 + 2 ) done.")
    line = translation(
        f"{first.source} {second.source}", f"{first.text} {second.text}", sentences=[first, second]
    )
    closed = closed_up(line)
    assert [s.text for s in closed.sentences] == ["Recto-verso (long).", second.text]
    assert closed.text == " ".join(s.text for s in closed.sentences)
    assert len(closed.word_scores) == len(closed.text.split())


def test_translate_writes_the_bracket_against_its_word(run_cli):
    result = run_cli(["translate", "--align", "Impression recto-verso (bord long)"])
    assert result.exit_code == 0, result.stderr
    text, links = result.stdout.rstrip("\n").split(" ||| ")
    assert "( " not in text
    assert all(int(t) < len(text.split()) for _, t in (link.split("-") for link in links.split()))
