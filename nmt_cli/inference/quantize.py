"""int8 inference on CPU: linear layers with int8 weights and inputs, int32 sums.

Each weight row (output feature) has its own scale, and so has each input row, quantized as it
arrives. An output row therefore depends on its own input row only: a sentence gets the same
translation whatever batch it lands in and however many threads run, so reruns agree. (torch's
dynamic quantization scales a whole batch's input by one number: its output changed with the
sentences around a line, and with how lines happened to arrive in chunks.) Integer products
are exact; only the final scaling is in float32.

Embeddings, layer norms and recurrent layers stay in float32.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

INT8_MAX = 127


def _scale(x: Tensor) -> Tensor:
    """x (R, K) -> (R, 1): the step of a symmetric int8 grid per row (all-zero rows: any)."""
    return x.abs().amax(dim=1, keepdim=True).clamp(min=1e-30) / INT8_MAX


class Int8Linear(nn.Module):
    """``y = x W^T + b`` with W (N, K) stored as int8 with one scale per row, and x quantized
    per row: y = (q(x) q(W)^T) * scale(x) * scale(W)^T + b."""

    def __init__(self, linear: nn.Linear):
        super().__init__()
        weight = linear.weight.detach().float()  # (N, K)
        scale = _scale(weight)  # (N, 1)
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.register_buffer("weight", torch.round(weight / scale).to(torch.int8))  # (N, K)
        self.register_buffer("weight_scale", scale.view(-1))  # (N,)
        bias = None if linear.bias is None else linear.bias.detach().float().clone()
        self.register_buffer("bias", bias)  # (N,) or None

    def forward(self, x: Tensor) -> Tensor:
        """x (..., K) float -> (..., N) float32."""
        rows = x.reshape(-1, self.in_features).float()  # (R, K)
        if rows.size(0) == 0:
            return x.new_zeros(*x.shape[:-1], self.out_features, dtype=torch.float32)
        scale = _scale(rows)  # (R, 1)
        quantized = torch.round(rows / scale).to(torch.int8)  # (R, K) in [-127, 127]
        sums = torch._int_mm(quantized, self.weight.t())  # (R, N) int32, exact
        # float32 first, then scaled in place: the same bits as sums * scale, whose int32 by
        # float32 product converts element by element at several times the cost. The float32
        # values take the sums' own memory (element for element, of one size): no fresh
        # (R, N) tensor, whose pages the allocator would fault in at every search step.
        y = sums.view(torch.float32).copy_(sums)  # (R, N)
        y.mul_(scale).mul_(self.weight_scale)  # (R, N) float32
        if self.bias is not None:
            y.add_(self.bias)
        return y.view(*x.shape[:-1], self.out_features)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, int8"


def quantize_int8(model: nn.Module) -> nn.Module:
    """``model`` with every nn.Linear replaced by an :class:`Int8Linear` (in place), for CPU
    inference. A layer that shares its weight (tied output projection) gets its own int8 copy;
    the embedding keeps the float weight."""
    for module in list(model.modules()):
        for name, child in module.named_children():
            if isinstance(child, nn.Linear):
                setattr(module, name, Int8Linear(child))
    return model.eval()
