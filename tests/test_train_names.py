"""Names in training pairs: the words written the same on both sides that a model must copy,
and the same pair with other names on both sides."""

from __future__ import annotations

from nmt_cli.protect.spans import SpanFinder
from nmt_cli.training.names import NamedPair, name_pool, new_names, pair_names, swap_pair

FINDER = SpanFinder()


def names(src: str, tgt: str) -> tuple[str, ...]:
    return pair_names(FINDER, src, tgt)


def test_names_are_capitalised_words_written_the_same_on_both_sides_in_source_order():
    src = "Hier, Amélie et Jean-Pierre ont vu O'Neil à Montpellier."
    tgt = "Yesterday, Amélie and Jean-Pierre saw O'Neil in Montpelier."
    assert names(src, tgt) == ("Amélie", "Jean-Pierre", "O'Neil")


def test_the_first_word_of_either_side_is_not_a_name():
    assert names("Paris est belle, dit Marie à Paris.", "Paris is nice, Marie says.") == ("Marie",)
    assert names("Il a vu Marie.", "Marie was seen by him.") == ()


def test_acronyms_lowercase_words_and_protected_spans_are_not_names():
    src = "Voir la NASA et https://Example.org/Doc avec le code Ctrl+Shift+Foo et paris."
    tgt = "See NASA and https://Example.org/Doc with the code Ctrl+Shift+Foo and paris."
    assert names(src, tgt) == ()
    assert names("Il voit Tromsø.", "He sees Tromsø.") == ("Tromsø",)


def test_a_swapped_pair_keeps_its_word_count_and_has_the_same_new_name_on_both_sides():
    pair = NamedPair(
        "Hier, Amélie a écrit à Amélie et à Jean-Pierre.",
        "Yesterday, Amélie wrote to Amélie and Jean-Pierre.",
        ("Amélie", "Jean-Pierre"),
    )
    pool = ["Amélie", "Jean-Pierre", "Oksana", "Tromsø", "Zoë", "D'Artagnan"]
    mapping = new_names(pair.names, pool, seed=1, epoch=1, pair=7)
    assert mapping is not None and set(mapping) == {"Amélie", "Jean-Pierre"}
    assert len(set(mapping.values())) == 2 and not set(mapping.values()) & set(pair.names)
    src, tgt = swap_pair(FINDER, pair, mapping)
    a, b = mapping["Amélie"], mapping["Jean-Pierre"]
    assert src == f"Hier, {a} a écrit à {a} et à {b}."
    assert tgt == f"Yesterday, {a} wrote to {a} and {b}."
    assert len(src.split()) == len(pair.src.split()) and len(tgt.split()) == len(pair.tgt.split())


def test_the_new_names_depend_only_on_seed_epoch_and_pair_and_change_across_epochs():
    pool = [f"Name{c}ab" for c in "abcdefghijklmnopqrstuvwxyz"]  # 26 names
    draws = [new_names(("Amélie",), pool, 3, epoch, 5) for epoch in range(1, 9)]
    assert draws == [new_names(("Amélie",), pool, 3, epoch, 5) for epoch in range(1, 9)]
    assert len({d["Amélie"] for d in draws}) > 1
    assert new_names(("Amélie",), ["Amélie"], 3, 1, 5) is None  # no other name to give


def test_the_pool_is_the_distinct_names_of_the_pairs_and_a_larger_one_is_a_fixed_draw():
    pairs = [NamedPair("", "", ("Zoë", "Amélie")), NamedPair("", "", ("Amélie",))]
    assert name_pool(pairs) == ["Amélie", "Zoë"]
    many = [NamedPair("", "", (f"Nom{i}a",)) for i in range(100)]
    assert name_pool(many, size=10) == name_pool(many, size=10)
    assert len(name_pool(many, size=10)) == 10
