"""The settings of documents in `nmt translate`: how its input is read (``--input-format``), and
the settings of the formats (each format names those it reads: DocumentFormat.options)."""

from __future__ import annotations

from dataclasses import dataclass

from nmt_cli.documents.po import RETRANSLATE
from nmt_cli.documents.registry import NAMES
from nmt_cli.settings import setting

INPUT_FORMAT_HELP = (
    "How --input is read: text (lines), jsonl (a JSON object per line, --field translated), po "
    "(a gettext catalogue, written back filled), srt, vtt (subtitles), html, xml, md, json (an "
    "i18n message file), properties (Java), android (strings.xml), strings (Apple), xliff "
    "(XLIFF 1.2 or 2.0, targets filled), docx, pptx, odt, xlsx, ods (office documents: formatting "
    "kept). Default: by extension (.jsonl, .po, .pot, .srt, .vtt, .html, .xml, .md, .json, "
    ".properties, .strings, .xlf, .xliff, .docx, .pptx, .odt, .xlsx, .ods; an .xml whose root is "
    "<resources>: android; stdin: by --output's, but .jsonl, .xml), "
    "else text."
)
FIELD_HELP = "jsonl: the field of each object to translate (repeatable; default: text)."
RETRANSLATE_HELP = (
    "po, xliff: which entries that have a translation are translated again (none: only the "
    "untranslated are filled; fuzzy: also po's fuzzy entries and xliff's needs-* targets)."
)
MARK_FUZZY_HELP = (
    "po: mark the entries it translates fuzzy, for review (msgfmt leaves fuzzy entries out)."
)


@dataclass(frozen=True)
class DocumentOptions:
    """How `nmt translate` reads its input, and what it translates in a document."""

    input_format: str | None = setting(None, INPUT_FORMAT_HELP, choices=NAMES)
    field: list[str] | None = setting(None, FIELD_HELP, metavar="name")
    retranslate: str = setting("none", RETRANSLATE_HELP, choices=RETRANSLATE)
    mark_fuzzy: bool = setting(False, MARK_FUZZY_HELP)
