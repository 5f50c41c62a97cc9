"""Batched beam search, in the production style of fairseq / OpenNMT (no code shared).

The caller encodes once; the state is tiled to B*K rows, sentence-major:
rows [s0b0, s0b1, s1b0, s1b1, s2b0, s2b1] when B=3, K=2, so sentence i owns rows
i*K .. i*K + K - 1 (beam offsets [0, 2, 4]). Each step:

1. the model scores the next token for every live row: log_probs (B'*K, V);
2. per sentence, a top-k over the K*V extensions (ranked by total log-prob) keeps the best
   2K, so that even if K of them end in </s> there are K others to continue with;
3. </s> candidates ranked in the top K finish: they move to the sentence's finished list,
   scored with the length penalty; the best K other candidates become the new beams;
4. the state is gathered by the parent beam of each survivor; the history keeps, per step,
   each survivor's parent, token and token log-prob, and the step's attention rows, so a
   finished hypothesis's own history is found by walking back (nothing is copied per step);
5. sentences that are done leave the batch, so later steps run on fewer rows.

At step 0 only beam 0 of each sentence is live (the others start at -inf), so the K beams
are distinct. A sentence is done when (a) K of its hypotheses have finished (fairseq's rule:
with a length penalty a live beam could in principle still overtake them by growing, but
waiting for that would run most sentences to ``max_len``), (b) it has ``nbest`` finished
hypotheses and no live beam can still beat the nbest-th of them whatever its length (then
the top-nbest list cannot change), (c) no beam is live, or (d) its beams hold ``max_len[i]``
tokens: then each live beam takes one more step, finishing with </s> if that is its most
likely token and otherwise being kept cut (``finished=False``). Rule (d) is greedy search's
rule, so K=1 reproduces greedy exactly.

Ties are broken by index (lower beam, then lower token id first; see _top_candidates), and
nothing mixes rows of different sentences, so a sentence's result does not depend on the
rest of the batch.

Shapes use the package glossary (B batch, S source length, V vocabulary, K beam); B' is
the number of sentences still being decoded.
"""

from __future__ import annotations

import itertools
import math

import torch

from nmt_cli.length_penalty import NO_LENGTH_PENALTY, LengthPenalty
from nmt_cli.search import Decoding
from nmt_cli.search.hypothesis import (
    Filed,
    History,
    Hypothesis,
    as_limits,
    chosen_log_probs,
    forbid_tokens,
    forbidden_tokens,
    host_index,
)
from nmt_cli.vocab import BOS, EOS


def beam_search(
    start: Decoding,
    *,
    beam_size: int = 5,
    penalty: LengthPenalty = NO_LENGTH_PENALTY,
    nbest: int = 1,
    min_len: int = 0,
) -> list[list[Hypothesis]]:
    """Decode the B sentences of ``start`` with a beam of K = ``beam_size`` (its state, one row
    a sentence, tiled to B*K rows here).

    penalty      ranks the finished hypotheses (the default, alpha 0, by plain log-prob)
    nbest        hypotheses returned per sentence, 1 <= nbest <= beam_size
    min_len      </s> is forbidden until this many tokens were produced

    Returns, per sentence in input order, up to ``nbest`` distinct hypotheses sorted best
    first by ``score`` (fewer only if the beam died out, which needs -inf everywhere).
    """
    if beam_size < 1:
        raise ValueError(f"beam_size must be >= 1, got {beam_size}")
    if not 1 <= nbest <= beam_size:
        raise ValueError(f"nbest must be between 1 and beam_size={beam_size}, got {nbest}")
    step, state, src_lengths = start.step, start.state, start.src_lengths
    limits = as_limits(start.max_len, len(src_lengths))
    if not limits:
        return []
    beams = _Beams(src_lengths, limits, beam_size, penalty, nbest)
    everyone = list(range(len(limits)))
    tiled = torch.arange(len(limits), device=src_lengths.device).repeat_interleave(beam_size)
    state = state.select(tiled, everyone)  # B*K rows
    for t in itertools.count():  # t output tokens exist in every live row
        log_probs, attn, state = step(state, beams.last)  # (B'*K, V), (B'*K, S)
        kept = beams.advance(t, log_probs, attn, forbidden_tokens(t, min_len))
        if kept is None:
            break
        state = state.select(*kept)
    beams.filed.read()
    # Stable sort: on equal scores the hypothesis filed first (the likelier one) comes first.
    return [sorted(hyps, key=lambda h: -h.score)[:nbest] for hyps in beams.finished]


class _Beams:
    """The K beams of the B' sentences still searched, and every sentence's finished hypotheses.

    Rows are sentence-major: row pos*K + j is beam j of the sentence at position pos. What the
    host decides on (which sentences are done, which rows end) is read from the device once a
    step, in one go; a step that cuts beams at their length limit reads once more.
    """

    def __init__(
        self,
        src_lengths: torch.Tensor,
        limits: list[int],
        k: int,
        penalty: LengthPenalty,
        nbest: int,
    ):
        batch, device = len(src_lengths), src_lengths.device
        self.src_lengths, self.limits, self.k = src_lengths.tolist(), limits, k
        self.penalty, self.nbest = penalty, nbest
        self.finished: list[list[Hypothesis]] = [[] for _ in range(batch)]
        self.sents = list(range(batch))  # (B',) original index of each sentence
        self.cum = torch.full((batch, k), -math.inf, device=device)  # (B', K) total log-prob
        self.cum[:, 0] = 0.0  # only beam 0 is live at step 0, so the K hypotheses are distinct
        self.last = torch.full((batch * k,), BOS, dtype=torch.long, device=device)  # (B'*K,)
        self.history = History()
        self.filed = Filed(self.history)  # read from the device once the search is over

    def advance(
        self, t: int, log_probs: torch.Tensor, attn: torch.Tensor, forbidden: list[int]
    ) -> tuple[torch.Tensor, list[int]] | None:
        """One step over log_probs (B'*K, V) and attention (B'*K, S), the ``forbidden`` tokens
        not taken: file the hypotheses that end, keep the best K continuations of the other
        sentences. Returns the rows (B''*K,) the next step continues from and the positions
        (B'',) of the sentences they belong to, or None when every sentence is done."""
        k = self.k
        log_probs = log_probs.float()  # the step's own tensor: read, never changed
        self.history.add_attention(attn)
        done = [self.limits[i] == t for i in self.sents]  # per sentence: beams hold max_len
        self._end_at_limit(log_probs, done, forbidden)

        # Rank every extension of every beam of a sentence; keep the best 2K.
        vocab = log_probs.size(1)
        cand = forbid_tokens(self.cum.view(-1, 1) + log_probs, forbidden)  # (B'*K, V)
        cand = cand.view(-1, k * vocab)  # (B', K*V)
        cand_lp, cand_idx = _top_candidates(cand, min(2 * k, k * vocab))  # (B', 2K) each
        parent = torch.div(cand_idx, vocab, rounding_mode="floor")  # (B', 2K) beam in sentence
        cand_tok = cand_idx % vocab  # (B', 2K)
        is_eos = cand_tok == EOS  # (B', 2K)

        # The first K non-</s> candidates continue (there are at least K: at most one </s>
        # per beam). E.g. is_eos [F, T, F, F] with K=2 picks candidate positions [0, 2].
        pick = torch.sort(is_eos.to(torch.int8), dim=1, stable=True).indices[:, :k]  # (B', K)
        new_cum = cand_lp.gather(1, pick)  # (B', K) sorted best first
        ending = is_eos[:, :k] & torch.isfinite(cand_lp[:, :k])  # (B', K)
        # The step's one read, per sentence: its best live total; of its top K candidates,
        # which end, their beams, totals and those beams' </s> log-probs.
        read = torch.cat(
            [new_cum[:, :1], ending.float(), parent[:, :k].float(), cand_lp[:, :k]]
            + [log_probs[:, EOS].view(-1, k)],
            dim=1,
        ).tolist()  # (B', 1 + 4K)
        self._file_ends(read, done)
        self._mark_done(done, [row[0] for row in read], t)
        kept_positions = [pos for pos, d in enumerate(done) if not d]
        if not kept_positions:
            return None

        # Survivors inherit their parent's row: the state is gathered by it, the history notes it.
        # E.g. K=2, kept sentence positions [0, 2], parents [[1, 0], [0, 0]] -> rows [1, 0, 4, 4].
        parents, next_tok = parent.gather(1, pick), cand_tok.gather(1, pick)  # (B', K) each
        if len(kept_positions) < len(done):  # sentences leave: their rows are dropped
            kept = host_index(kept_positions, log_probs.device)  # (B'',) sentences that stay
            parents, next_tok, new_cum = parents[kept], next_tok[kept], new_cum[kept]
        else:
            kept = torch.arange(len(done), device=log_probs.device)  # (B',) all stay
        rows = (kept.unsqueeze(1) * k + parents).view(-1)  # (B''*K,)
        next_tok = next_tok.view(-1)  # (B''*K,)
        chosen = chosen_log_probs(log_probs, rows, next_tok, forbidden)  # (B''*K,)
        self.history.extend(rows, next_tok, chosen)
        self.cum, self.last = new_cum, next_tok
        self.sents = [self.sents[pos] for pos in kept_positions]
        return rows, kept_positions

    def _file_ends(self, read: list[list[float]], done: list[bool]) -> None:
        """File the </s> candidates among the top K of the sentences not ``done`` (scored with
        the length penalty on filing), in sentence order, then candidate order. ``read`` (B',
        1 + 4K): per sentence, its best live total, then per top candidate whether it ends, its
        beam, its total log-prob, and per beam its </s> log-prob."""
        k, filed = self.k, []  # (position, row, total, </s> log-prob) of each
        for pos, row in enumerate(read):
            ends = row[1 : 1 + k]
            if done[pos] or not any(ends):  # most sentences, at most steps
                continue
            for j in (j for j in range(k) if ends[j]):
                beam = int(row[1 + k + j])
                filed.append((pos, pos * k + beam, row[1 + 2 * k + j], row[1 + 3 * k + beam]))
        if filed:
            self._file(*(list(x) for x in zip(*filed)))

    def _file(
        self,
        positions: list[int],
        rows: list[int],
        log_probs: list[float],
        eos_lps: list[float | None],
    ) -> None:
        """File rows ``rows`` of the sentences at ``positions`` as finished (</s> log-prob
        given) or cut (None), in that order."""
        ids = [self.sents[pos] for pos in positions]
        lengths = [self.src_lengths[i] for i in ids]
        found = self.filed.add(rows, log_probs, eos_lps, lengths, self.penalty)
        for i, hyp in zip(ids, found):
            self.finished[i].append(hyp)

    def _end_at_limit(
        self, log_probs: torch.Tensor, done: list[bool], forbidden: list[int]
    ) -> None:
        """(d) At the length limit each live beam ends: with </s> if the model prefers it."""
        at_limit = [pos for pos, d in enumerate(done) if d]
        if not at_limit:
            return
        # (sentence position, row) of every beam of those sentences
        beams = [(pos, row) for pos in at_limit for row in range(pos * self.k, (pos + 1) * self.k)]
        rows = [row for _, row in beams]
        allowed = forbid_tokens(log_probs[rows], forbidden)  # (R, V) a copy of those rows
        best_tok = allowed.argmax(dim=1).tolist()  # (R,) first maximum, as greedy
        cum = self.cum.view(-1)[rows]  # (R,)
        eos_lp = log_probs[rows, EOS]  # (R,)
        cums, ended, eos_lps = torch.stack([cum, cum + eos_lp, eos_lp]).tolist()
        live = [r for r in range(len(beams)) if not math.isinf(cums[r])]  # dead beams: none
        self._file(
            [beams[r][0] for r in live],
            [rows[r] for r in live],
            [ended[r] if best_tok[r] == EOS else cums[r] for r in live],
            [eos_lps[r] if best_tok[r] == EOS else None for r in live],
        )

    def _mark_done(self, done: list[bool], best_live: list[float], t: int) -> None:
        """A sentence is done when K hypotheses finished or no live beam can improve its nbest.
        ``best_live`` (B',) is each sentence's best live total log-prob after this step."""
        for pos in range(len(done)):
            if not done[pos]:
                i = self.sents[pos]
                hyps = self.finished[i]
                done[pos] = len(hyps) >= self.k or _cannot_improve(
                    hyps,
                    best_live[pos],
                    self.nbest,
                    self.penalty,
                    shortest=t + 2,
                    longest=self.limits[i] + 1,
                )


# Entries per chunk when the candidates are first narrowed down by their chunks' maxima.
CHUNK = 64


def _top_candidates(scores: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The ``n`` best entries of each row of scores (B', K*V), best first: (B', n) values and
    (B', n) flat indices. Equal scores come in index order (lower beam, then lower token id),
    which ``topk`` does not promise; a full stable sort would, at ~10x the cost for large V.
    Nothing is read back to the host: on a GPU each read would wait for its queue to drain.

    E.g. row [1, 3, 3, 2, 3] with n=2 gives values [3, 3] at indices [1, 2], never [4, 1].

    A wide row is first narrowed to its n best chunks of CHUNK entries, ranked by their maxima,
    equal maxima in chunk order (a maximum per chunk costs a fraction of a top-k over the row);
    a row whose width is no multiple of CHUNK (a vocabulary of 8,016: 8,000 and 16 reserved
    placeholders) is first padded with -inf, which ties come to after every real entry.
    No entry of the answer is lost, v being its n-th value: a chunk whose maximum is above v
    holds one of the answer's entries (all entries above v are in it), and the chunks of
    maximum v that hold one are the first chunks of maximum v (an entry equal to v in an
    earlier chunk would come first), so together they are at most n, and ranked first.
    """
    rows, width = scores.shape
    if width < 8 * (n + 1) * CHUNK:
        index = _first_best(scores, n)  # (B', n) ascending
    else:
        if width % CHUNK:  # (B', W) -> (B', W'), W' the next multiple of CHUNK; n <= W
            scores = torch.nn.functional.pad(scores, (0, CHUNK - width % CHUNK), value=-math.inf)
        chunks = _first_best(scores.view(rows, -1, CHUNK).amax(dim=2), n)  # (B', n) ascending
        offsets = torch.arange(CHUNK, device=scores.device)  # (CHUNK,)
        cols = (chunks.unsqueeze(2) * CHUNK + offsets).view(rows, -1)  # (B', n * CHUNK) ascending
        index = cols.gather(1, _first_best(scores.gather(1, cols), n))  # (B', n) ascending
    values = scores.gather(1, index)  # (B', n)
    order = torch.sort(values, dim=1, descending=True, stable=True).indices  # (B', n)
    return values.gather(1, order), index.gather(1, order)


def _first_best(scores: torch.Tensor, n: int) -> torch.Tensor:
    """The indices (R, n), ascending, of the ``n`` highest entries of each row of scores (R, W),
    entries equal to the n-th highest taken lowest index first: e.g. row [1, 3, 3, 2, 3] with
    n=2 gives [1, 2]. Every row by the same tensor operations: none is read on the host."""
    nth = torch.topk(scores, n, dim=1).values[:, n - 1 :]  # (R, 1) the n-th highest value
    above, tied = scores > nth, scores == nth  # (R, W) each
    room = n - above.sum(1, keepdim=True)  # (R, 1) places left for entries equal to the n-th
    take = above | (tied & (tied.cumsum(1) <= room))  # (R, W) exactly n per row
    cols = torch.arange(scores.size(1), device=scores.device)  # (W,)
    return torch.where(take, cols, scores.size(1)).topk(n, dim=1, largest=False).values


def _cannot_improve(
    hyps: list[Hypothesis],
    best_live: float,
    nbest: int,
    penalty: LengthPenalty,
    *,
    shortest: int,
    longest: int,
) -> bool:
    """True when no live beam can reach the top ``nbest`` of ``hyps``.

    ``best_live`` is the highest total log-prob of a live beam (-inf: none is live). Log-probs
    only fall as tokens are added, so a beam's final score is at most best_live / lp(n) for
    some final length n in [shortest, longest] (n counts </s>), lp the penalty's divisor; lp is
    monotone in n, so the best case is at one of the two ends.
    """
    if math.isinf(best_live):
        return True
    if len(hyps) < nbest:
        return False
    worst_kept = sorted(h.score for h in hyps)[-nbest]  # nbest-th best finished score
    bound = max(penalty.score(best_live, n) for n in (shortest, longest))
    return bound <= worst_kept
