"""Software's localization files as documents: i18n JSON, Java ``.properties``, Android
``strings.xml`` and Apple ``.strings`` (nmt_cli/formats/ reads and writes each). Every unit's
text is translated (each line of it, strings.py) and the file written back with only those
texts changed: keys, comments, order, indentation and everything else stay as written, so a
file whose texts come back unchanged is the same file.

The placeholders of each format pass through as protected spans (document.PLACEHOLDERS, and
``$name$``, ``{{name}}``, ``%{name}``, ``{0,number}``, ``%@``, ``<xliff:g>...</xliff:g>``); a
file that marks access keys (``&Fichier``) gets one on each translation that had one (strings.py).
These files hold source texts only: there is no translation in them to keep.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nmt_cli.documents.document import PLACEHOLDERS, DocumentFormat
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.formats import android, apple_strings, i18n_json, properties
from nmt_cli.formats.skeleton import Unit
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.mnemonics import file_markers
from nmt_cli.protect.plural_categories import plural_categories

# write(targets, target language, warn): the file with targets[k] as the text of units[k]
Write = Callable[[list[str], "str | None", Callable[[str], None]], str]

JSON_PLACEHOLDERS = (
    *PLACEHOLDERS,
    r"\$[A-Za-z0-9_@]+\$|\$\d+",  # WebExtension's $name$ and $1
    r"\{\{[^{}]*\}\}",  # i18next's {{count}}
    r"%\{\w+\}",  # Rails' %{name}
)
MESSAGE_FORMAT = (*PLACEHOLDERS, r"\{\d+(?:,[^{}]*)?\}")  # Java's {0}, {1,number,#.##}
ANDROID_PLACEHOLDERS = (*PLACEHOLDERS, r"<xliff:g\b[^>]*>.*?</xliff:g>")
APPLE_PLACEHOLDERS = (*PLACEHOLDERS, r"%(?:\d+\$)?@")  # Objective-C's %@, %1$@
_ENTITY = r"&(?:\w+|#\d+|#x[0-9a-fA-F]+);"  # holds no access key


@dataclass(frozen=True)
class LocalizationFile(StringsDocument):
    """A localization file read: its units (nmt_cli/formats/skeleton.py) and how it is written
    back."""

    units: list[Unit]
    write: Write
    strings: StringLines

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> str:
        return self.write(self.translated(translations), target, warn)


def _document(units: list[Unit], write: Write, protect: Sequence[str]) -> LocalizationFile:
    sources = [u.source for u in units]
    guard = re.compile("|".join((*protect, _ENTITY)))
    return LocalizationFile(units, write, StringLines.of(sources, file_markers(sources), guard))


def _text(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)


def read_json(lines: list[str], name: str) -> LocalizationFile:
    """An i18n JSON file (formats/i18n_json.py)."""
    parsed = i18n_json.parse(_text(lines), name)
    return _document(parsed.units, lambda t, _, __: parsed.write(t), JSON_PLACEHOLDERS)


def read_properties(lines: list[str], name: str) -> LocalizationFile:
    """A Java .properties file (formats/properties.py)."""
    parsed = properties.parse(_text(lines), name)
    return _document(parsed.units, lambda t, _, __: parsed.write(t), MESSAGE_FORMAT)


def read_android(lines: list[str], name: str) -> LocalizationFile:
    """An Android strings.xml (formats/android.py): its plurals get the target's categories."""
    parsed = android.parse(_text(lines), name)

    def write(targets: list[str], language: str | None, warn: Callable[[str], None]) -> str:
        categories = plural_categories(language) if language else None
        if language and categories is None and parsed.plurals:
            warn(f"no plural categories known for {language}: <plurals> keep the source's")
        return parsed.write(targets, categories, warn)

    return _document(parsed.units, write, ANDROID_PLACEHOLDERS)


def read_strings(lines: list[str], name: str) -> LocalizationFile:
    """An Apple .strings file (formats/apple_strings.py)."""
    parsed = apple_strings.parse(_text(lines), name)
    return _document(parsed.units, lambda t, _, __: parsed.write(t), APPLE_PLACEHOLDERS)


JSON = DocumentFormat("json", (".json",), read_json, protect=JSON_PLACEHOLDERS, alignment=True)
PROPERTIES = DocumentFormat(
    "properties", (".properties",), read_properties, protect=MESSAGE_FORMAT, alignment=True
)
# Chosen for an .xml file whose root is <resources> (registry.py), else by name
ANDROID = DocumentFormat("android", (), read_android, protect=ANDROID_PLACEHOLDERS, alignment=True)
STRINGS = DocumentFormat(
    "strings", (".strings",), read_strings, protect=APPLE_PLACEHOLDERS, alignment=True
)
