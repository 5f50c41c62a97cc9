"""How attention is read as an alignment: the settings of ``align_pairs`` (forced.py), options
of `nmt align`, and the decision rule's (rules.py), options of `nmt align` and
`nmt translate --align`."""

from __future__ import annotations

from dataclasses import dataclass

from nmt_cli.align.rules import DEFAULT_RULE, RULE_HELP, RULES, LinkRule
from nmt_cli.settings import setting

LEVELS = ("word", "subword")


@dataclass(frozen=True)
class AlignOptions:
    level: str = setting("word", "Words, or the subword pieces.", choices=LEVELS)
    layer: int | None = setting(None, "Transformer cross-attention layer.")
    head: int | None = setting(None, "Transformer head (default: heads averaged).")


@dataclass(frozen=True)
class LinkOptions:
    """The decision rule as given (None: not given; :meth:`rule` makes the LinkRule)."""

    links: str | None = setting(
        None,
        f"How links are read from the weights. {RULE_HELP}. [default: {DEFAULT_RULE}]",
        choices=RULES,
    )
    threshold: float | None = setting(
        None, "Keep links with weight >= P (implies --links threshold)."
    )

    def __post_init__(self) -> None:
        if self.threshold is not None and not 0.0 < self.threshold <= 1.0:
            raise ValueError("--threshold must be in (0, 1]")
        if self.threshold is not None and self.links not in (None, "threshold"):
            raise ValueError(f"--threshold goes with --links threshold, not --links {self.links}")

    def rule(self) -> LinkRule:
        """The LinkRule of --links and --threshold (--threshold alone: the threshold rule)."""
        if self.threshold is not None:
            return LinkRule("threshold", self.threshold)
        return LinkRule(self.links or DEFAULT_RULE)
