"""The text of an Android string resource, as the resource compiler (aapt2) reads it, and back.

Read: runs of white space are one space and the ends are trimmed, unless inside double quotes
(dropped), around a whole string or part of one (``"  kept  "``, ``"Nom : "<b>x</b>``);
``\\'`` ``\\"`` ``\\\\`` ``\\n`` ``\\t`` ``\\@`` ``\\?`` ``\\uXXXX`` are their characters;
XML entities (``&amp;``) are read where a string holds no element. A string that
holds elements (``<b>``, ``<xliff:g>``) keeps them, and its entities, as written.

Written: ``\\`` ``'`` ``"`` escaped, line breaks and tabs as ``\\n`` ``\\t``, a leading ``@``
or ``?`` escaped (else the string would be read as a reference to another resource), ``&`` and
``<`` as entities where the string holds no element, and as they are in a CDATA section,
where an entity is text (``<![CDATA[<b>Gras</b> & plus]]>`` was written ``&amp; plus``, which
Android shows as "&amp;"), a ``"`` there as the source's sections write theirs (unescaped where
one of them holds one so, as ``<a href="https://x.fr">`` is, else ``\\"``); in a string whose
source has format arguments (``%1$s``, ``%d``) and is not ``formatted="false"``, a ``%`` that
is not one of them is written ``%%``, as String.format needs. Where an unquoted source kept
spaces aapt2 would trim or collapse (``Nom :\\u0020``), its translation's are written
``\\u0020`` too (bare, ``Name: `` lost its space).
"""

from __future__ import annotations

import html
import re

# java.util.Formatter's conversions, as Android's lint reads them (no space flag: "50 % de")
FORMAT = re.compile(r"%(?:\d+\$)?[-#+0,(]*\d*(?:\.\d+)?(?:[tT][a-zA-Z]|[a-zA-Z%])")
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.DOTALL)
_READ = {"n": "\n", "t": "\t"}
_WRITTEN = {"\\": "\\\\", "'": "\\'", '"': '\\"', "\n": "\\n", "\t": "\\t"}
_SPACE = re.compile(r"\s+")
_TAG = re.compile(r"(<[^<>]*>)")
_CDATA = re.compile(r"(<!\[CDATA\[.*?\]\]>)", re.DOTALL)


def _unescape(raw: str) -> str:
    def one(m: re.Match[str]) -> str:
        e = m.group(1)
        return chr(int(e[1:], 16)) if len(e) == 5 else _READ.get(e, e)

    return _ESCAPE.sub(one, raw)


def quoted(raw: str) -> bool:
    """Whether a string is written in double quotes as a whole (its spaces kept)."""
    inner = raw.strip()
    return len(inner) >= 2 and inner[0] == inner[-1] == '"' and not inner.endswith('\\"')


def read(raw: str, markup: bool) -> str:
    """The text of a string written ``raw`` (between its tags); ``markup``: it holds elements,
    kept as written. Double quotes may quote any part of a run of text between two tags
    (``"Bonjour "<b>le</b>``), as aapt2 reads them: dropped, the spaces they hold kept."""
    inner = raw.strip() if markup else html.unescape(raw).strip()
    parts = _SECTION.split(inner) if markup else [inner]  # text, tag or CDATA, text...
    return _unescape(
        "".join(_SPACE.sub(" ", p) if k % 2 else _dequoted(p) for k, p in enumerate(parts))
    )


_SECTION = re.compile(r"(<!\[CDATA\[.*?\]\]>|<[^<>]*>)", re.DOTALL)
_QUOTING = re.compile(r'\\(?:u[0-9a-fA-F]{4}|.)|"|\s+', re.DOTALL)  # an escape, a quote, spaces


def _dequoted(text: str) -> str:
    """A run of text between tags as aapt2 reads it: each ``"`` no backslash escapes opens or
    closes a quotation and is dropped; spaces are kept inside one, else a run is one space.
    Escapes stay for _unescape."""
    inside = False

    def one(m: re.Match[str]) -> str:
        nonlocal inside
        if m[0] == '"':
            inside = not inside
            return ""
        return m[0] if inside or m[0][0] == "\\" else " "

    return _QUOTING.sub(one, text)


def write(
    text: str,
    markup: bool,
    was_quoted: bool,
    percent: tuple[str, ...] | None,
    bare_quotes: bool = False,
    gt: bool = False,
    spaces: bool = False,
) -> str:
    """``text`` written as a string's content (see ``read``); ``percent``: the source's format
    arguments, where a lone ``%`` must be doubled (None: it need not); ``bare_quotes``: a
    ``"`` in a CDATA section is written as it is (bare_quotes(), of the source); ``gt``: a
    ``>`` of a string with no element is ``&gt;``, as the source writes its escaped HTML
    (``&lt;b&gt;OK&lt;/b&gt;`` came back ``&lt;b>OK&lt;/b>``); ``spaces``: the spaces aapt2
    would trim or collapse are written ``\\u0020`` (a source that kept its own so: spaced())."""
    if percent is not None:
        text = _double_lone_percents(text, percent)
    out = "".join(
        _cdata(part, bare_quotes) if k % 2 else _outside_cdata(part, markup)
        for k, part in enumerate(_CDATA.split(text) if markup else [text])
    )
    if gt and not markup:
        out = out.replace(">", "&gt;")
    if out[:1] in ("@", "?"):
        out = "\\" + out
    if was_quoted:
        return f'"{out}"'
    return _kept_spaces(out, markup) if spaces else out


_DROPPED = re.compile(r"^ +| +$|(?<= ) +")  # the spaces aapt2 trims or collapses


def spaced(text: str) -> bool:
    """Whether a string's text has spaces that aapt2 keeps only quoted or escaped: at either
    end, or two in a row."""
    return _DROPPED.search(text) is not None


def _kept_spaces(out: str, markup: bool) -> str:
    """``out`` (a string's content, unquoted) with each space aapt2 would trim or collapse
    written ``\\u0020``: at the string's ends, and after a space outside its tags."""
    parts = _TAG.split(out) if markup else [out]  # text, tag, text...: never a tag at an end
    parts[0] = re.sub(r"^ +", _u0020, parts[0])
    parts[-1] = re.sub(r" +$", _u0020, parts[-1])
    return "".join(p if k % 2 else re.sub(r"(?<= ) +", _u0020, p) for k, p in enumerate(parts))


def _u0020(spaces: re.Match[str]) -> str:
    return "\\u0020" * len(spaces[0])


def _outside_cdata(text: str, markup: bool) -> str:
    parts = _TAG.split(text) if markup else [text]  # text, tag, text...: tags kept as they are
    return "".join(part if k % 2 else _escaped(part, markup) for k, part in enumerate(parts))


def _cdata(section: str, bare_quotes: bool) -> str:
    """A CDATA section: its text escaped for aapt2 only (``\\'``), its markup as it is; with
    ``bare_quotes``, a ``"`` as it is."""
    inner = section[len("<![CDATA[") : -len("]]>")]
    kept = '"' if bare_quotes else ""
    return "<![CDATA[" + "".join(c if c in kept else _WRITTEN.get(c, c) for c in inner) + "]]>"


_BARE_QUOTE = re.compile(r'(?:^|[^\\])(?:\\\\)*"')  # a " no backslash escapes


def bare_quotes(raw: str) -> bool:
    """Whether a CDATA section of a string written ``raw`` holds a ``"`` unescaped (its
    markup's attributes written as HTML writes them: ``<a href="https://x.fr">``): a
    translation's are written so too. Escaped, as ``\\"`` (the file's way), they changed
    every attribute of the section's tags."""
    return any(_BARE_QUOTE.search(m[0][len("<![CDATA[") : -3]) for m in _CDATA.finditer(raw))


def _escaped(text: str, markup: bool) -> str:
    if markup:
        text = re.sub(r"&(?![A-Za-z_#][\w.#-]*;)", "&amp;", text)  # entities stay as written
    else:
        text = text.replace("&", "&amp;").replace("<", "&lt;")
    return "".join(_WRITTEN.get(c, c) for c in text)


def _double_lone_percents(text: str, arguments: tuple[str, ...]) -> str:
    """``text`` with each ``%`` that starts none of ``arguments`` (nor ``%%``) doubled."""
    out, at = [], 0
    longest_first = sorted(arguments, key=len, reverse=True)
    while at < len(text):
        if text[at] != "%":
            out.append(text[at])
            at += 1
            continue
        found = next((a for a in (*longest_first, "%%") if text.startswith(a, at)), "%%")
        out.append(found if text.startswith(found, at) else "%%")
        at += len(found) if text.startswith(found, at) else 1
    return "".join(out)


def arguments(source: str) -> tuple[str, ...]:
    """The format arguments of a string's text (``%1$s``, ``%d``; ``%%`` is none)."""
    return tuple(m.group() for m in FORMAT.finditer(source) if m.group() != "%%")
