"""nmt-cli: neural machine translation from the shell.

Shape glossary, used in every docstring and comment of the package:

    B  batch size (sentences, or sentences x beams while decoding)
    S  source length (subword tokens, padded)
    T  target length (subword tokens, padded)
    H  hidden size (RNN state, or d_model of the Transformer)
    E  embedding size
    V  vocabulary size
    K  beam size
"""

__version__ = "0.1.0"
