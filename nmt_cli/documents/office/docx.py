"""Word documents (.docx, and .docm, .dotx whose macros stay as they were): the paragraphs of
the body (tables, nested ones too, text boxes and shapes), the headers and footers, the
footnotes and endnotes, each translated as one text with its runs' formatting kept.

A paragraph's items (runs.py), from its children in order:

- a run's text (``w:t``) is a Run keyed by its properties (``w:rPr``) without ``w:lang``; a
  run styled as code (a character style named for code, or a monospace font) is not translated;
- a hyperlink (``w:hyperlink``) is a Link around its runs, and so are a smart tag, custom XML
  and a text direction (``w:smartTag``, ``w:customXml``, ``w:dir``, ``w:bdo``), and an inline
  content control (``w:sdt``: its runs are those of its ``w:sdtContent``; its properties are
  written back as they were). Read as a Mark, a control's words stayed French in an English
  sentence ("The delivery date is le mois prochain.");
- a bookmark whose start and end (``w:bookmarkStart``, ``w:bookmarkEnd``), or a comment's range
  (``w:commentRangeStart``, ``w:commentRangeEnd``), stand at one level of the paragraph around
  text is a Link around what is between them, so it stays around the
  words that translate its words (a cross-reference shows them). As two Marks, each put back
  on its own, a bookmark came back reversed, its end before its start, around nothing;
- a complex field, from the run with its ``w:fldChar`` begin to the one with its end, is one
  Mark: its instructions are not translated, its result stays as it is; so is a simple field;
  one that shows a result (a page number, a date) is held: the model reads it as one token
  where it stands ("Page <PAGE> sur <NUMPAGES>" was read "Page sur"), and its runs take the
  target's language, as the translated runs around it (Word writes a date by it); one that
  goes on into the next paragraphs (a table of contents), a mark to its separate
  (docx_fields.py);
- whatever else a run holds (a tab, a break, an image or a text box, a note's reference) is a
  Mark, written back in a run of that run's properties (its language, where it says one, the
  target's, as the text's around it, but a code run's); anything else in the paragraph (a
  bookmark, a comment's anchor, an equation) is a Mark as it is, an equation held, as a field
  is (read as nothing, "Si <a>0>, alors" came back "<a>0>If, then");
- proofing marks (``w:proofErr``) and Word's last page-break hint (``w:lastRenderedPageBreak``)
  are dropped from a paragraph that is translated: Word makes them again.

The paragraphs inside a text box or a block content control are paragraphs of their own; an
image's alt text and title, a table's, a link's ScreenTip, the words of WordArt (a watermark)
and the choices of a drop-down list are texts of their own (docx_texts.py).
A chart's titles and a SmartArt diagram's text are translated as a deck's are (pptx.py: they
were left French in an English report), a chart's own language (``c:lang``) the target's;
a chart's categories and series names (its workbook's cells) are not. A list's text before
each item (numbering.xml's ``w:lvlText``: "Étape %1 :") is translated, its number kept.
Comments are not translated. Once any text is translated, the document's language
(styles.xml's ``w:docDefaults``, that of all text nothing else sets one for), that of each
style in it, but code's (a table style's conditional formatting's too), and the theme fonts'
(settings.xml's ``w:themeFontLang``) become the target's.
A document with tracked changes is refused (accept or reject them first), and so is one saved
as Strict Open XML.
"""

from __future__ import annotations

import copy
import re

from nmt_cli.documents.office import formats, pptx
from nmt_cli.documents.office.document import (
    CODE_STYLE,
    MONOSPACE,
    STRICT,
    OfficeDocument,
    Part,
    content_types,
)
from nmt_cli.documents.office.docx_fields import (
    complex_field,
    is_link,
    shows,
    unfinished_field,
)
from nmt_cli.documents.office.docx_styles import W, in_target_language, w
from nmt_cli.documents.office.docx_texts import find_texts
from nmt_cli.documents.office.languages import regional
from nmt_cli.documents.office.package import Package, PackageError
from nmt_cli.documents.office.runs import Item, Link, Mark, Paragraph, Run, paired, shows_text

XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_MAIN = re.compile(r"wordprocessingml\.(document|template)\.main\+xml|ms-word\..*\.main\+xml")
# Headers, footers, notes; and the glossary (its building blocks: the placeholder text a content
# control shows once emptied, "Cliquez ou appuyez ici pour entrer du texte.")
_TRANSLATED = re.compile(
    r"wordprocessingml\.(header|footer|footnotes|endnotes|document\.glossary)\+xml"
)
# Charts (their titles, and the text boxes drawn on them) and SmartArt diagrams (their data,
# and the drawing Word shows until it lays the diagram out again): DrawingML paragraphs, read
# and written as a slide's (pptx.py)
_DRAWINGS = re.compile(r"drawingml\.(chart|chartshapes|diagramData|diagramDrawing)\+xml")
# The parts that say the document's language: the styles (Word 2010's stylesWithEffects too),
# the settings (the theme fonts' language)
_LANGUAGES = re.compile(r"wordprocessingml\.(styles|settings)\+xml|ms-word\.stylesWithEffects\+xml")
_TRACKED = {f"{{{W}}}{n}" for n in ("ins", "del", "moveFrom", "moveTo", "rPrChange", "pPrChange")}
# What holds runs as a hyperlink does: written back around their translation
_CONTAINERS = {f"{{{W}}}{n}" for n in ("hyperlink", "smartTag", "customXml", "dir", "bdo")}
_NUMBERING = re.compile(r"wordprocessingml\.numbering\+xml")
_DROPPED = {f"{{{W}}}proofErr", f"{{{W}}}lastRenderedPageBreak"}
# An equation in a paragraph's text ("Si <m:oMath>a>0</m:oMath>, alors"): held, as a field is
_MATH = "{http://schemas.openxmlformats.org/officeDocument/2006/math}oMath"
# In w:rPr, w:lang comes before these (the schema's order, which Word holds to)
_AFTER_LANG = {f"{{{W}}}{n}" for n in ("eastAsianLayout", "specVanish", "oMath", "rPrChange")}


def read_docx(data: bytes, name: str) -> OfficeDocument:
    """The Word document of ``data`` (a .docx file's bytes) named ``name``."""
    package = Package.read(data, name, ".docx")
    types = content_types(package)
    main = [p for p, t in types.items() if _MAIN.search(t)]
    if not main or main[0] not in package.names():
        raise PackageError(name, f"not a .docx file ({_what(types)})")
    paths = main[:1] + [p for p, t in types.items() if _TRANSLATED.search(t)]
    parts = [_part(package, path) for path in paths if path in package.names()]
    drawings = [p for p, t in types.items() if _DRAWINGS.search(t) and p in package.names()]
    parts += [pptx.drawing_part(package, path) for path in sorted(drawings)]
    lists = [p for p, t in types.items() if _NUMBERING.search(t) and p in package.names()]
    parts += [_numbering_part(package, path) for path in lists if "glossary/" not in path]
    found = [p for p, t in types.items() if _LANGUAGES.search(t) and p in package.names()]
    languages = [Part(p, package.part(p)) for p in found if "glossary/" not in p]  # texts first

    def finish(tree, target: str | None) -> None:
        if not target:
            return
        pptx.chart_language(tree, target)  # a chart's own language, where it is one
        said = in_target_language([part.tree.getroot() for part in languages], target)
        for part, changed in zip(languages, said):
            part.changed |= changed

    return OfficeDocument(package, parts + languages, write_paragraph, finish)


def _numbering_part(package: Package, path: str) -> Part:
    """The numbering part ``path``: its levels' texts that hold words (``w:lvlText``, "Étape
    %1 :", shown before each item of the list: it stayed French before the English items),
    each a text of its own, its number (``%1``) kept; a bullet (``o``, a symbol) is none."""
    part = Part(path, package.part(path))
    for e in part.tree.getroot().iter(w("lvlText")):
        if _WORD.search(e.get(w("val"), "")):
            part.alt.append((e, w("val")))
    return part


_WORD = re.compile(r"[^\W\d_]{2}")


def _what(types: dict[str, str]) -> str:
    """What a package that holds no Word document holds, by its content types."""
    kinds = " ".join(types.values())
    if "spreadsheetml" in kinds:
        return "a spreadsheet"
    return "a presentation" if "presentationml" in kinds else "no Word document in it"


def _part(package: Package, path: str) -> Part:
    tree = package.part(path)
    root = tree.getroot()
    if root.tag.startswith("{" + STRICT):
        raise PackageError(package.name, "saved as Strict Open XML: save it as a Word document")
    if any(e.tag in _TRACKED for e in root.iter()):
        raise PackageError(package.name, f"tracked changes in {path}: accept or reject them first")
    where = f"{package.name}:{path}"
    part = Part(path, tree)
    for p in root.iter(w("p")):
        paragraph = Paragraph(paragraph_items(p), where)
        if paragraph.texts():
            part.paragraphs.append((p, paragraph))
    find_texts(part)  # alt texts, ScreenTips, a watermark's words, a form's choices
    return part


def paragraph_items(p) -> list[Item]:
    """The items of paragraph ``p`` (or of a hyperlink's content), in order."""
    items: list[Item] = []
    field: list | None = None  # the runs of a complex field, while in one
    depth = 0
    for child in p:
        if child.tag == w("pPr") or child.tag in _DROPPED or not isinstance(child.tag, str):
            continue
        # a run's field marks; a link's or a control's own fields are read inside it (a table of
        # contents' entry: its words, then a PAGEREF field; read whole, it stayed French)
        inner = child.iter(w("fldChar")) if child.tag == w("r") or field is not None else ()
        chars = [c.get(w("fldCharType")) for c in inner]
        if field is not None or "begin" in chars:
            field = field if field is not None else []
            field.append(child)
            depth += chars.count("begin") - chars.count("end")
            if depth <= 0:
                items.append(complex_field(field, paragraph_items))
                field, depth = None, 0
            continue
        if child.tag == w("r"):
            items.extend(_run_items(child))
        elif child.tag in _CONTAINERS or _is_link(child):
            items.append(Link(child, paragraph_items(child)))
        elif child.tag == w("sdt") and child.find(w("sdtContent")) is not None:
            items.append(Link(child, paragraph_items(child.find(w("sdtContent")))))
        else:
            held = shows(child, w("fldSimple")) or (child.tag == _MATH and shows_text(child))
            items.append(Mark(("whole", [child]), held=held))
    if field:  # it goes on into the next paragraphs (a table of contents)
        items.extend(unfinished_field(field, paragraph_items))
    return paired(items, _range_of)


def _is_link(child) -> bool:
    """Whether ``child`` is a link written as a simple field (``w:fldSimple w:instr="HYPERLINK
    ..."``, as many generators write links): its words, what the reader sees, are translated
    inside it, as a complex field's (read as one mark, they stayed French)."""
    return child.tag == w("fldSimple") and is_link(child.get(w("instr"), ""))


# a start that pairs with an end, around text: a bookmark, a comment's range (both by w:id)
_PAIRED = {w("bookmarkStart"): w("bookmarkEnd"), w("commentRangeStart"): w("commentRangeEnd")}


def _range_of(item: Item) -> tuple[bool, tuple] | None:
    """(whether it opens, its key) of a mark that opens or closes a bookmark or a comment's
    range (runs.paired), by its w:id, in a space of its own kind."""
    node = _single(item)
    if node is None or node.tag not in _PAIRED and node.tag not in _PAIRED.values():
        return None
    return node.tag in _PAIRED, (_PAIRED.get(node.tag, node.tag), node.get(w("id")))


def _single(item: Item):
    """The element of a Mark that is one element as it is, else None."""
    if isinstance(item, Mark) and item.node[0] == "whole" and len(item.node[1]) == 1:
        return item.node[1][0]
    return None


def _run_items(r) -> list[Item]:
    rpr = r.find(w("rPr"))
    key, code = run_key(rpr)
    children = [c for c in r if c.tag != w("rPr") and c.tag not in _DROPPED]
    if len(children) == 1 and children[0].tag not in (w("t"), *_HYPHENS):
        return [Mark(("whole", [r]), _breaks(children[0]))]
    out: list[Item] = []
    for c in children:
        if c.tag == w("t"):
            out.append(Run(key, c.text or "", r, code))
        elif c.tag in _HYPHENS:  # a character of the word: porte-monnaie, not two words
            out.append(Run(key, _HYPHENS[c.tag], r, code))
        else:
            out.append(Mark(("piece", r, c), _breaks(c)))
    return out


_HYPHENS = {w("noBreakHyphen"): "-", w("softHyphen"): ""}  # as the model reads them


def _breaks(child) -> str:
    """What a run's child that is no text breaks: a line (``w:br``, ``w:cr``), a column
    (``w:tab``, and ``w:ptab``, the absolute tab of Word's headers and footers that sets
    "Rapport<PTAB>Confidentiel<PTAB>Page 3" in three columns: read as one sentence, the
    model dropped a column's words), else nothing (runs.Mark.breaks)."""
    return _BREAKS.get(child.tag, "")


_BREAKS = {w("br"): "\n", w("cr"): "\n", w("tab"): "\t", w("ptab"): "\t"}


def run_key(rpr) -> tuple[bytes, bool]:
    """What makes runs look the same (their properties without language; none: b""), and
    whether they are code."""
    if rpr is None:
        return b"", False
    from lxml import etree

    bare = copy.deepcopy(rpr)
    for lang in bare.findall(w("lang")):
        bare.remove(lang)
    style = rpr.find(w("rStyle"))
    fonts = rpr.find(w("rFonts"))
    code = style is not None and bool(CODE_STYLE.search(style.get(w("val"), "")))
    if fonts is not None:
        code |= (fonts.get(w("ascii")) or fonts.get(w("hAnsi")) or "").lower() in MONOSPACE
    # properties that were only a language look like none
    return (etree.tostring(bare) if len(bare) or bare.attrib else b""), code


def write_paragraph(p, items: list[Item], target: str | None) -> None:
    """Paragraph ``p`` with ``items`` as its content (its properties kept); a chart's or a
    diagram's (DrawingML's ``a:p``) as a slide's is written."""
    if p.tag != w("p"):
        pptx.write_paragraph(p, items, target)
        return
    for child in list(p):
        if child.tag != w("pPr"):
            p.remove(child)
    mark = p.find(f"{w('pPr')}/{w('rPr')}")  # the paragraph mark's: what is typed after it
    if target and mark is not None and mark.find(w("lang")) is not None:
        _set_language(mark, target)
    _append(p, items, target)


def _append(parent, items: list[Item], target: str | None) -> None:
    for item in items:
        if isinstance(item, Link) and isinstance(item.node, tuple):  # a range: its marks
            _append(parent, [item.node[0]], target)
            _append(parent, item.items, target)
            _append(parent, [item.node[1]], target)
        elif isinstance(item, Link):
            _append(_container(parent, item.node), item.items, target)
        elif isinstance(item, Mark) and item.node[0] == "whole":
            if target and item.held:
                _field_language(item.node[1], target)
            elif target and [n.tag for n in item.node[1]] == [w("r")]:
                _mark_language(item.node[1][0], target)
            parent.extend(item.node[1])
        elif isinstance(item, Mark):
            _, r, child = item.node
            parent.append(_run_like(r, None))
            if target:
                _mark_language(parent[-1], target)
            parent[-1].append(child)
        else:
            r = _run_like(item.template, None if item.code else target)
            t = r.makeelement(w("t"), {})
            t.text = item.text
            if item.text != item.text.strip():
                t.set(XML_SPACE, "preserve")
            r.append(t)
            parent.append(r)


def _field_language(nodes: list, language: str) -> None:
    """The runs of a field that shows a result (a date, a page number: a held Mark), complex
    or simple, in ``language``, as the translated runs around it: Word writes a date field by
    its runs' language (left ``fr-FR``, an English document's date came out "7 décembre 2026"
    once Word updated it); its instructions and result stay as they were."""
    for node in nodes:
        for r in node.iter(w("r")):
            rpr = r.find(w("rPr"))
            if rpr is None:
                rpr = r.makeelement(w("rPr"), {})
                r.insert(0, rpr)
            _set_language(rpr, language)


def _mark_language(r, language: str) -> None:
    """A run of a translated paragraph that holds no text (a tab, a line break, a note's
    reference, an image) in ``language``, where it says one, as the runs around it (left
    ``fr-FR``, what a user typed after a tab in the English document was French); a code
    run's as it was."""
    rpr = r.find(w("rPr"))
    if rpr is not None and rpr.find(w("lang")) is not None and not run_key(rpr)[1]:
        _set_language(rpr, language)


def _container(parent, node):
    """A new element like ``node`` at the end of ``parent``, to hold its translated items: a
    content control keeps its properties (copied) and takes the items in its content."""
    new = parent.makeelement(node.tag, dict(node.attrib))
    parent.append(new)
    if node.tag != w("sdt"):
        return new
    holder = new
    for child in node:
        if child.tag == w("sdtContent"):
            holder = new.makeelement(child.tag, dict(child.attrib))
            new.append(holder)
        else:
            new.append(copy.deepcopy(child))
    return holder


def _run_like(r, language: str | None):
    """A new run with ``r``'s attributes and properties (in ``language`` if given)."""
    new = r.makeelement(w("r"), dict(r.attrib))
    rpr = r.find(w("rPr"))
    if rpr is not None or language:
        rpr = copy.deepcopy(rpr) if rpr is not None else new.makeelement(w("rPr"), {})
        new.append(rpr)
        if language:
            _set_language(rpr, language)
    return new


def _set_language(rpr, language: str) -> None:
    """``rpr`` marked in ``language`` with a region (languages.py: its own's, if the language
    has it)."""
    lang = rpr.find(w("lang"))
    if lang is None:
        lang = rpr.makeelement(w("lang"), {})
        later = next((k for k, c in enumerate(rpr) if c.tag in _AFTER_LANG), len(rpr))
        rpr.insert(later, lang)
    lang.set(w("val"), regional(language, lang.get(w("val"))))


DOCX = formats.DOCX  # its name, extensions and reader: formats.py
