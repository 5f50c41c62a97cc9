"""The subword tokenizer as a spec: round trips, fixed special ids, normalisation, bad input."""

from __future__ import annotations

import pytest
from conftest import corpus_lines, corpus_words
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nmt_cli.errors import ConfigError, InputError, UsageError
from nmt_cli.model.spelling import ByteSpelling
from nmt_cli.model.tokenizer import MODELS, Tokenizer
from nmt_cli.model.tokenizer_training import train_tokenizer
from nmt_cli.vocab import SPECIAL_TOKENS

ROUND_TRIP = settings(max_examples=100, deadline=None)


@pytest.fixture(scope="module")
def tokenizers() -> dict[str, Tokenizer]:
    """One small tokenizer per model type, all trained on the generated corpus."""
    return {m: train_tokenizer(corpus_lines(), vocab_size=400, model=m)[0] for m in MODELS}


# Pieces of text a translation corpus meets and a tokenizer may get wrong.
_TRICKY = st.sampled_from(
    [
        "",
        " ",
        "  ",
        "\t",
        "Ein Mann läuft.",
        "😀",
        "👍🏽",
        "👩\u200d👩\u200d👧",  # emoji, skin tone modifier, ZWJ sequence
        "e\u0301",
        "a\u0308\u0323",
        "\u0301",  # combining marks, one with no base
        "שלום עולם",
        "مرحبا بالعالم",
        "\u200f",
        "\u202b",  # RTL text and direction marks
        "\u00a0",
        "\u202f",
        "\u200b",
        "\u2009",
        "\u3000",  # unusual spaces
        "ﬁ",
        "Ａ",
        "①",
        "ǅ",
        "\u2581",
        "_",
        "##",  # NFKC changes, the word mark itself
        "你好",
        "日本語",
        "\x00",
        "\x7f",
    ]
)
arbitrary_text = st.lists(
    st.one_of(st.text(max_size=12), _TRICKY, st.sampled_from(SPECIAL_TOKENS)), max_size=8
).map("".join)


@pytest.mark.parametrize("model", ["bpe", "unigram"])
@ROUND_TRIP
@given(text=arbitrary_text)
@example(text="")
@example(text="😀 e\u0301 שלום مرحبا ①")
def test_decode_of_encode_gives_back_the_normalised_text(tokenizers, model, text):
    tok = tokenizers[model]
    expected = tok.normalise(text)
    assert tok.decode(tok.encode(text)) == expected
    assert tok.decode_pieces(tok.pieces(text)) == expected  # the CLI's path: pieces, not ids


@pytest.mark.parametrize("model", ["bpe", "unigram"])
@pytest.mark.parametrize("text", ["a <s> b", "x</s>", "<pad>", "<unk>"])
def test_text_that_spells_a_special_token_round_trips(tokenizers, model, text):
    tok = tokenizers[model]
    assert tok.decode(tok.encode(text)) == tok.normalise(text)


@given(
    words=st.lists(st.sampled_from(corpus_words()), max_size=12),
    gaps=st.lists(st.sampled_from([" ", "  ", "\t", "\u00a0"]), min_size=12, max_size=12),
)
@ROUND_TRIP
def test_wordpiece_round_trips_text_made_of_seen_words(tokenizers, words, gaps):
    # WordPiece has no byte fallback: unseen characters become <unk>, so only seen text
    # can round-trip.
    tok = tokenizers["wordpiece"]
    text = "".join(g + w for g, w in zip(gaps, words, strict=False))
    assert tok.decode(tok.encode(text)) == tok.normalise(text) == " ".join(words)


def test_wordpiece_maps_unseen_characters_to_unk(tokenizers):
    tok = tokenizers["wordpiece"]
    assert SPECIAL_TOKENS[1] in tok.pieces("😀")
    assert tok.decode(tok.encode("Ein 😀")) == "Ein"


def test_bpe_and_unigram_keep_unseen_characters_as_bytes(tokenizers):
    for model in ("bpe", "unigram"):
        tok = tokenizers[model]
        assert "<unk>" not in tok.pieces("😀 שלום")
        assert "<0xF0>" in tok.pieces("😀")


@pytest.mark.parametrize("model", MODELS)
def test_special_tokens_have_fixed_ids_whatever_the_training_data(tmp_path, model):
    german = corpus_lines()[:200]
    other = [f"{i} + {i * 7} = {i * 8} ; αβγ {i % 13}" for i in range(300)]
    for lines in (german, other):
        tok, _ = train_tokenizer(lines, vocab_size=500, model=model, min_frequency=1)
        tok.save(tmp_path / "t.json")
        for t in (tok, Tokenizer.load(tmp_path / "t.json")):
            assert [t.piece_to_id(p) for p in SPECIAL_TOKENS] == [0, 1, 2, 3]
            assert [t.id_to_piece(i) for i in range(4)] == ["<pad>", "<unk>", "<s>", "</s>"]
            assert 0 not in t.encode(lines[0])  # padding never appears in an encoding


@pytest.mark.parametrize(
    ("raw", "normalised"),
    [
        ("Ein\u00a0Mann", "Ein Mann"),  # no-break space
        ("10\u202f000", "10 000"),  # narrow no-break space
        ("Ein\u2009Mann", "Ein Mann"),  # thin space
        ("Ein\u200bMann", "EinMann"),  # zero-width space: removed, not a space
        ("  Ein \t\u00a0 Mann  ", "Ein Mann"),  # runs folded, ends stripped
        ("ﬁ Ａ", "fi A"),  # NFKC
    ],
)
def test_normalisation_of_spaces_and_compatibility_characters(small_tokenizer, raw, normalised):
    assert small_tokenizer.normalise(raw) == normalised
    assert small_tokenizer.encode(raw) == small_tokenizer.encode(normalised)
    assert small_tokenizer.decode(small_tokenizer.encode(raw)) == normalised


def test_lowercase_option_lowercases_everything():
    lines = corpus_lines()
    lower, _ = train_tokenizer(lines, vocab_size=400, lowercase=True)
    cased, _ = train_tokenizer(lines, vocab_size=400)
    assert lower.normalise("Ein MANN Läuft") == "ein mann läuft"
    assert lower.encode("Ein MANN Läuft") == lower.encode("ein mann läuft")
    assert lower.decode(lower.encode("Ein MANN")) == "ein mann"
    assert cased.decode(cased.encode("Ein MANN")) == "Ein MANN"
    # No piece learnt from the data has a capital letter (byte pieces aside).
    learnt = [lower.id_to_piece(i) for i in range(lower.vocab_size)]
    assert not [p for p in learnt if not p.startswith("<") and p != p.lower()]


@pytest.mark.parametrize("model", MODELS)
def test_each_model_type_trains_and_encodes(tokenizers, model):
    tok = tokenizers[model]
    assert tok.model_type == model
    assert len(SPECIAL_TOKENS) < tok.vocab_size <= 400
    for line in corpus_lines()[::40]:
        ids = tok.encode(line)
        assert ids and all(3 < i < tok.vocab_size for i in ids)
        assert tok.decode(ids) == line
        assert tok.starts_word(ids[0])


def test_training_reports_corpus_statistics():
    lines = corpus_lines()
    tok, stats = train_tokenizer(lines, vocab_size=400)
    assert stats.vocab_size == tok.vocab_size
    assert stats.lines == stats.sampled_lines == len(lines)
    assert stats.characters == sum(len(line) for line in lines)
    assert stats.subwords_per_line > 1
    assert stats.unknown_char_share == 0.0


@pytest.mark.parametrize(("model", "mentions_bytes"), [("bpe", True), ("wordpiece", False)])
def test_vocab_too_small_for_special_tokens_and_alphabet_is_a_config_error(model, mentions_bytes):
    with pytest.raises(ConfigError) as info:
        train_tokenizer(corpus_lines(), vocab_size=20, model=model)
    message = str(info.value)
    assert message.startswith("--vocab-size 20 is too small")
    assert ("256 byte pieces" in message) is mentions_bytes
    needed = int(message.split(" need ")[1].split(";")[0])
    assert needed > 20
    # The number it asks for is enough.
    tok, _ = train_tokenizer(corpus_lines(), vocab_size=needed, model=model)
    assert tok.vocab_size <= needed


@pytest.mark.parametrize("lines", [[], [""], ["", "   ", "\t"], ["\u00a0\u200b", "\u3000"]])
def test_empty_input_is_an_input_error(lines):
    with pytest.raises(InputError, match="no text to train on"):
        train_tokenizer(lines, vocab_size=400)


def test_unknown_model_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown tokenizer model 'bpe2'"):
        train_tokenizer(corpus_lines(), vocab_size=400, model="bpe2")


@pytest.mark.parametrize("model", MODELS)
def test_the_characters_a_vocabulary_has_no_piece_for_are_told(tokenizers, model):
    """What model/spelling.py tells protect/spans.py: a sign training never showed is spelled
    in bytes (or <unk>); a character of the corpus, or one normalisation maps to one, is not."""
    tok = tokenizers[model]
    seen = "".join(corpus_lines()[:50])
    spelling = ByteSpelling(tok)
    assert spelling("{x} ~ ′ ☃") == {"{", "}", "~", "′", "☃"}
    assert spelling(seen) == set()
    assert not spelling("\uff45")  # a full-width e: NFKC makes it e
    # a letter of a script the corpus has letters of is a name's (inference/names.py); one of
    # a script it has none of is told, as a sign is
    assert spelling("Láďa Šternberk") == set()
    assert spelling("Mélange 中文 Ω et שלום") == {"中", "文", "Ω", "ש", "ל", "ו", "ם"}
