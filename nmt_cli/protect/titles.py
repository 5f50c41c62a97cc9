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

_NAME = r"[A-ZÀ-Ý][^\W\d_]+(?:['’-][A-ZÀ-Ý]?[^\W\d_]+)*"  # Lefèvre, Jean-Pierre, O'Neil
PATTERN = rf"(?<![\w'’-])(?:[Ll]e (?:Dr|Pr)|Mlle)\.?(?: {_NAME})+(?![\w'’-])"
NEEDS = r"[Ll]e [DP]r\b|Mlle"
# each title as a target writes it, by the source's (without its full stop)
_TITLES = {
    "en": {"Dr": "Dr", "Pr": "Prof.", "Mlle": "Miss"},
    "de": {"Dr": "Dr.", "Pr": "Prof.", "Mlle": "Frl."},
}
_TITLED = re.compile(r"(?:[Ll]e )?(Dr|Pr|Mlle)(\.?) (.+)", re.S)


def convert_title(text: str, source: str | None, target: str | None) -> str:
    """A title and its name after French's article (``text``) as ``target`` writes them: the
    article gone, the title the target's (English ``Dr``, keeping a full stop the source
    wrote: ``Dr.``); ``text`` for any other pair."""
    m = _TITLED.fullmatch(text)
    if source != "fr" or target not in _TITLES or m is None:
        return text
    title = _TITLES[target][m[1]]
    dot = m[2] if title == "Dr" else ""  # Dr. as written; Prof., Miss, Dr. (German) whole
    return f"{title}{dot} {m[3]}"
