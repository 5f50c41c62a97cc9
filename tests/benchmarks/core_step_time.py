"""Parameter counts at the reference sizes and the CPU time of one training step.

    python tests/benchmarks/core_step_time.py [--threads 2] [--repeats 5] [--warmup 2]

Parameters: every RNN option (cell x style x attention) at emb 256, hidden 512, 1 + 1 layers,
bidirectional encoder, and the Transformer at hidden 512 / 8 heads / ff 2048 and at hidden 256 /
4 heads / ff 1024, both 3 + 3 layers; vocabularies of 8000 on both sides, untied.

Step time: forward + backward + Adam on a batch of 64 sentences of 20 tokens (source and target),
median of ``--repeats`` after ``--warmup`` untimed steps. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import time

import torch
from torch import nn

from nmt_cli.model import ModelConfig, build_model, count_parameters
from nmt_cli.model.config import ATTENTIONS, CELLS, STYLES
from nmt_cli.vocab import PAD

VOCAB = 8000
RNN = dict(arch="rnn", emb_size=256, hidden_size=512, enc_layers=1, dec_layers=1)
TRANSFORMERS = {
    "transformer-512": dict(arch="transformer", hidden_size=512, heads=8, ff_size=2048),
    "transformer-256": dict(arch="transformer", hidden_size=256, heads=4, ff_size=1024),
}
for settings in TRANSFORMERS.values():
    settings.update(enc_layers=3, dec_layers=3)


def parameter_counts() -> dict[str, int]:
    counts = {}
    for cell, style, attention in itertools.product(CELLS, STYLES, ATTENTIONS):
        config = ModelConfig(**RNN, cell=cell, style=style, attention=attention)
        counts[f"rnn-{cell}-{style}-{attention}"] = count_parameters(
            build_model(config, VOCAB, VOCAB)
        )
    for name, settings in TRANSFORMERS.items():
        for pre_norm in (True, False):
            config = ModelConfig(**settings, pre_norm=pre_norm)
            norm = "prenorm" if pre_norm else "postnorm"
            counts[f"{name}-{norm}"] = count_parameters(build_model(config, VOCAB, VOCAB))
    return counts


def step_time(config: ModelConfig, batch: int, length: int, warmup: int, repeats: int) -> float:
    """Median seconds of one forward + backward + Adam step."""
    torch.manual_seed(0)
    model = build_model(config, VOCAB, VOCAB).train()
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    src = torch.randint(4, VOCAB, (batch, length))
    lengths = torch.full((batch,), length)
    tgt_in = torch.randint(4, VOCAB, (batch, length))
    tgt_out = torch.randint(4, VOCAB, (batch, length))
    times = []
    for i in range(warmup + repeats):
        start = time.perf_counter()
        logits, _ = model(src, lengths, tgt_in)  # (B, T, V)
        loss = nn.functional.cross_entropy(
            logits.reshape(-1, VOCAB), tgt_out.reshape(-1), ignore_index=PAD
        )
        opt.zero_grad()
        loss.backward()
        opt.step()
        if i >= warmup:
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--length", type=int, default=20)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.set_flush_denormal(True)  # as `nmt train` does: subnormal Adam moments are slow

    print(
        f"torch {torch.__version__}, {platform.processor() or platform.machine()}, "
        f"{args.threads} threads, load average {os.getloadavg()[0]:.2f}"
    )
    print("\nparameters (vocab 8000 both sides, untied)")
    for name, n in parameter_counts().items():
        print(f"  {name:40s} {n:>12,d}")

    print(
        f"\none training step, batch {args.batch} x length {args.length}, "
        f"median of {args.repeats} after {args.warmup} warmups"
    )
    families = {
        "rnn-gru-bahdanau-additive": dict(
            **RNN, cell="gru", style="bahdanau", attention="additive"
        ),
        **{f"{name}-prenorm": settings for name, settings in TRANSFORMERS.items()},
    }
    for name, settings in families.items():
        seconds = step_time(
            ModelConfig(**settings), args.batch, args.length, args.warmup, args.repeats
        )
        print(f"  {name:40s} {seconds * 1000:>9.0f} ms")


if __name__ == "__main__":
    main()
