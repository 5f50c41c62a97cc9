"""Where a corpus's pairs come from, for every pass a run makes over its data (the checks, the
tokenizer, the teacher's links, the training data): two files of lines (``src``, ``tgt``:
line k of each is a pair) or one file of pairs (``pairs``: a gettext catalogue, a TMX or XLIFF
memory, TAB or JSON lines; nmt_cli/formats/). A memory's sides are the run's languages, so an
English to French memory trains a French to English model; its entries that a translator has
not vouched for (fuzzy, untranslated, obsolete, a machine's) are left out, and its access-key
markers taken off, on every pass alike.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from nmt_cli.errors import InputError
from nmt_cli.formats.lines import OtherFormatError
from nmt_cli.formats.memory import Pair, Report
from nmt_cli.formats.pairs import format_of, read_pairs, told_how, with_declared
from nmt_cli.textio import count_lines, lines_of, open_lines
from nmt_cli.training.config import CorpusFiles

Languages = tuple[str, str] | None  # the run's (source, target)


def corpus_name(corpus: CorpusFiles) -> str:
    """How messages name ``corpus``: its file of pairs, or its two files."""
    return corpus.pairs or f"{corpus.src}, {corpus.tgt}"


def corpus_pairs(
    corpus: CorpusFiles,
    languages: Languages,
    warn: Callable[[str], None] | None = None,
    report: Report | None = None,
) -> Iterator[Pair]:
    """The (source, target) pairs of ``corpus``, in order, read as they are asked for; two
    files that end apart are an InputError. ``report`` hears a file of pairs' counts. A
    memory's pairs are each read once, the first kept (its counts say how many were dropped);
    a file of lines' pairs all."""
    if corpus.pairs is not None:
        fmt = format_of(corpus.pairs, corpus.format)
        try:
            yield from read_pairs(corpus.pairs, fmt, languages, report, warn, unique=True)
        except OtherFormatError as e:
            raise told_how(e, "--pairs-format") from None
        return
    with open_lines(corpus.src, warn) as fs, open_lines(corpus.tgt, warn) as ft:
        for s, t in itertools.zip_longest(fs, ft):
            if s is None or t is None:
                raise InputError(
                    f"{corpus.src} and {corpus.tgt} have different numbers of lines; parallel "
                    "files need one line per sentence pair"
                )
            yield s, t


def declared_languages(corpora: Iterable[CorpusFiles], given: tuple[str, str]) -> tuple[str, str]:
    """``given`` (source, target; "": not given) completed from the first file of pairs whose
    memory names its languages (an XLIFF file, a catalogue, a TMX of two languages:
    formats.pairs.with_declared), each the code a model records (``de-DE`` is ``de``), as
    score and align read them; as given where none names them."""
    for corpus in corpora:
        if corpus.pairs is None:
            continue
        found = with_declared(corpus.pairs, format_of(corpus.pairs, corpus.format), given)
        if found != given and all(found):
            codes = (re.split(r"[-_.@]", code)[0].lower() for code in found)  # sr@latin: sr
            return (*codes,)  # type: ignore[return-value]
    return given


def corpora_text(corpora: Iterable[CorpusFiles], languages: Languages, warn=None) -> Iterator[str]:
    """Every line of ``corpora``'s text, both sides (what a new tokenizer learns from)."""
    for corpus in corpora:
        if corpus.pairs is None:
            yield from lines_of([corpus.src, corpus.tgt], warn)
        else:
            for pair in corpus_pairs(corpus, languages, warn):
                yield from pair


def check_corpus(corpus: CorpusFiles, languages: Languages, report: Report | None = None) -> int:
    """The number of pairs of ``corpus``, each read and checked before training starts: two
    files of one length, alignments with a line a pair, a file of pairs that parses (its counts
    to ``report``) and holds at least one; else one InputError naming the file."""
    if corpus.pairs is not None:
        n = sum(1 for _ in corpus_pairs(corpus, languages, report=report))
        if n == 0:
            raise InputError(f"{corpus.pairs}: no sentence pairs")
        return n
    na, nb = count_lines(corpus.src), count_lines(corpus.tgt)
    if na != nb:
        raise InputError(
            f"{corpus.src} has {na:,} lines but {corpus.tgt} has {nb:,}; parallel files need one "
            "line per sentence pair"
        )
    if corpus.alignments and (nc := count_lines(corpus.alignments)) != na:
        raise InputError(
            f"{corpus.alignments} has {nc:,} lines but {corpus.src} has {na:,}; alignments need "
            "one line per sentence pair"
        )
    return na
