"""Lines a translation memory holds, translated by it; the others searched.

A line the memory holds (memory.py) is translated by the memory's target, kept only if every
protected span of the line (URLs, numbers, placeholders, codes, names: the spans `nmt
translate` passes through) is in that target as often as in the line, the placeholders that are
filled in their order (printf's ``%s``, ``%d``) in the line's order; else the line is searched
as any other. A remembered translation is scored by the model as `nmt score` scores a pair (its
score, log-prob, length and word scores are the model's for that text; a CTranslate2 export
gives 0) and, where asked, aligned by the forced pass `nmt align` reads. It is the only
hypothesis of its line, whatever --nbest asks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from nmt_cli.inference.translation import Translation
from nmt_cli.protect.format_strings import order_groups


def keeps_facts(translator, line: str, target: str) -> bool:
    """Whether ``target`` holds each protected span of ``line`` as often as ``line`` does
    (counted as text in both), and the placeholders that keep their source order
    (format_strings.order_groups: printf's ``%s``...) in that order (``translator``: the
    Translator, translator.py, whose spans these are)."""
    if translator.protection is None:
        return True
    spans = translator.protection.finder.find(line)
    if any(target.count(s.text) != line.count(s.text) for s in spans):
        return False
    groups = order_groups(spans)
    for group in set(groups) - {None}:
        at = -1
        for span, g in zip(spans, groups):
            if g == group and (at := target.find(span.text, at + 1)) < 0:
                return False
    return True


def recalled(
    translator,
    lines: list[str],
    with_alignment: bool,
    on_progress: Callable[[float], None] | None,
    search: Callable[..., list[list[Translation]]],
) -> list[list[Translation]]:
    """Each line's translations: its memory's, else ``search``'s (the translator's own path,
    called once, on the lines the memory does not hold)."""
    memory = translator.memory
    found = [memory.get(line) for line in lines]
    found = [
        t if t is not None and keeps_facts(translator, x, t) else None for x, t in zip(lines, found)
    ]
    todo = [k for k, t in enumerate(found) if t is None]
    out: list[list[Translation]] = [[] for _ in lines]
    if todo:
        searched = search([lines[k] for k in todo], with_alignment, on_progress)
        for k, nbest in zip(todo, searched):
            out[k] = nbest
    elif on_progress is not None:  # nothing to search: all done
        on_progress(1.0)
    hits = [k for k, t in enumerate(found) if t is not None]
    if not hits:
        return out
    remembered = [
        Translation(source=lines[k], text=found[k], score=0.0, remembered=True) for k in hits
    ]
    _scored(translator, remembered)
    if with_alignment:
        translator._align(remembered)
    for k, t in zip(hits, remembered):
        if translator.splitter is not None:  # one sentence, as a split line of one is
            t.sentences = [replace(t)]
        out[k] = [t]
    return out


def _scored(translator, translations: list[Translation]) -> None:
    """Each of ``translations`` given the model's score of its text as its source's
    translation (inference/scoring.py), its pieces, and its words' log-probs."""
    tok = translator.tok
    for t in translations:
        t.src_pieces = [tok.id_to_piece(i) for i in tok.encode(t.source)]
        t.tgt_pieces = [tok.id_to_piece(i) for i in tok.encode(t.text)]
    if translator.loaded.model is None:  # a CTranslate2 export: no forced pass here
        return
    from nmt_cli.inference.scoring import Scorer

    scorer = Scorer(translator.loaded, translator.opts, split=translator.splitter is not None)
    for t, s in zip(translations, scorer.score([(t.source, t.text) for t in translations])):
        if s is not None:
            t.score, t.log_prob, t.length, t.word_scores = (
                s.score,
                s.log_prob,
                s.tokens,
                s.word_scores,
            )
