"""Token embeddings and sinusoidal positional encodings."""

from __future__ import annotations

import math

import torch
from torch import Tensor, nn

from nmt_cli.model.dropout import Dropout


def sinusoidal_positions(max_len: int, size: int) -> Tensor:
    """PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...). Returns (max_len, size)."""
    position = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)  # (P, 1)
    div = torch.exp(torch.arange(0, size, 2, dtype=torch.float32) * (-math.log(10000.0) / size))
    pe = torch.zeros(max_len, size)
    pe[:, 0::2] = torch.sin(position * div)
    pe[:, 1::2] = torch.cos(position * div[: size // 2])
    return pe


class PositionalEmbedding(nn.Module):
    """Embeddings scaled by sqrt(d) plus positional encodings (added, not concatenated)."""

    def __init__(self, embed: nn.Embedding, max_positions: int, dropout: float):
        super().__init__()
        self.embed = embed
        self.scale = math.sqrt(embed.embedding_dim)
        self.register_buffer(
            "positions", sinusoidal_positions(max_positions, embed.embedding_dim), persistent=False
        )
        self.dropout = Dropout(dropout)

    def forward(self, tokens: Tensor, offset: int = 0) -> Tensor:
        """tokens (B, T) at positions offset .. offset+T-1 -> (B, T, H)."""
        t = tokens.size(1)
        return self.dropout(self.embed(tokens) * self.scale + self.positions[offset : offset + t])
