"""`nmt train` when things go wrong: bad input, an existing run, a locked run, Ctrl-C and SIGTERM,
SIGKILL in the middle of checkpointing.

The contract: one `nmt: error:` line and a non-zero exit for a mistake, and a run directory that
can always be resumed from its newest complete checkpoint.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
from conftest import assert_one_error_line, piped
from train_fixtures import (  # noqa: F401 (keep_torch_state is an autouse fixture)
    TINY_MODEL,
    TINY_TRAIN,
    Data,
    Process,
    checkpoint_dirs,
    keep_torch_state,
    load_checkpoint_fresh,
    newest_checkpoint_step,
    start_nmt,
    step_records,
    wait_until,
    write_parallel,
    write_toml,
)

from nmt_cli.errors import ModelLoadError
from nmt_cli.model import ModelConfig, build_model
from nmt_cli.training import checkpoint as ckpt
from nmt_cli.training.run_dir import RunLock
from nmt_cli.training.run_file import spec_from_run


@pytest.fixture
def processes() -> Iterator[list[Process]]:
    """Subprocesses a test starts; any still running at the end are killed (ours only)."""
    started: list[Process] = []
    yield started
    for proc in started:
        if proc.popen.poll() is None:
            proc.popen.kill()
            proc.popen.wait(timeout=30)


@pytest.fixture
def data(corpus, tmp_path) -> Data:
    return write_parallel(tmp_path / "data", corpus.pairs)


@pytest.fixture
def tiny_args(tmp_path, data, small_tokenizer_path):
    """`nmt train` options for a tiny model on the shared corpus (no --output)."""

    def make(**train) -> list[str]:
        config = write_toml(tmp_path / "tiny.toml", TINY_MODEL, {**TINY_TRAIN, **train})
        return ["train", *data.args(), "--config", str(config)] + [
            "--tokenizer",
            str(small_tokenizer_path),
            "--threads",
            "1",
        ]

    return make


def _no_run_left(run_dir: Path) -> None:
    assert not (run_dir / "run.json").exists()
    assert not (run_dir / "config.json").exists()
    assert not (run_dir / "checkpoints").exists()


# -- bad input -----------------------------------------------------------------------------------


def test_source_and_target_of_different_lengths_name_both_counts(
    run_cli, data, tiny_args, tmp_path
):
    data.tgt.write_text("".join(data.tgt.read_text().splitlines(True)[:-1]))
    result = run_cli([*tiny_args(), "--output", tmp_path / "run"])
    line = assert_one_error_line(result)
    assert "200 lines" in line and "199" in line
    assert not (tmp_path / "run").exists()


def test_a_missing_validation_file_is_named(run_cli, data, tiny_args, tmp_path):
    data.valid_tgt.unlink()
    result = run_cli([*tiny_args(), "--output", tmp_path / "run"])
    line = assert_one_error_line(result)
    assert "validation target" in line and str(data.valid_tgt) in line
    assert not (tmp_path / "run").exists()


def test_a_corpus_that_is_no_file_says_what_it_is(run_cli, data, tiny_args, tmp_path):
    """A folder and a pipe (`--src <(zcat a.gz)`) were each "no such file", though both are
    there: a folder is not a file, and a pipe is read once where training reads a corpus each
    epoch."""
    args = [*tiny_args(), "--output", tmp_path / "run"]
    folder = [tmp_path if a == str(data.valid_src) else a for a in args]
    line = assert_one_error_line(run_cli(folder))
    assert f"validation source {tmp_path}: not a file" in line
    with piped(data.src.read_bytes()) as pipe:
        line = assert_one_error_line(run_cli([pipe if a == str(data.src) else a for a in args]))
    assert f"training source {pipe}: a pipe or a device" in line and "each epoch" in line
    line = assert_one_error_line(run_cli([*args, "--pairs", "-", "--pairs-format", "tmx"]))
    assert "training pairs -: stdin, which can be read only once" in line  # "no such file"
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("table", "key"), [("train", "learning_rate"), ("model", "hiden_size"), ("train", "bogus")]
)
def test_an_unknown_config_key_is_named(run_cli, data, tmp_path, table, key):
    config = write_toml(tmp_path / "bad.toml", **{table: {key: 1}})
    result = run_cli(["train", *data.args(), "--config", config, "--output", tmp_path / "run"])
    line = assert_one_error_line(result)
    assert repr(key) in line and f"[{table}]" in line
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--lr", "-1"], "--lr must be positive, got -1.0"),
        (["--epochs", "0"], "--epochs must be at least 1, got 0"),
        (["--layers", "0"], "--layers must be at least 1, got 0"),
        (["--dropout", "2"], "--dropout must be in [0, 1), got 2.0"),
        (["--arch", "foo"], "--arch: unknown arch 'foo'; choose one of rnn, transformer"),
        (["--device", "tpu"], "--device: unknown device 'tpu'; choose one of cpu, cuda"),
    ],
)
def test_a_flags_value_out_of_range_names_the_flag_and_is_a_usage_error(
    run_cli, data, tmp_path, flags, says
):
    """`nmt train ... --lr -1` said "options: [train]: lr must be positive, got -1.0" and
    exited 1, as if a config file had said it; a config file's own value is named with its file."""
    result = run_cli(["train", *data.args(), *flags, "--output", tmp_path / "run"])
    assert assert_one_error_line(result, code=2) == f"nmt: error: {says}"
    config = write_toml(tmp_path / "bad.toml", train={"lr": -1.0})
    result = run_cli(["train", *data.args(), "--config", config, "--output", tmp_path / "run"])
    line = assert_one_error_line(result, code=1)
    assert line == f"nmt: error: {config}: [train]: lr must be positive, got -1.0"
    assert not (tmp_path / "run").exists()


def test_a_resumed_runs_new_value_out_of_range_names_the_flag_not_run_json(run_cli, finished_run):
    """`--resume RUN --lr -1` blamed the run: "RUN/run.json: train: lr must be positive"."""
    resume = ["train", "--resume", finished_run, "-q"]
    line = assert_one_error_line(run_cli([*resume, "--lr", "-1"]), code=2)
    assert line == "nmt: error: --lr must be positive, got -1.0"
    line = assert_one_error_line(run_cli([*resume, "--epochs", "0"]), code=2)
    assert line == "nmt: error: --epochs must be at least 1, got 0"
    assert newest_checkpoint_step(finished_run) == 3


def test_an_unknown_data_key_says_which_keys_there_are(run_cli, data, tmp_path):
    """`[data] src = [...]` (as the flag is named) said only "unknown key(s) ['src']"."""
    config = tmp_path / "bad.toml"
    config.write_text('[data]\nsrc = ["a.fr"]\ntgt = ["a.en"]\n', encoding="utf-8")
    result = run_cli(["train", "--config", config, "--output", tmp_path / "run"])
    line = assert_one_error_line(result, code=1)
    assert line.startswith(f"nmt: error: {config}: [data]: unknown key(s) ['src', 'tgt']; "), line
    assert "the keys are train, valid, source_language, target_language" in line
    assert 'train = [{src = "a.fr", tgt = "a.en"}]' in line
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("flags", "named"),
    [(["--arch", "transformer", "--cell", "lstm"], "--cell"), (["--emb-size", "64"], None)],
)
def test_a_flag_of_the_other_family_is_a_usage_error(run_cli, data, tmp_path, flags, named):
    """`--arch transformer --cell lstm` trained a Transformer that read no cell, saying nothing;
    an RNN reads --emb-size."""
    result = run_cli(
        ["train", *data.args(), *flags, "--output", tmp_path / "r", "--max-steps", "0"]
    )
    if named is None:
        assert "not read by" not in result.stderr
        return
    line = assert_one_error_line(result, code=2)
    assert f"{named}: not read by a Transformer" in line
    assert not (tmp_path / "r").exists()


def test_a_transformer_s_feed_forward_width_is_a_flag(run_cli, data, tmp_path):
    """A `--hidden-size 16` Transformer kept a feed-forward width of 1024 and no flag changed
    it (only a config file's ff_size); --ff-size does, and an RNN, which has none, refuses it."""
    args = ["train", *data.args(), "--arch", "transformer", "--hidden-size", "16"]
    args += ["--heads", "2", "--ff-size", "32", "--max-steps", "0", "--threads", "1", "-q"]
    result = run_cli([*args, "--output", tmp_path / "t"])
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "t" / "config.json").read_text())["model"]["ff_size"] == 32
    rnn = ["train", *data.args(), "--ff-size", "32", "--output", tmp_path / "r"]
    assert_one_error_line(run_cli(rnn), "--ff-size: not read by an RNN", code=2)


@pytest.mark.parametrize(
    ("model", "message"),
    [
        ({"arch": "transformer", "style": "luong"}, "[model] style: not read by a Transformer"),
        ({"ff_size": 64}, "[model] ff_size: not read by an RNN"),
    ],
)
def test_a_config_key_of_the_other_family_is_named(run_cli, data, tmp_path, model, message):
    config = write_toml(tmp_path / "bad.toml", model)
    result = run_cli(["train", *data.args(), "--config", config, "--output", tmp_path / "run"])
    assert message in assert_one_error_line(result)
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("flags", "model", "message", "code"),
    [
        (["--attention", "additive", "--heads", "8"], {}, "--heads: read only with --attention", 2),
        ([], {"heads": 2}, "[model] heads: read only with attention = 'multihead'", 1),
        (["--attention", "dot"], {"heads": 8}, "[model] heads: read only with attention", 1),
        ([], {"input_feeding": False}, "[model] input_feeding: read only with style = 'luong'", 1),
    ],
)
def test_a_setting_the_chosen_attention_does_not_read_is_named(
    run_cli, data, tmp_path, flags, model, message, code
):
    """`--attention additive --heads 8` trained an RNN whose attention read no heads, saying
    nothing; so did a config file's heads (and a Bahdanau-style RNN's input_feeding)."""
    config = write_toml(tmp_path / "c.toml", model)
    args = ["train", *data.args(), "--config", config, *flags, "--max-steps", "0"]
    line = assert_one_error_line(run_cli([*args, "--output", tmp_path / "r"]), code=code)
    assert message in line
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize(
    ("flags", "model"),
    [(["--attention", "multihead", "--heads", "8"], {}), (["--heads", "4"], {"heads": 4})],
)
def test_heads_are_taken_by_multihead_attention_or_at_their_default(
    run_cli, data, tmp_path, small_tokenizer_path, flags, model
):
    config = write_toml(tmp_path / "c.toml", {"hidden_size": 32, "emb_size": 16, **model})
    args = ["train", *data.args(), "--config", config, *flags, "--max-steps", "0"]
    args += ["--tokenizer", small_tokenizer_path, "--threads", "1"]
    result = run_cli([*args, "--output", tmp_path / "r"])
    assert result.exit_code == 0, result.stderr


def test_a_config_files_data_paths_are_read_from_the_working_directory(
    run_cli, data, tmp_path, small_tokenizer_path, monkeypatch
):
    """As Joey NMT's and OpenNMT's: `[data] train = [{src = "data/t.de", ...}]` in conf/c.toml,
    run from the folder above data/, reads data/t.de there (not conf/data/t.de)."""
    (tmp_path / "conf").mkdir()
    config = tmp_path / "conf" / "c.toml"
    config.write_text(
        "[model]\nemb_size = 16\nhidden_size = 16\n[data]\n"
        'train = [{src = "data/t.de", tgt = "data/t.en"}]\n'
        'valid = [{src = "data/v.de", tgt = "data/v.en"}]\n',
        encoding="utf-8",
    )
    assert data.src == tmp_path / "data" / "t.de"
    monkeypatch.chdir(tmp_path)
    args = ["train", "--config", "conf/c.toml", "--tokenizer", small_tokenizer_path]
    result = run_cli([*args, "--max-steps", "0", "--threads", "1", "--output", "run"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "run" / "model.safetensors").is_file()


def test_a_config_that_is_a_folder_is_one_error(run_cli, data, tmp_path):
    """IsADirectoryError, said by the catch-all with its --debug hint."""
    result = run_cli(["train", *data.args(), "--config", tmp_path, "--output", tmp_path / "run"])
    assert_one_error_line(result, f"{tmp_path}: cannot be read (Is a directory)")


def test_an_output_directory_whose_parents_are_missing_gets_them(run_cli, tiny_args, tmp_path):
    """The README's `nmt train ... --output runs/de-en` failed in a folder with no runs/."""
    result = run_cli([*tiny_args(), "--output", tmp_path / "runs" / "de-en"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "runs" / "de-en" / "model.safetensors").is_file()


def test_an_output_directory_under_a_file_is_one_error(run_cli, tiny_args, tmp_path):
    (tmp_path / "runs").write_text("a file\n")
    result = run_cli([*tiny_args(), "--output", tmp_path / "runs" / "de-en"])
    assert_one_error_line(result, f"{tmp_path / 'runs'}: exists and is not a directory")


def test_an_output_that_is_a_file_is_named_once(run_cli, tiny_args, tmp_path):
    """`--output train.de` (a data file, by a slip) said "train.de: train.de exists and is not a
    directory"."""
    (tmp_path / "train.de").write_text("a file\n")
    result = run_cli([*tiny_args(), "--output", tmp_path / "train.de"])
    line = assert_one_error_line(result, code=1)
    assert line == (
        f"nmt: error: {tmp_path / 'train.de'}: exists and is not a directory; give --output a "
        "directory"
    )
    assert (tmp_path / "train.de").read_text() == "a file\n"


def test_an_output_directory_of_a_user_s_files_is_refused_even_with_overwrite(
    run_cli, tiny_args, tmp_path
):
    """`--output mine` where mine/ held a user's files trained into it, and `--overwrite` left
    those files among the run's; `nmt export` and `nmt average` refuse such a directory, and
    so does `nmt train` now, naming what it holds and what to give instead."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep\n")
    for extra in ([], ["--overwrite"]):
        line = assert_one_error_line(run_cli([*tiny_args(), "-o", mine, *extra]), code=2)
        assert str(mine) in line and "notes.txt" in line and "new or empty directory" in line
        assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_a_run_cleared_by_a_failed_overwrite_is_still_one_to_overwrite(
    run_cli, tiny_args, tmp_path
):
    """A Makefile's run directory holds its stamp and outputs beside the run; an --overwrite
    that failed before it trained left them and the run's lock: the next --overwrite trains."""
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "train.lock").write_text("")
    (run_dir / "test.hyp.en").write_text("mine\n")
    result = run_cli([*tiny_args(), "-o", run_dir, "--overwrite", "--max-steps", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    assert (run_dir / "test.hyp.en").read_text() == "mine\n"


@pytest.mark.parametrize("weight", ["0", "-1", "nan", "inf"])
def test_a_corpus_weight_not_above_zero_is_one_usage_error(run_cli, tiny_args, tmp_path, weight):
    """0 trained no step and saved an untrained model as a finished run; nan and inf ended in
    the catch-all's ValueError and OverflowError lines."""
    result = run_cli([*tiny_args(), "--weight", weight, "--output", tmp_path / "run"])
    assert_one_error_line(result, "--weight", "a number above 0", code=2)
    assert not (tmp_path / "run").exists()


def test_an_unknown_device_is_named(run_cli, tiny_args, tmp_path):
    result = run_cli([*tiny_args(), "--device", "tpu", "--output", tmp_path / "run"])
    line = assert_one_error_line(result, "--device", code=2)  # a flag's value: a usage error
    assert "'tpu'" in line and "cpu" in line and "cuda" in line
    assert not (tmp_path / "run").exists()


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a CUDA GPU")
def test_cuda_on_a_machine_without_a_gpu_is_one_clear_line(run_cli, tiny_args, tmp_path):
    result = run_cli([*tiny_args(), "--device", "cuda", "--output", tmp_path / "run"])
    line = assert_one_error_line(result)
    assert "no CUDA GPU" in line
    assert not (tmp_path / "run").exists()


def test_a_tokenizer_option_that_is_not_a_tokenizer(run_cli, data, tmp_path, small_tokenizer_path):
    run_dir = tmp_path / "run"
    bogus = tmp_path / "tok.json"
    bogus.write_text('{"not": "a tokenizer"}')
    config = write_toml(tmp_path / "tiny.toml", TINY_MODEL, TINY_TRAIN)
    args = ["train", *data.args(), "--output", run_dir, "--config", config, "--max-steps", "1"]
    result = run_cli([*args, "--tokenizer", bogus])
    line = assert_one_error_line(result)
    assert str(bogus) in line and "tokenizer" in line
    # The run never started: it leaves nothing (it left the directory and its lock file), and
    # the same command with a good tokenizer just works.
    assert not run_dir.exists()
    result = run_cli([*args, "--tokenizer", small_tokenizer_path, "-q"])
    assert result.exit_code == 0, result.stderr


def test_a_new_run_that_fails_before_it_trains_leaves_the_folder_as_it_was(
    run_cli, data, tiny_args, tmp_path
):
    """Training text with no usable pair: the error came after the run had written its
    tokenizer and lock into --output (a made-up `runs/x/` a Makefile would take as built)."""
    data.src.write_text("\n" * 200)
    made = tmp_path / "runs" / "x"
    assert "no usable sentence pairs" in assert_one_error_line(run_cli([*tiny_args(), "-o", made]))
    assert not (tmp_path / "runs").exists()
    mine = tmp_path / "mine"  # an empty folder of the user's: it stays, nothing is added
    mine.mkdir()
    assert_one_error_line(run_cli([*tiny_args(), "-o", mine]))
    assert mine.is_dir() and not list(mine.iterdir())


# -- existing runs, --resume, the lock -------------------------------------------------------------


@pytest.fixture
def finished_run(run_cli, tiny_args, tmp_path) -> Path:
    run_dir = tmp_path / "run"
    result = run_cli([*tiny_args(), "--output", run_dir, "--max-steps", "3", "-q"])
    assert result.exit_code == 0, result.stderr
    return run_dir


def test_an_overwrite_that_fails_before_it_trains_leaves_no_run_to_refuse(
    run_cli, data, tiny_args, finished_run
):
    """The old run is gone (--overwrite said so); the new run's config.json and tokenizer.json
    stayed where the old run's names were, and the next run without --overwrite was refused
    as one already there."""
    data.src.write_text("\n" * 200)  # no usable pair: the new run fails before it trains
    assert_one_error_line(run_cli([*tiny_args(), "-o", finished_run, "--overwrite"]))
    assert [p.name for p in finished_run.iterdir()] == ["train.lock"]  # the old run's lock
    assert "already holds" not in assert_one_error_line(run_cli([*tiny_args(), "-o", finished_run]))


def test_a_directory_holding_a_run_is_refused_unless_overwrite(run_cli, tiny_args, finished_run):
    before = (finished_run / "metrics.jsonl").read_text()
    result = run_cli([*tiny_args(), "--output", finished_run, "--max-steps", "2"])
    line = assert_one_error_line(result, code=2)
    assert "--resume" in line and "--overwrite" in line
    assert (finished_run / "metrics.jsonl").read_text() == before
    stale = finished_run / "teacher" / "links.align"  # an old run's links: its data's
    stale.parent.mkdir(exist_ok=True)
    stale.write_text("8-6\n")
    result = run_cli([*tiny_args(), "--output", finished_run, "--max-steps", "2", "--overwrite"])
    assert result.exit_code == 0, result.stderr
    assert not stale.exists()
    assert [r["step"] for r in step_records(finished_run)] == [1, 2]  # a fresh run
    assert newest_checkpoint_step(finished_run) == 2


def test_a_run_begun_before_batch_sort_and_rnn_init_resumes_as_it_began(run_cli, finished_run):
    run_json = finished_run / "run.json"
    data = json.loads(run_json.read_text())
    assert (data["train"]["batch_sort"], data["model"]["rnn_init"]) == ("source", "xavier_per_gate")
    del data["train"]["batch_sort"], data["model"]["rnn_init"]  # as an older nmt-cli wrote it
    run_json.write_text(json.dumps(data))
    spec = spec_from_run(finished_run, {})
    assert (spec.train.batch_sort, spec.model.rnn_init) == ("target", "xavier")
    result = run_cli(["train", "--resume", finished_run, "--max-steps", "5", "-q"])
    assert result.exit_code == 0, result.stderr
    assert newest_checkpoint_step(finished_run) == 5


def test_a_resumed_run_keeps_its_data_model_and_teacher(run_cli, finished_run):
    resume = ["train", "--resume", finished_run, "--max-steps", "5", "-q"]
    for flags in (["--teacher", "self"], ["--src", "x.de"], ["--heads", "2"]):
        line = assert_one_error_line(run_cli([*resume, *flags]), code=2)
        assert line.startswith(f"nmt: error: {flags[0]} cannot change on --resume"), line
    assert json.loads((finished_run / "run.json").read_text())["train"]["teacher"] == "auto"
    assert newest_checkpoint_step(finished_run) == 3


def test_resume_with_overwrite_is_a_usage_error_that_leaves_the_run(run_cli, finished_run):
    """`--resume RUN --overwrite` resumed the run, the --overwrite passed over in silence."""
    metrics = (finished_run / "metrics.jsonl").read_text()
    result = run_cli(["train", "--resume", finished_run, "--overwrite", "--max-steps", "5"])
    assert "--overwrite" in assert_one_error_line(result, code=2)
    assert (finished_run / "metrics.jsonl").read_text() == metrics


def test_training_options_given_on_resume_are_the_runs_for_the_next_resume(run_cli, finished_run):
    """`--resume RUN --max-steps 5` trained to 5 but left run.json at 3: the next plain
    `--resume RUN` (a Makefile's rerun) went back to the first command's settings."""
    result = run_cli(["train", "--resume", finished_run, "--max-steps", "5", "-q"])
    assert result.exit_code == 0, result.stderr
    assert json.loads((finished_run / "run.json").read_text())["train"]["max_steps"] == 5
    assert spec_from_run(finished_run, {}).train.max_steps == 5


def test_a_run_resumed_at_its_step_limit_trains_no_step_more(run_cli, finished_run):
    """Each plain rerun (a Makefile's) trained one step past --max-steps and changed the model."""
    model = (finished_run / "model.safetensors").read_bytes()
    for limit in ([], ["--max-steps", "2"]):
        result = run_cli(["train", "--resume", finished_run, *limit, "-q"])
        assert result.exit_code == 0, result.stderr
        assert newest_checkpoint_step(finished_run) == 3
    assert (finished_run / "model.safetensors").read_bytes() == model


def test_a_run_begun_with_relative_paths_resumes_from_another_folder(
    run_cli, tiny_args, data, tmp_path, monkeypatch
):
    """run.json kept the paths as given: from another folder, "training source tr.de: no such
    file"."""
    monkeypatch.chdir(data.src.parent)
    (data.src.parent / "auto").mkdir()  # a folder named as the teacher is: no teacher's path
    relative = [str(Path(a).name) if Path(a).parent == data.src.parent else a for a in tiny_args()]
    result = run_cli([*relative, "--output", tmp_path / "run", "--max-steps", "2", "-q"])
    assert result.exit_code == 0, result.stderr
    recorded = json.loads((tmp_path / "run" / "run.json").read_text())["corpora"][0]
    assert recorded["src"] == str(data.src)
    monkeypatch.chdir("/")
    result = run_cli(["train", "--resume", tmp_path / "run", "--max-steps", "3", "-q"])
    assert result.exit_code == 0, result.stderr
    assert newest_checkpoint_step(tmp_path / "run") == 3


def test_resume_without_a_run_is_a_clear_error(run_cli, tmp_path):
    result = run_cli(["train", "--resume", tmp_path / "nothing"])
    assert "no such run directory" in assert_one_error_line(result, code=1)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_cli(["train", "--resume", empty])
    assert "no training run to resume" in assert_one_error_line(result, code=1)
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("damage", [b"{ not json", b"\xff\xfe"], ids=["syntax", "not-utf8"])
def test_damaged_settings_files_are_one_error_line_naming_the_file(run_cli, tmp_path, damage):
    """A config.toml, a model's config.json and a run's run.json that do not parse."""
    toml = tmp_path / "bad.toml"
    toml.write_bytes(damage)
    result = run_cli(["train", "--config", toml, "--src", "a", "--tgt", "b", "-o", tmp_path / "r"])
    assert_one_error_line(result, "bad.toml: not valid TOML")
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_bytes(damage)
    result = run_cli(["translate", "-m", model, "Bonjour."])
    assert_one_error_line(result, "config.json: not valid JSON")
    (model / "run.json").write_bytes(damage)
    result = run_cli(["train", "--resume", model])
    assert_one_error_line(result, "run.json: not valid JSON")


def test_a_run_held_by_another_process_is_not_touched(run_cli, finished_run):
    def state() -> dict[str, int]:  # the lock file itself is the holder's to write
        return {p.name: p.stat().st_mtime_ns for p in finished_run.iterdir() if p.suffix != ".lock"}

    before = state()
    with RunLock(finished_run):
        result = run_cli(["train", "--resume", finished_run, "--max-steps", "5", "-q"])
    line = assert_one_error_line(result, code=1)
    assert "another training process" in line and str(os.getpid()) in line
    assert state() == before
    result = run_cli(["train", "--resume", finished_run, "--max-steps", "5", "-q"])
    assert result.exit_code == 0, result.stderr  # released: it continues
    assert newest_checkpoint_step(finished_run) == 5


# -- signals ---------------------------------------------------------------------------------------


def _flat(text: str) -> str:
    """stderr without white space (rich wraps long paths at the terminal width)."""
    return "".join(text.split())


@pytest.mark.slow
def test_sigint_and_sigterm_save_a_checkpoint_and_resume_continues(
    run_cli, tiny_args, tmp_path, processes
):
    run_dir = tmp_path / "run"
    args = [*tiny_args(valid_every=10_000), "--output", str(run_dir), "--max-steps", "100000"]
    commands = [
        [*args, "--batch-tokens", "100", "-q"],
        ["train", "--resume", str(run_dir), "--threads", "1", "-q"],
    ]
    stopped = 0
    for command, (signum, code) in zip(commands, [(signal.SIGINT, 130), (signal.SIGTERM, 143)]):
        proc = start_nmt(command, tmp_path / f"stderr-{signum}")
        processes.append(proc)
        wait_until(lambda s=stopped: len(step_records(run_dir)) >= s + 3, proc)
        proc.popen.send_signal(signum)
        assert proc.wait() == code, proc.stderr
        assert "Traceback" not in proc.stderr
        assert f"continue with: nmt train --resume {run_dir}" in proc.stderr
        assert newest_checkpoint_step(run_dir) >= stopped + 3
        stopped = newest_checkpoint_step(run_dir)
        load_checkpoint_fresh(run_dir, checkpoint_dirs(run_dir)[-1])

    result = run_cli(["train", "--resume", run_dir, "--max-steps", str(stopped + 4)])
    assert result.exit_code == 0, result.stderr
    assert _flat(f"step-{stopped:08d} (step {stopped:,})") in _flat(result.stderr)
    assert [r["step"] for r in step_records(run_dir)] == list(range(1, stopped + 5))
    assert newest_checkpoint_step(run_dir) == stopped + 4


def _hidden(checkpoints: Path) -> list[str]:
    """Half-written checkpoints (or old ones being deleted): hidden directories."""
    return [p.name for p in checkpoints.iterdir() if p.name.startswith(".")]


@pytest.mark.slow
def test_sigkill_while_checkpointing_never_leaves_an_unreadable_checkpoint(
    run_cli, tiny_args, tmp_path, processes
):
    """Trials: start (then resume) a run that validates and checkpoints after every step, let
    its first checkpoint complete, pause the second inside its write at one stage after another
    (a test hook of the checkpoint writer, so no timing decides where the kill lands), kill it
    with SIGKILL there, and check every checkpoint on disk. Early stopping is off, so the run
    cannot end on its own before a kill."""
    run_dir = tmp_path / "run"
    first = [*tiny_args(valid_every=1, keep_last=2, patience=0), "--output", str(run_dir)]
    first += ["--max-steps", "100000", "--batch-tokens", "100", "-q"]
    resume = ["train", "--resume", str(run_dir), "--threads", "1", "-q"]
    for trial, stage in enumerate(ckpt.PAUSE_STAGES):
        before = newest_checkpoint_step(run_dir)
        marker = tmp_path / f"paused{trial}"
        env = {ckpt.PAUSE_ENV: f"{stage}:2:{marker}"}
        proc = start_nmt(first if trial == 0 else resume, tmp_path / f"stderr{trial}", env)
        processes.append(proc)
        wait_until(marker.exists, proc)
        proc.popen.send_signal(signal.SIGKILL)
        assert proc.wait() == -signal.SIGKILL
        after = newest_checkpoint_step(run_dir)
        if stage == "renamed":  # complete and in place, its directory entry not yet synced
            assert after == before + 2 and _hidden(run_dir / "checkpoints") == []
        else:  # the second checkpoint died half-written: hidden, and the first is the newest
            assert after == before + 1
            half = f".step-{after + 1:08d}.tmp-{proc.popen.pid}"
            assert _hidden(run_dir / "checkpoints") == [half]
        for path in checkpoint_dirs(run_dir):
            load_checkpoint_fresh(run_dir, path)  # raises ModelLoadError if damaged
    newest = newest_checkpoint_step(run_dir)

    result = run_cli(["train", "--resume", run_dir, "--max-steps", str(newest + 2)])
    assert result.exit_code == 0, result.stderr
    assert _flat(f"step-{newest:08d} (step {newest:,})") in _flat(result.stderr)
    assert _hidden(run_dir / "checkpoints") == []
    for path in checkpoint_dirs(run_dir):
        load_checkpoint_fresh(run_dir, path)
    assert [r["step"] for r in step_records(run_dir)] == list(range(1, newest + 3))


# -- checkpoint replacement and pruning, interrupted (in-process, deterministic) -----------------


class Killed(BaseException):
    """Stands for SIGKILL arriving inside shutil.rmtree."""


def _rmtree_killed_after_one_file(path, ignore_errors=False, onerror=None, **kwargs):
    first = sorted(Path(path).iterdir())[0]
    first.unlink()
    raise Killed(path)


def _checkpoints(root: Path, steps: list[int]):
    torch.manual_seed(0)
    model = build_model(ModelConfig(emb_size=8, hidden_size=8), 12, 12)
    optimizer = torch.optim.AdamW(model.parameters())
    model(torch.tensor([[4, 5, 3]]), torch.tensor([3]), torch.tensor([[2, 4]]))[0].sum().backward()
    optimizer.step()
    for step in steps:
        ckpt.save_checkpoint(root, step, model, optimizer, {"step": step})
    return model, optimizer


def _unreadable(root: Path, model, optimizer) -> list[str]:
    bad = []
    for path in ckpt.list_checkpoints(root):
        try:
            ckpt.load_checkpoint(path, model, optimizer)
        except ModelLoadError:
            bad.append(path.name)
    return bad


def test_a_kill_while_pruning_leaves_no_unreadable_checkpoint(tmp_path, monkeypatch):
    root = tmp_path / "checkpoints"
    model, optimizer = _checkpoints(root, [1, 2, 3])
    monkeypatch.setattr(ckpt.shutil, "rmtree", _rmtree_killed_after_one_file)
    with pytest.raises(Killed):
        ckpt.prune(root, keep=2)
    monkeypatch.undo()
    assert _unreadable(root, model, optimizer) == []


def test_a_kill_while_replacing_a_checkpoint_keeps_that_step(tmp_path, monkeypatch):
    root = tmp_path / "checkpoints"
    model, optimizer = _checkpoints(root, [5])
    monkeypatch.setattr(ckpt.shutil, "rmtree", _rmtree_killed_after_one_file)
    # Saving step 5 again (a signal right after the validation at step 5) keeps the one on
    # disk: nothing is deleted, so a kill at this moment cannot lose the step.
    ckpt.save_checkpoint(root, 5, model, optimizer, {"step": 5})
    monkeypatch.undo()
    assert [p.name for p in ckpt.list_checkpoints(root)] == ["step-00000005"]
    assert _unreadable(root, model, optimizer) == []
