"""The header entry of a gettext catalogue with some of its fields changed, every other line of
it as written: its comments, its fields in their order, each field's lines and wrapping.

polib writes a header's fields in an order of its own (``Language`` before ``MIME-Version``
and ``Content-Type``, whatever order the catalogue had): a diff of the header of every
catalogue translated. Here a changed field keeps its place, written as gettext writes it
(formats/po_wrap.py), and a field the catalogue lacked goes after the one gettext's tools
write before it (``Language`` after ``Language-Team``, ``Plural-Forms`` after
``Content-Transfer-Encoding``), else before the first that they write after it, else last.
"""

from __future__ import annotations

import codecs
import re

from nmt_cli.formats.po_wrap import PAGE_WIDTH, gettext_lines

# The order msginit and xgettext write a header's fields in
ORDER = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "POT-Creation-Date",
    "PO-Revision-Date",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Plural-Forms",
)
_QUOTED = re.compile(r'\s*(?:msgstr\s+)?"((?:[^"\\]|\\.)*)"\s*')
_UNESCAPES = {"n": "\n", "t": "\t", "r": "\r", "v": "\v", "b": "\b", "f": "\f", "a": "\a"}


def _unescaped(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _UNESCAPES.get(m[1], m[1]), text)


def _key(field: str) -> str:
    return field.split(":", 1)[0].strip() if ":" in field else ""


class _Group:
    """Lines of the header's msgstr that hold whole fields: ``text``, what they say."""

    def __init__(self, lines: list[str], text: str, keyword: bool) -> None:
        self.lines, self.text, self.keyword, self.changed = lines, text, keyword, False

    def fields(self) -> list[str]:
        return re.findall(r"[^\n]*\n|[^\n]+", self.text)

    def written(self, width: int) -> list[str]:
        if not self.changed:
            return self.lines
        return gettext_lines("msgstr" if self.keyword else "", self.text, width)


def _groups(lines: list[str]) -> list[_Group] | None:
    """The msgstr ``lines`` of a header cut where a field ends at the end of a line (the
    keyword's line alone where it holds nothing: ``msgstr ""``)."""
    groups: list[_Group] = []
    pending: list[str] = []
    text = ""
    for n, line in enumerate(lines):
        found = _QUOTED.fullmatch(line)
        if found is None:
            return None
        pending.append(line)
        text += _unescaped(found[1])
        if text.endswith("\n") or n == 0 and not text or n == len(lines) - 1:
            groups.append(_Group(pending, text, keyword=n + 1 == len(pending)))
            pending, text = [], ""
    return groups


def _place(groups: list[_Group], key: str) -> int:
    """Where a field ``key`` the header lacks goes: its index among ``groups``."""
    keys = [{_key(f) for f in g.fields()} for g in groups]
    rank = ORDER.index(key) if key in ORDER else len(ORDER)
    for before in reversed(ORDER[:rank]):
        at = [k for k, found in enumerate(keys) if before in found]
        if at:
            return at[-1] + 1
    for after in ORDER[rank + 1 :]:
        at = [k for k, found in enumerate(keys) if after in found]
        if at:
            return max(at[0], 1 if groups and groups[0].keyword else 0)
    return len(groups)


def changed_header(lines: list[str], changes: dict[str, str], width: int = PAGE_WIDTH) -> list[str]:
    """The header entry's ``lines`` (its comments, ``msgid ""``, its msgstr) with each field of
    ``changes`` given its value, or added where the header lacks it; None where they are not
    a header's (no ``msgstr`` line, a line that is no quoted string)."""
    start = next((k for k, x in enumerate(lines) if x.lstrip().startswith("msgstr")), None)
    groups = _groups(lines[start:]) if start is not None else None
    if groups is None:
        return None  # type: ignore[return-value]
    left = dict(changes)
    for group in groups:
        fields = group.fields()
        for n, field in enumerate(fields):
            key = _key(field)
            if key in left:
                fields[n] = f"{key}: {left.pop(key)}" + ("\n" if field.endswith("\n") else "")
                group.changed = True
        group.text = "".join(fields)
    for key, value in left.items():
        at = _place(groups, key)
        if at and groups[at - 1].text and not groups[at - 1].text.endswith("\n"):  # no "\n"
            groups[at - 1].text += "\n"
            groups[at - 1].changed = True
        added = _Group([], f"{key}: {value}\n", False)
        added.changed = True
        groups.insert(at, added)
    return lines[:start] + [x for g in groups for x in g.written(width)]


# xgettext's placeholders in a template's header, and what msginit --no-translator writes there
_PLACEHOLDERS = {
    "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE",
    "Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
    "Language-Team": "LANGUAGE <LL@li.org>",
}


def initialized(header: dict[str, str]) -> dict[str, str]:
    """The fields of a template's ``header`` that msginit --no-translator fills, where they
    hold xgettext's placeholders (``msgfmt --check``: "still has the initial default value"):
    ``PO-Revision-Date`` the ``POT-Creation-Date`` (where there is one: a rerun writes the same
    bytes), ``Last-Translator`` "Automatically generated", ``Language-Team`` "none"."""
    values = {
        "PO-Revision-Date": header.get("POT-Creation-Date", "").strip(),
        "Last-Translator": "Automatically generated",
        "Language-Team": "none",
    }
    return {
        key: values[key]
        for key, placeholder in _PLACEHOLDERS.items()
        if header.get(key, "").strip() == placeholder and values[key]
    }


def without_fuzzy(lines: list[str]) -> list[str]:
    """A header entry's ``lines`` without its ``fuzzy`` flag (a flag line of nothing else
    dropped, its other flags kept), as msginit writes a template's header once filled: xgettext
    marks it fuzzy, and a catalogue whose header is fuzzy is skipped by ``pybabel compile``."""
    out = []
    for line in lines:
        if line.startswith("#,"):
            flags = [f.strip() for f in line[2:].split(",") if f.strip()]
            if "fuzzy" in flags:
                left = [f for f in flags if f != "fuzzy"]
                out += [f"#, {', '.join(left)}"] if left else []
                continue
        out.append(line)
    return out


_YEAR = re.compile(r"\s*(\d{4})-")


def initial_comments(lines: list[str], header: dict[str, str]) -> list[str]:
    """A template's header entry ``lines`` with xgettext's placeholders in its comments filled
    as msginit --no-translator fills them, from ``header`` (its fields, its Language the new
    one): ``SOME DESCRIPTIVE TITLE.`` "English translations for agenda package.", ``PACKAGE``
    the package Project-Id-Version names, ``FIRST AUTHOR <EMAIL@ADDRESS>`` "Automatically
    generated", ``YEAR`` the year of POT-Creation-Date (the date PO-Revision-Date gets: a
    rerun writes the same bytes). A placeholder with nothing to fill it with stays."""
    package = header.get("Project-Id-Version", "").split()[:1]
    year = _YEAR.match(header.get("POT-Creation-Date", ""))
    words = {"PACKAGE": package[0] if package and package[0] != "PACKAGE" else None}
    words["YEAR"] = year[1] if year else None
    name = _language_name(header.get("Language", ""))
    out = []
    for line in lines:
        if not line.startswith("# ") and line != "#":  # fields, flags: as they are
            out.append(line)
            continue
        if line == "# SOME DESCRIPTIVE TITLE." and name:
            line = f"# {name} translations for {words['PACKAGE'] or 'PACKAGE'} package."
        line = line.replace("FIRST AUTHOR <EMAIL@ADDRESS>", "Automatically generated")
        for word, value in words.items():
            line = re.sub(rf"\b{word}\b", value, line) if value else line
        out.append(line)
    return out


def _language_name(tag: str) -> str | None:
    """The English name of the language ``tag`` (``en_US``: English), by Babel's CLDR (None:
    no Babel, or a language it does not know)."""
    try:
        from babel import Locale, UnknownLocaleError
    except ImportError:
        return None
    try:
        return Locale.parse(tag.strip().replace("-", "_")).get_language_name("en")
    except (UnknownLocaleError, ValueError, TypeError):
        return None


_CHARSET = re.compile(r"(charset\s*=\s*)([\w.:-]+)", re.IGNORECASE)


def _codec(name: str) -> str | None:
    try:
        return codecs.lookup(name).name
    except LookupError:  # xgettext's "CHARSET"
        return None


def content_type(value: str, codec: str) -> str:
    """A header's Content-Type ``value`` naming ``codec`` (Python's) as its charset: as it is
    where it names it already (``UTF-8``, ``utf8``, ``ISO-8859-1`` for ``latin-1``), its
    charset changed to UTF-8 where ``codec`` is UTF-8 and it names another, else (no charset,
    no Content-Type) ``text/plain; charset=UTF-8`` (``codec``: UTF-8, or the one it names)."""
    found = _CHARSET.search(value)
    if found and _codec(found[2]) == _codec(codec):
        return value
    if found and _codec(codec) == "utf-8":
        return value[: found.start(2)] + "UTF-8" + value[found.end(2) :]
    return "text/plain; charset=UTF-8"
