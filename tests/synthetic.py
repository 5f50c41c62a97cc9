"""A tiny synthetic translation task for the model tests: copy or reverse random token strings.

Token ids follow the tokenizer's specials: pad 0, unk 1, <s> 2, </s> 3; the string symbols are
4 .. 4 + symbols - 1, so a task over ``symbols`` symbols needs a vocabulary of ``4 + symbols``.

    src      (B, S)  symbols, padded with 0 after each sentence's length
    lengths  (B,)
    tgt_in   (B, T)  <s> y_1 .. y_n, padded     (T = S + 1)
    tgt_out  (B, T)  y_1 .. y_n </s>, padded     (the teacher-forcing targets)

where y is the source itself (copy) or the source backwards (reverse).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor, nn

from nmt_cli.model import ModelConfig, Seq2Seq, build_model
from nmt_cli.vocab import BOS, EOS, PAD

FIRST_SYMBOL = 4


@dataclass(frozen=True)
class Batch:
    src: Tensor
    lengths: Tensor
    tgt_in: Tensor
    tgt_out: Tensor


def make_batch(
    gen: torch.Generator,
    size: int = 32,
    min_len: int = 3,
    max_len: int = 6,
    symbols: int = 8,
    task: str = "copy",
    distinct: bool = False,
) -> Batch:
    """``size`` random strings of length min_len .. max_len and their copies or reversals.

    ``distinct``: no symbol twice in a string (needs ``max_len <= symbols``), so every target
    token has exactly one source position it can come from.
    """
    if task not in ("copy", "reverse"):
        raise ValueError(f"unknown task {task!r}")
    if distinct and max_len > symbols:
        raise ValueError(f"{max_len} distinct symbols out of {symbols} are impossible")
    lengths = torch.randint(min_len, max_len + 1, (size,), generator=gen)  # (B,)
    s = int(lengths.max())
    src = torch.full((size, s), PAD, dtype=torch.long)
    tgt_in = torch.full((size, s + 1), PAD, dtype=torch.long)
    tgt_out = torch.full((size, s + 1), PAD, dtype=torch.long)
    for b, n in enumerate(lengths.tolist()):
        if distinct:
            x = torch.randperm(symbols, generator=gen)[:n] + FIRST_SYMBOL
        else:
            x = torch.randint(FIRST_SYMBOL, FIRST_SYMBOL + symbols, (n,), generator=gen)
        y = x.flip(0) if task == "reverse" else x
        src[b, :n] = x
        tgt_in[b, 0] = BOS
        tgt_in[b, 1 : n + 1] = y
        tgt_out[b, :n] = y
        tgt_out[b, n] = EOS
    return Batch(src, lengths, tgt_in, tgt_out)


def tiny_model(seed: int = 0, vocab: int = 12, **overrides) -> Seq2Seq:
    """A small seeded model (hidden 32, emb 16, no dropout) in eval mode; ``overrides`` go to
    :class:`ModelConfig`."""
    settings = dict(emb_size=16, hidden_size=32, dropout=0.0, heads=4, ff_size=64)
    if overrides.get("arch") == "transformer":
        settings.update(enc_layers=2, dec_layers=2)
    settings.update(overrides)
    torch.manual_seed(seed)
    model = build_model(ModelConfig(**settings), vocab, vocab)
    return model.eval()


def loss_fn(model: Seq2Seq, batch: Batch) -> Tensor:
    """Mean cross-entropy per real target token (padding ignored)."""
    logits, _ = model(batch.src, batch.lengths, batch.tgt_in)  # (B, T, V)
    return nn.functional.cross_entropy(
        logits.reshape(-1, logits.size(-1)), batch.tgt_out.reshape(-1), ignore_index=PAD
    )


@torch.no_grad()
def token_accuracy(model: Seq2Seq, batch: Batch) -> float:
    """Share of real target tokens (including </s>) predicted right under teacher forcing."""
    model.eval()
    logits, _ = model(batch.src, batch.lengths, batch.tgt_in)
    real = batch.tgt_out != PAD
    right = (logits.argmax(-1) == batch.tgt_out) & real
    return right.sum().item() / real.sum().item()


@dataclass(frozen=True)
class TrainResult:
    loss: float  # mean training loss of the last few steps
    steps: int  # steps taken (stops early once the loss is below ``target``)


def train(
    model: Seq2Seq,
    steps: int,
    lr: float,
    seed: int = 0,
    target: float | None = None,
    window: int = 5,
    **task,
) -> TrainResult:
    """Adam with teacher forcing on fresh random batches (``task``: :func:`make_batch` options).

    Stops early once the mean loss of the last ``window`` steps is below ``target``. Leaves the
    model in eval mode.
    """
    gen = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    model.train()
    recent: list[float] = []
    step = 0
    for step in range(1, steps + 1):  # noqa: B007 (step is reported)
        loss = loss_fn(model, make_batch(gen, **task))
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        recent = (recent + [loss.item()])[-window:]
        if target is not None and len(recent) == window and sum(recent) / window < target:
            break
    model.eval()
    return TrainResult(loss=sum(recent) / len(recent), steps=step)
