"""Decision rules: which hard links each rule reads from one attention matrix.

Matrices are made by hand, rows target words, columns source words; links are (source,
target), sorted, as Pharaoh prints them.
"""

from __future__ import annotations

import pytest
import torch

from nmt_cli.align.links import symmetrise
from nmt_cli.align.rules import RULES, LinkRule, column_argmax, row_argmax

# Target 3's row maximum (source 0, tied with source 3) is not column 0's maximum (target 0):
# the rules that ask both directions leave target 3 unlinked.
WEIGHTS = torch.tensor(
    [
        [0.50, 0.40, 0.05, 0.05],  # target 0 -> source 0
        [0.10, 0.80, 0.05, 0.05],  # target 1 -> source 1
        [0.10, 0.10, 0.10, 0.70],  # target 2 -> source 3; also column 2's maximum
        [0.45, 0.05, 0.05, 0.45],  # target 3: a tie, source 0 wins
    ]
)


def links(name: str, weights: torch.Tensor = WEIGHTS, threshold: float = 0.5):
    return LinkRule(name, threshold).links(weights)


def test_argmax_links_every_target_word_to_its_row_maximum():
    assert links("argmax") == [(0, 0), (0, 3), (1, 1), (3, 2)]


def test_a_tie_goes_to_the_first_maximal_cell_of_a_row_and_of_a_column():
    assert (0, 3) in row_argmax(WEIGHTS) and (3, 3) not in row_argmax(WEIGHTS)
    tied_column = torch.tensor([[0.5, 0.5], [0.5, 0.5]])
    assert column_argmax(tied_column) == {(0, 0), (1, 0)}  # both columns: target 0
    assert links("mutual", tied_column) == [(0, 0)]  # target 1's maximum is source 0 too


def test_threshold_keeps_every_cell_of_at_least_p_and_a_row_may_get_none_or_several():
    assert links("threshold", threshold=0.45) == [(0, 0), (0, 3), (1, 1), (3, 2), (3, 3)]
    assert links("threshold", threshold=0.6) == [(1, 1), (3, 2)]  # target 0 and 3: none
    assert links("threshold", threshold=1.0) == []


def test_mutual_keeps_a_cell_only_when_it_is_the_maximum_of_its_row_and_of_its_column():
    # Target 3's maximum is source 0, but source 0's maximum is target 0: no link for target 3.
    assert links("mutual") == [(0, 0), (1, 1), (3, 2)]


def test_grow_diag_adds_the_neighbours_of_mutual_links_from_either_direction():
    # Column 2's maximum (target 2) neighbours the mutual link (3, 2) and aligns source word 2,
    # which had no link: added. Target 3's row maximum (0, 3) touches no link: left out.
    assert column_argmax(WEIGHTS) == {(0, 0), (1, 1), (2, 2), (3, 2)}
    assert links("grow-diag") == [(0, 0), (1, 1), (2, 2), (3, 2)]


def test_mutual_grown_gives_grow_diags_links_only_to_the_source_words_mutual_leaves_unlinked():
    weights = torch.tensor(
        [
            [0.80, 0.10, 0.10],  # target 0 -> source 0, mutual
            [0.10, 0.80, 0.10],  # target 1 -> source 1, mutual
            [0.10, 0.50, 0.40],  # target 2 -> source 1; column 2's maximum
            [0.10, 0.10, 0.35],  # target 3 -> source 2
        ]
    )
    assert links("mutual", weights) == [(0, 0), (1, 1)]  # source 2 unlinked
    assert links("grow-diag", weights) == [(0, 0), (1, 1), (1, 2), (2, 2), (2, 3)]
    # source 1 keeps its one mutual link; source 2 takes what growing gave it
    assert links("mutual-grown", weights) == [(0, 0), (1, 1), (2, 2), (2, 3)]
    assert links("mutual-grown") == links("grow-diag")  # WEIGHTS: growing linked source 2 only


def test_grow_diag_symmetrises_as_the_teachers_grow_diag_final_and_without_the_final_step():
    rows, columns = sorted(row_argmax(WEIGHTS)), sorted(column_argmax(WEIGHTS))
    final_and = symmetrise(rows, columns, "grow-diag-final-and")
    assert set(links("grow-diag")) <= set(final_and)
    assert set(links("mutual")) == set(symmetrise(rows, columns, "intersect"))


@pytest.mark.parametrize("name", RULES)
def test_every_rule_gives_no_links_for_an_empty_matrix_and_sorted_links_otherwise(name):
    assert links(name, torch.zeros(0, 3)) == []
    found = links(
        name, torch.softmax(torch.randn(5, 7, generator=torch.Generator().manual_seed(0)), 1)
    )
    assert found == sorted(set(found)) and all(0 <= s < 7 and 0 <= t < 5 for s, t in found)


@pytest.mark.parametrize("name", ["argmax", "mutual", "grow-diag", "mutual-grown"])
def test_a_permutation_matrix_is_read_back_by_every_rule_that_takes_maxima(name):
    order = [2, 0, 3, 1]  # target i is source order[i]
    weights = torch.full((4, 4), 0.1).index_put_(
        (torch.arange(4), torch.tensor(order)), torch.tensor(0.7)
    )
    assert links(name, weights) == sorted((s, t) for t, s in enumerate(order))


def test_an_unknown_rule_or_a_threshold_outside_zero_one_is_refused():
    with pytest.raises(ValueError, match="unknown link rule 'best'"):
        LinkRule("best")
    with pytest.raises(ValueError, match=r"\(0, 1\]"):
        LinkRule("threshold", 0.0)
