"""The training objectives: label-smoothed cross-entropy, and guided alignment's loss on the
supervised attention (:func:`guided_alignment_loss`).

The cross-entropy reads logits of any float dtype (bfloat16 under mixed precision) and computes
every softmax statistic in float32, a block of rows at a time: each block is widened to float32
only while it is worked on, so no float32 copy of the whole (tokens x vocabulary) logits is made.
With label smoothing eps over V classes, per target token y with logits z:

    loss = logsumexp(z) - (1 - eps) z_y - eps mean(z)
    dloss/dz = softmax(z) - (1 - eps) onehot(y) - eps / V

the loss of ``F.cross_entropy(z.float(), y, label_smoothing=eps, reduction="sum")``, in less
time (docs/benchmarks.md, "Figures behind the code").
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor

ROWS = 64  # rows per block: 64 x 8,000 float32 is 2 MB, about what stays in cache


class _SmoothedCrossEntropy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, logits: Tensor, target: Tensor, smoothing: float, ignore: int) -> Tensor:
        # logits (N, V), target (N,) -> summed loss over the targets that are not ``ignore``
        lse = torch.empty(logits.size(0), device=logits.device)  # (N,) float32
        loss = torch.empty_like(lse)
        for s in range(0, logits.size(0), ROWS):
            z = logits[s : s + ROWS].float()
            lse[s : s + ROWS] = torch.logsumexp(z, dim=-1)
            gold = z.gather(1, target[s : s + ROWS, None]).squeeze(1)
            loss[s : s + ROWS] = lse[s : s + ROWS] - (1 - smoothing) * gold - smoothing * z.mean(-1)
        counted = target != ignore
        ctx.save_for_backward(logits, target, lse, counted)
        ctx.smoothing = smoothing
        return torch.where(counted, loss, 0.0).sum()

    @staticmethod
    def backward(ctx, grad_out: Tensor):
        logits, target, lse, counted = ctx.saved_tensors
        eps, vocab = ctx.smoothing, logits.size(1)
        grad = torch.empty_like(logits)
        weight = (counted.float() * grad_out)[:, None]  # (N, 1)
        for s in range(0, logits.size(0), ROWS):
            p = torch.exp(logits[s : s + ROWS].float() - lse[s : s + ROWS, None])  # softmax
            gold = torch.full((p.size(0), 1), -(1 - eps), device=p.device)
            p.sub_(eps / vocab).scatter_add_(1, target[s : s + ROWS, None], gold)
            grad[s : s + ROWS] = p.mul_(weight[s : s + ROWS])
        return grad, None, None, None


def cross_entropy(
    logits: Tensor, target: Tensor, smoothing: float, ignore: int, fused: bool = False
) -> Tensor:
    """Summed label-smoothed cross-entropy of logits (N, V) against target (N,), float32.

    ``fused`` (on a GPU: nmt_cli/model/kernels.py): torch's ``F.cross_entropy`` on a float32
    copy of the logits, a few kernels where the blocks here are hundreds."""
    if fused:
        return F.cross_entropy(
            logits.float(), target, ignore_index=ignore, label_smoothing=smoothing, reduction="sum"
        )
    return _SmoothedCrossEntropy.apply(logits, target, smoothing, ignore)


def guided_alignment_loss(attention: Tensor, links: Tensor) -> Tensor:
    """Cross-entropy between the supervised attention and the teacher's links (Garg et al.
    2019), averaged over target tokens that have links.

    attention (B, T, S) rows sum to 1; links (B, T, S) 0/1, each linked row normalised to a
    distribution here (a target piece linked to k source pieces puts 1/k on each).
    """
    counts = links.sum(dim=-1, keepdim=True)  # (B, T, 1)
    linked = counts.squeeze(-1) > 0  # (B, T)
    if not bool(linked.any()):
        return attention.new_zeros((), dtype=torch.float32)
    target = links / counts.clamp(min=1.0)
    log_attention = torch.log(attention.float().clamp(min=1e-9))  # padding gets weight 0
    per_token = -(target * log_attention).sum(dim=-1)  # (B, T)
    return per_token[linked].mean()
