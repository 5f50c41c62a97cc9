"""The search's settings: beam, length penalty, output length and batching.

The fields with a help text are the options of `nmt translate` (and ``beam`` of `nmt align`),
generated from this dataclass (see nmt_cli/settings.py). torch-free: read at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nmt_cli.errors import UsageError
from nmt_cli.length_penalty import DEFAULT_LENGTH_PENALTY, LengthPenalty
from nmt_cli.settings import setting

NBEST_HELP = (
    "Hypotheses per line, their texts distinct: 'i ||| text ||| score', i the line's number "
    "from 0 (as Moses and Marian write n-best lists). A split line's are the best combinations "
    "of its sentences' hypotheses (by the sum of their scores), each scored as one sequence."
)

# Source tokens x beam per batch by device: the CPU's cache-sized batches; a GPU is fed in
# large batches, its per-step cost hardly growing with rows (docs/benchmarks.md, GPU section)
BATCH_TOKENS = {"cpu": 6000, "cuda": 64000}
BATCH_TOKENS_HELP = (
    "Source tokens x beam per batch. "
    f"[default: {BATCH_TOKENS['cpu']} on the CPU, {BATCH_TOKENS['cuda']} on a GPU]"
)


@dataclass(frozen=True)
class SearchOptions:
    beam: int = setting(5, "Beam size (1: greedy).", "--beam", "-k")
    # GNMT length penalty alpha; None: the model's recorded one (with_model_penalty), else
    # DEFAULT_LENGTH_PENALTY's (the search gets the LengthPenalty of ``penalty()``)
    length_penalty: float | None = setting(
        None,
        f"GNMT length penalty alpha. [default: the model's, else {DEFAULT_LENGTH_PENALTY.alpha}]",
        "--length-penalty",
    )
    nbest: int = setting(1, NBEST_HELP)
    # most output tokens
    max_len_a: float = setting(1.5, "Max output = a * source + b (in subword tokens).")
    max_len_b: int = setting(10, "The b of --max-len-a: tokens any sentence may have.")
    # as fairseq: a non-empty source never gets an empty translation; a floor above the
    # shortest sentence's limit is refused before any line is read (fairseq asserts it batch
    # by batch, after earlier lines were printed), not met by forcing words past the end
    min_len: int = setting(
        1,
        "Least output tokens of a non-empty sentence; at most what a sentence of one subword "
        "may give (--max-len-a + --max-len-b).",
    )
    # padded; None: the device's BATCH_TOKENS (tokens_per_batch)
    batch_tokens: int | None = setting(None, BATCH_TOKENS_HELP)
    # sentences per batch; 0: decided by batch_tokens
    batch_size: int = setting(0, "Sentences per batch (0: by --batch-tokens).")

    def __post_init__(self) -> None:
        if self.beam < 1:
            raise ValueError("--beam must be at least 1")
        if not 1 <= self.nbest <= self.beam:
            raise ValueError(f"--nbest must be between 1 and --beam ({self.beam})")
        if (self.batch_tokens is not None and self.batch_tokens < 1) or self.batch_size < 0:
            raise ValueError("--batch-tokens must be positive, --batch-size not negative")
        if not (0 <= self.max_len_a < float("inf")) or self.max_len_b < 0:
            raise ValueError("--max-len-a must be a number from 0, --max-len-b not negative")
        if self.min_len < 0:
            raise ValueError("--min-len must not be negative")
        if (limit := self.max_output(1)) < max(self.min_len, 1):  # a sentence of one subword
            raise ValueError(
                f"--min-len {self.min_len} is more than a sentence of one subword may give "
                f"(--max-len-a {self.max_len_a:g} x 1 + --max-len-b {self.max_len_b} = {limit}, "
                "at least 1): it would be cut off, not ended; lower --min-len or raise "
                "--max-len-b"
            )
        if self.length_penalty is not None:
            LengthPenalty.of(self.length_penalty, "--length-penalty")  # in bounds, or refused

    def max_output(self, length: int, max_out: int | None = None) -> int:
        """Most output tokens for a source of ``length`` subwords (</s> not counted), within
        ``max_out`` (the model's positions) where given."""
        limit = int(self.max_len_a * length + self.max_len_b)
        return limit if max_out is None else min(limit, max_out)

    def check_min_len(self, max_out: int | None) -> None:
        """A UsageError where ``min_len`` is above ``max_out``, the model's most output tokens
        (a sentence's own limit is at least ``min_len``: __post_init__)."""
        if max_out is not None and self.min_len > max_out:
            raise UsageError(
                f"--min-len {self.min_len} is more than the model's most output tokens "
                f"({max_out}): it would be cut off, not ended; lower --min-len"
            )

    def tokens_per_batch(self, device: str = "cpu") -> int:
        """``batch_tokens``, or where none was given the default of ``device`` (a torch
        device type: "cpu", "cuda")."""
        if self.batch_tokens is not None:
            return self.batch_tokens
        return BATCH_TOKENS.get(device, BATCH_TOKENS["cpu"])

    def with_model_penalty(self, recorded: LengthPenalty | None) -> SearchOptions:
        """These options, with the length penalty a model records where none was given."""
        if self.length_penalty is None and recorded is not None:
            return replace(self, length_penalty=recorded.alpha)
        return self

    def penalty(self) -> LengthPenalty:
        """The length penalty the search ranks by: the one given (or the model's, once
        with_model_penalty chose it), else DEFAULT_LENGTH_PENALTY."""
        if self.length_penalty is None:
            return DEFAULT_LENGTH_PENALTY
        return LengthPenalty(self.length_penalty)
