"""Helpers for the `nmt train` tests: tiny tasks written as text, tiny TOML configs, running the
installed `nmt` as a subprocess, and reading a run directory.

Everything here is sized for a shared 2-core machine: hidden 16-32, a few hundred sentence
pairs, tens of steps, one torch thread.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch
from conftest import HANG_SECONDS

from nmt_cli.model import build_model
from nmt_cli.model.bundle import read_config
from nmt_cli.training import checkpoint as ckpt

NMT = Path(sys.executable).parent / "nmt"

# The copy task's vocabulary: BPE learns each word as one piece, so a target is the source's
# pieces in the same order.
WORDS = ("apple", "river", "stone", "cloud", "tiger", "lemon", "piano", "forest")


@dataclass(frozen=True)
class Data:
    """Four parallel text files, and the options that name them."""

    src: Path
    tgt: Path
    valid_src: Path
    valid_tgt: Path

    def args(self) -> list[str]:
        return [
            "--src",
            str(self.src),
            "--tgt",
            str(self.tgt),
            "--valid-src",
            str(self.valid_src),
            "--valid-tgt",
            str(self.valid_tgt),
        ]


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def write_copy_task(directory: Path, n_train: int = 300, n_valid: int = 30, seed: int = 0) -> Data:
    """Random 3-5 word strings over :data:`WORDS`; the target is the source itself."""
    rng = random.Random(seed)

    def sentences(n: int) -> list[str]:
        return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 5))) for _ in range(n)]

    directory.mkdir(parents=True, exist_ok=True)
    train, valid = sentences(n_train), sentences(n_valid)
    return Data(
        write_lines(directory / "train.src", train),
        write_lines(directory / "train.tgt", train),
        write_lines(directory / "valid.src", valid),
        write_lines(directory / "valid.tgt", valid),
    )


def write_parallel(directory: Path, pairs: list[tuple[str, str]], n_valid: int = 20) -> Data:
    """``pairs`` as training files, their first ``n_valid`` also as the validation files."""
    directory.mkdir(parents=True, exist_ok=True)
    return Data(
        write_lines(directory / "t.de", [de for de, _ in pairs]),
        write_lines(directory / "t.en", [en for _, en in pairs]),
        write_lines(directory / "v.de", [de for de, _ in pairs[:n_valid]]),
        write_lines(directory / "v.en", [en for _, en in pairs[:n_valid]]),
    )


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def write_toml(path: Path, model: dict | None = None, train: dict | None = None) -> Path:
    """A config file with [model] and [train] tables."""
    text = ""
    for table, values in (("model", model), ("train", train)):
        if values:
            text += f"[{table}]\n" + "".join(f"{k} = {_toml_value(v)}\n" for k, v in values.items())
    path.write_text(text, encoding="utf-8")
    return path


# A tiny RNN with dropout (so that resuming must restore the random number generator too).
TINY_MODEL = {"emb_size": 16, "hidden_size": 16, "dropout": 0.1}
TINY_TRAIN = {"warmup_steps": 4, "log_every": 1, "epochs": 1000}


# -- reading a run directory ---------------------------------------------------------------------


def records(run_dir: Path) -> list[dict]:
    """metrics.jsonl, every complete line."""
    path = run_dir / "metrics.jsonl"
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # a line being written right now
            continue
    return out


def step_records(run_dir: Path) -> list[dict]:
    return [r for r in records(run_dir) if "valid_bleu" not in r]


def validation_records(run_dir: Path) -> list[dict]:
    return [r for r in records(run_dir) if "valid_bleu" in r]


def checkpoint_dirs(run_dir: Path) -> list[Path]:
    return ckpt.list_checkpoints(run_dir / "checkpoints")


def newest_checkpoint_step(run_dir: Path) -> int:
    found = checkpoint_dirs(run_dir)
    return int(found[-1].name.removeprefix(ckpt.PREFIX)) if found else 0


def load_checkpoint_fresh(run_dir: Path, path: Path) -> dict:
    """Load checkpoint ``path`` into a freshly built model and optimiser (grouped as the
    trainer groups them); returns the saved progress."""
    config, src_vocab, tgt_vocab = read_config(run_dir)
    model = build_model(config, src_vocab, tgt_vocab)
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if p.dim() < 2 or "norm" in name else decay).append(p)
    optimizer = torch.optim.AdamW([{"params": decay}, {"params": no_decay}])
    return ckpt.load_checkpoint(path, model, optimizer)


# -- the installed `nmt` as a subprocess --------------------------------------------------------


@dataclass
class Process:
    popen: subprocess.Popen
    stderr_path: Path

    @property
    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    def wait(self, timeout: float = HANG_SECONDS) -> int:
        return self.popen.wait(timeout=timeout)


def start_nmt(args: list[str], stderr_path: Path, env: dict[str, str] | None = None) -> Process:
    """Run `nmt ARGS` in the background; stderr to a file (a pipe could fill and block it).
    ``env`` adds variables to this process's environment."""
    with open(stderr_path, "wb") as err:
        popen = subprocess.Popen(
            [str(NMT), *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            env={**os.environ, **(env or {})},
        )
    return Process(popen, stderr_path)


def wait_until(
    condition: Callable[[], bool], proc: Process, timeout: float = HANG_SECONDS, poll: float = 0.02
) -> None:
    """Poll ``condition`` while ``proc`` runs; fail if it ends first or time runs out."""
    deadline = time.monotonic() + timeout
    while not condition():
        if proc.popen.poll() is not None:
            pytest.fail(f"nmt ended early with {proc.popen.returncode}: {proc.stderr}")
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for nmt: {proc.stderr}")
        time.sleep(poll)


@pytest.fixture(autouse=True)
def keep_torch_state() -> Iterator[None]:
    """In-process runs set torch's thread count and seed; give the next test its own back."""
    threads, rng = torch.get_num_threads(), torch.get_rng_state()
    yield
    torch.set_num_threads(threads)
    torch.set_rng_state(rng)
