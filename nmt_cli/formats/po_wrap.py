"""A string of a gettext catalogue written as GNU gettext writes it (msgmerge, msgcat, msgfmt
tools: write-po), so that a catalogue we fill reads as theirs and ``msgcat`` changes nothing.

gettext wraps a string at 79 columns (its page width), a line's text up to 77 between the
quotes; the first line is the keyword's (``msgstr "..."``) if the whole string fits there,
else ``msgstr ""`` and the string on the lines after. It breaks where the Unicode line breaking
algorithm (UAX #14, libunistring's) allows: after a run of spaces, the spaces staying at the
end of the line (``"check "`` / ``"the rights"``, never ``"check"`` / ``" the rights"``),
after a hyphen, a slash, a full stop or a comma before a letter, before and after an em dash
or a wide (CJK) character; never inside an escape (``\\n``, ``\\"``), nor before the ``\\n``
that ends a line. A string of several lines (``\\n`` inside) starts with ``""`` and each of its
lines starts a line of the file.
"""

from __future__ import annotations

import re
import unicodedata

PAGE_WIDTH = 79
_ESCAPES = {"\a": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\v": "v"}
_ESCAPES |= {'"': '"', "\\": "\\"}

# What may follow a character without a space between, the line breaking there (UAX #14 as
# libunistring applies it): "L" letters, "N" digits, and these characters that start a word
_WORD = "#$%&(*+<=>@[\\^_`{~\u2014"
_AFTER: dict[str, tuple[str, str]] = {  # the character before a break: what may come after it
    **dict.fromkeys("!?|\u2013\u2026", ("LN", _WORD)),  # ! ? | en dash, ellipsis
    **dict.fromkeys(",-./:;", ("L", _WORD)),  # before a letter, not a digit: 3.5, a-1
    "}": ("LN", _WORD.replace("$", "").replace("%", "").replace("+", "").replace("\\", "")),
    **dict.fromkeys("$%+\\\u20ac\u00a3\u00b0", ("", "$%+\\")),  # prefixes and postfixes
    **dict.fromkeys(")]", ("", "([{")),
    "\u2014": ("LN", _WORD.replace("\u2014", "")),  # em dash: not before another
}
_NO_BREAK_BEFORE = "!),./:;?]}"  # after spaces too: closing punctuation stays with its word
_QUOTES = "\"'\u00ab\u00bb\u2018\u2019\u201c\u201d"


def _wide(c: str) -> bool:
    return unicodedata.east_asian_width(c) in "WF"


def _columns(c: str) -> int:
    if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if _wide(c) else 1


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal or an editor of fixed-width type: a wide
    character (CJK, an emoji) two, a combining mark none, any other one."""
    return sum(_columns(c) for c in text)


def _direct(a: str, b: str) -> bool:
    """Whether a line may break between ``a`` and ``b``, written together."""
    if a in _QUOTES or b in _QUOTES or a == "\u00a0" or b == "\u00a0":
        return False
    if _wide(a) or _wide(b):  # ideographs: on either side, bar closing punctuation
        return b not in _NO_BREAK_BEFORE and a not in "([{" and not _closing(b)
    if b == "\u2014":
        return a not in "([{\u2014"
    kinds, chars = _AFTER.get(a, ("", ""))
    return b in chars or "L" in kinds and b.isalpha() or "N" in kinds and b.isdigit()


def _closing(c: str) -> bool:
    return unicodedata.category(c) in ("Pe", "Pf") or c in "\u3001\u3002"


def _breaks(text: str) -> list[bool]:
    """For each character of ``text`` (a string escaped), whether a line may break before it."""
    out = [False] * len(text)
    for i in range(1, len(text)):
        a, b = text[i - 1], text[i]
        if b == " ":
            continue
        if a != " ":
            out[i] = _direct(a, b)
            continue
        before = text[:i].rstrip(" ")  # a run of spaces: what came before it
        p = before[-1] if before else ""
        out[i] = bool(p) and b not in _NO_BREAK_BEFORE and p not in "([{"
        out[i] = out[i] and not (p in _QUOTES and b in "([{")
    return out


def _escaped(portion: str) -> tuple[str, list[bool]]:
    """``portion`` escaped, and where an escape forbids a break (inside it; before the
    ``\\n`` that ends it)."""
    text, inside = [], []
    for c in portion:
        if c in _ESCAPES:
            text += ["\\", _ESCAPES[c]]
            inside += [False, True]
        else:
            text.append(c)
            inside.append(False)
    if portion.endswith("\n"):
        inside[-2] = True
    return "".join(text), inside


def _line_breaks(text: str, forbidden: list[bool], start: int, width: int) -> list[int]:
    """Where ``text`` breaks, filled greedily to ``width`` columns from column ``start``: a
    piece (from one break to the next, its spaces with it) goes to the next line when it
    would end past ``width``; a piece too long for any line stays whole."""
    possible = [p and not f for p, f in zip(_breaks(text), forbidden)]
    chosen: list[int] = []
    last, column, piece = -1, start, 0
    for i, c in enumerate(text):
        if possible[i]:
            if last >= 0 and column + piece > width:
                chosen.append(last)
                column = 0
            last, column, piece = i, column + piece, 0
        piece += _columns(c)
    if last >= 0 and column + piece > width:
        chosen.append(last)
    return chosen


def gettext_lines(keyword: str, value: str, page_width: int = PAGE_WIDTH) -> list[str]:
    """``keyword`` (``msgstr``, ``msgstr[1]``) and its string ``value`` as the lines gettext
    writes, ``page_width`` columns wide (0: unwrapped, a line of the file for each ``\\n``).
    No ``keyword`` (""): the lines of ``value`` that follow a ``msgstr ""``, as a header's
    fields are written."""
    portions = re.findall(r"[^\n]*\n|[^\n]+", value) or [""]
    width = (page_width or 10**9) - 2  # the quotes
    lines: list[str] = []
    for n, portion in enumerate(portions):
        text, forbidden = _escaped(portion)
        first = n == 0 and bool(keyword)
        start = len(keyword) + 1 if first else 0
        cuts = _line_breaks(text, forbidden, start, width)
        if first and text and (len(portions) > 1 or start > width or cuts):
            lines.append(f'{keyword} ""')
            first, cuts = False, _line_breaks(text, forbidden, 0, width)
        bounds = [0, *cuts, len(text)]
        parts = [text[a:b] for a, b in zip(bounds, bounds[1:])]
        lines += [f'{keyword} "{parts[0]}"' if first else f'"{parts[0]}"']
        lines += [f'"{part}"' for part in parts[1:]]
    return lines


# A line of a message's string: a keyword's (msgid, msgstr[1], obsolete ones too) or one that
# goes on with it
_STRING_LINE = re.compile(r'(?:#~\s*)?(?:(?:msgctxt|msgid|msgid_plural|msgstr)(?:\[\d+\])?\s+)?"')


def unwrapped(line: str) -> bool:
    """Whether ``line`` of a catalogue is a string's longer than gettext (79 columns) or
    polib (78) writes one, where it could have been broken at a space: a catalogue written
    without wrapping (``msgcat --no-wrap``, Weblate's and Pootle's option). A long word (a
    URL) alone on its line is no sign: neither tool breaks a word."""
    start = _STRING_LINE.match(line)
    return start is not None and len(line) > 79 and " " in line[start.end() : 78]
