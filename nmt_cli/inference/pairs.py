"""Where `nmt score` reads its sentence pairs and writes their scores, and how.

Pairs come from two files of one length (``--src-file``/``--tgt-file``), or from a file of
pairs, ``--input``/``--pairs`` (stdin by default): one pair a line, a source and a target
separated by one TAB, or a JSON object with string fields ``src`` and ``tgt`` (other fields are
passed over); or a translation memory, a gettext catalogue (.po, .mo), TMX or XLIFF, whose
sides are picked by language (``--src-lang``/``--tgt-lang``, by default the model's, else
those an XLIFF file, a catalogue or a two-language TMX names: nmt_cli/formats/). The format
is known by the file's extension, else given; stdin is TAB lines. Every pair is read and
checked before any is scored, so a malformed line or entry is one error naming the file and
where, and nothing is written. torch-free: read at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.align.options import PairOptions
from nmt_cli.align.pharaoh import check_gold_count, check_gold_links, read_gold
from nmt_cli.errors import UsageError
from nmt_cli.formats.lines import OtherFormatError
from nmt_cli.formats.memory import SKIPPED, same_language
from nmt_cli.formats.pairs import MEMORIES, PAIR_FORMATS, declared_pairs, format_of, told_how
from nmt_cli.inference.options import WORD_SCORES_HELP
from nmt_cli.output import OUTPUT_HELP, check_not_read, check_output_file
from nmt_cli.settings import setting
from nmt_cli.textio import check_files, is_stream, open_lines, shown_path, side_by_side

# auto: by the file's extension (stdin and unknown names: tsv); see nmt_cli/formats/pairs.py
INPUT_FORMATS = ("auto", *PAIR_FORMATS)
OUTPUT_FORMATS = ("text", "jsonl")  # one score a line, or {"score", "log_prob", "tokens"}

Pair = tuple[str, str]  # (source, target)


@dataclass(frozen=True)
class PairFiles:
    """What `nmt score` reads and where it writes."""

    src_file: str | None = setting(None, "Sources, one per line (with --tgt-file).")
    tgt_file: str | None = setting(None, "Targets, one per line (with --src-file).")
    input_file: str = setting(
        "-",
        "Pairs without --src-file: TAB or JSON lines, .po, .mo, .tmx, .xliff ('-': stdin).",
        "--input",
        "-i",
        "--pairs",
    )
    input_format: str = setting(
        "auto",
        "By extension; tsv: source TAB target; jsonl: src and tgt.",
        "--input-format",
        "--pairs-format",
        choices=INPUT_FORMATS,
    )
    src_lang: str | None = setting(
        None, "A memory's source side (default: the model's, else the one the file names)."
    )
    tgt_lang: str | None = setting(
        None, "A memory's target side (default: the model's, else the one the file names)."
    )
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    fmt: str = setting(
        "text",
        "One score a line, or JSON records (score, log_prob, tokens; the score per token, "
        "as marian-scorer --normalize: log_prob / tokens).",
        "--format",
        choices=OUTPUT_FORMATS,
    )
    word_scores: bool = setting(False, WORD_SCORES_HELP)
    chunk_lines: int = setting(1000, "Pairs scored at a time (in passes sorted by length).")

    def __post_init__(self) -> None:
        if (self.src_file is None) != (self.tgt_file is None):
            raise ValueError("--src-file and --tgt-file go together")
        if self.src_file is not None and (self.input_file != "-" or self.input_format != "auto"):
            raise ValueError(
                "give --src-file and --tgt-file, or --input (--input-format), not both"
            )
        if self.word_scores and self.fmt != "jsonl":
            raise ValueError("--word-scores goes with --format jsonl")
        if self.chunk_lines < 1:
            raise ValueError("--chunk-lines must be positive")
        shown = "--src-file" if self.src_file is not None else self.input_file
        fmt = "lines" if self.src_file is not None else self.format
        check_sides_picked(self.src_lang, self.tgt_lang, shown, fmt)

    @property
    def format(self) -> str:
        """The format of --input: as given, else by its extension (stdin and others: tsv)."""
        return pair_format(self.input_file, self.input_format)

    @property
    def counted(self) -> str:
        """The file whose lines are the pairs, for a progress bar (see counted_file)."""
        return self.src_file or counted_file(self.input_file, self.format)


def check_pair_files(files: PairFiles) -> None:
    """An InputError naming the option of the first file ``files`` names that is none, an
    OutputError where --output could not be written."""
    check_files([files.src_file], "--src-file", pipes=True)  # -i <(cmd): read once
    check_files([files.tgt_file], "--tgt-file", pipes=True)
    check_files([files.input_file], "--input", pipes=True)
    check_output_file(files.output)  # -o into no folder: said before the model loads
    read = {"--src-file": files.src_file, "--tgt-file": files.tgt_file}
    check_not_read(files.output, {**read, "--input": files.input_file})


def pair_format(path: str, given: str | None) -> str:
    """The format of the pair file ``path``: ``given`` (None or "auto": by its extension; stdin
    and names of no known extension: tsv)."""
    return format_of(path, None if given in (None, "auto") else given, default="tsv")


def check_sides_picked(src_lang: str | None, tgt_lang: str | None, path: str, fmt: str) -> None:
    """A ValueError where --src-lang or --tgt-lang is given for pairs that are not a memory's
    (``fmt``): they pick a memory's sides; read for nothing, they would say a direction that
    the pairs of ``path`` never had."""
    if (src_lang or tgt_lang) and fmt not in MEMORIES:
        shown = shown_path(path)
        read = f"{shown} is {fmt}, source first"
        if fmt == "lines":
            read = "--src-file and --tgt-file are the sides"
        raise ValueError(
            "--src-lang and --tgt-lang pick the sides of a memory (.po, .mo, .tmx, .xliff); "
            f"{read}: leave them out"
        )


def counted_file(path: str, fmt: str) -> str:
    """``path``, whose lines a progress bar counts; '-' (no bar) for a memory, whose lines are
    not its pairs."""
    return "-" if fmt in MEMORIES else path


def read_pair_file(
    path: str,
    fmt: str,
    languages: tuple[str | None, str | None],
    model_languages: tuple[str, str] | None,
    warn: Callable[[str], None] | None = None,
    contexts: bool = False,
    format_option: str | None = "--pairs-format",
) -> list[Pair]:
    """Every pair of ``path`` in ``fmt``, in order, read before any is used (``contexts``: each
    with its context, a catalogue entry's msgctxt: formats/pairs.read_pairs); a memory's sides
    in ``languages`` (--src-lang, --tgt-lang), each not given the model's, else the file's
    own (an XLIFF file's, a catalogue's, a TMX's: formats.pairs.with_declared); ``warn`` hears a
    memory's counts where it skipped entries (read, kept, skipped by reason; all kept: nothing
    is wrong, nothing said, as a TAB file's). Languages given that are not the
    model's are a UsageError (en-fr pairs scored by a fr-en model: every score meaningless);
    for a model that records none, ``warn`` hears the sides taken, which nothing checks. A
    line of another format (JSON lines read as TAB lines) says how to read it: with
    ``format_option`` (None: the command has none), or by the file's name."""
    wanted = (languages[0] or "", languages[1] or "")
    shown = shown_path(path)
    if model_languages is not None:
        check_model_languages(shown, wanted, model_languages)
        wanted = (wanted[0] or model_languages[0], wanted[1] or model_languages[1])

    def report(counts: str) -> None:  # entries left out are worth a warning; all kept, not
        if warn is not None and SKIPPED in counts:
            warn(counts)

    def taken(sides: tuple[str, str]) -> None:
        if model_languages is None and fmt in MEMORIES and warn is not None:
            warn(f"{shown}: the model records no languages: its pairs read {'->'.join(sides)}")

    said = report if fmt in MEMORIES else None
    try:  # an XLIFF file names its own languages
        return declared_pairs(path, fmt, wanted, said, warn, taken, contexts)
    except OtherFormatError as e:
        raise told_how(e, format_option) from None


def check_model_languages(shown: str, given: tuple[str, str], model: tuple[str, str]) -> None:
    """A UsageError where a side given (``given``: "" not given) is not the ``model``'s."""
    flags = ("--src-lang", "--tgt-lang")
    wrong = [f"{f} {g}" for f, g, m in zip(flags, given, model) if g and not same_language(g, m)]
    if wrong:
        raise UsageError(
            f"{shown}: {' '.join(wrong)}, but the model translates {model[0]}->{model[1]}: "
            "give its languages, or leave them out"
        )


def read_pairs(
    files: PairFiles,
    warn: Callable[[str], None] | None = None,
    model_languages: tuple[str, str] | None = None,
) -> list[Pair]:
    """Every pair ``files`` names, in order; InputError "FILE: line N: ..." at the first
    malformed line, before anything is scored. A memory's sides: --src-lang and --tgt-lang,
    else ``model_languages``; ``warn`` hears its counts where it skipped entries."""
    check_pair_files(files)
    if files.src_file is not None and files.tgt_file is not None:
        with (
            open_lines(files.src_file, warn) as srcs,
            open_lines(files.tgt_file, warn) as tgts,
        ):
            return list(side_by_side(srcs, tgts, files.src_file, files.tgt_file))
    languages = (files.src_lang, files.tgt_lang)
    return read_pair_file(files.input_file, files.format, languages, model_languages, warn)


def check_pair_file(pairs: PairOptions) -> str | None:
    """The format of `nmt align`'s --pairs (None: no --pairs), its --src-lang and --tgt-lang
    checked against it (a UsageError), each file named there (an InputError naming its
    option) and --output (an OutputError): before a model loads."""
    check_files([pairs.gold], "--gold", pipes=True)  # --pairs <(cmd): read once
    check_files([pairs.src_file], "--src-file", pipes=True)
    check_files([pairs.tgt_file], "--tgt-file", pipes=True)
    check_files([pairs.pairs], "--pairs", pipes=True)
    check_output_file(pairs.output)
    read = {"--src-file": pairs.src_file, "--tgt-file": pairs.tgt_file, "--pairs": pairs.pairs}
    check_not_read(pairs.output, {**read, "--gold": pairs.gold})
    if pairs.pairs is None:
        return None
    fmt = pair_format(pairs.pairs, pairs.pairs_format)
    try:  # --src-file's: PairOptions
        check_sides_picked(pairs.src_lang, pairs.tgt_lang, pairs.pairs, fmt)
    except ValueError as e:
        raise UsageError(str(e)) from None
    return fmt


def align_pair_file(bundle, pairs: PairOptions, on_progress, warn=None, **options):
    """The file mode of `nmt align` (align/forced.py, align_file): the lines of --src-file and
    --tgt-file as they come, or the pairs of --pairs, read whole first (read_pair_file, a
    memory's sides by --src-lang/--tgt-lang, else the model's). --gold is read and parsed
    first and checked against the pairs (check_gold_fits) before any is aligned."""
    from nmt_cli.align.forced import align_file  # torch: only once a model aligns

    given = None
    if (fmt := check_pair_file(pairs)) is not None:
        languages = (pairs.src_lang, pairs.tgt_lang)
        given = read_pair_file(pairs.pairs, fmt, languages, bundle.languages, warn)
    gold = None if pairs.gold is None else read_gold(pairs.gold, warn)  # before the work
    if gold is not None:
        given = check_gold_fits(gold, pairs, given, warn)
    return align_file(bundle, pairs, on_progress, warn, given, gold, **options)


def check_gold_fits(gold, pairs: PairOptions, given: list[Pair] | None, warn=None):
    """--gold's lines counted against the pairs, and its links against their words, before any
    pair is aligned: a gold file that does not fit writes nothing, to a file or to stdout.
    Returns the pairs ``given``, or where a side is a stream (stdin, a pipe), both sides read
    whole (scoring needs every pair anyway); None: align_file reads the two files."""
    files = (pairs.src_file or "-", pairs.tgt_file or "-")
    if given is None and any(f == "-" or is_stream(f) for f in files):
        with open_lines(files[0], warn) as srcs, open_lines(files[1], warn) as tgts:
            given = list(side_by_side(srcs, tgts, *files))
    if given is None:
        with open_lines(files[0]) as srcs, open_lines(files[1]) as tgts:
            sizes = [(len(s.split()), len(t.split())) for s, t in side_by_side(srcs, tgts, *files)]
    else:
        sizes = [(len(s.split()), len(t.split())) for s, t in given]
    check_gold_count(gold, len(sizes), pairs.gold)
    check_gold_links(gold, sizes, pairs.gold)
    return given
