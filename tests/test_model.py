"""The encoder-decoder's contract: strict configs, one factory, incremental decoding that equals
teacher forcing, no peeking at future targets, reorderable decoder states, honest parameter counts.
"""

from __future__ import annotations

import copy
import itertools

import pytest
import torch
from synthetic import tiny_model

from nmt_cli.errors import ConfigError
from nmt_cli.model import ModelConfig, build_model, count_parameters
from nmt_cli.settings import from_dict

CELLS = ["gru", "lstm"]
STYLES = ["bahdanau", "luong"]
ATTENTIONS = ["none", "additive", "dot", "general", "scaled_dot", "multihead"]

# Every RNN combination and the Transformer (pre- and post-norm), with readable ids.
ALL_MODELS = [
    pytest.param(dict(cell=c, style=s, attention=a), id=f"{c}-{s}-{a}")
    for c, s, a in itertools.product(CELLS, STYLES, ATTENTIONS)
] + [
    pytest.param(dict(arch="transformer", pre_norm=True), id="transformer-prenorm"),
    pytest.param(dict(arch="transformer", pre_norm=False), id="transformer-postnorm"),
]

# One of each decoder family, for the tests that need not run the whole product.
FAMILIES = [
    pytest.param(dict(cell="gru", style="bahdanau", attention="additive"), id="gru-bahdanau"),
    pytest.param(dict(cell="lstm", style="luong", attention="general"), id="lstm-luong-feeding"),
    pytest.param(
        dict(cell="gru", style="luong", attention="dot", input_feeding=False), id="gru-luong"
    ),
    pytest.param(dict(cell="lstm", attention="multihead"), id="lstm-multihead"),
    pytest.param(dict(cell="gru", attention="none"), id="gru-none"),
    pytest.param(dict(arch="transformer"), id="transformer"),
]

VOCAB = 12


def _batch(seed: int = 0):
    """src (3, 6) of lengths 6, 3, 4 and tgt_in (3, 7) starting with <s> (ids from 4 up)."""
    gen = torch.Generator().manual_seed(seed)
    lens = torch.tensor([6, 3, 4])
    src = torch.randint(4, VOCAB, (3, 6), generator=gen)
    src[1, 3:] = 0
    src[2, 4:] = 0
    tgt = torch.randint(4, VOCAB, (3, 7), generator=gen)
    tgt[:, 0] = 2
    tgt[1, 5:] = 0  # target padding too: the model must not care
    return src, lens, tgt


def _model(overrides: dict):
    layers = {} if overrides.get("arch") == "transformer" else dict(enc_layers=2, dec_layers=2)
    return tiny_model(vocab=VOCAB, **{**layers, **overrides})


# -- configuration -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value",
    [
        ("attention", "foo"),
        ("cell", "rnn"),
        ("style", "vaswani"),
        ("arch", "cnn"),
        ("rnn_init", "orthogonal"),
    ],
)
def test_unknown_choices_are_value_errors_naming_the_choices(field, value):
    with pytest.raises(ValueError, match=f"unknown {field} '{value}'; choose one of"):
        ModelConfig(**{field: value})


@pytest.mark.parametrize(
    "settings, message",
    [
        (dict(hidden_size=0), "hidden_size must be at least 1"),
        (dict(dropout=1.0), "dropout must be in"),
        (dict(attention="multihead", hidden_size=30, heads=4), "divisible by heads"),
        (dict(arch="transformer", hidden_size=30, heads=4), "divisible by heads"),
    ],
)
def test_impossible_sizes_are_value_errors(settings, message):
    with pytest.raises(ValueError, match=message):
        ModelConfig(**settings)


@pytest.mark.parametrize("cell, gates", [("gru", 3), ("lstm", 4)])
def test_recurrent_weights_start_with_the_xavier_bound_of_one_gate(cell, gates):
    config = dict(arch="rnn", cell=cell, emb_size=64, hidden_size=96, bidirectional=True)
    hidden, emb = 96, 64
    per_gate = build_model(ModelConfig(**config), 500, 500)
    stacked = build_model(ModelConfig(**config, rnn_init="xavier"), 500, 500)
    # weight_hh (gates*H, H): one gate's bound is sqrt(6 / 2H), the stacked matrix's smaller
    gate_bound = (6 / (hidden + hidden)) ** 0.5
    stacked_bound = (6 / (gates * hidden + hidden)) ** 0.5
    for name in (
        "encoder.rnn.weight_hh_l0",
        "encoder.rnn.weight_hh_l0_reverse",
        "decoder.rnn.weight_hh_l0",
    ):
        w = dict(per_gate.named_parameters())[name]
        assert 0.95 * gate_bound < w.abs().max() <= gate_bound
        w = dict(stacked.named_parameters())[name]
        assert 0.95 * stacked_bound < w.abs().max() <= stacked_bound
    w = dict(per_gate.named_parameters())["encoder.rnn.weight_ih_l0"]  # (gates*H, E)
    bound = (6 / (emb + hidden)) ** 0.5
    assert 0.95 * bound < w.abs().max() <= bound
    # layers other than the RNN's keep plain Xavier
    out, bound = per_gate.output.weight, (6 / (500 + hidden)) ** 0.5  # (V, H)
    assert 0.95 * bound < out.abs().max() <= bound


def test_a_misspelt_setting_suggests_the_right_one():
    with pytest.raises(ConfigError, match="did you mean 'hidden_size'"):
        from_dict(ModelConfig, {"hiden_size": 3})


@pytest.mark.parametrize(
    "data",
    [
        {"hidden_size": "512"},
        {"hidden_size": 3.5},
        {"bidirectional": "yes"},
        {"bidirectional": 1},
        {"dropout": True},
        {"attention": 3},
    ],
    ids=str,
)
def test_wrongly_typed_settings_are_config_errors(data):
    (key,) = data
    with pytest.raises(ConfigError, match=f"{key} = .* has the wrong type"):
        from_dict(ModelConfig, data)


def test_from_dict_turns_the_configs_own_checks_into_config_errors():
    with pytest.raises(ConfigError, match="unknown attention 'foo'"):
        from_dict(ModelConfig, {"attention": "foo"})


def test_from_dict_builds_the_same_config_as_the_constructor():
    data = {"arch": "rnn", "cell": "lstm", "style": "luong", "dropout": 0, "hidden_size": 64}
    config = from_dict(ModelConfig, data)
    assert config == ModelConfig(
        arch="rnn", cell="lstm", style="luong", dropout=0.0, hidden_size=64
    )
    assert isinstance(config.dropout, float)


def test_share_embeddings_needs_one_vocabulary():
    with pytest.raises(ConfigError, match="joint vocabulary"):
        build_model(ModelConfig(share_embeddings=True, dropout=0.0), 20, 16)


# -- parameter counts ----------------------------------------------------------------------------


def _naive_count(model) -> int:
    """Parameters counted per module, so a tensor registered in two modules counts twice."""
    return sum(p.numel() for m in model.modules() for p in m._parameters.values() if p is not None)


@pytest.mark.parametrize(
    "settings",
    [dict(emb_size=32, hidden_size=32), dict(arch="transformer", hidden_size=32)],
    ids=["rnn", "transformer"],
)
def test_tied_weights_are_counted_once(settings):
    v, e = 20, 32
    untied = build_model(ModelConfig(**settings), v, v)
    tied = build_model(ModelConfig(**settings, tie_embeddings=True), v, v)
    assert tied.output.weight is tied.tgt_embed.weight
    assert count_parameters(tied) == count_parameters(untied) - v * e
    assert _naive_count(tied) == count_parameters(tied) + v * e  # the output reuses the table
    shared = build_model(ModelConfig(**settings, share_embeddings=True), v, v)
    assert shared.src_embed is shared.tgt_embed
    assert count_parameters(shared) == count_parameters(untied) - v * e
    both = build_model(ModelConfig(**settings, share_embeddings=True, tie_embeddings=True), v, v)
    assert count_parameters(both) == count_parameters(untied) - 2 * v * e


def test_count_parameters_skips_frozen_ones():
    model = tiny_model(vocab=VOCAB)
    total = count_parameters(model)
    model.src_embed.weight.requires_grad_(False)
    assert count_parameters(model) == total - VOCAB * 16


# -- incremental decoding equals teacher forcing -------------------------------------------------


@pytest.mark.parametrize("overrides", ALL_MODELS)
def test_step_by_step_decoding_equals_teacher_forcing(overrides):
    model = _model(overrides)
    src, lens, tgt = _batch()
    with torch.no_grad():
        logits, attn = model(src, lens, tgt)  # (B, T, V), (B, T, S)
        forced = torch.log_softmax(logits, dim=-1)
        state = model.start(src, lens)
        for t in range(tgt.size(1)):
            log_probs, step_attn, state = model.step(state, tgt[:, t])  # (B, V), (B, S)
            assert torch.allclose(log_probs, forced[:, t], atol=1e-5), f"log-probs at t={t}"
            assert torch.allclose(step_attn, attn[:, t], atol=1e-5), f"attention at t={t}"
    assert torch.allclose(log_probs.exp().sum(-1), torch.ones(3), atol=1e-5)


@pytest.mark.parametrize("overrides", ALL_MODELS)
def test_a_future_target_token_never_changes_earlier_outputs(overrides):
    model = _model(overrides)
    src, lens, tgt = _batch()
    with torch.no_grad():
        logits, attn = model(src, lens, tgt)
        for t in (1, 3, 6):
            changed = tgt.clone()
            changed[:, t:] = (tgt[:, t:] - 4 + 1) % (VOCAB - 4) + 4  # another real token
            new_logits, new_attn = model(src, lens, changed)
            assert torch.equal(new_logits[:, :t], logits[:, :t])
            assert torch.equal(new_attn[:, :t], attn[:, :t])
            assert not torch.allclose(new_logits[:, t:], logits[:, t:])


@pytest.mark.parametrize("overrides", FAMILIES)
def test_a_selected_state_steps_like_the_selected_rows(overrides):
    model = _model(overrides)
    src, lens, tgt = _batch()
    index = torch.tensor([2, 0, 0, 1, 2])  # reorder, duplicate (beams), keep all
    with torch.no_grad():
        state = model.start(src, lens)
        for t in range(3):  # a prefix, so caches and input feeding are not at their start
            _, _, state = model.step(state, tgt[:, t])
        picked = state.select(index)
        for t in range(3, tgt.size(1)):
            log_probs, attn, state = model.step(state, tgt[:, t])
            picked_log_probs, picked_attn, picked = model.step(picked, tgt[index, t])
            assert torch.allclose(picked_log_probs, log_probs[index], atol=1e-6)
            assert torch.allclose(picked_attn, attn[index], atol=1e-6)


@pytest.mark.parametrize("told", [False, True], ids=["read", "told"])
@pytest.mark.parametrize("overrides", FAMILIES)
def test_beam_shaped_selections_step_like_teacher_forcing_of_each_rows_prefix(overrides, told):
    """A beam search tiles sentences into K rows, reorders rows within each sentence and drops
    finished sentences; a Transformer then keeps one memory row per sentence, not per beam,
    whether it reads the sentences from the rows or the search tells it (``told``)."""
    model = _model(overrides)
    src, lens, tgt = _batch()  # B = 3
    tile, reorder, drop = [0, 0, 1, 1, 2, 2], [1, 0, 2, 2, 5, 4], [0, 1, 4, 5]
    sentences = [[0, 1, 2], [0, 1, 2], [0, 2]]  # the sentence positions each selection keeps
    rows, prefixes = torch.arange(3), [[], [], []]  # each row's sentence and tokens fed
    with torch.no_grad():
        state = model.start(src, lens)
        for t, index in enumerate([tile, reorder, drop]):
            hint = sentences[t] if told else None
            state, rows = state.select(torch.tensor(index), hint), rows[index]
            prefixes = [prefixes[i] for i in index]
            tokens = tgt[rows, t] if t == 0 else (tgt[rows, t] + torch.arange(len(rows))) % 6 + 4
            log_probs, attn, state = model.step(state, tokens)  # (B', V), (B', S)
            prefixes = [p + [token] for p, token in zip(prefixes, tokens.tolist())]
            logits, forced_attn = model(src[rows], lens[rows], torch.tensor(prefixes))
            forced = torch.log_softmax(logits[:, -1], dim=-1)
            assert torch.allclose(log_probs, forced, atol=1e-5), f"log-probs at t={t}"
            assert torch.allclose(attn, forced_attn[:, -1], atol=1e-5), f"attention at t={t}"
        if overrides.get("arch") == "transformer":
            assert state.memory_kv[0][0].size(0) == 2 and state.beams == 2  # (N, h, S, d)


@pytest.mark.parametrize("overrides", FAMILIES)
def test_dropping_finished_sentences_leaves_the_others_unchanged(overrides):
    model = _model(overrides)
    src, lens, tgt = _batch()
    with torch.no_grad():
        state = model.start(src, lens)
        _, _, state = model.step(state, tgt[:, 0])
        full, _, _ = model.step(state, tgt[:, 1])
        keep = torch.tensor([0, 2])
        kept, _, _ = model.step(state.select(keep), tgt[keep, 1])
    assert kept.shape == (2, VOCAB)
    assert torch.allclose(kept, full[keep], atol=1e-6)


@pytest.mark.parametrize("pre_norm", [True, False], ids=["prenorm", "postnorm"])
def test_a_model_fused_for_inference_translates_and_attends_as_before(pre_norm):
    """Fusing self-attention's projections at load is arithmetic only: teacher forcing, the
    full-context alignment pass and step-by-step decoding give what the model gave unfused."""
    settings = dict(guided_alignment=True, full_context_alignment=True)
    model = _model(dict(arch="transformer", pre_norm=pre_norm, **settings))
    fused = copy.deepcopy(model)
    fused.fuse_for_inference()
    assert not any(name.endswith("self_attn.q_proj.weight") for name, _ in fused.named_parameters())
    src, lens, tgt = _batch()
    with torch.no_grad():
        for a, b in zip(model(src, lens, tgt), fused(src, lens, tgt)):
            assert torch.allclose(a, b, atol=1e-6)
        states = model.start(src, lens), fused.start(src, lens)
        for t in range(tgt.size(1)):
            (lp, attn, s0), (lp_fused, attn_fused, s1) = (
                model.step(states[0], tgt[:, t]),
                fused.step(states[1], tgt[:, t]),
            )
            states = s0, s1
            assert torch.allclose(lp, lp_fused, atol=1e-6), f"log-probs at t={t}"
            assert torch.allclose(attn, attn_fused, atol=1e-6), f"attention at t={t}"


# -- output shapes -------------------------------------------------------------------------------


@pytest.mark.parametrize("overrides", FAMILIES)
def test_output_shapes_follow_the_glossary(overrides):
    model = _model(overrides)
    src, lens, tgt = _batch()
    with torch.no_grad():
        logits, attn = model(src, lens, tgt)
        _, every = model.forward_with_attention(src, lens, tgt)
        log_probs, step_attn, _ = model.step(model.start(src, lens), tgt[:, 0])
    assert logits.shape == (3, 7, VOCAB)  # (B, T, V)
    assert attn.shape == (3, 7, 6)  # (B, T, S)
    assert every.shape[0] == 3 and every.shape[-2:] == (7, 6)  # (B, L, h, T, S)
    assert log_probs.shape == (3, VOCAB) and step_attn.shape == (3, 6)
    if overrides.get("arch") == "transformer":
        assert every.shape[1:3] == (2, 4)  # both decoder layers, 4 heads


def test_dropout_keeps_about_1_minus_p_scaled_and_is_the_identity_in_eval():
    from nmt_cli.model.dropout import Dropout

    torch.manual_seed(0)
    drop = Dropout(0.25)
    x = torch.ones(200, 500)
    y = drop(x)
    kept = (y != 0).float().mean().item()
    assert abs(kept - 0.75) < 0.01
    assert torch.allclose(y[y != 0], torch.full_like(y[y != 0], 1 / 0.75))
    drop.eval()
    assert drop(x) is x


def test_dropout_masks_are_independent_and_follow_the_seed():
    """Two elements share each 31-bit draw: their keep decisions must still be independent."""
    from nmt_cli.model.dropout import keep_mask

    torch.manual_seed(3)
    mask = keep_mask(torch.Size([1000, 1000]), 0.3, torch.device("cpu")).reshape(-1, 2).float()
    low, high = mask[:, 0], mask[:, 1]
    assert abs(low.mean().item() - 0.7) < 0.005 and abs(high.mean().item() - 0.7) < 0.005
    assert abs((low * high).mean().item() - 0.49) < 0.005  # P(both kept) = 0.7 * 0.7
    torch.manual_seed(3)
    again = keep_mask(torch.Size([1000, 1000]), 0.3, torch.device("cpu")).reshape(-1, 2).float()
    assert torch.equal(mask, again)


def test_ff_dropout_zero_leaves_the_feed_forward_deterministic_in_training():
    from nmt_cli.model.transformer import FeedForward

    ff = FeedForward(8, 16, 0.0)
    ff.train()
    x = torch.randn(3, 8)
    assert torch.equal(ff(x), ff(x))
    config = ModelConfig(arch="transformer", hidden_size=8, ff_size=16, heads=2, ff_dropout=0.0)
    model = build_model(config, 12, 12)
    assert model.encoder.layers[0].ff.net[2].p == 0.0
    assert model.encoder.layers[0].sub1.dropout.p == config.dropout
