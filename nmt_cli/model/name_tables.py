"""A model's tables of names it swaps for others, which the translator puts back
(nmt_cli/inference/swapped.py), counted over its training data by
``tests/benchmarks/names_table.py``.

``acronyms.tsv``: each source acronym with the target one its training data writes for it, one
pair a line, source TAB target (fr-en: ``TVA`` VAT, ``ONU`` UN). ``first-names.txt``: the names
its training data writes as they are before another name (``Marie`` Curie), one a line.
"""

from __future__ import annotations

from pathlib import Path

from nmt_cli.errors import ModelLoadError
from nmt_cli.output import write_text_atomic

ACRONYMS_FILE = "acronyms.tsv"
FIRST_NAMES_FILE = "first-names.txt"
NAME_TABLES = (ACRONYMS_FILE, FIRST_NAMES_FILE)


def write_pairs(path: Path, pairs: dict[str, str]) -> None:
    """A table of words: each key TAB its value, sorted by key, one a line, atomically."""
    write_text_atomic(path, "".join(f"{k}\t{v}\n" for k, v in sorted(pairs.items())))


def read_pairs(path: Path) -> dict[str, str] | None:
    """The table :func:`write_pairs` wrote; None without the file."""
    if not path.is_file():
        return None
    try:
        rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    except (OSError, UnicodeDecodeError) as e:
        raise ModelLoadError(f"{path}: unreadable ({e})") from None
    if any(len(row) != 2 for row in rows):
        raise ModelLoadError(f"{path}: a line is not two words apart by a TAB")
    return dict(rows)
