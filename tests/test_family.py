"""The family interface: every registered family's decoder starts from its encoder's output,
steps one token at a time and runs teacher-forced, with cross-attention (B, L, h, [T,] S); the
model reads its alignment from that one shape; the model config imports no torch."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from torch import nn

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.attention import pad_mask_from_lengths
from nmt_cli.model.config import ARCHS
from nmt_cli.model.family import family


def test_the_model_config_and_tokenizer_import_no_torch():
    code = "import sys; import nmt_cli.model.config, nmt_cli.model.tokenizer\n"
    code += "print('torch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("arch", ARCHS)
def test_every_family_gives_a_decoder_of_one_interface(arch):
    config = ModelConfig(arch=arch, emb_size=8, hidden_size=8, heads=2, ff_size=16, dec_layers=2)
    kind = family(config)
    torch.manual_seed(0)
    src_embed = nn.Embedding(10, kind.embedding_size)
    tgt_embed = nn.Embedding(10, kind.embedding_size)
    encoder, decoder = kind.build(src_embed, tgt_embed)
    src, lengths = torch.randint(4, 10, (3, 5)), torch.tensor([5, 2, 4])
    pad_mask = pad_mask_from_lengths(lengths, 5)  # (B, S)
    state = decoder.start(encoder(src, lengths, pad_mask), pad_mask)
    layers, heads = decoder.cross_shape
    assert 0 <= decoder.align_layer < layers
    tgt = torch.randint(4, 10, (3, 6))
    out, cross = decoder(tgt, state)
    assert out.shape == (3, 6, decoder.output_size)
    assert cross.shape == (3, layers, heads, 6, 5)
    out, cross, state = decoder.step(tgt[:, 0], state)
    assert out.shape == (3, decoder.output_size)
    assert cross.shape == (3, layers, heads, 5)
    assert state.select(torch.tensor([2, 0])) is not None


@pytest.mark.parametrize("guided", [False, True])
def test_the_alignment_is_head_0_of_the_align_layer_when_guided_else_its_heads_averaged(guided):
    config = ModelConfig(
        arch="transformer", hidden_size=8, heads=2, ff_size=16, dec_layers=3, align_layer=-2,
        guided_alignment=guided,
    )  # fmt: skip
    model = build_model(config, 10, 10)
    cross = torch.rand(2, 3, 2, 4, 5)  # (B, L, h, T, S)
    expected = cross[:, 1, 0] if guided else cross[:, 1].mean(dim=1)
    assert torch.equal(model.alignment_weights(cross), expected)
    assert torch.equal(model.alignment_weights(cross, layer=2), cross[:, 2].mean(dim=1))
    assert torch.equal(model.alignment_weights(cross, head=1), cross[:, 1, 1])


def test_run_settings_import_no_torch():
    """`nmt train --help` and config checks stay fast: a run's settings need no torch."""
    import subprocess
    import sys

    code = "import sys, nmt_cli.training.options; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
