"""Footnotes in Markdown (GitHub's, Pandoc's, markdown-it's footnote plugin): a reference
``note[^1]`` and a definition ``[^1]: the note's text``, read by two rules added to
markdown-it-py's parser (markdown.py), so that their markers are marks of the file, as a list
marker is: written as they were, never read by the model.

CommonMark alone reads them as text: ``[^1]`` was escaped as text is, ``note\\[^1\\]`` and
``\\[^1\\]: ...``, no longer footnotes. A definition starts a block at the start of a line (it
may interrupt a paragraph: definitions one under another are each their own); its text is
blocks of their own (a paragraph, or more indented four spaces under it), translated as any
other. A reference is a footnote's only where the file defines its label, as those readers
have it (``[^x]`` with no definition is text).

Pandoc's inline note, ``note^[the note's text]``, is a ``footnote_inline`` token whose
children are its text's: the text translated on its own, the marks written as they were
(CommonMark read it as text, and the model lost its ``]`` and left the note in French).
"""

from __future__ import annotations

import re

# [^label]: a label of no white space
_DEFINITION = re.compile(r"\[\^([^\s\]]+)\]:")
_REFERENCE = re.compile(r"\[\^([^\s\]]+)\]")
_LABELS = "footnote_labels"  # in the parser's env: the labels the file defines


def add_footnotes(parser) -> None:
    """Teach ``parser`` (markdown-it-py's) footnote definitions, ``footnote_open`` and
    ``footnote_close`` around their blocks, and references, ``footnote_ref`` tokens whose
    ``content`` is the reference as written."""
    parser.block.ruler.before(
        "reference", "footnote_def", _definition, {"alt": ["paragraph", "reference"]}
    )
    parser.inline.ruler.after("image", "footnote_ref", _reference)
    parser.inline.ruler.after("footnote_ref", "footnote_inline", _inline_note)


def _definition(state, first: int, end: int, silent: bool) -> bool:
    """``[^label]:`` at the start of line ``first``: the blocks after it, their lines indented
    four columns past where the definition starts (the first line's from its text on)."""
    if state.sCount[first] - state.blkIndent >= 4:
        return False  # an indented code block's line
    start = state.bMarks[first] + state.tShift[first]
    m = _DEFINITION.match(state.src, start, state.eMarks[first])
    if m is None:
        return False
    if silent:
        return True
    state.env.setdefault(_LABELS, set()).add(m[1])
    opening = state.push("footnote_open", "", 1)
    opening.meta = {"label": m[1]}
    kept = state.bMarks[first], state.tShift[first], state.sCount[first], state.parentType
    text = m.end()
    while text < state.eMarks[first] and state.src[text] in " \t":
        text += 1
    # the first line read from the definition's text on, as if indented as its blocks are
    state.bMarks[first], state.tShift[first] = m.end(), text - m.end()
    state.blkIndent += 4
    columns = _columns(state.src[m.end() : text])
    state.sCount[first] = columns + (state.blkIndent if columns < state.blkIndent else 0)
    state.parentType = "footnote"
    state.md.block.tokenize(state, first, end)
    state.blkIndent -= 4
    state.bMarks[first], state.tShift[first], state.sCount[first], state.parentType = kept
    opening.map = [first, state.line]
    state.push("footnote_close", "", -1)
    return True


def _columns(space: str) -> int:
    """How many columns ``space`` (spaces and tabs, tab stops every 4) takes."""
    column = 0
    for c in space:
        column = column + 4 - column % 4 if c == "\t" else column + 1
    return column


def _reference(state, silent: bool) -> bool:
    """``[^label]`` of a label the file defines."""
    m = _REFERENCE.match(state.src, state.pos, state.posMax)
    if m is None or m[1] not in state.env.get(_LABELS, ()):
        return False
    if not silent:
        state.push("footnote_ref", "", 0).content = m.group()
    state.pos = m.end()
    return True


def _inline_note(state, silent: bool) -> bool:
    """``^[text]``, its brackets paired as a link's text's are; its children its text's."""
    start = state.pos
    if not state.src.startswith("^[", start) or start + 2 >= state.posMax:
        return False
    from markdown_it.helpers import parseLinkLabel

    end = parseLinkLabel(state, start + 1)
    if end < 0:
        return False
    if not silent:
        token = state.push("footnote_inline", "", 0)
        token.content, token.children = state.src[start + 2 : end], []
        state.md.inline.parse(token.content, state.md, state.env, token.children)
    state.pos = end + 1
    return True
