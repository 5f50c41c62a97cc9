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


class History:
    """What a search keeps of its rows, as back-pointers (as fairseq and Marian do): per step t,
    the attention of its rows (R_t, S), and per step that chose tokens, each new row's parent
    row (R_{t+1},) of the step before, its token and that token's log-prob (R_{t+1},) each.
    A step costs the same whatever the length so far: a row's tokens and attention rows are
    only put together for the hypotheses filed, by walking back from their last step
    (:class:`Filed`), never copied when rows are reordered."""

    def __init__(self) -> None:
        self.attention: list[torch.Tensor] = []  # per step: (R_t, S) float
        self.links: list[tuple[torch.Tensor | None, torch.Tensor, torch.Tensor]] = []

    def add_attention(self, attention: torch.Tensor) -> None:
        """This step's attention (R, S), before its token is chosen (a copy: the model's own
        tensor may be reused)."""
        self.attention.append(attention.to(torch.float32, copy=True))

    def extend(
        self, rows: torch.Tensor | None, tokens: torch.Tensor, log_probs: torch.Tensor
    ) -> None:
        """The next step's rows (R',): rows ``rows`` (an index; None: every row, in order) of
        this step, each followed by its chosen token and that token's log-prob (R',)."""
        assert len(self.links) + 1 == len(self.attention)
        self.links.append((rows, tokens, log_probs.float()))

    def walk(self, filings: list[tuple[int, torch.Tensor]]) -> tuple[torch.Tensor, ...]:
        """The histories of the rows filed: ``filings``, per filing, its step t and its rows
        (R_f,) among that step's. Returns, for the N filed rows in filing order, their tokens
        and their log-probs (N, T) and their attention (N, T + 1, S), T the last step filed;
        a row filed at step t fills the first t tokens and t + 1 attention rows (zeros after).
        """
        last = max(t for t, _ in filings)
        ids = torch.arange(sum(len(rows) for _, rows in filings), device=filings[0][1].device)
        joining: dict[int, list[tuple[torch.Tensor, torch.Tensor]]] = {}  # by step: rows, ids
        start = 0
        for t, rows in filings:
            joining.setdefault(t, []).append((rows, ids[start : start + len(rows)]))
            start += len(rows)
        attn = self.attention[0]
        tokens = torch.zeros((len(ids), last), dtype=torch.long, device=attn.device)
        log_probs = torch.zeros((len(ids), last), device=attn.device)
        attention = torch.zeros((len(ids), last + 1, attn.size(1)), device=attn.device)
        rows, who = ids[:0], ids[:0]  # (N_t,) each: the rows walked back to step t, their ids
        for t in range(last, -1, -1):
            if t in joining:
                rows = torch.cat([rows, *(r for r, _ in joining[t])])
                who = torch.cat([who, *(i for _, i in joining[t])])
            attention[who, t] = self.attention[t][rows]
            if t:
                parents, chosen, chosen_lp = self.links[t - 1]
                tokens[who, t - 1], log_probs[who, t - 1] = chosen[rows], chosen_lp[rows]
                rows = rows if parents is None else parents[rows]
        return tokens, log_probs, attention


class Filed:
    """The hypotheses a search files as it goes. A hypothesis's score is known when it is filed
    (from host floats); its tokens, token log-probs and attention are put together from the
    search's :class:`History` by ``read()`` once the search is over, in one walk back over the
    steps and one read from the device for all of them: filing waits for nothing (on a GPU
    each read waits for the device's queue to drain)."""

    def __init__(self, history: History) -> None:
        self.history = history
        self._waiting: list[tuple] = []  # per filing: hypotheses, their step, rows and more

    def add(
        self,
        rows: list[int],
        log_probs: list[float],
        eos_log_probs: list[float | None],
        src_lengths: list[int],
        penalty: LengthPenalty,
    ) -> list[Hypothesis]:
        """Rows ``rows`` of the history's last step as hypotheses, filled in by ``read()``.
        Row r is finished by </s> of ``eos_log_probs[r]`` (this step's attention row kept) or,
        where that is None, cut at the length limit (this step's row dropped). ``log_probs`` are
        the running sums the search keeps, so that greedy and beam search give bit-identical
        floats; ``penalty`` scores them; ``src_lengths`` cut each attention's padding columns."""
        if not rows:
            return []
        t = len(self.history.attention) - 1  # tokens each row holds
        found = [
            Hypothesis([], penalty.score(total, t + 1), total, [], _NO_ATTENTION, eos is not None)
            for total, eos in zip(log_probs, eos_log_probs)
        ]
        index = host_index(rows, self.history.attention[t].device)  # (R,)
        self._waiting.append((found, t, index, eos_log_probs, src_lengths))
        return found

    def read(self) -> None:
        """Fill in every hypothesis filed so far, after the search."""
        if not self._waiting:
            return
        tokens, lps, attention = self.history.walk([(t, rows) for _, t, rows, *_ in self._waiting])
        tokens, lps = tokens.tolist(), lps.tolist()  # (N, T) each
        attention = attention.to("cpu", torch.float32)  # (N, T + 1, S)
        r = 0  # the filed row's place among all N
        for found, t, _, eos_log_probs, src_lengths in self._waiting:
            for h, eos_lp, src_length in zip(found, eos_log_probs, src_lengths):
                steps = attention[r, : t + 1 if h.finished else t, :src_length]  # (rows, S_i)
                h.tokens = tokens[r][:t]
                h.token_log_probs = lps[r][:t] + [eos_lp] if h.finished else lps[r][:t]
                h.attention = steps.clone(memory_format=torch.contiguous_format)
                r += 1
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
