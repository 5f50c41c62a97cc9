"""A line whose quotation marks are written in a form the model misreads is translated with
plain double marks, and its translation's marks written back in the line's form:

- all its double marks escaped by a backslash (``Cliquez sur \\"Enregistrer\\".``: a string of
  a catalogue or of code pasted as a line): fr-en wrote ``Click \\ “ER save*".``, the backslash
  glued to the mark and the word after it read in pieces;
- its quotations in single marks, ``'…'`` or ``‘…’``, and no double marks (``Cliquez sur
  'Enregistrer'.``): fr-en wrote "Click 'ENave'.", ``Le bouton 'Annuler'`` "The button
  'Annnd'". An apostrophe inside a word (``l'utilisateur``) is no mark; a line with another
  single mark (a possessive's, ``Jones'``) is read as written.
"""

from __future__ import annotations

import re
from dataclasses import replace

_BARE = re.compile(r'(?<!\\)"')  # a mark no backslash escapes
_STRAIGHT = re.compile(r"(?<![\w'])'([^'\s](?:[^']*[^'\s])?)'(?![\w'])")
_CURLY = re.compile(r"(?<![\w‘’])‘([^‘’\s](?:[^‘’]*[^‘’\s])?)’(?![\w‘’])")
_APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w)")  # l'utilisateur, aujourd’hui
_DOUBLE = re.compile('["“”«»„]')


def translate_escaped(translator, lines: list[str], with_alignment: bool, on_progress):
    """Each line's translations (translator.py's ``_translate_new`` of ``lines``), a line whose
    marks are in such a form translated with plain double marks and given its form back;
    None where no line is such."""
    read = [_read(line) for line in lines]
    if all(r is None for r in read):
        return None
    out = translator.translate(
        [r[0] if r else x for r, x in zip(read, lines)], with_alignment, on_progress
    )
    return [
        [_given_back(t, line, r[1]) if r else t for t in nbest]
        for line, r, nbest in zip(lines, read, out)
    ]


def _given_back(t, line: str, write):
    """``t`` of ``line`` read with double marks: its text, and its sentences' sources and
    texts, with marks in the line's form again."""
    parts = [replace(x, source=write(x.source), text=write(x.text)) for x in t.sentences]
    return replace(t, source=line, text=write(t.text), sentences=parts)


def _read(line: str):
    """(``line`` with plain double marks, what writes its translation's marks back) where its
    marks are in such a form; else None."""
    if '\\"' in line and not _BARE.search(line):
        return line.replace('\\"', '"'), lambda text: _BARE.sub(r'\\"', text)
    if _DOUBLE.search(line):
        return None
    for single, left, right in ((_STRAIGHT, "'", "'"), (_CURLY, "‘", "’")):
        read = single.sub(r'"\1"', line)
        if read != line and not re.search("['‘’]", _APOSTROPHE.sub("", read)):
            return read, lambda text, a=left, b=right: _written(text, a, b)
    return None


def _written(text: str, left: str, right: str) -> str:
    """``text`` with its double marks the line's single ones, ``left`` and ``right``."""
    out, opened = [], False
    for c in text:
        if c in '"“”':
            c = {"“": left, "”": right}.get(c, right if opened else left)
            opened = c == left
        out.append(c)
    return "".join(out)
