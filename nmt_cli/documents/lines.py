"""Lines, the default input of `nmt translate`: streamed from a file, a pipe or the arguments,
translated a chunk at a time, one line out for every line in, in order; with ``--markup html``
or ``xml``, each line read as text with inline tags that come back around the words they
enclosed (the text of each block translated as a line is, split into sentences, protected spans
kept, its word alignment read by the translator's link rule; nmt_cli/markup/ puts the markup
back); with ``auto``, the default, so is a line that holds HTML inline elements around words
(:func:`with_elements`), and so are such texts of a document (documents/translate.py)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from nmt_cli.evaluation import check_reference
from nmt_cli.inference.options import FileOptions
from nmt_cli.inference.translation import Translation, format_line, joined
from nmt_cli.markup.pages import (
    DIALECTS,
    TranslateSegments,
    as_markup,
    translate_markup_lines,
)
from nmt_cli.output import as_read, write_chunks
from nmt_cli.protect import icu
from nmt_cli.textio import LineReader, chunked, one_line, open_lines

if TYPE_CHECKING:
    from nmt_cli.inference.translator import Translator


def aligned_translations(translator) -> TranslateSegments:
    """``translate_segments`` for nmt_cli/markup/: the best translation of each text by
    ``translator`` (inference/translator.Translator), with its word alignment."""

    def translate(texts: list[str]) -> list[Translation]:
        return [nbest[0] for nbest in translator.translate(texts, with_alignment=True)]

    return translate


def translate_lines(
    translator, lines: Sequence[str], dialect: str, where: str = "-", first: int = 1
) -> list[str]:
    """Lines with inline tags of ``dialect``, one out for each in (markup/pages.py)."""
    return translate_markup_lines(lines, dialect, aligned_translations(translator), where, first)


# an ICU message's start: its tags stay protected spans, the alignment never moves one across
# the message's braces
_ICU = re.compile(icu.HEAD)


def reads_elements(translator, markup: str, one_text: bool) -> bool:
    """Whether ``--markup`` ``markup`` reads the inline elements of plain lines (auto), where
    each line gives one text (``one_text``: no alignment, n-best or JSON asked for) and the
    model gives word alignments (nmt-cli's own, not a CTranslate2 export)."""
    return markup == "auto" and one_text and translator.loaded.model is not None


def with_elements(
    translator: Translator,
    lines: Sequence[str],
    on_progress: Callable[[float], None] | None = None,
    contexts: Sequence[str | None] | None = None,
    aligned: Collection[int] = (),
) -> list[list[Translation]]:
    """``translator.translate(lines, contexts=contexts)``, but a line that holds inline
    elements around words (markup/pages.py, as_markup: ``pour <b>continuer</b>``; not an ICU
    message's) is read as HTML: its text is translated without its tags, and each element
    comes back around the words aligned to the ones it enclosed. As protected spans, fr-en left
    10 of 479 elements empty ("to continue <b></b>") and its words read worse
    (docs/benchmarks.md, "Inline elements in plain lines").
    Such a line's one Translation is its segments' joined (their log-probs, lengths and score)
    with the line's text, and no word alignment. ``aligned``: the indices of lines whose
    translations need their word alignments (an access key to put back): never read as HTML,
    the lines not so read translated with alignments."""
    pages = {
        k: page
        for k, line in enumerate(lines)
        if k not in aligned and not _ICU.search(line) and (page := as_markup(line))
    }
    links = bool(aligned)
    if not pages:
        return _no_break_spaces(translator, list(lines), on_progress, contexts, links)
    texts = [t for page in pages.values() for t in page.texts()]
    segments = iter(nbest[0] for nbest in translator.translate(texts, with_alignment=True))
    penalty = translator.opts.penalty()
    as_read = {}
    for k, page in pages.items():
        parts = [next(segments) for _ in page.segments]
        line = joined(lines[k], parts, penalty)
        as_read[k] = replace(line, text=page.render(parts), alignment=[], word_scores=[])
    rest = [line for k, line in enumerate(lines) if k not in as_read]
    of_rest = [c for k, c in enumerate(contexts) if k not in as_read] if contexts else None
    plain = iter(_no_break_spaces(translator, rest, on_progress, of_rest, links) if rest else [])
    return [[as_read[k]] if k in as_read else next(plain) for k in range(len(lines))]


_NBSP = re.compile(r"(?<=\S)&(?:nbsp|#160|#[xX]0*[aA]0);(?=\S)")  # between two words: a space


def _no_break_spaces(
    translator, lines: list[str], on_progress, contexts=None, aligned: bool = False
) -> list[list[Translation]]:
    """``translator.translate(lines, aligned, contexts=contexts)``, a no-break space written as an
    entity (``25&nbsp;°C``, ``14&nbsp;h&nbsp;30``) read as the character and each no-break space
    of the translation written so again: as plain text the entity was a span that cut the
    measure or the time it stood in ("25&nbsp;#C", "14&nbsp;:&nbsp;30")."""
    written = {k: m[0] for k, line in enumerate(lines) if (m := _NBSP.search(line))}
    if not written:
        return translator.translate(lines, aligned, on_progress, contexts=contexts)
    read = [_NBSP.sub("\xa0", x) if k in written else x for k, x in enumerate(lines)]
    out = translator.translate(read, aligned, on_progress, contexts=contexts)
    for k, entity in written.items():
        out[k] = [replace(t, source=lines[k], text=t.text.replace("\xa0", entity)) for t in out[k]]
    return out


def translate_file(
    translator: Translator,
    files: FileOptions,
    lines: list[str] | None = None,
    on_progress: Callable[[float], None] = lambda lines_done: None,
    warn: Callable[[str], None] | None = None,
    references: int | None = None,
) -> list[str]:
    """The file mode of `nmt translate`: ``lines`` (None: those of ``files.input_file``),
    translated ``files.chunk_lines`` at a time (see textio.chunked), each line's translations
    (its n-best) written, in order, to ``files.output`` as ``files.fmt``.
    ``on_progress(lines_done)`` hears as batches finish (a fraction: part of a chunk). Returns
    the 1-best translations when ``files.ref`` will score them, else []; an input of other
    than ``references`` lines (--ref's) is an InputError before the output is written."""
    best: list[str] = []
    nbest, split = translator.opts.nbest, translator.splitter is not None
    fmt, align, word_scores = files.fmt, files.align, files.word_scores
    elements = reads_elements(translator, files.markup, fmt == "text" and not align and nbest == 1)

    def translated(source) -> Iterator[list[list[Translation]] | list[str]]:
        done = 0  # lines translated
        live = isinstance(source, LineReader) and source.live  # a pipe: not waited on
        for chunk in chunked(source, files.chunk_lines, live):

            def on_batch(fraction: float, done: int = done, n: int = len(chunk)) -> None:
                on_progress(done + fraction * n)

            if files.markup in DIALECTS:  # each line with its tags back (nmt_cli/markup/)
                yield translate_lines(translator, chunk, files.markup, files.input_file, done + 1)
            elif elements:  # a line with inline elements read as HTML
                yield with_elements(translator, chunk, on_batch)
            else:
                yield translator.translate(chunk, align, on_batch)
            done += len(chunk)
        if references is not None:  # before write_chunks commits
            check_reference(str(files.ref), references, done)

    numbers = itertools.count()  # each input line's, from 0: an n-best line's sentence id

    def output_lines(results: list[Translation] | str) -> list[str]:
        text = results if isinstance(results, str) else results[0].text
        n = next(numbers)
        if files.ref is not None:
            best.append(text)
        if isinstance(results, str):
            return [one_line(text)]
        return [
            format_line(n, i, t, fmt, align, nbest, split, word_scores)
            for i, t in enumerate(results)
        ]

    reading = open_lines(files.input_file, warn) if lines is None else nullcontext(lines)
    with reading as source:
        kept = as_read(source) if isinstance(source, LineReader) and fmt == "text" else None
        write_chunks(files.output, translated(source), output_lines, on_progress, kept or _as_is)
    return best


def _as_is(out: TextIO, interactive: bool) -> None:
    """Output written as UTF-8 lines ended by LF."""
