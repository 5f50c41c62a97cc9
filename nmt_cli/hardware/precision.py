"""Numeric precision: float32, or bfloat16 mixed precision where the hardware computes it fast;
or, for inference, int8 weights (QUANTIZATIONS: nmt translate --quantize, nmt export --quantize).

bf16 mixed precision runs the matrix products in bfloat16 under ``torch.autocast`` and keeps
float32 master weights, optimiser state, loss and softmax statistics. It pays only on hardware
with bfloat16 instructions: CPUs with AVX-512 BF16 or AMX, and CUDA GPUs that support bf16.
``auto`` takes bf16 there and float32 elsewhere.
"""

from __future__ import annotations

import contextlib
import math
from functools import lru_cache

from nmt_cli.errors import ConfigError

PRECISIONS = ("auto", "fp32", "bf16")
QUANTIZATIONS = ("int8",)  # int8 linear layers (inference/quantize.py) or CTranslate2 weights
CPU_BF16_FLAGS = ("avx512_bf16", "amx_bf16")


@lru_cache(maxsize=1)
def cpu_flags() -> frozenset[str]:
    """The CPU's feature flags (Linux /proc/cpuinfo; empty elsewhere)."""
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("flags"):
                return frozenset(line.split(":", 1)[1].split())
    return frozenset()


def bf16_supported(device: str) -> bool:
    """Whether ``device`` ("cpu" or "cuda...") computes bfloat16 matrix products natively."""
    if device.startswith("cuda"):
        import torch

        return torch.cuda.is_available() and torch.cuda.is_bf16_supported()
    return any(flag in cpu_flags() for flag in CPU_BF16_FLAGS)


def resolve_precision(requested: str, device: str) -> str:
    """``auto`` -> bf16 or fp32 for ``device``; an explicit bf16 where it is not supported is
    a ConfigError (it would run, emulated, slower than float32). ``requested`` is one of
    PRECISIONS: TrainConfig and the commands' --precision check it."""
    supported = bf16_supported(device)
    if requested == "auto":
        return "bf16" if supported else "fp32"
    if requested == "bf16" and not supported:
        what = "this GPU" if device.startswith("cuda") else "this CPU (no AVX-512 BF16 or AMX)"
        raise ConfigError(f"bf16 precision is not supported on {what}; use fp32 or auto")
    return requested


def autocast(precision: str, device: str):
    """A context in which matrix products run in ``precision`` (a no-op for fp32)."""
    if precision != "bf16":
        return contextlib.nullcontext()
    import torch

    return torch.autocast("cuda" if device.startswith("cuda") else "cpu", dtype=torch.bfloat16)


ROW_BLOCK = 64


def pad_matmul_rows(model, block: int = ROW_BLOCK) -> list:
    """Give every ``nn.Linear`` of ``model`` inputs whose rows are a multiple of ``block``.

    In bfloat16 on CPU, oneDNN builds a kernel for each new matrix shape, which takes longer
    than the product it is built for. Batches of varying size (and a
    search whose live rows shrink every step) meet new shapes all the time, and lose there most
    of what bfloat16 gains. Padded with zero rows, up to ``block - 1`` of them, products of any
    batch share the kernels of at most (rows / block) shapes; the output drops the padded rows
    again, so results (and gradients) are those of the unpadded input. Returns the hook handles.
    (Attention's products, whose shapes vary in three ways, run in float32 instead: see
    MultiHeadAttention.forward.) Figures: docs/benchmarks.md, "Figures behind the code".
    """
    import torch.nn.functional as F
    from torch import nn

    def pad(module, args):
        x = args[0]  # (..., K)
        rows = x.numel() // x.size(-1)
        module.unpadded_shape = x.shape[:-1] if rows % block else None
        if module.unpadded_shape is None:
            return None
        return (F.pad(x.reshape(rows, x.size(-1)), (0, 0, 0, -rows % block)),)

    def unpad(module, args, out):
        shape = module.unpadded_shape
        if shape is None:
            return None
        return out[: math.prod(shape)].reshape(*shape, out.size(-1))

    handles = []
    for module in model.modules():
        if isinstance(module, nn.Linear):
            handles += [module.register_forward_pre_hook(pad), module.register_forward_hook(unpad)]
    return handles
