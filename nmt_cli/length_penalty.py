"""The GNMT length penalty: its default, its bounds, its formula, the key a model directory
records it under, and the exponent CTranslate2's own penalty needs to rank as it does.

A search ranks finished hypotheses of different lengths by ``log_prob / divisor(L)``, where L
counts the output tokens with </s> and ``divisor(L) = ((5 + L) / 6) ** alpha`` (Wu et al.,
2016). Alpha 0 ranks by log-prob alone; a larger alpha favours longer outputs.

Where alpha comes from: `nmt translate --length-penalty`, else the one the model records
(config.json "length_penalty", written by `nmt export --length-penalty`), else
DEFAULT_LENGTH_PENALTY. Every one of them is a :class:`LengthPenalty`, so each is checked
against the same bounds. torch-free: read at start-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CONFIG_KEY = "length_penalty"  # in a model's config.json and a CTranslate2 export's nmt-cli.json
MAX_ALPHA = 10.0  # the largest alpha accepted, given or recorded
# CTranslate2's exponent for alpha 0: not 0, so that CTranslate2 waits for K finished
# hypotheses; so small that it ranks by log-prob, as GNMT with alpha 0 does.
NEAR_ZERO = 1e-6


def _alpha(value: Any, name: str) -> float:
    """``value`` as an alpha; ValueError naming ``name`` unless it is a number in bounds."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if not number or not 0 <= value <= MAX_ALPHA:
        raise ValueError(f"{name} must be a number from 0 to {MAX_ALPHA:g} (found {value!r})")
    return float(value)


@dataclass(frozen=True)
class LengthPenalty:
    """The GNMT length penalty of exponent ``alpha`` (0 <= alpha <= MAX_ALPHA)."""

    alpha: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "alpha", _alpha(self.alpha, "the length penalty"))

    @classmethod
    def of(cls, value: Any, name: str) -> LengthPenalty:
        """The penalty of alpha ``value``, given as ``name`` (an option, a config file's key):
        ValueError "NAME must be a number from 0 to 10 (found VALUE)" unless it is one."""
        return cls(_alpha(value, name))

    @classmethod
    def read(
        cls, config: dict[str, Any], where: str, invalid: type[Exception] = ValueError
    ) -> LengthPenalty | None:
        """The penalty ``config`` (the JSON object of the file ``where``) records under
        CONFIG_KEY, None if it records none; ``invalid`` if the value is no alpha."""
        value = config.get(CONFIG_KEY)
        if value is None:
            return None
        try:
            return cls.of(value, f"{where}: {CONFIG_KEY}")
        except ValueError as e:
            raise invalid(str(e)) from None

    def record(self, config: dict[str, Any]) -> None:
        """Record this penalty in ``config`` (a JSON object to be written), where :meth:`read`
        finds it."""
        config[CONFIG_KEY] = self.alpha

    def divisor(self, length: int) -> float:
        """``((5 + length) / 6) ** alpha`` for ``length`` output tokens (</s> counted); exactly
        1.0 when alpha is 0."""
        return ((5 + length) / 6) ** self.alpha  # x ** 0.0 == 1.0 exactly

    def score(self, log_prob: float, length: int) -> float:
        """The ranking score of a hypothesis of ``length`` tokens (</s> counted): its log-prob,
        negative, divided by the divisor, which grows with length as alpha grows."""
        return log_prob / self.divisor(length)

    def ctranslate2_exponent(self, length: int) -> float:
        """CTranslate2's exponent b, which divides a hypothesis's log-prob by ``L ** b``, for
        hypotheses of about ``length`` tokens (</s> counted): ``L ** b`` and the divisor grow at
        one rate there (equal derivatives of their logarithms in log L: b = alpha * L / (5 + L)),
        so both rank hypotheses of nearby lengths alike. NEAR_ZERO for alpha 0."""
        return self.alpha * length / (5 + length) if self.alpha > 0 else NEAR_ZERO


DEFAULT_LENGTH_PENALTY = LengthPenalty(0.6)  # the search's, for a model that records none
NO_LENGTH_PENALTY = LengthPenalty(0.0)  # ranks by log-prob alone (greedy search)
