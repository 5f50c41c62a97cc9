"""The training loss: label-smoothed cross-entropy with float32 statistics at any logit dtype."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from nmt_cli.training.loss import ROWS, cross_entropy

PAD = 0


def logits_and_targets(n: int, vocab: int, dtype=torch.float32):
    torch.manual_seed(0)
    logits = (torch.randn(n, vocab) * 3).to(dtype).requires_grad_()
    target = torch.randint(1, vocab, (n,))
    target[::7] = PAD  # padding positions count nothing
    return logits, target


@pytest.mark.parametrize("smoothing", [0.0, 0.1])
def test_cross_entropy_matches_torch_in_loss_and_gradient(smoothing):
    logits, target = logits_and_targets(3 * ROWS + 5, 50)  # several blocks and a ragged one
    ours = cross_entropy(logits, target, smoothing, PAD)
    (grad,) = torch.autograd.grad(ours * 2.0, logits)
    theirs = F.cross_entropy(
        logits, target, ignore_index=PAD, label_smoothing=smoothing, reduction="sum"
    )
    (expected,) = torch.autograd.grad(theirs * 2.0, logits)
    assert ours.dtype == torch.float32
    assert torch.allclose(ours, theirs, rtol=1e-5)
    assert torch.allclose(grad, expected, atol=1e-6)
    assert grad[::7].abs().sum() == 0


def test_bf16_logits_give_the_float32_loss_of_the_same_values():
    """Mixed precision: the logits are bfloat16, the softmax statistics and the sum float32."""
    logits, target = logits_and_targets(200, 8000, torch.bfloat16)
    ours = cross_entropy(logits, target, 0.1, PAD)
    widened = F.cross_entropy(
        logits.float(), target, ignore_index=PAD, label_smoothing=0.1, reduction="sum"
    )
    assert ours.dtype == torch.float32
    assert torch.allclose(ours, widened, rtol=1e-5)  # torch's bf16 kernel is off by ~1e-3
    (grad,) = torch.autograd.grad(ours, logits)
    assert grad.dtype == torch.bfloat16
