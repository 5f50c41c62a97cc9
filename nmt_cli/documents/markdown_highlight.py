"""Highlighted text in Markdown, ``==x==`` (Pandoc's ``mark``, MkDocs' ``pymdownx.mark``,
Obsidian, Typora, HackMD): read by a rule added to markdown-it-py's parser (markdown.py) as
strikethrough's ``~~x~~`` is, ``mark_open`` and ``mark_close`` tokens around its words, so
that its marks go around their translation as emphasis's do.

CommonMark reads it as text: sent to the model, ``==surligné==`` came back "=surligned==", a
mark lost. As strikethrough's, a mark is two ``=`` that open (close) where they may, flanked as
emphasis is (``a == b`` is text); a run of one or of three or more is text.
"""

from __future__ import annotations

_EQUALS = 0x3D  # the marker, as markdown-it's delimiters note it


def add_highlight(parser) -> None:
    """Teach ``parser`` (markdown-it-py's) ``==x==``."""
    parser.inline.ruler.before("emphasis", "mark", _tokenize)
    parser.inline.ruler2.before("emphasis", "mark", _post_process)


def _tokenize(state, silent: bool) -> bool:
    """A run of ``=`` at the position: two of them a delimiter, any other run text."""
    from dataclasses import fields

    from markdown_it.rules_inline.state_inline import Delimiter

    if silent or state.src[state.pos] != "=":
        return False
    scanned = state.scanDelims(state.pos, True)
    token = state.push("text", "", 0)
    token.content = "=" * scanned.length
    if scanned.length == 2:
        at = {"token": len(state.tokens) - 1, "end": -1, "length": 0}  # no "rule of 3"
        at |= {"jump": 0} if "jump" in {f.name for f in fields(Delimiter)} else {}  # before 3.0
        delimiter = Delimiter(marker=_EQUALS, open=scanned.can_open, close=scanned.can_close, **at)
        state.delimiters.append(delimiter)
    state.pos += scanned.length
    return True


def _post_process(state) -> None:
    """The delimiters paired (markdown-it's balance_pairs) made ``mark_open``/``mark_close``."""
    lists = [state.delimiters]
    lists += [meta["delimiters"] for meta in state.tokens_meta if meta and "delimiters" in meta]
    for delimiters in lists:
        for opening in delimiters:
            if opening.marker != _EQUALS or opening.end == -1:
                continue
            closing = delimiters[opening.end]
            for at, kind, nesting in ((opening.token, "open", 1), (closing.token, "close", -1)):
                token = state.tokens[at]
                token.type, token.tag, token.nesting = f"mark_{kind}", "mark", nesting
                token.markup, token.content = "==", ""
