"""ICU MessageFormat's plural and select messages (nmt_cli/protect/icu.py): the pieces of their
structure are protected spans, each branch's text is left to translate, and the pieces keep
their order whatever the model wrote."""

from __future__ import annotations

import pytest

from nmt_cli.protect.format_strings import order_groups
from nmt_cli.protect.placeholders import FALLBACK, mask
from nmt_cli.protect.placement import held, place_spans
from nmt_cli.protect.spans import SpanFinder

FIND = SpanFinder()


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FIND.find(line)]


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Vous avez {count, plural, =0 {aucun fichier} one {# fichier} other {# fichiers}}.",
            [
                ("icu", "{count, plural, =0 {"),
                ("icu", "} one {"),
                ("icu", "#"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
            ],
        ),
        (
            "{g, select, male {Il} other {Iel}} et {n, plural, offset:1 one {{name}} other {#}}",
            [
                ("icu", "{g, select, male {"),
                ("icu", "} other {"),
                ("icu", "}}"),
                ("icu", "{n, plural, offset:1 one {"),
                ("placeholder", "{name}"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
            ],
        ),
        (
            "Le {n, selectordinal, one {#er} other {#e}} prix.",
            [
                ("icu", "{n, selectordinal, one {"),
                ("icu", "#"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
            ],
        ),
        (  # a select's # is text; ICU's quotes make text of what they enclose
            "{n, plural, one {l''objet '{#}'} other {# objets}} {g, select, other {n° #}}",
            [
                ("icu", "{n, plural, one {"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
                ("icu", "{g, select, other {"),
                ("icu", "}}"),
            ],
        ),
    ],
)
def test_an_icu_messages_structure_is_found_in_pieces_and_its_branch_texts_are_left(line, expected):
    assert spans(line) == expected


@pytest.mark.parametrize(
    "line", ["Un {x, plural, one {jamais fermé}", "{x, plural}", "Le pluriel {x, select, }"]
)
def test_a_message_that_is_not_well_formed_has_no_structure(line):
    assert [kind for kind, _ in spans(line) if kind == "icu"] == []


def test_the_structure_comes_out_well_formed_whatever_order_the_model_wrote_it_in():
    line = "Vous avez {n, plural, one {# fichier} other {# fichiers}}."
    found = FIND.find(line)
    m = mask(line, found, [s.text for s in found], FALLBACK)
    assert m.text == "Vous avez 101 102 fichier 103 104 fichiers 105."
    # the model swapped the branches' delimiters and dropped the closing one
    text = "You have 101 104 file 103 102 files."
    placed = place_spans(
        text,
        held(m.text, FALLBACK, 5),
        m.outputs,
        m.glue,
        FALLBACK,
        None,
        8,
        order_groups(found),
        m.touching,
    )
    # each piece once, in the source's order: a well-formed message, the dropped end at the end
    assert placed.text.startswith("You have {n, plural, one {# file} other {# files")
    assert placed.text.endswith("}}") and placed.text.count("}}") == 1
