"""A glossary: source terms whose translation is fixed (``nmt translate --glossary FILE``).

The file is UTF-8 text (or UTF-16, UTF-32 after a byte order mark; gzip, xz), one term a line,
``source term<TAB>target term``; blank lines and lines that start with ``#`` are comments; a
control character (a NUL) in a term is an error.
Spaces around a term are not part of it. A term may hold several words
(``Conseil d'administration<TAB>Board of Directors``).

Where a source term occurs in a line, it is a protected span of its own (spans.py, kind
``term``): the model reads a placeholder, and the translation shows the target term where the
placeholder is (protect/placement.py), once for each occurrence. A term matches:

- as written, case included: ``Conseil`` is not ``conseil`` (a glossary that wants both gives
  both, each with its target: the target's case is the glossary's, not guessed);
- as whole words: not inside a longer word, a hyphen joining words (``porte`` is not found in
  ``porte-parole``, ``réunion`` not in ``réunions``), but after an elided article
  (``administration`` in ``l'administration``);
- longest first: of ``Conseil`` and ``Conseil d'administration``, the longer where both start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from nmt_cli.errors import InputError
from nmt_cli.textio import CONTROL, check_files, open_lines

# Characters that continue a word: a term is not matched where one touches it.
_WORD = r"[\w-]"


def term_pattern(terms: Iterable[str]) -> re.Pattern | None:
    """The pattern that finds ``terms`` in a line: whole words, the longest term first where
    several start at one place (None: no terms)."""
    longest_first = sorted(set(terms), key=lambda t: (-len(t), t))
    if not longest_first:
        return None
    either = "|".join(re.escape(t) for t in longest_first)
    return re.compile(rf"(?<!{_WORD})(?:{either})(?!{_WORD})")


def read_glossary(path: str | Path) -> dict[str, str]:
    """{source term: target term} of the glossary file ``path``; ValueError ``PATH:LINE: why``
    for the first line that is not a term (or ``PATH: why`` where the file cannot be read).

    Read as every command reads its input (textio.open_lines): UTF-8, or UTF-16 or UTF-32 after
    a byte order mark (a spreadsheet's "Unicode text"), gzip or xz; a byte that is not UTF-8
    is an error here, not a Windows-1252 guess: a term misread would never match."""
    check_files([path], "--glossary", pipes=True)  # an InputError, as any file missing
    terms: dict[str, str] = {}
    first_line: dict[str, int] = {}
    try:
        with open_lines(path, strict=True) as lines:
            for n, line in enumerate(lines, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                source, target = _term(line, f"{path}:{n}")
                if terms.get(source, target) != target:
                    raise ValueError(
                        f"{path}:{n}: {source!r} has another target term on line "
                        f"{first_line[source]}"
                    )
                terms[source] = target
                first_line.setdefault(source, n)
    except InputError as e:  # unreadable, not UTF-8, a corrupt .gz
        raise ValueError(f"--glossary {e}") from None
    return terms


def _term(line: str, where: str) -> tuple[str, str]:
    """(source term, target term) of a glossary line; ValueError naming ``where`` if it is none."""
    fields = line.split("\t")
    if len(fields) != 2:
        tabs = "no tab" if len(fields) == 1 else f"{len(fields) - 1} tabs"
        raise ValueError(f"{where}: expected 'source term<TAB>target term', found {tabs}")
    source, target = (f.strip() for f in fields)
    for name, term in (("source", source), ("target", target)):
        if not term:
            raise ValueError(f"{where}: the {name} term is empty")
        if found := CONTROL.search(term):  # a NUL read as text: "The fe line sleeps."
            code = f"U+{ord(found[0]):04X}"
            raise ValueError(f"{where}: the {name} term holds a control character ({code})")
    return source, target
