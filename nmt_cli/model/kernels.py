"""Which kernels training runs, chosen by device in this one place.

The CPU keeps the kernels written for a few cores: the blockwise cross-entropy
(nmt_cli/training/loss.py), dropout's 15-bit masks (nmt_cli/model/dropout.py) and attention
with an explicit softmax (nmt_cli/model/attention.py); on the CPU they are faster than torch's
own (docs/benchmarks.md, "Figures behind the code"). On a GPU those are many small kernels, and
torch's fused ones win: ``F.cross_entropy``, ``F.dropout`` and ``F.scaled_dot_product_attention``
for every attention whose weights nothing reads. The attention whose weights are read (the
alignment layer's cross-attention, the RNN's multi-head attention) keeps explicit weights
whatever the choice (``MultiHeadAttention.keep_weights``). Adam is fused wherever the installed
torch has the kernel.

The choice is a value, not a global: :func:`kernels_for` gives the device's, :func:`use_kernels`
puts one on a model, and a test may put the fused one on a model on the CPU (all three fused
kernels run there) to compare the two.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class Kernels:
    fused: bool  # F.cross_entropy, F.dropout, scaled_dot_product_attention; else the CPU's
    fused_adam: bool  # AdamW(fused=True)


def fused_adam_supported(version: str, device: str) -> bool:
    """Fused Adam runs on CUDA since torch 2.0 and on CPU since torch 2.4."""
    major, minor = (int(x) for x in version.split("+")[0].split(".")[:2])
    return (major, minor) >= ((2, 4) if device == "cpu" else (2, 0))


def kernels_for(device: torch.device | str) -> Kernels:
    """The kernels for ``device``: fused on CUDA, the CPU's own elsewhere."""
    kind = torch.device(device).type
    return Kernels(fused=kind == "cuda", fused_adam=fused_adam_supported(torch.__version__, kind))


def use_kernels(model: nn.Module, kernels: Kernels) -> None:
    """Set ``kernels`` on every module of ``model`` that has a choice (those with a ``fused``
    attribute: Dropout, MultiHeadAttention)."""
    for module in model.modules():
        if hasattr(module, "fused"):
            module.fused = kernels.fused
