"""The model's configuration: one frozen dataclass, saved beside the weights.

A saved model rebuilds itself from this config and its vocabulary sizes (see
:func:`nmt_cli.model.build_model`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from nmt_cli.settings import choose, require, setting

CELLS = ("gru", "lstm")
STYLES = ("bahdanau", "luong")
ATTENTIONS = ("none", "additive", "dot", "general", "scaled_dot", "multihead")
RNN_INITS = ("xavier_per_gate", "xavier")


@dataclass(frozen=True)
class ModelConfig:
    """Sizes and choices of an encoder-decoder.

    RNN: ``emb_size`` embeddings, encoder of ``hidden_size`` per direction, decoder of
    ``hidden_size``. Transformer: ``hidden_size`` is d_model (embeddings have that size too),
    ``ff_size`` the feed-forward width, ``heads`` attention heads.
    """

    arch: str = setting("rnn", "rnn or transformer.")
    emb_size: int = setting(256, "RNN embedding width.")
    hidden_size: int = setting(256, "RNN state or Transformer width.")
    enc_layers: int = setting(1, "Encoder and decoder layers.", "--layers")  # sets dec_layers too
    dec_layers: int = 1
    dropout: float = setting(0.2, "Dropout probability.")
    # RNN
    cell: str = setting("gru", " or ".join(CELLS) + ".")
    bidirectional: bool = True
    attention: str = setting("additive", ", ".join(ATTENTIONS) + ".")
    style: str = setting("bahdanau", " or ".join(STYLES) + ".")
    input_feeding: bool = True
    # Xavier bounds of the recurrent weights: per gate (each gate's H x I matrix, as Joey NMT)
    # or over the stacked (3H or 4H) x I matrix, which starts the RNN with smaller weights
    rnn_init: str = "xavier_per_gate"
    # attention (RNN multihead and Transformer)
    heads: int = setting(4, "Attention heads.")
    # Transformer
    # fixed, not 4 x hidden_size: a config records its sizes, and older ones may lack the key
    ff_size: int = setting(
        1024, "Transformer feed-forward width (1024 unless given; often 4 x --hidden-size)."
    )
    # dropout inside the feed-forward network (on its ff_size activations); None: as dropout.
    # fairseq's activation_dropout defaults to 0; it is the costliest dropout on CPU
    ff_dropout: float | None = None
    pre_norm: bool = True
    max_positions: int = 1024
    align_layer: int = -2  # cross-attention layer read as the alignment (negative: from the top)
    # guided alignment (Garg et al. 2019): training supervises one attention distribution with a
    # word aligner's links, and alignment reads it: the RNN's attention, or head 0 of the
    # Transformer's align_layer (other heads stay free)
    guided_alignment: bool = setting(False, "Teach attention to align.")
    # full-context alignment (Garg et al. 2019; Transformer, guided): the supervised head is
    # read from an extra decoder pass without the future mask, at each target word's own
    # position: its row sees the whole target, the word itself included, not only the prefix
    full_context_alignment: bool = setting(False, "Guided head sees all words.")
    # both
    tie_embeddings: bool = False  # target embeddings double as the output projection
    share_embeddings: bool = False  # one embedding table for source and target (joint vocab)

    def __post_init__(self) -> None:
        choose(self, dict(arch=ARCHS, cell=CELLS, attention=ATTENTIONS, style=STYLES))
        choose(self, dict(rnn_init=RNN_INITS))
        sizes = ("emb_size", "hidden_size", "enc_layers", "dec_layers", "heads", "ff_size")
        require(self, (*sizes, "max_positions"), lambda v: v >= 1, "must be at least 1")
        rates = ("dropout", "ff_dropout")
        require(self, rates, lambda v: v is None or 0.0 <= v < 1.0, "must be in [0, 1)")
        FAMILY_CHECKS[self.arch](self)


def _heads_divide_hidden_size(c: ModelConfig) -> None:
    if c.hidden_size % c.heads:
        raise ValueError(f"hidden_size {c.hidden_size} must be divisible by heads {c.heads}")


def _check_rnn(c: ModelConfig) -> None:
    if c.full_context_alignment:
        raise ValueError(
            "full_context_alignment is for the Transformer: an RNN decoder reads the target "
            "left to right only"
        )
    if c.guided_alignment and c.attention == "none":
        raise ValueError("guided_alignment needs an attention model, but attention is none")
    if c.attention == "multihead":
        _heads_divide_hidden_size(c)


def _check_transformer(c: ModelConfig) -> None:
    _heads_divide_hidden_size(c)
    if c.full_context_alignment and not c.guided_alignment:
        raise ValueError(
            "full_context_alignment reads the supervised head, so it needs guided_alignment"
        )


# Each family's own checks of the settings it reads (its code: nmt_cli/model/<arch>.py).
FAMILY_CHECKS = {"rnn": _check_rnn, "transformer": _check_transformer}
ARCHS = tuple(FAMILY_CHECKS)
# The settings one family alone reads: given for the other, each would change nothing
# (full_context_alignment too, which _check_rnn refuses with its reason).
FAMILY_ONLY = {
    "rnn": ("emb_size", "cell", "bidirectional", "attention", "style", "input_feeding", "rnn_init"),
    "transformer": ("ff_size", "ff_dropout", "pre_norm", "max_positions", "align_layer"),
}


def unread(arch: str, names: Iterable[str]) -> list[str]:
    """Those of ``names`` (settings given) that a model of ``arch`` does not read: another
    family's alone (FAMILY_ONLY), in ``names``' order.

    >>> unread("transformer", ["hidden_size", "cell", "ff_size"])
    ['cell']
    """
    others = {n for family, own in FAMILY_ONLY.items() if family != arch for n in own}
    return [n for n in names if n in others]


# The RNN settings that one choice alone reads: (setting, choice, value). Given for another
# choice, not at its default, each would change nothing (heads with additive attention).
CHOICE_ONLY = (("heads", "attention", "multihead"), ("input_feeding", "style", "luong"))


def unread_by_choice(settings: Mapping[str, Any], names: Iterable[str]) -> list[tuple[str, ...]]:
    """Those of ``names`` (settings given) that the RNN of ``settings`` (the model's settings,
    as given: a missing one has its default) does not read, being not at its default, each
    as (setting, choice, the value that reads it); in ``names``' order. A Transformer reads
    them all.

    >>> unread_by_choice({"attention": "dot", "heads": 8}, ["heads"])
    [('heads', 'attention', 'multihead')]
    """
    default = {f.name: f.default for f in fields(ModelConfig)}
    if settings.get("arch", default["arch"]) != "rnn":
        return []
    wrong = []
    for name in names:
        for setting_, choice, value in CHOICE_ONLY:
            if name != setting_:
                continue  # an unknown name is left for ModelConfig to name
            off = settings.get(name, default[name]) != default[name]
            if settings.get(choice, default[choice]) != value and off:
                wrong.append((name, choice, value))
    return wrong
