"""A line whose double marks are all escaped (``\\"Enregistrer\\"``, a catalogue's string pasted
as a line), or whose quotations are in single marks (``'Enregistrer'``), is translated as the
line with plain double marks, its marks written back in its form
(nmt_cli/inference/escaped_quotes.py)."""

from __future__ import annotations

import json

from conftest import translated_lines


def test_a_line_of_escaped_marks_is_translated_as_with_plain_marks_then_escaped(run_cli):
    plain, escaped = translated_lines(
        run_cli, ['Cliquez sur "Enregistrer".', 'Cliquez sur \\"Enregistrer\\".']
    )
    assert plain.count('"') == 2
    assert escaped == plain.replace('"', '\\"')


def test_a_line_quoting_in_single_marks_is_translated_as_with_double_marks(run_cli):
    double, straight, curly = translated_lines(
        run_cli,
        ['Cliquez sur "Enregistrer".', "Cliquez sur 'Enregistrer'.", "Cliquez sur ‘Enregistrer’."],
    )
    assert straight == double.replace('"', "'")
    assert curly == double.replace('"', "‘", 1).replace('"', "’", 1)


def test_an_apostrophe_inside_a_word_is_no_mark(run_cli):
    [line] = translated_lines(run_cli, ["Le bouton 'Annuler' ferme l'onglet."])
    assert "'Cancel'" in line


def test_a_jsonl_records_sentences_keep_the_lines_marks(run_cli):
    result = run_cli(["translate", "--format", "jsonl"], input=b"Cliquez sur 'Enregistrer'.\n")
    assert result.exit_code == 0, result.stderr
    [sentence] = json.loads(result.stdout)["sentences"]
    assert sentence["source"] == "Cliquez sur 'Enregistrer'." and '"' not in sentence["translation"]
