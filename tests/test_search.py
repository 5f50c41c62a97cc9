"""Spec of greedy and beam search, driven by a scripted model instead of a neural network.

The scripted model looks up the next-token log-probs in a table keyed by the output prefix
(the tokens after <s>), and its attention is a one-hot column that is a function of that
prefix. So expected hypotheses, scores and attention rows can be worked out by hand, and a
hypothesis that picked up another beam's history is caught.

Vocabulary of the hand-written scripts: <pad>=0 <unk>=1 <s>=2 </s>=3 a=4 b=5 c=6.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest
import torch

from nmt_cli.errors import UsageError
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.search import Decoding
from nmt_cli.search.beam import beam_search
from nmt_cli.search.greedy import greedy_search
from nmt_cli.search.hypothesis import Hypothesis
from nmt_cli.search.options import SearchOptions

PAD, UNK, BOS, EOS, A, B, C = range(7)
NAMES = {"pad": PAD, "unk": UNK, "bos": BOS, "eos": EOS, "a": A, "b": B, "c": C}
Script = Callable[[tuple[int, ...]], torch.Tensor]  # output prefix -> log-probs (V,)


@dataclass
class ScriptedState:
    """Per row: which sentence's script it follows and the tokens fed so far (<s> first)."""

    sentence: list[int]
    fed: list[tuple[int, ...]]
    src_len: list[int]
    width: int  # S: the padded source length of the batch

    def select(self, index: torch.Tensor, sentences: list[int] | None = None) -> ScriptedState:
        rows = index.tolist()
        return ScriptedState(
            [self.sentence[r] for r in rows],
            [self.fed[r] for r in rows],
            [self.src_len[r] for r in rows],
            self.width,
        )


def fake_attention(prefix: tuple[int, ...], src_len: int, width: int) -> torch.Tensor:
    """One-hot (S,) at a position that depends on the whole prefix; padding columns 0."""
    row = torch.zeros(width)
    row[zlib.crc32(bytes(prefix)) % src_len] = 1.0
    return row


class ScriptedModel:
    """A step function over scripts, one per sentence; records the batch size of each call."""

    def __init__(self, scripts: list[Script]):
        self.scripts = scripts
        self.batch_sizes: list[int] = []

    def start(self, sentences: list[int], src_lengths: list[int]) -> ScriptedState:
        return ScriptedState(
            list(sentences), [()] * len(sentences), list(src_lengths), max(src_lengths)
        )

    def __call__(self, state: ScriptedState, last_tokens: torch.Tensor):
        self.batch_sizes.append(len(last_tokens))
        fed = [f + (int(tok),) for f, tok in zip(state.fed, last_tokens.tolist(), strict=True)]
        assert all(f[0] == BOS and BOS not in f[1:] for f in fed)
        log_probs = torch.stack(
            [self.scripts[s](f[1:]) for s, f in zip(state.sentence, fed, strict=True)]
        )
        attention = torch.stack(
            [fake_attention(f[1:], n, state.width) for f, n in zip(fed, state.src_len, strict=True)]
        )
        return log_probs, attention, ScriptedState(state.sentence, fed, state.src_len, state.width)


def table(rows: dict[str, dict[str, float]]) -> Script:
    """Script from hand-written probabilities: {"a b": {"eos": 0.9, "c": 0.1}, ...}.

    Prefixes not listed end the sentence ({"eos": 1.0}); tokens not listed get probability 0.
    """

    def script(prefix: tuple[int, ...]) -> torch.Tensor:
        key = " ".join(k for tok in prefix for k, v in NAMES.items() if v == tok)
        probs = rows.get(key, {"eos": 1.0})
        return torch.tensor([math.log(probs[n]) if n in probs else -math.inf for n in NAMES])

    return script


def random_script(seed: int, vocab: int = 9, eos_bias: float = 0.0) -> Script:
    """Seeded random log-prob table, filled lazily: the same prefix always gets the same row."""
    cache: dict[tuple[int, ...], torch.Tensor] = {}

    def script(prefix: tuple[int, ...]) -> torch.Tensor:
        if prefix not in cache:
            gen = torch.Generator().manual_seed(zlib.crc32(bytes((seed % 256, *prefix))))
            logits = torch.randn(vocab, generator=gen) * 2.0
            logits[EOS] += eos_bias
            cache[prefix] = torch.log_softmax(logits, dim=0)
        return cache[prefix]

    return script


def decode(
    search,
    scripts: list[Script],
    src_lengths: list[int],
    max_len: list[int],
    order: list[int] | None = None,
    **kwargs,
):
    """Run ``search`` on sentences ``order`` (default all); returns (results, model)."""
    order = list(range(len(scripts))) if order is None else order
    model = ScriptedModel(scripts)
    lengths = [src_lengths[i] for i in order]
    state = model.start(order, lengths)
    start = Decoding(model, state, torch.tensor(lengths), [max_len[i] for i in order])
    out = search(start, **kwargs)
    return out, model


def beam(scripts, src_lengths, max_len, **kwargs) -> list[list[Hypothesis]]:
    return decode(beam_search, scripts, src_lengths, max_len, **kwargs)[0]


def greedy(scripts, src_lengths, max_len, **kwargs) -> list[Hypothesis]:
    return decode(greedy_search, scripts, src_lengths, max_len, **kwargs)[0]


def assert_same(h1: Hypothesis, h2: Hypothesis) -> None:
    assert (h1.tokens, h1.score, h1.log_prob, h1.token_log_probs, h1.finished) == (
        h2.tokens,
        h2.score,
        h2.log_prob,
        h2.token_log_probs,
        h2.finished,
    )
    assert torch.equal(h1.attention, h2.attention)


# Greedy takes "a" (0.5) then "c" (0.4): P = 0.5 * 0.4 * 1.0 = 0.20.
# Starting with the less likely "b" (0.4) then </s> (0.9) gives P = 0.36.
GREEDY_TRAP = table(
    {
        "": {"a": 0.5, "b": 0.4, "eos": 0.1},
        "a": {"a": 0.3, "b": 0.3, "c": 0.4},
        "b": {"eos": 0.9, "a": 0.1},
    }
)

# "a </s>": P = 0.5, length 2.  "b c c </s>": P = 0.45, length 4.
SHORT_OR_LONG = table(
    {
        "": {"a": 0.5, "b": 0.45, "eos": 0.05},
        "b": {"c": 1.0},
        "b c": {"c": 1.0},
    }
)


def test_beam_finds_better_hypothesis_than_greedy():
    [g] = greedy([GREEDY_TRAP], [4], [10])
    assert g.tokens == [A, C] and g.finished
    assert g.score == pytest.approx(math.log(0.5) + math.log(0.4) + math.log(1.0))  # ln 0.20

    [[best]] = beam([GREEDY_TRAP], [4], [10], beam_size=2)
    assert best.tokens == [B] and best.finished
    assert best.score == pytest.approx(math.log(0.4) + math.log(0.9))  # ln 0.36 > ln 0.20
    assert best.token_log_probs == pytest.approx([math.log(0.4), math.log(0.9)])


def test_length_penalty_decides_between_short_and_long():
    [[short, long_]] = beam(
        [SHORT_OR_LONG], [4], [10], beam_size=2, nbest=2, penalty=LengthPenalty(0.0)
    )
    # alpha=0: plain log-probs, ln 0.5 = -0.693 beats ln 0.45 = -0.799.
    assert (short.tokens, long_.tokens) == ([A], [B, C, C])
    assert short.score == pytest.approx(math.log(0.5))
    assert long_.score == pytest.approx(math.log(0.45))

    [[long_, short]] = beam(
        [SHORT_OR_LONG], [4], [10], beam_size=2, nbest=2, penalty=LengthPenalty(1.0)
    )
    # alpha=1: ln 0.45 / ((5 + 4) / 6) = -0.532 beats ln 0.5 / ((5 + 2) / 6) = -0.594.
    assert (long_.tokens, short.tokens) == ([B, C, C], [A])
    assert long_.score == pytest.approx(math.log(0.45) / (9 / 6))
    assert short.score == pytest.approx(math.log(0.5) / (7 / 6))

    # With nbest=1 the search must not stop when "a </s>" finishes at step 1: the live
    # "b" (ln 0.45) could still reach ln 0.45 / ((5 + 11) / 6) at max_len 10, above -0.594.
    [[best]] = beam([SHORT_OR_LONG], [4], [10], beam_size=2, penalty=LengthPenalty(1.0))
    assert best.tokens == [B, C, C]


def test_search_stops_once_k_hypotheses_have_finished():
    # After step 1 both top candidates end: "a </s>" (0.42) and "b </s>" (0.32). With alpha=1
    # the live "a c" (0.18) could in principle still win by growing to max_len
    # (ln 0.18 / (16 / 6) = -0.64 > ln 0.42 / (7 / 6) = -0.74), but, as in fairseq, K finished
    # hypotheses end the search: two steps, not ten.
    script = table(
        {"": {"a": 0.6, "b": 0.4}, "a": {"eos": 0.7, "c": 0.3}, "b": {"eos": 0.8, "c": 0.2}}
    )
    out, model = decode(
        beam_search, [script], [4], [10], beam_size=2, penalty=LengthPenalty(1.0), nbest=2
    )
    assert [h.tokens for h in out[0]] == [[A], [B]]
    assert out[0][0].score == pytest.approx(math.log(0.42) / (7 / 6))
    assert model.batch_sizes == [2, 2]


def test_finished_sentence_leaves_the_batch():
    # Sentence 0 (GREEDY_TRAP) is settled after 2 steps: "b </s>" (0.36) is finished and no
    # live beam (best "a c", 0.20) can beat it. Sentence 1 needs 4 steps for "a b c </s>".
    long_script = table({"": {"a": 1.0}, "a": {"b": 1.0}, "a b": {"c": 1.0}})
    out, model = decode(beam_search, [GREEDY_TRAP, long_script], [4, 4], [10, 10], beam_size=2)
    assert [h.tokens for [h] in out] == [[B], [A, B, C]]
    assert model.batch_sizes == [4, 4, 2, 2]  # B*K rows, then K once sentence 0 left

    out, model = decode(greedy_search, [GREEDY_TRAP, long_script], [4, 4], [10, 10])
    assert [h.tokens for h in out] == [[A, C], [A, B, C]]
    assert model.batch_sizes == [2, 2, 2, 1]


def test_beam_of_one_is_greedy():
    scripts = [random_script(seed, eos_bias=1.0) for seed in range(8)]
    src_lengths, max_len = [3, 5, 2, 7, 4, 6, 1, 3], [4, 6, 3, 8, 0, 5, 2, 7]
    for g, [b] in zip(
        greedy(scripts, src_lengths, max_len),
        beam(scripts, src_lengths, max_len, beam_size=1),
        strict=True,
    ):
        assert_same(g, b)


def test_greedy_scores_with_the_penalty_it_is_given_but_chooses_without_it():
    """A search's score is one quantity, log_prob / divisor: greedy's too (it ranks nothing,
    so the penalty changes its scores, never its tokens)."""
    scripts = [random_script(seed, eos_bias=1.0) for seed in range(6)]
    src_lengths, max_len = [3, 5, 2, 7, 4, 6], [4, 6, 3, 8, 0, 5]
    penalty = LengthPenalty(2.0)
    plain = greedy(scripts, src_lengths, max_len)
    scored = greedy(scripts, src_lengths, max_len, penalty=penalty)
    for p, s, [b] in zip(
        plain, scored, beam(scripts, src_lengths, max_len, beam_size=1, penalty=penalty)
    ):
        assert (s.tokens, s.log_prob) == (p.tokens, p.log_prob)
        assert s.score == penalty.score(p.log_prob, len(p.tokens) + 1) == b.score


def test_nbest_lists_are_sorted_and_distinct():
    scripts = [random_script(seed) for seed in range(6)]
    results = beam(scripts, [5] * 6, [6] * 6, beam_size=5, nbest=5, penalty=LengthPenalty(0.6))
    for hyps in results:
        assert len(hyps) == 5
        scores = [h.score for h in hyps]
        assert scores == sorted(scores, reverse=True)
        assert len({tuple(h.tokens) for h in hyps}) == 5
        for h in hyps:
            divisor = LengthPenalty(0.6).divisor(len(h.tokens) + 1)
            assert h.score == pytest.approx(h.log_prob / divisor)

    # By hand on GREEDY_TRAP: "b" (0.36) then "a c" (0.20).
    [[first, second]] = beam([GREEDY_TRAP], [4], [10], beam_size=2, nbest=2)
    assert (first.tokens, second.tokens) == ([B], [A, C])
    assert second.score == pytest.approx(math.log(0.2))


def test_nbest_larger_than_beam_is_refused():
    with pytest.raises(ValueError, match="nbest"):
        beam([GREEDY_TRAP], [4], [10], beam_size=2, nbest=3)


@pytest.mark.parametrize(
    "search, kwargs",
    [
        (greedy_search, {}),
        (beam_search, {"beam_size": 4, "nbest": 3, "penalty": LengthPenalty(0.8)}),
    ],
)
def test_a_sentence_decodes_the_same_alone_or_in_a_shuffled_batch(search, kwargs):
    scripts = [random_script(seed, eos_bias=0.5) for seed in range(10, 16)]
    src_lengths, max_len = [3, 5, 2, 7, 4, 6], [4, 6, 3, 5, 6, 2]
    alone = [
        decode(search, scripts, src_lengths, max_len, order=[i], **kwargs)[0][0] for i in range(6)
    ]
    order = list(range(6))
    random.Random(0).shuffle(order)
    batched = decode(search, scripts, src_lengths, max_len, order=order, **kwargs)[0]
    for i, result in zip(order, batched, strict=True):
        pairs = (
            [(result, alone[i])] if search is greedy_search else zip(result, alone[i], strict=True)
        )
        for h1, h2 in pairs:
            assert_same(h1, h2)


def test_max_len_cuts_unfinished_hypotheses():
    scripts = [random_script(seed, eos_bias=-30.0) for seed in range(3)]  # never says </s>
    src_lengths, max_len = [3, 4, 2], [0, 2, 5]
    cut = greedy(scripts, src_lengths, max_len)
    for hyp, n, s in zip(cut, max_len, src_lengths, strict=True):
        assert (len(hyp.tokens), hyp.finished) == (n, False)
        assert hyp.attention.shape == (n, s) and len(hyp.token_log_probs) == n
    for hyps, n, s in zip(
        beam(scripts, src_lengths, max_len, beam_size=3, nbest=3), max_len, src_lengths, strict=True
    ):
        assert all(len(h.tokens) == n and not h.finished for h in hyps)
        assert all(h.attention.shape == (n, s) for h in hyps)


def test_max_len_counts_tokens_not_the_end_of_sentence():
    script = table({"": {"a": 1.0}, "a": {"b": 1.0}})  # "a b </s>"
    for search in (greedy, lambda *a: [h for [h] in beam(*a, beam_size=2)]):
        [fits, cut] = search([script, script], [3, 3], [2, 1])
        assert (fits.tokens, fits.finished, fits.attention.shape) == ([A, B], True, (3, 3))
        assert (cut.tokens, cut.finished, cut.attention.shape) == ([A], False, (1, 3))


def test_min_len_holds_back_the_end_of_sentence():
    script = table(
        {
            "": {"eos": 0.9, "a": 0.1},
            "a": {"eos": 0.9, "b": 0.1},
            "a b": {"eos": 0.9, "c": 0.1},
        }
    )
    assert greedy([script], [3], [10])[0].tokens == []
    [g] = greedy([script], [3], [10], min_len=2)
    [[b]] = beam([script], [3], [10], beam_size=3, min_len=2)
    for hyp in (g, b):
        assert hyp.tokens == [A, B] and hyp.finished
        # Forbidden </s> gets -inf; the other log-probs are not renormalised.
        assert hyp.log_prob == pytest.approx(math.log(0.1) + math.log(0.1) + math.log(0.9))


def test_pad_and_bos_are_never_output():
    script = table({"": {"pad": 0.5, "bos": 0.3, "a": 0.2}, "a": {"bos": 0.7, "eos": 0.3}})
    assert greedy([script], [3], [10])[0].tokens == [A]
    assert [h.tokens for h in beam([script], [3], [10], beam_size=3, nbest=3)[0]] == [[A]]
    for hyps in beam([random_script(s) for s in range(4)], [4] * 4, [6] * 4, beam_size=4, nbest=4):
        assert all(PAD not in h.tokens and BOS not in h.tokens for h in hyps)


def test_attention_and_token_scores_follow_their_hypothesis():
    scripts = [random_script(seed, eos_bias=0.5) for seed in range(20, 24)]
    src_lengths, max_len = [3, 6, 4, 5], [6, 5, 7, 4]
    width = max(src_lengths)
    results = beam(scripts, src_lengths, max_len, beam_size=4, nbest=4, penalty=LengthPenalty(0.7))
    for script, s, hyps in zip(scripts, src_lengths, results, strict=True):
        for h in hyps:
            produced = h.tokens + ([EOS] if h.finished else [])
            assert h.attention.shape == (len(produced), s)  # S_i columns, no padding
            for t, tok in enumerate(produced):
                prefix = tuple(h.tokens[:t])
                assert torch.equal(h.attention[t], fake_attention(prefix, s, width)[:s])
                assert h.token_log_probs[t] == float(script(prefix)[tok])
            assert h.log_prob == pytest.approx(sum(h.token_log_probs), abs=1e-5)


@pytest.mark.parametrize("seed", range(5))
def test_equal_candidate_scores_rank_by_beam_then_token_in_every_row(seed):
    """bfloat16 models score many extensions alike; which one a beam keeps must not depend on
    topk's order among equals, nor on the other sentences of the batch. A stable sort over
    each whole row is the reference."""
    from nmt_cli.search.beam import _top_candidates

    gen = torch.Generator().manual_seed(seed)
    scores = torch.randint(0, 6, (7, 40), generator=gen).float()  # (B', K*V): ties everywhere
    scores[0] = torch.arange(40.0)  # a row without ties beside rows with them
    values, index = _top_candidates(scores, 10)
    expected = torch.sort(scores, dim=1, descending=True, stable=True)
    assert torch.equal(values, expected.values[:, :10])
    assert torch.equal(index, expected.indices[:, :10])


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("vocab", [2048, 8016])  # 5 * 8016 is no multiple of the chunks' 64
def test_wide_rows_rank_as_a_stable_sort_of_the_whole_row(seed, vocab):
    """Rows as wide as a real vocabulary's are first narrowed to their best chunks; the result
    is still that of a stable sort of each whole row, with ties inside the best, at the cut,
    across chunks, and rows that are mostly -inf (beams that died out)."""
    from nmt_cli.search.beam import _top_candidates

    gen = torch.Generator().manual_seed(seed)
    scores = torch.randn(6, 5 * vocab, generator=gen) * 4  # (B', K*V), distinct
    scores[1] = torch.randint(0, 40, (5 * vocab,), generator=gen).float()  # ties everywhere
    scores[2, :8000] = -math.inf  # only the first beam lives (a search's first step)
    scores[3] = -math.inf
    scores[3, [5, 700, 9000]] = 1.0  # fewer live entries than asked for
    scores[4] = 0.0  # a tie at the cut between a chunk of a higher and one of a lower maximum
    scores[4, 9 * 64] = 9.0  # the best chunk holds the later of the tied entries
    scores[4, 9 * 64 + 10] = 2.0
    scores[4, 64 + 20] = 2.0  # a lower index, in a chunk with a lower maximum
    scores[4, 64] = 8.0
    scores[4, [c * 64 for c in range(20, 27)]] = 7.0  # 7 more: the tie falls at the 10th place
    scores[5] = 0.0  # a tie at the cut among more chunks than are kept
    scores[5, [c * 64 for c in range(100, 109)]] = 10.0
    scores[5, [c * 64 + 30 for c in range(1, 60)]] = 1.0
    values, index = _top_candidates(scores, 10)
    expected = torch.sort(scores, dim=1, descending=True, stable=True)
    assert torch.equal(values, expected.values[:, :10])
    assert torch.equal(index, expected.indices[:, :10])


def test_a_min_len_above_the_model_s_most_output_tokens_is_refused():
    """Every sentence's own limit is at least --min-len (SearchOptions refuses one above a
    one-subword sentence's); the model's positions may still cut it."""
    opts = SearchOptions(min_len=40, max_len_b=100)
    opts.check_min_len(None)
    opts.check_min_len(40)
    with pytest.raises(UsageError, match="--min-len 40 is more than the model's most output"):
        opts.check_min_len(39)
