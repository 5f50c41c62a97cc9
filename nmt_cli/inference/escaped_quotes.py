"""A line whose double quotation marks are all escaped by a backslash (``Cliquez sur
\\"Enregistrer\\".``: a string of a catalogue or of code pasted as a line) is translated with
plain marks, and its translation's marks escaped again. Read as written, the backslash stood
glued to the mark and the word after it was read in pieces: fr-en wrote ``Click \\ “ER save*".``.
"""

from __future__ import annotations

import re
from dataclasses import replace

_BARE = re.compile(r'(?<!\\)"')  # a mark no backslash escapes


def translate_escaped(translator, lines: list[str], with_alignment: bool, on_progress):
    """Each line's translations (translator.py's ``_translate_new`` of ``lines``), a line whose
    marks are all escaped translated without its backslashes and given them back; None where
    no line is such."""
    read = [_unescaped(line) for line in lines]
    if read == lines:
        return None
    out = translator.translate(read, with_alignment, on_progress)
    return [
        [replace(t, source=line, text=_escaped(t.text)) if r != line else t for t in nbest]
        for line, r, nbest in zip(lines, read, out)
    ]


def _unescaped(line: str) -> str:
    """``line`` with its escaped marks plain, where it has some and no mark unescaped."""
    if '\\"' not in line or _BARE.search(line):
        return line
    return line.replace('\\"', '"')


def _escaped(text: str) -> str:
    """``text`` with each of its straight double marks escaped by a backslash."""
    return _BARE.sub(r'\\"', text)
