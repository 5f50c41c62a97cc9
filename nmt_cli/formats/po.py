"""gettext catalogues (``.po``, ``.pot``, compiled ``.mo``), read with polib and checked, and
the sentence pairs of their translated entries (the document `nmt translate` fills:
documents/po.py).

Checked before anything is read from it: every string quoted, with the escapes polib reads
(``\\n \\t \\r \\v \\b \\f \\\\ \\"``), no message twice, plural messages with plural
translations; what fails is one error naming its line.

Pairs: ``msgid`` is in the header's ``X-Source-Language`` (English where it names none, but
the other language asked for where its Language is English: an ``en.po`` of French messages),
``msgstr`` in its ``Language``; ``--src-lang``/``--tgt-lang`` pick the sides, so an English to
French catalogue gives French to English pairs, each read with its entry's ``msgctxt`` where a
translation memory asks (read_pairs's ``contexts``; "": none). A plural entry gives
``msgid`` with the form its header's ``Plural-Forms`` gives 1, and ``msgid_plural`` with the
form it gives 5 (no ``Plural-Forms``: ``msgstr[0]``, ``msgstr[1]``): Arabic's ``msgstr[0]`` is
the form of 0, Slovenian's and Irish's ``msgstr[1]`` the dual. Skipped, by reason: fuzzy,
obsolete (``#~``) and untranslated entries. The access-key markers (``X-Accelerator-Marker``,
and those the catalogue's msgids use: protect/mnemonics.file_markers; obsolete entries' not
read) are removed from both sides.

A line of a catalogue ends at ``"\\n"`` only, as msgfmt reads it: a string may hold U+2028,
U+0085 or the other characters ``str.splitlines`` also ends a line at, and polib, which reads a
catalogue's text and writes an entry's strings by ``splitlines``, is given them as GettextText.
"""

from __future__ import annotations

import gettext
import re
import struct
from collections.abc import Iterator
from typing import Any

from nmt_cli.errors import InputError
from nmt_cli.formats.encoding import bom_name, decode, text_lines
from nmt_cli.formats.memory import (
    Counts,
    FormatError,
    Pair,
    Report,
    cleaned,
    pick_sides,
    same_language,
)
from nmt_cli.protect.mnemonics import file_markers
from nmt_cli.textio import COMPRESSION_ERRORS, open_bytes

EXTENSIONS = (".po", ".pot")
MO_EXTENSIONS = (".mo",)
_PREFIX = r"(?:#~\|?\s*|#\|\s*)?"  # obsolete, previous
_KEYWORD_LINE = re.compile(_PREFIX + r"(?:msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(.*)")
_CONTINUATION = re.compile(_PREFIX + r'(".*)')
_STRING = re.compile(r'"(?:[^"\\]|\\[\\"ntrvbf])*"')
_ESCAPES = '\\"ntrvbf'
_CHARSET = re.compile(rb"charset=([\w.-]+)")


class GettextText(str):
    """A catalogue's text or an entry's string whose lines end at ``"\\n"`` only, for polib: its
    ``splitlines`` does not end one at U+2028, U+0085, a lone CR... (an entry's strings are
    written as its lines in the file have them, or as gettext wraps them: documents/po.py)."""

    def splitlines(self, keepends: bool = False) -> list[str]:  # type: ignore[override]
        lines = re.findall(r"[^\n]*\n|[^\n]+\Z", self)
        if keepends:
            return lines
        return [line[:-1] if line[-1] == "\n" else line for line in lines]


def entry_text(entry: Any, wrapwidth: int) -> str:
    """``entry`` (a polib.POEntry) as polib writes it ``wrapwidth`` wide (0: unwrapped), a line
    of the file for each ``"\\n"`` of its strings only (as xgettext writes them)."""

    for name in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
        for key in (name, f"previous_{name}"):
            if isinstance(getattr(entry, key, None), str):
                setattr(entry, key, GettextText(getattr(entry, key)))
    entry.msgstr_plural = {k: GettextText(v) for k, v in entry.msgstr_plural.items()}
    return entry.__unicode__(wrapwidth)


def polib_module(name: str) -> Any:
    """polib, or an InputError naming ``name`` and the extra that installs it."""
    try:
        import polib
    except ImportError:
        raise InputError(
            f"{name}: reading gettext catalogues needs polib: pip install 'nmt-cli[documents]'"
        ) from None
    return polib


def _string_problem(token: str) -> str | None:
    """What is wrong with a quoted string of a catalogue, None if nothing."""
    if _STRING.fullmatch(token):
        return None
    for escape in re.finditer(r"\\(.?)", token):
        if escape.group(1) not in _ESCAPES or not escape.group(1):
            return f'escape \\{escape.group(1)} is not one of \\n \\t \\r \\v \\b \\f \\\\ \\"'
    return f"not a quoted string: {token[:60]}"


def _check_strings(lines: list[str], name: str) -> None:
    for n, line in enumerate(lines, 1):
        line = line.strip()
        found = _KEYWORD_LINE.fullmatch(line) or _CONTINUATION.fullmatch(line)
        problem = found and _string_problem(found.group(1).strip())
        if problem:
            raise FormatError(name, n, problem)


def _parse(polib: Any, lines: list[str], name: str) -> Any:
    """The polib.POFile of ``lines`` (as text: never taken for a file name, it ends a line)."""
    try:
        text = GettextText("".join(f"{line}\n" for line in lines))
        return polib.pofile(text, encoding="utf-8")
    except (OSError, ValueError) as e:
        found = re.search(r"\(line (\d+)\)(?::\s*(.+))?", str(e))
        n = int(found.group(1)) if found else 1
        shown = lines[n - 1].strip()[:60] if 0 < n <= len(lines) else ""
        reason = found.group(2) if found and found.group(2) else f"not PO syntax: {shown}"
        raise FormatError(name, n, reason) from None


def _check_entries(po: Any, name: str) -> None:
    first: dict[tuple[str | None, str], int] = {}
    for e in po:
        line = max(e.linenum or 1, 1)  # where the entry starts
        if e.msgid_plural and not e.msgstr_plural:
            raise FormatError(name, line, "msgid_plural without msgstr[0], msgstr[1]...")
        if e.msgstr_plural and not e.msgid_plural:
            raise FormatError(name, line, "msgstr[0] without msgid_plural")
        key = (e.msgctxt, e.msgid)
        if not e.obsolete and key in first:
            raise FormatError(
                name, line, f'msgid "{e.msgid[:40]}" appears twice (first at line {first[key]})'
            )
        first.setdefault(key, line)


def _check_header(lines: list[str], name: str) -> None:
    """A second header (``msgid ""`` with no msgctxt, an empty msgid of its own) is an error,
    as msgfmt says ("duplicate message definition"): polib took the last for the metadata
    and the first was written again, a catalogue msgfmt refused."""
    first, context = 0, False
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if line.startswith("msgctxt"):
            context = True
        elif line == 'msgid ""' and not context:
            after = next((x.strip() for x in lines[n:] if x.strip()), "")
            if after.startswith("msgstr") and first:
                raise FormatError(name, n, f'a second header (msgid ""; the first at line {first})')
            first = first or (n if after.startswith("msgstr") else 0)
        elif line.startswith("msgstr"):
            context = False


def parse_catalogue(lines: list[str], name: str) -> Any:
    """The polib.POFile of a catalogue's ``lines`` (text, without line ends), checked (see
    above); FormatError naming ``name`` and the line where it fails."""
    polib = polib_module(name)
    _check_strings(lines, name)
    _check_header(lines, name)
    po = _parse(polib, lines, name)
    _check_entries(po, name)
    return po


def read_catalogue(path: str) -> Any:
    """The catalogue in ``path``: a ``.po`` (in the charset its header names, UTF-8 by
    default) or a compiled ``.mo`` (known by its magic number); gzip or xz too."""
    polib = polib_module(path)
    try:
        with open_bytes(path, pipes=True) as f:  # a pipe: the command let it through
            data = f.read()
    except COMPRESSION_ERRORS as e:
        raise FormatError(path, "end", f"corrupt or truncated compressed data ({e})") from None
    if data[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde"):
        try:
            _check_mo_strings(data)
            return polib.mofile(data)
        except (OSError, ValueError, UnicodeDecodeError, struct.error) as e:  # struct: cut short
            raise FormatError(path, 1, f"not a compiled catalogue: {e}") from None
    if bom_name(data) in ("UTF-16", "UTF-32"):  # as `nmt translate` reads one (before, an
        return parse_catalogue(text_lines(decode(data, path)[0]), path)  # error: byte 0xff)
    found = _CHARSET.search(data[:8192])
    charset = found.group(1).decode() if found else "utf-8"
    try:
        text = data.decode("utf-8-sig" if charset.lower() in ("utf-8", "charset") else charset)
    except LookupError as e:
        raise FormatError(path, 1, f"cannot be read as {charset}: {e}") from None
    except UnicodeDecodeError as e:  # named by its line, as every error of a catalogue is
        line = data.count(b"\n", 0, e.start) + 1
        raise FormatError(
            path, line, f"not valid {charset} (byte {e.object[e.start]:#04x})"
        ) from None
    return parse_catalogue(text_lines(text), path)


def _check_mo_strings(data: bytes) -> None:
    """ValueError where a compiled catalogue's tables point past its end (a file cut short:
    polib reads the strings there cut, ``Le chat d``); struct.error where its header is cut."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack_from(f"{order}3I", data, 8)
    for table in (originals, translations):
        for k in range(count):
            length, offset = struct.unpack_from(f"{order}2I", data, table + 8 * k)
            if offset + length > len(data):
                raise ValueError(f"string {k + 1} runs past the end of the file (cut short?)")


def declared_charset(data: bytes) -> str | None:
    """The charset a catalogue's header names (``ISO-8859-1``) where it is not UTF-8 and
    ``data`` reads in it; None otherwise (UTF-8, xgettext's ``CHARSET``, an unknown one)."""
    found = _CHARSET.search(data[:8192])
    charset = found.group(1).decode() if found else "utf-8"
    if charset.lower().replace("_", "-") in ("utf-8", "utf8", "charset"):
        return None
    try:
        data.decode(charset)
    except (LookupError, UnicodeDecodeError):
        return None
    return charset


def declared_languages(po: Any) -> tuple[str | None, str | None]:
    """(the language of msgid, of msgstr) as the header names them: ``X-Source-Language``
    (Weblate, Pootle, translate-toolkit; or ``Source-Language``) and ``Language``; None where
    it names none."""
    header = po.metadata
    source = header.get("X-Source-Language", "").strip() or header.get("Source-Language", "")
    return source.strip() or None, header.get("Language", "").strip() or None


def languages_of(po: Any) -> tuple[str | None, str | None]:
    """(the language of msgid, of msgstr) as the header gives them; msgid's English unless
    ``X-Source-Language`` says otherwise."""
    source, target = declared_languages(po)
    return source or "en", target


def _sides(po: Any, languages: tuple[str, str]) -> tuple[str | None, str | None]:
    """(the language of msgid, of msgstr) of a catalogue read for ``languages`` (source,
    target): as languages_of gives them, but where the header names no X-Source-Language and
    its Language is English, msgid's the other language asked for (an ``en.po`` of French
    messages, as ``nmt translate -i messages.pot`` writes one): English to English is no pair.
    Not where most of its translations are their msgid as it is: an ``en_GB.po`` of English
    msgids (before, read as French to English, English on both sides)."""
    source, target = declared_languages(po)
    others = [x for x in languages if not same_language(x, target or "")]
    if source is None and target and same_language(target, "en") and len(others) == 1:
        source = None if _mostly_copies(po) else others[0]
    return source or "en", target


def _mostly_copies(po: Any) -> bool:
    """Whether at least half of the translated entries of ``po`` are their msgid as it is."""
    done = [e.msgstr == e.msgid for e in po if e.msgid and e.msgstr and not e.obsolete]
    return bool(done) and 2 * sum(done) >= len(done)


def catalogue_markers(po: Any) -> tuple[str, ...]:
    """The access-key markers of a catalogue: its ``X-Accelerator-Marker``, and those its
    msgids use (protect/mnemonics.file_markers), obsolete entries' (``#~``) left out."""
    declared = po.metadata.get("X-Accelerator-Marker", "").strip() or None
    return file_markers([e.msgid for e in po if e.msgid and not e.obsolete], declared)


_PLURAL = re.compile(r"\bplural\s*=\s*([^;]+)")
SINGULAR, PLURAL = 1, 5  # the counts whose forms msgid and msgid_plural are paired with


def plural_indexes(po: Any) -> tuple[int, int]:
    """The msgstr[] of a plural entry that translate ``msgid`` and ``msgid_plural``: the forms
    the header's ``Plural-Forms`` gives SINGULAR and PLURAL; (0, 1) where it has none that
    reads (a gettext expression)."""
    found = _PLURAL.search(po.metadata.get("Plural-Forms", ""))
    try:
        form = gettext.c2py(found.group(1).strip()) if found else None
        return (form(SINGULAR), form(PLURAL)) if form else (0, 1)
    except (ValueError, SyntaxError, RecursionError, ZeroDivisionError):
        return 0, 1


def entry_pairs(entry: Any, counts: Counts, forms: tuple[int, int] = (0, 1)) -> list[Pair]:
    """(msgid side, msgstr side) of one entry, counted: none for a fuzzy, obsolete or
    untranslated one; two for a translated plural (msgid and msgid_plural with the msgstr[]
    of ``forms``: plural_indexes), one where both are the same form."""
    counts.read += 1
    if entry.obsolete:
        counts.skip("obsolete")
        return []
    if "fuzzy" in entry.flags:
        counts.skip("fuzzy")
        return []
    if entry.msgid_plural:
        one, many = forms
        pairs = [(entry.msgid, entry.msgstr_plural.get(one, ""))]
        if many != one and entry.msgstr_plural.get(many):
            pairs.append((entry.msgid_plural, entry.msgstr_plural[many]))
    else:
        pairs = [(entry.msgid, entry.msgstr)]
    if not pairs[0][1]:
        counts.skip("untranslated")
        return []
    return pairs


def entries_text(path: str, report: Report | None = None) -> Iterator[Pair]:
    """(msgid, msgstr) of every entry of the catalogue in ``path`` that read_pairs gives,
    whatever its languages (what a tokenizer learns from), cleaned and counted alike."""
    po = read_catalogue(path)
    counts, forms = Counts(path), plural_indexes(po)
    raw = [p for e in po if e.msgid for p in entry_pairs(e, counts, forms)]
    yield from cleaned(raw, counts, catalogue_markers(po))
    if report is not None:
        report(counts.summary())


def read_pairs(
    path: str,
    languages: tuple[str, str],
    report: Report | None = None,
    contexts: bool = False,
    *,
    unique: bool = False,
) -> Iterator[Pair]:
    """The (source, target) pairs of the catalogue in ``path``, sides picked by ``languages``
    (see above); a catalogue in other languages is one InputError, before any pair. ``report``
    hears the counts once the file is read. ``contexts``: (source, target, context) instead,
    the context an entry's msgctxt ("": none). ``unique``: each pair once (memory.cleaned)."""
    po = read_catalogue(path)
    source, target = _sides(po, languages)
    if not any(e.msgid for e in po):  # an empty catalogue: no sides to pick, no pairs
        if report is not None:
            report(Counts(path).summary())
        return
    if target is None:  # "no fr side (it holds en)" said nothing of the header
        counts = Counts(path)
        if not [p for e in po if e.msgid for p in entry_pairs(e, counts, (0, 1))]:
            if report is not None:  # a template (.pot): no pairs, whatever its languages
                report(counts.summary())  # (before, "its header names no Language")
            return
        other = next((x for x in languages if not same_language(source, x)), "fr")
        raise InputError(
            f"{path}: its header names no Language, the language of its msgstrs: "
            f'add one ("Language: {other}\\n")'
        )
    a, b = pick_sides(path, languages, (source, target))
    counts = Counts(path)
    entries = [e for e in po if e.msgid]  # the header's empty msgid is not an entry
    forms = plural_indexes(po)
    raw = [(*p, e.msgctxt or "") for e in entries for p in entry_pairs(e, counts, forms)]
    held: Iterator[Any] = ((p[a], p[b], p[2]) if contexts else (p[a], p[b]) for p in raw)
    yield from cleaned(held, counts, catalogue_markers(po), unique)
    if report is not None:
        report(counts.summary())
