"""A hypothesis's pieces as text, each <unk> shown as "<unk>" or, with `--replace-unk`, as the
source word the hypothesis attends to most where it writes it (Luong et al. 2015's unknown-word
replacement)."""

from __future__ import annotations

import torch

from nmt_cli.vocab import UNK


def detokenized(
    tok,
    tokens: list[int],
    words: list[str],
    src_words: list[int],
    attention: torch.Tensor,
    replace_unk: bool,
) -> str:
    """Text of ``tokens``; an <unk> shows as "<unk>" or, with ``replace_unk``, as the word of
    ``words`` (the source's) whose piece it attends to most (``src_words``: the word of each
    source piece; ``attention``: (T+1, S+1))."""
    if UNK not in tokens:
        return tok.decode(tokens)
    parts, segment = [], []
    for pos, tid in enumerate(tokens):
        if tid != UNK:
            segment.append(tid)
            continue
        parts.append(tok.decode(segment))
        segment = []
        replacement = "<unk>"
        if replace_unk and src_words and attention.numel():
            j = int(attention[pos, : len(src_words)].argmax())  # the most attended piece
            replacement = words[src_words[j]]
        parts.append(replacement)
    parts.append(tok.decode(segment))
    return " ".join(p for p in parts if p)
