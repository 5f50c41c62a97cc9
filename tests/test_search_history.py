"""Spec: each hypothesis a search returns carries its own history, on a real model.

Beam search keeps per step only each row's parent row, token and attention (back-pointers), and
puts a hypothesis's tokens, token log-probs and attention together once the search is over. On
untrained seeded models, whose beams swap places at almost every step and many of which run to
the length limit, every returned hypothesis is replayed alone, one token at a time, by the
simplest decoder there is (one row, no beam, nothing reordered): its token log-probs and
attention rows must be what the model gives for its own prefix. A history put together from
another beam's row (a wrong parent at any step) gives other numbers.
"""

from __future__ import annotations

import pytest
import torch

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.search import Decoding
from nmt_cli.search.beam import beam_search
from nmt_cli.search.greedy import greedy_search
from nmt_cli.search.hypothesis import Hypothesis
from nmt_cli.vocab import BOS, EOS, pad_ids

VOCAB = 40
CONFIGS = {
    "rnn": ModelConfig(arch="rnn", emb_size=16, hidden_size=16, dropout=0.0, max_positions=64),
    "transformer": ModelConfig(
        arch="transformer",
        hidden_size=16,
        ff_size=32,
        heads=2,
        enc_layers=1,
        dec_layers=2,
        dropout=0.0,
        max_positions=64,
    ),
}
SOURCES = [[5 + (7 * i + 3 * j) % (VOCAB - 5) for j in range(n)] for i, n in enumerate([9, 4, 12])]
MAX_LEN = [18, 7, 25]  # output tokens per sentence, </s> not counted


def untrained(arch: str):
    torch.manual_seed(7)
    return build_model(CONFIGS[arch], VOCAB, VOCAB).eval()


def start(model, sources: list[list[int]]) -> Decoding:
    seqs = [s + [EOS] for s in sources]
    src, lengths = pad_ids(seqs), torch.tensor([len(s) for s in seqs])
    return Decoding(model.step, model.start(src, lengths), lengths, MAX_LEN[: len(sources)])


def replay(model, source: list[int], hyp: Hypothesis) -> tuple[list[float], torch.Tensor]:
    """The token log-probs and attention rows (steps, S_i) of ``hyp``'s own tokens, decoded
    alone: each step fed the hypothesis's previous token."""
    state = start(model, [source]).state
    produced = hyp.tokens + ([EOS] if hyp.finished else [])
    last, log_probs, rows = BOS, [], []
    for tok in produced:
        lp, attn, state = model.step(state, torch.tensor([last]))
        log_probs.append(float(lp[0, tok]))
        rows.append(attn[0].float())
        last = tok
    return log_probs, torch.stack(rows)


@pytest.mark.parametrize("arch", list(CONFIGS))
def test_every_beam_hypothesis_has_its_own_tokens_scores_and_attention(arch):
    model = untrained(arch)
    with torch.inference_mode():
        results = beam_search(start(model, SOURCES), beam_size=4, nbest=4)
        checked = 0
        for source, hyps in zip(SOURCES, results, strict=True):
            assert len(hyps) == 4
            for h in hyps:
                log_probs, attention = replay(model, source, h)
                assert h.attention.shape == attention.shape == (len(log_probs), len(source) + 1)
                assert h.token_log_probs == pytest.approx(log_probs, abs=1e-4)
                assert torch.allclose(h.attention, attention, atol=1e-5)
                checked += len(log_probs)
    assert checked > 100  # long hypotheses: many steps walked back


@pytest.mark.parametrize("arch", list(CONFIGS))
def test_greedy_hypotheses_have_their_own_history_as_sentences_leave(arch):
    model = untrained(arch)
    with torch.inference_mode():
        for source, h in zip(SOURCES, greedy_search(start(model, SOURCES)), strict=True):
            log_probs, attention = replay(model, source, h)
            assert h.token_log_probs == pytest.approx(log_probs, abs=1e-4)
            assert torch.allclose(h.attention, attention, atol=1e-5)
