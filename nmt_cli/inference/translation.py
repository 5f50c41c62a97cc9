"""A translation of one input line; how the translations of a line's sentences are joined into
the line's (its n-best are the best combinations of theirs); a translation as an output line of
`nmt translate`, text or a JSON record."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nmt_cli.align.pharaoh import to_pharaoh
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.output import json_line
from nmt_cli.textio import one_line

if TYPE_CHECKING:
    import torch

FORMATS = ("text", "jsonl")  # an output line: text (' ||| ' fields), or a JSON record
# a split line's n-best: at most this many times n combinations are joined for n whose texts
# differ (two can join to one text: its sentences' texts differ, not always their joins)
MORE_PICKS = 4


@dataclass
class Translation:
    """One hypothesis for one input line.

    attention  (T+1, S+1) over target pieces (+ </s> row) and source pieces (+ </s> column)
    score      ``penalty.score(log_prob, length)``: the log-prob over the GNMT divisor of the
               search's length penalty (nmt_cli/length_penalty.py), whatever the beam size
    log_prob   the sum of the log-probs of its target pieces, </s> included
    length     its target pieces, </s> included
    word_scores  per word of ``text.split()``, the log-probs of its pieces summed (</s> in
               none); empty where the search gives sums only (CTranslate2)
    remembered whether the text is a translation memory's, not the search's (recall.py)
    sentences  for a line translated sentence by sentence: each sentence's own Translation
               (none for a blank line). The line's text joins theirs with one space, its
               log-prob, length, pieces and word scores are theirs added up or in order, its
               score is the penalty's score of that log-prob and length (the line scored as
               one sequence of all its sentences' pieces), its alignment is theirs in order
               (word indices counted over the whole line); attention is kept only when
               the line is one sentence.
    """

    source: str
    text: str
    score: float
    src_pieces: list[str] = field(default_factory=list)
    tgt_pieces: list[str] = field(default_factory=list)
    attention: torch.Tensor | None = None
    alignment: list[tuple[int, int]] = field(default_factory=list)
    sentences: list[Translation] = field(default_factory=list)
    log_prob: float = 0.0
    length: int = 0
    word_scores: list[float] = field(default_factory=list)
    remembered: bool = False


def join_sentences(
    line: str, nbests: list[list[Translation]], n: int, penalty: LengthPenalty
) -> list[Translation]:
    """The ``n`` best translations of ``line`` from the n-best lists of its sentences: the best
    combinations by the sum of the sentences' scores whose texts differ, each scored as one
    sequence by ``penalty`` (and listed best first by that score)."""
    picks = best_combinations([[t.score for t in nbest] for nbest in nbests], n * MORE_PICKS)
    found: dict[str, Translation] = {}  # by text, the best scored of those that read alike
    for pick in picks:
        t = joined(line, [nbest[k] for nbest, k in zip(nbests, pick)], penalty)
        if t.text not in found and len(found) == n:
            break
        if t.text not in found or t.score > found[t.text].score:
            found[t.text] = t
    return sorted(found.values(), key=lambda t: -t.score)  # stable: on equal, the first pick


def distinct(nbest: list[Translation], n: int) -> list[Translation]:
    """The first ``n`` of ``nbest`` (best first) whose texts differ: of hypotheses that read
    alike (the same words split into other subwords, or made alike by what follows the
    search: casing, punctuation, spans put back), the first one."""
    seen: set[str] = set()
    kept = [t for t in nbest if not (t.text in seen or seen.add(t.text))]
    return kept[:n]


def joined(line: str, parts: list[Translation], penalty: LengthPenalty) -> Translation:
    """One Translation of ``line`` from one translation of each of its sentences."""
    log_prob, length = sum((p.log_prob for p in parts), 0.0), sum(p.length for p in parts)
    t = Translation(
        source=line,
        text=" ".join(p.text for p in parts if p.text),
        score=penalty.score(log_prob, length),
        src_pieces=[x for p in parts for x in p.src_pieces],
        tgt_pieces=[x for p in parts for x in p.tgt_pieces],
        sentences=parts,
        log_prob=log_prob,
        length=length,
        word_scores=[x for p in parts for x in p.word_scores],
    )
    if len(parts) == 1:
        t.attention = parts[0].attention
    src_offset = tgt_offset = 0
    for p in parts:
        t.alignment.extend((s + src_offset, w + tgt_offset) for s, w in p.alignment)
        src_offset += len(p.source.split())
        tgt_offset += len(p.text.split())
    return t


def best_combinations(scores: Sequence[Sequence[float]], n: int) -> list[tuple[int, ...]]:
    """The ``n`` best ways to pick one hypothesis per sentence, best first.

    scores[i]: the scores of sentence i's hypotheses, best first. A pick is a tuple of
    indices, one per sentence, scored by the sum of the picked scores; there are at most
    the product of the list lengths. No sentences: one pick, the empty tuple.
    """
    first = tuple(0 for _ in scores)
    heap = [(-sum(s[0] for s in scores), first)]
    seen = {first}
    picks: list[tuple[int, ...]] = []
    while heap and len(picks) < n:
        negative, pick = heapq.heappop(heap)
        picks.append(pick)
        for i, k in enumerate(pick):
            if k + 1 < len(scores[i]):
                after = pick[:i] + (k + 1,) + pick[i + 1 :]
                if after not in seen:
                    seen.add(after)
                    heapq.heappush(heap, (negative + scores[i][k] - scores[i][k + 1], after))
    return picks


def format_line(
    line: int,
    index: int,
    t: Translation,
    fmt: str,
    align: bool,
    nbest: int,
    split: bool = False,
    word_scores: bool = False,
) -> str:
    """One output line for hypothesis ``index`` (from 0) of input line ``line`` (from 0);
    nbest: ``line ||| text ||| score``, as Moses and Marian write an n-best list (the line is
    the sentence id); jsonl lists a split line's sentences, and with ``word_scores`` each
    word's log-prob."""
    text = one_line(t.text, t.source)
    if fmt == "jsonl":
        record = {
            "source": t.source,
            "translation": text,
            "score": round(t.score, 6),
            "log_prob": round(t.log_prob, 6),
            "tokens": t.tgt_pieces,
        }
        if split:
            record["sentences"] = [
                {"source": p.source, "translation": one_line(p.text)}
                | ({"memory": True} if p.remembered and not t.remembered else {})
                for p in t.sentences
            ]
        if align:
            record["alignment"] = to_pharaoh(t.alignment)
        if word_scores:
            record["word_scores"] = [round(x, 6) for x in t.word_scores]
        if nbest > 1:
            record["n"] = index
        if t.remembered:
            record["memory"] = True
        return json_line(record)
    fields = [str(line), text, f"{t.score:.4f}"] if nbest > 1 else [text]
    if align:
        fields.append(to_pharaoh(t.alignment))
    return " ||| ".join(fields)
