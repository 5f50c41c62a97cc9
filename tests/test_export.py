"""`nmt export`: a compact copy of a trained model (float16 weights by default)."""

from __future__ import annotations

import stat

import torch
from safetensors.torch import load_file

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.bundle import load_bundle, save_bundle


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
