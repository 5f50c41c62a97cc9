"""A person's title after French's article, with the name it comes before (kind ``title``,
spans.py): ``le Dr Lefèvre``, ``Le Dr. Martin``, ``le Pr Jean Dupont``; and ``Mlle Petit``
(fr-en wrote "Mall Petit"), English ``Miss Petit``.

French writes an article before a doctor's or a professor's title; English writes none, and
fr-en kept it: ``Le Dr Lefèvre est arrivé hier.`` gave "The Dr Lefèvre arrived yesterday.",
``le Dr Balfour Mount et le Dr Bernard Lapointe`` "Dralf Balfour Mount and Drern Bernard
Lapointe". The title and the name pass through without the article (:func:`convert_title`:
English ``Dr Lefèvre``, ``Prof. Dupont``; German ``Dr. Lefèvre``), the name as written; as
written for a target without titles here.
"""

from __future__ import annotations

import re

from nmt_cli.protect.languages import LANGUAGES

_NAME = r"[A-ZÀ-Ý][^\W\d_]+(?:['’-][A-ZÀ-Ý]?[^\W\d_]+)*"  # Lefèvre, Jean-Pierre, O'Neil
PATTERN = rf"(?<![\w'’-])(?:[Ll]e (?:Dr|Pr)|Mlle)\.?(?: {_NAME})+(?![\w'’-])"
NEEDS = r"[Ll]e [DP]r\b|Mlle"
_READ = ("Dr", "Pr", "Mlle")  # French's titles (without a full stop), as the tables' order
_TITLED = re.compile(r"(?:[Ll]e )?(Dr|Pr|Mlle)(\.?) (.+)", re.S)


def convert_title(text: str, source: str | None, target: str | None) -> str:
    """A title and its name after French's article (``text``) as ``target`` writes them: the
    article gone, the title the target's (the language tables' ``titles``: English ``Dr``,
    keeping a full stop the source wrote: ``Dr.``); ``text`` for any other pair."""
    m = _TITLED.fullmatch(text)
    write = LANGUAGES.get(target or "")
    if source != "fr" or write is None or write.titles is None or m is None:
        return text
    title = write.titles[_READ.index(m[1])]
    dot = m[2] if title == "Dr" else ""  # Dr. as written; Prof., Miss, Dr. (German) whole
    return f"{title}{dot} {m[3]}"
