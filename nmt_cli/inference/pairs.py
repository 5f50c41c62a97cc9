"""Where `nmt score` reads its sentence pairs and writes their scores, and how.

Pairs come from two files of one length (``--src-file``/``--tgt-file``), or one pair a line
from ``--input`` (stdin by default): a source and a target separated by one TAB, or a JSON
object with string fields ``src`` and ``tgt`` (other fields are passed over). Every line is
read and checked before any is scored, so a malformed line (a wrong number of columns, bad
JSON, a missing field) is one error naming the file and the line, and nothing is written.
torch-free: read at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.errors import InputError
from nmt_cli.inference.options import WORD_SCORES_HELP
from nmt_cli.output import OUTPUT_HELP
from nmt_cli.settings import setting
from nmt_cli.textio import check_files, open_lines, side_by_side

INPUT_FORMATS = ("tsv", "jsonl")  # one pair a line: source TAB target, or {"src", "tgt"}
OUTPUT_FORMATS = ("text", "jsonl")  # one score a line, or {"score", "log_prob", "tokens"}

Pair = tuple[str, str]  # (source, target)


@dataclass(frozen=True)
class PairFiles:
    """What `nmt score` reads and where it writes."""

    src_file: str | None = setting(None, "Sources, one per line (with --tgt-file).")
    tgt_file: str | None = setting(None, "Targets, one per line (with --src-file).")
    input_file: str = setting(
        "-", "Pairs, one a line, without --src-file ('-': stdin).", "--input", "-i"
    )
    input_format: str = setting(
        "tsv", "Source TAB target, or JSON lines with src and tgt.", choices=INPUT_FORMATS
    )
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    fmt: str = setting(
        "text",
        "One score a line, or JSON records (score, log_prob, tokens).",
        "--format",
        choices=OUTPUT_FORMATS,
    )
    word_scores: bool = setting(False, WORD_SCORES_HELP)
    chunk_lines: int = setting(1000, "Pairs scored at a time (in passes sorted by length).")

    def __post_init__(self) -> None:
        if (self.src_file is None) != (self.tgt_file is None):
            raise ValueError("--src-file and --tgt-file go together")
        if self.src_file is not None and (self.input_file != "-" or self.input_format != "tsv"):
            raise ValueError(
                "give --src-file and --tgt-file, or --input (--input-format), not both"
            )
        if self.word_scores and self.fmt != "jsonl":
            raise ValueError("--word-scores goes with --format jsonl")
        if self.chunk_lines < 1:
            raise ValueError("--chunk-lines must be positive")

    @property
    def counted(self) -> str:
        """The file whose lines are the pairs (for a progress bar)."""
        return self.src_file or self.input_file


def read_pairs(files: PairFiles, warn: Callable[[str], None] | None = None) -> list[Pair]:
    """Every pair ``files`` names, in order; InputError "FILE: line N: ..." at the first
    malformed line, before anything is scored."""
    check_files([files.src_file, files.tgt_file, files.input_file])
    if files.src_file is not None and files.tgt_file is not None:
        with (
            open_lines(files.src_file, warn) as srcs,
            open_lines(files.tgt_file, warn) as tgts,
        ):
            return list(side_by_side(srcs, tgts, files.src_file, files.tgt_file))
    parse = _json_pair if files.input_format == "jsonl" else _tsv_pair
    with open_lines(files.input_file, warn) as lines:
        out = []
        for n, line in enumerate(lines, 1):
            try:
                out.append(parse(line))
            except ValueError as e:
                raise InputError(f"{lines.name}: line {n}: {e}") from None
        return out


def _tsv_pair(line: str) -> Pair:
    columns = line.split("\t")
    if len(columns) != 2:
        raise ValueError(f"{len(columns)} TAB-separated columns, expected 2 (source, target)")
    return columns[0], columns[1]


def _json_pair(line: str) -> Pair:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg}, column {e.colno})") from None
    if not isinstance(record, dict):
        raise ValueError("not a JSON object with src and tgt")
    for key in ("src", "tgt"):
        if not isinstance(record.get(key), str):
            what = "missing" if key not in record else "not a string"
            raise ValueError(f'the field "{key}" is {what}')
    return record["src"], record["tgt"]
