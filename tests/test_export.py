"""`nmt export`: a compact copy of a trained model (float16 weights by default)."""

from __future__ import annotations

import json
import stat

import pytest
import torch
from conftest import assert_one_error_line
from safetensors.torch import load_file

from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.bundle import load_bundle, save_bundle
from nmt_cli.search.beam import beam_search


def test_export_halves_the_weights_and_still_translates(tmp_path, run_cli, small_tokenizer):
    torch.manual_seed(0)
    model = build_model(
        ModelConfig(emb_size=16, hidden_size=16, dropout=0.0), small_tokenizer.vocab_size,
        small_tokenizer.vocab_size,
    )  # fmt: skip
    save_bundle(tmp_path / "run", model, small_tokenizer, meta={"best": {"step": 3}})
    result = run_cli(["export", tmp_path / "run", "--output", tmp_path / "small"])
    assert result.exit_code == 0, result.stderr
    weights = load_file(str(tmp_path / "small" / "model.safetensors"))
    assert all(t.dtype == torch.float16 for t in weights.values() if t.is_floating_point())
    full = (tmp_path / "run" / "model.safetensors").stat().st_size
    half = (tmp_path / "small" / "model.safetensors").stat().st_size
    assert half < 0.55 * full
    mode = (tmp_path / "small" / "model.safetensors").stat().st_mode
    assert mode & stat.S_IRGRP  # readable by others, like any file the user writes
    a = run_cli(["translate", "-m", tmp_path / "run", "-k", "1"], input=b"Ein Mann\n")
    b = run_cli(["translate", "-m", tmp_path / "small", "-k", "1"], input=b"Ein Mann\n")
    assert a.exit_code == b.exit_code == 0
    assert load_bundle(tmp_path / "small").meta["best"] == {"step": 3}


def test_export_keeps_the_recorded_languages(tmp_path, run_cli, small_tokenizer):
    vocab = small_tokenizer.vocab_size
    model = build_model(ModelConfig(emb_size=16, hidden_size=16), vocab, vocab)
    save_bundle(tmp_path / "run", model, small_tokenizer, languages=("de", "en"))
    result = run_cli(["export", tmp_path / "run", "--output", tmp_path / "small"])
    assert result.exit_code == 0, result.stderr
    assert load_bundle(tmp_path / "run").languages == ("de", "en")
    assert load_bundle(tmp_path / "small").languages == ("de", "en")


TINY = ModelConfig(emb_size=16, hidden_size=16)


@pytest.fixture
def searched_alphas(monkeypatch) -> list[float]:
    """The length penalty alpha of every beam search run in this test, in order."""
    import nmt_cli.search.decoding as decoding

    seen: list[float] = []

    def recording(*args, penalty: LengthPenalty, **kwargs):
        seen.append(penalty.alpha)
        return beam_search(*args, penalty=penalty, **kwargs)

    monkeypatch.setattr(decoding, "beam_search", recording)
    return seen


def test_export_records_the_length_penalty_translate_then_uses(
    tmp_path, run_cli, small_tokenizer, searched_alphas
):
    vocab = small_tokenizer.vocab_size
    save_bundle(tmp_path / "run", build_model(TINY, vocab, vocab), small_tokenizer)
    exported = run_cli(["export", tmp_path / "run", "-o", tmp_path / "m", "--length-penalty=1.6"])
    assert exported.exit_code == 0, exported.stderr
    config = json.loads((tmp_path / "m" / "config.json").read_text(encoding="utf-8"))
    assert config["length_penalty"] == 1.6

    for model, flags in [("m", []), ("m", ["--length-penalty", "0.2"]), ("run", [])]:
        result = run_cli(["translate", "-m", tmp_path / model, *flags, "Ein Mann läuft."])
        assert result.exit_code == 0, result.stderr
    # the model's own; an explicit flag wins; a model that records none gets the usual 0.6
    assert searched_alphas == [1.6, 0.2, 0.6]

    again = run_cli(["export", tmp_path / "m", "-o", tmp_path / "m2", "--dtype", "float32"])
    assert again.exit_code == 0, again.stderr
    kept = load_bundle(tmp_path / "m2").length_penalty  # kept unless a new one is given
    assert kept == LengthPenalty(1.6)


@pytest.mark.parametrize("value", ["-1", "11"])
def test_export_refuses_a_length_penalty_out_of_range(tmp_path, run_cli, small_tokenizer, value):
    vocab = small_tokenizer.vocab_size
    save_bundle(tmp_path / "run", build_model(TINY, vocab, vocab), small_tokenizer)
    result = run_cli(["export", tmp_path / "run", "-o", tmp_path / "m", "--length-penalty", value])
    assert_one_error_line(result, "--length-penalty", code=2)
    assert not (tmp_path / "m").exists()


@pytest.mark.parametrize("value", ['"high"', "-0.5", "true"])
def test_a_config_with_a_bad_length_penalty_is_a_one_line_error(
    tmp_path, run_cli, small_tokenizer, value
):
    vocab = small_tokenizer.vocab_size
    save_bundle(tmp_path / "m", build_model(TINY, vocab, vocab), small_tokenizer)
    path = tmp_path / "m" / "config.json"
    path.write_text(path.read_text().replace('"model":', f'"length_penalty": {value}, "model":'))
    result = run_cli(["translate", "-m", tmp_path / "m", "Ein Mann"])
    assert_one_error_line(result, "config.json", "length_penalty")


def _tiny_model_dir(path, tokenizer, known_words=None):
    model = build_model(
        ModelConfig(emb_size=8, hidden_size=8, dropout=0.0), tokenizer.vocab_size,
        tokenizer.vocab_size,
    )  # fmt: skip
    save_bundle(path, model, tokenizer, known_words=known_words)
    return path


def test_export_replaces_an_earlier_model_whole_and_nothing_else(
    tmp_path, run_cli, small_tokenizer
):
    """A model directory is replaced as a whole (no file of the old one left beside the new);
    a directory of anything else, or a file, is refused with one line and left as it was."""
    run = _tiny_model_dir(tmp_path / "run", small_tokenizer)
    old = _tiny_model_dir(tmp_path / "old", small_tokenizer, known_words=frozenset({"Hund"}))
    assert run_cli(["export", run, "-o", old]).exit_code == 0
    assert not (old / "known-words.txt").exists()  # the run taught none
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("mine\n")
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    for target in (notes, a_file, run.parent):  # the last holds the run itself
        before = sorted(p.name for p in target.iterdir()) if target.is_dir() else None
        assert_one_error_line(run_cli(["export", run, "-o", target]), str(target))
        assert (sorted(p.name for p in target.iterdir()) if target.is_dir() else None) == before
    assert a_file.read_text() == "mine\n"


def test_a_failed_export_leaves_the_earlier_model_as_it_was(
    tmp_path, run_cli, small_tokenizer, monkeypatch
):
    from nmt_cli.model import bundle as bundle_module

    run = _tiny_model_dir(tmp_path / "run", small_tokenizer)
    old = _tiny_model_dir(tmp_path / "old", small_tokenizer)
    before = {p.name: p.read_bytes() for p in old.iterdir()}

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bundle_module, "write_weights", disk_full)
    assert_one_error_line(run_cli(["export", run, "-o", old]), "no space left")
    assert {p.name: p.read_bytes() for p in old.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old", "run"]  # no temporary left


def test_export_carries_the_models_memory(tmp_path, run_cli, small_tokenizer):
    """A model directory's translation memories (memory.tsv, phrasebook.tsv) go with its
    export, and the exported model translates the lines they hold by them; an export replaces a
    model that had them."""
    run = _tiny_model_dir(tmp_path / "run", small_tokenizer)
    (run / "memory.tsv").write_text("Ein Mann\tA man\n", encoding="utf-8")
    (run / "phrasebook.tsv").write_text("Guten Tag!\tHello!\n", encoding="utf-8")
    assert run_cli(["export", run, "-o", tmp_path / "small"]).exit_code == 0
    assert (tmp_path / "small" / "memory.tsv").read_text(encoding="utf-8") == "Ein Mann\tA man\n"
    result = run_cli(["translate", "-m", tmp_path / "small"], input=b"Ein Mann\nGuten Tag!\n")
    assert result.exit_code == 0 and result.stdout == "A man\nHello!\n", result.stderr
    assert (
        run_cli(["export", _tiny_model_dir(tmp_path / "b", small_tokenizer), "-o", run]).exit_code
        == 0
    )
    assert not (run / "memory.tsv").exists() and not (run / "phrasebook.tsv").exists()
