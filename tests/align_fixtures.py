"""Model directories for the `nmt align` tests, built once per session.

    reverse_model          a GRU with additive attention trained to reverse strings of distinct
                           words ("alpha golf echo" -> "echo golf alpha"). Every word is one
                           piece of its tokenizer, so the true word alignment of a pair is the
                           anti-diagonal: target word t comes from source word n - 1 - t.
    transformer_align_dir  an untrained seeded Transformer (2 layers, 2 heads) on that tokenizer:
                           for --layer/--head, where only the shapes and choices matter
    no_attention_dir       an untrained RNN with ``attention = none`` (the bottleneck baseline)

The reverse task reuses :func:`synthetic.make_batch` (symbols 4 .. 11) with the symbols mapped
to the tokenizer's ids of :data:`WORDS`. Sized for a shared 2-core machine: one torch thread,
hidden 32, a few hundred steps (about 10 s).

Test modules load this file as a plugin (``pytest_plugins = ["align_fixtures"]``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch
from model_fixtures import make_model_dir
from synthetic import Batch, loss_fn, make_batch

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.bundle import save_bundle
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.model.tokenizer_training import train_tokenizer
from nmt_cli.vocab import EOS, PAD, SPECIAL_TOKENS

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
MIN_LEN, MAX_LEN = 3, 6

REVERSE_CONFIG = ModelConfig(
    arch="rnn",
    cell="gru",
    attention="additive",
    emb_size=16,
    hidden_size=32,
    dropout=0.0,
    tie_embeddings=True,
    max_positions=64,
)
TRANSFORMER_CONFIG = ModelConfig(
    arch="transformer",
    hidden_size=16,
    ff_size=32,
    heads=2,
    enc_layers=2,
    dec_layers=2,
    dropout=0.0,
    max_positions=64,
)
NO_ATTENTION_CONFIG = ModelConfig(
    arch="rnn", attention="none", emb_size=8, hidden_size=16, dropout=0.0, max_positions=64
)

# Mean cross-entropy per token over the last 5 batches. Attention sharpens after the loss is low:
# at 0.05 (206 steps) 2 of the 40 held-out pairs still had a link one word off; at 0.02 none.
TARGET_LOSS = 0.02
MAX_STEPS = 800
LR = 1e-2


def reverse_pairs(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` (source, reversed source) pairs of 3-6 distinct words of :data:`WORDS`."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        words = rng.sample(WORDS, rng.randint(MIN_LEN, MAX_LEN))
        pairs.append((" ".join(words), " ".join(reversed(words))))
    return pairs


def anti_diagonal(n: int) -> list[tuple[int, int]]:
    """The (source, target) links of reversing ``n`` words, sorted as to_pharaoh prints them."""
    return sorted((n - 1 - t, t) for t in range(n))


@dataclass(frozen=True)
class ReverseModel:
    directory: Path
    tokenizer: Tokenizer
    steps: int
    loss: float  # mean of the last 5 training losses
    seconds: float


def train_reverse(model, tokenizer: Tokenizer, seed: int = 0) -> tuple[int, float]:
    """Adam on fresh reverse batches until the recent loss is below TARGET_LOSS (or MAX_STEPS).

    Returns (steps, recent mean loss); leaves the model in eval mode.
    """
    # synthetic's symbol 4 + k is WORDS[k]; the special ids 0-3 are the same in both.
    ids = torch.tensor(
        list(range(len(SPECIAL_TOKENS))) + [tokenizer.encode(w)[0] for w in WORDS]
    )  # (4 + 8,)
    gen = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    model.train()
    recent: list[float] = []
    step = 0
    for step in range(1, MAX_STEPS + 1):  # noqa: B007 (step is reported)
        b = make_batch(
            gen, size=32, min_len=MIN_LEN, max_len=MAX_LEN, symbols=len(WORDS), task="reverse"
        )
        # As `nmt train` and `nmt align` see a source: its words, then </s>.
        src = torch.cat([ids[b.src], torch.full_like(b.lengths[:, None], PAD)], dim=1)
        src[torch.arange(len(src)), b.lengths] = EOS  # (B, S + 1)
        b = Batch(src, b.lengths + 1, ids[b.tgt_in], ids[b.tgt_out])  # (B, S + 1), (B, T)
        loss = loss_fn(model, b)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        recent = (recent + [loss.item()])[-5:]
        if len(recent) == 5 and sum(recent) / 5 < TARGET_LOSS:
            break
    model.eval()
    return step, sum(recent) / len(recent)


@pytest.fixture(scope="session")
def reverse_tokenizer() -> Tokenizer:
    """BPE over the reverse corpus, big enough that every word of WORDS is one piece."""
    lines = [line for pair in reverse_pairs(200, seed=0) for line in pair]
    tok, _ = train_tokenizer(lines, vocab_size=400, model="bpe")
    for w in WORDS:
        assert tok.pieces(w) == ["\u2581" + w], f"{w!r} is not one piece: {tok.pieces(w)}"
    return tok


@pytest.fixture(scope="session")
def reverse_model(
    tmp_path_factory: pytest.TempPathFactory, reverse_tokenizer: Tokenizer
) -> ReverseModel:
    start = time.perf_counter()
    threads, rng = torch.get_num_threads(), torch.get_rng_state()
    torch.set_num_threads(1)
    try:
        torch.manual_seed(0)
        vocab = reverse_tokenizer.vocab_size
        model = build_model(REVERSE_CONFIG, vocab, vocab)
        steps, loss = train_reverse(model, reverse_tokenizer)
        directory = tmp_path_factory.mktemp("reverse-model")
        save_bundle(directory, model, reverse_tokenizer)
    finally:
        torch.set_num_threads(threads)
        torch.set_rng_state(rng)
    return ReverseModel(directory, reverse_tokenizer, steps, loss, time.perf_counter() - start)


@pytest.fixture(scope="session")
def transformer_align_dir(
    tmp_path_factory: pytest.TempPathFactory, reverse_tokenizer: Tokenizer
) -> Path:
    return make_model_dir(
        tmp_path_factory.mktemp("transformer-align"), TRANSFORMER_CONFIG, reverse_tokenizer
    )


@pytest.fixture(scope="session")
def no_attention_dir(
    tmp_path_factory: pytest.TempPathFactory, reverse_tokenizer: Tokenizer
) -> Path:
    return make_model_dir(
        tmp_path_factory.mktemp("no-attention"), NO_ATTENTION_CONFIG, reverse_tokenizer
    )
