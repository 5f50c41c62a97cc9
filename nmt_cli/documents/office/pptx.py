"""PowerPoint decks (.pptx, and .pptm, .potx whose macros stay as they were): the paragraphs of
every slide (titles, bodies, text boxes and shapes, tables), of the speaker notes, of charts
(titles) and of SmartArt diagrams, each translated as one text with its runs' formatting kept.
Charts and diagrams are parts of their own, which were left French on an English slide.

A paragraph's items (runs.py), from its children in order (DrawingML, ``a:p``):

- a run's text (``a:r``) is a Run keyed by its properties (``a:rPr``) without its language
  and proofing marks (``lang``, ``altLang``, ``dirty``, ``err``, ``smtClean``); a hyperlink is
  a property of the run (``a:hlinkClick``), so a linked word is a run of its own look (its
  ScreenTip, ``tooltip``, a text of its own, as a shape's alt text); a run in
  a monospace font is code, not translated;
- a line break (``a:br``), a field (``a:fld``: a slide number, a date) and an equation are
  Marks, as they are (but a line break's language, the target's, as the runs' around it); a
  field, and an equation, is held, read by the model as one token where it stands ("prévu le
  <date> à Paris" was read "prévu le à Paris", and its "à" lost), and comes back as it was
  but for a field's run's language, the target's as the runs around it (PowerPoint formats a
  date by it);
- the paragraph's properties (``a:pPr``) and its end's (``a:endParaRPr``) stay where they are.

The text boxes and shapes of slide masters and layouts that are no placeholders (a
"Confidentiel" banner, a footer's words, a logo's alt text: shown on every slide that follows
them, they stayed French on the English slides) are translated too. Their placeholders are
not: what a master's placeholder holds ("Cliquez pour modifier le style du titre") is a sample
of its formatting, seen only while editing the master, never on a slide; but a layout's
placeholder with a prompt of its own (``hasCustomPrompt``: "Saisissez le nom du client"),
which PowerPoint shows in the empty placeholder of every new slide of that layout, is
translated. A chart's categories and series names (its workbook's cells, which it would show
again once edited) are not. Once any text is translated, the deck's default language (the
``lang`` of the presentation's and the masters' default text styles, that of a new text box)
becomes the target's, and so does a translated chart's own (``c:lang``). The names of the
deck's sections (``p14:section``, over their slides in PowerPoint's slide pane) are translated.
"""

from __future__ import annotations

import copy
import re

from nmt_cli.documents.office import formats
from nmt_cli.documents.office.document import (
    MONOSPACE,
    STRICT,
    OfficeDocument,
    Part,
    content_types,
)
from nmt_cli.documents.office.languages import regional
from nmt_cli.documents.office.package import Package, PackageError
from nmt_cli.documents.office.runs import Item, Mark, Paragraph, Run, shows_text

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_CHART_LANG = "{http://schemas.openxmlformats.org/drawingml/2006/chart}lang"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
_MAIN = re.compile(r"presentationml\.(presentation|template|slideshow)\.main\+xml|powerpoint\.")
# Slides and notes; charts (their titles and axis titles: the categories are the workbook's; and
# the text boxes drawn on them, their user shapes) and SmartArt (its data, and the drawing
# PowerPoint shows until it lays the diagram out again)
_TRANSLATED = re.compile(
    r"presentationml\.(slide|notesSlide)\+xml"
    r"|drawingml\.(chart|chartshapes|diagramData|diagramDrawing)\+xml"
)
# Slide masters and layouts: their text boxes and shapes that are no placeholders
_MASTERS = re.compile(r"presentationml\.(slideMaster|slideLayout)\+xml")
# The presentation and its masters: their text styles set the deck's default language
_DEFAULTS = re.compile(
    r"presentationml\.(presentation|template|slideshow)\.main\+xml|slideMaster\+"
)
_ALTERNATE = "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"
_MATH = "{http://schemas.microsoft.com/office/drawing/2010/main}m"
_SECTION = "{http://schemas.microsoft.com/office/powerpoint/2010/main}section"
_NOT_LOOKS = ("lang", "altLang", "dirty", "err", "smtClean", "smtId", "noProof")
_KEPT = ("pPr", "endParaRPr")


def a(name: str) -> str:
    return f"{{{A}}}{name}"


def read_pptx(data: bytes, name: str) -> OfficeDocument:
    """The deck of ``data`` (a .pptx file's bytes) named ``name``."""
    package = Package.read(data, name, ".pptx")
    types = content_types(package)
    if not any(_MAIN.search(t) for t in types.values()):
        raise PackageError(name, "not a .pptx file (no PowerPoint presentation in it)")
    paths = sorted(
        (p for p, t in types.items() if _TRANSLATED.search(t) and p in package.names()),
        key=_slide_order,
    )
    masters = [p for p, t in types.items() if _MASTERS.search(t) and p in package.names()]
    masters.sort(key=_slide_order)
    parts = [drawing_part(package, p) for p in paths]
    parts += [drawing_part(package, p, placeholders=False) for p in masters]
    drawn = {part.path: part for part in parts}  # a master is one part, its texts and styles
    found = [p for p, t in types.items() if _DEFAULTS.search(t) and p in package.names()]
    defaults = [drawn.get(p) or Part(p, package.part(p)) for p in found]
    for part in defaults:  # the deck's sections' names (PowerPoint's slide pane shows them)
        part.find_tooltips((_SECTION,), "name")

    def finish(tree, target: str | None) -> None:
        chart_language(tree, target)
        for part in defaults if target else ():
            part.changed |= _default_language(part.tree, target)

    parts += [part for part in defaults if part.path not in drawn]  # after the texts
    return OfficeDocument(package, parts, write_paragraph, finish)


def chart_language(tree, target: str | None) -> None:
    """A translated chart's language (``c:lang``, which PowerPoint, Word and Excel write in
    every chart they save: the language of its text) in ``target``; a deck's, a Word
    document's and a workbook's charts alike (it said ``fr-FR`` of the English title)."""
    for lang in tree.getroot().iter(_CHART_LANG) if target else ():
        lang.set("val", regional(target, lang.get("val")))


def _default_language(tree, target: str) -> bool:
    """The deck's default language in ``target``: the ``lang`` of the default run properties
    (``a:defRPr``) of the presentation's default text style and of the masters' text styles
    (``p:txStyles``), the language of what a user types into a new text box; whether it
    changed."""
    places = [f"{{{P}}}defaultTextStyle", f"{{{P}}}txStyles"]
    changed = False
    for place in (e for name in places for e in tree.getroot().iter(name)):
        for rpr in place.iter(a("defRPr")):
            if rpr.get("lang") is not None:
                said = regional(target, rpr.get("lang"))
                changed |= said != rpr.get("lang")
                rpr.set("lang", said)
    return changed


def _slide_order(path: str) -> tuple:
    """Slides before notes, each by its number (slide2 before slide10)."""
    number = re.search(r"(\d+)\.xml$", path)
    return ("notesSlide" in path, int(number[1]) if number else 0, path)


def drawing_part(package: Package, path: str, placeholders: bool = True) -> Part:
    """The part ``path`` of ``package`` and its DrawingML paragraphs (``a:p``): a slide's, a
    chart's, a SmartArt diagram's (a Word document's charts and diagrams too: docx.py); a
    master's or a layout's without those of its placeholders (``placeholders`` False) but a
    placeholder's own prompt."""
    tree = package.part(path)
    if tree.getroot().tag.startswith("{" + STRICT):
        raise PackageError(package.name, "saved as Strict Open XML: save it as a .pptx")
    part = Part(path, tree)
    for p in tree.getroot().iter(a("p")):
        if not placeholders and _in_placeholder(p):
            continue
        paragraph = Paragraph(paragraph_items(p), f"{package.name}:{path}")
        if paragraph.texts():
            part.paragraphs.append((p, paragraph))
    part.find_alt_texts(("cNvPr",))
    part.find_tooltips((a("hlinkClick"), a("hlinkHover")), "tooltip")
    return part


def _in_placeholder(p) -> bool:
    """Whether paragraph ``p`` is a placeholder's (``p:ph``) whose text is no prompt of its own
    (``hasCustomPrompt``)."""
    shape = next(p.iterancestors(f"{{{P}}}sp"), None)
    ph = None if shape is None else shape.find(f"{{{P}}}nvSpPr/{{{P}}}nvPr/{{{P}}}ph")
    return ph is not None and ph.get("hasCustomPrompt") not in ("1", "true")


def paragraph_items(p) -> list[Item]:
    items: list[Item] = []
    for child in p:
        if not isinstance(child.tag, str) or child.tag in (a(n) for n in _KEPT):
            continue
        if child.tag == a("r"):
            key, code = run_key(child.find(a("rPr")))
            t = child.find(a("t"))
            items.append(Run(key, "" if t is None else t.text or "", child, code))
        else:
            held = child.tag == a("fld") and shows_text(child) or _is_math(child)
            items.append(Mark(child, "\n" if child.tag == a("br") else "", held))
    return items


def _is_math(child) -> bool:
    """Whether ``child`` of a paragraph is an equation (PowerPoint writes one as alternate
    content, ``a14:m``, its text a plain run for older programs): held, as a field is (read as
    nothing, "Si <a>0>, alors" came back "<a>0>If, then")."""
    return child.tag == _ALTERNATE and any(True for _ in child.iter(_MATH)) and shows_text(child)


def run_key(rpr) -> tuple[bytes, bool]:
    """What makes runs look the same (their properties without language and proofing marks;
    none: b""), and whether they are code (a monospace font)."""
    if rpr is None:
        return b"", False
    from lxml import etree

    bare = copy.deepcopy(rpr)
    for name in _NOT_LOOKS:
        bare.attrib.pop(name, None)
    latin = rpr.find(a("latin"))
    code = latin is not None and latin.get("typeface", "").lower() in MONOSPACE
    # properties that were only a language look like none
    return (etree.tostring(bare) if len(bare) or bare.attrib else b""), code


def write_paragraph(p, items: list[Item], target: str | None) -> None:
    """Paragraph ``p`` with ``items`` as its content, between its properties and its end's."""
    kept = {c.tag: c for c in p if c.tag in (a(n) for n in _KEPT)}
    for child in list(p):
        p.remove(child)
    if a("pPr") in kept:
        p.append(kept[a("pPr")])
    for item in items:
        if isinstance(item, Mark) and target and item.node.tag == a("fld"):
            _field_language(item.node, target)
        elif isinstance(item, Mark) and target and item.node.tag == a("br"):
            _break_language(item.node, target)
        if isinstance(item, Mark):
            p.append(item.node)
        elif isinstance(item, Run):
            p.append(_run(item, None if item.code else target))
    if a("endParaRPr") in kept:  # the end's language too: what is typed after the text
        if target and kept[a("endParaRPr")].get("lang") is not None:
            end = kept[a("endParaRPr")]
            end.set("lang", regional(target, end.get("lang")))
        p.append(kept[a("endParaRPr")])


def _field_language(field, language: str) -> None:
    """A field's (``a:fld``: a date, a slide number) run in ``language``, as the translated
    runs around it: PowerPoint formats the date it shows by its run's language (left
    ``fr-FR``, an English slide's date was written the French way); its text stays as it was,
    until PowerPoint updates it."""
    rpr = field.find(a("rPr"))
    if rpr is None:
        rpr = field.makeelement(a("rPr"), {})
        field.insert(0, rpr)
    rpr.set("lang", regional(language, rpr.get("lang")))


def _break_language(br, language: str) -> None:
    """A line break's (``a:br``) properties in ``language``, where they say one, as the runs
    around it (PowerPoint writes one on each: left ``fr-FR``, what a user typed after it on
    the English slide was French); in a code font, as they were."""
    rpr = br.find(a("rPr"))
    if rpr is not None and rpr.get("lang") is not None and not run_key(rpr)[1]:
        rpr.set("lang", regional(language, rpr.get("lang")))


def _run(item: Run, language: str | None):
    r = item.template.makeelement(a("r"), dict(item.template.attrib))
    rpr = item.template.find(a("rPr"))
    if rpr is not None or language:
        rpr = copy.deepcopy(rpr) if rpr is not None else r.makeelement(a("rPr"), {})
        if language:
            rpr.set("lang", regional(language, rpr.get("lang")))
        r.append(rpr)
    t = r.makeelement(a("t"), {})
    t.text = item.text
    r.append(t)
    return r


PPTX = formats.PPTX  # its name, extensions and reader: formats.py
