"""Model families: an encoder and a decoder behind one interface, chosen by name.

A family is one module, ``nmt_cli/model/<arch>.py``, that registers itself::

    @register("rnn")
    class RNN(Family): ...

:func:`family` finds it by ``config.arch``, importing the module on first use. Seq2Seq builds the
embeddings and the output projection around the family's encoder and decoder and names no family.
What a family's modules do (L decoder layers, h heads, O the decoder's output size):

    encoded = encoder(src, src_lengths, pad_mask)   # src (B, S), src_lengths (B,), pad_mask (B, S)
    state = decoder.start(encoded, pad_mask)         # before the first target token
    out, cross, state = decoder.step(tokens, state)  # tokens (B,) -> (B, O), (B, L, h, S)
    out, cross = decoder(tgt_in, state)              # teacher forcing: (B, T, O), (B, L, h, T, S)
    cross = decoder.align(tgt_in, state)             # full-context pass, Transformer: (B, h, T, S)
    state.select(index, sentences)                   # rows ``index`` (B',) of the batch

and the decoder's attributes ``output_size`` (O), ``cross_shape`` ((L, h)), ``align_layer`` (the
layer read as the alignment, 0 <= align_layer < L) and ``has_attention``.
"""

from __future__ import annotations

import importlib

from torch import Tensor, nn

from nmt_cli.model.config import ModelConfig

_FAMILIES: dict[str, type[Family]] = {}


class Family:
    """One family's encoder and decoder for ``config``, and the choices Seq2Seq leaves to it:

    embedding_size  width of the source and target embeddings (set by each family)
    output_dropout  dropout on the decoder's output before the output projection (teacher forcing)
    """

    embedding_size: int
    output_dropout: float = 0.0

    def __init__(self, config: ModelConfig):
        self.config = config

    def build(
        self, src_embed: nn.Embedding, tgt_embed: nn.Embedding
    ) -> tuple[nn.Module, nn.Module]:
        """The encoder over ``src_embed`` and the decoder over ``tgt_embed``."""
        raise NotImplementedError

    def init_matrix(self, name: str, weight: Tensor) -> None:
        """Initialise the weight matrix called ``name`` (embeddings and biases are Seq2Seq's)."""
        nn.init.xavier_uniform_(weight)


def register(name: str):
    """Class decorator: the family called ``name`` (the value of ``ModelConfig.arch``)."""

    def add(cls: type[Family]) -> type[Family]:
        _FAMILIES[name] = cls
        return cls

    return add


def family(config: ModelConfig) -> Family:
    """The family of ``config.arch``, from the module of that name in this package."""
    if config.arch not in _FAMILIES:
        importlib.import_module(f"{__package__}.{config.arch}")  # registers itself
    return _FAMILIES[config.arch](config)
