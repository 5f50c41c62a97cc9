"""The lines of a Markdown paragraph that extended Markdown reads as marks: definition lists and
attribute lists (Pandoc, kramdown, GitHub Pages' Jekyll, PHP Markdown Extra, MkDocs), fenced
containers (Docusaurus' and VitePress' ``:::note``, Pandoc's ``::: {.note}``) and template
tags on a line of their own (Liquid's ``{% raw %}``, Hugo's ``{{< figure ... >}}``).

CommonMark reads them as a paragraph's lines: joined and wrapped again, ``Pomme`` / ``:   Un
fruit.`` came back "Put: A red fruit.", a list no more, ``{: .note}`` went to mid-line ("...
a class. {:" / ".note}"), and ``:::note`` / ``Une remarque.`` / ``:::`` came back ": \\`\\`note
one remark. :", a container no more. Here each term and each definition (with the lines that
go on it) is a text of its own, its marker (``:`` or ``~`` and the white space after it)
written as it was; a container's fence is written as it was, but its title, translated on its
own (``::: tip Astuce du jour``, ``:::tip[Astuce du jour]``); an attribute list's line and a
template tag's are written as they were.
"""

from __future__ import annotations

import re

# A definition's marker: a colon or a tilde up to three spaces in, then white space
_DEFINITION = re.compile(r"[ ]{0,3}[:~][ \t]+(?=\S)")
# A line written as it was: an attribute list ({: .class #id key="value"}, { #id }), a
# template tag ({% raw %}, {{ page.title }}, {{< figure >}}, {{% notice %}}), a fence of a
# container without a title (:::, :::note, ::: {.note})
_KEPT = re.compile(
    r"\{:?[ \t]*(?:[#.][\w-]|[\w-]+=)[^{}\n]*\}[ \t]*"
    r"|\{%[^%]*%\}[ \t]*|\{\{[^{}]*\}\}[ \t]*"
    r"|[ ]{0,3}:{3,}[ \t]*(?:[\w-]+|\{[^{}\n]*\})?[ \t]*"
)
# A container's fence with a title: ``::: tip Astuce du jour``, ``:::tip[Astuce du jour]``
_TITLED = re.compile(r"[ ]{0,3}:{3,}[ \t]*[\w-]+(?:[ \t]+|\[)(?=\S)")


def parts(content: str) -> list[tuple[int, int, str | None]]:
    """The texts of a paragraph (``content``, its lines as markdown-it gives them), each as
    (its first line, the line after its last, its text): one, ``(0, n, None)``, the
    paragraph's own, where none of its lines is a mark of extended Markdown."""
    lines = content.split("\n")
    defines = [_DEFINITION.match(line) is not None for line in lines]
    kept = [_KEPT.fullmatch(line) is not None for line in lines]
    titles = [_TITLED.match(line) for line in lines]
    if not any(defines) and not any(kept) and not any(titles):
        return [(0, len(lines), None)]
    out: list[tuple[int, int, str | None]] = []
    alone = set()  # the lines that are texts of their own: terms, titles
    for k, line in enumerate(lines):
        if kept[k]:
            continue  # written as it was
        m = _DEFINITION.match(line) or titles[k]
        text = line[m.end() :] if m else line
        text = text.removesuffix("]") if titles[k] and "[" in m[0] else text  # :::tip[Titre]
        # a definition's next line, or a paragraph's beside a mark; before a definition, each
        # line is a term of its own
        if out and out[-1][1] == k and not m and k - 1 not in alone:
            first, _, said = out[-1]
            out[-1] = (first, k + 1, f"{said}\n{text}")
        else:
            out.append((k, k + 1, text))
            if titles[k] or any(defines[k + 1 :]) and not any(defines[: k + 1]):
                alone.add(k)
    return out
