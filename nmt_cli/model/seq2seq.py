"""The encoder-decoder both families share, and the one factory that builds it.

Every caller (training, decoding, alignment) uses only this interface:

    state = model.start(src, src_lengths)                # run the encoder once
    logits, attention = model(src, src_lengths, tgt_in)   # teacher forcing: (B,T,V), (B,T,S)
    log_probs, attention, state = model.step(state, last_tokens)   # (B,V), (B,S)
"""

from __future__ import annotations

import torch
from torch import Tensor, nn

from nmt_cli.errors import ConfigError
from nmt_cli.model.attention import pad_mask_from_lengths
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.rnn import RNNDecoder, RNNEncoder
from nmt_cli.model.transformer import TransformerDecoder, TransformerEncoder
from nmt_cli.tokenizer import PAD


class Seq2Seq(nn.Module):
    def __init__(self, config: ModelConfig, src_vocab_size: int, tgt_vocab_size: int):
        super().__init__()
        c = config
        self.config = c
        self.src_vocab_size = src_vocab_size
        self.tgt_vocab_size = tgt_vocab_size
        emb = c.hidden_size if c.arch == "transformer" else c.emb_size
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

        self.encoder: nn.Module
        self.decoder: nn.Module
        if c.arch == "rnn":
            self.encoder = RNNEncoder(c, self.src_embed)
            self.decoder = RNNDecoder(c, self.tgt_embed, self.encoder.output_size)
        else:
            self.encoder = TransformerEncoder(c, self.src_embed)
            self.decoder = TransformerDecoder(c, self.tgt_embed)
        self.output_dropout = nn.Dropout(c.dropout if c.arch == "rnn" else 0.0)
        self.output = nn.Linear(c.output_size, tgt_vocab_size, bias=False)
        self._init_weights()
        if c.tie_embeddings:
            self.output.weight = self.tgt_embed.weight  # (V, O) shared with the embeddings

    def _init_weights(self) -> None:
        gates = 4 if self.config.cell == "lstm" else 3  # rows stacked in each RNN weight
        per_gate = self.config.arch == "rnn" and self.config.rnn_init == "xavier_per_gate"
        for name, p in self.named_parameters():
            if p.dim() > 1 and "embed" not in name:
                if per_gate and ".rnn." in name:
                    xavier_uniform_stacked_(p, gates)
                else:
                    nn.init.xavier_uniform_(p)
            elif "bias" in name:
                nn.init.zeros_(p)
        for e in (self.src_embed, self.tgt_embed):
            nn.init.normal_(e.weight, std=e.embedding_dim**-0.5)
            with torch.no_grad():
                e.weight[PAD].zero_()

    @property
    def has_attention(self) -> bool:
        return bool(self.decoder.has_attention)

    def start(self, src: Tensor, src_lengths: Tensor):
        """src (B, S) ids, src_lengths (B,) -> decoder state before the first target token."""
        pad_mask = pad_mask_from_lengths(src_lengths, src.size(1))  # (B, S)
        if self.config.arch == "rnn":
            return self.decoder.start(self.encoder(src, src_lengths, pad_mask))
        return self.decoder.start(self.encoder(src, pad_mask), pad_mask)

    def forward(self, src: Tensor, src_lengths: Tensor, tgt_in: Tensor) -> tuple[Tensor, Tensor]:
        """Teacher forcing: src (B, S), tgt_in (B, T) = <s> y_1 .. y_{T-1}.

        Returns logits (B, T, V) and attention (B, T, S) (Transformer: the alignment layer's
        cross-attention, heads averaged).
        """
        logits, cross = self.forward_with_attention(src, src_lengths, tgt_in)
        return logits, self.alignment_weights(cross)

    def forward_with_attention(
        self, src: Tensor, src_lengths: Tensor, tgt_in: Tensor
    ) -> tuple[Tensor, Tensor]:
        """Like forward, but attention as (B, L, h, T, S): every layer and head (RNN: L=h=1)."""
        state = self.start(src, src_lengths)
        if self.config.arch == "rnn":
            out, attn = self.decoder(tgt_in, state)  # (B, T, O), (B, T, S)
            cross = attn[:, None, None]
        else:
            out, layers, _ = self.decoder.run(tgt_in, state)
            cross = torch.stack(layers, dim=1)  # (B, L, h, T, S)
        return self.output(self.output_dropout(out)), cross

    def alignment_weights(self, cross: Tensor) -> Tensor:
        """(B, L, h, T, S) -> (B, T, S): the alignment layer, heads averaged (a guided model:
        its supervised head)."""
        layer = self.decoder.align_layer if self.config.arch == "transformer" else 0
        if self.config.guided_alignment:
            return cross[:, layer, 0]
        return cross[:, layer].mean(dim=1)

    def step(self, state, last_tokens: Tensor):
        """last_tokens (B,) -> log-probs (B, V), attention (B, S), the next state."""
        if self.config.arch == "rnn":
            emb = self.tgt_embed(last_tokens)  # (B, E)
            out, attn, state = self.decoder.step(emb, state)  # (B, O), (B, S)
        else:
            x, layers, state = self.decoder.run(last_tokens.unsqueeze(1), state)
            out = x[:, -1]  # (B, H)
            w = layers[self.decoder.align_layer][:, :, -1]  # (B, h, S)
            attn = w[:, 0] if self.config.guided_alignment else w.mean(dim=1)  # (B, S)
        logits = self.output(out)  # (B, V)
        return torch.log_softmax(logits.float(), dim=-1), attn, state


def xavier_uniform_stacked_(weight: Tensor, n: int) -> None:
    """Xavier-uniform for ``n`` matrices stacked along the rows, as an RNN stores its gates:
    weight (n*H, I) gets bound sqrt(6 / (I + H)), the bound of one (H, I) gate."""
    fan_out, fan_in = weight.size(0) // n, weight.size(1)
    bound = (6.0 / (fan_in + fan_out)) ** 0.5
    with torch.no_grad():
        weight.uniform_(-bound, bound)


def build_model(config: ModelConfig, src_vocab_size: int, tgt_vocab_size: int) -> Seq2Seq:
    """The one factory: a model of ``config`` for the given vocabulary sizes."""
    return Seq2Seq(config, src_vocab_size, tgt_vocab_size)


def count_parameters(model: nn.Module) -> int:
    """Distinct trainable parameters (tied weights count once)."""
    return sum(
        p.numel() for p in {id(p): p for p in model.parameters() if p.requires_grad}.values()
    )
