"""`torchrun ... train`: data-parallel training with gloo on CPU (2 processes).

torchrun runs ``tests/torchrun_train.py``, the `nmt` entry point plus one addition: each rank
writes the weights it ends with. ``--standalone`` lets torchrun pick a free port itself, so two
test suites on one machine do not collide.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from conftest import HANG_SECONDS
from safetensors.torch import load_file


def _torchrun() -> Path:
    return Path(sys.executable).parent / "torchrun"


def _weights(path: Path) -> dict[str, torch.Tensor]:
    return load_file(str(path))


def _assert_equal_weights(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> None:
    assert a.keys() == b.keys()
    for name in a:
        assert torch.equal(a[name], b[name]), name


@pytest.mark.slow
@pytest.mark.skipif(not _torchrun().exists(), reason="torchrun is not installed beside python")
def test_two_processes_train_one_model_and_only_rank_0_writes(tmp_path, corpus):
    run, ranks = tmp_path / "run", tmp_path / "ranks"
    ranks.mkdir()
    config = tmp_path / "keep.toml"
    config.write_text("[train]\nkeep_last = 10\nlog_every = 3\n", encoding="utf-8")  # every ckpt
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OMP_WAIT_POLICY": "PASSIVE"}
    env["RANK_WEIGHTS"] = str(ranks)
    cmd = [
        str(_torchrun()), "--standalone", "--nproc-per-node", "2",
        str(Path(__file__).with_name("torchrun_train.py")), "train",
        "--src", str(corpus.de), "--tgt", str(corpus.en),
        "--valid-src", str(corpus.de), "--valid-tgt", str(corpus.en),
        "--output", str(run), "--hidden-size", "16", "--emb-size", "16",
        "--max-steps", "6", "--valid-every", "3", "--batch-tokens", "400", "--threads", "1",
        "--config", str(config),
    ]  # fmt: skip
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert result.returncode == 0, result.stderr[-2000:]
    # One voice: rank 0 prints the summary once; rank 1 prints nothing of its own.
    assert result.stderr.count("done: reached max_steps 6") == 1
    assert "2 processes" in result.stderr
    records = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    steps = [r for r in records if "valid_loss" not in r]
    assert [r["step"] for r in steps] == [3, 6]  # once each log step, from rank 0 alone
    assert [r["steps"] for r in steps] == [3, 3]
    names = {p.name for p in (run / "checkpoints").iterdir()}
    assert {"step-00000003", "step-00000006"} <= names  # validations (and epoch ends) checkpoint
    # Each rank trained on its own half of the batches, yet both end with the same model:
    # gradients are averaged over the ranks at every step.
    rank0, rank1 = _weights(ranks / "rank-0.safetensors"), _weights(ranks / "rank-1.safetensors")
    _assert_equal_weights(rank0, rank1)
    # ... the model rank 0 checkpointed last, which training moved from step 3's
    final = _weights(run / "checkpoints" / "step-00000006" / "model.safetensors")
    _assert_equal_weights(rank0, final)
    earlier = _weights(run / "checkpoints" / "step-00000003" / "model.safetensors")
    assert any(not torch.equal(earlier[n], final[n]) for n in final)
    # The best model is the one of the validation that scored best.
    best = json.loads((run / "meta.json").read_text())["best"]
    best_checkpoint = run / "checkpoints" / f"step-{best['step']:08d}" / "model.safetensors"
    _assert_equal_weights(_weights(run / "model.safetensors"), _weights(best_checkpoint))


needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


@pytest.mark.slow
@pytest.mark.skipif(not _torchrun().exists(), reason="torchrun is not installed beside python")
@pytest.mark.parametrize("device", ["cpu", pytest.param("cuda", marks=needs_cuda)])
def test_torchrun_of_one_process_trains_in_a_process_group(tmp_path, corpus, device):
    """The README's path for several GPUs and nodes, at world size 1: ``torchrun -m nmt_cli
    train`` sets up its process group (NCCL with ``--device cuda``, gloo on the CPU:
    nmt_cli/training/distributed.py), wraps the model in DDP and trains."""
    run = tmp_path / "run"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    cmd = [
        str(_torchrun()), "--standalone", "--nproc_per_node", "1", "-m", "nmt_cli", "train",
        "--src", str(corpus.de), "--tgt", str(corpus.en),
        "--valid-src", str(corpus.de), "--valid-tgt", str(corpus.en),
        "--output", str(run), "--hidden-size", "16", "--emb-size", "16", "--device", device,
        "--max-steps", "4", "--valid-every", "2", "--batch-tokens", "400", "--threads", "1",
    ]  # fmt: skip
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "done: reached max_steps 4" in result.stderr
    assert ";1process" in "".join(result.stderr.split())  # a group, not a lone process
    assert (run / "checkpoints" / "step-00000004").is_dir()
    assert (run / "model.safetensors").is_file()
