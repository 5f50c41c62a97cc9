"""A Markdown link (or image) as its author wrote it, and the titles of link reference
definitions.

markdown-it reads ``[x][ref]``, ``[x][]`` and ``[x]`` as the destination and title of the
definition ``[ref]: url "titre"``, and ``[wiki](https://fr.wikipedia.org/wiki/Python_(langage))``
as its destination, unescaped: written back from those, a reference link came out inline
(``[x](url "title")``, the definition left unused and its title French) and a destination with
brackets in angle brackets (``(<https://...(langage)>)``). So the parser's link and image rules
(``as_written``) note on each link's (image's) token the text its author wrote after the link
text's ``]``, and the link text itself: a reference link is written back with its reference as
written (``[x][ref]``), an inline one with its destination as written. A collapsed or a
shortcut one (``[x][]``, ``[x]``), whose label is its text, keeps that form where its translated
text still matches the label (``[Guide]``: labels match whatever their case); else the label
follows the translated text (``[Help][Aide]``): it went ``[guide][guide]`` even so.

A definition's title (``[ref]: url "Le guide"``, shown over each link that uses it) is a text of
its own, written back between the quotes it had, escaped for them (``titled_definitions``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.documents.markdown_escapes import title_escaped, written_entities

_WRITTEN = "as_written"  # a token's meta: (its link text, what follows its "]"), as written


def as_written(parser) -> None:
    """``parser``'s link and image rules noting each link's text and what follows it, as
    written, on its token (``link_open``, ``image``)."""
    from markdown_it.rules_inline.image import image
    from markdown_it.rules_inline.link import link

    parser.inline.ruler.at("link", _noting(link, 0))
    parser.inline.ruler.at("image", _noting(image, 1))


def _noting(rule: Callable, bang: int) -> Callable:
    """``rule`` (markdown-it's link rule, or its image rule: ``bang``, the ``!`` before it)
    noting on the token it makes the link's text and what follows its ``]`` as written."""

    def read(state, silent: bool) -> bool:
        start, count = state.pos, len(state.tokens)
        label_end = -1
        if state.src.startswith("![" if bang else "[", start):
            label_end = state.md.helpers.parseLinkLabel(state, start + bang, not bang)
        if not rule(state, silent):
            return False
        made = (t for t in state.tokens[count:] if t.type in ("link_open", "image"))
        token = next(made, None)
        if not silent and token is not None and label_end >= 0:
            text = state.src[start + bang + 1 : label_end]
            token.meta[_WRITTEN] = (text, state.src[label_end + 1 : state.pos])
        return True

    return read


def reference(token) -> str | None:
    """What a reference link (image) ``token`` is written with after its text's ``]``: its
    label as written (``[ref]``); a collapsed or a shortcut one's, whose label is its text,
    that text (``[x]``); None for an inline one."""
    text, after = token.meta.get(_WRITTEN, ("", "("))
    if after.startswith("("):
        return None
    return after if after not in ("", "[]") else f"[{text}]"


def labelled(token) -> tuple[str, str] | None:
    """A collapsed (``[x][]``) or a shortcut (``[x]``) link's (image's) label, its text as
    written, and what followed it (``[]`` or nothing); None for any other link."""
    text, after = token.meta.get(_WRITTEN, ("", "("))
    return (text, after) if after in ("", "[]") else None


def written_as(text: str, label: str, after: str) -> str:
    """A collapsed or a shortcut link's end (what follows its text): as its author wrote it
    (``]``, ``][]``) where its translated ``text`` still matches its ``label`` (CommonMark
    matches labels whatever their case and spacing: ``[Guide]`` is ``[guide]``'s); else its
    label after it (``][guide]``), so that it still goes to its definition."""
    from markdown_it.common.utils import normalizeReference

    def key(said: str) -> str:  # its spaces as written (markdown_inline.py's WHOLE)
        return normalizeReference(said.replace("\x00", " ").replace("\x01", "\t"))

    same = key(text) == key(label)
    return f"]{after}" if same else f"][{label}]"


# A collapsed or shortcut link while its block is written: ``[x][label]`` (a link to the same
# definition, for markdown_escapes.py to read), its text between LABEL_OPEN and LABEL_CLOSE,
# COLLAPSED after it where it was ``[x][]``, until ``labels`` writes its end
LABEL_OPEN, LABEL_CLOSE, _COLLAPSED, _END = "\x02", "\x03", "\x05", "\x04"
_LABELLED = re.compile("\x02(.*?)\x03(\x05?)\\]\\[(.*?)\\]\x04", re.DOTALL)


def labelled_marks(label: str, after: str) -> tuple[str, str]:
    """A collapsed or shortcut link's marks while its block is written (``labels``)."""
    collapsed = _COLLAPSED if after else ""
    return f"[{LABEL_OPEN}", f"{LABEL_CLOSE}{collapsed}][{label}]{_END}"


def labels(said: str) -> str:
    """A block's Markdown ``said`` with each collapsed or shortcut link's end written
    (``written_as``), from its text as it was written (escaped where it had to be); but
    where a colon follows one that opens the block (``[Guide]: Lire``: a definition), its
    label after it."""

    def end(m: re.Match) -> str:
        defines = not said[: m.start() - 1].strip() and said[m.end() :].startswith(":")
        return f"][{m[3]}]" if defines else written_as(m[1], m[3], "[]" if m[2] else "")

    return _LABELLED.sub(lambda m: m[1] + end(m), said)


def destination(token) -> str | None:
    """An inline link's (image's) destination as written (``Python_(langage)``, ``<a b>``,
    ``a\\)b``); None where it was not noted."""
    from markdown_it.common.utils import isStrSpace

    after = token.meta.get(_WRITTEN, ("", ""))[1]
    if not after.startswith("("):
        return None
    at = 1
    while at < len(after) and (isStrSpace(after[at]) or after[at] == "\n"):
        at += 1
    from markdown_it.helpers import parseLinkDestination

    found = parseLinkDestination(after, at, len(after))
    return after[at : found.pos] if found.ok and "\n" not in after[at : found.pos] else None


def title_quotes(token) -> tuple[str, str, str]:
    """The quotes an inline link's (image's) title was written between (``"``, ``'`` or
    parentheses) and the title as written between them; ``"`` where it was not noted."""
    after = token.meta.get(_WRITTEN, ("", ""))[1]
    found = _TITLE.search(after.rstrip()[:-1]) if after.startswith("(") else None
    if found is None:
        return '"', '"', ""
    group = next(k for k in (1, 2, 3) if found.group(k) is not None)
    close = _QUOTES[group]
    return ("(" if close == ")" else close), close, found.group(group)


def url_of(token) -> str:
    """A link's or an image's destination, as written in ``(url "title")``."""
    written = destination(token)
    if written is not None:
        return written
    url = token.attrs.get("href", token.attrs.get("src", ""))
    return f"<{url}>" if (not url or re.search(r"\s|[()]", url)) else url


# A definition's title at its end: "...", '...' or (...), its escapes read as written
_TITLE = re.compile(
    r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|\(((?:[^()\\]|\\.)*)\))[ \t]*\Z""",
    re.DOTALL,
)
_QUOTES = {1: '"', 2: "'", 3: ")"}


@dataclass(frozen=True)
class Definition:
    """A link reference definition with a title: its lines [``first``, ``end``) of the file
    and its ``title``."""

    first: int
    end: int
    title: str

    def write(self, lines: list[str], title: str) -> list[str]:
        """The definition's ``lines`` with ``title`` between the quotes its title had; as they
        were where its title is not found at their end."""
        text = "\n".join(lines)
        found = _TITLE.search(text)
        if found is None:
            return lines
        group = next(k for k in (1, 2, 3) if found.group(k) is not None)
        close = _QUOTES[group]
        entities = written_entities(found.group(group))  # &amp; as written, not "&"
        said = title_escaped(" ".join(title.split()), close, entities)
        return (text[: found.start(group)] + said + text[found.end(group) :]).split("\n")


def titled_definitions(env: dict, first: int) -> list[Definition]:
    """The link reference definitions of a parse's ``env`` that have a title, in the order of
    their lines (``first``: the line the parsed text starts at in the file)."""
    found = [
        Definition(d["map"][0] + first, d["map"][1] + first, d["title"])
        for d in env.get("references", {}).values()
        if d.get("map") and d.get("title") and any(c.isalpha() for c in d["title"])
    ]
    return sorted(found, key=lambda d: d.first)
