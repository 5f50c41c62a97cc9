"""A model: its configuration (config.py), its encoder-decoder (seq2seq.py over a family:
rnn.py, transformer.py), its subword tokenizer (tokenizer.py) and its directory (bundle.py; as
CTranslate2's model directory, ctranslate2.py).

Shapes follow the glossary in :mod:`nmt_cli` (B, S, T, H, E, V, K). ``ModelConfig``, ``Seq2Seq``,
``build_model`` and ``count_parameters`` are importable from here; torch is imported only with
the last three, so ``nmt_cli.model.config`` stays torch-free.
"""

__all__ = ["ModelConfig", "Seq2Seq", "build_model", "count_parameters"]


def __getattr__(name: str):
    if name == "ModelConfig":
        from nmt_cli.model.config import ModelConfig

        return ModelConfig
    if name in __all__:
        from nmt_cli.model import seq2seq

        return getattr(seq2seq, name)
    raise AttributeError(name)
