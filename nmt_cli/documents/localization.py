"""Software's localization files as documents: i18n JSON, Java ``.properties``, Android
``strings.xml`` and Apple ``.strings`` (nmt_cli/formats/ reads and writes each). Every unit's
text is translated (each line of it, strings.py) and the file written back with only those
texts changed: keys, comments, order, indentation and everything else stay as written, and
the file keeps its encoding, byte order mark and line ends (formats/encoding.py: each is read
as bytes), so a file whose texts come back unchanged is the same file, byte for byte. A Java
``.properties`` file that is not UTF-8 is Latin-1, as Java 8 read it.

The placeholders of each format pass through as protected spans (document.PLACEHOLDERS, and
``$name$``, ``{{name}}``, ``%{name}``, ``{0,number}``, ``%@``, ``<xliff:g>...</xliff:g>``); a
file that marks access keys (``&Fichier``) gets one on each translation that had one (strings.py).
These files hold source texts only: there is no translation in them to keep.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nmt_cli.documents.document import (
    DOUBLED_MARKERS,
    ENTITY,
    LONE_SURROGATE,
    PLACEHOLDERS,
    DocumentError,
    DocumentFormat,
)
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.formats import android, apple_strings, i18n_json, properties
from nmt_cli.formats.encoding import Encoding, decode
from nmt_cli.formats.skeleton import Unit
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.mnemonics import file_markers
from nmt_cli.protect.plural_categories import plural_categories

# write(targets, target language, warn): the file with targets[k] as the text of units[k]
Write = Callable[[list[str], "str | None", Callable[[str], None]], str]

JSON_PLACEHOLDERS = (
    *PLACEHOLDERS,
    # WebExtension's $name$ and $1, and $$, its dollar sign ("$$5" is "$5": taken as $5, the
    # model wrote "$ $5")
    r"\$\$|\$[A-Za-z0-9_@]+\$|\$\d+",
    r"\{\{[^{}]*\}\}",  # i18next's {{count}}
    # i18next's nesting, $t(key) or $t(key, {"count": 2}): a key the model would translate
    # ("$t (book save)" for $t(boutons.enregistrer)), so i18next would find no such key
    r'\$t\((?:[^()"]|"(?:[^"\\]|\\.)*")*\)',
    r"%\{\w+\}",  # Rails' %{name}
    r"(?<![^\s(\[|]):[A-Za-z_]\w*",  # Laravel's :name, :count ("Il y a :count pommes")
    # vue-i18n's linked messages, @:key, @.lower:key, @:{'key'}: a key, as $t(key) is ("<:
    # common.save", "#.lower: common.save")
    r"@(?:\.\w+)?:(?:\{'[^'{}]*'\}|[\w.-]*\w)",
    r"</?\d+>|<\d+/>",  # react-i18next's numbered tags, <1>ici</1>: "<1>></1>"
)
MESSAGE_FORMAT = (
    *PLACEHOLDERS,
    r"\{\d+(?:,[^{}]*)?\}",  # Java's {0}, {1,number,#.##}
    # A ChoiceFormat argument, whole: its limits and the {0,number} inside would otherwise be
    # the only spans, and "0#Aucun fichier|1#Un fichier|1<" came back "0#Aucun fichier|1#Un
    # file1<", a pattern MessageFormat refuses
    r"\{\d+\s*,\s*choice\s*,(?:[^{}]|\{[^{}]*\})*\}",
    properties.LITERAL.pattern,  # '{0}': MessageFormat's literal {0}, quotes and all
)
ANDROID_PLACEHOLDERS = (*PLACEHOLDERS, r"<xliff:g\b[^>]*>.*?</xliff:g>", r"<!\[CDATA\[|\]\]>")
APPLE_PLACEHOLDERS = (*PLACEHOLDERS, r"%(?:\d+\$)?@")  # Objective-C's %@, %1$@


@dataclass(frozen=True)
class LocalizationFile(StringsDocument):
    """A localization file read: its units (nmt_cli/formats/skeleton.py), how its text is
    written back, and how that text is encoded."""

    units: list[Unit]
    write: Write
    strings: StringLines
    encoding: Encoding

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> bytes:
        return self.encoding.encode(self.write(self.translated(translations), target, warn))

    def contexts(self) -> list[str | None]:
        """Each text's context, where a translation memory looks it up first: its string's key
        (``menu.open``, ``files#one``), as Weblate and translate-toolkit give a monolingual
        file's key as its units' context (None: a string without a key)."""
        return self.strings.of_texts([u.id or None for u in self.units])


def _document(
    units: list[Unit],
    write: Write,
    protect: Sequence[str],
    encoding: Encoding,
    text: str,
    name: str,
    pipes: bool = False,
    runs: bool = False,
    choices: bool = False,
) -> LocalizationFile:
    for u in units:  # an escape of half a character (\ud83d): no text (the model's tokenizer)
        if (half := LONE_SURROGATE.search(u.source)) is not None:
            line = text.count("\n", 0, u.start) + 1
            raise DocumentError(name, line, f"{u.id}: an escape of half a character ({half[0]!a})")
    sources = [u.source for u in units]
    guard = re.compile("|".join((*protect, ENTITY)))
    strings = StringLines.of(
        sources,
        file_markers(sources),
        guard,
        columns=True,
        pipes=pipes,
        gaps=not runs,
        runs=runs,
        choices=choices,
    )
    return LocalizationFile(units, write, strings, encoding)


def read_json(data: bytes, name: str) -> LocalizationFile:
    """An i18n JSON file (formats/i18n_json.py) of the bytes ``data``."""
    text, encoding = decode(data, name)
    parsed = i18n_json.parse(text, name)

    def write(targets: list[str], language: str | None, warn: Callable[[str], None]) -> str:
        if language and parsed.plurals and plural_categories(language) is None:
            warn(f"no plural categories known for {language}: plural keys keep the source's")
        if not language:
            return parsed.write(targets)
        table = LANGUAGES.get(re.split("[-_]", language)[0].lower())
        suffixes = dict(table.ordinal_suffixes) if table else None
        out = parsed.write(targets, lambda o: plural_categories(language, o), suffixes)
        return i18n_json.localed(out, language)

    return _document(
        parsed.units, write, JSON_PLACEHOLDERS, encoding, text, name, pipes=True, choices=True
    )


def read_properties(data: bytes, name: str) -> LocalizationFile:
    """A Java .properties file (formats/properties.py) of the bytes ``data``: UTF-8, else
    Latin-1 (Java 8 read nothing else; a value it cannot hold is written in ``\\uXXXX``)."""
    text, encoding = decode(data, name, legacy="latin-1")
    parsed = properties.parse(text, name, encoding.highest)
    return _document(
        parsed.units, lambda t, _, __: parsed.write(t), MESSAGE_FORMAT, encoding, text, name
    )


def read_android(data: bytes, name: str) -> LocalizationFile:
    """An Android strings.xml (formats/android.py) of the bytes ``data``: its plurals get the
    target's categories."""
    text, encoding = decode(data, name)
    parsed = android.parse(text, name)

    def write(targets: list[str], language: str | None, warn: Callable[[str], None]) -> str:
        categories = plural_categories(language) if language else None
        if language and categories is None and parsed.plurals:
            warn(f"no plural categories known for {language}: <plurals> keep the source's")
        written = parsed.write(targets, categories, warn)
        return (
            _LOCALE.sub(lambda m: m[1] + m[2] + language + m[2], written, 1)
            if language
            else written
        )

    # its runs of spaces are its own (quoted or escaped, else aapt2 would collapse them)
    return _document(parsed.units, write, ANDROID_PLACEHOLDERS, encoding, text, name, runs=True)


# the language lint reads a strings.xml in: <resources tools:locale="fr">, the target's then
_LOCALE = re.compile(r"""(<resources\b[^>]*?\stools:locale=)(["'])[^"']*\2""")


def read_strings(data: bytes, name: str) -> LocalizationFile:
    """An Apple .strings file (formats/apple_strings.py) of the bytes ``data``: UTF-8, UTF-16
    or UTF-32."""
    text, encoding = apple_strings.decode(data, name)
    parsed = apple_strings.parse(text, name)
    return _document(
        parsed.units, lambda t, _, __: parsed.write(t), APPLE_PLACEHOLDERS, encoding, text, name
    )


def _format(
    name: str, extensions: tuple[str, ...], read: Callable[..., LocalizationFile], protect: tuple
) -> DocumentFormat:
    """A localization format: read as bytes, its texts' word alignments read (access keys)."""
    protect = (*protect, DOUBLED_MARKERS)
    return DocumentFormat(name, extensions, read, protect=protect, alignment=True, binary=True)


JSON = _format("json", (".json", ".arb"), read_json, JSON_PLACEHOLDERS)  # .arb: Flutter's
PROPERTIES = _format("properties", (".properties",), read_properties, MESSAGE_FORMAT)
# Chosen for an .xml file whose root is <resources> (registry.py), else by name
ANDROID = _format("android", (), read_android, ANDROID_PLACEHOLDERS)
STRINGS = _format("strings", (".strings",), read_strings, APPLE_PLACEHOLDERS)
