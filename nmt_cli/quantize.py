"""Dynamic int8 quantization of a model's linear and recurrent layers for CPU inference."""

from __future__ import annotations

import warnings

import torch
from torch import nn


def quantize_int8(model: nn.Module) -> nn.Module:
    """Weights of Linear, GRU and LSTM layers stored as int8; activations stay float."""
    torch.backends.quantized.engine = (
        "fbgemm" if "fbgemm" in torch.backends.quantized.supported_engines else "qnnpack"
    )
    with warnings.catch_warnings():  # torch announces the API's move to torchao: not for users
        warnings.simplefilter("ignore")
        quantized = torch.ao.quantization.quantize_dynamic(
            model, {nn.Linear, nn.GRU, nn.LSTM}, dtype=torch.qint8
        )
    quantized.eval()
    return quantized
