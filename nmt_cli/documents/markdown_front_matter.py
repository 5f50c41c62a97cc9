"""A Markdown file's front matter (YAML's ``---`` ... ``---``, TOML's ``+++`` ... ``+++``, as
Hugo, Jekyll, Docusaurus and Astro read one at the top): the value of each key that says prose
to a reader (``title``, ``description``, ``summary``...: PROSE_KEYS), at the top or nested in
a mapping (YAML's ``seo:`` / ``  description: ...``, an anchored ``seo: &s``, a list item's
``- title: ...``, TOML's ``[params]`` table), is translated and written back on its line in the
quoting style it had (a plain YAML value that its translation would not leave the same string,
a ``: `` or a `` #`` in it, written in double quotes); a YAML value on several lines, plain or
folded (``>-``), all of one indentation, or on the lines below its key alone (``title:`` /
``  Un titre``), is translated whole and wrapped again as wide. A TOML multi-line string's
lines (between triple quotes) are its text, never keys; one all on its key's line
(``title = \"\"\"Un titre\"\"\"``) is translated in its quotes. A top-level ``lang``, ``language``
or ``locale`` (Jekyll's page.lang, which themes write as the ``<html lang>``) is set to the
model's target, as a page's root ``lang`` is. Every other key (``slug``, ``date``, ``tags``,
``layout``...) and any line not read here as one key and one string (a literal block ``|``, a
list of strings, a TOML array) are written as they were.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace

from nmt_cli.documents.office.languages import regional
from nmt_cli.markup.titles import title_parts

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
_YAML_NEST = re.compile(r"[ \t]*(?:-[ \t]+)*")  # a nested key's indentation and list items
# A line that opens a mapping or a list whose lines are keys: "seo:", "-", "- params:", an
# anchor's "seo: &s"; or a key whose value is on the lines below it ("title:" / "  Un titre")
_OPENS = re.compile(
    r"[ \t]*(?:#.*|(?:-(?:[ \t]+|\Z))*(?:[A-Za-z_][\w-]*[ \t]*:(?:[ \t]+&[^\s#]+)?)?"
    r"(?:[ \t]+#.*)?[ \t]*)"
)
_BARE_KEY = re.compile(r"[ \t]*(?:-[ \t]+)*([A-Za-z_][\w-]*)[ \t]*:")
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


# The keys whose value is the page's title, which may stand beside its site's name
# ("Accueil — Mon site": its parts translated each apart, markup/titles.py)
TITLE_KEYS = frozenset({"title", "seo_title", "meta_title", "og_title"})
_KEY = re.compile(r"[ \t]*(?:-[ \t]+)*([A-Za-z_][\w-]*)[ \t]*[:=]")


@dataclass(frozen=True)
class Value:
    """The prose value on lines ``line`` to ``end`` (exclusive) of the file, and
    ``write(translation)``: those lines with the translation in its place; ``title``: whether
    it is the page's title (TITLE_KEYS)."""

    line: int
    end: int
    text: str
    write: Callable[[str], list[str]]
    title: bool = False

    @property
    def parts(self) -> list[str]:
        """The texts to translate: a title's parts beside a site's name each, else its text."""
        cut = title_parts(self.text) if self.title else None
        return cut[::2] if cut else [self.text]

    def joined(self, said: list[str | None]) -> str | None:
        """The translation of the value, ``said`` one for each of ``parts`` (None: as it was),
        a title's parts joined by the separators between them; None: as it was."""
        cut = title_parts(self.text) if self.title else None
        if cut is None or all(x is None for x in said):
            return said[0]
        given = iter(said)
        return "".join(piece if k % 2 else next(given) or piece for k, piece in enumerate(cut))


def front_matter(lines: list[str]) -> tuple[int, list[Value], list[Language]]:
    """How many lines a front matter at the top of ``lines`` takes (0: none), the values of its
    prose keys, and its page's language keys."""
    ends = _ENDS.get(lines[0].rstrip() if lines else "")
    end = next((k for k in range(1, len(lines)) if ends and lines[k].rstrip() in ends), None)
    if end is None:
        return 0, [], []
    keys = list(range(1, end))
    if ends[0] == "+++":
        keys = _toml_keys(lines, end)
        values = [_toml(lines[k], k) for k in keys]
    else:
        values = _yaml_values(lines, end)
    found = [
        replace(v, title=(key := _KEY.match(lines[v.line])) is not None and key[1] in TITLE_KEYS)
        for v in values
        if v is not None and re.search(r"[^\W\d_]", v.text)
    ]
    top = next((k for k in keys if lines[k].startswith("[")), end)  # TOML's tables
    return end + 1, found, [x for k in keys if k < top and (x := _language(lines[k], k))]


# A TOML multi-line string opened on a key's line (text = """), and what ends it: in a """
# one, a """ no backslash escapes; in a ''' one (no escapes), the first '''
_TOML_OPENS = re.compile(r"[^=\"']*=[ \t]*(\"\"\"|''')")
_TOML_CLOSES = {
    '"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL),
    "'''": re.compile(r".*?'''", re.DOTALL),
}


def _toml_keys(lines: list[str], end: int) -> list[int]:
    """The lines 1 to ``end`` that are not inside a multi-line string (its lines that look
    like ``title = "..."`` are its text, not keys)."""
    keys, k = [], 1
    while k < end:
        keys.append(k)
        opens = _TOML_OPENS.match(lines[k])
        k += 1
        if opens:
            rest = "\n".join(lines[k - 1 : end])[opens.end() :]
            closes = _TOML_CLOSES[opens[1]].match(rest)
            k += rest[: closes.end()].count("\n") if closes else end
    return keys


def _yaml_values(lines: list[str], end: int) -> list[Value | None]:
    """The values of the YAML keys of lines 1 to ``end``, at any depth: a key that holds a
    mapping (``seo:``, ``params:``), or a list item that does (``- title: Un``), is read
    into; the lines indented under a key of any other value (a string on several lines, a
    literal block, a list) go with that value, never read as keys of their own."""
    values: list[Value | None] = []
    k = 1
    while k < end:
        line = lines[k]
        opens = _OPENS.fullmatch(line)
        m = None if opens else _YAML_KEY.match(line, len(_YAML_NEST.match(line)[0]))
        bare = _BARE_KEY.match(line) if opens else None
        more = k + 1  # the lines indented under the key (or blank) go with it
        column = (m or bare).start(1) if m or bare else _indent(line)
        while more < end and (_indent(lines[more]) > column or not lines[more].strip()):
            more += 1
        while more > k + 1 and not lines[more - 1].strip():
            more -= 1
        below = _yaml_below(line, k, lines[k + 1 : more], bare) if bare else None
        if opens and below is None:  # a mapping or a list: its keys in turn
            k += 1
            continue
        values.append(below or (_yaml(line, k, lines[k + 1 : more], m) if m else None))
        k = more
    return values


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


# The page's language (Jekyll's page.lang, which jekyll-seo-tag and its themes write as the
# <html lang>; jekyll-polyglot's and Hugo themes' lang or language) and its og:locale
_LANGUAGE = re.compile(
    r"""((?:lang|language|locale)[ \t]*[:=][ \t]*(["']?))"""
    r"([A-Za-z]{2,3})([-_][A-Za-z]{2}|[-_]\d{3})?(\2(?:[ \t]+#.*)?[ \t]*)"
)


@dataclass(frozen=True)
class Language:
    """The page's language on line ``line``, and ``write(target)``: the line saying the
    model's ``target`` (``fr`` -> ``en``; with a region where it had one, ``fr_FR`` ->
    ``en_US``, written as it was: quoted, its separator)."""

    line: int
    write: Callable[[str], str]


def _language(line: str, k: int) -> Language | None:
    """A top-level ``lang``, ``language`` or ``locale`` key (YAML's ``:``, TOML's ``=``) whose
    value is a language tag (``fr``, ``"fr-FR"``, ``fr_FR``)."""
    m = _LANGUAGE.fullmatch(line)
    if m is None:
        return None

    def write(target: str) -> str:
        said = target.replace("_", "-")
        if m[4]:
            said = regional(said, f"{m[3]}-{m[4][1:]}").replace("-", m[4][0])
        else:
            said = said.split("-")[0]
        return f"{m[1]}{said}{m[5]}"

    return Language(k, write)


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


def _yaml(line: str, k: int, below: list[str], m: re.Match[str]) -> Value | None:
    """The value of line ``k`` (``line``, its key ``m``), with the lines ``below`` it that are
    indented under it: a string on the line, quoted or plain, or a plain or folded (``>``)
    one on lines of one indentation."""
    if m[1].lower() not in PROSE_KEYS:
        return None
    head, rest = line[: m.end()], line[m.end() :]
    if below:
        return _yaml_lines(line, k, below, head, rest)
    return _yaml_string(head, rest, k)


def _yaml_string(head: str, rest: str, k: int) -> Value | None:
    """A string, quoted or plain, that is all of line ``k`` after its ``head`` (a comment
    after it aside)."""
    found = _quoted(rest)
    if found is None and (p := _PLAIN.match(rest)):
        found, size = (p[0], ""), p.end()
    elif found is None:
        return None
    else:
        size = len(_DOUBLE.match(rest)[0] if found[1] == '"' else _SINGLE.match(rest)[0])
    text, style = found
    if not _COMMENT.fullmatch(rest[size:]):
        return None
    tail = rest[size:]

    def write(translation: str) -> list[str]:
        if style == "'":
            return [f"{head}'{translation.replace(chr(39), chr(39) * 2)}'{tail}"]
        if style == "" and _plain(translation):
            return [head + translation + tail]
        return [head + json.dumps(translation, ensure_ascii=False) + tail]

    return Value(k, k + 1, text, write)


def _plain(text: str) -> bool:
    """Whether ``text`` reads as the same string written as a plain YAML value."""
    return bool(text) and not _NOT_PLAIN.match(text)


def _yaml_lines(line: str, k: int, below: list[str], head: str, rest: str) -> Value | None:
    """A plain value that goes on over the lines ``below`` (``title: Un titre`` /
    ``  qui continue``), or a folded one (``description: >-`` / ``  Des lignes``), its lines
    all of one indentation and no blank one among them; written wrapped as wide as its widest
    line (a plain one whose translation needs quotes: quoted, on one line)."""
    indent = below[0][: len(below[0]) - len(below[0].lstrip())]
    words = [x.strip() for x in below]
    if any(not x.startswith(indent) or x[len(indent) : len(indent) + 1].isspace() for x in below):
        return None
    width = max(len(indent) + 20, *(len(x) for x in [line, *below]))
    folded = re.fullmatch(r">[-+]?" + _COMMENT.pattern, rest)
    plain = _PLAIN.fullmatch(rest.rstrip())
    if not words[0] or not (folded or plain and all(_plain(x) for x in words)):
        return None
    text = " ".join(words if folded else [rest.strip(), *words])

    def write(translation: str) -> list[str]:
        if folded:
            return [line, *_wrapped(indent + translation, width, indent)]
        if not _plain(translation):
            return [head + json.dumps(translation, ensure_ascii=False)]
        lines = _wrapped(head + translation, width, indent)
        return lines if all(_plain(x.strip()) for x in lines[1:]) else [head + translation]

    return Value(k, k + 1 + len(below), text, write)


def _yaml_below(line: str, k: int, below: list[str], key: re.Match[str]) -> Value | None:
    """The value of a key alone on line ``k`` (``title:``) written on the lines ``below`` it,
    of one indentation: a quoted string on one line, or a plain one on any (``  Un titre``),
    written so again; None where those lines are no such string (a mapping, a list)."""
    if key[1].lower() not in PROSE_KEYS or not below or "&" in line:
        return None
    indent = below[0][: _indent(below[0])]
    if any(not x.startswith(indent) or x[len(indent) : len(indent) + 1].isspace() for x in below):
        return None
    if len(below) == 1 and below[0][len(indent) :].startswith(("'", '"')):
        found = _yaml_string(indent, below[0][len(indent) :], k + 1)
        return found and Value(k, k + 2, found.text, lambda t: [line, *found.write(t)])
    words = [x.strip() for x in below]
    if not all(_plain(x) for x in words):
        return None
    width = max(len(indent) + 20, *(len(x) for x in below))

    def write(translation: str) -> list[str]:
        if not _plain(translation):
            return [line, indent + json.dumps(translation, ensure_ascii=False)]
        lines = _wrapped(indent + translation, width, indent)
        return [line, *(lines if all(_plain(x.strip()) for x in lines) else [indent + translation])]

    return Value(k, k + 1 + len(below), " ".join(words), write)


def _wrapped(text: str, width: int, indent: str) -> list[str]:
    """``text`` wrapped at ``width``, its lines after the first indented by ``indent``."""
    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )


def _toml(line: str, k: int) -> Value | None:
    m = _TOML_KEY.match(line, len(line) - len(line.lstrip(" \t")))
    rest = line[m.end() :] if m else ""
    if m is None or m[1].lower() not in PROSE_KEYS:
        return None
    if rest.startswith(('"""', "'''")):
        return _toml_triple(line, k, m.end())
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

    def write(translation: str) -> list[str]:
        if style == "'" and not re.search(r"['\x00-\x1f\x7f]", translation):
            return [f"{head}'{translation}'{tail}"]
        return [head + json.dumps(translation, ensure_ascii=False) + tail]

    return Value(k, k + 1, text, write)


# A multi-line string written on one line (title = """Un titre"""): no escape in it, which a
# """ string reads and a ''' one does not (one that holds one is written as it was)
_TOML_TRIPLE = re.compile(r'("""|\'\'\')((?:(?!\1)[^\\\n])*)\1')


def _toml_triple(line: str, k: int, at: int) -> Value | None:
    """The value of a key whose string opens with triple quotes, where it closes on its line."""
    m = _TOML_TRIPLE.match(line, at)
    if m is None or not _COMMENT.fullmatch(line[m.end() :]):
        return None
    quote, head, tail = m[1], line[:at], line[m.end() :]

    def write(translation: str) -> list[str]:
        if not re.search(rf"[{quote[0]}\\\x00-\x1f\x7f]", translation):
            return [f"{head}{quote}{translation}{quote}{tail}"]
        return [head + json.dumps(translation, ensure_ascii=False) + tail]

    return Value(k, k + 1, m[2], write)
