"""What a search returns, and the rules every search shares.

A :class:`Hypothesis` is one output sentence with its scores (its ranking score from the
length penalty, nmt_cli/length_penalty.py) and the attention rows that produced it.
:class:`History`, :class:`Filed`, :func:`forbid_tokens` and :func:`as_limits` are the pieces
greedy and beam search must do identically (beam search with K=1 has to reproduce greedy search
exactly). Both read the device once a step, in one go (on a GPU each read waits for the queue
of work to drain): what the host decides on, never a hypothesis's tokens or attention, which
:class:`Filed` reads once the search is over.

Shapes use the package glossary (B batch, S source length, V vocabulary, K beam).
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.vocab import BOS, EOS, PAD


@dataclass
class Hypothesis:
    """One decoded sentence.

    tokens           output ids, without <s> and without </s>
    score            penalty.score(log_prob, len(tokens) + 1): the ranking score
    log_prob         sum of the token log-probs, </s> included if finished
    token_log_probs  one per token in ``tokens``, plus one for </s> when finished
    attention        (len(tokens) + 1, S_i) float when finished: row t is the attention of the
                     step that produced token t, the last row the </s> step. Cut at max length
                     (unfinished) it is (len(tokens), S_i). S_i is the sentence's real source
                     length: padding columns are dropped.
    finished         ended with </s>; False if cut at max length
    """

    tokens: list[int]
    score: float
    log_prob: float
    token_log_probs: list[float]
    attention: torch.Tensor
    finished: bool


def results_for(sources: list[list[int]]) -> list[list[Hypothesis]]:
    """One result list per source, to be filled in by a search: an empty source already has its
    answer (an empty, finished hypothesis; no model runs for it), the others start empty."""
    return [[] if s else [Hypothesis([], 0.0, 0.0, [], torch.zeros(0, 0), True)] for s in sources]


@dataclass
class History:
    """What a search keeps of each of its rows (R): the tokens chosen so far (R, t), their
    log-probs (R, t), and the attention of every step (R, t + 1, S) once the step ran."""

    tokens: torch.Tensor
    token_log_probs: torch.Tensor
    attention: torch.Tensor | None = None

    @classmethod
    def start(cls, rows: int, device: torch.device) -> History:
        empty = torch.empty((rows, 0), device=device)
        return cls(empty.long(), empty)

    def add_attention(self, attention: torch.Tensor) -> None:
        """This step's attention (R, S), before its token is chosen."""
        step = attention.float().unsqueeze(1)  # (R, 1, S)
        self.attention = step if self.attention is None else torch.cat([self.attention, step], 1)

    def extend(self, rows: torch.Tensor, tokens: torch.Tensor, log_probs: torch.Tensor) -> History:
        """Rows ``rows`` (index or mask) of this history, each followed by its chosen token and
        that token's log-prob (R',)."""
        assert self.attention is not None
        return History(
            torch.cat([self.tokens[rows], tokens.unsqueeze(1)], 1),  # (R', t + 1)
            torch.cat([self.token_log_probs[rows], log_probs.unsqueeze(1)], 1),  # (R', t + 1)
            self.attention[rows],  # (R', t + 1, S)
        )


class Filed:
    """The hypotheses a search files as it goes. A hypothesis's score is known when it is filed
    (from host floats); its tokens, token log-probs and attention are gathered on the device
    then, and read from it by ``read()`` once the search is over: filing waits for nothing (on
    a GPU each read waits for the device's queue to drain)."""

    def __init__(self) -> None:
        self._waiting: list[tuple] = []  # per filing: hypotheses and their device rows

    def add(
        self,
        history: History,
        rows: list[int],
        log_probs: list[float],
        eos_log_probs: list[float | None],
        src_lengths: list[int],
        penalty: LengthPenalty,
    ) -> list[Hypothesis]:
        """Rows ``rows`` of ``history`` as hypotheses, filled in by ``read()``. Row r is
        finished by </s> of ``eos_log_probs[r]`` (this step's attention row kept) or, where that
        is None, cut at the length limit (this step's row dropped). ``log_probs`` are the
        running sums the search keeps, so that greedy and beam search give bit-identical
        floats; ``penalty`` scores them; ``src_lengths`` cut each attention's padding columns."""
        assert history.attention is not None
        if not rows:
            return []
        t = history.tokens.size(1)
        found = [
            Hypothesis([], penalty.score(total, t + 1), total, [], _NO_ATTENTION, eos is not None)
            for total, eos in zip(log_probs, eos_log_probs)
        ]
        index = host_index(rows, history.tokens.device)  # (R,)
        gathered = (history.tokens[index], history.token_log_probs[index], history.attention[index])
        self._waiting.append((found, gathered, eos_log_probs, src_lengths))
        return found

    def read(self) -> None:
        """Fill in every hypothesis filed so far: one read per filing, after the search."""
        for found, (tokens, lps, attention), eos_log_probs, src_lengths in self._waiting:
            t = tokens.size(1)
            tokens, lps = tokens.tolist(), lps.tolist()  # (R, t) each
            attention = attention.to("cpu", torch.float32)  # (R, t + 1, S)
            for r, (h, eos_lp, src_length) in enumerate(zip(found, eos_log_probs, src_lengths)):
                steps = attention[r, : t + 1 if h.finished else t, :src_length]  # (rows, S_i)
                h.tokens = tokens[r]
                h.token_log_probs = lps[r] + [eos_lp] if h.finished else lps[r]
                h.attention = steps.clone(memory_format=torch.contiguous_format)
        self._waiting = []


_NO_ATTENTION = torch.zeros(0, 0)  # a filed hypothesis's, until Filed.read


def forbidden_tokens(produced: int, min_len: int) -> list[int]:
    """The tokens that may not come next once ``produced`` output tokens exist: <pad> and <s>
    never, </s> until there are ``min_len``."""
    return [PAD, BOS] if produced >= min_len else [PAD, BOS, EOS]


def forbid_tokens(scores: torch.Tensor, forbidden: list[int]) -> torch.Tensor:
    """Give -inf to the ``forbidden`` tokens' columns of scores (R, V), in place; returns it.

    The searches apply it to tensors of their own (candidate scores, a copy of some rows), never
    to the model's log-probs: a tensor that a step returned is left untouched.
    """
    for token in forbidden:  # a column each: no index tensor copied to the device
        scores[:, token] = -float("inf")
    return scores


def chosen_log_probs(
    log_probs: torch.Tensor, rows: torch.Tensor, tokens: torch.Tensor, forbidden: list[int]
) -> torch.Tensor:
    """log_probs[rows, tokens] (R',) as float, -inf where a token is forbidden (a search picks
    one only for a beam that has died out): what the rows of ``forbid_tokens(log_probs)`` would
    give, without copying log_probs (R, V)."""
    picked = log_probs[rows, tokens].float()  # (R',)
    return picked.masked_fill_(is_one_of(tokens, forbidden), -float("inf"))


def is_one_of(tokens: torch.Tensor, ids: list[int]) -> torch.Tensor:
    """Whether each of ``tokens`` is one of ``ids`` (a few), as a bool tensor of their shape;
    compared with each id in turn, so that no tensor of ids is copied to the device."""
    found = torch.zeros_like(tokens, dtype=torch.bool)
    for i in ids:
        found |= tokens == i
    return found


def host_index(index: list[int], device: torch.device) -> torch.Tensor:
    """``index`` (a host list) as a tensor on ``device``. To a GPU it is copied from pinned
    memory without waiting (a plain copy would wait for the device's queue to drain)."""
    if device.type != "cuda":
        return torch.tensor(index, device=device)
    return torch.tensor(index).pin_memory().to(device, non_blocking=True)


Limits = list[int] | torch.Tensor  # (B,) most output tokens per sentence, </s> not counted


def as_limits(max_len: Limits, batch: int) -> list[int]:
    """``max_len`` as one int per sentence, checked against the batch size B."""
    limits = [int(x) for x in (max_len.tolist() if torch.is_tensor(max_len) else max_len)]
    if len(limits) != batch:
        raise ValueError(f"max_len has {len(limits)} entries for {batch} sentences")
    if any(x < 0 for x in limits):
        raise ValueError("max_len must be >= 0")
    return limits
