"""The encoder-decoder both families share, and the one factory that builds it.

Every caller (training, decoding, alignment) uses only this interface:

    state = model.start(src, src_lengths)                # run the encoder once
    logits, attention = model(src, src_lengths, tgt_in)   # teacher forcing: (B,T,V), (B,T,S)
    log_probs, attention, state = model.step(state, last_tokens)   # (B,V), (B,S)

The encoder and decoder come from the config's family (see :mod:`nmt_cli.model.family`).
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

from nmt_cli.errors import ConfigError
from nmt_cli.model.attention import MultiHeadAttention, pad_mask_from_lengths
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.dropout import Dropout
from nmt_cli.model.family import Family, family
from nmt_cli.vocab import PAD


class Seq2Seq(nn.Module):
    def __init__(self, config: ModelConfig, src_vocab_size: int, tgt_vocab_size: int):
        super().__init__()
        c = config
        self.config = c
        self.src_vocab_size = src_vocab_size
        self.tgt_vocab_size = tgt_vocab_size
        kind = family(c)
        emb = kind.embedding_size
        self.src_embed = nn.Embedding(src_vocab_size, emb, padding_idx=PAD)
        if c.share_embeddings:
            if src_vocab_size != tgt_vocab_size:
                raise ConfigError(
                    "share_embeddings needs one joint vocabulary, but the source has "
                    f"{src_vocab_size} tokens and the target {tgt_vocab_size}"
                )
            self.tgt_embed = self.src_embed
        else:
            self.tgt_embed = nn.Embedding(tgt_vocab_size, emb, padding_idx=PAD)
        self.encoder, self.decoder = kind.build(self.src_embed, self.tgt_embed)
        self.output_dropout = Dropout(kind.output_dropout)
        self.output = nn.Linear(self.decoder.output_size, tgt_vocab_size, bias=False)
        self._init_weights(kind)
        if c.tie_embeddings:
            self.output.weight = self.tgt_embed.weight  # (V, O) shared with the embeddings

    def _init_weights(self, kind: Family) -> None:
        for name, p in self.named_parameters():
            if p.dim() > 1 and "embed" not in name:
                kind.init_matrix(name, p)
            elif "bias" in name:
                nn.init.zeros_(p)
        for e in (self.src_embed, self.tgt_embed):
            nn.init.normal_(e.weight, std=e.embedding_dim**-0.5)
            with torch.no_grad():
                e.weight[PAD].zero_()

    @property
    def has_attention(self) -> bool:
        return bool(self.decoder.has_attention)

    @property
    def cross_shape(self) -> tuple[int, int]:
        """(L, h): the layers and heads of the attention forward_with_attention returns."""
        return self.decoder.cross_shape

    def start(self, src: Tensor, src_lengths: Tensor):
        """src (B, S) ids, src_lengths (B,) -> decoder state before the first target token."""
        pad_mask = pad_mask_from_lengths(src_lengths, src.size(1))  # (B, S)
        return self.decoder.start(self.encoder(src, src_lengths, pad_mask), pad_mask)

    def forward(self, src: Tensor, src_lengths: Tensor, tgt_in: Tensor) -> tuple[Tensor, Tensor]:
        """Teacher forcing: src (B, S), tgt_in (B, T) = <s> y_1 .. y_{T-1}.

        Returns logits (B, T, V) and the attention read as alignment (B, T, S): see
        alignment_weights, or with full_context_alignment the supervised head of the
        full-context pass (one more decoder pass, up to the alignment layer).
        """
        state = self.start(src, src_lengths)
        out, cross = self.decoder(tgt_in, state)  # (B, T, O), (B, L, h, T, S)
        logits = self.output(self.output_dropout(out))
        if self.config.full_context_alignment:
            return logits, self.decoder.align(tgt_in, state)[:, 0]
        return logits, self.alignment_weights(cross)

    def full_context_alignment(self, src: Tensor, src_lengths: Tensor, tgt_in: Tensor) -> Tensor:
        """The supervised head of the full-context pass (B, T, S), without the translation pass
        (full_context_alignment models only)."""
        return self.decoder.align(tgt_in, self.start(src, src_lengths))[:, 0]

    def forward_with_attention(
        self, src: Tensor, src_lengths: Tensor, tgt_in: Tensor
    ) -> tuple[Tensor, Tensor]:
        """Like forward, but attention as (B, L, h, T, S): every layer and head (RNN: L=h=1);
        with explicit kernels (nmt_cli/model/kernels.py), as ``nmt align`` runs."""
        out, cross = self.decoder(tgt_in, self.start(src, src_lengths))  # (B, T, O)
        return self.output(self.output_dropout(out)), cross

    def alignment_weights(
        self, cross: Tensor, layer: int | None = None, head: int | None = None
    ) -> Tensor:
        """(B, L, h, [T,] S) -> (B, [T,] S): layer ``layer`` (default: the alignment layer),
        head ``head`` or the heads averaged (default: a guided model's supervised head 0, else
        the heads averaged)."""
        if layer is None and head is None and self.config.guided_alignment:
            head = 0
        if layer is None:  # fused kernels (nmt_cli/model/kernels.py) keep only its weights
            layer = self.decoder.align_layer if cross.size(1) == self.cross_shape[0] else 0
        maps = cross[:, layer]  # (B, h, [T,] S)
        return maps.mean(dim=1) if head is None else maps[:, head]

    def fuse_for_inference(self) -> None:
        """Each self-attention's query, key and value projections as one layer (a model loaded
        to translate or align: see MultiHeadAttention.fuse_projections). Not for training or
        saving: the model's tensors change names."""
        for module in self.modules():
            if isinstance(getattr(module, "self_attn", None), MultiHeadAttention):
                module.self_attn.fuse_projections()

    def step(self, state, last_tokens: Tensor):
        """last_tokens (B,) -> log-probs (B, V), attention (B, S), the next state."""
        out, cross, state = self.decoder.step(last_tokens, state)  # (B, O), (B, L, h, S)
        logits = self.output(out).float()  # (B, V)
        # On the CPU in place: a fresh (B, V) tensor at every step costs the allocator fresh
        # pages (docs/benchmarks.md); the values are the same bits either way.
        log_probs = torch.log_softmax(
            logits, dim=-1, out=logits if logits.is_cpu and not logits.requires_grad else None
        )
        return log_probs, self.alignment_weights(cross), state


def build_model(config: ModelConfig, src_vocab_size: int, tgt_vocab_size: int) -> Seq2Seq:
    """The one factory: a model of ``config`` for the given vocabulary sizes."""
    return Seq2Seq(config, src_vocab_size, tgt_vocab_size)


def count_parameters(model: nn.Module) -> int:
    """Distinct trainable parameters (tied weights count once: parameters() yields each once)."""
    return sum(p.numel() for p in model.parameters() if p.requires_grad)
