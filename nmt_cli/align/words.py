"""From subword attention to word alignments: merging pieces into words (hard links from the
merged weights: rules.py).

Attention is a (T, S) matrix over subword pieces (target rows, source columns; the source's
</s> column and the target's </s> row included). Words are whitespace-separated, as fast_align
and eflomal count them, 0-based:

    source weights of one word's pieces are summed     (columns -> words, rows still sum to 1)
    target rows of one word's pieces are averaged      (rows -> words, still sum to 1)

The </s> column is dropped and each row renormalised over the real words, so a word-level row
is a probability distribution over the source words.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch


def word_ids(starts_word: Sequence[bool], n_words: int | None = None) -> list[int]:
    """Word index of every piece, from flags saying which piece starts a new word.

    [True, False, True, True, False] -> [0, 0, 1, 2, 2]; a first piece that does not start a
    word still belongs to word 0. ``n_words``: the words of a printed translation; the count
    can only disagree with its text.split() for odd pieces, so indices are clamped below it.
    """
    out, word = [], -1
    for i, start in enumerate(starts_word):
        if start or i == 0:
            word += 1
        out.append(word if n_words is None else min(word, max(n_words - 1, 0)))
    return out


def word_sums(values: Sequence[float], owner: Sequence[int], n_words: int) -> list[float]:
    """Per word, the sum of its pieces' ``values`` (``owner[i]``: the word of piece i, as
    word_ids gives it); a word without pieces sums to 0.0. E.g. a translation's per-word
    log-probs from its pieces' ones: [-0.1, -0.2, -0.5] of words [0, 0, 1] -> [-0.3, -0.5].
    Pieces of no word (none printed: n_words 0) count for none."""
    sums = [0.0] * n_words
    for value, word in zip(values, owner):
        if word < n_words:
            sums[word] += value
    return sums


def merge_to_words(
    attention: torch.Tensor,
    src_words: list[int],
    tgt_words: list[int],
    n_src: int | None = None,
    n_tgt: int | None = None,
) -> torch.Tensor:
    """attention (T', S') over pieces (extra </s> row/column allowed) -> (Tw, Sw) over words.

    src_words[j] / tgt_words[i]: the word index of source piece j / target piece i.
    n_src / n_tgt: the number of words (default: the largest index + 1); a word without
    pieces gets a zero column (or row).
    """
    s, t = len(src_words), len(tgt_words)
    a = attention[:t, :s].float()  # drop </s> row and column
    n_src = max(src_words) + 1 if n_src is None else n_src
    n_tgt = max(tgt_words) + 1 if n_tgt is None else n_tgt
    src_map = torch.zeros(s, n_src)
    src_map[torch.arange(s), torch.tensor(src_words)] = 1.0  # (S', Sw)
    tgt_map = torch.zeros(n_tgt, t)
    tgt_map[torch.tensor(tgt_words), torch.arange(t)] = 1.0  # (Tw, T')
    tgt_map = tgt_map / tgt_map.sum(dim=1, keepdim=True).clamp_min(1.0)  # average the pieces
    words = tgt_map @ a @ src_map  # (Tw, Sw)
    return words / words.sum(dim=1, keepdim=True).clamp_min(1e-12)
