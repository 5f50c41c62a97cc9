"""Attention: a query looks at keys, a softmax turns scores into weights, weights mix values.

    scores   e = score(q, k)            (B, T, S)   one row per query, one column per key
    weights  alpha = softmax(e)          (B, T, S)   rows sum to 1; padding gets exactly 0
    context  a = alpha @ v               (B, T, Hv)

Scorers only compute ``e``; :func:`attend` does the masking, softmax and weighted sum for all of
them, and returns the weights so they can be read as a soft alignment. Key projections depend only
on the encoder states, so they are computed once per sentence (:meth:`Scorer.project_keys`) and
passed back in at every decoder step; no module keeps state between calls.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from nmt_cli.errors import ConfigError


def attend(scores: Tensor, values: Tensor, pad_mask: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """Mask, normalise and mix, in float32 whatever the model's precision.

    scores    (..., T, S)  raw scores of T queries against S keys
    values    (..., S, Hv)
    pad_mask  broadcastable to scores, True where a key must get no weight (padding, future)
    returns   context (..., T, Hv) in the dtype of ``values``, weights (..., T, S) float32
    """
    with torch.autocast(values.device.type, enabled=False):  # see MultiHeadAttention.forward
        scores = scores.float()
        if pad_mask is not None:
            scores = scores.masked_fill(pad_mask, float("-inf"))
        weights = torch.softmax(scores, dim=-1)  # (..., T, S); exp(-inf) = 0 exactly
        return (weights @ values.float()).to(values.dtype), weights


class Scorer(nn.Module):
    """score(query, keys) -> (B, T, S). ``project_keys`` runs once per sentence."""

    def project_keys(self, keys: Tensor) -> Tensor:
        """keys (B, S, Hk) -> projected keys (B, S, A); identity unless the scorer learns one."""
        return keys

    def score(self, query: Tensor, proj_keys: Tensor) -> Tensor:
        """query (B, T, Hq), proj_keys (B, S, A) -> scores (B, T, S)."""
        raise NotImplementedError


class AdditiveScorer(Scorer):
    """Bahdanau et al. 2014: ``w^T tanh(W_q q + W_k k)``."""

    def __init__(self, query_size: int, key_size: int, attn_size: int):
        super().__init__()
        self.key_layer = nn.Linear(key_size, attn_size, bias=False)
        self.query_layer = nn.Linear(query_size, attn_size, bias=False)
        self.energy_layer = nn.Linear(attn_size, 1, bias=False)

    def project_keys(self, keys: Tensor) -> Tensor:
        return self.key_layer(keys)  # (B, S, A)

    def score(self, query: Tensor, proj_keys: Tensor) -> Tensor:
        q = self.query_layer(query)  # (B, T, A)
        energy = torch.tanh(q.unsqueeze(2) + proj_keys.unsqueeze(1))  # (B, T, S, A)
        return self.energy_layer(energy).squeeze(-1)  # (B, T, S)


class DotScorer(Scorer):
    """Luong et al. 2015: ``q^T k`` (query and key of one size)."""

    def score(self, query: Tensor, proj_keys: Tensor) -> Tensor:
        return query @ proj_keys.transpose(1, 2)  # (B, T, H) @ (B, H, S) -> (B, T, S)


class ScaledDotScorer(Scorer):
    """Vaswani et al. 2017: ``q^T k / sqrt(d)``, which keeps softmax out of saturation."""

    def score(self, query: Tensor, proj_keys: Tensor) -> Tensor:
        return query @ proj_keys.transpose(1, 2) / math.sqrt(query.size(-1))  # (B, T, S)


class GeneralScorer(DotScorer):
    """Luong et al. 2015, bilinear: ``q^T W k``: the dot score with W k as the key projection."""

    def __init__(self, query_size: int, key_size: int):
        super().__init__()
        self.key_layer = nn.Linear(key_size, query_size, bias=False)

    def project_keys(self, keys: Tensor) -> Tensor:
        return self.key_layer(keys)  # (B, S, Hq)


SCORERS = ("additive", "dot", "general", "scaled_dot")


def make_scorer(name: str, query_size: int, key_size: int) -> Scorer:
    """The scorer called ``name``; dot scorers need ``query_size == key_size``."""
    if name == "additive":
        return AdditiveScorer(query_size, key_size, query_size)
    if name == "general":
        return GeneralScorer(query_size, key_size)
    if name in ("dot", "scaled_dot"):
        if query_size != key_size:
            raise ConfigError(
                f"{name} attention needs query and key of one size, got {query_size} and {key_size}"
            )
        return DotScorer() if name == "dot" else ScaledDotScorer()
    raise ConfigError(f"unknown attention scorer {name!r}; choose one of {', '.join(SCORERS)}")


class MultiHeadAttention(nn.Module):
    """h heads of scaled dot attention over learned projections of Q, K and V.

    Each head sees d = H / h dimensions; the heads' contexts are concatenated and projected.
    Used for Transformer self- and cross-attention and as the RNN's ``multihead`` attention.
    With ``fused`` set (on a GPU: nmt_cli/model/kernels.py) and ``keep_weights`` not, it runs
    ``F.scaled_dot_product_attention`` in the model's precision and returns no weights; an
    attention whose weights are read (set by its owner) keeps the explicit float32 softmax.
    """

    fused = False
    keep_weights = False

    def __init__(self, query_size: int, key_size: int, model_size: int, heads: int):
        super().__init__()
        if model_size % heads:
            raise ConfigError(f"size {model_size} is not divisible by {heads} heads")
        self.heads = heads
        self.head_size = model_size // heads
        self.q_proj = nn.Linear(query_size, model_size)
        self.k_proj = nn.Linear(key_size, model_size)
        self.v_proj = nn.Linear(key_size, model_size)
        self.out_proj = nn.Linear(model_size, model_size)

    def _split(self, x: Tensor) -> Tensor:
        return x.unflatten(-1, (self.heads, self.head_size)).transpose(1, 2)  # (B, h, n, d)

    def fuse_projections(self) -> None:
        """For inference, where query, keys and values come from one input (self-attention):
        the three projections as one layer of 3H outputs, one product instead of three with the
        same numbers in them (and an int8 model quantizes the input once). The model directory
        keeps the three layers; a fused module is not one to train or save."""
        q, k, v = self.q_proj, self.k_proj, self.v_proj
        if q.in_features != k.in_features:
            raise ValueError("only self-attention's projections, of one input, can be fused")
        fused = nn.Linear(q.in_features, 3 * q.out_features, device=q.weight.device)
        with torch.no_grad():
            fused.weight.copy_(torch.cat([q.weight, k.weight, v.weight]))  # (3H, H)
            fused.bias.copy_(torch.cat([q.bias, k.bias, v.bias]))
        self.qkv_proj = fused.to(q.weight.dtype)
        del self.q_proj, self.k_proj, self.v_proj

    def project_memory(self, keys: Tensor, values: Tensor) -> tuple[Tensor, Tensor]:
        """keys, values (B, S, Hk) -> per-head keys and values, each (B, h, S, d), float32 in
        any precision (attention runs in float32, see forward): a search casts each step's new
        keys once, not its whole cache at every step."""
        return self._heads(self.k_proj(keys)), self._heads(self.v_proj(values))

    def project_self(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """Self-attention's projections of x (B, T, H): the query as :meth:`attend` takes it,
        and keys and values as :meth:`project_memory` gives them, each (B, h, T, d)."""
        if hasattr(self, "qkv_proj"):
            q, k, v = self.qkv_proj(x).chunk(3, dim=-1)  # (B, T, H) each
        else:
            q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        return self._query(q), self._heads(k), self._heads(v)

    def _sdpa(self) -> bool:
        return self.fused and not self.keep_weights

    def _heads(self, x: Tensor) -> Tensor:
        """Projected keys or values (B, S, H) -> (B, h, S, d): float32 for the explicit softmax,
        the model's precision for the fused kernel."""
        return self._split(x) if self._sdpa() else self._split(x).float()

    def _query(self, q: Tensor) -> Tensor:
        """Projected query (B, T, H) -> per head, scaled by 1 / sqrt(d): (B, h, T, d)."""
        return self._split(q) / math.sqrt(self.head_size)

    def forward(
        self, query: Tensor, keys: Tensor, values: Tensor, mask: Tensor | None = None
    ) -> tuple[Tensor, Tensor | None]:
        """query (B, T, Hq); keys, values (B, h, S, d) from :meth:`project_memory`;
        mask broadcastable to (B, h, T, S), True = no weight.
        Returns output (B, T, H) and weights (B, h, T, S), or None from the fused kernel.
        """
        return self.attend(self._query(self.q_proj(query)), keys, values, mask)

    def attend(
        self, q: Tensor, keys: Tensor, values: Tensor, mask: Tensor | None = None
    ) -> tuple[Tensor, Tensor | None]:
        """:meth:`forward` from the query as :meth:`project_self` gives it, q (B, h, T, d)."""
        if self._sdpa():  # q is scaled already; the mask says where a query may look
            keep = None if mask is None else ~mask
            context = F.scaled_dot_product_attention(q, keys, values, attn_mask=keep, scale=1.0)
            return self.out_proj(context.transpose(1, 2).flatten(2)), None  # (B, T, H)
        # In float32 even under bf16: products of d = H / h columns are cheap, and in bfloat16
        # oneDNN builds a kernel for each new (B, T, S), which costs more than the product does
        # (a search meets a new T at every step). The weights stay float32 for alignment.
        with torch.autocast(q.device.type, enabled=False):
            scores = q.float() @ keys.float().transpose(-1, -2)  # (B, h, T, S)
        context, weights = attend(scores, values, mask)  # (B, h, T, d), (B, h, T, S)
        context = context.transpose(1, 2).flatten(2).to(q.dtype)  # (B, T, H): heads joined
        return self.out_proj(context), weights


def pad_mask_from_lengths(lengths: Tensor, max_len: int | None = None) -> Tensor:
    """lengths (B,) -> pad_mask (B, S), True where position >= length."""
    s = int(lengths.max()) if max_len is None else max_len
    return torch.arange(s, device=lengths.device).unsqueeze(0) >= lengths.unsqueeze(1)


def causal_mask(t: int, device: torch.device | None = None) -> Tensor:
    """(T, T) True above the diagonal: position i may not look at j > i."""
    return torch.ones(t, t, dtype=torch.bool, device=device).triu(1)
