"""How attention is read as an alignment: the settings of ``align_pairs`` (forced.py), options
of `nmt align`, and the decision rule's (rules.py), options of `nmt align` and
`nmt translate --align`; what `nmt align` aligns and where it writes (PairOptions)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nmt_cli.align.formats import FORMATS
from nmt_cli.align.rules import DEFAULT_RULE, PLACING_RULE, RULE_HELP, RULES, LinkRule
from nmt_cli.errors import UsageError
from nmt_cli.output import OUTPUT_HELP
from nmt_cli.settings import setting

LEVELS = ("word", "subword")
PAIR_FORMATS_SHOWN = "auto|tsv|jsonl|po|tmx|xliff"  # nmt_cli/formats/pairs.py, a floor above
PAIR_FORMATS = tuple(PAIR_FORMATS_SHOWN.split("|"))  # checked before a model loads


@dataclass(frozen=True)
class AlignOptions:
    level: str = setting("word", "Words, or the subword pieces.", choices=LEVELS)
    layer: int | None = setting(None, "Transformer cross-attention layer.")
    head: int | None = setting(None, "Transformer head (default: heads averaged).")


@dataclass(frozen=True)
class LinkOptions:
    """The decision rule as given (None: not given; :meth:`rule` makes the LinkRule): its name
    (``--links``) and threshold."""

    rule_name: str | None = setting(
        None,
        f"How links are read from the weights. {RULE_HELP}. [default: {DEFAULT_RULE}]",
        "--links",
        choices=RULES,
    )
    threshold: float | None = setting(
        None, "Keep links with weight >= P (implies --links threshold)."
    )

    def __post_init__(self) -> None:
        if self.threshold is not None and not 0.0 < self.threshold <= 1.0:
            raise ValueError("--threshold must be in (0, 1]")
        if self.threshold is not None and self.rule_name not in (None, "threshold"):
            raise ValueError(
                f"--threshold goes with --links threshold, not --links {self.rule_name}"
            )

    def rule(self, printed: bool = True) -> LinkRule:
        """The LinkRule of --links and --threshold (--threshold alone: the threshold rule), for
        links that are printed; for links that only place tags and runs (``printed`` False:
        `nmt translate` without --align, which refuses --links), the placing rule."""
        if not printed:
            return LinkRule(PLACING_RULE)
        if self.threshold is not None:
            return LinkRule("threshold", self.threshold)
        return LinkRule(self.rule_name or DEFAULT_RULE)


@dataclass(frozen=True)
class PairOptions:
    """What `nmt align` aligns, and where it writes."""

    source: str | None = setting(None, "Source of a given pair.")
    target: str | None = setting(None, "Target of a given pair.")
    src_file: str | None = setting(None, "Sources, one per line.")
    tgt_file: str | None = setting(None, "Targets, one per line.")
    pairs: str | None = setting(None, "Pairs: TAB or JSON lines, .po, .mo, .tmx, .xliff.")
    pairs_format: str | None = setting(
        None, "The --pairs file's format (default: by extension).", choices=PAIR_FORMATS
    )
    src_lang: str | None = setting(
        None, "A memory's source side (default: the model's, else the one the file names)."
    )
    tgt_lang: str | None = setting(
        None, "A memory's target side (default: the model's, else the one the file names)."
    )
    fmt: str | None = setting(
        None, "Default: table; pharaoh with --src-file.", "--format", choices=FORMATS
    )
    plot: Path | None = setting(None, "Draw the heat map to FILE.png or FILE.svg.")
    gold: str | None = setting(None, "Gold Pharaoh alignments: print AER, precision, recall.")
    max_width: int = setting(0, "Table width (0: the terminal's).")
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    chunk_lines: int = setting(200, "Pairs per batch in file mode.")

    def __post_init__(self) -> None:
        if (self.source is None) != (self.target is None):
            raise ValueError("--source and --target go together")
        if (self.src_file is None) != (self.tgt_file is None):
            raise ValueError("--src-file and --tgt-file go together")
        if self.pairs is not None and self.src_file is not None:
            raise ValueError("give --src-file and --tgt-file, or --pairs, not both")
        if self.pairs_format is not None and self.pairs is None:
            raise ValueError("--pairs-format goes with --pairs")
        files = self.files is not None
        if self.plot is not None and self.plot.suffix.lower() not in (".png", ".svg"):
            raise ValueError("--plot takes a .png or .svg file name")
        if files and self.fmt not in (None, "pharaoh", "json"):
            raise ValueError(
                "with --src-file or --pairs, --format must be pharaoh or json (one line per pair)"
            )
        if self.chunk_lines < 1:
            raise ValueError("--chunk-lines must be at least 1")
        if self.max_width < 0:
            raise ValueError("--max-width must be 0 (the terminal's width) or more")
        if self.gold is not None and not files:
            raise ValueError("--gold scores file mode: give --src-file and --tgt-file, or --pairs")
        if self.plot is not None and files:
            raise ValueError("--plot draws one sentence pair, not a file of them")
        if (self.src_lang or self.tgt_lang) and self.pairs is None:  # --pairs': align_pair_file
            raise ValueError(
                "--src-lang and --tgt-lang pick the sides of a memory given with --pairs; "
                "leave them out"
            )

    @property
    def files(self) -> str | None:
        """The file whose pairs file mode aligns (--src-file's, or --pairs), None: no file."""
        return self.src_file if self.src_file is not None else self.pairs

    @property
    def format(self) -> str:
        """The output format: --format, else a table (Pharaoh lines for files)."""
        return self.fmt or ("pharaoh" if self.files is not None else "table")


def check_request(text: bool, pairs: PairOptions, reading: AlignOptions, beam_given: bool) -> None:
    """A UsageError where `nmt align`'s options do not make one request: one of a sentence
    (``text``), a given pair, or a file of pairs; nor an option it would not read: -k/--beam
    (``beam_given``: away from its default) searches a translation, which a given target leaves
    none of; --max-width sets a table's."""
    if sum([text, pairs.source is not None, pairs.files is not None]) != 1:
        raise UsageError("give a sentence, --source/--target, --src-file/--tgt-file or --pairs")
    if pairs.gold is not None and reading.level == "subword":  # gold links are words'
        raise UsageError("--gold scores word links: not with --level subword")
    if beam_given and not text:
        raise UsageError(
            "-k/--beam searches the translation of a sentence to align; a given target "
            "(--target, --tgt-file, --pairs) is aligned as it is: leave -k out"
        )
    if pairs.max_width and pairs.format != "table":
        raise UsageError(f"--max-width sets a table's width: not with --format {pairs.format}")
