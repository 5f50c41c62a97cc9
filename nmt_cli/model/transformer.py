"""Transformer encoder-decoder (Vaswani et al. 2017) on the project's one attention module.

Encoder layer: self-attention, then a position-wise feed-forward network. Decoder layer: masked
(causal) self-attention, cross-attention over the encoder states, feed-forward. Each sub-layer is
wrapped in a residual connection and layer norm (pre-norm by default: ``x + f(norm(x))``).
Incremental decoding keeps, per layer, the keys and values of the target prefix (self-attention
cache) and the projected encoder keys and values (computed once per sentence). The family
registers itself as "transformer" (see nmt_cli/model/family.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor, nn

from nmt_cli.model.attention import MultiHeadAttention, causal_mask
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.dropout import Dropout
from nmt_cli.model.embeddings import PositionalEmbedding
from nmt_cli.model.family import Family, register
from nmt_cli.vocab import EOS, PAD


class FeedForward(nn.Module):
    def __init__(self, size: int, ff_size: int, dropout: float):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(size, ff_size), nn.ReLU(), Dropout(dropout), nn.Linear(ff_size, size)
        )

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


class Residual(nn.Module):
    """``x + dropout(f(norm(x)))`` (pre-norm) or ``norm(x + dropout(f(x)))`` (post-norm)."""

    def __init__(self, size: int, dropout: float, pre_norm: bool):
        super().__init__()
        self.norm = nn.LayerNorm(size)
        self.dropout = Dropout(dropout)
        self.pre_norm = pre_norm

    def forward(self, x: Tensor, f) -> tuple[Tensor, Tensor | None]:
        y, extra = f(self.norm(x) if self.pre_norm else x)
        out = x + self.dropout(y)
        return (out if self.pre_norm else self.norm(out)), extra


class EncoderLayer(nn.Module):
    def __init__(self, c: ModelConfig):
        super().__init__()
        h = c.hidden_size
        self.self_attn = MultiHeadAttention(h, h, h, c.heads)
        self.ff = FeedForward(h, c.ff_size, c.dropout if c.ff_dropout is None else c.ff_dropout)
        self.sub1 = Residual(h, c.dropout, c.pre_norm)
        self.sub2 = Residual(h, c.dropout, c.pre_norm)

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        """x (B, S, H), mask (B, 1, 1, S) True at padding."""
        x, _ = self.sub1(x, lambda y: self.self_attn.attend(*self.self_attn.project_self(y), mask))
        x, _ = self.sub2(x, lambda y: (self.ff(y), None))
        return x


class DecoderLayer(nn.Module):
    def __init__(self, c: ModelConfig):
        super().__init__()
        h = c.hidden_size
        self.self_attn = MultiHeadAttention(h, h, h, c.heads)
        self.cross_attn = MultiHeadAttention(h, h, h, c.heads)
        self.ff = FeedForward(h, c.ff_size, c.dropout if c.ff_dropout is None else c.ff_dropout)
        self.sub1 = Residual(h, c.dropout, c.pre_norm)
        self.sub2 = Residual(h, c.dropout, c.pre_norm)
        self.sub3 = Residual(h, c.dropout, c.pre_norm)

    def forward(
        self,
        x: Tensor,
        self_kv: tuple[Tensor, Tensor] | None,
        self_mask: Tensor | None,
        memory_kv: tuple[Tensor, Tensor],
        memory_mask: Tensor,
    ) -> tuple[Tensor, Tensor | None, tuple[Tensor, Tensor]]:
        """x (B, T, H) for target positions p .. p+T-1.

        self_kv     cached keys/values of positions 0 .. p-1, each (B, h, p, d), or None
        self_mask   (T, p+T) True where a query may not look (the future), or None
        memory_kv   projected encoder keys/values, each (N, h, S, d): rows r*B/N .. (r+1)*B/N - 1
                    of x read memory row r (N = B but in a beam search, where N sentences
                    have B/N beams each)
        memory_mask (N, 1, 1, S) True at source padding
        Returns x (B, T, H), cross-attention weights (B, h, T, S) (None from a fused kernel),
        the new self cache.
        """
        cache: list[tuple[Tensor, Tensor]] = []

        def cross_attn(y: Tensor):  # the rows of one memory row are its queries
            n = memory_kv[0].size(0)  # N memory rows, each read by B / N rows of x
            if n == y.size(0):
                return self.cross_attn(y, *memory_kv, memory_mask)
            b, t, h = y.shape
            out, w = self.cross_attn(y.reshape(n, -1, h), *memory_kv, memory_mask)
            # (N, B/N * T, H), (N, heads, B/N * T, S) -> (B, T, H), (B, heads, T, S)
            if w is not None:
                w = w.unflatten(2, (-1, t)).transpose(1, 2).flatten(0, 1)
            return out.reshape(b, t, h), w

        def self_attn(y: Tensor):
            q, k, v = self.self_attn.project_self(y)  # (B, h, T, d) each
            if self_kv is not None:
                k = torch.cat([self_kv[0], k], dim=2)  # (B, h, p+T, d)
                v = torch.cat([self_kv[1], v], dim=2)
            cache.append((k, v))
            return self.self_attn.attend(q, k, v, self_mask)

        x, _ = self.sub1(x, self_attn)
        x, weights = self.sub2(x, cross_attn)
        x, _ = self.sub3(x, lambda y: (self.ff(y), None))
        return x, weights, cache[0]


@dataclass
class TransformerState:
    """Incremental decoding state.

    memory_kv   per layer, projected encoder keys and values, each (N, h, S, d): one row per
                sentence, read by ``beams`` consecutive rows of the state (B = N * beams)
    self_kv     per layer, keys and values of the target prefix, each (B, h, t, d)
    pad_mask    (N, S)
    position    t, the number of target tokens fed so far
    beams       rows per memory row (a beam search's K; 1 before it tiles the state)

    A beam search reorders its rows at every step, but only within each sentence: the memory,
    the same for all beams of a sentence, is then not copied (only when sentences leave).
    """

    memory_kv: list[tuple[Tensor, Tensor]]
    self_kv: list[tuple[Tensor, Tensor]] | None
    pad_mask: Tensor
    position: int
    beams: int = 1

    def select(self, index: Tensor, sentences: list[int] | None = None) -> TransformerState:
        """Rows ``index`` (B',) of the state. Where ``sentences`` (the memory row each run of
        rows reads, known on the host) is not given, it is read from ``index``."""

        def pick(kv: tuple[Tensor, Tensor], rows: Tensor) -> tuple[Tensor, Tensor]:
            return kv[0].index_select(0, rows), kv[1].index_select(0, rows)

        reads = torch.div(index, self.beams, rounding_mode="floor")  # (B',) memory row of each
        if not sentences:  # read from the device: which memory rows, in runs of what length
            sentences, beams = _runs(reads.tolist())
        else:
            beams = len(index) // len(sentences)
        if sentences is None:  # not in runs of one length: each row gets its own memory copy
            memory_rows, beams = reads, 1
        elif sentences == list(range(self.pad_mask.size(0))):
            memory_rows = None  # the same sentences: nothing to copy
        else:
            memory_rows = reads[::beams]  # (N',) the first row of each run: no host list copied
        memory_kv, pad_mask = self.memory_kv, self.pad_mask
        if memory_rows is not None:
            memory_kv = [pick(kv, memory_rows) for kv in memory_kv]
            pad_mask = pad_mask.index_select(0, memory_rows)
        return TransformerState(
            memory_kv=memory_kv,
            self_kv=None if self.self_kv is None else [pick(kv, index) for kv in self.self_kv],
            pad_mask=pad_mask,
            position=self.position,
            beams=beams,
        )


def _runs(values: list[int]) -> tuple[list[int] | None, int]:
    """``values`` as runs of one length of distinct values: (the values, the length), or
    (None, 0). E.g. [4, 4, 7, 7] -> ([4, 7], 2); [4, 4, 7] and [4, 7, 4] -> (None, 0)."""
    if not values:
        return None, 0
    k = 1
    while k < len(values) and values[k] == values[0]:
        k += 1
    heads = values[::k]
    if len(values) % k or len(set(heads)) != len(heads):
        return None, 0
    if any(values[i] != values[i - i % k] for i in range(len(values))):
        return None, 0
    return heads, k


class TransformerEncoder(nn.Module):
    def __init__(self, c: ModelConfig, embed: nn.Embedding):
        super().__init__()
        self.embed = PositionalEmbedding(embed, c.max_positions, c.dropout)
        self.layers = nn.ModuleList(EncoderLayer(c) for _ in range(c.enc_layers))
        self.norm = nn.LayerNorm(c.hidden_size) if c.pre_norm else nn.Identity()

    def forward(self, src: Tensor, src_lengths: Tensor, pad_mask: Tensor) -> Tensor:
        """src (B, S), src_lengths (B,), pad_mask (B, S) -> states (B, S, H)."""
        x = self.embed(src)
        mask = pad_mask[:, None, None, :]  # (B, 1, 1, S)
        for layer in self.layers:
            x = layer(x, mask)
        return self.norm(x)


class TransformerDecoder(nn.Module):
    has_attention = True

    def __init__(self, c: ModelConfig, embed: nn.Embedding):
        super().__init__()
        self.embed = PositionalEmbedding(embed, c.max_positions, c.dropout)
        self.layers = nn.ModuleList(DecoderLayer(c) for _ in range(c.dec_layers))
        self.norm = nn.LayerNorm(c.hidden_size) if c.pre_norm else nn.Identity()
        self.output_size = c.hidden_size
        n = c.dec_layers
        self.cross_shape = (n, c.heads)
        self.align_layer = c.align_layer % n if -n <= c.align_layer < n else n - 1
        self.layers[self.align_layer].cross_attn.keep_weights = True  # read as alignment

    def start(self, memory: Tensor, pad_mask: Tensor) -> TransformerState:
        """memory (B, S, H) encoder states -> state before the first target token."""
        kv = [layer.cross_attn.project_memory(memory, memory) for layer in self.layers]
        return TransformerState(memory_kv=kv, self_kv=None, pad_mask=pad_mask, position=0)

    def step(
        self, tokens: Tensor, state: TransformerState
    ) -> tuple[Tensor, Tensor, TransformerState]:
        """tokens (B,) -> outputs (B, H), cross-attention (B, L, h, S), the next state
        (with fused kernels L = 1: the alignment layer's, see nmt_cli/model/kernels.py)."""
        x, layers, state = self.run(tokens.unsqueeze(1), state)
        return x[:, -1], torch.stack([w[:, :, -1] for w in layers if w is not None], 1), state

    def forward(self, tgt_in: Tensor, state: TransformerState) -> tuple[Tensor, Tensor]:
        """Teacher forcing: tgt_in (B, T) -> outputs (B, T, H), cross-attention (B, L, h, T, S)
        (with fused kernels L = 1: the alignment layer's)."""
        out, layers, _ = self.run(tgt_in, state)
        return out, torch.stack([w for w in layers if w is not None], dim=1)

    def align(self, tgt_in: Tensor, state: TransformerState) -> Tensor:
        """Full-context alignment (Garg et al. 2019): tgt_in (B, T) = <s> y_1 .. y_{T-1} ->
        cross-attention (B, h, T, S) of the alignment layer in a pass with no future mask, where
        every target position sees the whole target (its padding masked). Only the layers up to
        the alignment layer run.

        Row t aligns token t of the translation pass's output (y_{t+1}, then </s>), read where
        that token is itself the input (at its own position, as shift-att reads it: Chen et al.
        2020), so the supervised head looks up the source of a word it sees rather than of the
        word after its input."""
        b = tgt_in.size(0)
        lengths = (tgt_in != PAD).sum(dim=1)  # (B,) <s> and the words
        tokens = torch.cat([tgt_in[:, 1:], tgt_in.new_full((b, 1), PAD)], dim=1)  # (B, T)
        tokens[torch.arange(b, device=tgt_in.device), lengths - 1] = EOS  # y_1 .. </s>
        x = self.embed(tokens, offset=1)  # (B, T, H) at the positions of the output tokens
        self_mask = (tokens == PAD)[:, None, None, :]  # (B, 1, 1, T) True at target padding
        memory_mask = state.pad_mask[:, None, None, :]
        for i in range(self.align_layer + 1):
            x, weights, _ = self.layers[i](x, None, self_mask, state.memory_kv[i], memory_mask)
        return weights

    def run(
        self, tokens: Tensor, state: TransformerState
    ) -> tuple[Tensor, list[Tensor | None], TransformerState]:
        """tokens (B, T) following the state's prefix -> outputs (B, T, H), per-layer
        cross-attention (B, h, T, S) (None where a fused kernel ran), and the state extended by
        these tokens."""
        t, p = tokens.size(1), state.position
        x = self.embed(tokens, offset=p)  # (B, T, H)
        # query i (position p+i) may look at keys 0 .. p+i: mask the future
        self_mask = causal_mask(p + t, tokens.device)[p:] if t > 1 else None  # (T, p+T)
        memory_mask = state.pad_mask[:, None, None, :]
        new_cache, cross = [], []
        for i, layer in enumerate(self.layers):
            past = state.self_kv[i] if state.self_kv is not None else None
            x, w, kv = layer(x, past, self_mask, state.memory_kv[i], memory_mask)
            new_cache.append(kv)
            cross.append(w)
        new_state = TransformerState(state.memory_kv, new_cache, state.pad_mask, p + t, state.beams)
        return self.norm(x), cross, new_state


@register("transformer")
class Transformer(Family):
    def __init__(self, config: ModelConfig):
        super().__init__(config)
        self.embedding_size = config.hidden_size  # the model width d

    def build(
        self, src_embed: nn.Embedding, tgt_embed: nn.Embedding
    ) -> tuple[nn.Module, nn.Module]:
        c = self.config
        return TransformerEncoder(c, src_embed), TransformerDecoder(c, tgt_embed)
