"""An office document as a Document (nmt_cli/documents/document.py): the paragraphs of its parts
as texts to translate, and the package again, in bytes, with their translations in place.

A paragraph whose every text comes back as it went is left as it was, and a part none of whose
paragraphs changed is written as its old bytes; so a translation that changes nothing gives a
package whose every entry is byte-identical after decompression. A changed paragraph is
written anew from its runs (runs.py), and its translated runs are marked in the target
language; so is the document, in its properties (``dc:language``), where they say a language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from nmt_cli.documents.office.languages import language_of, regional
from nmt_cli.documents.office.package import Package, serialized
from nmt_cli.documents.office.runs import Item, Paragraph
from nmt_cli.markup.segments import Aligned

# The fonts of code: a run in one is code, passed through untranslated
MONOSPACE = frozenset(
    (
        "consolas", "courier", "courier new", "menlo", "monaco", "lucida console",
        "dejavu sans mono", "liberation mono", "source code pro", "noto mono", "ubuntu mono",
        "fira code", "fira mono", "cascadia code", "cascadia mono", "andale mono",
    )
)  # fmt: skip
# A style of code, by its name (Word's ``HTML Code``, ``HTML Keyboard``, ``HTML Typewriter``,
# ``HTML Preformatted``, pandoc's ``Source Code``, ``Verbatim Char``, LibreOffice's ``Source
# Text``, ``Teletype``, ``Preformatted Text``): a run or span of it is code, not translated, and
# its language is kept, in a .docx as in an .odt
CODE_STYLE = re.compile(
    r"code|verbatim|source|keyboard|typewriter|console|teletype|preformatted", re.I
)
STRICT = "http://purl.oclc.org/ooxml/"  # Strict Open XML's namespaces start so
# write(paragraph element, its items translated, the target language or None)
Write = Callable[[object, list[Item], "str | None"], None]
# finish(a changed part's tree, the target language or None), once its paragraphs are written
Finish = Callable[[object, "str | None"], None]


# The attributes of a drawing's properties that a reader reads: its alt text (Word's
# wp:docPr, a picture's or a shape's pic:cNvPr, p:cNvPr), and its title
ALT_TEXTS = ("descr", "title")


@dataclass
class Part:
    """An XML part of the package (``path``) read into ``tree``, and its paragraphs: (the
    paragraph's element, the paragraph read from it), in document order; ``alt``: the
    attributes whose values are text to translate, (element, attribute name), and the elements
    whose text is (element, None: ODF's ``svg:title``, ``svg:desc``); ``changed``: set by the
    finish of a part before it, that changed this one too."""

    path: str
    tree: object
    paragraphs: list[tuple[object, Paragraph]] = field(default_factory=list)
    alt: list[tuple[object, str | None]] = field(default_factory=list)
    changed: bool = False  # written anew though none of its texts changed (an earlier finish)
    # the most characters an attribute of ``alt`` may hold, by its name (Excel's data
    # validation's prompt title: 32); a longer translation is not written
    longest: dict[str, int] = field(default_factory=dict)
    # the attributes of ``alt`` whose line breaks are the text's (a validation's message):
    # each line translated on its own, the breaks kept
    by_line: frozenset[str] = frozenset()

    def find_alt_texts(self, names: Sequence[str]) -> None:
        """The alt texts of the drawings whose properties' elements are named ``names`` (their
        local names: ``docPr``, ``cNvPr``), in document order (an image's description was left
        in the source's language)."""
        for e in self.tree.getroot().iter():  # type: ignore[attr-defined]
            if isinstance(e.tag, str) and e.tag.rsplit("}", 1)[-1] in names:
                self.alt += [(e, n) for n in ALT_TEXTS if any(c.isalpha() for c in e.get(n, ""))]

    def find_tooltips(self, tags: Sequence[str], name: str) -> None:
        """The tooltips of the links ``tags`` (their attribute ``name``: what a reader sees
        over the link, left in the source's language), in document order."""
        for e in self.tree.getroot().iter(*tags):  # type: ignore[attr-defined]
            if any(c.isalpha() for c in e.get(name, "")):
                self.alt.append((e, name))

    def alt_lines(self) -> list[list[str]]:
        """Each alt text's texts: its lines (those with words), where its name is one of
        ``by_line``, else the whole text on one line."""
        out = []
        for e, n in self.alt:
            text = _alt_text(e, n)
            lines = text.split("\n") if n in self.by_line else [text]
            out.append([" ".join(line.split()) for line in lines if line.strip()])
        return out

    def alt_texts(self) -> list[str]:
        return [t for lines in self.alt_lines() for t in lines]


def _alt_said(element, name: str | None, said: list[str]) -> str:
    """An alt text that was on several lines, its lines with words each its translation."""
    lines = _alt_text(element, name).split("\n")
    done = iter(said)
    return "\n".join(
        next(done) + "\r" * line.endswith("\r") if line.strip() else line for line in lines
    )


def _alt_text(element, name: str | None) -> str:
    """An alt text: the value of ``element``'s attribute ``name``, or its text (None)."""
    return (element.text or "") if name is None else element.get(name)


def _set_alt_text(element, name: str | None, text: str) -> None:
    if name is None:
        element.text = text
    else:
        element.set(name, text)


class OfficeDocument:
    """The ``parts`` of ``package`` whose paragraphs are translated; ``write`` puts a
    paragraph's translated items back into its element (the format's), and ``finish`` (if
    any) completes a changed part once all its paragraphs are written."""

    def __init__(
        self, package: Package, parts: list[Part], write: Write, finish: Finish | None = None
    ):
        self.package, self.parts, self.write, self.finish = package, parts, write, finish

    def sources(self) -> list[str]:
        """Each part's paragraphs' texts, then its alt texts."""
        return [
            t
            for part in self.parts
            for t in [t for _, p in part.paragraphs for t in p.texts()] + part.alt_texts()
        ]

    def render(
        self, translations: Sequence[Aligned], target: str | None, warn: Callable[[str], None]
    ) -> bytes:
        done = iter(translations)
        touched_parts: set[int] = set()  # their ids
        for part in self.parts:
            touched = False
            found = [[next(done) for _ in p.texts()] for _, p in part.paragraphs]
            # the alt texts first: a link's tooltip is copied with the link's attributes
            for (element, name), lines in zip(part.alt, part.alt_lines()):
                said_lines = [next(done).text for _ in lines]
                if said_lines == lines or not all(t.strip() for t in said_lines):
                    continue
                said = (
                    _alt_said(element, name, said_lines) if name in part.by_line else said_lines[0]
                )
                if len(said) > (longest := part.longest.get(name or "", len(said))):
                    warn(
                        f"{self.package.name}:{part.path}: the translation of a {name} is longer "
                        f"than the {longest} characters it may hold: it stays as it was"
                    )
                    continue
                _set_alt_text(element, name, said)
                touched = True
            for (element, paragraph), said in zip(part.paragraphs, found):
                if all(t.text == s for t, s in zip(said, paragraph.texts())):
                    continue  # as it was, byte for byte
                self.write(element, paragraph.translated(said), target)
                touched = True
            if touched and self.finish is not None:
                self.finish(part.tree, target)
            if touched:
                touched_parts.add(id(part))
        changed = {  # once all are finished: a later part's finish may change an earlier one
            part.path: serialized(part.tree, self.package.entry(part.path))
            for part in self.parts
            if id(part) in touched_parts or part.changed
        }
        if changed and target:
            changed.update(_properties_language(self.package, target))
        return self.package.written(changed)


_DC_LANGUAGE = "{http://purl.org/dc/elements/1.1/}language"


def _properties_language(package: Package, target: str) -> dict[str, bytes]:
    """The document's properties (an OOXML package's docProps/core.xml, an ODF one's
    meta.xml) with the language they say it is in (``dc:language``, which LibreOffice writes
    in every .docx and .pptx it saves) in ``target``, where it said another (it said
    ``fr-FR`` of the English document): {its path: its bytes}, or {} where none changed."""
    types = content_types(package)
    paths = [p for p, t in types.items() if t.endswith("core-properties+xml")] or ["meta.xml"]
    out: dict[str, bytes] = {}
    for path in (p for p in paths[:1] if p in package.names()):
        tree = package.part(path)
        for e in tree.getroot().iter(_DC_LANGUAGE):
            if (e.text or "").strip() and language_of(e.text) != language_of(target):
                e.text = regional(target, e.text.strip())
                out[path] = serialized(tree, package.entry(path))
    return out


def content_types(package: Package) -> dict[str, str]:
    """The content type of each part an OOXML package declares ([Content_Types].xml's
    overrides), by path without the leading slash; PackageError-free: {} if it has none."""
    if "[Content_Types].xml" not in package.names():
        return {}
    root = package.part("[Content_Types].xml").getroot()
    return {
        o.get("PartName", "").lstrip("/"): o.get("ContentType", "")
        for o in root
        if isinstance(o.tag, str) and o.tag.endswith("}Override")
    }
