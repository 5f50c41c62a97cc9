"""OpenDocument text (.odt, .ott): the paragraphs and headings of the body (tables, nested ones
too, frames and text boxes), of the headers and footers (styles.xml's master pages), and of
each footnote and endnote, which is cut out of its paragraph as a text of its own (it stays
there as a mark).

A paragraph's items (runs.py), from its mixed content in order:

- text is a Run keyed by the chain of spans (``text:span``'s style names) it stands in; a
  span whose style is named for code (source text, teletype) or sets a monospace font is code,
  not translated; a span that holds a span is a Link around its content, as a hyperlink is;
  spaces written as ``text:s`` are spaces;
- a hyperlink (``text:a``) is a Link around its text;
- a bookmark, a reference mark or a comment (``office:annotation``, not translated) whose start
  and end stand around text is a Link around it (paired); alone, and a note, a tab, a line
  break, a frame, a field (page number, date, reference) and anything else is a Mark, as it is;
  a field that shows text (any element of the text namespace but a note) is held, read by the
  model as one token where it stands ("Mis à jour le <date>, page <n> sur <count>." was read
  "Mis à jour le , page sur .", its comma and a space lost);
- a soft page break (``text:soft-page-break``: where a page ended when LibreOffice last laid
  the document out, between two words or inside one) is none of these: the words around it are
  read as they stand (as a mark, it cut "canapé" into "ca napé", translated as two words), and
  it is written back at the end of the translated paragraph, where the page break stays in the
  same paragraph (LibreOffice lays the pages out again, as Word does with its own hint:
  docx.py).

A frame's (an image's, a shape's) alt text and title (``svg:desc``, ``svg:title``; a table's,
``table:desc``, ``table:title``) are texts of their own, as a Word document's and a deck's are
(they stayed French), and so is a link's
title (``office:title``, shown over the link), as a page's is. So is the label of a list's
level, and of a heading's (a list style's ``style:num-prefix``, ``style:num-suffix``: "Étape
1 :" stayed French before the English items), read as one text around its number ("Étape %1 :",
as a Word document's, docx.py), the number kept; and so is the title an index (a table of
contents) is made with (``text:index-title-template``): updated, the index came back with the
title "Table des matières" over its English entries; and so is a placeholder's text and
tooltip (``text:placeholder``: "<Saisissez le nom>", where a template's user is to type).

Translated, a paragraph is written anew: its text in spans of the same styles, nested as they
were, links around them. The automatic styles that set a language (``fo:language``,
``fo:country``) of translated text, the paragraph's and its spans' whose words changed, are set
to the target's, code styles aside; the rest keep theirs (a German quotation, a paragraph or a
span left as it was, was marked English). A style of both is split: the translated text takes a
copy in the target's language (``P1_en_GB``). The default styles' language (styles.xml's
``style:default-style``, that of all text no style sets one for: in a document LibreOffice
saved, most of it), and the common styles' in that language (a heading's: code's aside),
become the target's once any text is translated, and so does the data
style of a date or time field in a translated paragraph (LibreOffice writes the date by it)
(odt_styles.py). Tracked changes
are refused (accept or reject them first), and so is an encrypted document.
"""

from __future__ import annotations

import re

from nmt_cli.documents.office import formats
from nmt_cli.documents.office.document import CODE_STYLE, MONOSPACE, OfficeDocument, Part
from nmt_cli.documents.office.odf_charts import chart_parts
from nmt_cli.documents.office.odt_styles import (  # the namespaces too: named once, there
    DATA_STYLE,
    OFFICE,
    STYLE,
    TEXT,
    default_language,
    list_labels,
    set_date_language,
    set_language,
)
from nmt_cli.documents.office.package import Package, PackageError
from nmt_cli.documents.office.runs import Item, Link, Mark, Paragraph, Run, paired, shows_text

SVG = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
# A table's title and description (ODF 1.2: what a screen reader says of it)
_TABLE_ALT = tuple(
    f"{{urn:oasis:names:tc:opendocument:xmlns:table:1.0}}{n}" for n in ("title", "desc")
)
MIMETYPES = (
    "application/vnd.oasis.opendocument.text",
    "application/vnd.oasis.opendocument.text-template",
)


def t(name: str) -> str:
    return f"{{{TEXT}}}{name}"


SOFT_PAGE_BREAK = t("soft-page-break")


def read_odt(data: bytes, name: str) -> OfficeDocument:
    """The OpenDocument text of ``data`` (an .odt file's bytes) named ``name``."""
    package = opened(data, name, ".odt", MIMETYPES)
    names = package.names()
    styles = text_styles(package, names)
    parts = [_part(package, "content.xml", styles)]
    parts += chart_parts(package, lambda p, where: read_paragraph(p, where, styles))
    defaults = [_part(package, "styles.xml", styles)] if "styles.xml" in names else []
    return OfficeDocument(package, parts + defaults, *writer(styles, defaults))


def opened(data: bytes, name: str, kind: str, mimetypes: tuple[str, ...]) -> Package:
    """The OpenDocument package of ``data`` (``kind``: ".odt", ".ods"), whose ``mimetype`` is
    one of ``mimetypes``; PackageError where it is another, or encrypted."""
    package = Package.read(data, name, kind)
    names = package.names()
    mimetype = (
        package.entry("mimetype").decode("ascii", "replace").strip() if "mimetype" in names else ""
    )
    if mimetype not in mimetypes:
        raise PackageError(name, f"not an {kind} file ({mimetype or 'no OpenDocument mimetype'})")
    if "content.xml" not in names:
        raise PackageError(name, f"a damaged {kind} file: its content.xml is missing")
    if "META-INF/manifest.xml" in names and b"encryption-data" in package.entry(
        "META-INF/manifest.xml"
    ):
        raise PackageError(name, f"an encrypted {kind} file: save it without a password")
    return package


def text_styles(package: Package, names: list[str]) -> dict[str, bool]:
    """Whether each text style of the document is code (by its name or its font)."""
    out: dict[str, bool] = {}
    for path in ("styles.xml", "content.xml"):
        if path not in names:
            continue
        for s in package.part(path).getroot().iter(f"{{{STYLE}}}style"):
            name = s.get(f"{{{STYLE}}}name", "")
            props = s.find(f"{{{STYLE}}}text-properties")
            font = "" if props is None else props.get(f"{{{STYLE}}}font-name", "")
            shown = s.get(f"{{{STYLE}}}display-name", "")
            code = bool(CODE_STYLE.search(name) or CODE_STYLE.search(shown))
            out[name] = code or font.strip("'\"").lower() in MONOSPACE
    return out


def _part(package: Package, path: str, styles: dict[str, bool]) -> Part:
    tree = package.part(path)
    root = tree.getroot()
    for changes in root.iter(t("tracked-changes")):
        if len(changes):
            raise PackageError(
                package.name, f"tracked changes in {path}: accept or reject them first"
            )
    part = Part(path, tree)
    where = f"{package.name}:{path}"
    for p in root.iter(t("p"), t("h")):
        if _in_comment_or_style(p):
            continue
        paragraph = read_paragraph(p, where, styles)
        if paragraph.texts():
            part.paragraphs.append((p, paragraph))
    part.alt += frame_alt_texts(root)
    title = f"{{{OFFICE}}}title"  # a link's, shown over it: a text as an alt text is
    part.alt += [
        (e, title)
        for e in root.iter(t("a"))
        if any(c.isalpha() for c in e.get(title, "")) and not _in_comment_or_style(e)
    ]
    part.alt += [(label, "label") for label in list_labels(root)]
    part.alt += [  # an index's title as LibreOffice writes it again when it updates the index
        (e, None)
        for e in root.iter(t("index-title-template"))
        if any(c.isalpha() for c in e.text or "")
    ]
    part.alt += _placeholders(root)
    return part


def _placeholders(root) -> list:
    """The placeholders of ``root`` (``text:placeholder``: "<Saisissez le nom>", what a
    template shows where its user is to type, and its tooltip, ``text:description``): texts
    of their own, the field a mark in its paragraph (read as one, they stayed French)."""
    out: list = []
    for e in root.iter(t("placeholder")):
        if _in_comment_or_style(e) or len(e):
            continue
        out += [(e, None)] if any(c.isalpha() for c in e.text or "") else []
        if any(c.isalpha() for c in e.get(t("description"), "")):
            out.append((e, t("description")))
    return out


def frame_alt_texts(root) -> list:
    """The alt texts and titles of the frames, shapes and tables under ``root`` that hold
    words."""
    return [
        (e, None)
        for e in root.iter(f"{{{SVG}}}title", f"{{{SVG}}}desc", *_TABLE_ALT)
        if any(c.isalpha() for c in e.text or "") and not _in_comment_or_style(e)
    ]


def page_styles_part(package: Package, styles: dict[str, bool]) -> Part:
    """styles.xml: the paragraphs of its master pages' headers and footers."""
    return _part(package, "styles.xml", styles)


def read_paragraph(p, where: str, styles: dict[str, bool]) -> Paragraph:
    """Paragraph ``p`` (a ``text:p`` or ``text:h``) read, standing at ``where``."""
    return Paragraph(paired(paragraph_items(p, (), styles), range_of), where)


def _in_comment_or_style(p) -> bool:
    """Whether ``p`` is a comment's or sits outside the body and the master pages."""
    tags = {e.tag for e in p.iterancestors()}
    if f"{{{OFFICE}}}annotation" in tags or t("tracked-changes") in tags:
        return True
    return not tags & {f"{{{OFFICE}}}body", f"{{{OFFICE}}}master-styles"}


def paragraph_items(element, spans: tuple[str, ...], styles: dict[str, bool]) -> list[Item]:
    """The items of ``element``'s content, inside the spans of style names ``spans``."""
    code = any(styles.get(s, False) for s in spans)
    items: list[Item] = []
    if element.text:
        items.append(Run(spans, element.text, spans, code))
    for child in element:
        if child.tag == t("span") and _holds_span(child, styles):  # nested: its words'
            items.append(Link(child, paragraph_items(child, spans, styles)))
        elif child.tag == t("span"):
            inner = (*spans, child.get(t("style-name"), ""))
            items.extend(paragraph_items(child, inner, styles))
        elif child.tag == t("a"):
            items.append(Link(child, paragraph_items(child, spans, styles)))
        elif child.tag == t("s"):
            items.append(Run(spans, " " * spaces(child), spans, code))
        elif child.tag == SOFT_PAGE_BREAK:
            pass  # no end of a word: written back at the paragraph's end (_soft_page_breaks)
        else:
            breaks = {t("line-break"): "\n", t("tab"): "\t"}.get(child.tag, "")
            items.append(Mark(child, breaks, _is_field(child)))
        if child.tail:
            items.append(Run(spans, child.tail, spans, code))
    return items


def spaces(s) -> int:
    """The spaces a ``text:s`` stands for: its ``text:c``, 1 where that is no count, at most
    1,000 (a count of millions, in a damaged file, was a MemoryError, "invalid literal")."""
    count = s.get(t("c"), "1")
    return min(int(count), 1000) if count.isdigit() else 1


def _is_field(element) -> bool:
    """Whether ``element`` is a field that shows text (a page number, a date, a reference):
    an element of the text namespace, not a note (a text of its own), with text in it."""
    return (
        isinstance(element.tag, str)
        and element.tag.startswith(f"{{{TEXT}}}")
        and element.tag != t("note")
        and shows_text(element)
    )


def _holds_span(span, styles: dict[str, bool]) -> bool:
    """Whether ``span`` (not code) holds a span of its own: then it is a Link around its
    content, put back around the translation of all its words, the inner span inside it (as
    runs keyed by their chains, ``<span T1>chat <span T2>noir</span> dort</span>`` came back as
    three spans T1, its words apart, or lost: "très <span T3>fort</span>" as "<T3>very</T3>")."""
    return not styles.get(span.get(t("style-name"), ""), False) and any(
        c.tag == t("span") for c in span
    )


def _ranges() -> dict[str, tuple[str, str]]:
    """A mark that opens a range, by tag: its end's tag and the attribute that names both."""
    office_name = f"{{{OFFICE}}}name"
    return {
        t("bookmark-start"): (t("bookmark-end"), t("name")),
        t("reference-mark-start"): (t("reference-mark-end"), t("name")),
        f"{{{OFFICE}}}annotation": (f"{{{OFFICE}}}annotation-end", office_name),
    }


_RANGES = _ranges()
_ENDS = {end: name for end, name in _RANGES.values()}


def range_of(item: Item) -> tuple[bool, tuple] | None:
    """(whether it opens, its key) of a mark that opens or closes a bookmark, a reference mark
    or a comment's range (runs.paired), by its name."""
    node = item.node if isinstance(item, Mark) else None
    if node is None or node.tag not in _RANGES and node.tag not in _ENDS:
        return None
    end, name = _RANGES.get(node.tag, (node.tag, _ENDS.get(node.tag)))
    return node.tag in _RANGES, (end, node.get(name))


def writer(styles: dict[str, bool], defaults: list[Part]):
    """write and finish (OfficeDocument's); ``defaults``: the part of the default styles
    (styles.xml; finished after content.xml), if any."""
    translated: dict = {}  # a part's root: the elements whose style is used by translated text

    def write(p, items: list[Item], target: str | None) -> None:
        """Paragraph ``p`` with ``items`` as its content (its attributes kept)."""
        before = _texts_by_style(p)
        breaks = _soft_page_breaks(p)
        for child in list(p):
            p.remove(child)
        p.text = None
        _append(p, items)
        for e in breaks:
            e.tail = None
            p.append(e)
        after = _texts_by_style(p)
        uses = translated.setdefault(p.getroottree().getroot(), [])
        uses.append(p)  # written anew: its text translated
        for e in _styled(p)[1:]:
            style = e.get(t("style-name"), "")
            if style and after.get(style) != before.get(style):
                uses.append(e)
        uses += _fields(p)

    def finish(tree, target: str | None) -> None:
        uses = translated.pop(tree.getroot(), [])
        if target:
            set_language(tree, uses, target, styles)
            set_date_language(tree, uses, target)
        for part in defaults if target and uses else ():
            part.changed |= default_language(part.tree, target, styles)

    return write, finish


def _styled(p) -> list:
    """``p`` and the spans and links of its own text (not a note's nor a frame's paragraphs)."""
    inner = [
        e for e in p.iter(t("span"), t("a")) if next(e.iterancestors(t("p"), t("h")), None) is p
    ]
    return [p, *inner]


def _soft_page_breaks(p) -> list:
    """The soft page breaks of ``p``'s own text (in its spans and links too), in order."""
    return [e for e in p.iter(SOFT_PAGE_BREAK) if next(e.iterancestors(t("p"), t("h"))) is p]


def _fields(p) -> list:
    """The fields of ``p``'s own text that have a format (a date's, a time's data style)."""
    return [
        e
        for e in p.iter()
        if isinstance(e.tag, str)
        and e.get(DATA_STYLE)
        and next(e.iterancestors(t("p"), t("h")), None) is p
    ]


def _texts_by_style(p) -> dict[str, list[str]]:
    """The words of ``p``'s spans and links by their style (sorted: split or moved, a span's
    words are the same words)."""
    out: dict[str, list[str]] = {}
    for e in _styled(p)[1:]:
        out.setdefault(e.get(t("style-name"), ""), []).extend("".join(e.itertext()).split())
    return {style: sorted(words) for style, words in out.items()}


def _append(parent, items: list[Item]) -> None:
    for item in items:
        if isinstance(item, Mark):
            item.node.tail = None
            parent.append(item.node)
        elif isinstance(item, Link) and isinstance(item.node, tuple):  # a range: its marks
            _append(parent, [item.node[0], *item.items, item.node[1]])
        elif isinstance(item, Link):
            link = parent.makeelement(item.node.tag, dict(item.node.attrib))
            parent.append(link)
            _append(link, item.items)
        else:
            holder = parent
            for style in item.template:
                holder = _child(holder, t("span"), {t("style-name"): style})
            _add_text(holder, item.text)


def _child(parent, tag: str, attrib: dict):
    child = parent.makeelement(tag, attrib)
    parent.append(child)
    return child


def _add_text(element, text: str) -> None:
    """``text`` at the end of ``element``, each run of spaces after its first written
    ``<text:s text:c="n"/>`` (ODF reads several spaces in text as one: ``ls   -la``), and so
    are all of those that open an empty element (a paragraph's first, a span's after a space)."""
    lead = len(text) - len(text.lstrip(" ")) if not element.text and not len(element) else 0
    if lead:
        _child(element, t("s"), {t("c"): str(lead)} if lead > 1 else {})
    for k, piece in enumerate(re.split(r"(?<= )( +)", text[lead:])):
        if k % 2:  # the spaces after a first one
            _child(element, t("s"), {t("c"): str(len(piece))} if len(piece) > 1 else {})
        elif piece and len(element):
            element[-1].tail = (element[-1].tail or "") + piece
        elif piece:
            element.text = (element.text or "") + piece


ODT = formats.ODT  # its name, extensions and reader: formats.py
