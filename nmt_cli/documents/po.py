"""gettext catalogues (.po, .pot), read and written with polib: each msgstr filled from its msgid.

Translated: each entry with no translation yet, msgstr from msgid; a plural entry's msgstr[0]
from msgid and its other forms from msgid_plural (in a language of one form, msgstr[0] from
msgid_plural), as many forms as the target language has. A plural entry with a form left
empty has no translation yet: its empty forms are filled, those a translator wrote kept (a
fuzzy one's, waiting for review, all translated). An entry already translated is left as it is,
a fuzzy one too (its translator marked it for review: the translation is theirs), unless
``retranslate`` says "fuzzy" (fuzzy entries are translated again) or "all". An entry translated
here is marked fuzzy only with ``mark_fuzzy`` (msgfmt leaves fuzzy entries out of a compiled
catalogue); else it loses a fuzzy flag. Either way it loses its previous msgid (``#|``, the
text its old translation came from: msgmerge's diff against it would show a change the new
one, from its msgid, never had), as msgattrib --clear-previous does.

Kept: comments, references, flags, msgctxt, obsolete entries (``#~``: never translated), order.
A catalogue's access keys (its ``X-Accelerator-Marker``, else the marker its messages use:
``~``, ``_``, ``&``) are taken out of a message before the model reads it and put back, one
for one, on the word aligned to the marked one (strings.py).

A header without a Language (a template's: its fuzzy flag goes, its placeholders as msginit fills
them), or with the model's source language (French messages labelled French), gets the target
language, and then that language's Plural-Forms (plurals.py), an entry already translated getting
as many forms, with a warning (its last dropped, or repeated: msgfmt refuses a catalogue whose
entries have another number of forms than its header gives); one for a third language (a Russian
catalogue, a French-English model) is one error, since its plural forms and its translations would
be another language's, and so is one whose messages are in another (its ``X-Source-Language``:
formats/po.declared_languages); one for the model's target (``en_US``) keeps its Language and
Plural-Forms. Its charset is kept (below; xgettext's ``CHARSET``, a template's, becomes UTF-8).
The placeholders of format strings (``%s``, ``%(name)s``, ``%1$d``, ``%1``, ``{0}``, ``{name}``)
pass through translation unchanged (in an entry flagged ``python-brace-format`` or
``csharp-format``, a ``{{`` or ``}}`` is a literal brace, passed through alone: the words between
are text), as protected spans, with reST inline markup and the rest of nmt_cli/protect/.

Read whole as bytes, UTF-8 (or a legacy charset: below), and checked before anything is translated
(formats/po.py: the reading the training readers share); what fails is one error naming its line.
Written in its charset (below) with the input's byte order mark, line ends (CRLF or LF) and final
line break or none (formats/encoding.py): the msgstr and flags of the entries translated as
gettext writes them (formats/po_wrap.py: wrapped at 79 columns, a line ending with the space it
breaks at, but in a catalogue written without wrapping, one of whose messages runs longer on one
line, and in an entry flagged ``no-wrap``), and the header's fields that change, in their places
(formats/po_header.py: polib wrote its own order); every other line as it was (a translated
entry's msgctxt, msgid and msgid_plural too, an entry left alone keeps its wrapping, an obsolete
one its place), so that a catalogue with nothing to translate, or whose entries come back as they
were, is the same file byte for byte. A UTF-16 or UTF-32 catalogue (by its byte order mark) is
read, and written in UTF-8: gettext reads no other. A catalogue in the legacy charset its header
names (``charset=ISO-8859-1``) is read in it and written in it, as msgmerge, msgcat and
translate-toolkit keep it; only where a translation has a character that charset lacks is it
written in UTF-8, its Content-Type saying so, with a warning (msgcat refuses it: "cannot convert";
a character dropped or escaped would change a message).
"""

from __future__ import annotations

import codecs
import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from nmt_cli.documents.document import DOUBLED_MARKERS, ENTITY, PLACEHOLDERS, DocumentFormat
from nmt_cli.documents.plurals import count_forms, plural_forms
from nmt_cli.documents.po_braces import braces_back, braces_out, stand_ins
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.errors import InputError
from nmt_cli.formats.encoding import Encoding, decode, text_lines
from nmt_cli.formats.memory import same_language
from nmt_cli.formats.po import (
    catalogue_markers,
    declared_charset,
    declared_languages,
    entry_text,
    parse_catalogue,
)
from nmt_cli.formats.po_header import (
    changed_header,
    content_type,
    initial_comments,
    initialized,
    without_fuzzy,
)
from nmt_cli.formats.po_wrap import PAGE_WIDTH, gettext_lines, unwrapped
from nmt_cli.inference.translation import Translation

RETRANSLATE = ("none", "fuzzy", "all")
_GUARD = re.compile("|".join((*PLACEHOLDERS, ENTITY)))  # no mnemonic


def _messages(entry: Any) -> list[str]:
    """What an entry asks to translate: its msgid, and its msgid_plural if it has one."""
    return [entry.msgid, entry.msgid_plural] if entry.msgid_plural else [entry.msgid]


def _translated(entry: Any) -> bool:
    """Whether an entry holds its translation: a plural one every form (one with a form left
    empty is untranslated, as Weblate and translate-toolkit count it; before, it was left with
    its empty form)."""
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def _again(entry: Any, retranslate: str) -> bool:
    """Whether ``retranslate`` asks for the translation of ``entry`` again."""
    return retranslate == "all" or retranslate == "fuzzy" and "fuzzy" in entry.flags


def _wanted(entry: Any, retranslate: str) -> bool:
    if entry.obsolete or not entry.msgid:
        return False
    return not _translated(entry) or _again(entry, retranslate)


def _kept_forms(entry: Any, retranslate: str) -> dict[int, str]:
    """The forms a translator wrote of a plural entry chosen for its empty ones, which stay
    (none of a fuzzy entry's, whose forms wait for review, nor of one translated again)."""
    if "fuzzy" in entry.flags or _again(entry, retranslate):
        return {}
    return {k: v for k, v in entry.msgstr_plural.items() if v}


@dataclass(frozen=True)
class Catalogue(StringsDocument):
    """A catalogue read whole (``po``, a polib.POFile, of ``lines``), the entries to translate,
    and how its text is written (``final_break``: whether it ends in a line break)."""

    po: Any
    chosen: list[Any]  # polib.POEntry
    kept: dict[int, dict[int, str]]  # by id(entry), a translator's forms that stay (_kept_forms)
    mark_fuzzy: bool
    strings: StringLines
    encoding: Encoding
    final_break: bool
    lines: list[str]
    name: str
    braces: tuple[str, str] = ("", "")  # the stand-ins of a brace format's {{ and }}

    def contexts(self) -> list[str | None]:
        """Each text's entry's msgctxt ("": none), where a translation memory looks it up first."""
        return self.strings.of_texts([e.msgctxt or "" for e in self.chosen for _ in _messages(e)])

    def check_languages(self, source: str | None, target: str | None) -> None:
        """InputError where the header's X-Source-Language is another than the model's
        ``source``, or its Language another than the model's ``target`` or ``source`` (a
        catalogue of French messages labelled French: translated into the target, its
        Language made the target's)."""
        messages, language = declared_languages(self.po)
        if source and _coded(messages) and not same_language(messages, source):
            raise InputError(
                f'{self.name}: the catalogue translates from "{messages}" (its '
                f"X-Source-Language), but the model translates from {source}"
            )
        theirs = [x for x in (source, target) if x]
        if target and _coded(language) and not any(same_language(language, x) for x in theirs):
            raise InputError(
                f'{self.name}: the catalogue is for "{language}" (its Language), but the model '
                f"translates into {target}"
            )

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> bytes:
        """The catalogue with its chosen entries filled (this fills ``po``: render once)."""
        header = dict(self.po.metadata)
        forms = self._update_header(target, warn) if self.chosen else None  # else as it was
        changed = self.po.metadata.get("Plural-Forms") != header.get("Plural-Forms")
        fitted = self._fitted(forms, warn) if changed and forms else []
        texts = iter(braces_back(x, self.braces) for x in self.translated(translations))
        for entry in self.chosen:
            self._fill(entry, texts, forms)
        try:
            return self.encoding.encode(self._text(header, fitted))
        except UnicodeEncodeError as e:  # msgfmt: "cannot convert"; UTF-8 holds every one
            lacked, charset = e.object[e.start : e.end], self.encoding.codec
        metadata = self.po.metadata
        metadata["Content-Type"] = content_type(metadata.get("Content-Type", ""), "utf-8")
        if codecs.lookup(charset).name != "ascii":  # msginit's for English: UTF-8's own bytes
            warn(
                f"{self.name}: {lacked!r} of a translation is not in {charset}, the catalogue's "
                "charset: written in UTF-8 (its Content-Type says so)"
            )
        return Encoding("utf-8", b"", self.encoding.crlf).encode(self._text(header, fitted))

    def _text(self, header: dict[str, str], fitted: list[Any]) -> str:
        """The catalogue's text, the header's fields that differ from ``header`` changed."""
        changes = {k: v for k, v in self.po.metadata.items() if header.get(k) != v}
        template = "Language" in changes and not header.get("Language", "").strip()
        text = "".join(f"{line}\n" for line in self._written(changes, fitted, template))
        return text if self.final_break else text.removesuffix("\n")

    def _fitted(self, forms: int, warn: Callable[[str], None]) -> list[Any]:
        """The plural entries left as they were whose number of forms is not ``forms``, that
        of the Plural-Forms the header now has, made ``forms``: the last forms dropped, or the
        last repeated (else ``msgfmt --check`` refuses the catalogue: "nplurals = 2... but
        some messages have 3 plural forms"), with one warning."""
        chosen = {id(e) for e in self.chosen}
        fitted = [
            e
            for e in self.po
            if e.msgid_plural and not e.obsolete and id(e) not in chosen
            and len(e.msgstr_plural) != forms
        ]  # fmt: skip
        for entry in fitted:
            old = [entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)]
            entry.msgstr_plural = {k: old[min(k, len(old) - 1)] for k in range(forms)}
        if fitted:
            n = len(fitted)
            warn(
                f"{self.name}:{fitted[0].linenum}: {n} translated plural "
                f"{'entry' if n == 1 else 'entries (the first here)'} had not the {forms} forms "
                f"of the new Plural-Forms: the last dropped, or repeated; to review"
            )
        return fitted

    def _written(self, changes: dict[str, str], fitted: list[Any], template: bool) -> list[str]:
        """The catalogue's lines: the chosen entries and those ``fitted`` as polib writes them,
        each with the blank lines that followed it, the header's fields ``changes`` changed
        (formats/po_header.py; a ``template``'s unflagged fuzzy); the rest as read."""
        starts = [e.linenum - 1 for e in self.po]  # where each entry's lines start
        if starts and starts[0] < 0:  # no header entry: polib read its first entry at line 0
            starts[0] = _first_entry(self.lines)
        bounds = list(zip([0, *starts], [*starts, len(self.lines)]))
        chosen = {id(e) for e in [*self.chosen, *fitted]}
        out: list[str] = []
        for k, (a, b) in enumerate(bounds):
            lines = self.lines[a:b]
            entry = self.po[k - 1] if k else None
            if entry is None and not changes or entry is not None and id(entry) not in chosen:
                out += lines
                continue
            if entry is None:
                written = self._header(_without_blank_end(lines), changes, template)
            else:  # its comments as they were (gettext wraps none); no-wrap: its strings too
                width = 0 if "no-wrap" in entry.flags else self.po.wrapwidth
                mine = [x for x in entry_text(entry, width).split("\n") if not _KEPT.match(x)]
                mine = _with_gettext_msgstr(mine, entry, width)
                own = [x for x in _without_blank_end(lines) if _COMMENT.match(x)]
                mine = _with_previous_as_written(_with_ids_as_written(mine, lines), lines, entry)
                written = "\n".join(own + mine)
            after = lines[len(_without_blank_end(lines)) :]  # the blank lines that followed
            if not after and entry is None and len(self.po):
                after = [""]  # a header put before the first entry
            out += written.removesuffix("\n").split("\n") + after  # not splitlines: U+2028
        return out

    def _header(self, lines: list[str], changes: dict[str, str], template: bool) -> str:
        """The header's ``lines``, its fields ``changes`` changed in their places (a ``template``'s
        fuzzy flag dropped and its comments' placeholders filled, as msginit does); with no
        header entry, the header polib writes."""
        if any(x.strip() == 'msgid ""' for x in lines):
            lines = initial_comments(without_fuzzy(lines), self.po.metadata) if template else lines
            width = PAGE_WIDTH if self.po.wrapwidth > 0 else 0
            changed = changed_header(lines, changes, width)
            if changed is not None:
                return "\n".join(changed)
        head = copy.copy(self.po)
        del head[:]  # the copy's entries: the catalogue keeps its own
        text = str(head)
        return text if self.po.header else text.removeprefix("#\n")  # polib's "#": no comment

    def _update_header(self, target: str | None, warn: Callable[[str], None]) -> int | None:
        """Language, Plural-Forms (where it has none or none it can use) and charset set for the
        output; its number of plural forms."""
        header = self.po.metadata
        header["Content-Type"] = content_type(header.get("Content-Type", ""), self.encoding.codec)
        if target is None:
            warn("the model records no target language: the catalogue's Language is kept")
        elif not same_language(header.get("Language", "").strip(), target):
            # a template's (as msginit fills it), or the messages' language (check_languages)
            header.update(initialized(header) if not header.get("Language", "").strip() else {})
            header["Language"] = target
            header["Plural-Forms"] = plural_forms(target) or header.get("Plural-Forms", "")
        elif count_forms(header.get("Plural-Forms")) is None:
            header["Plural-Forms"] = plural_forms(header["Language"]) or plural_forms(target) or ""
        forms = count_forms(header.get("Plural-Forms"))
        if forms is None and any(e.msgid_plural for e in self.chosen):
            warn("no Plural-Forms for the catalogue's language: plural messages get two forms")
        return forms

    def _fill(self, entry: Any, texts: Iterator[str], forms: int | None) -> None:
        one = next(texts)
        if entry.msgid_plural:
            many = next(texts)
            n = forms or len(entry.msgstr_plural)
            kept = self.kept.get(id(entry), {})
            new = {k: one if k == 0 and n > 1 else many for k in range(n)}
            entry.msgstr_plural = {k: kept.get(k) or new[k] for k in range(n)}
        else:
            entry.msgstr = one
        # its translation now comes from its msgid: no previous msgid (#|) it came from
        entry.previous_msgctxt = entry.previous_msgid = entry.previous_msgid_plural = None
        if not self.mark_fuzzy:
            entry.flags = [f for f in entry.flags if f != "fuzzy"]
        elif "fuzzy" not in entry.flags:
            entry.flags.insert(0, "fuzzy")


# A comment line of an entry: a translator's (``# ``, ``#``), extracted (``#.``) or a reference
# (``#:``); not its flags (``#,``) nor its previous msgid (``#|``), which a translation changes
_COMMENT = re.compile(r"#(?:[.:]|\s|$)")
_KEPT = re.compile(r"#(?:[.:|]|\s|$)")  # and its previous msgid: a translation changes no word


_ID = re.compile(r"(?:msgctxt|msgid|msgid_plural)\b")
_STR = re.compile(r"msgstr\b")


def _coded(language: str | None) -> bool:
    """Whether a header's language is a code (``fr``, ``pt_BR``), not a name (``French``)."""
    return bool(language and re.fullmatch(r"[A-Za-z]{2,3}(?:[-_@.].*)?", language))


def _with_ids_as_written(written: list[str], lines: list[str]) -> list[str]:
    """An entry's ``written`` lines (polib's) with its msgctxt, msgid and msgid_plural lines
    as its ``lines`` in the file have them: a translation changes none of them (polib wrapped
    a long msgid at 78 columns: a diff showed the message changed)."""

    def ids(of: list[str]) -> tuple[int, int]:
        start = next((k for k, x in enumerate(of) if _ID.match(x)), len(of))
        return start, next((k for k, x in enumerate(of) if _STR.match(x)), len(of))

    (a, b), (c, d) = ids(written), ids(lines)
    if a >= b or c >= d:
        return written
    return written[:a] + lines[c:d] + written[b:]


def _with_previous_as_written(written: list[str], lines: list[str], entry: Any) -> list[str]:
    """An entry's ``written`` lines with its previous msgctxt and msgid (``#|``, kept where it
    stays fuzzy) as its ``lines`` in the file have them, before its msgctxt or msgid: polib
    wrapped them its own way (a line starting with the space it broke at), not gettext's."""
    if entry.previous_msgid is None and entry.previous_msgctxt is None:
        return written
    at = next((k for k, x in enumerate(written) if _ID.match(x)), len(written))
    return written[:at] + [x for x in lines if x.startswith("#|")] + written[at:]


def _with_gettext_msgstr(written: list[str], entry: Any, width: int) -> list[str]:
    """An entry's ``written`` lines (polib's) with its msgstr lines as gettext writes them
    (formats/po_wrap.py): polib started a wrapped line with the space it broke at, and
    ``msgcat`` rewrote every entry translated here."""
    start = next((k for k, x in enumerate(written) if _STR.match(x)), None)
    if start is None:
        return written
    if entry.msgid_plural:
        forms = entry.msgstr_plural
        strings = [f"msgstr[{k}]" for k in sorted(forms)], [forms[k] for k in sorted(forms)]
    else:
        strings = ["msgstr"], [entry.msgstr]
    page = PAGE_WIDTH if width > 0 else 0
    return written[:start] + [x for k, v in zip(*strings) for x in gettext_lines(k, v, page)]


def _first_entry(lines: list[str]) -> int:
    """Where the first entry starts in the ``lines`` of a catalogue with no header entry: after
    the blank lines and translator comments before it, which polib reads as the header's."""
    for n, line in enumerate(lines):
        first = line.split(None, 1)[0] if line.strip() else ""
        if first and first != "#" and not first.startswith("##"):
            return n
    return len(lines)


def _without_blank_end(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def read_po(data: bytes, name: str, *, retranslate: str, mark_fuzzy: bool) -> Catalogue:
    """The catalogue of the bytes ``data``: entries to translate chosen by ``retranslate``
    (RETRANSLATE), marked fuzzy once translated if ``mark_fuzzy``."""
    text, encoding = decode(data, name, declared=declared_charset(data))  # ISO-8859-1: kept
    if encoding.bom and encoding.codec != "utf-8":  # UTF-16/32: gettext reads no other
        encoding = Encoding("utf-8", b"", encoding.crlf)
    lines, final_break = text_lines(text), not text or text.endswith("\n")
    po = parse_catalogue(lines, name)
    entries = lines[max(po[0].linenum - 1, 0) :] if len(po) else []  # not the header's
    if any(map(unwrapped, entries)):
        po.wrapwidth = 0  # the catalogue's own style (msgcat --no-wrap): its msgstrs as theirs
    chosen = [e for e in po if _wanted(e, retranslate)]
    kept = {id(e): _kept_forms(e, retranslate) for e in chosen if e.msgid_plural}
    braces = stand_ins(text)
    messages = [braces_out(s, e, braces) for e in chosen for s in _messages(e)]
    strings = StringLines.of(messages, catalogue_markers(po), _GUARD, gaps=True)
    return Catalogue(
        po, chosen, kept, mark_fuzzy, strings, encoding, final_break, lines, name, braces
    )


PO = DocumentFormat(
    "po",
    (".po", ".pot"),
    read_po,
    options=("retranslate", "mark_fuzzy"),
    protect=(*PLACEHOLDERS, DOUBLED_MARKERS, "~"),  # a lone tilde: LibreOffice's literal one
    alignment=True,  # where an access key goes in a translation
    binary=True,  # its byte order mark and line ends kept
)
