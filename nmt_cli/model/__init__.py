"""The shared PyTorch core: attention, RNN and Transformer encoder-decoders.

Shapes follow the glossary in :mod:`nmt_cli` (B, S, T, H, E, V, K).
"""

from nmt_cli.model.config import ModelConfig
from nmt_cli.model.seq2seq import Seq2Seq, build_model, count_parameters

__all__ = ["ModelConfig", "Seq2Seq", "build_model", "count_parameters"]
