"""Lines a translation memory holds, translated by it; the others searched.

A line the memory holds (memory.py) is translated by the memory's target, kept only if every
protected span of the line (URLs, numbers, placeholders, codes, names: the spans `nmt
translate` passes through) is in that target as often as in the line, the placeholders that are
filled in their order (printf's ``%s``, ``%d``) in the line's order; else the line is searched
as any other. A remembered translation is scored by the model as `nmt score` scores a pair (its
score, log-prob, length and word scores are the model's for that text; a CTranslate2 export
gives 0) and, where asked, aligned by the forced pass `nmt align` reads. It is the only
hypothesis of its line, whatever --nbest asks.

A line of several sentences (where the translator cuts lines into sentences) that the memory
does not hold whole is looked up sentence by sentence: the sentences it holds are translated by
it, the others searched, each as a line of its own, and the line's translations joined from
theirs as a split line's are (translation.join_sentences). Only where no protected span runs
across two sentences, nothing is taken aside (aside.py: access keys, quotation marks, brackets,
which go back by the alignment of the whole translation, read badly off a memory's text joined
to the model's) and no sentence is an ICU message's: such a line is searched as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from nmt_cli.inference.aside import aside_for
from nmt_cli.inference.quotes import OPENING
from nmt_cli.inference.translation import Translation, join_sentences
from nmt_cli.protect.format_strings import order_groups
from nmt_cli.protect.languages import SPACES
from nmt_cli.textio import white_ends


def keeps_facts(translator, line: str, target: str) -> bool:
    """Whether ``target`` holds each protected span of ``line`` as often as ``line`` does
    (counted as text in both, a quoted name's without its marks; not a menu path or a quoted
    label, whose words are translated: protect/menus.py), and the placeholders that keep their
    source order (format_strings.order_groups: printf's ``%s``...) in that order
    (``translator``: the Translator, translator.py, whose spans these are)."""
    if translator.protection is None:
        return True
    spans = [s for s in translator.protection.finder.find(line) if s.kind != "menu"]
    if any(target.count(x) != line.count(x) for x in map(_held_text, spans)):
        return False
    groups = order_groups(spans)
    for group in set(groups) - {None}:
        at = -1
        for span, g in zip(spans, groups):
            if g == group and (at := target.find(span.text, at + 1)) < 0:
                return False
    return True


def _held_text(span) -> str:
    """What a translation holds of ``span``: its text, a name in quotation marks without them
    (a file's, a value's: the target language writes its own, inference/quotes.py)."""
    if span.kind in ("file", "value") and span.text[:1] in OPENING:
        return span.text[1:-1].strip(SPACES)
    return span.text


def recalled(
    translator,
    lines: list[str],
    with_alignment: bool,
    on_progress: Callable[[float], None] | None,
    search: Callable[..., list[list[Translation]]],
    by_sentence: bool = True,
    contexts: Sequence[str | None] | None = None,
) -> list[list[Translation]]:
    """Each line's translations: its memory's (looked for in its context first, ``contexts``:
    each line's, a catalogue entry's msgctxt; None: no context), else, sentence by sentence
    (``by_sentence``), its memory's for the sentences it holds (``held_sentences``), else
    ``search``'s (the translator's own path, called once, on the lines and sentences the memory
    does not hold)."""
    contexts = contexts or [None] * len(lines)
    found = [_held(translator, line, c) for line, c in zip(lines, contexts)]
    parts = [
        held_sentences(translator, x) if t is None and by_sentence else None
        for x, t in zip(lines, found)
    ]
    todo = [k for k, t in enumerate(found) if t is None and parts[k] is None]
    cut = [(k, i) for k, p in enumerate(parts) if p for i, (_, t) in enumerate(p) if t is None]
    out: list[list[Translation]] = [[] for _ in lines]
    asked = [lines[k] for k in todo] + [parts[k][i][0] for k, i in cut]
    searched = iter(search(asked, with_alignment, on_progress) if asked else [])
    if not asked and on_progress is not None:  # nothing to search: all done
        on_progress(1.0)
    for k, nbest in zip(todo, searched):
        out[k] = nbest
    of_sentence = {(k, i): nbest for (k, i), nbest in zip(cut, searched)}
    hits = [(lines[k], _indented(lines[k], t), k, None) for k, t in enumerate(found) if t]
    hits += [(x, t, k, i) for k, p in enumerate(parts) if p for i, (x, t) in enumerate(p) if t]
    remembered = [Translation(source=x, text=t, score=0.0, remembered=True) for x, t, *_ in hits]
    scored(translator, remembered)
    if with_alignment:
        translator._align(remembered)
    for (_, _, k, i), t in zip(hits, remembered):
        if translator.splitter is not None:  # one sentence, as a split line of one is
            t.sentences = [replace(t)]
        if i is None:
            out[k] = [t]
        else:
            of_sentence[k, i] = [t]
    penalty = translator.opts.penalty()
    for k, p in enumerate(parts):
        if p:
            nbests = [of_sentence[k, i] for i in range(len(p))]
            out[k] = join_sentences(lines[k], nbests, translator.opts.nbest, penalty)
    return out


def _indented(line: str, text: str) -> str:
    """``text``, the memory's translation of ``line``, with the line's indentation in front
    and its trailing white space after, as a searched line keeps them (aside.py)."""
    lead, trail = white_ends(line)
    return lead + text + trail if line.strip() else text


def _held(translator, line: str, context: str | None = None) -> str | None:
    """The memory's translation of ``line`` (in ``context`` first: Memories.get) where it
    keeps the line's facts, else None."""
    found = translator.memory.get(line, context)
    return found if found is not None and keeps_facts(translator, line, found) else None


def held_sentences(translator, line: str) -> list[tuple[str, str | None]] | None:
    """``line``'s sentences, each with the memory's translation (None: not held; nor one that
    does not open with a capital, a piece of a sentence cut at an abbreviation, "rapporteur.",
    "100."), where the line has several, the memory holds one at least and it can be cut so
    (no protected span across two sentences, nothing taken aside, no ICU message); else None."""
    if translator.splitter is None or "\n" in line or "\t" in line:
        return None  # lines or columns: each translated apart (columns.py)
    if not _may_hold(translator.memory, line):
        return None
    sentences = translator.splitter.split(line)
    if len(sentences) < 2:
        return None
    held = [_held(translator, x) if x[:1].isupper() else None for x in sentences]
    if all(t is None for t in held):
        return None
    p = translator.protection
    spans = p.finder.find(line) if p is not None else []
    aside = aside_for(line, translator._spans if p is not None else None, None, True)
    if aside is not None or any(span.kind == "icu" for span in spans):
        return None
    at, ends = 0, []
    for x in sentences:
        at = line.find(x, at)
        if at < 0:
            return None
        ends.append((at, at + len(x)))
        at += len(x)
    if any(not any(a <= s.start and s.end <= b for a, b in ends) for s in spans):
        return None
    return list(zip(sentences, held))


_END = re.compile(r"[.!?…]+[\"'»”’)\]]*\s+(?=\S)")  # where a sentence may end, before the next


def _may_hold(memory, line: str) -> bool:
    """Whether the memory holds a part of ``line`` that runs from its start or a sentence's
    end (``_END``) to another or its end, not the whole line: the cheap test before the line is
    cut into sentences (pysbd takes a millisecond a line)."""
    cuts = [0, *(m.end() for m in _END.finditer(line)), len(line)]
    return any(
        memory.get(line[a:b]) is not None
        for i, a in enumerate(cuts)
        for b in cuts[i + 1 :]
        if b - a < len(line) and line[a : a + 1].isupper()
    )


def as_whole(translator, translations: list[Translation], with_alignment: bool) -> None:
    """Each of ``translations``, a line's one hypothesis put together apart from the search (a
    line of columns, of ICU messages), scored and, where asked, aligned as a whole, as a
    memory's translation is, and one sentence of its line."""
    scored(translator, translations)
    if with_alignment:
        translator._align(translations)
    for t in translations:
        t.sentences = [replace(t, sentences=[])] if translator.splitter else []


def scored(translator, translations: list[Translation]) -> None:
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
