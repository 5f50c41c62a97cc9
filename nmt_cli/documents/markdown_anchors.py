"""A Markdown file's links to its own headings (``[ici](#installation)``), kept working.

GitHub (and GitLab, VS Code's preview, most static site generators) gives each heading an
anchor, its text's slug: lower case, its punctuation and symbols left out, each space a hyphen,
a slug met before given ``-1``, ``-2``... The translated heading has another slug (``#
Installation`` is ``# Installing``): a link whose destination is ``#`` and the slug of a
heading of the same file is written with the slug of that heading's translation, but where
the file says that name itself (an HTML ``id="..."`` or ``name="..."``, Pandoc's ``{#...}``:
an explicit anchor, which its translation keeps). So is an HTML start tag's ``href`` (SVG's
``xlink:href``) to ``#...``, quoted or not (markup/attributes.py reads it), inline or in an
HTML block, and a link reference definition's (``[ref]: #installation``, its destination on
the next line too): each went to the old anchor while a Markdown link beside it went to the
new one. Every other destination is written as it was; text that only looks like a link (in
another attribute's value, a comment) too.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from urllib.parse import unquote

from nmt_cli.markup.attributes import Attribute, read_attributes

# an anchor the file names itself: a start tag's id or name (<a id="x">, <a name=x>), read by
# markup/attributes.py (not a data-name's nor another attribute's text), Pandoc's {#x}
_START_TAG = re.compile(r"""<[A-Za-z](?:[^>"']|"[^"]*"|'[^']*')*>""")
_NAMES = ("id", "name")
_PANDOC = re.compile(r"\{#([^\s}]+)")
# a heading's attributes at its end (Pandoc's and kramdown's {#id .class}, {-}, MkDocs'
# {: #id }): its anchor, not its text; read with it, the model put them first ("# {#install}
# Installation"), where no reader takes them for the heading's id
_HEADING_ATTRIBUTES = re.compile(r"[ \t]+\{:?[ \t]*(?:[#.][^{}\n]*|-)\}[ \t]*\Z")
# the attributes of a start tag that link: HTML's href, SVG's xlink:href
_LINKS = ("href", "xlink:href")
# a link reference definition's destination, where it is an anchor: [ref]: #x, [ref]: <#x>,
# on the label's line or the next ("[ref]:" then "  #x"), the label on one line or more
_DEFINITION = re.compile(r"^([ ]{0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*\n?[ \t]*<?)(#[^\s>]*)")


def plain(children) -> str:
    """A heading's text as a reader sees it (markdown-it's inline tokens): its words and code,
    without marks, tags or images."""
    kinds = {"text": True, "code_inline": True, "math_inline": True}
    kinds |= {"softbreak": False, "hardbreak": False}
    return "".join(
        (t.content if kinds[t.type] else " ") for t in children or [] if t.type in kinds
    ).strip()


def text_of(content: str) -> str:
    """A heading's text (its one line) without the attributes at its end: they stay after its
    translation, as an ATX heading's closing ``#``s do."""
    m = _HEADING_ATTRIBUTES.search(content)
    if m is None or "\n" in content or not content[: m.start()].strip():
        return content
    return content[: m.start()]


def slug(text: str) -> str:
    """GitHub's slug of a heading's text (github-slugger): ``Étape 2 : l'installation`` is
    ``étape-2--linstallation``."""
    kept = (
        c for c in text.lower() if c in "-_ " or c.isalnum() or unicodedata.category(c)[0] == "M"
    )
    return "".join(kept).replace(" ", "-")


def slugs(texts: Iterable[str]) -> list[str]:
    """The anchors of headings of ``texts``, in order: a slug met before gets ``-1``, ``-2``..."""
    seen: dict[str, int] = {}
    out = []
    for text in texts:
        base = found = slug(text)
        while found in seen:
            seen[base] += 1
            found = f"{base}-{seen[base]}"
        seen[found] = 0
        out.append(found)
    return out


def anchors(file: str, sources: Sequence[str], targets: Sequence[str]) -> dict[str, str]:
    """Each anchor of a heading of ``file`` that changed, to its new one: from the headings'
    texts, ``sources`` and their translations ``targets`` (in order), but for an anchor the file
    names itself."""
    tags = (read_attributes(m[0]) for m in _START_TAG.finditer(file))
    named = {a.value for found in tags for a in found if a.name in _NAMES}
    named.update(_PANDOC.findall(file))
    return {a: b for a, b in zip(slugs(sources), slugs(targets)) if a != b and a not in named}


def destination(url: str, changed: dict[str, str]) -> str | None:
    """The destination that ``url`` (a link's, as written) has now: ``#`` and the new anchor
    where it is ``#`` and a changed one (``changed``: anchors); else None."""
    if not url.startswith("#"):
        return None
    new = changed.get(unquote(url[1:]))
    return f"#{new}" if new is not None else None


def _links(tag: str) -> list[Attribute]:
    """The attributes of ``tag``, a start tag, that link (``_LINKS``) to an anchor of the page
    (``#x``); of a name written twice, the first (the one a browser follows); none of another
    attribute's text (``title="href=#x"``), a comment's or an end tag's."""
    if not re.match(r"<[A-Za-z]", tag):
        return []
    return [a for a in read_attributes(tag) if a.name in _LINKS and a.value.startswith("#")]


def hrefs(tag: str) -> list[str]:
    """The anchors (``#x``, references read) that the links of ``tag`` go to."""
    return [a.value for a in _links(tag)]


def with_hrefs(tag: str, changed: dict[str, str]) -> str:
    """``tag`` with each link to a heading whose anchor ``changed`` going to its new one, in
    place: its quotes (or none) as written."""
    for a in reversed(_links(tag)):
        if (new := destination(a.value, changed)) is not None:
            tag = tag[: a.span[0]] + new + tag[a.span[1] :]
    return tag


def with_definition(lines: list[str], changed: dict[str, str]) -> list[str]:
    """``lines``, a link reference definition's, going to the new anchor where it goes to a
    heading whose anchor ``changed`` (``[ref]: #installation``; its destination on the next
    line too: written on the first alone, it went to the old anchor); as many lines."""
    text = "\n".join(lines)
    m = _DEFINITION.match(text)
    new = destination(m[2], changed) if m else None
    return f"{m[1]}{new}{text[m.end() :]}".split("\n") if m and new else lines
