"""Sentence pairs one a line: a source and a target separated by one TAB (``.tsv``, ``.tab``),
or a JSON object with string fields ``src`` and ``tgt`` (``.jsonl``; other fields passed
over). Read as they are written: the file's columns are the pair's sides, whatever the
languages (no marker removed, nothing skipped; blank lines that end the file, as an editor
leaves them, are no pairs). A malformed line (a wrong number of columns,
bad JSON, a missing field) is one error naming the file and the line. A UTF-8 byte order mark
(Windows editors write one) is not text: it is taken off the first line, which would otherwise
not parse as JSON, or begin its source with U+FEFF.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from nmt_cli.errors import InputError
from nmt_cli.formats.memory import Counts, Pair, Report
from nmt_cli.textio import open_lines

TSV_EXTENSIONS = (".tsv", ".tab")
JSONL_EXTENSIONS = (".jsonl", ".ndjson")
_XML_START = re.compile(r"\s*<(?:\?xml\b|!DOCTYPE\s+(?:tmx|xliff)\b|tmx\b|xliff\b)")


class OtherFormatError(InputError):
    """A file read as TAB lines whose line is one of another format's: ``formats`` (those it
    may be: "jsonl"; "tmx", "xliff"), for the command to say how to read it as that (its own
    option, a file's name); the message says what the line is, no option."""

    def __init__(self, message: str, formats: tuple[str, ...]):
        super().__init__(message)
        self.formats = formats


def tsv_pair(line: str) -> Pair:
    """(source, target) of a ``source TAB target`` line; ValueError where it is not one,
    OtherFormatError where it is another format's line."""
    columns = line.split("\t")
    if len(columns) != 2:
        why = f"{len(columns)} TAB-separated columns, expected 2 (source, target)"
        if line.lstrip().startswith("{"):  # JSON lines, read as TAB lines (stdin's default)
            raise OtherFormatError(f"{why}; a JSON line", ("jsonl",))
        if _XML_START.match(line):  # a memory whose name does not say it (tm.txt, stdin)
            raise OtherFormatError(f"{why}; an XML memory", ("tmx", "xliff"))
        raise ValueError(why)
    return columns[0], columns[1]


def json_pair(line: str, context: bool = False) -> tuple[str, ...]:
    """(src, tgt) of a JSON line (``context``: and its ``context``, a string: "" where it has
    none, as a catalogue entry without msgctxt); ValueError where it is not an object with
    both strings."""
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
    if context:
        said = record.get("context")
        return record["src"], record["tgt"], said if isinstance(said, str) else ""
    return record["src"], record["tgt"]


def read_pairs(
    path: str,
    fmt: str,
    report: Report | None = None,
    warn: Callable[[str], None] | None = None,
    contexts: bool = False,
) -> Iterator[Pair]:
    """The pairs of ``path`` (``-``: stdin; gzip or xz too), ``fmt`` "tsv" or "jsonl" (with
    ``contexts``, a JSON line's pair with its ``context`` after it: json_pair);
    InputError "FILE: line N: ..." at the first malformed line. ``report`` hears the counts
    once the file is read; ``warn``, invalid UTF-8 (textio.LineReader)."""
    parse = (lambda x: json_pair(x, contexts)) if fmt == "jsonl" else tsv_pair
    with open_lines(path, warn) as lines:
        counts = Counts(lines.name)
        blank = 0  # the first of the blank lines read since the last pair
        for n, line in enumerate(lines, 1):
            if n == 1:
                line = line.removeprefix("\ufeff")
            if not line.strip() and "\t" not in line:  # "\t": a pair of two empty sides
                blank = blank or n
                continue
            if blank:
                raise InputError(
                    f"{lines.name}: line {blank}: a blank line, not a pair (blank lines are "
                    "passed over at the end of a file only)"
                )
            try:
                pair = parse(line)
            except OtherFormatError as e:
                raise OtherFormatError(f"{lines.name}: line {n}: {e}", e.formats) from None
            except ValueError as e:
                raise InputError(f"{lines.name}: line {n}: {e}") from None
            counts.read += 1
            counts.kept += 1
            yield pair
    if report is not None:
        report(counts.summary())
