"""Tiny model directories for the `nmt translate` tests, built once per session.

    rnn_model_dir          a bidirectional GRU with additive attention, trained for a few dozen
                           steps on the conftest corpus (it learns to stop, so outputs are short)
    transformer_model_dir  a 2-layer Transformer trained the same way
    short_model_dir        an untrained seeded Transformer with ``max_positions=32``: a line of
                           more than 31 subwords is longer than it accepts

Everything is sized for a shared 2-core machine: hidden 16-32, the 400-piece conftest tokenizer,
one torch thread; building all three takes a few seconds. ``NMT`` and :func:`nmt_env` run the
installed console script as a subprocess.

Test modules load this file as a plugin (``pytest_plugins = ["model_fixtures"]``), so the
fixtures are found without imports that linters would take for unused names.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from conftest import make_corpus

from nmt_cli.documents.translate import without_added_stop
from nmt_cli.inference.translation import Translation
from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.bundle import save_bundle
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.vocab import BOS, EOS, PAD

NMT = Path(sys.executable).parent / "nmt"

RNN_CONFIG = ModelConfig(arch="rnn", emb_size=16, hidden_size=32, dropout=0.0, max_positions=64)
TRANSFORMER_CONFIG = ModelConfig(
    arch="transformer",
    hidden_size=32,
    ff_size=64,
    heads=2,
    enc_layers=2,
    dec_layers=2,
    dropout=0.0,
    max_positions=64,
)
SHORT_CONFIG = ModelConfig(
    arch="transformer",
    hidden_size=16,
    ff_size=32,
    heads=2,
    enc_layers=1,
    dec_layers=1,
    dropout=0.0,
    max_positions=32,
)


def _pad(seqs: list[list[int]]) -> torch.Tensor:
    out = torch.full((len(seqs), max(len(s) for s in seqs)), PAD, dtype=torch.long)
    for r, s in enumerate(seqs):
        out[r, : len(s)] = torch.tensor(s)
    return out


def train_tiny(
    model, tokenizer: Tokenizer, steps: int, lr: float, batch: int, seed: int = 0
) -> None:
    """``steps`` Adam steps of teacher-forced cross-entropy on the conftest corpus (German ->
    English). Enough for a tiny model to learn sentence length and a few frequent words."""
    pairs = make_corpus(200)
    data = [(tokenizer.encode(de) + [EOS], tokenizer.encode(en)) for de, en in pairs]
    rng = random.Random(seed)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    model.train()
    for _ in range(steps):
        sample = rng.sample(data, batch)
        src = _pad([s for s, _ in sample])  # (B, S)
        src_lengths = torch.tensor([len(s) for s, _ in sample])  # (B,)
        tgt_in = _pad([[BOS] + t for _, t in sample])  # (B, T)
        tgt_out = _pad([t + [EOS] for _, t in sample])  # (B, T)
        logits, _ = model(src, src_lengths, tgt_in)  # (B, T, V)
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()


def make_model_dir(
    directory: Path,
    config: ModelConfig,
    tokenizer: Tokenizer,
    steps: int = 0,
    lr: float = 1e-2,
    batch: int = 32,
    seed: int = 0,
) -> Path:
    """A complete model directory: ``config`` built with ``seed``, trained ``steps`` steps of
    ``batch`` sentence pairs (none: an untrained model, for behaviour rather than quality)."""
    threads = torch.get_num_threads()
    rng = torch.get_rng_state()
    torch.set_num_threads(1)
    try:
        torch.manual_seed(seed)
        vocab = tokenizer.vocab_size
        model = build_model(config, vocab, vocab)
        if steps:
            train_tiny(model, tokenizer, steps, lr, batch, seed)
        save_bundle(directory, model, tokenizer)
    finally:
        torch.set_num_threads(threads)
        torch.set_rng_state(rng)
    return directory


@pytest.fixture(scope="session")
def rnn_model_dir(tmp_path_factory: pytest.TempPathFactory, small_tokenizer: Tokenizer) -> Path:
    return make_model_dir(
        tmp_path_factory.mktemp("rnn-model"), RNN_CONFIG, small_tokenizer, 80, lr=3e-2, batch=16
    )


@pytest.fixture(scope="session")
def transformer_model_dir(
    tmp_path_factory: pytest.TempPathFactory, small_tokenizer: Tokenizer
) -> Path:
    return make_model_dir(
        tmp_path_factory.mktemp("transformer-model"),
        TRANSFORMER_CONFIG,
        small_tokenizer,
        60,
        lr=1e-2,
    )


@pytest.fixture(scope="session")
def short_model_dir(tmp_path_factory: pytest.TempPathFactory, small_tokenizer: Tokenizer) -> Path:
    return make_model_dir(tmp_path_factory.mktemp("short-model"), SHORT_CONFIG, small_tokenizer)


@pytest.fixture(params=["rnn", "transformer"])
def model_dir(request: pytest.FixtureRequest) -> Path:
    """Each trained model directory in turn."""
    return request.getfixturevalue(f"{request.param}_model_dir")


def as_in_a_document(sources: list[str], lines: list[str]) -> list[str]:
    """What a document's texts ``sources`` become where plain lines give ``lines``: the same,
    but for a full stop the model added to a text that does not end as a sentence does."""
    return [without_added_stop(Translation(s, t, 0.0)).text for s, t in zip(sources, lines)]


def nmt_env(**extra: str) -> dict[str, str]:
    """The environment for an `nmt` subprocess: one thread, no $NMT_MODEL unless given."""
    env = {k: v for k, v in os.environ.items() if k not in ("NMT_MODEL", "NMT_DEBUG")}
    env.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", **extra)
    return env


@pytest.fixture
def one_torch_thread() -> Iterator[None]:
    """One torch thread for the test (as ``--threads 1`` sets in-process); restored after."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)
