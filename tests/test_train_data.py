"""`nmt train` data: several corpora, gzip and xz, corpus weights, the precision a run records."""

from __future__ import annotations

import gzip
import json
import lzma
import shutil
from pathlib import Path

import pytest
from conftest import assert_one_error_line
from train_fixtures import keep_torch_state, write_parallel  # noqa: F401 (autouse)

from nmt_cli.hardware import precision
from nmt_cli.training.batching import epoch_batches
from nmt_cli.training.data import CorpusFiles, ParallelData


def gz(path: Path) -> Path:
    out = path.with_name(path.name + ".gz")
    out.write_bytes(gzip.compress(path.read_bytes()))
    return out


def xz(path: Path) -> Path:
    out = path.with_name(path.name + ".xz")
    out.write_bytes(lzma.compress(path.read_bytes()))
    return out


@pytest.fixture
def two_corpora(corpus, tmp_path):
    first = write_parallel(tmp_path / "a", corpus.pairs[:120])
    second = write_parallel(tmp_path / "b", corpus.pairs[120:])
    return first, second


def base_args(data, tmp_path, small_tokenizer_path) -> list[str]:
    return [
        "train", "--valid-src", data.valid_src, "--valid-tgt", data.valid_tgt,
        "--tokenizer", small_tokenizer_path, "--emb-size", "8", "--hidden-size", "8",
        "--max-steps", "2", "--threads", "1", "--output", tmp_path / "run", "-q",
    ]  # fmt: skip


def test_several_corpora_some_gzipped_train_together(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    a, b = two_corpora
    args = base_args(a, tmp_path, small_tokenizer_path)
    args += ["--src", gz(a.src), "--tgt", gz(a.tgt), "--src", b.src, "--tgt", b.tgt]
    result = run_cli([*args, "--weight", "2", "--weight", "0.5", "--precision", "fp32"])
    assert result.exit_code == 0, result.stderr
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert [c["weight"] for c in run["corpora"]] == [2.0, 0.5]
    assert run["corpora"][0]["src"].endswith(".gz")
    resumed = run_cli(["train", "--resume", tmp_path / "run", "--max-steps", "3", "-q"])
    assert resumed.exit_code == 0, resumed.stderr


def test_a_corrupt_gzip_corpus_is_one_error_line_naming_it(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    a, _ = two_corpora
    src = gz(a.src)
    src.write_bytes(src.read_bytes()[:40])
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", src, "--tgt", a.tgt]
    assert_one_error_line(run_cli(args), str(src), "gzip")


def test_xz_corpora_train_and_a_corrupt_one_is_one_error_line_naming_it(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    a, b = two_corpora
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", xz(a.src), "--tgt", xz(a.tgt)]
    result = run_cli([*args, "--src", b.src, "--tgt", b.tgt, "--precision", "fp32"])
    assert result.exit_code == 0, result.stderr
    cut = xz(b.src)
    cut.write_bytes(cut.read_bytes()[:60])
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--output", tmp_path / "run2"]
    args += ["--src", cut, "--tgt", b.tgt]
    assert_one_error_line(run_cli(args), str(cut), "xz")


def test_src_and_tgt_must_come_in_pairs(run_cli, two_corpora, tmp_path, small_tokenizer_path):
    a, b = two_corpora
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--src", b.src]
    args += ["--tgt", a.tgt]
    assert_one_error_line(run_cli(args), "--src and --tgt once per corpus", code=2)


def test_a_corpus_weight_draws_its_pairs_that_many_times_per_epoch():
    data = ParallelData(
        src=[[5, 3]] * 30, tgt=[[6]] * 30, sizes=[10, 20], weights=[3.0, 0.5], total=30
    )
    seen = [i for batch in epoch_batches(data, 40, seed=1, epoch=1) for i in batch]
    first, second = [i for i in seen if i < 10], [i for i in seen if i >= 10]
    assert sorted(first) == sorted(list(range(10)) * 3)
    assert len(second) == 10 and len(set(second)) == 10
    other = [i for batch in epoch_batches(data, 40, seed=1, epoch=2) for i in batch if i >= 10]
    assert set(other) != set(second)  # a different half each epoch


# -- precision ---------------------------------------------------------------------------------


@pytest.mark.parametrize("supported, recorded", [(False, "fp32"), (True, "bf16")])
def test_by_default_a_run_trains_in_bf16_where_the_machine_has_it(
    run_cli, two_corpora, tmp_path, small_tokenizer_path, monkeypatch, supported, recorded
):
    """The default precision is auto: bf16 with bf16 instructions, fp32 without, recorded."""
    a, _ = two_corpora
    monkeypatch.setattr(precision, "bf16_supported", lambda device: supported)
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["train"]["precision"] == recorded


def test_explicit_bf16_without_support_is_one_error_line(
    run_cli, two_corpora, tmp_path, small_tokenizer_path, monkeypatch
):
    a, _ = two_corpora
    monkeypatch.setattr(precision, "bf16_supported", lambda device: False)
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    assert_one_error_line(run_cli([*args, "--precision", "bf16"]), "bf16", "not supported")


def test_resume_keeps_the_precision_and_refuses_another(
    run_cli, two_corpora, tmp_path, small_tokenizer_path, monkeypatch
):
    a, _ = two_corpora
    monkeypatch.setattr(precision, "bf16_supported", lambda device: True)
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    assert run_cli([*args, "--precision", "bf16"]).exit_code == 0
    resume = ["train", "--resume", tmp_path / "run", "--max-steps", "3", "-q"]
    line = assert_one_error_line(run_cli([*resume, "--precision", "fp32"]), "bf16", code=2)
    assert line.startswith("nmt: error: --precision cannot change on --resume"), line
    result = run_cli(resume)
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["train"]["precision"] == "bf16"


def test_bf16_training_learns_like_fp32(corpus, tmp_path, small_tokenizer_path, monkeypatch):
    """Mixed precision changes the arithmetic, not the training: after the same steps on the
    same batches the loss is within a few percent of float32's."""
    from nmt_cli.model.config import ModelConfig
    from nmt_cli.training import train
    from nmt_cli.training.config import RunSpec, TrainConfig

    if not precision.bf16_supported("cpu"):
        pytest.skip("this CPU has no bf16 instructions")
    data = write_parallel(tmp_path / "d", corpus.pairs)
    losses = {}
    for name in ("fp32", "bf16"):
        spec = RunSpec(
            corpora=[CorpusFiles(str(data.src), str(data.tgt))],
            valid=[CorpusFiles(str(data.valid_src), str(data.valid_tgt))],
            model=ModelConfig(arch="transformer", hidden_size=32, ff_size=64, heads=2,
                              enc_layers=1, dec_layers=1, dropout=0.0),
            train=TrainConfig(max_steps=60, batch_tokens=400, lr=3e-3, warmup_steps=10,
                              valid_every=60, threads=1, precision=name, log_every=1),
            tokenizer=str(small_tokenizer_path),
        )  # fmt: skip
        train(spec, tmp_path / name)
        records = (tmp_path / name / "metrics.jsonl").read_text().splitlines()
        steps = [json.loads(r) for r in records if '"loss"' in r and "valid_loss" not in r]
        losses[name] = sum(r["loss"] for r in steps[-10:]) / 10
    assert losses["bf16"] == pytest.approx(losses["fp32"], rel=0.05)


# -- fine-tuning -------------------------------------------------------------------------------


def test_init_starts_from_a_models_weights_and_tokenizer(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    from safetensors.torch import load_file

    a, b = two_corpora
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    assert run_cli([*args, "--dropout", "0.3"]).exit_code == 0
    base = tmp_path / "run"
    tuned = tmp_path / "tuned"
    (base / "known-words.txt").write_text("Zanzibar\n", encoding="utf-8")  # taught before
    (base / "target-words.txt").write_text("Zanzibarian\n", encoding="utf-8")  # shown before
    result = run_cli([
        "train", "--init", base, "--src", b.src, "--tgt", b.tgt, "--valid-src", b.valid_src,
        "--valid-tgt", b.valid_tgt, "--output", tuned, "--max-steps", "1", "--lr", "1e-12",
        "--dropout", "0.0", "--threads", "1", "-q",
    ])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    start, after = load_file(base / "model.safetensors"), load_file(tuned / "model.safetensors")
    assert all((start[k] - after[k]).abs().max() < 1e-6 for k in start)  # lr ~0: unchanged
    assert (tuned / "tokenizer.json").read_text() == (base / "tokenizer.json").read_text()
    config = json.loads((tuned / "config.json").read_text())["model"]
    assert config["dropout"] == 0.0 and config["hidden_size"] == 8
    assert "Zanzibar" in (tuned / "known-words.txt").read_text(encoding="utf-8").split()
    assert "Zanzibarian" in (tuned / "target-words.txt").read_text(encoding="utf-8").split()


def test_a_fine_tuning_resumed_before_its_first_checkpoint_starts_from_its_inits_weights(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    """Killed before its first checkpoint, a fine-tuning resumed from random weights (loss
    9.63 where it stood at 3.5, "innovation innovation ...") and saved that as its best."""
    from safetensors.torch import load_file

    a, b = two_corpora
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    assert run_cli(args).exit_code == 0
    base, tuned = tmp_path / "run", tmp_path / "tuned"
    result = run_cli([
        "train", "--init", base, "--src", b.src, "--tgt", b.tgt, "--valid-src", b.valid_src,
        "--valid-tgt", b.valid_tgt, "--output", tuned, "--max-steps", "1", "--lr", "1e-12",
        "--threads", "1", "-q",
    ])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    shutil.rmtree(tuned / "checkpoints")  # as if killed before its first one
    (tuned / "model.safetensors").unlink()
    result = run_cli(["train", "--resume", tuned, "--threads", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    start, after = load_file(base / "model.safetensors"), load_file(tuned / "model.safetensors")
    assert all((start[k] - after[k]).abs().max() < 1e-6 for k in start)  # lr ~0: the init's


def test_init_to_other_languages_warns_naming_both_pairs(
    run_cli, two_corpora, tmp_path, small_tokenizer_path
):
    """`--init` of a de->en model with --src-lang fr recorded fr->en on it without a word. A
    fine-tune to another pair is legitimate (transfer learning): it trains, with a warning
    naming both pairs; a fine-tune that names no languages keeps the model's, silently."""
    a, b = two_corpora
    args = [*base_args(a, tmp_path, small_tokenizer_path), "--src", a.src, "--tgt", a.tgt]
    assert run_cli([*args, "--src-lang", "de", "--tgt-lang", "en"]).exit_code == 0
    tune = [
        "train", "--init", tmp_path / "run", "--src", b.src, "--tgt", b.tgt, "--valid-src",
        b.valid_src, "--valid-tgt", b.valid_tgt, "--max-steps", "1", "--threads", "1", "-q",
    ]  # fmt: skip
    result = run_cli([*tune, "-o", tmp_path / "fr", "--src-lang", "fr", "--tgt-lang", "en"])
    assert result.exit_code == 0, result.stderr
    warning = [line for line in result.stderr_lines if "warning" in line and "de->en" in line]
    assert len(warning) == 1 and "fr->en" in warning[0], result.stderr
    config = json.loads((tmp_path / "fr" / "config.json").read_text())
    assert (config["source_language"], config["target_language"]) == ("fr", "en")
    result = run_cli([*tune, "-o", tmp_path / "de"])
    assert result.exit_code == 0 and "de->en" not in result.stderr, result.stderr
    config = json.loads((tmp_path / "de" / "config.json").read_text())
    assert (config["source_language"], config["target_language"]) == ("de", "en")


def test_init_refuses_a_change_of_size_in_one_line(run_cli, two_corpora, tmp_path):
    a, _ = two_corpora
    args = ["train", "--init", "fr-en", "--src", a.src, "--tgt", a.tgt]
    args += ["--valid-src", a.valid_src, "--valid-tgt", a.valid_tgt, "-o", tmp_path / "x"]
    line = assert_one_error_line(run_cli([*args, "--hidden-size", "64"]), "hidden-size", code=2)
    assert "cannot change" in line


def test_init_names_the_flag_or_the_config_key_that_would_change_its_model(
    run_cli, two_corpora, tmp_path
):
    """`--init fr-en --hidden-size 64` said "hidden_size cannot change" and exited 1, as if a
    config file had said it; the flag is named now, a usage error; a config file's key is
    named with its file and table; so is --tokenizer, which such a run cannot take."""
    a, _ = two_corpora
    args = ["train", "--init", "fr-en", "--src", a.src, "--tgt", a.tgt]
    args += ["--valid-src", a.valid_src, "--valid-tgt", a.valid_tgt, "-o", tmp_path / "x"]
    line = assert_one_error_line(run_cli([*args, "--hidden-size", "64"]), code=2)
    assert line.startswith("nmt: error: --hidden-size cannot change when starting from "), line
    assert "only --dropout, --guided-alignment, --full-context-alignment can" in line
    line = assert_one_error_line(run_cli([*args, "--layers", "3"]), code=2)
    assert line.startswith("nmt: error: --layers cannot change"), line
    config = tmp_path / "big.toml"
    config.write_text("[model]\nhidden_size = 64\n", encoding="utf-8")
    line = assert_one_error_line(run_cli([*args, "--config", config]), code=1)
    assert line.startswith(f"nmt: error: {config}: [model] hidden_size cannot change"), line
    tok = tmp_path / "tok.json"
    line = assert_one_error_line(run_cli([*args, "--tokenizer", tok]), code=2)
    assert line.startswith("nmt: error: --tokenizer: a run that starts from "), line
    assert not (tmp_path / "x").exists()
