"""French abbreviations of help pages and FAQs, read by the model as the words they stand for.

The model learned few of them, and read their full stops as a sentence's end or their letters as
a word: fr-en wrote ``L'installation occupe env. 500 Mo`` "The installation occurred. 500 MB",
``(env. 200 personnes) recevront`` "(in. 200 people will receive" (its bracket lost), ``(p. ex.
CSV, XLSX ou ODS)`` "(p. CSV, XLSX or ODS)", ``Les fichiers temporaires, c.-à-d. les fichiers
.tmp, sont`` "Temporary files inside. The .tmp files are", ``(min. 5, max. 300)`` "(5, max.
300)". The model reads each as its words (``environ``, ``par exemple``, ``c'est-à-dire``,
``minimum``, ``maximum``), one word for one, so that the word indices of what it reads are the
line's (``--align``); the translation's source is the line as written.

    p. ex.    ``par exemple``, its space kept; ``P. ex.`` ``Par exemple``; ``par ex.`` too
              (fr-en wrote ``(par ex. 192.168.1.1)`` "(par. 192.168.1.1)")
    c.-à-d.   ``c'est-à-dire`` (``c-à-d``, ``c.-à-d`` too)
    env.      ``environ`` before a word with a digit (a number, a measure, a placeholder): not a
              file's name, ``.env``
    min. max. ``minimum``, ``maximum`` before a word with a digit (``min. 8 caractères``): not
              minutes, ``15 min.``, nor ``25 Mo max.`` (the model reads that one); after a word
              of four letters or more too (``8 caractères min.``: fr-en wrote "8 mine", the
              characters lost)
    réf.      ``référence`` (fr-en wrote ``Réf. : ABC-123/2024`` "Remove. : ABC-123/2024")
    hab.      ``habitants`` after a number (fr-en wrote ``(12 000 hab.)`` "(12,000 dab)")
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nmt_cli.inference.translation import Translation

_SPACE = "[ \u00a0\u202f]"
_ENDS = re.compile(rf"$|{_SPACE}+[A-ZÀ-Ý]")  # the line's end, a sentence after
_DIGIT_NEXT = rf"(?={_SPACE}\S*\d)"  # the next word holds a digit: 500, 25 Mo, <ph1>
_FRENCH = re.compile(
    rf"(?<![\w.])(?P<p>[Pp])(?:\.|ar)(?P<s>{_SPACE})ex\.(?!\w)"
    r"|(?<![\w.'’-])(?P<c>[Cc])\.?-à-d(?:\.|(?![\w-]))"
    rf"|(?<![\w./\\~-])(?P<e>[Ee])nv\.{_DIGIT_NEXT}"
    rf"|(?<![\w./\\~-])(?P<m>[Mm])(?P<x>in|ax)\.{_DIGIT_NEXT}"
    rf"|(?<=[^\W\d_]{{4}}{_SPACE})m(?P<after>in|ax)\.(?=$|{_SPACE}|[,;)])"
    r"|(?<![\w.])(?P<r>[Rr])éf\.(?!\w)"
    rf"|(?<=\d{_SPACE})hab\.(?=$|{_SPACE}|[,;)])"  # 22 000 hab.
)


def _word(m: re.Match) -> str:
    if m["p"]:
        return f"{m['p']}ar{m['s']}exemple"
    if m["c"]:
        return f"{m['c']}'est-à-dire"
    if m["e"]:
        return f"{m['e']}nviron"
    if m["r"]:
        return f"{m['r']}éférence"
    if m["after"] or m[0] == "hab.":  # 8 caractères min.: its full stop a sentence's end too
        word = f"m{m['after']}imum" if m["after"] else "habitants"
        return word + ("." if _ENDS.match(m.string, m.end()) else "")
    return f"{m['m']}{m['x']}imum"


def read_out(
    lines: list[str],
    languages: tuple[str, str] | None,
    spans: Callable[[str], list[tuple[int, int]]] | None = None,
) -> list[str]:
    """``lines``, of a model translating ``languages``, with their abbreviations as their words,
    but inside the spans ``spans(line)`` finds (``(start, end)`` each: a path, code); French's
    only (a line of any other language as it is)."""
    if not languages or languages[0] != "fr":
        return lines
    return [_read(line, spans) if _FRENCH.search(line) else line for line in lines]


def _read(line: str, spans: Callable[[str], list[tuple[int, int]]] | None) -> str:
    kept = spans(line) if spans else []

    def word(m: re.Match) -> str:
        inside = any(a < m.end() and m.start() < b for a, b in kept)
        return m[0] if inside else _word(m)

    return _FRENCH.sub(word, line)


def as_written(lines: list[str], out: list[list[Translation]]) -> list[list[Translation]]:
    """Each line's n-best (``out``, of the lines read out) with the line as written its source."""
    return [[replace(t, source=line) for t in nbest] for line, nbest in zip(lines, out)]
