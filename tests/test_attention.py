"""Attention, as the docs describe it: scores -> softmax weights (padding exactly 0, rows summing
to 1) -> context; every scorer selectable by name; key projections computed once per sentence.
"""

from __future__ import annotations

import pytest
import torch
from synthetic import tiny_model

from nmt_cli.errors import ConfigError
from nmt_cli.model.attention import (
    MultiHeadAttention,
    Scorer,
    attend,
    causal_mask,
    make_scorer,
    pad_mask_from_lengths,
)

SCORERS = ["additive", "dot", "general", "scaled_dot"]
RNN_ATTENTIONS = [*SCORERS, "multihead"]

# Every attentional model: the RNN scorers (GRU, Bahdanau style) and the Transformer.
MODELS = {
    **{a: dict(attention=a) for a in RNN_ATTENTIONS},
    "luong-general": dict(style="luong", cell="lstm", attention="general"),
    "transformer": dict(arch="transformer"),
}


# -- attend: mask, softmax, mix ------------------------------------------------------------------


def test_worked_example_from_the_sources():
    # The source article (docs/seeds/000_*, quoted in docs/attention.md) states that scores
    # [1, 5, 2, 1, 1] give about [0.027, 0.798, 0.108, 0.027, 0.027], but those figures are not
    # a softmax: they sum to 0.987, and exp(5) / (3 e + e^5 + e^2) = 148.41 / 163.95 = 0.905.
    # The true weights are below; the article's conclusion (key 2 dominates) holds.
    scores = torch.tensor([[1.0, 5.0, 2.0, 1.0, 1.0]])  # one query, five keys
    values = torch.eye(5)  # value i is the unit vector e_i, so the context is the weights
    context, weights = attend(scores, values)
    expected = torch.tensor([[0.0166, 0.9052, 0.0451, 0.0166, 0.0166]])
    assert torch.allclose(weights, expected, atol=1e-4)
    assert weights.argmax().item() == 1
    assert torch.allclose(context, weights)
    assert weights.sum().item() == pytest.approx(1.0)


def test_masked_keys_get_exactly_zero_weight():
    scores = torch.tensor([[1.0, 5.0, 2.0, 1.0, 1.0]])
    pad_mask = torch.tensor([[False, True, False, False, True]])
    _, weights = attend(scores, torch.eye(5), pad_mask)
    assert weights[0, 1].item() == 0.0 and weights[0, 4].item() == 0.0
    # the rest renormalise among themselves: softmax of [1, 2, 1]
    assert torch.allclose(weights[0, [0, 2, 3]], torch.softmax(torch.tensor([1.0, 2.0, 1.0]), 0))


def test_pad_mask_is_true_at_padding_and_causal_mask_hides_the_future():
    assert pad_mask_from_lengths(torch.tensor([3, 1])).tolist() == [
        [False, False, False],
        [False, True, True],
    ]
    assert pad_mask_from_lengths(torch.tensor([1]), max_len=2).tolist() == [[False, True]]
    assert causal_mask(3).tolist() == [
        [False, True, True],
        [False, False, True],
        [False, False, False],
    ]


# -- the scorers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SCORERS)
def test_scorer_weights_are_distributions_that_ignore_padding(name):
    torch.manual_seed(0)
    scorer = make_scorer(name, 8, 8)
    query = torch.randn(2, 3, 8)  # (B, T, H)
    keys = torch.randn(2, 5, 8)  # (B, S, H)
    pad_mask = pad_mask_from_lengths(torch.tensor([5, 2]))  # (B, S)
    scores = scorer.score(query, scorer.project_keys(keys))
    assert scores.shape == (2, 3, 5)
    context, weights = attend(scores, keys, pad_mask.unsqueeze(1))
    assert context.shape == (2, 3, 8)
    assert (weights[1, :, 2:] == 0).all()
    assert (weights[1, :, :2] > 0).all()
    assert torch.allclose(weights.sum(-1), torch.ones(2, 3))


@pytest.mark.parametrize("name", ["additive", "general"])
def test_projecting_scorers_accept_keys_of_another_size(name):
    scorer = make_scorer(name, 8, 12)  # e.g. a bidirectional encoder's 2H keys
    scores = scorer.score(torch.randn(2, 3, 8), scorer.project_keys(torch.randn(2, 5, 12)))
    assert scores.shape == (2, 3, 5)


def test_scaled_dot_is_dot_divided_by_sqrt_of_the_size():
    q, k = torch.randn(1, 2, 16), torch.randn(1, 4, 16)
    dot, scaled = make_scorer("dot", 16, 16), make_scorer("scaled_dot", 16, 16)
    assert torch.allclose(scaled.score(q, k), dot.score(q, k) / 4.0)


def test_unknown_scorer_name_is_a_config_error_listing_the_choices():
    with pytest.raises(ConfigError, match=r"unknown attention scorer 'foo'.*additive"):
        make_scorer("foo", 8, 8)


@pytest.mark.parametrize("name", ["dot", "scaled_dot"])
def test_dot_scorers_refuse_query_and_key_of_different_sizes(name):
    with pytest.raises(ConfigError, match="one size"):
        make_scorer(name, 8, 16)


def test_multihead_weights_per_head_ignore_padding():
    torch.manual_seed(0)
    mha = MultiHeadAttention(query_size=8, key_size=12, model_size=8, heads=2)
    memory = torch.randn(2, 5, 12)
    keys, values = mha.project_memory(memory, memory)
    assert keys.shape == values.shape == (2, 2, 5, 4)  # (B, h, S, d)
    mask = pad_mask_from_lengths(torch.tensor([5, 3]))[:, None, None, :]  # (B, 1, 1, S)
    out, weights = mha(torch.randn(2, 3, 8), keys, values, mask)
    assert out.shape == (2, 3, 8)
    assert weights.shape == (2, 2, 3, 5)  # (B, h, T, S)
    assert (weights[1, :, :, 3:] == 0).all()
    assert torch.allclose(weights.sum(-1), torch.ones(2, 2, 3))


def test_multihead_size_must_divide_into_heads():
    with pytest.raises(ConfigError, match="divisible"):
        MultiHeadAttention(8, 8, 10, heads=4)


# -- attention inside the models -----------------------------------------------------------------


def _padded_batch():
    """Three sentences of source lengths 5, 2, 4 and target lengths 3, 6, 1 (+ <s>)."""
    gen = torch.Generator().manual_seed(1)
    src_lens, tgt_lens = [5, 2, 4], [4, 7, 2]
    src = torch.zeros(3, 5, dtype=torch.long)
    tgt = torch.zeros(3, 7, dtype=torch.long)
    for b, (s, t) in enumerate(zip(src_lens, tgt_lens)):
        src[b, :s] = torch.randint(4, 12, (s,), generator=gen)
        tgt[b, :t] = torch.randint(4, 12, (t,), generator=gen)
        tgt[b, 0] = 2  # <s>
    return src, torch.tensor(src_lens), tgt, tgt_lens


@pytest.mark.parametrize("kind", list(MODELS))
def test_padding_gets_zero_weight_and_rows_sum_to_one(kind):
    model = tiny_model(**MODELS[kind])
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        _, attn = model(src, lens, tgt)  # (B, T, S)
        _, every = model.forward_with_attention(src, lens, tgt)  # (B, L, h, T, S)
    assert attn.shape == (3, 7, 5)
    for b, n in enumerate(lens.tolist()):
        assert (attn[b, :, n:] == 0).all()
        assert (every[b, ..., n:] == 0).all()  # every layer and head, not only the alignment
    assert torch.allclose(attn.sum(-1), torch.ones(3, 7), atol=1e-6)
    assert torch.allclose(every.sum(-1), torch.ones(every.shape[:-1]), atol=1e-6)


@pytest.mark.parametrize("kind", list(MODELS))
def test_a_padded_batch_equals_its_sentences_one_at_a_time(kind):
    model = tiny_model(**MODELS[kind])
    src, lens, tgt, tgt_lens = _padded_batch()
    with torch.no_grad():
        logits, attn = model(src, lens, tgt)
        for b, (s, t) in enumerate(zip(lens.tolist(), tgt_lens)):
            one_logits, one_attn = model(src[b : b + 1, :s], lens[b : b + 1], tgt[b : b + 1, :t])
            assert torch.allclose(logits[b, :t], one_logits[0], atol=1e-5)
            assert torch.allclose(attn[b, :t, :s], one_attn[0], atol=1e-5)


def test_the_bottleneck_baseline_has_no_attention_weights():
    model = tiny_model(attention="none")
    assert not model.has_attention
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        _, attn = model(src, lens, tgt)
    assert attn.shape == (3, 7, 5)
    assert (attn == 0).all()


# -- key projections: once per sentence, never stored on a module --------------------------------


def _count_calls(monkeypatch, cls, name):
    calls = []
    original = getattr(cls, name)

    def counting(self, *args, **kwargs):
        calls.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, counting)
    return calls


@pytest.mark.parametrize("attention", SCORERS)
def test_rnn_keys_are_projected_once_per_sentence_batch(monkeypatch, attention):
    model = tiny_model(attention=attention)
    assert isinstance(model.decoder.scorer, Scorer)
    calls = _count_calls(monkeypatch, type(model.decoder.scorer), "project_keys")
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        state = model.start(src, lens)
        for t in range(tgt.size(1)):
            _, _, state = model.step(state, tgt[:, t])
        assert len(calls) == 1
        model(src, lens, tgt)  # teacher forcing: one more sentence batch
        assert len(calls) == 2


def test_rnn_multihead_memory_is_projected_once_per_sentence_batch(monkeypatch):
    model = tiny_model(attention="multihead")
    calls = _count_calls(monkeypatch, MultiHeadAttention, "project_memory")
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        state = model.start(src, lens)
        for t in range(tgt.size(1)):
            _, _, state = model.step(state, tgt[:, t])
    assert len(calls) == 1


def test_transformer_encoder_memory_is_projected_once_per_layer_and_sentence_batch(monkeypatch):
    model = tiny_model(arch="transformer")
    calls = _count_calls(monkeypatch, MultiHeadAttention, "project_memory")
    cross = [layer.cross_attn for layer in model.decoder.layers]
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        state = model.start(src, lens)
        for t in range(tgt.size(1)):
            _, _, state = model.step(state, tgt[:, t])
    # self-attention projects each new token; cross-attention only the encoder states, once
    assert [sum(c is m for c in calls) for m in cross] == [1] * len(cross)


@pytest.mark.parametrize("kind", [*MODELS, "none"])
def test_no_module_keeps_tensors_between_calls(kind):
    model = tiny_model(**MODELS.get(kind, dict(attention="none")))
    src, lens, tgt, _ = _padded_batch()
    with torch.no_grad():
        model(src, lens, tgt)
        state = model.start(src, lens)
        model.step(state, tgt[:, 0])
    for name, module in model.named_modules():
        stray = [k for k, v in vars(module).items() if isinstance(v, torch.Tensor)]
        assert stray == [], f"{name or 'model'} keeps tensors {stray} outside params/buffers"
