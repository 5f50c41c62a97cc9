"""A block's translated text written back as Markdown text (markdown_inline.py): a backslash
before each character that would start markup where it stands, and a title's quotes escaped.

A character the source wrote as an entity (``&lt;b&gt;``, ``&amp;amp;``, ``&copy;``) and never
as itself is written as that entity again (``\\<b>`` and ``\\&amp;`` read the same, but
changed lines the diff showed). A character the source wrote as it was, never escaped, where
it starts no markup (``[A](/) | [B](/b)`` in a paragraph, ``5 * 3``, ``a < b``, ``[note]``) is
written as it was again where the block reads the same so (the HTML the file's parser makes of
it, its references known); each of them was escaped (``\\|``, ``\\*``, ``\\[note\\]``),
changing lines the user's diff then showed with nothing translated in them. A table cell's
pipes are always escaped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping

# A character that would start Markdown's markup where it stands in text (a backslash only
# before the ASCII punctuation it escapes, or where a line may end after it; < only where a
# tag or an autolink could start; & only where an entity could); _ is checked in escaped
# (not between two letters or digits)
_SPECIAL = re.compile(r"\\(?=[!-/:-@\[-`{-~]|\s|$)|[`*\[\]|~]|<(?=[A-Za-z/!?])|&(?=#?\w+;)|_")
# What a title escapes: a backslash, & where an entity could start (and its quotes: title_escaped)
_IN_TITLE = r"\\|&(?=#?\w+;)"
# What a source may write as it is where it starts no markup (a bracket with the other)
_OPTIONAL = ("|", "*", "_", "[]", "~", "<")


# An entity (``&lt;``, ``&#60;``, ``&#x3C;``) not escaped; code spans, tags, autolinks and
# escaped characters, in which none is one, or which write a character that is not text
_ENTITY = re.compile(r"(?<!\\)&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]*);")
_NOT_TEXT = re.compile(r"(`+)[\s\S]*?\1|<[A-Za-z/!?][^<>]*>|\\[!-/:-@\[-`{-~]")
Entities = Mapping[str, str]  # a character to the entity its source wrote it as


def written_entities(source: str) -> dict[str, str]:
    """Each character a block's ``source`` (as written) writes as an entity, never as itself,
    to that entity as written (the first, where it wrote several)."""
    text = _NOT_TEXT.sub(" ", source)
    found: dict[str, str] = {}
    for m in _ENTITY.finditer(text):
        char = html.unescape(m.group())
        if len(char) == 1 and char != m.group() and char not in found:
            found[char] = m.group()
    bare = _ENTITY.sub(" ", text)
    return {char: entity for char, entity in found.items() if char not in bare}


def escaped(text: str, kept: str = "", written: Entities | None = None) -> str:
    """``text`` with a backslash before each character that could start markup (_SPECIAL),
    but those of ``kept``; each character of ``written`` as its entity."""
    special = _SPECIAL
    if written:
        chars = re.escape("".join(written))
        special = re.compile(f"[{chars}]|{_SPECIAL.pattern}")

    def one(m: re.Match) -> str:
        at = m.start()
        if written and m.group() in written:
            return written[m.group()]
        if m.group() in kept:
            return m.group()
        if m.group() == "_" and 0 < at < len(text) - 1:
            if text[at - 1].isalnum() and text[at + 1].isalnum():
                return "_"  # inside a word: never emphasis
        return "\\" + m.group()

    return special.sub(one, text)


def title_escaped(text: str, close: str = '"', as_entities: Entities | None = None) -> str:
    """``text`` as a title says it between quotes that ``close`` closes (``"``, ``'`` or
    ``)``: its ``(`` escaped too), each character of ``as_entities`` as its entity."""
    quotes = "()" if close == ")" else close
    chars = f"[{re.escape(''.join(as_entities))}]|" if as_entities else ""

    def one(m: re.Match) -> str:
        return as_entities[m.group()] if chars and m.group() in as_entities else "\\" + m.group()

    return re.sub(f"{chars}[{re.escape(quotes)}]|{_IN_TITLE}", one, text)


def unescaped(source: str) -> tuple[str, ...]:
    """The characters of _OPTIONAL that a block's ``source`` (as written) holds and never
    escapes."""
    return tuple(
        chars
        for chars in _OPTIONAL
        if any(c in source for c in chars) and not any(f"\\{c}" in source for c in chars)
    )


def written(
    out: list[str],
    texts: set[int],
    reads: Callable[[str], str] | None,
    kept: tuple[str, ...],
    as_entities: Entities | None = None,
) -> str:
    """``out`` (a block's Markdown) joined, the pieces at ``texts`` escaped, the characters
    of each of ``kept`` unescaped where the block reads the same so (``reads``: the HTML it
    reads as; None: each escaped), each of ``as_entities`` written as its entity."""
    said = "".join(escaped(x, "", as_entities) if k in texts else x for k, x in enumerate(out))
    if reads is None or not kept:
        return said
    meant, left = reads(said), ""
    for chars in kept:
        joined = "".join(
            escaped(x, left + chars, as_entities) if k in texts else x for k, x in enumerate(out)
        )
        if joined != said and reads(joined) == meant:
            said, left = joined, left + chars
    return said


# A no-break space written as a reference (``30&nbsp;secondes``)
_NO_BREAK = re.compile(r"&nbsp;|&#160;|&#[xX]0*[aA]0;")


def no_breaks_as_written(source: list[str], texts: list[str | None]) -> list[str | None]:
    """``texts``, a block's Markdown (None: not translated), their no-break spaces written as
    the block's ``source`` lines wrote them: as a reference (``&nbsp;``) where it wrote each
    so, not the invisible character a reader of the file cannot tell from a space."""
    text = "\n".join(source)
    found = _NO_BREAK.search(text)
    if found is None or "\xa0" in text:
        return texts
    return [None if x is None else x.replace("\xa0", found.group()) for x in texts]
