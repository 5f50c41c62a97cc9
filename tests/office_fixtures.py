"""Small office documents shaped as word processors and presentation programs save them, built
from their XML: a French report (.docx: a header, a nested table, footnotes, links, code runs,
runs split by revision ids and proofing marks, a text box, a bookmark and a field) and a deck
(.pptx: a title, a body with a link and code, a table, speaker notes). ``python
tests/office_fixtures.py DIR`` writes them to DIR."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

W_NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'
)
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.wordprocessingml"


def run(text: str, props: str = "", rsid: str = "00A1") -> str:
    space = ' xml:space="preserve"' if text != text.strip() else ""
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    return f'<w:r w:rsidR="{rsid}">{rpr}<w:t{space}>{text}</w:t></w:r>'


def para(*runs: str, style: str = "") -> str:
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f"<w:p>{ppr}{''.join(runs)}</w:p>"


B, ITALIC, CODE = "<w:b/>", "<w:i/>", '<w:rStyle w:val="CodeChar"/>'
LANG = '<w:lang w:val="fr-FR"/>'


def cell(*content: str) -> str:
    return f'<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>{"".join(content)}</w:tc>'


def table(*rows: list[str]) -> str:
    body = "".join(f"<w:tr>{''.join(r)}</w:tr>" for r in rows)
    return f'<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>{body}</w:tbl>'


TEXT_BOX = (
    '<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" '
    'relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">'
    '<wp:simplePos x="0" y="0"/><wp:extent cx="900000" cy="300000"/>'
    '<wp:docPr id="1" name="Zone de texte 1"/><a:graphic><a:graphicData '
    'uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp>'
    "<wps:txbx><w:txbxContent>"
    + para(run("Une note dans la marge."))
    + "</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic>"
    "</wp:anchor></w:drawing></w:r>"
)

BODY = "".join(
    (
        para(run("Le rapport annuel", LANG), style="Title"),
        para(
            '<w:bookmarkStart w:id="0" w:name="debut"/>',
            run("Le chat ", LANG),
            run("noir", B + LANG),
            run(" dort sur le ", LANG, rsid="00B2"),
            '<w:proofErr w:type="spellStart"/>',
            run("canapé", LANG, rsid="00C3"),
            '<w:proofErr w:type="spellEnd"/>',
            run(" ", LANG),
            run("rouge", ITALIC + LANG),
            run(".", LANG),
            '<w:bookmarkEnd w:id="0"/>',
            '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr>'
            '<w:footnoteReference w:id="1"/></w:r>',
        ),
        para(
            run("Tapez "),
            run("ls -la /var/log", CODE),
            run(" dans le terminal, puis lisez "),
            '<w:hyperlink r:id="rId9" w:history="1">',
            run("la documentation", '<w:rStyle w:val="Hyperlink"/>'),
            "</w:hyperlink>",
            run("."),
        ),
        table(
            [cell(para(run("Nom", B))), cell(para(run("Valeur", B)))],
            [
                cell(para(run("La maison"))),
                cell(table([cell(para(run("Une petite ville"))), cell(para(run("Le jardin")))])),
            ],
        ),
        para(run("Page "), '<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>'),
        para(
            run("Voir la figure "),
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
            '<w:r><w:instrText xml:space="preserve"> REF fig1 \\h </w:instrText></w:r>',
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
            run("Figure 1"),
            '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
            run(" ci-dessous."),
            TEXT_BOX,
        ),
        para(run("12 345")),
        '<w:sectPr><w:headerReference w:type="default" r:id="rId7"/>'
        '<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>',
    )
)


def _part(root: str, content: str) -> str:
    return f"{DECL}<w:{root} {W_NS}>{content}</w:{root}>"


FOOTNOTES = _part(
    "footnotes",
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
    '<w:footnote w:id="1">'
    + para(
        '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>',
        run(" Une note de bas de page "),
        run("importante", ITALIC),
        run("."),
    )
    + "</w:footnote>",
)
HEADER = _part("hdr", para(run("Rapport "), run("confidentiel", B)))
DOCUMENT_RELS = (
    DECL + f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId7" Type="{REL}/header" Target="header1.xml"/>'
    f'<Relationship Id="rId8" Type="{REL}/footnotes" Target="footnotes.xml"/>'
    f'<Relationship Id="rId9" Type="{REL}/hyperlink" Target="https://ex.fr/doc?a=1&amp;b=2" '
    'TargetMode="External"/></Relationships>'
)
CONTENT_TYPES = (
    DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/word/document.xml" ContentType="{CT}.document.main+xml"/>'
    f'<Override PartName="/word/header1.xml" ContentType="{CT}.header+xml"/>'
    f'<Override PartName="/word/footnotes.xml" ContentType="{CT}.footnotes+xml"/>'
    f'<Override PartName="/word/comments.xml" ContentType="{CT}.comments+xml"/>'
    "</Types>"
)
ROOT_RELS = (
    DECL + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="word/document.xml"/>'
    "</Relationships>"
)
COMMENTS = _part(
    "comments", '<w:comment w:id="0" w:author="A">' + para(run("Un commentaire.")) + "</w:comment>"
)


def zipped(entries: dict[str, str | bytes], stored: tuple[str, ...] = ()) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries.items():
            kind = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            info = zipfile.ZipInfo(name, (2024, 5, 6, 7, 8, 10))
            info.compress_type = kind
            z.writestr(info, data.encode() if isinstance(data, str) else data)
    return out.getvalue()


def refused(run_cli, tmp_path, name: str, files: dict[str, bytes]) -> str:
    """The one line of error `nmt translate` gives for the package ``files`` named ``name``,
    after checking that it exits 1 and writes nothing."""
    source, out = tmp_path / name, tmp_path / f"out-{name}"
    source.write_bytes(zipped(files, stored=("mimetype",)))
    result = run_cli(["translate", "-m", "no-such-model", "-i", source, "-o", out])
    assert result.exit_code == 1
    assert not out.exists()
    [line] = result.stderr.splitlines()
    return line


def docx_entries(body: str = BODY) -> dict[str, str | bytes]:
    return {
        "[Content_Types].xml": CONTENT_TYPES,
        "_rels/.rels": ROOT_RELS,
        "word/document.xml": _part("document", f"<w:body>{body}</w:body>"),
        "word/_rels/document.xml.rels": DOCUMENT_RELS,
        "word/header1.xml": HEADER,
        "word/footnotes.xml": FOOTNOTES,
        "word/comments.xml": COMMENTS,
        "docProps/thumbnail.jpeg": bytes(range(256)) * 4,
    }


def report_docx(body: str = BODY) -> bytes:
    """The French report as a .docx file's bytes."""
    return zipped(docx_entries(body))


P_NS = (
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
)
PML = "application/vnd.openxmlformats-officedocument.presentationml"


def a_run(text: str, props: str = "", attrs: str = ' lang="fr-FR" dirty="0"') -> str:
    return f"<a:r><a:rPr{attrs}>{props}</a:rPr><a:t>{text}</a:t></a:r>"


def a_para(*runs: str) -> str:
    return f'<a:p>{"".join(runs)}<a:endParaRPr lang="fr-FR" dirty="0"/></a:p>'


def shape(k: int, kind: str, *paragraphs: str) -> str:
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="{k}" name="{kind} {k}"/><p:cNvSpPr/>'
        f'<p:nvPr><p:ph type="{kind}"/></p:nvPr></p:nvSpPr><p:spPr/>'
        f"<p:txBody><a:bodyPr/><a:lstStyle/>{''.join(paragraphs)}</p:txBody></p:sp>"
    )


def a_cell(text: str) -> str:
    return f"<a:tc><a:txBody><a:bodyPr/>{a_para(a_run(text))}</a:txBody><a:tcPr/></a:tc>"


DECK_TABLE = (
    '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Tableau 3"/><p:cNvGraphicFramePr/>'
    "<p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic>"
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>'
    '<a:tblGrid><a:gridCol w="3000"/><a:gridCol w="3000"/></a:tblGrid><a:tr h="370">'
    + a_cell("Le budget")
    + a_cell("La recherche")
    + "</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>"
)
SLIDE = (
    f'{DECL}<p:sld {P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
    "<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>"
    + shape(2, "title", a_para(a_run("Le rapport annuel")))
    + shape(
        3,
        "body",
        a_para(
            a_run("Le chat "),
            a_run("noir", attrs=' lang="fr-FR" b="1" dirty="0"'),
            a_run(" dort sur le canapé.", attrs=' lang="fr-FR" dirty="0" err="1"'),
        ),
        a_para(
            a_run("Tapez "),
            a_run("ls -la", '<a:latin typeface="Courier New"/>'),
            a_run(" puis lisez "),
            a_run("la documentation", '<a:hlinkClick r:id="rId2"/>'),
            a_run("."),
            "<a:br/>",
            a_run("Page "),
            '<a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum">'
            '<a:rPr lang="fr-FR"/><a:t>1</a:t></a:fld>',
        ),
    )
    + DECK_TABLE
    + "</p:spTree></p:cSld></p:sld>"
)
NOTES = (
    f'{DECL}<p:notes {P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
    "<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>"
    + shape(
        2,
        "body",
        a_para(
            a_run("Parlez "),
            a_run("lentement", attrs=' lang="fr-FR" i="1" dirty="0"'),
            a_run(" et clairement."),
        ),
    )
    + "</p:spTree></p:cSld></p:notes>"
)


def _rels(*relations: tuple[str, str, str]) -> str:
    return (
        DECL
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="{k}" Type="{REL}/{kind}" Target="{target}"'
            + (' TargetMode="External"/>' if "://" in target else "/>")
            for k, kind, target in relations
        )
        + "</Relationships>"
    )


def _override(part: str, content_type: str) -> str:
    return f'<Override PartName="{part}" ContentType="{content_type}"/>'


def pptx_entries() -> dict[str, str | bytes]:
    return {
        "[Content_Types].xml": (
            DECL + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>'
            + _override("/ppt/presentation.xml", f"{PML}.presentation.main+xml")
            + _override("/ppt/slides/slide1.xml", f"{PML}.slide+xml")
            + _override("/ppt/notesSlides/notesSlide1.xml", f"{PML}.notesSlide+xml")
            + "</Types>"
        ),
        "_rels/.rels": ROOT_RELS.replace("word/document.xml", "ppt/presentation.xml"),
        "ppt/presentation.xml": (
            f'{DECL}<p:presentation {P_NS}><p:sldIdLst><p:sldId id="256" r:id="rId2"/>'
            '</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" '
            'cy="9144000"/></p:presentation>'
        ),
        "ppt/_rels/presentation.xml.rels": _rels(("rId2", "slide", "slides/slide1.xml")),
        "ppt/slides/slide1.xml": SLIDE,
        "ppt/slides/_rels/slide1.xml.rels": _rels(
            ("rId3", "notesSlide", "../notesSlides/notesSlide1.xml"),
            ("rId2", "hyperlink", "https://ex.fr/doc"),
        ),
        "ppt/notesSlides/notesSlide1.xml": NOTES,
        "ppt/media/image1.png": b"\x89PNG\r\n\x1a\n" + bytes(300),
    }


def deck_pptx() -> bytes:
    """The French deck as a .pptx file's bytes."""
    return zipped(pptx_entries())


O_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'office:version="1.3"'
)
ODT_STYLES = (
    '<office:automatic-styles><style:style style:name="P1" style:family="paragraph">'
    '<style:text-properties fo:language="fr" fo:country="FR"/></style:style>'
    '<style:style style:name="T1" style:family="text">'
    '<style:text-properties fo:font-weight="bold"/></style:style>'
    '<style:style style:name="T2" style:family="text">'
    '<style:text-properties style:font-name="Liberation Mono"/></style:style>'
    "</office:automatic-styles>"
)


def o_cell(text: str) -> str:
    return (
        f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'
    )


ODT_BODY = (
    '<text:h text:style-name="Heading_20_1" text:outline-level="1">Le rapport annuel</text:h>'
    '<text:p text:style-name="P1"><text:bookmark text:name="debut"/>Le chat '
    '<text:span text:style-name="T1">noir</text:span> dort sur le canapé.'
    '<text:note text:id="ftn1" text:note-class="footnote">'
    "<text:note-citation>1</text:note-citation>"
    "<text:note-body><text:p>Une note de bas de page importante.</text:p></text:note-body>"
    "</text:note></text:p>"
    '<text:p>Tapez <text:span text:style-name="T2">ls -la</text:span> puis lisez '
    '<text:a xlink:type="simple" xlink:href="https://ex.fr/doc?a=1&amp;b=2">'
    "la documentation</text:a>."
    '<office:annotation><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">A</dc:creator>'
    "<text:p>Un commentaire.</text:p></office:annotation></text:p>"
    '<table:table table:name="T"><table:table-column table:number-columns-repeated="2"/>'
    "<table:table-row>"
    + o_cell("La maison")
    + '<table:table-cell office:value-type="string"><table:table table:name="N">'
    "<table:table-column/><table:table-row>"
    + o_cell("Une petite ville")
    + "</table:table-row></table:table></table:table-cell></table:table-row></table:table>"
    '<text:p>Page <text:page-number text:select-page="current">1</text:page-number></text:p>'
    '<text:p><draw:frame draw:name="Cadre1" svg:width="3cm"><draw:text-box>'
    "<text:p>Une note dans la marge.</text:p></draw:text-box></draw:frame></text:p>"
)


def odt_entries(body: str = ODT_BODY) -> dict[str, str | bytes]:
    return {
        "mimetype": "application/vnd.oasis.opendocument.text",
        "content.xml": (
            f"{DECL}<office:document-content {O_NS}>{ODT_STYLES}"
            f"<office:body><office:text>{body}</office:text></office:body>"
            "</office:document-content>"
        ),
        "styles.xml": (
            f"{DECL}<office:document-styles {O_NS}><office:master-styles>"
            '<style:master-page style:name="Standard"><style:header>'
            '<text:p>Rapport <text:span text:style-name="T1">confidentiel</text:span></text:p>'
            "</style:header></style:master-page></office:master-styles></office:document-styles>"
        ),
        "META-INF/manifest.xml": (
            f'{DECL}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
            'manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.text"/>'
            + "".join(
                f'<manifest:file-entry manifest:full-path="{path}" manifest:media-type="{kind}"/>'
                for path, kind in (
                    ("content.xml", "text/xml"),
                    ("styles.xml", "text/xml"),
                    ("Thumbnails/thumbnail.png", "image/png"),
                )
            )
            + "</manifest:manifest>"
        ),
        "Thumbnails/thumbnail.png": b"\x89PNG\r\n\x1a\n" + bytes(200),
    }


def report_odt(body: str = ODT_BODY) -> bytes:
    """The French report as an .odt file's bytes (its mimetype first and stored)."""
    return zipped(odt_entries(body), stored=("mimetype",))


# A chart object of an OpenDocument file (Object 1/content.xml), and a formula object beside it
CHART_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" office:version="1.3"'
)
CHART_OBJECT = (
    f"{DECL}<office:document-content {CHART_NS}><office:body><office:chart>"
    '<chart:chart chart:class="chart:bar"><chart:title><text:p>Ventes par mois</text:p>'
    "</chart:title><chart:subtitle><text:p>Année 2024</text:p></chart:subtitle><chart:plot-area>"
    '<chart:axis chart:dimension="y"><chart:title><text:p>Montant en euros</text:p></chart:title>'
    '</chart:axis></chart:plot-area><table:table table:name="local-table"><table:table-rows>'
    '<table:table-row><table:table-cell office:value-type="string"><text:p>Janvier</text:p>'
    "</table:table-cell></table:table-row></table:table-rows></table:table></chart:chart>"
    "</office:chart></office:body></office:document-content>"
)
FORMULA_OBJECT = (
    f'{DECL}<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mi>x</mi>'
    '<annotation encoding="StarMath 5.0">x</annotation></semantics></math>'
)


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.docx").write_bytes(report_docx())
    (out / "deck.pptx").write_bytes(deck_pptx())
    (out / "report.odt").write_bytes(report_odt())


def sentence_model(known: dict[str, str]):
    """A made-up model that knows whole sentences: ``known`` maps a French sentence, each
    protected token (a private-use character: a field, held) written "¤", to its English, its
    tokens in the order the sentence has them; any other text comes back as it went. Word i is
    linked to word i."""
    from markup_fixtures import Aligned

    def translate(texts: list[str]) -> list[Aligned]:
        out = []
        for text in texts:
            tokens = [c for c in text if "\ue000" <= c <= "\uf8ff"]
            english = known.get("".join("¤" if c in tokens else c for c in text))
            if english is not None:
                rest = iter(tokens)
                text = "".join(next(rest) if c == "¤" else c for c in english)
            out.append(Aligned(text, [(i, i) for i in range(len(text.split()))]))
        return out

    return translate


# A text box drawn on a chart ("Source : INSEE"): the chart's user shapes, a part of their own
CHART_SHAPES_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chartshapes+xml"
CHART_SHAPES = (
    f'{DECL}<c:userShapes xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
    'xmlns:cdr="http://schemas.openxmlformats.org/drawingml/2006/chartDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><cdr:relSizeAnchor>'
    '<cdr:from><cdr:x>0.1</cdr:x><cdr:y>0.9</cdr:y></cdr:from><cdr:to><cdr:x>0.5</cdr:x>'
    "<cdr:y>1</cdr:y></cdr:to><cdr:sp><cdr:nvSpPr>"
    '<cdr:cNvPr id="2" name="Zone de texte 1" descr="La source des chiffres"/><cdr:cNvSpPr/>'
    '</cdr:nvSpPr><cdr:spPr/><cdr:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="fr-FR"/>'
    "<a:t>Les chiffres de la banque</a:t></a:r></a:p></cdr:txBody></cdr:sp></cdr:relSizeAnchor>"
    "</c:userShapes>"
)
