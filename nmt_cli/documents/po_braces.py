"""A catalogue's brace formats (``python-brace-format``, ``csharp-format``), whose ``{{`` and
``}}`` are a literal brace each, not a placeholder's (``{{count}}``, i18next's:
document.PLACEHOLDERS): while an entry of one is translated, each is a stand-in the model
passes through as it is (documents/po.py)."""

from __future__ import annotations

import re
from typing import Any

# The flags of formats whose "{{" and "}}" are a literal brace each, not a placeholder's
# ({{count}}, i18next's, document.PLACEHOLDERS), and the pieces of such a string
_BRACE_FORMATS = ("python-brace-format", "csharp-format")
_BRACE_PIECE = re.compile(r"\{\{|\}\}|\{[^{}]*\}")


def stand_ins(text: str) -> tuple[str, str]:
    """Two private-use characters ``text`` does not hold: a brace format's ``{{`` and ``}}``
    while it is translated (a private-use character is a span: protect/spans.py)."""
    free = (chr(c) for c in range(0xE000, 0xF900) if chr(c) not in text)
    return next(free, ""), next(free, "")


def braces_out(message: str, entry: Any, braces: tuple[str, str]) -> str:
    """``message`` of ``entry``, in a brace format (python-brace-format), with each ``{{`` and
    ``}}`` (a literal brace) a stand-in the model passes through as it is: read as i18next's
    ``{{ et }}``, ``Utilisez {{ et }} pour {name}`` kept "et" untranslated."""
    if not all(braces) or not any(f in entry.flags for f in _BRACE_FORMATS):
        return message

    def piece(m: re.Match[str]) -> str:
        return {"{{": braces[0], "}}": braces[1]}.get(m[0], m[0])

    return _BRACE_PIECE.sub(piece, message)


def braces_back(text: str, braces: tuple[str, str]) -> str:
    """``text``, a translation, with the stand-ins ``braces`` (:func:`stand_ins`) the literal
    braces ``{{`` and ``}}`` again."""
    if not all(braces):
        return text
    return text.replace(braces[0], "{{").replace(braces[1], "}}")
