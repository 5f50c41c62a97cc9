"""HTML and XML pages as documents: each block's text translated, its inline tags put back
around the words aligned to those they enclosed, everything between blocks written as it was
(nmt_cli/markup/). The page is read whole (an XML page that is not well formed is one error
naming its line, and nothing is written) and written back ended as it was (document.Layout).

The root element's ``lang`` and ``xml:lang``, and an HTML page's ``<meta
http-equiv="content-language">``, ``<meta name="language">`` and Open Graph ``og:locale``,
become the model's target language; a page that
declares a language other than the model's source language is one error (check_languages), not
a page translated from the wrong language. A page saved in a legacy encoding that it declares
(``<meta charset="windows-1252">``, ``encoding="ISO-8859-1"``) is read and written back in it
(decode_page), a character the encoding lacks as a character reference (``&#8217;``); one
written in ASCII that declares another charset than UTF-8 (its accents as entities) gets the
characters of its translations as references (``&#8364;``): written as UTF-8 bytes, a browser
read them in the charset declared ("â‚¬" for "€")."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from nmt_cli.documents.document import DocumentError, DocumentFormat
from nmt_cli.documents.office.languages import regional
from nmt_cli.errors import InputError
from nmt_cli.formats.encoding import Encoding, bom_name, decode
from nmt_cli.formats.root import VALUE, root_tag
from nmt_cli.markup.attributes import attribute, primary, read_attributes, translated
from nmt_cli.markup.pages import Page
from nmt_cli.markup.segments import Aligned
from nmt_cli.markup.tree import Element

_LANG = re.compile(rf"(\s(?:xml:)?lang\s*=\s*)({VALUE})", re.IGNORECASE)
# a charset a page declares: its <meta charset>, <meta http-equiv> or XML declaration's
_CHARSET = re.compile(
    r"""<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)|<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)""",
    re.IGNORECASE,
)


# A <meta>'s charset as browsers read it (WHATWG's Encoding standard): Latin-1 and ASCII are
# Windows-1252, as are their bytes 0x80-0x9F (‘ ’ “ ” – — €), and so on; an XML declaration's
# is the codec it names (an XML parser's)
_BROWSERS = {
    "cp1252": ("iso8859-1", "ascii"),
    "cp1254": ("iso8859-9",),
    "cp874": ("tis-620", "iso8859-11"),
    "gbk": ("gb2312",),
    "cp949": ("euc_kr",),
}
_BROWSER = {named: read for read, names in _BROWSERS.items() for named in names}


def declared_codec(data: bytes) -> tuple[str, str | None] | None:
    """The charset a page's bytes ``data`` declare (its first ``<meta charset>``, ``<meta
    http-equiv="Content-Type">`` or XML declaration) and the codec it reads in (None: one
    Python does not know); None where it declares none, or UTF-8, UTF-16 or UTF-32 (a byte
    order mark says which: without one a browser reads UTF-8)."""
    found = _CHARSET.search(data.decode("latin-1"))
    if found is None:
        return None
    label = found.group(1) or found.group(2)
    try:
        codec = codecs.lookup(label).name
        "a".encode(codec)  # a text encoding (not "base64")
    except LookupError:
        return label, None
    if codec.startswith("utf"):
        return None
    return label, codec if found.group(2) else _BROWSER.get(codec, codec)


def decode_page(data: bytes, name: str) -> tuple[str, Encoding]:
    """The text of a page's bytes ``data`` and their Encoding: a byte order mark's, else
    UTF-8, else the charset the page declares (written back in it, a character it lacks as a
    reference: ``&#8217;``). Bytes valid in none: one error, saying how to declare one."""
    declared = declared_codec(data)
    legacy = declared[1] if declared else None
    try:
        text, encoding = decode(data, name, legacy=legacy)
    except DocumentError as e:
        if legacy is not None or bom_name(data):
            raise
        hint = (
            f'its charset "{declared[0]}" is not one known here'
            if declared
            else 'a page in another encoding says which: <meta charset="windows-1252">'
        )
        raise InputError(f"{e}; {hint}") from None
    return text, replace(encoding, references=encoding.codec == legacy)


_META = re.compile(r"<meta\b[^<>]*>", re.IGNORECASE)
_INNER_LANG = re.compile(r"<[A-Za-z][^<>]*\slang\s*=", re.IGNORECASE)  # the root's too


class PageDocument:
    """A page as a Document: its segments' texts out, their aligned translations back."""

    def __init__(self, page: Page, text: str, name: str, dialect: str = "html"):
        self.page, self.text, self.dialect = page, text, dialect
        self.name = name
        tag = root_tag(text)
        self.root = tag.group(1) if tag else ""
        found = _LANG.search(tag.group()) if tag else None
        self.language = found.group(2).strip("\"'") if found else None  # what it declares
        self.said = "its lang"
        if self.language is None and (meta := _meta_language(text)):  # its meta's, else
            self.language, self.said = meta, "its content-language"
        charset = _CHARSET.search(text)
        declared = (charset.group(1) or charset.group(2)).lower() if charset else "utf-8"
        self.references = text.isascii() and declared.replace("-", "") != "utf8"
        self.inner: set[str] = set()  # start tags whose lang is the source's (check_languages)

    def sources(self) -> list[str]:
        return self.page.texts()

    def check_languages(self, source: str | None, target: str | None) -> None:
        """InputError if the page declares a language that is not ``source`` (the model's; None:
        not recorded), or is already ``target``."""
        if source and self.dialect == "html" and _INNER_LANG.search(self.text):
            # an element in another language than the source's is not translated (attributes.py)
            self.page = Page(
                self.text, self.dialect, self.name, attributes=True, source=source, wrap=True
            )
            self.inner = _in_source_language(self.page.root, source)
        if not self.language or not primary(self.language):
            return
        declared = primary(self.language)
        if source is not None and declared != primary(source):
            raise InputError(
                f'{self.name}: the page is in "{self.language}" ({self.said}), but the model '
                f"translates from {source}"
            )
        if target is not None and declared == primary(target) and source is None:
            raise InputError(
                f'{self.name}: the page is already in "{self.language}" ({self.said}), the '
                "language the model translates into"
            )

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> str:
        self.check_languages(None, target)
        text = self.page.render(translations, kept=True)
        for tag in self.inner if target else ():  # <p lang="fr-FR">, translated: its lang
            text = text.replace(tag, _LANG.sub(lambda m: _said(m, target), tag))
        if target is not None:
            text = with_language(text, target)
            text = _META.sub(lambda m: _content_language(m[0], target), text)
        return text.encode("ascii", "xmlcharrefreplace").decode() if self.references else text


def _in_source_language(root, source: str) -> set[str]:
    """The start tags of the translated elements under ``root`` whose lang is ``source``."""
    found: set[str] = set()

    def walk(element, translating: bool) -> None:
        for child in element.children:
            if isinstance(child, Element) and not child.empty:
                here = translated(child, translating, source)
                lang = attribute(child, "lang") or attribute(child, "xml:lang") or ""
                if here and lang and primary(lang) == primary(source):
                    found.add(child.open)
                walk(child, here)

    walk(root, True)
    return found


def _said(m: re.Match, language: str) -> str:
    """A lang attribute's match (_LANG) with ``language`` as its value, quoted as it was."""
    quote = m[2][0] if m[2][0] in "\"'" else '"'
    return f"{m[1]}{quote}{language}{quote}"


def with_language(text: str, language: str) -> str:
    """``text`` with its root element's ``lang`` and ``xml:lang`` set to ``language`` (a root
    that has neither is left as it is: the page says nothing of its language)."""
    tag = root_tag(text)
    if tag is None:
        return text
    new = _LANG.sub(lambda m: _said(m, language), tag[0])
    return text[: tag.start()] + new + text[tag.end() :]


# <meta name="..."> that say a page's language (``language``, Dublin Core's ``DC.language``)
_LANGUAGE_NAMES = frozenset({"language", "dc.language", "content-language"})
_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")  # ``fr``, ``fr-FR`` (not "French")


def _says_language(said: dict) -> bool:
    """Whether a ``<meta>``'s attributes (by name) say the page's language in a language tag:
    ``http-equiv="content-language"``, or ``name="language"`` with ``content="fr"``."""
    equiv, name, content = said.get("http-equiv"), said.get("name"), said.get("content")
    if equiv and equiv.value.strip().lower() == "content-language":
        return content is not None
    named = name is not None and name.value.strip().lower() in _LANGUAGE_NAMES
    return named and content is not None and _TAG.fullmatch(content.value.strip()) is not None


def _meta_language(text: str) -> str | None:
    """The language a page's ``<meta http-equiv="content-language">`` (or ``<meta
    name="language">``) says (None: none)."""
    for m in _META.finditer(text):
        said = {a.name: a for a in read_attributes(m[0])}
        if _says_language(said):
            return said["content"].value.strip().split(",")[0].strip() or None
    return None


def _content_language(tag: str, language: str) -> str:
    """A ``<meta>`` start tag, ``<meta http-equiv="content-language" content="fr">`` (or
    ``<meta name="language" content="fr">``) with ``language`` as its content, and Open
    Graph's ``<meta property="og:locale" content="fr_FR">`` with ``language`` and a region,
    written its way (``en_US``: shared, the English page was announced as French); any other
    as written."""
    said = {a.name: a for a in read_attributes(tag)}
    content, locale = said.get("content"), said.get("property")
    if locale and locale.value.strip().lower() == "og:locale" and content:
        own = content.value.strip().replace("_", "-")
        start, stop = content.span
        return tag[:start] + regional(language, own).replace("-", "_") + tag[stop:] if own else tag
    if not _says_language(said) or not content or not content.value.strip():
        return tag
    start, stop = content.span
    return tag[:start] + language + tag[stop:]


def page_reader(dialect: str) -> Callable[..., PageDocument]:
    """``read(lines, name)`` of a ``dialect`` page (lines as read_whole gives them)."""

    def read(lines: list[str], name: str) -> PageDocument:
        text = "".join(f"{line}\n" for line in lines)
        page = Page(text, dialect, name, attributes=True, wrap=True)  # an HTML page's; not XML's
        document = PageDocument(page, text, name, dialect)
        if dialect == "xml" and document.root == "resources":
            raise DocumentError(
                name, 1, "an Android strings file (root <resources>): --input-format android"
            )
        return document

    return read


HTML = DocumentFormat(
    "html", (".html", ".htm", ".xhtml"), page_reader("html"), alignment=True, decode=decode_page
)
XML = DocumentFormat("xml", (".xml",), page_reader("xml"), alignment=True, decode=decode_page)
