"""Dropout for CPU training: the same inverted dropout as ``nn.Dropout`` (keep probability
1 - p, kept values scaled by 1 / (1 - p), the identity in eval mode), with a cheaper mask.

On CPU the random draws are most of dropout's cost: ``bernoulli_`` and ``torch.rand`` spend one
32-bit Mersenne Twister draw, and a float conversion, per element. Here one 31-bit draw gives
two elements their 15-bit uniform integers (the low and the high half of each int32, each masked
to 15 bits), and an element is kept when its integer is at least round(p * 32768): p to within
1 / 65536, in a fraction of ``torch.rand``'s time (docs/benchmarks.md, "Figures behind the
code"). The draws come from torch's generator,
so ``torch.manual_seed`` and a checkpoint's saved RNG state reproduce them.

With ``fused`` set (on a GPU: nmt_cli/model/kernels.py) it is torch's own ``F.dropout``: one
kernel, where the 15-bit masks are several.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import Tensor, nn

LEVELS = 1 << 15  # 15-bit integers: 0 .. 32767


def keep_mask(shape: torch.Size, p: float, device: torch.device) -> Tensor:
    """A bool tensor of ``shape``, each element True with probability 1 - p (to 1 / 65536)."""
    n = math.prod(shape)
    draws = torch.empty((n + 1) // 2, dtype=torch.int32, device=device).random_()  # [0, 2^31)
    halves = draws.view(torch.int16)[:n] & (LEVELS - 1)  # n uniform integers in [0, 2^15)
    return (halves >= round(p * LEVELS)).view(shape)


class Dropout(nn.Module):
    fused = False  # torch's F.dropout instead of keep_mask: see nmt_cli/model/kernels.py

    def __init__(self, p: float):
        super().__init__()
        if not 0.0 <= p < 1.0:
            raise ValueError(f"dropout must be in [0, 1), got {p}")
        self.p = p

    def forward(self, x: Tensor) -> Tensor:
        if not self.training or self.p == 0.0:
            return x
        if self.fused:
            return F.dropout(x, self.p, training=True)
        return x * keep_mask(x.shape, self.p, x.device) * (1.0 / (1.0 - self.p))

    def extra_repr(self) -> str:
        return f"p={self.p}"
