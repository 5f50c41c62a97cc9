"""Definition lists and attribute lists in a Markdown paragraph's lines, as Pandoc, kramdown
(GitHub Pages' Jekyll), PHP Markdown Extra and MkDocs read them.

CommonMark reads ``Pomme`` / ``:   Un fruit.`` as one paragraph, and kramdown's or MkDocs'
attribute list on a line of its own (``{: .note}``, ``{ #intro }``) as its words: joined and
wrapped again, "Apple: A fruit." lost its list and the attributes their line ("... a class. {:"
/ ".note}"), and a definition's colon went to the model. Here each term and each definition
(with the lines that go on it) is a text of its own, its marker (``:`` or ``~`` and the white
space after it) written as it was, and an attribute list's line is written as it was.
"""

from __future__ import annotations

import re

# A definition's marker: a colon or a tilde up to three spaces in, then white space
_DEFINITION = re.compile(r"[ ]{0,3}[:~][ \t]+(?=\S)")
# An attribute list on a line of its own: {: .class #id key="value"}, { #id }, {:.class}
_ATTRIBUTES = re.compile(r"\{:?[ \t]*(?:[#.][\w-]|[\w-]+=)[^{}\n]*\}[ \t]*")


def parts(content: str) -> list[tuple[int, int, str | None]]:
    """The texts of a paragraph (``content``, its lines as markdown-it gives them), each as
    (its first line, the line after its last, its text): one, ``(0, n, None)``, the
    paragraph's own, where none of its lines is a definition or an attribute list."""
    lines = content.split("\n")
    defines = [_DEFINITION.match(line) is not None for line in lines]
    kept = [_ATTRIBUTES.fullmatch(line) is not None for line in lines]
    if not any(defines) and not any(kept):
        return [(0, len(lines), None)]
    out: list[tuple[int, int, str | None]] = []
    listed = any(defines)
    for k, line in enumerate(lines):
        if kept[k]:
            continue  # written as it was
        m = _DEFINITION.match(line)
        text = line[m.end() :] if m else line
        # a definition's next line, or a paragraph's beside an attribute list; before the
        # first definition, each line is a term of its own
        if out and out[-1][1] == k and not m and (not listed or any(defines[:k])):
            first, _, said = out[-1]
            out[-1] = (first, k + 1, f"{said}\n{text}")
        else:  # a term (each on its line), a definition
            out.append((k, k + 1, text))
    return out
