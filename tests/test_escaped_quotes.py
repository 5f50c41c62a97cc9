"""A line whose double marks are all escaped (``\\"Enregistrer\\"``, a catalogue's string pasted
as a line) is translated as the line with plain marks, its marks escaped again
(nmt_cli/inference/escaped_quotes.py)."""

from __future__ import annotations

from conftest import translated_lines


def test_a_line_of_escaped_marks_is_translated_as_with_plain_marks_then_escaped(run_cli):
    plain, escaped = translated_lines(
        run_cli, ['Cliquez sur "Enregistrer".', 'Cliquez sur \\"Enregistrer\\".']
    )
    assert plain.count('"') == 2
    assert escaped == plain.replace('"', '\\"')

