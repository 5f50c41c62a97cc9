"""Training checkpoints: model, optimiser, RNG and progress, without pickle.

    RUN/checkpoints/step-00001000/
        model.safetensors       weights
        optimizer.safetensors   Adam moments (and the torch RNG state, as a uint8 tensor)
        state.json              progress counters, optimiser hyper-parameters, schedule state

A checkpoint is written into a hidden temporary directory and renamed into place
(output.atomic_directory), so one either exists complete or not at all, whenever the process is
killed.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from nmt_cli.errors import ModelLoadError
from nmt_cli.model.bundle import load_weights, write_weights
from nmt_cli.output import atomic_directory

PREFIX = "step-"

# A test hook, so that tests can kill a process *inside* a checkpoint write without racing it:
# NMT_CLI_TEST_CHECKPOINT_PAUSE="STAGE:N:MARKER" makes the N-th checkpoint this process writes
# (1-based) create the file MARKER at STAGE and then wait there until the process is killed.
PAUSE_ENV = "NMT_CLI_TEST_CHECKPOINT_PAUSE"
PAUSE_STAGES = ("weights", "optimizer", "state", "fsync", "renamed")
_saves_in_process = 0


def _pause_point(stage: str) -> None:
    spec = os.environ.get(PAUSE_ENV)
    if not spec:
        return
    want, nth, marker = spec.split(":", 2)
    if want == stage and int(nth) == _saves_in_process:
        Path(marker).write_text(stage, encoding="utf-8")
        while True:  # until SIGKILL
            time.sleep(3600)


def save_checkpoint(
    root: Path, step: int, model, optimizer: torch.optim.Optimizer, progress: dict[str, Any]
) -> Path:
    """Write checkpoint ``step`` under ``root``; returns its directory."""
    root.mkdir(parents=True, exist_ok=True)
    final = root / f"{PREFIX}{step:08d}"
    if final.is_dir():  # already saved at this step (e.g. a signal right after validation)
        return final
    global _saves_in_process
    _saves_in_process += 1
    hidden = root / f".{PREFIX}{step:08d}.tmp-{os.getpid()}"  # cleaned on resume if left
    with atomic_directory(final, hidden, stage=_pause_point) as tmp:
        write_weights(tmp / "model.safetensors", model)
        _pause_point("weights")
        opt = optimizer.state_dict()
        tensors: dict[str, torch.Tensor] = {"rng.torch": torch.get_rng_state()}
        scalars: dict[str, dict[str, Any]] = {}
        for idx, pstate in opt["state"].items():
            for name, value in pstate.items():
                if isinstance(value, torch.Tensor):
                    tensors[f"opt.{idx}.{name}"] = value.contiguous()
                else:
                    scalars.setdefault(str(idx), {})[name] = value
        save_file(tensors, str(tmp / "optimizer.safetensors"))
        _pause_point("optimizer")
        state = {
            "step": step,
            "progress": progress,
            "param_groups": opt["param_groups"],
            "optimizer_scalars": scalars,
        }
        (tmp / "state.json").write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
        _pause_point("state")
    return final


def list_checkpoints(root: Path) -> list[Path]:
    """Complete checkpoints, oldest first (temporary directories are ignored)."""
    if not root.is_dir():
        return []
    found = [p for p in root.iterdir() if p.is_dir() and p.name.startswith(PREFIX)]
    return sorted(found, key=lambda p: p.name)


def clean_temporaries(root: Path) -> None:
    """Remove half-written checkpoints left by a killed process."""
    if root.is_dir():
        for p in root.iterdir():
            if p.name.startswith(f".{PREFIX}"):
                shutil.rmtree(p, ignore_errors=True)


def load_checkpoint(path: Path, model, optimizer: torch.optim.Optimizer) -> dict[str, Any]:
    """Restore model, optimiser and RNG from ``path``; returns the saved progress dict."""
    try:
        state = json.loads((path / "state.json").read_text(encoding="utf-8"))
        tensors = load_file(str(path / "optimizer.safetensors"))
    except (OSError, json.JSONDecodeError, SafetensorError) as e:
        raise ModelLoadError(f"{path}: unreadable checkpoint ({e})") from None
    load_weights(model, path / "model.safetensors")
    opt_state: dict[int, dict[str, Any]] = {}
    for key, value in tensors.items():
        if key.startswith("opt."):
            _, idx, name = key.split(".", 2)
            opt_state.setdefault(int(idx), {})[name] = value
    for idx, scalars in state["optimizer_scalars"].items():
        opt_state.setdefault(int(idx), {}).update(scalars)
    optimizer.load_state_dict({"state": opt_state, "param_groups": state["param_groups"]})
    torch.set_rng_state(tensors["rng.torch"])
    return state["progress"]


def prune(root: Path, keep: int) -> None:
    """Delete all but the newest ``keep`` checkpoints. Each is first renamed to a hidden name,
    so a kill during deletion leaves a temporary (cleaned on resume), never a broken step."""
    for p in list_checkpoints(root)[:-keep] if keep > 0 else []:
        doomed = root / f".{p.name}.deleting"
        os.replace(p, doomed)
        shutil.rmtree(doomed, ignore_errors=True)
