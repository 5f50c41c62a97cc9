"""Token ids every tokenizer and model of this project share.

Four special tokens have fixed ids, so a model never has to ask which id is padding:

    <pad> = 0, <unk> = 1, <s> = 2, </s> = 3

:func:`pad_ids` makes a batch of id sequences one tensor, filled out with <pad>.
"""

from __future__ import annotations

PAD, UNK, BOS, EOS = 0, 1, 2, 3
SPECIAL_TOKENS = ["<pad>", "<unk>", "<s>", "</s>"]
# Placeholders for protected spans (nmt_cli/protect/placeholders.py). A tokenizer reserves them
# by holding each as an added token (not normalised, not special): one piece wherever it is.
PLACEHOLDERS = tuple(f"<ph{k}>" for k in range(16))


def pad_ids(seqs: list[list[int]]):
    """(B, longest) token ids: each sequence a row, filled out with PAD."""
    import torch
    from torch.nn.utils.rnn import pad_sequence

    rows = [torch.tensor(s, dtype=torch.long) for s in seqs]
    return pad_sequence(rows, batch_first=True, padding_value=PAD)
