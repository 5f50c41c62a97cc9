"""A training run on disk: its directory, lock, tokenizer, data and model (its settings:
:mod:`nmt_cli.training.spec`).

RUN/                    a complete model directory (what `nmt translate --model RUN` reads)
    config.json  tokenizer.json  model.safetensors (best so far)  meta.json
    run.json            everything needed to resume: data paths, model and train settings
    metrics.jsonl       one JSON object per step and per validation
    checkpoints/        the last K resumable checkpoints
    train.lock          held by the live training process
"""

from __future__ import annotations

import fcntl
import os
import platform
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from nmt_cli import __version__
from nmt_cli.errors import ConfigError, InputError, OutputError, RunLockedError, UsageError
from nmt_cli.model.bundle import CONFIG_FILE, MODEL_FILES, TOKENIZER_FILE, sha256_file, write_config
from nmt_cli.settings import to_dict
from nmt_cli.textio import count_lines, write_text_atomic
from nmt_cli.training.spec import RUN_FILE, RunSpec, spec_to_json
from nmt_cli.training.trainer import CHECKPOINTS, METRICS_FILE

LOCK_FILE = "train.lock"


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


def check_output_dir(run_dir: Path, overwrite: bool) -> None:
    """Refuse to write a new run over an existing one unless asked to."""
    if run_dir.exists() and not run_dir.is_dir():
        raise OutputError(f"{run_dir}: exists and is not a directory")
    if not run_dir.parent.exists():
        raise OutputError(f"{run_dir}: parent directory {run_dir.parent} does not exist")
    holds_run = any((run_dir / f).exists() for f in (RUN_FILE, CONFIG_FILE, CHECKPOINTS))
    if holds_run and not overwrite:
        raise UsageError(
            f"{run_dir} already holds a training run; use --resume to continue it or "
            "--overwrite to start again"
        )


def clear_run(run_dir: Path) -> None:
    for name in (RUN_FILE, *MODEL_FILES, METRICS_FILE, "curves.png"):
        (run_dir / name).unlink(missing_ok=True)
    shutil.rmtree(run_dir / CHECKPOINTS, ignore_errors=True)


def check_inputs(spec: RunSpec) -> None:
    """Every file exists, and the files of a corpus have one line per pair."""
    for role, path in spec.files():
        if not Path(path).is_file():
            what, side = role.split(".")
            what = {"train": "training", "valid": "validation"}[what]
            side = {"src": "source", "tgt": "target"}.get(side, side)
            raise InputError(f"{what} {side} {path}: no such file")
    for c in spec.corpora + spec.valid:
        na, nb = count_lines(c.src), count_lines(c.tgt)
        if na != nb:
            raise InputError(
                f"{c.src} has {na:,} lines but {c.tgt} has {nb:,}; parallel files need one line "
                "per sentence pair"
            )
        if c.alignments and (nc := count_lines(c.alignments)) != na:
            raise InputError(
                f"{c.alignments} has {nc:,} lines but {c.src} has {na:,}; alignments need one "
                "line per sentence pair"
            )


def prepare_tokenizer(spec: RunSpec, run_dir: Path, resume: bool, warn):
    """The run's tokenizer: the one in the run (resume), a given one, or a new joint BPE."""
    from nmt_cli.model.tokenizer import Tokenizer, train_tokenizer
    from nmt_cli.textio import lines_of

    stored = run_dir / TOKENIZER_FILE
    if resume and stored.is_file():
        return Tokenizer.load(stored), None
    if spec.tokenizer or spec.init:
        tok, stats = Tokenizer.load(spec.tokenizer or Path(spec.init) / TOKENIZER_FILE), None
    else:
        lines = lines_of([path for c in spec.corpora for path in (c.src, c.tgt)], warn)
        tok, stats = train_tokenizer(lines, vocab_size=spec.train.vocab_size, model="bpe")
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
        "data": [
            {"role": role, "path": str(Path(path).resolve()), "sha256": sha256_file(path)}
            for role, path in spec.files()
        ],
        "model": to_dict(spec.model),
        "train": to_dict(spec.train),
    }


def write_run_files(run_dir: Path, spec: RunSpec, model) -> None:
    write_text_atomic(run_dir / RUN_FILE, spec_to_json(spec))
    write_config(run_dir, model.config, model.src_vocab_size, model.tgt_vocab_size, spec.languages)


def check_tokenizer_fits(tokenizer, run_dir: Path) -> None:
    if (run_dir / CONFIG_FILE).is_file():
        from nmt_cli.model.bundle import read_config

        _, src_vocab, _ = read_config(run_dir)
        if src_vocab != tokenizer.vocab_size:
            raise ConfigError(
                f"the tokenizer has {tokenizer.vocab_size} tokens but the run was built for "
                f"{src_vocab}"
            )


def needs_teacher(spec: RunSpec) -> bool:
    """A guided run with a corpus that has no links of its own."""
    return spec.model.guided_alignment and any(not c.alignments for c in spec.corpora)


def check_tools(spec: RunSpec, run_dir: Path) -> None:
    """What the teacher needs, before any long work: eflomal installed, or a guided model to
    start from."""
    from nmt_cli.training import teacher as t

    if not needs_teacher(spec):
        return
    if spec.train.teacher == "self":
        if not (run_dir / t.TEACHER_DIR / t.SELF_LINKS_FILE).is_file():
            t.check_self_teacher(spec.init)
    elif not (run_dir / t.TEACHER_DIR / t.LINKS_FILE).is_file():
        t.eflomal_program()


def prepare_teacher(spec: RunSpec, run_dir: Path, say):
    """The teacher links of a guided run (computed once, then read from the run's cache), or
    None when the run needs none."""
    if not needs_teacher(spec):
        return None
    from nmt_cli.training import teacher as t

    need = [(c.src, c.tgt) for c in spec.corpora if not c.alignments]
    say(t.describe_teacher(spec.train.teacher, spec.init))
    if spec.train.teacher == "self":
        path = t.compute_self_teacher(need, str(spec.init), run_dir, say)
        return t.TeacherLinks(str(path), t.WHITESPACE_WORD)
    path = t.compute_teacher(need, run_dir, spec.train.teacher_symmetrise, say)
    return t.TeacherLinks(str(path), t.NORMALISED_WORD)


def load_data(spec: RunSpec, tok, say, warn, teacher=None):
    """Training data (with ``teacher`` links, a TeacherLinks, for guided alignment) and
    validation data."""
    from nmt_cli.training.data import load_corpora

    corpora = spec.corpora
    if not spec.model.guided_alignment:  # links given but no guidance: not read
        corpora = [replace(c, alignments=None) for c in corpora]
    links = {} if teacher is None else dict(teacher=teacher.path, teacher_words=teacher.words)
    train_data = load_corpora(corpora, tok, spec.train.max_len, warn, **links)
    valid_data = load_corpora(spec.valid, tok, None, warn, keep_text=True)
    warn = warn or say
    if valid_data.dropped_empty:
        warn(f"validation: left out {valid_data.dropped_empty:,} pairs with an empty side")
    if train_data.dropped_empty or train_data.dropped_long:
        warn(
            f"training: left out {train_data.dropped_empty:,} pairs with an empty side and "
            f"{train_data.dropped_long:,} longer than {spec.train.max_len} subwords "
            f"(of {train_data.total:,})"
        )
    return train_data, valid_data
