"""A line of columns (parts between tabs, as a spreadsheet's row pasted in) comes out with its
tabs, each part translated as a line of its own (nmt_cli/inference/columns.py)."""

from __future__ import annotations

import json

from conftest import translated_lines

from nmt_cli.inference.columns import translate_columns
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translator import Translator

ROW = "Nom\tPrénom\tVille"


def test_each_column_is_translated_as_a_line_and_the_tabs_stay(run_cli):
    [row] = translated_lines(run_cli, [ROW])
    alone = translated_lines(run_cli, ROW.split("\t"))
    assert row.split("\t") == alone


def test_a_columns_spaces_and_an_empty_column_stay(run_cli):
    [row] = translated_lines(run_cli, ["Nom :\t Jean \t\tOui"])
    parts = row.split("\t")
    assert len(parts) == 4 and parts[1] == " Jean " and parts[2] == ""


def test_a_row_is_one_hypothesis_scored_and_aligned_as_a_whole(run_cli):
    result = run_cli(
        ["translate", "--format", "jsonl", "--align", "--nbest", "2"],
        input=f"{ROW}\n".encode(),
    )
    assert result.exit_code == 0, result.stderr
    [record] = [json.loads(x) for x in result.stdout.splitlines()]
    assert record["translation"].count("\t") == 2 and record["log_prob"] < 0
    links = [tuple(map(int, x.split("-"))) for x in record["alignment"].split()]
    n_source, n_target = len(ROW.split()), len(record["translation"].split())
    assert links and all(s < n_source and t < n_target for s, t in links)


def test_a_line_with_one_worded_column_is_translated_as_a_line(run_cli):
    """Its text as the line alone, the empty column's tab kept after it (a line's end's white
    space is kept)."""
    [alone] = translated_lines(run_cli, ["Il fait froid."])
    assert translated_lines(run_cli, ["Il fait froid.\t"]) == [alone + "\t"]


def test_a_documents_text_of_several_lines_is_translated_line_by_line():
    """A paragraph's line breaks (an address, a letter's greeting: markup/segments.py) reach the
    translator as \\n: each line is a text of its own, the breaks kept, aligned as a whole."""
    translator = Translator.load(LoadOptions("fr-en", threads=1))
    lines = ["Service du personnel", "12 rue de la Paix", "Cordialement,"]
    [[whole]] = translator.translate(["\n".join(lines)], with_alignment=True)
    alone = [nbest[0].text for nbest in translator.translate(lines)]
    assert whole.text.split("\n") == alone
    n_source, n_target = len(" ".join(lines).split()), len(whole.text.split())
    assert whole.alignment and all(s < n_source and t < n_target for s, t in whole.alignment)


def test_labels_between_bullets_are_translated_each_as_a_line(run_cli):
    """A page's menu read as one sentence lost its first label: "· Blog · on · Contact"."""
    menu = "Accueil · Blog · À propos • Contact"
    [row] = translated_lines(run_cli, [menu])
    alone = translated_lines(run_cli, ["Accueil", "Blog", "À propos", "Contact"])
    assert row == f"{alone[0]} · {alone[1]} · {alone[2]} • {alone[3]}"
    sentence = "Le point · est un signe que la phrase de plus de huit mots lit comme un tout."
    assert translate_columns(None, [sentence], False, None) is None  # a sentence: read whole


def test_labels_between_bars_or_slashes_are_translated_each_as_a_line(run_cli):
    """Read as one sentence, fr-en lost a label ("Accueil | Produits | Contact": "| Products |
    Contact") or left one French and glued ("Oui / Non": "Yes /Non")."""
    rows = translated_lines(run_cli, ["Accueil | Produits | Contact", "Oui / Non / Annuler"])
    alone = translated_lines(run_cli, ["Accueil", "Produits", "Contact", "Oui", "Non", "Annuler"])
    assert rows == [" | ".join(alone[:3]), " / ".join(alone[3:])]
    # not a command's pipe, a ratio in brackets, prose or a title's long part: read whole
    for line in (
        "cat a.txt | grep b",
        "Centre (X / Y) :",
        "Le rapport public / privé.",
        "Soins palliatifs - La meilleure façon de mourir | Le Devoir",
    ):
        assert translate_columns(None, [line], False, None) is None, line


def test_a_titles_parts_between_dashes_are_translated_each_as_a_line(run_cli):
    """A page's title pasted as a line: read as one sentence, fr-en lost its first part
    ("Accueil — Mairie de Lyon": "— Map of Lyon")."""
    rows = translated_lines(run_cli, ["Accueil — Mairie de Lyon", "Contact - Mon site"])
    alone = translated_lines(run_cli, ["Accueil", "Mairie de Lyon", "Contact", "Mon site"])
    assert rows == [f"{alone[0]} — {alone[1]}", f"{alone[2]} - {alone[3]}"]
    # prose's dashes, a score, a range and a dateline before a sentence: read whole
    for line in (
        "Il est venu — enfin — hier.",
        "Lyon 2 - 1 Paris",
        "Des enfants de 10 – 12 ans.",
        "Paris - Le président a annoncé une réforme hier soir.",
    ):
        assert translate_columns(None, [line], False, None) is None, line


def test_a_form_feed_between_two_pages_of_a_line_keeps_both_pages_words(run_cli):
    """``Page A<FF>Page B`` (a form feed, as a text's page break): each page translated as a
    line of its own, the form feed written as a space; read as one sentence, "Page A" was lost."""
    [line] = translated_lines(run_cli, ["Page A\fPage B"])
    alone = translated_lines(run_cli, ["Page A", "Page B"])
    assert line == " ".join(alone)
