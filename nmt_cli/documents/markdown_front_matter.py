"""A Markdown file's front matter (YAML's ``---`` ... ``---``, TOML's ``+++`` ... ``+++``, as
Hugo, Jekyll, Docusaurus and Astro read one at the top): the value of each key that says prose
to a reader (``title``, ``description``, ``summary``...: PROSE_KEYS) is translated and written
back on its line in the quoting style it had (a plain YAML value that its translation would not
leave the same string, a ``: `` or a `` #`` in it, written in double quotes); every other key
(``slug``, ``date``, ``tags``, ``layout``...) and any line not read here as one key and a
string on one line (a block scalar, a list, a nested key, a value continued on the next line)
are written as they were.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

# The keys whose value is prose (compared in lower case: Hugo's keys are read so)
PROSE_KEYS = frozenset(
    {
        "title",
        "subtitle",
        "description",
        "summary",
        "excerpt",
        "abstract",
        "lead",
        "teaser",
        "tagline",
        "caption",
        "headline",
        "linktitle",
        "sidebar_label",
        "pagination_label",
        "seo_title",
        "meta_title",
        "meta_description",
        "og_title",
        "og_description",
    }
)
_ENDS = {"---": ("---", "..."), "+++": ("+++",)}
_YAML_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*:[ \t]+(?=\S)")
_TOML_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*=[ \t]*(?=\S)")
_DOUBLE = re.compile(r'"(?:[^"\\]|\\.)*"')
_SINGLE = re.compile(r"'(?:[^']|'')*'")
_COMMENT = re.compile(r"(?:[ \t]+#.*)?[ \t]*\Z")
_PLAIN = re.compile(r"[^-?:,\[\]{}#&*!|>'\"%@`\s](?:[^#]|(?<=\S)#)*?(?=[ \t]+#|[ \t]*\Z)")
# What a plain YAML value may not say and stay one string: a mark that starts something else,
# a key's ": ", a comment's " #", a value YAML reads as no string (true, no, ~, 12, 1.5e3)
_NOT_PLAIN = re.compile(
    r"[-?:,\[\]{}#&*!|>'\"%@`\s]|.*(?::\s|\s#|:\Z|\s\Z|[\x00-\x1f\x7f])"
    r"|(?:y|n|yes|no|true|false|on|off|null|~|[-+.\d:_e]+|\.(?:inf|nan))\Z",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class Value:
    """The prose value on line ``line`` of the file, and ``write(translation)``: that line
    with the translation in its place."""

    line: int
    text: str
    write: Callable[[str], str]


def front_matter(lines: list[str]) -> tuple[int, list[Value]]:
    """How many lines a front matter at the top of ``lines`` takes (0: none), and the values
    of its prose keys."""
    ends = _ENDS.get(lines[0].rstrip() if lines else "")
    end = next((k for k in range(1, len(lines)) if ends and lines[k].rstrip() in ends), None)
    if end is None:
        return 0, []
    read = _yaml if ends[0] == "---" else _toml
    values = []
    for k in range(1, end):
        if lines[k].startswith("[") and read is _toml:
            break  # a table's keys: not the page's own
        next_line = lines[k + 1] if k + 1 < end else ""
        continued = next_line[:1] in (" ", "\t") and bool(next_line.strip())
        value = read(lines[k], k, continued)
        if value is not None and re.search(r"[^\W\d_]", value.text):
            values.append(value)
    return end + 1, values


def _quoted(rest: str) -> tuple[str, str] | None:
    """A double-quoted (JSON's escapes) or single-quoted string at the start of ``rest``: its
    text and its style (its quote), None if it is not one, or not all on the line."""
    if rest.startswith('"') and (m := _DOUBLE.match(rest)):
        try:
            return json.loads(m[0]), '"'
        except ValueError:
            return None  # an escape of YAML's or TOML's own (\e, \U0001F600): as written
    if rest.startswith("'") and (m := _SINGLE.match(rest)):
        return m[0][1:-1].replace("''", "'"), "'"
    return None


def _yaml(line: str, k: int, continued: bool) -> Value | None:
    m = _YAML_KEY.match(line)
    if m is None or m[1].lower() not in PROSE_KEYS:
        return None
    rest = line[m.end() :]
    found = _quoted(rest)
    if found is None and not continued and (p := _PLAIN.match(rest)):
        found, size = (p[0], ""), p.end()
    elif found is None:
        return None
    else:
        size = len(_DOUBLE.match(rest)[0] if found[1] == '"' else _SINGLE.match(rest)[0])
    text, style = found
    if not _COMMENT.fullmatch(rest[size:]):
        return None
    head, tail = line[: m.end()], rest[size:]

    def write(translation: str) -> str:
        if style == "'":
            return f"{head}'{translation.replace(chr(39), chr(39) * 2)}'{tail}"
        if style == "" and not _NOT_PLAIN.match(translation) and translation:
            return head + translation + tail
        return head + json.dumps(translation, ensure_ascii=False) + tail

    return Value(k, text, write)


def _toml(line: str, k: int, continued: bool) -> Value | None:
    m = _TOML_KEY.match(line)
    rest = line[m.end() :] if m else ""
    if m is None or m[1].lower() not in PROSE_KEYS or rest.startswith(('"""', "'''")):
        return None
    found = _quoted(rest) if not rest.startswith("'") else None
    if rest.startswith("'") and (single := re.match(r"'[^'\n]*'", rest)):
        found = single[0][1:-1], "'"
    if found is None:
        return None
    text, style = found
    size = len(_DOUBLE.match(rest)[0] if style == '"' else single[0])
    if not _COMMENT.fullmatch(rest[size:]):
        return None
    head, tail = line[: m.end()], rest[size:]

    def write(translation: str) -> str:
        if style == "'" and not re.search(r"['\x00-\x1f\x7f]", translation):
            return f"{head}'{translation}'{tail}"
        return head + json.dumps(translation, ensure_ascii=False) + tail

    return Value(k, text, write)
