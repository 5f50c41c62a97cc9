"""float32 linear layers on oneDNN's matrix kernels, for CPU inference.

torch multiplies float32 matrices with MKL, which on a CPU that is not Intel's runs its AVX2
kernels even where the CPU has AVX-512; oneDNN (which torch ships as well, and which
CTranslate2 uses on such CPUs) picks its kernels by the CPU's features. A search spends most of
its arithmetic in these products (docs/benchmarks.md, "nmt-cli's own search").

oneDNN builds a kernel for each new matrix shape, which takes longer than a product; a search's
live rows shrink at every step, so each layer's input rows are padded with zero rows to a
multiple of ``ROW_BLOCK``: a few kernels serve every batch, and a row's result does not depend on
the rows beside it (for a given shape the kernel computes each row alike, and no input reaches a
single-row kernel, whose sums are taken in another order).

The numbers differ from MKL's in the last bits (sums taken in another order).
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor, nn

ROW_BLOCK = 32


def available() -> bool:
    """Whether this torch has oneDNN's linear operator for dense float32 weights."""
    return torch.backends.mkldnn.is_available() and hasattr(torch.ops.mkldnn, "_linear_pointwise")


class OneDNNLinear(nn.Module):
    """``y = x W^T + b`` of an ``nn.Linear`` (the same weight tensors, not copies) by oneDNN."""

    def __init__(self, linear: nn.Linear, block: int = ROW_BLOCK):
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.weight, self.bias = linear.weight, linear.bias  # (N, K), (N,) or None
        self.block = block

    def forward(self, x: Tensor) -> Tensor:
        """x (..., K) float32 -> (..., N) float32."""
        rows = x.reshape(-1, self.in_features)  # (R, K)
        r = rows.size(0)
        if r == 0:
            return x.new_zeros(*x.shape[:-1], self.out_features)
        if r % self.block:
            rows = F.pad(rows, (0, 0, 0, -r % self.block))  # (R', K), R' a multiple of block
        y = torch.ops.mkldnn._linear_pointwise(rows, self.weight, self.bias, "none", [], "")
        return y[:r].view(*x.shape[:-1], self.out_features)  # (..., N)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, oneDNN"


def use_onednn(model: nn.Module) -> nn.Module:
    """``model`` (float32, on the CPU, for inference) with every nn.Linear computed by oneDNN,
    in place; the weights are shared, not copied. Unchanged where oneDNN is not available."""
    if not available():
        return model
    for module in list(model.modules()):
        for name, child in module.named_children():
            if isinstance(child, nn.Linear):
                setattr(module, name, OneDNNLinear(child))
    return model.eval()
