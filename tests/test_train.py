"""`nmt train` as a user relies on it: the model directory, metrics, batching, the learning-rate
schedule, validation, early stopping, learning a copy task, and bitwise-equal resuming.

Runs go through the real app in-process (``run_cli``), with one torch thread and tiny models.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import pickle
from pathlib import Path

import pytest
import torch
from conftest import assert_one_error_line
from safetensors import safe_open
from safetensors.torch import load_file
from train_fixtures import (  # noqa: F401 (keep_torch_state is an autouse fixture)
    TINY_MODEL,
    TINY_TRAIN,
    checkpoint_dirs,
    keep_torch_state,
    step_records,
    validation_records,
    write_copy_task,
    write_parallel,
    write_toml,
)

from nmt_cli.model.bundle import load_bundle
from nmt_cli.search.decoding import SearchOptions, translate_ids
from nmt_cli.training.batching import epoch_batches, make_batch
from nmt_cli.training.config import TrainConfig
from nmt_cli.training.data import ParallelData
from nmt_cli.training.trainer import Trainer

# -- a model that learns: the copy task, trained once for this module ---------------------------

COPY_STEPS = 250
COPY_FLAGS = {
    "--max-steps": COPY_STEPS,
    "--valid-every": 50,  # the config file says 1000: the flag wins
    "--batch-tokens": 400,
    "--lr": 0.01,
    "--seed": 1,
    "--threads": 1,
    "--no-valid-at-epoch-end": None,  # its epochs are 5 steps: the test below covers epoch ends
}


@pytest.fixture(scope="module")
def copy_run(run_cli, tmp_path_factory):
    """A run on the copy task (RNN hidden 32), with the tokenizer trained by `nmt train`."""
    threads, rng = torch.get_num_threads(), torch.get_rng_state()
    base = tmp_path_factory.mktemp("copy")
    data = write_copy_task(base / "data")
    config = write_toml(
        base / "model.toml",
        model={"emb_size": 32, "hidden_size": 32, "dropout": 0.0, "tie_embeddings": True},
        train={
            "schedule": "constant",
            "warmup_steps": 10,
            "label_smoothing": 0.0,
            "vocab_size": 400,
            "patience": 0,
            "epochs": 1000,
            "valid_every": 1000,
        },
    )
    run_dir = base / "run"
    flags = [str(x) for kv in COPY_FLAGS.items() for x in kv if x is not None]
    result = run_cli(["train", *data.args(), "--output", run_dir, "--config", config, *flags])
    torch.set_num_threads(threads)
    torch.set_rng_state(rng)
    assert result.exit_code == 0, result.stderr
    return run_dir, data, result


@pytest.mark.slow
def test_a_copy_task_is_learned_end_to_end(copy_run):
    run_dir, _, _ = copy_run
    bleu = [r["valid_bleu"] for r in validation_records(run_dir)]
    meta = json.loads((run_dir / "meta.json").read_text())
    assert meta["best"]["valid_bleu"] == max(bleu)
    assert max(bleu) >= 90, bleu  # measured: 100 from about step 110 on
    assert bleu[-1] >= 80, bleu
    assert bleu[0] < 50  # it was learned, not there from the start


def test_the_run_directory_is_a_complete_model(copy_run):
    run_dir, data, result = copy_run
    names = {p.name for p in run_dir.iterdir()}
    assert {
        "config.json",
        "tokenizer.json",
        "model.safetensors",
        "meta.json",
        "run.json",
        "metrics.jsonl",
        "checkpoints",
        "known-words.txt",
        "target-words.txt",
    } <= names
    assert "trained a joint BPE tokenizer" in result.stderr
    assert (run_dir / "known-words.txt").read_text(encoding="utf-8").split()  # taught words
    assert (run_dir / "target-words.txt").read_text(encoding="utf-8").split()  # shown words
    assert result.stdout == ""
    meta = json.loads((run_dir / "meta.json").read_text())
    assert {"nmt_cli_version", "torch_version", "python", "command"} <= set(meta)
    hashes = {d["role"]: d["sha256"] for d in meta["data"]}
    for role, key in (("train.src", "src"), ("train.tgt", "tgt"), ("valid.src", "valid_src")):
        expected = hashlib.sha256(Path(getattr(data, key)).read_bytes()).hexdigest()
        assert hashes[role] == expected
    assert {"step", "valid_bleu", "valid_chrf", "valid_loss", "valid_ppl"} <= set(meta["best"])
    run = json.loads((run_dir / "run.json").read_text())
    assert run["train"]["valid_every"] == 50  # flag over the config file
    assert run["train"]["valid_at_epoch_end"] is False
    assert run["train"]["schedule"] == "constant"  # the config file over the default
    assert run["model"]["hidden_size"] == 32
    config = json.loads((run_dir / "config.json").read_text())
    assert config["model"]["tie_embeddings"] is True
    assert all(p.name.startswith("step-") for p in (run_dir / "checkpoints").iterdir())


def test_metrics_have_one_record_per_log_step_and_per_validation(copy_run):
    run_dir, data, _ = copy_run
    steps = step_records(run_dir)  # log_every 50: each record sums up the 50 steps before it
    assert [r["step"] for r in steps] == list(range(50, COPY_STEPS + 1, 50))
    assert all(r["steps"] == 50 and r["tokens_per_s"] > 0 for r in steps)
    assert all({"loss", "lr", "epoch", "grad_norm", "tokens"} <= set(r) for r in steps)
    assert steps[-1]["epoch"] > 10  # many epoch ends, and no validation at them:
    valid = validation_records(run_dir)
    assert [r["step"] for r in valid] == list(range(50, COPY_STEPS + 1, 50))
    for r in valid:
        assert {"valid_loss", "valid_ppl", "valid_bleu", "valid_chrf"} <= set(r)
        assert r["valid_ppl"] == pytest.approx(torch.tensor(r["valid_loss"]).exp().item(), rel=1e-5)


def test_the_logged_learning_rate_of_step_n_is_lr_at_n(copy_run):
    run_dir, _, _ = copy_run
    cfg = TrainConfig(lr=0.01, schedule="constant", warmup_steps=10)
    for r in step_records(run_dir)[:12]:
        assert r["lr"] == pytest.approx(cfg.lr_at(r["step"])), r


def test_the_saved_model_loads_without_pickle_and_translates(copy_run, monkeypatch):
    run_dir, data, _ = copy_run

    def no_pickle(*args, **kwargs):
        raise AssertionError("loading a model must not unpickle anything")

    monkeypatch.setattr(torch, "load", no_pickle)
    monkeypatch.setattr(pickle, "load", no_pickle)
    monkeypatch.setattr(pickle, "loads", no_pickle)
    with safe_open(str(run_dir / "model.safetensors"), framework="pt") as f:
        assert len(list(f.keys())) > 0  # a real safetensors file
    bundle = load_bundle(run_dir)
    sources = data.valid_src.read_text().splitlines()
    hyps = translate_ids(
        bundle.model, [bundle.tokenizer.encode(s) for s in sources], SearchOptions(beam=2)
    )
    out = [bundle.tokenizer.decode(h[0].tokens) for h in hyps]
    assert len(out) == len(sources)
    assert sum(o == s for o, s in zip(out, sources)) >= 0.8 * len(sources)


# -- batching by tokens --------------------------------------------------------------------------


def _data(n: int = 300) -> ParallelData:
    g = torch.Generator().manual_seed(0)
    src = [[5] * int(torch.randint(1, 30, (1,), generator=g)) + [3] for _ in range(n)]
    tgt = [[6] * int(torch.randint(1, 30, (1,), generator=g)) for _ in range(n)]
    return ParallelData(src, tgt, total=n)


def test_padded_batches_stay_within_batch_tokens():
    data = _data()
    for index in epoch_batches(data, 120, seed=3, epoch=1):
        batch = make_batch(data, index)
        width = max(batch.src.size(1), batch.tgt_out.size(1))
        assert len(index) == 1 or width * len(index) <= 120


def _mean_range(batches: list[list[int]], lengths: list[int]) -> float:
    """Mean over batches of (longest - shortest) of ``lengths`` inside a batch."""
    return sum(max(lengths[i] for i in b) - min(lengths[i] for i in b) for b in batches) / len(
        batches
    )


def test_batches_sort_by_source_length_by_default_and_mix_target_lengths():
    # Translation-like lengths: a target is its source's length give or take 4 tokens.
    g = torch.Generator().manual_seed(0)
    src_lens = torch.randint(3, 40, (3000,), generator=g)
    tgt_lens = (src_lens + torch.randint(-4, 5, (3000,), generator=g)).clamp(min=1)
    data = ParallelData(
        [[5] * int(n) + [3] for n in src_lens], [[6] * int(n) for n in tgt_lens], total=3000
    )
    src = [len(s) for s in data.src]
    tgt = [len(t) + 1 for t in data.tgt]
    by_source = epoch_batches(data, 400, seed=3, epoch=1)
    assert by_source == epoch_batches(data, 400, seed=3, epoch=1, sort="source")
    by_target = epoch_batches(data, 400, seed=3, epoch=1, sort="target")
    unsorted = epoch_batches(data, 400, seed=3, epoch=1, sort="none")
    # Sorting by source: sources of nearly one length, targets of many (the default).
    assert _mean_range(by_source, src) < 1
    assert _mean_range(by_source, tgt) > 3
    # Sorting by target: every target of a batch ends at nearly the same position.
    assert _mean_range(by_target, tgt) < 1
    assert _mean_range(by_target, src) > 3
    # No sorting: both vary, and padding costs batches: more of them for the same data.
    assert _mean_range(unsorted, src) > 10 and _mean_range(unsorted, tgt) > 10
    assert len(unsorted) > 1.3 * max(len(by_source), len(by_target))


def test_an_unknown_batch_sort_names_the_choices():
    with pytest.raises(ValueError, match="unknown batch_sort 'random'; choose one of source"):
        TrainConfig(batch_sort="random")


def test_batch_order_depends_only_on_seed_and_epoch():
    data = _data()
    first = epoch_batches(data, 200, seed=7, epoch=1)
    assert epoch_batches(data, 200, seed=7, epoch=1) == first
    assert epoch_batches(data, 200, seed=7, epoch=2) != first
    assert epoch_batches(data, 200, seed=8, epoch=1) != first
    for epoch in (1, 2):
        flat = sorted(i for b in epoch_batches(data, 200, 7, epoch) for i in b)
        assert flat == list(range(len(data)))


# -- the learning-rate schedule ------------------------------------------------------------------


def test_inverse_sqrt_warms_up_linearly_peaks_at_warmup_then_decays():
    cfg = TrainConfig(lr=0.002, schedule="inverse_sqrt", warmup_steps=100)
    assert cfg.lr_at(1) == pytest.approx(0.002 / 100)
    assert cfg.lr_at(50) == pytest.approx(0.001)
    assert cfg.lr_at(100) == pytest.approx(0.002)
    assert cfg.lr_at(400) == pytest.approx(0.001)  # lr * sqrt(warmup / step)
    rates = [cfg.lr_at(s) for s in range(1, 1000)]
    assert max(rates) == pytest.approx(0.002) and rates.index(max(rates)) == 99


def test_constant_schedule_warms_up_then_stays():
    cfg = TrainConfig(lr=0.01, schedule="constant", warmup_steps=10)
    assert cfg.lr_at(5) == pytest.approx(0.005)
    assert cfg.lr_at(10) == cfg.lr_at(10_000) == pytest.approx(0.01)
    assert TrainConfig(lr=0.01, schedule="constant", warmup_steps=0).lr_at(1) == 0.01


def test_cosine_schedule_warms_up_then_decays_to_min_lr_at_max_steps():
    cfg = TrainConfig(lr=0.01, schedule="cosine", warmup_steps=10, max_steps=110, min_lr=1e-4)
    assert cfg.lr_at(5) == pytest.approx(0.005)
    assert cfg.lr_at(10) == pytest.approx(0.01)
    assert cfg.lr_at(60) == pytest.approx(1e-4 + (0.01 - 1e-4) / 2)  # half way: half way down
    assert cfg.lr_at(110) == cfg.lr_at(500) == pytest.approx(1e-4)
    rates = [cfg.lr_at(s) for s in range(10, 111)]
    assert all(a >= b for a, b in zip(rates, rates[1:]))


def test_cosine_schedule_needs_max_steps_past_the_warm_up():
    with pytest.raises(ValueError, match="max_steps"):
        TrainConfig(schedule="cosine", warmup_steps=1000)


def test_plateau_schedule_scales_and_stops_at_min_lr():
    cfg = TrainConfig(lr=0.01, schedule="plateau", warmup_steps=0, min_lr=1e-4)
    assert cfg.lr_at(500) == pytest.approx(0.01)
    assert cfg.lr_at(500, plateau_scale=0.25) == pytest.approx(0.0025)
    assert cfg.lr_at(500, plateau_scale=1e-6) == pytest.approx(1e-4)


# -- filtering, early stopping, resuming -----------------------------------------------------------


def _tiny_args(tmp_path: Path, data, tokenizer: Path, **train) -> list[str]:
    config = write_toml(tmp_path / "tiny.toml", TINY_MODEL, {**TINY_TRAIN, **train})
    return ["train", *data.args(), "--config", str(config), "--tokenizer", str(tokenizer)]


def test_empty_and_overlong_pairs_are_left_out_and_counted(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    pairs = list(corpus.pairs[:60])
    pairs[3] = ("", "A man runs.")
    pairs[7] = ("Ein Mann läuft.", "")
    long = " ".join(["Ein Mann läuft im Park."] * 8)
    pairs[10] = (long, "A man runs.")
    pairs[11] = ("Ein Mann läuft.", long)
    pairs[12] = (long, long)
    data = write_parallel(tmp_path / "data", pairs, n_valid=3)
    args = _tiny_args(tmp_path, data, small_tokenizer_path, max_len=30)
    result = run_cli([*args, "--output", tmp_path / "run", "--max-steps", "2", "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr_lines if line.startswith("nmt: warning:")]
    assert len(warnings) == 1, result.stderr
    assert "2 pairs with an empty side" in warnings[0]
    assert "3 longer than 30 subwords" in warnings[0]
    assert "(of 60)" in warnings[0]
    assert "--max-len ([train] max_len) keeps longer ones" in warnings[0]  # what to do


def test_max_len_is_a_flag_within_a_transformer_s_positions(run_cli, corpus, tmp_path):
    """--max-len raises the limit the warning above names (only a config file's max_len did);
    beyond a Transformer's positions it is refused before training, not by a shape error."""
    data = write_parallel(tmp_path / "data", list(corpus.pairs[:60]), n_valid=3)
    args = ["train", "--src", data.src, "--tgt", data.tgt, "--valid-src", data.valid_src]
    args += ["--valid-tgt", data.valid_tgt, "--max-steps", "0", "--threads", "1", "-q"]
    result = run_cli([*args, "--max-len", "40", "--output", tmp_path / "run"])
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["train"]["max_len"] == 40
    big = [*args, "--arch", "transformer", "--max-len", "2000", "--output", tmp_path / "t"]
    line = assert_one_error_line(run_cli(big), "--max-len 2000", "max_positions 1024", code=2)
    assert not (tmp_path / "t").exists(), line


def test_pairs_longer_than_a_transformer_s_positions_are_left_out_not_a_shape_error(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    """Under the default max_len (100), a Transformer of max_positions 12 is given only the
    pairs it can hold, as fairseq skips them: the others are counted in the warning, training
    and its validation run (they failed on a shape error)."""
    pairs = list(corpus.pairs[:60])
    long = " ".join(["Ein Mann läuft im Park."] * 4)
    pairs[10] = (long, "A man runs.")
    pairs[11] = ("Ein Mann läuft.", long)
    data = write_parallel(tmp_path / "data", pairs, n_valid=3)
    model = {"arch": "transformer", "hidden_size": 16, "ff_size": 32, "max_positions": 12}
    config = write_toml(tmp_path / "t.toml", model, TINY_TRAIN)
    args = ["train", *data.args(), "--config", str(config), "--tokenizer", small_tokenizer_path]
    args += ["--output", tmp_path / "run", "--max-steps", "2", "--valid-every", "1"]
    result = run_cli([*args, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr_lines if line.startswith("nmt: warning:")]
    assert any("longer than 12 subwords" in w and "max_positions" in w for w in warnings)
    assert validation_records(tmp_path / "run")  # validated, within the positions too


def test_validation_runs_every_n_steps_at_each_epoch_end_and_at_the_end(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    data = write_parallel(tmp_path / "data", corpus.pairs[:30], n_valid=3)
    args = _tiny_args(tmp_path, data, small_tokenizer_path, keep_last=100)
    run_dir = tmp_path / "run"
    flags = ["--valid-every", "5", "--max-steps", "12", "--batch-tokens", "100", "--threads", "1"]
    result = run_cli([*args, "--output", run_dir, *flags, "-q"])
    assert result.exit_code == 0, result.stderr
    steps = step_records(run_dir)
    epoch_ends = {a["step"] for a, b in zip(steps, steps[1:]) if a["epoch"] != b["epoch"]}
    assert epoch_ends - {5, 10}, epoch_ends  # some between the steps that are multiples of 5
    validated = sorted({5, 10, 12} | epoch_ends)
    assert [r["step"] for r in validation_records(run_dir)] == validated
    assert [int(p.name.removeprefix("step-")) for p in checkpoint_dirs(run_dir)] == validated


def test_early_stopping_ends_the_run_and_says_why(run_cli, corpus, small_tokenizer_path, tmp_path):
    data = write_parallel(tmp_path / "data", corpus.pairs)
    # A learning rate too small to change any output: BLEU never improves on the first validation.
    args = _tiny_args(tmp_path, data, small_tokenizer_path, patience=2)
    run_dir = tmp_path / "run"
    result = run_cli(
        [*args, "--output", run_dir, "--lr", "1e-9", "--valid-every", "2", "--max-steps", "50"]
        + ["--batch-tokens", "200", "--threads", "1"]
    )
    assert result.exit_code == 0, result.stderr
    valid = validation_records(run_dir)
    assert len(valid) == 3, valid
    assert [r["improved"] for r in valid] == [True, False, False]
    assert step_records(run_dir)[-1]["step"] == valid[-1]["step"] < 50
    assert "early stopping: no better bleu in 2 validations" in result.stderr


def test_a_run_that_stopped_early_is_not_trained_further_unless_its_patience_grows(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    """Each plain `--resume` of an early-stopped run trained on to one more validation (and
    its checkpoint) and stopped again."""
    data = write_parallel(tmp_path / "data", corpus.pairs)
    args = _tiny_args(tmp_path, data, small_tokenizer_path, patience=2)
    run_dir = tmp_path / "run"
    flags = ["--lr", "1e-9", "--valid-every", "2", "--max-steps", "50", "--batch-tokens", "200"]
    result = run_cli([*args, "--output", run_dir, *flags, "--threads", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    before = (run_dir / "metrics.jsonl").read_text(), checkpoint_dirs(run_dir)
    for again in ([], ["--max-steps", "60"]):  # more steps: patience still ended it
        result = run_cli(["train", "--resume", run_dir, *again, "--threads", "1"])
        assert result.exit_code == 0, result.stderr
        assert ((run_dir / "metrics.jsonl").read_text(), checkpoint_dirs(run_dir)) == before
        said = " ".join(result.stderr.split())  # the console wraps long lines
        assert "the run had ended: early stopping: no better bleu in 2 validations" in said
        assert "a larger --patience trains it further" in said
    result = run_cli(["train", "--resume", run_dir, "--patience", "3", "--threads", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    valid = validation_records(run_dir)
    assert [r["improved"] for r in valid] == [True, False, False, False]  # one more, then ended


def test_max_minutes_stops_the_run_on_the_wall_clock_and_says_why(
    run_cli, corpus, small_tokenizer_path, tmp_path, monkeypatch
):
    data = write_parallel(tmp_path / "data", corpus.pairs)
    args = _tiny_args(tmp_path, data, small_tokenizer_path)
    budget = ["--max-minutes", "1", "--max-steps", "3", "--threads", "1"]
    # The training's clock: one that stands still never reaches the budget ...
    monkeypatch.setattr(Trainer, "clock", staticmethod(lambda: 0.0))
    result = run_cli([*args, "--output", tmp_path / "still", *budget])
    assert result.exit_code == 0, result.stderr
    assert "reached max_steps 3" in result.stderr
    # ... one on which an hour passes between any two readings stops the run after its step 1
    monkeypatch.setattr(Trainer, "clock", staticmethod(itertools.count(0.0, 3600.0).__next__))
    run_dir = tmp_path / "run"
    result = run_cli([*args, "--output", run_dir, *budget])
    assert result.exit_code == 0, result.stderr
    assert "reached max_minutes 1" in result.stderr
    assert step_records(run_dir)[-1]["step"] == 1
    assert validation_records(run_dir)[-1]["step"] == 1  # the model it stopped with is saved
    assert (run_dir / "model.safetensors").is_file()
    # Resumed, it has no time left: no step more, until it is given more time.
    result = run_cli(["train", "--resume", run_dir, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    assert "the run had ended: reached max_minutes 1" in " ".join(result.stderr.split())
    assert step_records(run_dir)[-1]["step"] == 1
    assert [r["step"] for r in validation_records(run_dir)] == [1]
    result = run_cli(["train", "--resume", run_dir, "--max-minutes", "1000", "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    assert step_records(run_dir)[-1]["step"] > 1


def _tensors(path: Path) -> dict[str, torch.Tensor]:
    return load_file(str(path))


def test_an_interrupted_and_resumed_run_equals_an_uninterrupted_one_bitwise(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    n = 8
    data = write_parallel(tmp_path / "data", corpus.pairs)
    args = _tiny_args(tmp_path, data, small_tokenizer_path)
    common = ["--seed", "5", "--valid-every", str(n), "--batch-tokens", "500", "--threads", "1"]
    common += ["--quiet"]
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    r = run_cli([*args, "--output", whole, "--max-steps", str(2 * n), *common])
    assert r.exit_code == 0, r.stderr
    r = run_cli([*args, "--output", parts, "--max-steps", str(n), *common])
    assert r.exit_code == 0, r.stderr
    assert (parts / "checkpoints" / f"step-{n:08d}").is_dir()
    r = run_cli(["train", "--resume", parts, "--max-steps", str(2 * n), "--threads", "1", "-q"])
    assert r.exit_code == 0, r.stderr

    # The run crossed an epoch end after the interruption, with dropout on.
    assert step_records(whole)[-1]["epoch"] >= 2
    final = f"step-{2 * n:08d}"
    for name in ("model.safetensors", "optimizer.safetensors"):
        a = _tensors(whole / "checkpoints" / final / name)
        b = _tensors(parts / "checkpoints" / final / name)
        assert a.keys() == b.keys()
        for key in a:
            assert torch.equal(a[key], b[key]), (name, key)
    a, b = _tensors(whole / "model.safetensors"), _tensors(parts / "model.safetensors")
    assert all(torch.equal(a[k], b[k]) for k in a)
    # The metrics tell the same story, step by step.
    assert [(r["step"], r["loss"]) for r in step_records(whole)] == [
        (r["step"], r["loss"]) for r in step_records(parts)
    ]


def test_fused_adam_only_where_the_installed_torch_has_it():
    """pyproject.toml promises torch >= 2.2; fused Adam on CPU arrived in 2.4."""
    from nmt_cli.model.kernels import fused_adam_supported

    assert not fused_adam_supported("2.2.2", "cpu")
    assert not fused_adam_supported("2.3.1+cpu", "cpu")
    assert fused_adam_supported("2.4.0", "cpu")
    assert fused_adam_supported("2.13.0+cpu", "cpu")
    assert fused_adam_supported("2.2.0", "cuda")


def test_a_validation_at_an_epoch_end_is_recorded_under_the_epoch_it_ends(
    run_cli, corpus, small_tokenizer_path, tmp_path
):
    """metrics.jsonl, meta.json's best and the console gave an epoch's end validation the next
    epoch's number."""
    data = write_parallel(tmp_path / "data", corpus.pairs[:30], n_valid=3)
    args = _tiny_args(tmp_path, data, small_tokenizer_path, epochs=3)
    run_dir = tmp_path / "run"
    flags = ["--valid-every", "1000", "--batch-tokens", "100", "--threads", "1"]
    result = run_cli([*args, "--output", run_dir, *flags])
    assert result.exit_code == 0, result.stderr
    epoch_of = {r["step"]: r["epoch"] for r in step_records(run_dir)}
    valid = validation_records(run_dir)
    assert [r["epoch"] for r in valid] == [1, 2, 3]  # one at each epoch's end
    assert all(r["epoch"] == epoch_of[r["step"]] for r in valid)
    best = json.loads((run_dir / "meta.json").read_text())["best"]
    assert best["epoch"] == epoch_of[best["step"]]
    assert "finished 3 epochs" in result.stderr
    shown = [line for line in result.stderr_lines if "validation at step" in line]
    assert [line.split("(epoch ")[1].split(")")[0] for line in shown] == ["1", "2", "3"]
    # Saved at the end of epoch 3 with its batches done, it goes on with epoch 4 when asked.
    result = run_cli(["train", "--resume", run_dir, "--epochs", "4", "--threads", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    steps = step_records(run_dir)
    assert [r["epoch"] for r in validation_records(run_dir)] == [1, 2, 3, 4]
    per_epoch = [sum(r["epoch"] == e for r in steps) for e in (1, 2, 3, 4)]
    assert len(set(per_epoch)) == 1, per_epoch
