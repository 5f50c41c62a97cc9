"""The two kernel choices of nmt_cli/model/kernels.py: the CPU's (blockwise cross-entropy,
15-bit dropout masks, explicit attention) and the fused ones a GPU gets (F.cross_entropy,
F.dropout, scaled_dot_product_attention). All of them run on the CPU, so here a model on CPU
tensors is given each choice in turn: the losses and gradients agree to rounding, and the
attention read as alignment keeps its explicit weights."""

from __future__ import annotations

import pytest
import torch

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.dropout import Dropout
from nmt_cli.model.kernels import Kernels, kernels_for, use_kernels
from nmt_cli.search.decoding import SearchOptions, translate_ids
from nmt_cli.training.loss import cross_entropy
from nmt_cli.vocab import BOS, EOS, PAD

EXPLICIT = Kernels(fused=False, fused_adam=False)
FUSED = Kernels(fused=True, fused_adam=False)
VOCAB = 40
SHAPE = dict(arch="transformer", hidden_size=32, ff_size=64, heads=4, dropout=0.0)
MODELS = {
    "unguided": ModelConfig(**SHAPE, enc_layers=2, dec_layers=3),
    "guided": ModelConfig(**SHAPE, enc_layers=2, dec_layers=3, guided_alignment=True),
    "full-context": ModelConfig(
        **SHAPE, enc_layers=2, dec_layers=3, guided_alignment=True, full_context_alignment=True
    ),
    "rnn-multihead": ModelConfig(arch="rnn", hidden_size=32, attention="multihead", dropout=0.0),
}


def a_batch() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """src (3, 7), its lengths, tgt_in and tgt_out (3, 6): padded rows of unequal length."""
    g = torch.Generator().manual_seed(1)
    src = torch.randint(4, VOCAB, (3, 7), generator=g)
    lengths = torch.tensor([7, 5, 3])
    src[1, 5:] = PAD
    src[2, 3:] = PAD
    tgt = torch.randint(4, VOCAB, (3, 6), generator=g)
    tgt[1, 4:] = PAD
    tgt_in = torch.cat([torch.full((3, 1), BOS), tgt[:, :-1]], dim=1)
    tgt_out = tgt.clone()
    tgt_out[0, -1] = EOS
    return src, lengths, tgt_in, tgt_out


def loss_and_grads(model, kernels: Kernels) -> tuple[torch.Tensor, torch.Tensor, dict]:
    use_kernels(model, kernels)
    model.zero_grad()
    src, lengths, tgt_in, tgt_out = a_batch()
    logits, attention = model(src, lengths, tgt_in)
    flat = logits.reshape(-1, VOCAB)
    loss = cross_entropy(flat, tgt_out.reshape(-1), 0.1, PAD, fused=kernels.fused)
    (loss + attention.sum()).backward()
    grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}
    return loss.detach(), attention.detach(), grads


def test_the_cpu_keeps_its_kernels_and_cuda_gets_the_fused_ones():
    assert not kernels_for("cpu").fused
    assert kernels_for(torch.device("cuda")).fused  # a choice: no GPU is needed to make it
    assert kernels_for("cuda").fused_adam


@pytest.mark.parametrize("name", list(MODELS))
def test_both_choices_give_one_loss_attention_and_gradients(name):
    torch.manual_seed(0)
    model = build_model(MODELS[name], VOCAB, VOCAB).train()
    loss, attention, grads = loss_and_grads(model, EXPLICIT)
    fused_loss, fused_attention, fused_grads = loss_and_grads(model, FUSED)
    assert fused_loss == pytest.approx(loss.item(), rel=1e-5)
    # the alignment head (the supervised head 0 of a guided model) keeps explicit weights
    torch.testing.assert_close(fused_attention, attention, rtol=1e-5, atol=1e-6)
    assert fused_grads.keys() == grads.keys()
    for key in grads:
        torch.testing.assert_close(fused_grads[key], grads[key], rtol=1e-4, atol=1e-6)


def test_fused_attention_runs_only_where_no_weights_are_read():
    model = build_model(MODELS["guided"], VOCAB, VOCAB)
    use_kernels(model, FUSED)
    kept = [n for n, m in model.named_modules() if getattr(m, "keep_weights", False)]
    assert kept == [f"decoder.layers.{model.decoder.align_layer}.cross_attn"]


@pytest.mark.parametrize("name", ["unguided", "guided"])
def test_a_search_with_fused_kernels_finds_the_explicit_search_s_translations(name):
    torch.manual_seed(0)
    model = build_model(MODELS[name], VOCAB, VOCAB).eval()
    sources = [[5, 6, 7, 8], [9, 10], [11, 12, 13]]
    found = {}
    for kernels in (EXPLICIT, FUSED):
        use_kernels(model, kernels)
        hyps = translate_ids(model, sources, SearchOptions(beam=3, max_len_a=1, max_len_b=4))
        found[kernels.fused] = [(h[0].tokens, h[0].attention) for h in hyps]
    for (tokens, attention), (fused_tokens, fused_attention) in zip(found[False], found[True]):
        assert fused_tokens == tokens
        torch.testing.assert_close(torch.as_tensor(fused_attention), torch.as_tensor(attention))


def test_fused_dropout_is_inverted_dropout_like_the_cpu_s():
    x = torch.ones(200_000)
    for fused in (False, True):
        drop = Dropout(0.3)
        drop.fused = fused
        assert torch.equal(drop.eval()(x), x)  # the identity in eval mode
        y = drop.train()(x)
        kept = y != 0
        assert torch.allclose(y[kept], torch.tensor(1 / 0.7))  # kept values scaled by 1/(1-p)
        assert kept.float().mean().item() == pytest.approx(0.7, abs=0.005)


def test_fused_cross_entropy_is_the_blockwise_one_on_bfloat16_logits_too():
    torch.manual_seed(0)
    logits = (torch.randn(300, 50) * 3).bfloat16().requires_grad_()
    target = torch.randint(1, 50, (300,))
    target[::5] = PAD
    losses, grads = [], []
    for fused in (False, True):
        loss = cross_entropy(logits, target, 0.1, PAD, fused=fused)
        losses.append(loss.item())
        grads.append(torch.autograd.grad(loss, logits)[0].float())
    assert losses[1] == pytest.approx(losses[0], rel=1e-5)
    torch.testing.assert_close(grads[1], grads[0], rtol=1e-2, atol=1e-3)  # bfloat16 gradients


needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


@needs_cuda
@pytest.mark.parametrize("name", list(MODELS))
def test_the_gpu_s_fused_kernels_give_the_cpu_s_loss_and_gradients(name, monkeypatch):
    """What a GPU runs (flash or memory-efficient attention, F.cross_entropy, fused Adam's
    inputs) against the CPU's explicit kernels, in float32 with TF32 off (cuDNN's GRU uses TF32
    by default: the RNN's gradients then differ from the CPU's by more than rounding, as seen on
    an H200): equal to rounding."""
    monkeypatch.setattr(torch.backends.cudnn, "allow_tf32", False)
    monkeypatch.setattr(torch.backends.cuda.matmul, "allow_tf32", False)
    torch.manual_seed(0)
    model = build_model(MODELS[name], VOCAB, VOCAB).train()
    loss, attention, grads = loss_and_grads(model, EXPLICIT)
    cuda = [t.cuda() for t in a_batch()]
    model.cuda()
    use_kernels(model, kernels_for("cuda"))
    model.zero_grad()
    logits, cuda_attention = model(*cuda[:3])
    cuda_loss = cross_entropy(logits.reshape(-1, VOCAB), cuda[3].reshape(-1), 0.1, PAD, fused=True)
    (cuda_loss + cuda_attention.sum()).backward()
    assert cuda_loss.item() == pytest.approx(loss.item(), rel=1e-4)
    torch.testing.assert_close(cuda_attention.cpu(), attention, rtol=1e-4, atol=1e-5)
    for key, grad in grads.items():
        cuda_grad = dict(model.named_parameters())[key].grad.cpu()
        torch.testing.assert_close(cuda_grad, grad, rtol=1e-3, atol=1e-5)
