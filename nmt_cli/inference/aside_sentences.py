"""A line of several sentences that is set aside by its word alignment (its quotation marks, its
plural marks, its access keys: aside.py) is translated sentence by sentence, each sentence as a
line of its own (set aside by its own marks), and their translations joined as a split line's
are (translation.join_sentences).

Set aside whole, the line was aligned to its translation as one sequence and its marks placed
over all its words: a cost that grows with the square of the line's length (a file of a
thousand sentences with no line break took minutes, most of them spent placing one pair of
quotation marks) and a mark placed on another sentence's words ("I" got married.). A line
whose quotation marks pair up only across sentences (``« Il fait froid. Restons. »``) is set
aside whole, as before.
"""

from __future__ import annotations

from nmt_cli.inference.aside import Aside
from nmt_cli.inference.emphasis import MARKS as EMPHASIS
from nmt_cli.inference.emphasis import unpaired
from nmt_cli.inference.quotes import MARKS, unquoted
from nmt_cli.inference.translation import Translation, join_sentences


def translate_sentences_apart(
    translator, lines: list[str], aside: list[Aside | None], with_alignment: bool, on_progress
) -> list[list[Translation]] | None:
    """Each line's translations (translator.py's ``_translate_new`` of ``lines``, ``aside``:
    each line's Aside), a line of several sentences set aside by its alignment those of its
    sentences, each translated as a line, joined; None where no line is such a line."""
    cut = [
        _sentences(translator, line) if a and a.aligned else None for line, a in zip(lines, aside)
    ]
    if not any(cut):
        return None
    asked = [x for line, parts in zip(lines, cut) for x in (parts or [line])]
    done = iter(translator.translate(asked, with_alignment, on_progress, by_sentence=False))
    n, penalty = translator.opts.nbest, translator.opts.penalty()
    return [
        join_sentences(line, [next(done) for _ in parts], n, penalty) if parts else next(done)
        for line, parts in zip(lines, cut)
    ]


def _sentences(translator, line: str) -> list[str] | None:
    """The sentences of ``line`` where it has several and each one's quotation marks and
    emphasis marks (outside its protected spans) pair up within it; else None."""
    if translator.splitter is None:
        return None
    sentences = translator.splitter.split(line)
    if len(sentences) < 2:
        return None
    for x in sentences:
        quoted, emphasized = not MARKS.isdisjoint(x), not EMPHASIS.isdisjoint(x)
        where = translator._spans(x) if quoted or emphasized else ()  # its spans found once
        if quoted and unquoted(x, where) is None:
            return None
        if emphasized and unpaired(x, where):
            return None  # a pair across sentences: *Il fait froid. Restons.*
    return sentences
