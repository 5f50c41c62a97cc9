"""Decoding: greedy and beam search over a model's incremental step function.

The search knows nothing about models. It drives two things every model family provides:

    state = model.start(src, src_lengths)       # encoder run once; state holds what steps need
    log_probs, attention, state = model.step(state, last_tokens)
        last_tokens  (B,)    long, the token chosen at the previous step (<s> at first)
        log_probs    (B, V)  log-softmax over the target vocabulary for the next token
        attention    (B, S)  the step's attention over source positions (rows sum to 1 over
                             the real positions; padding gets 0)
    state = state.select(index, sentences)       # index (B',) long: keep/reorder/tile rows

`select` is how beams are tiled (``arange(B).repeat_interleave(K)``), reordered after each
top-k (the parent beam of each survivor) and how finished sentences leave the batch. The search
knows on the host which sentences stay, and says so (``sentences``: the sentence each run of
consecutive rows of ``index`` belongs to), so a state need not read ``index`` back from the
device to find out: on a GPU, that read is a wait at every step.

options.py holds the search's settings (SearchOptions; the length penalty they choose is a
nmt_cli.length_penalty.LengthPenalty);
greedy.py and beam.py search one batch; decoding.py (``translate_ids``) sorts sentences into
batches by length (nmt_cli/buckets.py), runs the model's encoder and a search on each, and
restores the input order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # torch is imported where a search runs: SearchOptions is read at start-up
    import torch


class DecoderState(Protocol):
    def select(self, index: torch.Tensor, sentences: list[int] | None = None) -> DecoderState:
        """Rows ``index`` (B',) of this state, in that order. ``sentences``, when given: the
        index reads whole sentences, in runs of ``B' // len(sentences)`` rows, run ``j`` the
        rows of the sentence at position ``sentences[j]`` of this state."""
        ...


class StepFn(Protocol):
    def __call__(
        self, state: DecoderState, last_tokens: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, DecoderState]: ...


@dataclass(frozen=True)
class Decoding:
    """What a search decodes: B sentences, their encoder run once.

    step         the model's step function, ``(state, last_tokens (B,)) -> (log_probs (B, V),
                 attention (B, S), state)`` (B*K rows in a beam of K)
    state        decoder state for the B sentences, one row each (``model.start``'s)
    src_lengths  (B,) real source lengths, used to drop padding columns from attention
    max_len      (B,) most output tokens per sentence, </s> not counted (a list or a tensor)
    """

    step: StepFn
    state: DecoderState
    src_lengths: torch.Tensor
    max_len: list[int] | torch.Tensor
