"""`nmt train --placeholder-share`: in a share of the training pairs, the spans found on both
sides become the reserved placeholders <ph0>, <ph1>... on both sides, matched by their text or,
for numbers, by their value; which pairs show them depends only on seed, epoch and pair; with
guided alignment, the links follow the words; a share of 0 leaves the data as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from nmt_cli.align.links import NORMALISED_WORD, WHITESPACE_WORD, LinksFile, word_spans
from nmt_cli.errors import ConfigError
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.settings import from_dict
from nmt_cli.training.batching import epoch_batches
from nmt_cli.training.config import CorpusFiles, TrainConfig
from nmt_cli.training.data import load_corpora
from nmt_cli.training.placeholders import mask_pair, remap_links, shows_placeholders

FINDER = SpanFinder()
FR_EN = ("fr", "en")


def masked(src: str, tgt: str, languages=FR_EN) -> tuple[str, str] | None:
    pair = mask_pair(FINDER, src, tgt, languages)
    return None if pair is None else (pair.src.text, pair.tgt.text)


def test_spans_on_both_sides_become_placeholders_numbered_in_source_order():
    assert masked(
        "Voir https://insee.fr/x ou écrire à info@insee.fr.",
        "Write to info@insee.fr or see https://insee.fr/x.",
    ) == ("Voir <ph0> ou écrire à <ph1>.", "Write to <ph1> or see <ph0>.")


def test_numbers_match_by_value_in_the_target_languages_form():
    assert masked(
        "Le budget 2025 prévoit 27 306,5 millions, soit 14,8 %.",
        "The 2025 budget plans 27,306.5 million, or 14.8%.",
    ) == (
        "Le budget <ph0> prévoit <ph1> millions, soit <ph2> %.",
        "The <ph0> budget plans <ph1> million, or <ph2>%.",
    )


def test_without_languages_numbers_match_only_by_their_text():
    assert masked("soit 14,8 et 2025", "or 14.8 and 2025", None) == (
        "soit 14,8 et <ph0>",
        "or 14.8 and <ph0>",
    )


def test_a_span_on_one_side_only_stays_as_it_is():
    assert masked("Le chapitre 3 de release-7.3", "Chapter three of release-7.3") == (
        "Le chapitre 3 de <ph0>",
        "Chapter three of <ph0>",
    )
    assert masked("Il fait froid.", "It is cold.") is None
    assert masked("En 2024.", "In 2025.") is None


def test_a_repeated_span_is_matched_once_per_occurrence():
    assert masked("De 10 à 10 personnes", "From 10 to 10 people") == (
        "De <ph0> à <ph1> personnes",
        "From <ph0> to <ph1> people",
    )


def test_at_most_sixteen_spans_a_pair_become_placeholders():
    numbers = " et ".join(str(n) for n in range(20))  # 0 et 1 et 2 ...
    src, tgt = masked(numbers, numbers)
    assert src.split()[::2] == [f"<ph{k}>" for k in range(16)] + ["16", "17", "18", "19"]
    assert src == tgt


def words(line: str, pattern) -> list[str]:
    return [line[a:b] for a, b in word_spans(line, pattern)]


def test_links_follow_their_words_and_a_placeholder_links_to_its_counterpart():
    src, tgt = "voir https://a.fr/b et 12", "see 12 and https://a.fr/b"
    pair = mask_pair(FINDER, src, tgt, FR_EN)
    assert (pair.src.text, pair.tgt.text) == ("voir <ph0> et <ph1>", "see <ph1> and <ph0>")
    # whitespace words: voir https://a.fr/b et 12 | see 12 and https://a.fr/b
    links = [(0, 0), (1, 3), (3, 1), (2, 3)]  # the last one wrong: "et" into the URL
    assert remap_links(links, pair, WHITESPACE_WORD) == [(0, 0), (1, 3), (3, 1)]
    # normalised words: voir https : / / a . fr / b et 12 | see 12 and https : / / a . fr / b
    url_src, url_tgt = range(1, 10), range(3, 12)
    links = [(0, 0), *zip(url_src, url_tgt), (11, 1), (10, 3)]  # "et" - "https"
    # after: voir < ph0 > et < ph1 > | see < ph1 > and < ph0 >, each placeholder's three words
    # to each of its counterpart's
    ph0 = [(i, j) for i in (1, 2, 3) for j in (5, 6, 7)]
    ph1 = [(i, j) for i in (5, 6, 7) for j in (1, 2, 3)]
    assert remap_links(links, pair, NORMALISED_WORD) == sorted([(0, 0), *ph0, *ph1])
    assert words(pair.src.text, NORMALISED_WORD)[1:4] == ["<", "ph0", ">"]


def test_which_pairs_show_placeholders_depends_only_on_seed_epoch_and_pair():
    drawn = [shows_placeholders(1, 1, pair, 0.3) for pair in range(2000)]
    assert drawn == [shows_placeholders(1, 1, pair, 0.3) for pair in range(2000)]
    assert 0.25 < sum(drawn) / 2000 < 0.35
    assert drawn != [shows_placeholders(1, 2, pair, 0.3) for pair in range(2000)]
    assert drawn != [shows_placeholders(2, 1, pair, 0.3) for pair in range(2000)]
    assert not any(shows_placeholders(1, 1, pair, 0.0) for pair in range(2000))
    assert all(shows_placeholders(1, 1, pair, 1.0) for pair in range(2000))


def test_the_share_is_a_setting_between_0_and_1():
    assert from_dict(TrainConfig, {"placeholder_share": 0.4}, "[train]").placeholder_share == 0.4
    with pytest.raises(ConfigError, match="placeholder_share"):
        from_dict(TrainConfig, {"placeholder_share": 1.5}, "[train]")


PAIRS = [
    (
        "Voir la page https://example.org/a pour 12 pommes.",
        "See https://example.org/a for 12 apples.",
    ),
    ("Il fait froid.", "It is cold."),
    ("Le chapitre 3 commence.", "Chapter 3 begins."),
    ("Une phrase sans rien.", "A sentence with nothing."),
] * 5


@pytest.fixture
def corpus(tmp_path: Path) -> CorpusFiles:
    (tmp_path / "s").write_text("".join(s + "\n" for s, _ in PAIRS), encoding="utf-8")
    (tmp_path / "t").write_text("".join(t + "\n" for _, t in PAIRS), encoding="utf-8")
    return CorpusFiles(str(tmp_path / "s"), str(tmp_path / "t"))


def masker(src: str, tgt: str):
    return mask_pair(FINDER, src, tgt, FR_EN)


def test_a_share_of_0_reads_and_batches_the_data_as_without_placeholders(corpus, small_tokenizer):
    tok = small_tokenizer.with_placeholders()
    plain = load_corpora([corpus], tok, 100)
    with_versions = load_corpora([corpus], tok, 100, masker=masker)
    assert len(with_versions) == len(plain) == len(PAIRS)
    assert with_versions.src[: len(PAIRS)] == plain.src and plain.variants == {}
    assert sorted(with_versions.variants) == [k for k in range(len(PAIRS)) if k % 4 in (0, 2)]
    for epoch in (1, 2):
        assert epoch_batches(with_versions, 200, 1, epoch, placeholder_share=0.0) == (
            epoch_batches(plain, 200, 1, epoch)
        )


def test_a_share_shows_the_placeholder_versions_of_the_pairs_drawn(corpus, small_tokenizer):
    tok = small_tokenizer.with_placeholders()
    data = load_corpora([corpus], tok, 100, masker=masker)
    shown = [i for b in epoch_batches(data, 200, 1, 1, placeholder_share=1.0) for i in b]
    assert sorted(shown) == sorted(data.variants.get(k, k) for k in range(len(PAIRS)))
    version = data.variants[0]
    assert tok.decode(data.src[version]) == "Voir la page <ph0> pour <ph1> pommes."
    assert tok.decode(data.tgt[version]) == "See <ph0> for <ph1> apples."
    half = [i for b in epoch_batches(data, 200, 1, 1, placeholder_share=0.5) for i in b]
    assert half == [i for b in epoch_batches(data, 200, 1, 1, placeholder_share=0.5) for i in b]
    assert 0 < len(set(half) & set(data.variants.values())) < len(data.variants)


def test_a_guided_pairs_placeholder_version_links_placeholder_to_placeholder(
    corpus, small_tokenizer, tmp_path
):
    tok = small_tokenizer.with_placeholders()
    lines = []
    for s, t in PAIRS:  # each word to the same word, over whitespace words
        sw, tw = s.split(), t.split()
        lines.append(" ".join(f"{i}-{tw.index(w)}" for i, w in enumerate(sw) if w in tw))
    (tmp_path / "links").write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    teacher = LinksFile(str(tmp_path / "links"), WHITESPACE_WORD)
    data = load_corpora([corpus], tok, 100, guided=True, teacher=teacher, masker=masker)
    version = data.variants[0]
    src = [tok.id_to_piece(i) for i in data.src[version]]
    tgt = [tok.id_to_piece(i) for i in data.tgt[version]]
    flat = data.links[version]
    linked = {(src[i], tgt[j]) for i, j in zip(flat[0::2], flat[1::2])}
    assert ("<ph0>", "<ph0>") in linked and ("<ph1>", "<ph1>") in linked
    assert all("<ph" not in a + b or a == b for a, b in linked)
    assert len(data.links) == len(data.src)
