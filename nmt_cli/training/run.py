"""A training run on disk: its directory, lock, settings, tokenizer, data and model.

RUN/                    a complete model directory (what `nmt translate --model RUN` reads)
    config.json  tokenizer.json  model.safetensors (best so far)  meta.json
    run.json            everything needed to resume: data paths, model and train settings
    metrics.jsonl       one JSON object per step and per validation
    checkpoints/        the last K resumable checkpoints
    train.lock          held by the live training process
"""

from __future__ import annotations

import fcntl
import json
import os
import platform
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nmt_cli import __version__
from nmt_cli.bundle import CONFIG_FILE, TOKENIZER_FILE, sha256_file, write_config
from nmt_cli.configs import from_dict, to_dict
from nmt_cli.errors import ConfigError, InputError, OutputError, RunLockedError, UsageError
from nmt_cli.model.config import ModelConfig
from nmt_cli.textio import count_lines, write_text_atomic
from nmt_cli.training.config import TrainConfig

RUN_FILE = "run.json"
# Settings added after runs had started, at the values such runs were trained with: a run.json
# without them resumes as it began, not with today's defaults.
SETTINGS_OF_OLDER_RUNS = {"model": {"rnn_init": "xavier"}, "train": {"batch_sort": "target"}}
LOCK_FILE = "train.lock"


@dataclass
class RunSpec:
    src: str
    tgt: str
    valid_src: str
    valid_tgt: str
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    tokenizer: str | None = None  # a given tokenizer.json, else one is trained


def read_toml_config(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The [model] and [train] tables of a TOML config file."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such config file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: not valid TOML ({e})") from None
    unknown = set(data) - {"model", "train"}
    if unknown:
        raise ConfigError(f"{path}: unknown table(s) {sorted(unknown)}; use [model] and [train]")
    return data.get("model", {}), data.get("train", {})


def build_spec(
    paths: dict[str, str | None],
    config_file: Path | None,
    model_flags: dict[str, Any],
    train_flags: dict[str, Any],
    tokenizer: str | None,
) -> RunSpec:
    """Settings from the config file, overridden by flags that were given (not None)."""
    model_table, train_table = read_toml_config(config_file) if config_file else ({}, {})
    model_table = {**model_table, **{k: v for k, v in model_flags.items() if v is not None}}
    train_table = {**train_table, **{k: v for k, v in train_flags.items() if v is not None}}
    where = str(config_file) if config_file else "options"
    missing = [f"--{k.replace('_', '-')}" for k, v in paths.items() if not v]
    if missing:
        raise UsageError(f"missing {', '.join(missing)}")
    return RunSpec(
        src=str(paths["src"]),
        tgt=str(paths["tgt"]),
        valid_src=str(paths["valid_src"]),
        valid_tgt=str(paths["valid_tgt"]),
        model=from_dict(ModelConfig, model_table, f"{where}: [model]"),
        train=from_dict(TrainConfig, train_table, f"{where}: [train]"),
        tokenizer=tokenizer,
    )


def spec_to_json(spec: RunSpec) -> str:
    return (
        json.dumps(
            {
                "src": spec.src,
                "tgt": spec.tgt,
                "valid_src": spec.valid_src,
                "valid_tgt": spec.valid_tgt,
                "tokenizer": spec.tokenizer,
                "model": to_dict(spec.model),
                "train": to_dict(spec.train),
            },
            indent=2,
        )
        + "\n"
    )


def spec_from_run(run_dir: Path, train_overrides: dict[str, Any]) -> RunSpec:
    path = run_dir / RUN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{run_dir}: no training run to resume (no {RUN_FILE})") from None
    except json.JSONDecodeError as e:
        raise InputError(f"{path}: damaged ({e})") from None
    older = SETTINGS_OF_OLDER_RUNS
    model_table = {**older["model"], **data["model"]}
    train_table = {
        **older["train"],
        **data["train"],
        **{k: v for k, v in train_overrides.items() if v is not None},
    }
    return RunSpec(
        src=data["src"],
        tgt=data["tgt"],
        valid_src=data["valid_src"],
        valid_tgt=data["valid_tgt"],
        tokenizer=data.get("tokenizer"),
        model=from_dict(ModelConfig, model_table, f"{path}: model"),
        train=from_dict(TrainConfig, train_table, f"{path}: train"),
    )


class RunLock:
    """An exclusive lock on the run directory, released when the process ends (even killed)."""

    def __init__(self, run_dir: Path):
        self.path = run_dir / LOCK_FILE
        self.fd: int | None = None

    def __enter__(self) -> RunLock:
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.read(self.fd, 64).decode(errors="replace").strip() or "another process"
            os.close(self.fd)
            self.fd = None
            raise RunLockedError(
                f"{self.path.parent}: another training process (pid {other}) is using this run "
                "directory; wait for it or choose another --output"
            ) from None
        os.ftruncate(self.fd, 0)
        os.write(self.fd, str(os.getpid()).encode())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def check_output_dir(run_dir: Path, resume: bool, overwrite: bool) -> None:
    """Refuse to write a new run over an existing one unless asked to."""
    if run_dir.exists() and not run_dir.is_dir():
        raise OutputError(f"{run_dir}: exists and is not a directory")
    if not run_dir.parent.exists():
        raise OutputError(f"{run_dir}: parent directory {run_dir.parent} does not exist")
    holds_run = run_dir.is_dir() and any(
        (run_dir / f).exists() for f in (RUN_FILE, CONFIG_FILE, "checkpoints")
    )
    if holds_run and not resume and not overwrite:
        raise UsageError(
            f"{run_dir} already holds a training run; use --resume to continue it or "
            "--overwrite to start again"
        )


def clear_run(run_dir: Path) -> None:
    for name in (
        RUN_FILE,
        CONFIG_FILE,
        TOKENIZER_FILE,
        "model.safetensors",
        "meta.json",
        "metrics.jsonl",
        "curves.png",
    ):
        (run_dir / name).unlink(missing_ok=True)
    shutil.rmtree(run_dir / "checkpoints", ignore_errors=True)


def check_inputs(spec: RunSpec) -> None:
    for key in ("src", "tgt", "valid_src", "valid_tgt"):
        path = Path(getattr(spec, key))
        if not path.is_file():
            flag = "--" + key.replace("_", "-")
            raise InputError(f"{flag} {path}: no such file")
    for a, b in ((spec.src, spec.tgt), (spec.valid_src, spec.valid_tgt)):
        na, nb = count_lines(a), count_lines(b)
        if na != nb:
            raise InputError(
                f"{a} has {na:,} lines but {b} has {nb:,}; parallel files need one line per "
                "sentence pair"
            )


def prepare_tokenizer(spec: RunSpec, run_dir: Path, resume: bool, warn):
    """The run's tokenizer: the one in the run (resume), a given one, or a new joint BPE."""
    from nmt_cli.textio import open_lines
    from nmt_cli.tokenizer import Tokenizer, train_tokenizer

    stored = run_dir / TOKENIZER_FILE
    if resume and stored.is_file():
        return Tokenizer.load(stored), None
    if spec.tokenizer:
        tok = Tokenizer.load(spec.tokenizer)
        tok.save(stored)
        return tok, None

    def lines():
        for path in (spec.src, spec.tgt):
            with open_lines(path, on_invalid=warn) as f:
                yield from f

    tok, stats = train_tokenizer(lines(), vocab_size=spec.train.vocab_size, model="bpe")
    tok.save(stored)
    return tok, stats


def make_meta(spec: RunSpec, parameters: int) -> dict[str, Any]:
    import torch

    return {
        "nmt_cli_version": __version__,
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "command": sys.argv,
        "parameters": parameters,
        "data": {
            key: {
                "path": str(Path(getattr(spec, key)).resolve()),
                "sha256": sha256_file(getattr(spec, key)),
            }
            for key in ("src", "tgt", "valid_src", "valid_tgt")
        },
        "model": to_dict(spec.model),
        "train": to_dict(spec.train),
    }


def write_run_files(run_dir: Path, spec: RunSpec, model) -> None:
    write_text_atomic(run_dir / RUN_FILE, spec_to_json(spec))
    write_config(run_dir, model.config, model.src_vocab_size, model.tgt_vocab_size)


def check_tokenizer_fits(spec: RunSpec, tokenizer, run_dir: Path) -> None:
    if (run_dir / CONFIG_FILE).is_file():
        from nmt_cli.bundle import read_config

        _, src_vocab, _ = read_config(run_dir)
        if src_vocab != tokenizer.vocab_size:
            raise ConfigError(
                f"the tokenizer has {tokenizer.vocab_size} tokens but the run was built for "
                f"{src_vocab}"
            )
