"""Plural and gender marks in brackets, ``élément(s)``, ``sélectionné(e)s``, ``Le(s)``: an
interface string's way of writing one or more, taken out before translation and put back on
the translation's nouns.

The tokenizer reads ``(s)`` as pieces of their own, and the model wrote them where it could:
``Vous avez sélectionné %n élément(s).`` gave "You selected %n items).", ``%d fichier(s)
supprimé(s)`` "%d file(s) deleted (s)". The line is translated with each mark's letters
joined to its word (``éléments``, ``sélectionnées``, ``Les``: the plural; a word the model
was taught: not code's ``len(s)``); a target word
aligned to a word that held a mark, and that is a word of the model's targets with ``s`` or
``es`` added (``items``: ``item``), is written with the mark (``item(s)``); any other word
(``selected``, ``deleted``: English agrees no adjective) as translated. A verb's plural ending
(``sera(ont)``) is left out.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from nmt_cli.inference.translation import Translation

# a mark glued to a word of two letters or more, before another mark, punctuation or a space
MARK = re.compile(r"(?<=[^\W\d_]{2})\((?:e?s|e)\)(?=\(|[^\w(]|$)")
# a verb's plural ending (``sera(ont)``, ``doit(vent)``): left out, the verb read singular
_VERB_MARK = re.compile(r"(?<=[^\W\d_])\((?:ont|nt|ent|vent)\)(?=[^\w(]|$)")
_WORD = re.compile(r"^(\W*)([^\W\d_]+)(.*)$")  # leading punctuation, letters, the rest


def has_marks(line: str) -> bool:
    """Whether ``line`` holds a mark :func:`unmarked` takes out (a cheap look, before its
    spans are found)."""
    return bool(MARK.search(line) or _VERB_MARK.search(line))


def unmarked(
    line: str, known: Collection[str], spans: Sequence[tuple[int, int]] = ()
) -> tuple[str, set[int]] | None:
    """``line`` with each mark outside ``spans`` (its protected spans) joined to its word (its
    letters without the brackets), and the indices of the whitespace words that held one; None
    for a line with none, or where a word so joined is not one of ``known`` (the model's source
    words: ``len(s)`` is code, "lens" no word of it)."""
    found = [*MARK.finditer(line), *_VERB_MARK.finditer(line)]
    marks = sorted(
        (m for m in found if not any(a <= m.start() < b for a, b in spans)), key=lambda m: m.start()
    )
    if not marks:
        return None
    words = {len(line[: m.start()].split()) - 1 for m in marks if m.re is MARK}
    out, at = [], 0
    for m in marks:
        out += [line[at : m.start()], m[0][1:-1] if m.re is MARK else ""]
        at = m.end()
    text = "".join(out) + line[at:]
    joined = [_WORD.match(w) for k, w in enumerate(text.split()) if k in words]
    if not all(w and w[2].lower() in known for w in joined):
        return None
    return text, words


def remarked(t: Translation, words: set[int], written: Collection[str]) -> Translation:
    """``t``, the translation of a line :func:`unmarked` gave back (``words``: its words that
    held a mark), with ``(s)`` or ``(es)`` on each target word aligned to one of them that is a
    plural of a word in ``written`` (the model's target words)."""
    out = t.text.split()
    for j in sorted({j for s, j in t.alignment if s in words and j < len(out)}):
        parts = _WORD.match(out[j])
        if parts is None:
            continue
        lead, letters, rest = parts.groups()
        for ending in ("s", "es"):
            stem = letters[: -len(ending)]
            if letters.endswith(ending) and len(stem) >= 3 and stem.lower() in written:
                out[j] = f"{lead}{stem}({ending}){rest}"
                break
    return replace(t, text=" ".join(out))
