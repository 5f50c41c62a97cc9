"""RNN encoder-decoder with attention (or, with ``attention="none"``, the bottleneck baseline).

Encoder: embeddings -> (bi)GRU/LSTM over packed sequences, so padding never reaches a state.
Decoder, one step (the teacher-forced forward is the same step in a loop):

    bahdanau  query = s_{t-1};  a_t = attend(query, keys, values)
              s_t = cell([y_{t-1}; a_t], s_{t-1});  o_t = tanh(W [s_t; a_t; y_{t-1}])
    luong     s_t = cell([y_{t-1}; o_{t-1}] (input feeding) or y_{t-1}, s_{t-1})
              query = s_t;  a_t = attend(query, keys, values);  o_t = tanh(W [a_t; s_t])
    none      a_t = c, the encoder's final state, the same at every step (the bottleneck)

``o_t`` (B, O) goes through the output projection to logits over the target vocabulary. The
initial decoder state comes from a learned bridge over the encoder's final states. The family
registers itself as "rnn" (see nmt_cli/model/family.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import torch
from torch import Tensor, nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from nmt_cli.model.attention import MultiHeadAttention, attend, make_scorer
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.dropout import Dropout
from nmt_cli.model.family import Family, register


def _rnn(cell: str, size: int, hidden: int, layers: int, dropout: float, bi=False) -> nn.RNNBase:
    kind = {"gru": nn.GRU, "lstm": nn.LSTM}[cell]  # config validation has checked the name
    dropout = dropout if layers > 1 else 0.0
    return kind(size, hidden, layers, batch_first=True, dropout=dropout, bidirectional=bi)


@dataclass
class Encoded:
    """What the encoder hands the decoder.

    states    (B, S, He)  top-layer states at every source position (He = 2H if bidirectional)
    final     (B, He)     top layer's final state (both directions concatenated)
    """

    states: Tensor
    final: Tensor


class RNNEncoder(nn.Module):
    def __init__(self, config: ModelConfig, embed: nn.Embedding):
        super().__init__()
        self.embed = embed
        self.dropout = Dropout(config.dropout)
        c = config
        self.rnn = _rnn(c.cell, c.emb_size, c.hidden_size, c.enc_layers, c.dropout, c.bidirectional)
        self.output_size = config.hidden_size * (2 if config.bidirectional else 1)

    def forward(self, src: Tensor, src_lengths: Tensor, pad_mask: Tensor) -> Encoded:
        """src (B, S) ids, src_lengths (B,), pad_mask (B, S) (unused: the lengths pack)."""
        x = self.dropout(self.embed(src))  # (B, S, E)
        packed = pack_padded_sequence(x, src_lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, final = self.rnn(packed)
        states, _ = pad_packed_sequence(out, batch_first=True, total_length=src.size(1))  # (B,S,He)
        h = final[0] if isinstance(final, tuple) else final  # (layers * dirs, B, H)
        dirs = 2 if self.rnn.bidirectional else 1
        top = h[-dirs:]  # (dirs, B, H): the top layer, forward then backward
        return Encoded(states=states, final=torch.cat(list(top), dim=-1))  # final (B, He)


@dataclass
class RNNState:
    """Decoder state for incremental decoding; every field has the batch (B) first or second.

    hidden     (L, B, H)   decoder RNN state (LSTM: also ``cell``)
    feed       (B, O)      previous attentional vector o_{t-1} (Luong input feeding) or None
    keys       (B, S, A)   projected keys, computed once per sentence (multihead: (B, h, S, d))
    values     (B, S, Hv)  what attention mixes (multihead: (B, h, S, d))
    pad_mask   (B, S)
    context    (B, Hv)     the fixed context of the ``none`` baseline, else None
    """

    hidden: Tensor
    cell: Tensor | None
    feed: Tensor | None
    keys: Tensor
    values: Tensor
    pad_mask: Tensor
    context: Tensor | None

    def select(self, index: Tensor, sentences: list[int] | None = None) -> RNNState:
        """Rows ``index`` (B',) of the batch, for beam reordering and dropping finished rows
        (``sentences``: unused, every row has its own state)."""

        def pick(x: Tensor | None, dim: int = 0) -> Tensor | None:
            return None if x is None else x.index_select(dim, index)

        rest = (self.feed, self.keys, self.values, self.pad_mask, self.context)  # batch first
        return RNNState(pick(self.hidden, 1), pick(self.cell, 1), *(pick(x) for x in rest))


class RNNDecoder(nn.Module):
    def __init__(self, config: ModelConfig, embed: nn.Embedding, memory_size: int):
        super().__init__()
        c = config
        self.config = c
        self.embed = embed
        self.dropout = Dropout(c.dropout)
        self.output_size = c.emb_size if c.tie_embeddings else c.hidden_size  # O
        self.luong = c.style == "luong"
        self.has_attention = c.attention != "none"
        self.cross_shape = (1, 1)  # one map (multihead: its heads come averaged)
        self.align_layer = 0

        # Keys and values: the encoder states. Dot scorers need them at the query's size: a
        # bidirectional encoder's states are projected once per sentence (memory_proj).
        self.memory_proj: nn.Module = nn.Identity()
        if c.attention in ("dot", "scaled_dot") and memory_size != c.hidden_size:
            self.memory_proj = nn.Linear(memory_size, c.hidden_size, bias=False)
            memory_size = c.hidden_size
        self.multihead: MultiHeadAttention | None = None
        self.scorer = None
        context_size = memory_size  # what attention mixes; multihead projects it to H
        if c.attention == "multihead":
            self.multihead = MultiHeadAttention(c.hidden_size, memory_size, c.hidden_size, c.heads)
            self.multihead.keep_weights = True  # read as alignment
            context_size = c.hidden_size
        elif self.has_attention:
            self.scorer = make_scorer(c.attention, c.hidden_size, memory_size)

        self.feeds = self.luong and c.input_feeding
        rnn_input = c.emb_size + (self.output_size if self.feeds else 0)
        rnn_input += 0 if self.luong else context_size
        self.rnn = _rnn(c.cell, rnn_input, c.hidden_size, c.dec_layers, c.dropout)
        out_in = context_size + c.hidden_size + (0 if self.luong else c.emb_size)
        self.attn_out = nn.Linear(out_in, self.output_size)  # -> o_t, the attentional state
        # The bridge: encoder's final state (projected like the memory) -> initial decoder state.
        self.bridge = nn.Linear(memory_size, c.dec_layers * c.hidden_size)
        self.cell_bridge = (
            nn.Linear(memory_size, c.dec_layers * c.hidden_size) if c.cell == "lstm" else None
        )

    def start(self, enc: Encoded, pad_mask: Tensor) -> RNNState:
        """The state before the first target token; pad_mask (B, S)."""
        b = enc.states.size(0)
        memory = self.memory_proj(enc.states)  # (B, S, Hv)
        final = self.memory_proj(enc.final)  # (B, Hv)

        def bridge(layer: nn.Linear) -> Tensor:  # (B, L*H) -> (L, B, H)
            return torch.tanh(layer(final)).view(b, self.config.dec_layers, -1).transpose(0, 1)

        hidden = bridge(self.bridge).contiguous()
        cell = None if self.cell_bridge is None else bridge(self.cell_bridge).contiguous()
        if self.multihead is not None:
            keys, values = self.multihead.project_memory(memory, memory)  # (B, h, S, d) each
        elif self.scorer is not None:
            keys, values = self.scorer.project_keys(memory), memory  # (B, S, A), (B, S, Hv)
        else:
            keys, values = memory, memory  # unused: the bottleneck has no attention
        feed = memory.new_zeros(b, self.output_size) if self.feeds else None
        context = final if not self.has_attention else None
        return RNNState(hidden, cell, feed, keys, values, pad_mask, context)

    def _attend(self, query: Tensor, state: RNNState) -> tuple[Tensor, Tensor]:
        """query (B, H) -> context (B, Hv), weights (B, S)."""
        if state.context is not None:  # the bottleneck: one fixed vector, no weights
            return state.context, torch.zeros_like(state.pad_mask, dtype=query.dtype)
        q = query.unsqueeze(1)  # (B, 1, H)
        if self.multihead is not None:
            mask = state.pad_mask[:, None, None, :]  # (B, 1, 1, S)
            ctx, w = self.multihead(q, state.keys, state.values, mask)  # (B,1,H), (B,h,1,S)
            return ctx.squeeze(1), w.mean(dim=1).squeeze(1)  # heads averaged for alignment
        assert self.scorer is not None
        scores = self.scorer.score(q, state.keys)  # (B, 1, S)
        ctx, w = attend(scores, state.values, state.pad_mask.unsqueeze(1))  # (B,1,Hv), (B,1,S)
        return ctx.squeeze(1), w.squeeze(1)

    def _cell(self, x: Tensor, state: RNNState) -> tuple[Tensor, Tensor, Tensor | None]:
        """One RNN step: x (B, I) -> top output (B, H), hidden (L, B, H), cell."""
        if state.cell is not None:
            out, (h, c) = self.rnn(x.unsqueeze(1), (state.hidden, state.cell))
        else:
            out, h = self.rnn(x.unsqueeze(1), state.hidden)
            c = None
        return out.squeeze(1), h, c

    def _recur(self, emb: Tensor, state: RNNState) -> tuple[Tensor, Tensor, Tensor, RNNState]:
        """Everything of one step but the readout: emb (B, E) -> s_t (B, H), context (B, Hv),
        attention (B, S), the new state (without o_t, which input feeding adds)."""
        if self.luong:
            x = torch.cat([emb, state.feed], dim=-1) if self.feeds else emb  # (B, I)
            s_t, h, c = self._cell(x, state)  # query = the new state
            context, weights = self._attend(s_t, state)
        else:
            context, weights = self._attend(state.hidden[-1], state)  # query = s_{t-1}
            s_t, h, c = self._cell(torch.cat([emb, context], dim=-1), state)
        return s_t, context, weights, replace(state, hidden=h, cell=c)

    def _readout(self, s_t: Tensor, context: Tensor, emb: Tensor) -> Tensor:
        """o_t, the attentional state; works on (B, .) or on all steps at once (B, T, .)."""
        parts = [context, s_t] if self.luong else [s_t, context, emb]
        return torch.tanh(self.attn_out(torch.cat(parts, dim=-1)))  # (B, [T,] O)

    def step(self, tokens: Tensor, state: RNNState) -> tuple[Tensor, Tensor, RNNState]:
        """tokens (B,) previous tokens -> o_t (B, O), attention (B, 1, 1, S), new state."""
        o, weights, state = self._step(self.embed(tokens), state)
        return o, weights[:, None, None], state

    def _step(self, emb: Tensor, state: RNNState) -> tuple[Tensor, Tensor, RNNState]:
        """emb (B, E) embedded previous token -> o_t (B, O), attention (B, S), new state."""
        s_t, context, weights, state = self._recur(emb, state)
        o = self._readout(s_t, context, emb)  # (B, O)
        if self.feeds:
            state = replace(state, feed=o)
        return o, weights, state

    def forward(self, tgt_in: Tensor, state: RNNState) -> tuple[Tensor, Tensor]:
        """Teacher forcing. tgt_in (B, T) -> o (B, T, O), attention (B, 1, 1, T, S)."""
        emb = self.dropout(self.embed(tgt_in))  # (B, T, E)
        # With input feeding o_{t-1} is an input of step t, so the readout stays in the loop;
        # otherwise only the recurrence is sequential and the readout runs once over all steps.
        step = self._step if self.feeds else self._recur  # -> (o, w, state) | (s, c, w, state)
        per_step = []
        for t in range(tgt_in.size(1)):
            *out, state = step(emb[:, t], state)
            per_step.append(out)
        stacked = [torch.stack(x, dim=1) for x in zip(*per_step)]  # [o, w] | [s, c, w]: (B, T, .)
        o = stacked[0] if self.feeds else self._readout(stacked[0], stacked[1], emb)
        return o, stacked[-1][:, None, None]


def xavier_uniform_stacked_(weight: Tensor, n: int) -> None:
    """Xavier-uniform for ``n`` matrices stacked along the rows, as an RNN stores its gates:
    weight (n*H, I) gets bound sqrt(6 / (I + H)), the bound of one (H, I) gate."""
    fan_out, fan_in = weight.size(0) // n, weight.size(1)
    bound = (6.0 / (fan_in + fan_out)) ** 0.5
    nn.init.uniform_(weight, -bound, bound)


@register("rnn")
class RNN(Family):
    def __init__(self, config: ModelConfig):
        super().__init__(config)
        self.embedding_size, self.output_dropout = config.emb_size, config.dropout

    def build(
        self, src_embed: nn.Embedding, tgt_embed: nn.Embedding
    ) -> tuple[nn.Module, nn.Module]:
        encoder = RNNEncoder(self.config, src_embed)
        return encoder, RNNDecoder(self.config, tgt_embed, encoder.output_size)

    def init_matrix(self, name: str, weight: Tensor) -> None:
        """Recurrent weights per gate (rnn_init xavier_per_gate), the rest plain Xavier."""
        if self.config.rnn_init == "xavier_per_gate" and ".rnn." in name:
            xavier_uniform_stacked_(weight, 4 if self.config.cell == "lstm" else 3)
        else:
            nn.init.xavier_uniform_(weight)
