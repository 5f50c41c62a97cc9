"""How attention is read as an alignment: the settings of ``align_pairs`` (forced.py), options
of `nmt align`, and the decision rule's (rules.py), options of `nmt align` and
`nmt translate --align`."""

from __future__ import annotations

from dataclasses import dataclass

from nmt_cli.align.rules import DEFAULT_RULE, RULE_HELP, RULES
from nmt_cli.settings import setting

LEVELS = ("word", "subword")


@dataclass(frozen=True)
class AlignOptions:
    level: str = setting("word", "Words, or the subword pieces.", choices=LEVELS)
    layer: int | None = setting(None, "Transformer cross-attention layer.")
    head: int | None = setting(None, "Transformer head (default: heads averaged).")


@dataclass(frozen=True)
class LinkOptions:
    """The decision rule as given (None: not given; the command makes a LinkRule of them)."""

    links: str | None = setting(
        None,
        f"How links are read from the weights. {RULE_HELP}. [default: {DEFAULT_RULE}]",
        choices=RULES,
    )
    threshold: float | None = setting(
        None, "Keep links with weight >= P (implies --links threshold)."
    )
