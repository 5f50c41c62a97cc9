"""`nmt train --name-swap-share`: in a share of the training pairs, drawn anew each epoch, the
names written the same on both sides are replaced on both sides by other names of the training
data, so that a model learns to copy names it has never seen; a share of 0 changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from train_fixtures import keep_torch_state, write_parallel  # noqa: F401 (autouse)

from nmt_cli.align.links import WHITESPACE_WORD, LinksFile
from nmt_cli.errors import ConfigError
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.settings import from_dict
from nmt_cli.training.batching import epoch_batches
from nmt_cli.training.config import CorpusFiles, TrainConfig
from nmt_cli.training.data import load_corpora
from nmt_cli.training.names import NamedPair, name_pool, new_names, pair_names, swap_pair
from nmt_cli.training.swaps import swap_epoch

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


def test_the_share_is_a_setting_between_0_and_1():
    assert from_dict(TrainConfig, {"name_swap_share": 0.3}, "[train]").name_swap_share == 0.3
    with pytest.raises(ConfigError, match="name_swap_share"):
        from_dict(TrainConfig, {"name_swap_share": -0.1}, "[train]")


PAIRS = [
    ("Hier, Amélie est allée à Montpellier.", "Yesterday, Amélie went to Montpellier."),
    ("Il fait froid.", "It is cold."),
    ("Le train de Jean-Pierre part de Lyon.", "Jean-Pierre's train leaves from Lyon."),
    ("Ensuite Zoë a appelé Oksana.", "Then Zoë called Oksana."),
] * 6


@pytest.fixture
def corpus(tmp_path: Path) -> CorpusFiles:
    (tmp_path / "s").write_text("".join(s + "\n" for s, _ in PAIRS), encoding="utf-8")
    (tmp_path / "t").write_text("".join(t + "\n" for _, t in PAIRS), encoding="utf-8")
    return CorpusFiles(str(tmp_path / "s"), str(tmp_path / "t"))


def namer(src: str, tgt: str) -> tuple[str, ...]:
    return pair_names(FINDER, src, tgt)


def loaded(corpus, tok, **kwargs):
    data = load_corpora([corpus], tok, 100, namer=namer, **kwargs)
    data.name_pool = name_pool(data.named.values())
    return data


def decoded(data, tok) -> dict[int, tuple[str, str]]:
    """This epoch's swapped versions as text, by pair."""
    return {p: (tok.decode(data.src[i]), tok.decode(data.tgt[i])) for p, i in data.swapped.items()}


def test_the_pairs_with_names_are_found_and_their_names_make_the_pool(corpus, small_tokenizer):
    data = loaded(corpus, small_tokenizer)
    assert sorted(data.named) == [k for k in range(len(PAIRS)) if k % 4 != 1]
    assert data.name_pool == ["Amélie", "Lyon", "Montpellier", "Oksana", "Zoë"]


def test_a_share_of_0_batches_the_data_as_without_the_option(corpus, small_tokenizer):
    plain = load_corpora([corpus], small_tokenizer, 100)
    data = loaded(corpus, small_tokenizer)
    for epoch in (1, 2):
        swap_epoch(data, small_tokenizer, 1, epoch, 0.0, 100)
        assert data.swapped == {} and data.src == plain.src and data.tgt == plain.tgt
        assert epoch_batches(data, 200, 1, epoch) == epoch_batches(plain, 200, 1, epoch)


def test_each_epoch_swaps_a_share_of_the_pairs_with_names_the_same_on_a_reload(
    corpus, small_tokenizer
):
    tok = small_tokenizer
    data = loaded(corpus, tok)
    swap_epoch(data, tok, 1, 1, 0.5, 100)
    first = decoded(data, tok)
    assert 0 < len(first) < len(data.named) and len(data) == len(PAIRS)
    shown = [i for b in epoch_batches(data, 200, 1, 1) for i in b]
    assert sorted(shown) == sorted(data.swapped.get(k, k) for k in range(len(PAIRS)))
    for pair, (src, tgt) in first.items():
        assert (src, tgt) != PAIRS[pair] and len(src.split()) == len(PAIRS[pair][0].split())
        gone = [n for n in data.named[pair].names if n not in src]
        assert gone and all(n not in tgt for n in gone)
    again = loaded(corpus, tok)  # a resumed run reads the data anew
    swap_epoch(again, tok, 1, 1, 0.5, 100)
    assert again.swapped == data.swapped
    assert [again.src[i] for i in again.swapped.values()] == [
        data.src[i] for i in data.swapped.values()
    ]
    swap_epoch(data, tok, 1, 2, 0.5, 100)  # the next epoch: other pairs or other names
    second = decoded(data, tok)
    assert second != first and len(data.src) == len(PAIRS) + len(second)


def test_a_guided_pairs_swapped_version_keeps_its_links(corpus, small_tokenizer, tmp_path):
    lines = []
    for s, t in PAIRS:  # each word to the same word, over whitespace words
        sw, tw = s.split(), t.split()
        lines.append(" ".join(f"{i}-{tw.index(w)}" for i, w in enumerate(sw) if w in tw))
    (tmp_path / "links").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    teacher = LinksFile(str(tmp_path / "links"), WHITESPACE_WORD)
    data = loaded(corpus, small_tokenizer, guided=True, teacher=teacher)
    swap_epoch(data, small_tokenizer, 1, 1, 1.0, 100)
    assert data.swapped and len(data.links) == len(data.src)
    for version in data.swapped.values():
        assert len(data.links[version]) > 0  # the names' links hold on the new pieces
        assert max(data.links[version][0::2]) < len(data.src[version])
        assert max(data.links[version][1::2]) < len(data.tgt[version])


def test_a_run_swapping_names_trains_and_resumes_as_an_uninterrupted_one(
    run_cli, small_tokenizer_path, tmp_path
):
    data = write_parallel(tmp_path / "data", PAIRS * 3, n_valid=4)
    args = [
        "train", *data.args(), "--tokenizer", small_tokenizer_path, "--emb-size", "8",
        "--hidden-size", "8", "--threads", "1", "--seed", "5", "--batch-tokens", "300",
        "--valid-every", "4", "--name-swap-share", "0.5",
    ]  # fmt: skip
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    r = run_cli([*args, "--output", whole, "--max-steps", "8"])
    assert r.exit_code == 0, r.stderr
    assert "names: a pool of 5 names; 54 of 72 training pairs (75.0%) hold one" in r.stderr
    r = run_cli([*args, "--output", parts, "--max-steps", "4", "-q"])
    assert r.exit_code == 0, r.stderr
    r = run_cli(["train", "--resume", parts, "--max-steps", "8", "--threads", "1", "-q"])
    assert r.exit_code == 0, r.stderr
    final = "checkpoints/step-00000008/model.safetensors"
    assert (whole / final).read_bytes() == (parts / final).read_bytes()
    plain = [a if a != "0.5" else "0" for a in args]  # the swaps changed what was learned
    r = run_cli([*plain, "--output", tmp_path / "plain", "--max-steps", "8", "-q"])
    assert r.exit_code == 0, r.stderr
    assert (whole / final).read_bytes() != (tmp_path / "plain" / final).read_bytes()
