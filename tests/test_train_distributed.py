"""`torchrun -m nmt_cli train`: data-parallel training with gloo on CPU (2 processes)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from safetensors.torch import load_file


def _torchrun() -> Path:
    return Path(sys.executable).parent / "torchrun"


@pytest.mark.skipif(not _torchrun().exists(), reason="torchrun is not installed beside python")
def test_two_processes_train_one_model_and_only_rank_0_writes(tmp_path, corpus):
    run = tmp_path / "run"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    cmd = [
        str(_torchrun()), "--nproc-per-node", "2", "--master-port", "29517",
        "-m", "nmt_cli", "train",
        "--src", str(corpus.de), "--tgt", str(corpus.en),
        "--valid-src", str(corpus.de), "--valid-tgt", str(corpus.en),
        "--output", str(run), "--hidden-size", "16", "--emb-size", "16",
        "--max-steps", "6", "--valid-every", "3", "--batch-tokens", "400", "--threads", "1",
    ]  # fmt: skip
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    # One voice: rank 0 prints the summary once; rank 1 prints nothing of its own.
    assert result.stderr.count("done: reached max_steps 6") == 1
    assert "2 processes" in result.stderr
    steps = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in steps if "loss" in r and "valid_loss" not in r] == list(range(1, 7))
    names = {p.name for p in (run / "checkpoints").iterdir()}
    assert {"step-00000003", "step-00000006"} <= names  # validations (and epoch ends) checkpoint
    assert load_file(str(run / "model.safetensors"))  # the best model is a readable model
