"""A model trained with placeholders: its tokenizer holds <ph0>..<ph15> as pieces of their own
(a fine-tuned model's tokenizer gains them, and its embeddings rows for them), a placeholder
decodes as a word of its own, and `nmt translate` masks spans with them where the model has
them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from conftest import assert_one_error_line
from model_fixtures import TRANSFORMER_CONFIG, make_model_dir

from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.model.bundle import load_bundle, read_config, with_new_rows
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.protect.placeholders import FALLBACK, RESERVED, numbered_apart, numbered_back
from nmt_cli.vocab import PLACEHOLDERS

AS_GIVEN_PROTECTED = TranslatorOptions(split=False)  # spans protected, lines not split

PRETRAINED = Path(__file__).resolve().parents[1] / "pretrained"
SHIPPED = PRETRAINED / "de-en-multi30k-transformer"  # a tokenizer without placeholders
pytest_plugins = ["model_fixtures"]

PLAIN = ["Il fait froid ce matin.", "Le budget 2025 prévoit 27 306,5 millions d'euros."]


@pytest.fixture(scope="module")
def shipped() -> Tokenizer:
    return Tokenizer.load(SHIPPED)


def test_a_shipped_tokenizer_gains_the_placeholders_after_its_vocabulary(shipped, tmp_path):
    assert not shipped.reserves_placeholders
    tok = shipped.with_placeholders()
    assert tok.reserves_placeholders and tok.vocab_size == shipped.vocab_size + 16
    assert [tok.encode(name) for name in PLACEHOLDERS] == [[8000 + k] for k in range(16)]
    assert [tok.encode(line) for line in PLAIN] == [shipped.encode(line) for line in PLAIN]
    tok.save(tmp_path / "tokenizer.json")
    again = Tokenizer.load(tmp_path / "tokenizer.json")
    assert again.reserves_placeholders and again.with_placeholders().vocab_size == 8016


def test_the_default_model_was_trained_with_the_placeholders_after_its_vocabulary():
    tok = Tokenizer.load(PRETRAINED / "fr-en")
    assert tok.reserves_placeholders and tok.vocab_size == 8016
    assert [tok.encode(name) for name in PLACEHOLDERS] == [[8000 + k] for k in range(16)]
    assert read_config(PRETRAINED / "fr-en")[1:] == (8016, 8016)


@pytest.mark.parametrize(
    "text",
    [
        "the <ph0> report",
        "See <ph0>.",
        "Write to <ph1> or see <ph0>, then (<ph2>): done.",
        "<ph0> is the address",
        "From <ph0> to <ph1> am",
        "Change the '<ph0>' dictionary?",  # interface strings quote a value: '%1', "%s"
        'Use "<ph0>" for numbers',
        "Open <ph0>'s settings",  # an English clitic stays on its word
        "Ouvrir l'<ph0> ou “<ph1>”",
        "default = Tab/<ph0> or LineFeed / <ph1>",  # a slash glued to a word stays on it
    ],
)
def test_a_placeholder_decodes_as_a_word_of_its_own(shipped, text):
    tok = shipped.with_placeholders()
    assert tok.decode(tok.encode(text)) == text


def test_a_double_quote_the_model_closed_with_a_single_one_decodes_as_a_pair(shipped):
    tok = shipped.with_placeholders()  # the model's own, for French « %s »
    assert tok.decode(tok.encode("Delete file \" <ph0> '?")) == 'Delete file "<ph0>"?'
    assert tok.decode(tok.encode('Delete " <ph0>”?')) == 'Delete "<ph0>"?'  # a curly one
    assert tok.decode(tok.encode('Save " <ph0> “?')) == 'Save "<ph0>"?'  # closed by an opening one
    assert tok.decode(tok.encode('Delete “<ph0>"?')) == 'Delete "<ph0>"?'
    assert tok.decode(tok.encode("Delete “ <ph0> ”?")) == "Delete “<ph0>”?"  # a curly pair


def test_a_placeholder_touching_a_word_decodes_apart_from_it(shipped):
    tok = shipped.with_placeholders()
    assert tok.decode(tok.encode("le<ph0>rapport")) == "le <ph0> rapport"
    assert shipped.decode(shipped.encode("the report")) == "the report"


def test_a_placeholder_starts_a_word_and_the_full_stop_after_it_does_not():
    tok = Tokenizer.load(PRETRAINED / "fr-en")
    assert tok.word_starts(tok.encode("see <ph0>.")) == [True, True, False]  # see | <ph0>.
    for text in ["the <ph0> report", "(<ph2>) and <ph1>, then", "Il fait froid ce matin."]:
        assert sum(tok.word_starts(tok.encode(text))) == len(text.split())


def test_the_new_pieces_rows_start_like_the_others_and_unlike_each_other():
    weights = torch.randn(500, 8) * 0.3 + 1.0
    other = torch.ones(3)
    grown = with_new_rows({"embed": weights, "bias": other}, {"embed": (516, 8), "bias": (3,)}, 16)
    new = grown["embed"][500:]  # (16, 8)
    assert torch.equal(grown["embed"][:500], weights)  # the old rows are kept as they were
    assert len({tuple(row.tolist()) for row in new}) == 16  # no two alike
    assert new.mean().item() == pytest.approx(1.0, abs=0.15)  # about the others' mean and spread
    assert new.std().item() == pytest.approx(0.3, abs=0.1)
    assert grown["bias"] is other  # not a vocabulary matrix: untouched


@pytest.fixture(scope="module")
def tiny_with_placeholders(tmp_path_factory, small_tokenizer) -> Path:
    tok = small_tokenizer.with_placeholders()
    return make_model_dir(tmp_path_factory.mktemp("ph-model"), TRANSFORMER_CONFIG, tok)


def test_translate_masks_spans_with_the_models_reserved_placeholders(
    tiny_with_placeholders, transformer_model_dir
):
    line = "Siehe https://example.org/a und 12 Bücher."
    translator = Translator.load(
        LoadOptions(str(tiny_with_placeholders)), options=AS_GIVEN_PROTECTED
    )
    assert translator.protection.form is RESERVED
    masked = translator.protection.mask(line)
    assert masked.text == "Siehe <ph0> und <ph1> Bücher."
    pieces = translator.tok.pieces(masked.text)
    assert "<ph0>" in pieces and "<ph1>" in pieces
    out = translator.translate([line])[0][0].text
    assert out.split().count("https://example.org/a") == 1 and "<ph" not in out
    without = Translator.load(LoadOptions(str(transformer_model_dir)), options=AS_GIVEN_PROTECTED)
    assert without.protection.form is FALLBACK
    assert without.protection.mask(line).text == "Siehe 101 und 102 Bücher."


def test_each_sentence_of_a_line_numbers_its_placeholders_from_zero(tiny_with_placeholders):
    """A line's later sentences held <ph8>..., which training never showed in a sentence of
    two spans: the model garbled them and numbers were lost or swapped."""
    line = "Es kostet 5 Euro, nicht 7. Siehe https://example.org/a und 12 Bücher."
    translator = Translator.load(
        LoadOptions(str(tiny_with_placeholders)), options=TranslatorOptions()
    )
    assert translator.protection.mask(line).text.endswith("Siehe <ph2> und <ph3> Bücher.")
    [t] = translator.translate([line])[0]
    first, second = t.sentences
    assert "<ph0>" in second.src_pieces and "<ph2>" not in second.src_pieces
    assert (second.source, "<ph0>" in first.src_pieces) == (
        "Siehe https://example.org/a und 12 Bücher.",
        True,
    )
    for span in ("5", "7", "https://example.org/a", "12"):
        assert t.text.split().count(span) + t.text.count(span + ".") >= 1, t.text
    assert "<ph" not in t.text


def test_numbered_apart_and_back_give_the_line_its_numbers():
    form = RESERVED
    text, back = numbered_apart("Siehe <ph2> und <ph3> Bücher.", form)
    assert (text, back) == ("Siehe <ph0> und <ph1> Bücher.", {0: 2, 1: 3})
    # the model's words, a swap and a name the sentence had not: that one numbered past any line
    assert numbered_back("<ph1> and <ph0> <ph5>", form, back) == "<ph3> and <ph2> <ph10005>"
    assert numbered_apart("Siehe <ph0> und <ph1>.", form) == ("Siehe <ph0> und <ph1>.", {})
    assert numbered_apart("Siehe 103 und 104.", FALLBACK) == ("Siehe 103 und 104.", {})


def test_a_sentence_s_spans_past_the_taught_names_take_fallback_numbers_and_come_back():
    line = "Remplacez " + ", ".join(f"<ph{k}> par <ph{k + 1}>" for k in range(0, 12, 2)) + "."
    text, back = numbered_apart(line, RESERVED)
    assert text.endswith("<ph6> par <ph7>, 101 par 102, 103 par 104.")
    assert back == {k: k for k in range(12)}
    # the model's own number, past the sentence's fallback names, stays its own
    written = "Replace <ph7> by 101 and 104, 2000 times."
    assert (
        numbered_back(written, RESERVED, back) == "Replace <ph7> by <ph8> and <ph11>, 2000 times."
    )


def fine_tune_args(init: Path, tmp_path: Path, *more) -> list:
    """`nmt train --init INIT` on 40 pairs that share a number and a URL, 4 steps."""
    pairs = [
        (
            f"Das Haus {n} steht auf https://example.org/{n}.",
            f"The house {n} is on https://example.org/{n}.",
        )
        for n in range(40)
    ]
    for name, side in (("train.de", 0), ("train.en", 1)):
        (tmp_path / name).write_text("".join(p[side] + "\n" for p in pairs), encoding="utf-8")
    src, tgt = tmp_path / "train.de", tmp_path / "train.en"
    return [
        "train", "--init", init, "--src", src, "--tgt", tgt, "--valid-src", src,
        "--valid-tgt", tgt, "--max-steps", "4", "--valid-every", "4", "--batch-tokens", "300",
        "--threads", "1", *more,
    ]  # fmt: skip


def test_fine_tuning_with_placeholders_saves_the_grown_tokenizer_and_weights(
    transformer_model_dir, tmp_path, run_cli
):
    run = tmp_path / "tuned"
    more = ("--placeholder-share", "0.5", "--output", run)
    result = run_cli(fine_tune_args(transformer_model_dir, tmp_path, *more))
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stderr.split())
    assert "placeholders: 40 of 40 training pairs share spans" in said
    assert "gained 16 pieces" in said
    assert json.loads((run / "run.json").read_text())["train"]["placeholder_share"] == 0.5
    _, src_vocab, _ = read_config(run)
    assert src_vocab == read_config(transformer_model_dir)[1] + 16
    bundle = load_bundle(run)
    assert bundle.tokenizer.reserves_placeholders
    before = load_bundle(transformer_model_dir).model.state_dict()
    after = bundle.model.state_dict()
    name = next(k for k, v in before.items() if v.shape[0] == src_vocab - 16 and v.dim() == 2)
    assert after[name].shape[0] == src_vocab


def test_a_run_begun_without_placeholders_cannot_resume_with_them(
    transformer_model_dir, tmp_path, run_cli
):
    run = tmp_path / "plain"
    result = run_cli(fine_tune_args(transformer_model_dir, tmp_path, "--output", run))
    assert result.exit_code == 0, result.stderr
    resumed = ["train", "--resume", run, "--placeholder-share", "0.5", "--max-steps", "8", "-q"]
    assert_one_error_line(run_cli(resumed), "placeholder_share", "no placeholders")
