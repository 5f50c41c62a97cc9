"""The GPU path: `nmt train`, `nmt translate`, `nmt score` and `nmt align` with ``--device cuda``
give what the CPU gives in float32 (translations and alignments; scores to rounding), and
bfloat16 training runs. Without a CUDA GPU these tests skip, and ``--device cuda`` is one clear
error line."""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch
from conftest import assert_one_error_line, make_corpus
from train_fixtures import (  # noqa: F401 (keep_torch_state is an autouse fixture)
    keep_torch_state,
    step_records,
    write_parallel,
    write_toml,
)

from nmt_cli.search import Decoding
from nmt_cli.search.beam import beam_search
from nmt_cli.search.greedy import greedy_search
from nmt_cli.vocab import BOS, EOS, PAD

pytest_plugins = ["model_fixtures"]

needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
SENTENCES = [de for de, _ in make_corpus(20)] + ["", "Ein Hund", "Zwei Mädchen tanzen."]


def lines_in(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


def translations(run_cli, model: Path, device: str, *args: str) -> list[dict]:
    result = run_cli(
        ["translate", "-m", model, "--device", device, "--format", "jsonl", *args],
        input=lines_in(SENTENCES),
    )
    assert result.exit_code == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


@needs_cuda
@pytest.mark.parametrize("beam", ["1", "5"])
def test_translations_on_the_gpu_are_the_cpus(run_cli, model_dir: Path, beam: str) -> None:
    cpu = translations(run_cli, model_dir, "cpu", "-k", beam, "--threads", "1")
    gpu = translations(run_cli, model_dir, "cuda", "-k", beam)
    assert [r["translation"] for r in gpu] == [r["translation"] for r in cpu]
    assert [r["tokens"] for r in gpu] == [r["tokens"] for r in cpu]
    for g, c in zip(gpu, cpu):
        assert g["score"] == pytest.approx(c["score"], abs=1e-3)


@needs_cuda
def test_bf16_translation_on_the_gpu_keeps_lines(run_cli, transformer_model_dir: Path) -> None:
    gpu = translations(run_cli, transformer_model_dir, "cuda", "--precision", "bf16")
    assert [r["source"] for r in gpu] == SENTENCES
    assert gpu[len(SENTENCES) - 3]["translation"] == ""  # the empty line stays empty


@needs_cuda
def test_alignments_on_the_gpu_are_the_cpus(run_cli, model_dir: Path, tmp_path: Path) -> None:
    pairs = make_corpus(20)
    src, tgt = tmp_path / "a.de", tmp_path / "a.en"
    src.write_text("".join(f"{de}\n" for de, _ in pairs), encoding="utf-8")
    tgt.write_text("".join(f"{en}\n" for _, en in pairs), encoding="utf-8")
    args = ["align", "-m", model_dir, "--src-file", src, "--tgt-file", tgt, "--format", "json"]
    cpu = run_cli([*args, "--device", "cpu"])
    gpu = run_cli([*args, "--device", "cuda"])
    assert cpu.exit_code == 0 and gpu.exit_code == 0, gpu.stderr
    for c, g in zip(cpu.stdout.splitlines(), gpu.stdout.splitlines(), strict=True):
        c_rec, g_rec = json.loads(c), json.loads(g)
        assert g_rec["alignment"] == c_rec["alignment"]
        assert torch.allclose(
            torch.tensor(g_rec["weights"]), torch.tensor(c_rec["weights"]), atol=2e-3
        )
    one = run_cli(["align", "-m", model_dir, "--device", "cuda", "Ein Hund läuft."])
    assert one.exit_code == 0, one.stderr


@needs_cuda
def test_scores_on_the_gpu_are_the_cpus(run_cli, model_dir: Path) -> None:
    pairs = lines_in([f"{de}\t{en}" for de, en in make_corpus(20)] + ["\tA dog"])
    args = ["score", "-m", model_dir, "--format", "jsonl", "--word-scores"]
    cpu = run_cli([*args, "--device", "cpu", "--threads", "1"], input=pairs)
    gpu = run_cli([*args, "--device", "cuda"], input=pairs)
    assert cpu.exit_code == 0 and gpu.exit_code == 0, gpu.stderr
    for c, g in zip(cpu.stdout.splitlines(), gpu.stdout.splitlines(), strict=True):
        c_rec, g_rec = json.loads(c), json.loads(g)
        assert (g_rec["score"] is None) == (c_rec["score"] is None)
        if c_rec["score"] is not None:
            assert g_rec["score"] == pytest.approx(c_rec["score"], abs=1e-3)
            assert g_rec["tokens"] == c_rec["tokens"]


@needs_cuda
@pytest.mark.parametrize("precision", ["fp32", "bf16"])
def test_two_training_steps_on_the_gpu(
    run_cli, corpus, small_tokenizer_path: Path, tmp_path: Path, precision: str
) -> None:
    data = write_parallel(tmp_path / "data", corpus.pairs[:80], n_valid=8)
    model = {"arch": "transformer", "hidden_size": 32, "heads": 2, "ff_size": 64}
    model.update(enc_layers=2, dec_layers=2)
    config = write_toml(tmp_path / "tiny.toml", model, {"warmup_steps": 2, "log_every": 1})
    run_dir = tmp_path / "run"
    result = run_cli(
        ["train", *data.args(), "--config", config, "--tokenizer", small_tokenizer_path]
        + ["--device", "cuda", "--precision", precision, "--max-steps", "2", "-o", run_dir]
    )
    assert result.exit_code == 0, result.stderr
    steps = step_records(run_dir)
    assert [r["step"] for r in steps][-1] == 2
    assert all(r["loss"] == r["loss"] and r["loss"] > 0 for r in steps)  # finite, not NaN
    out = run_cli(["translate", "-m", run_dir, "--device", "cuda", "Ein Hund läuft."])
    assert out.exit_code == 0, out.stderr
    assert len(out.stdout.splitlines()) == 1


@dataclass
class BigramState:
    """Per row, an offset into a bigram table: sentences that follow different paths."""

    offset: torch.Tensor  # (R,) on the device

    def select(self, index: torch.Tensor, sentences: list[int] | None = None) -> BigramState:
        return BigramState(self.offset.index_select(0, index))


def bigram_search(device: str, beam: int, sentences: int = 40) -> tuple[list, list[int]]:
    """A search over a fixed bigram table on ``device`` (no neural network, nothing read by the
    model): the hypotheses, and the number of times the host waited for the device between
    each step and the next (counted by torch's sync debug mode on CUDA)."""
    gen = torch.Generator().manual_seed(0)
    vocab = 64
    table = torch.randn(vocab, vocab, generator=gen)
    table[:, EOS] += 1.0  # paths end at different steps
    table[:, [PAD, BOS]] = -30.0  # never the likeliest (greedy reads again where it is)
    table = table.log_softmax(dim=1).to(device)  # (V, V)
    waits: list[int] = []  # syncs so far, at each step
    caught: list[warnings.WarningMessage] = []

    def step(state: BigramState, last: torch.Tensor):
        waits.append(sum("synchroniz" in str(w.message) for w in caught))
        log_probs = table.index_select(0, (last + state.offset) % vocab)  # (R, V)
        return log_probs, torch.zeros(len(last), 7, device=device), state

    state = BigramState(torch.arange(sentences, device=device))
    src_lengths = torch.full((sentences,), 7, device=device)
    limits = [60] * sentences
    if device == "cuda":
        torch.cuda.set_sync_debug_mode("warn")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if beam == 1:
                found = [[h] for h in greedy_search(Decoding(step, state, src_lengths, limits))]
            else:
                found = beam_search(Decoding(step, state, src_lengths, limits), beam_size=beam)
    finally:
        if device == "cuda":
            torch.cuda.set_sync_debug_mode(0)
    return found, [b - a for a, b in zip(waits, waits[1:])]


@pytest.mark.parametrize("beam", [1, 5])
def test_the_bigram_search_files_hypotheses_at_many_steps(beam: int) -> None:
    """The scenario the GPU test below counts waits in. Beam search's sentences all end with
    </s> before their limit (a beam cut at the limit is read on its own: a rare step)."""
    found, _ = bigram_search("cpu", beam)
    assert len({len(h.tokens) for nbest in found for h in nbest}) >= 5
    assert beam == 1 or all(h.finished for nbest in found for h in nbest)


@needs_cuda
@pytest.mark.parametrize("beam", [1, 5])
def test_a_search_step_waits_for_the_gpu_once(beam: int) -> None:
    """Each wait for the GPU's queue stops the host from queueing the next step's work: the
    search reads the device once a step, however many hypotheses end in it, and files them
    without reading them (they are read once the search is over). Same results as the CPU's."""
    found, waits = bigram_search("cuda", beam)
    assert max(waits) == 1, waits
    cpu, _ = bigram_search("cpu", beam)
    assert [[h.tokens for h in n] for n in found] == [[h.tokens for h in n] for n in cpu]


@pytest.mark.skipif(torch.cuda.is_available(), reason="this machine has a CUDA GPU")
@pytest.mark.parametrize("command", ["translate", "align"])
def test_cuda_without_a_gpu_is_one_clear_line(run_cli, transformer_model_dir, command) -> None:
    result = run_cli([command, "-m", transformer_model_dir, "--device", "cuda", "Ein Hund."])
    assert "no CUDA GPU" in assert_one_error_line(result, "--device cuda")


def test_int8_on_the_gpu_is_a_usage_error(run_cli, transformer_model_dir) -> None:
    args = ["translate", "-m", transformer_model_dir, "--device", "cuda", "--quantize", "int8"]
    assert_one_error_line(run_cli([*args, "x"]), "--quantize", code=2)
