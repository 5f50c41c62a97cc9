"""`nmt translate -i tableau.ods -o table.ods`: an OpenDocument spreadsheet in, the same package
out, the text of its cells of text translated as an .odt's paragraphs are (spans, links kept),
its comments too (their author and date kept), and all else as it was: numbers, dates,
booleans, formulas and their cached results, sheet names, named ranges; the automatic styles of
translated text in the target's language; the mimetype first and stored. The spreadsheet is
built here, from its XML, as LibreOffice saves one."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from lxml import etree
from markup_fixtures import Aligned, word_for_word
from office_fixtures import CHART_OBJECT, DECL, FORMULA_OBJECT, refused, zipped

from nmt_cli.documents.office.ods import ODS, read_ods
from nmt_cli.errors import InputError

NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.3"'
)
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
AUTOMATIC = (
    "<office:automatic-styles>"
    '<style:style style:name="ce1" style:family="table-cell">'
    '<style:text-properties fo:language="fr" fo:country="FR"/></style:style>'
    '<style:style style:name="ce2" style:family="table-cell">'
    '<style:text-properties fo:font-weight="bold"/></style:style>'
    '<style:style style:name="T1" style:family="text">'
    '<style:text-properties fo:font-weight="bold"/></style:style>'
    "</office:automatic-styles>"
)


def text_cell(text: str, style: str = "") -> str:
    styled = f' table:style-name="{style}"' if style else ""
    return (
        f'<table:table-cell office:value-type="string"{styled}>'
        f"<text:p>{text}</text:p></table:table-cell>"
    )


ROWS = (
    "<table:table-row>"
    + text_cell("Le chat noir", "ce1")
    + '<table:table-cell office:value-type="float" office:value="12.5" table:style-name="ce1">'
    "<text:p>12,5</text:p></table:table-cell>"
    '<table:table-cell table:formula="of:=IF([.B1]&gt;10;&quot;Cher&quot;;&quot;&quot;)" '
    'office:value-type="string" office:string-value="Cher"><text:p>Cher</text:p>'
    "</table:table-cell></table:table-row><table:table-row>"
    + text_cell('Le chien <text:span text:style-name="T1">rouge</text:span> dort.', "ce2")
    + '<table:table-cell office:value-type="date" office:date-value="2024-05-06">'
    "<text:p>06/05/2024</text:p></table:table-cell>"
    '<table:table-cell office:value-type="boolean" office:boolean-value="true">'
    "<text:p>VRAI</text:p></table:table-cell></table:table-row><table:table-row>"
    '<table:table-cell office:value-type="float" office:value="3">'
    "<office:annotation><dc:creator>Jean Dupont</dc:creator>"
    "<dc:date>2024-05-06T10:00:00</dc:date><text:p>Le prix du chat.</text:p>"
    "</office:annotation><text:p>3</text:p></table:table-cell>"
    + text_cell('Voir <text:a xlink:type="simple" xlink:href="#Ventes.A1">la liste</text:a>.')
    + "</table:table-row>"
)


def ods_entries(rows: str = ROWS) -> dict[str, str | bytes]:
    return {
        "mimetype": "application/vnd.oasis.opendocument.spreadsheet",
        "content.xml": (
            f"{DECL}<office:document-content {NS}>{AUTOMATIC}<office:body>"
            '<office:spreadsheet><table:table table:name="Ventes">'
            f'<table:table-column table:number-columns-repeated="3"/>{rows}</table:table>'
            '<table:table table:name="Résumé"><table:table-row>'
            '<table:table-cell table:formula="of:=[$Ventes.B1]*2" office:value-type="float" '
            'office:value="25"><text:p>25</text:p></table:table-cell></table:table-row>'
            "</table:table><table:named-expressions>"
            '<table:named-range table:name="Prix" table:base-cell-address="$Ventes.$B$1" '
            'table:cell-range-address="$Ventes.$B$1"/></table:named-expressions>'
            "</office:spreadsheet></office:body></office:document-content>"
        ),
        "styles.xml": (
            f"{DECL}<office:document-styles {NS}><office:styles>"
            '<style:default-style style:family="table-cell">'
            '<style:text-properties fo:language="fr" fo:country="FR"/></style:default-style>'
            "</office:styles></office:document-styles>"
        ),
        "META-INF/manifest.xml": (
            f'{DECL}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
            'manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            "</manifest:manifest>"
        ),
        "Thumbnails/thumbnail.png": b"\x89PNG\r\n\x1a\n" + bytes(200),
    }


def tableau_ods(files: dict[str, str | bytes] | None = None) -> bytes:
    return zipped(ods_entries() if files is None else files, stored=("mimetype",))


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def translated(data: bytes, translate=word_for_word, target="en") -> bytes:
    document = read_ods(data, "tableau.ods")
    return document.render(translate(document.sources()), target, print)


def cells(xml: bytes) -> list:
    return list(etree.fromstring(xml).iter(f"{TABLE}table-cell"))


def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical():
    def identity(texts):
        return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]

    assert entries(translated(tableau_ods(), identity)) == entries(tableau_ods())


def test_the_text_of_cells_of_text_is_translated_and_all_else_is_as_it_was():
    document = read_ods(tableau_ods(), "tableau.ods")
    assert document.sources() == [
        "Le chat noir", "Le chien rouge dort.", "Voir la liste.", "Le prix du chat."
    ]  # fmt: skip
    source, out = (
        cells(entries(tableau_ods())["content.xml"]),
        cells(entries(translated(tableau_ods()))["content.xml"]),
    )
    assert "".join(out[0].itertext()) == "LE CHAT NOIR"
    assert "".join(out[3].itertext()) == "LE CHIEN ROUGE DORT."
    assert out[3].find(f"{TEXT}p/{TEXT}span").text == "ROUGE"
    link = out[7].find(f"{TEXT}p/{TEXT}a")
    assert (link.get("{http://www.w3.org/1999/xlink}href"), link.text) == ("#Ventes.A1", "LA LISTE")
    # a number, a formula and its cached text, a date, a boolean, the other sheet's formula
    for k in (1, 2, 4, 5, 8):
        assert etree.tostring(out[k]) == etree.tostring(source[k])
    content = entries(translated(tableau_ods()))["content.xml"].decode()
    assert 'table:name="Ventes"' in content and 'table:name="Résumé"' in content
    assert '<table:named-range table:name="Prix"' in content


def test_a_comment_is_translated_its_author_and_date_kept():
    note = cells(entries(translated(tableau_ods()))["content.xml"])[6].find(f"{OFFICE}annotation")
    dc = "{http://purl.org/dc/elements/1.1/}"
    assert note.findtext(f"{dc}creator") == "Jean Dupont"
    assert note.findtext(f"{dc}date") == "2024-05-06T10:00:00"
    assert note.findtext(f"{TEXT}p") == "LE PRIX DU CHAT."
    assert note.getparent().findtext(f"{TEXT}p") == "3"  # the cell's number


def test_a_cells_text_written_as_its_string_value_too_is_translated_there_too():
    """A program that writes a cell's text as its ``office:string-value`` too: left French, it
    said other than the cell's English paragraph; a value other than the cell's text stays."""
    rows = ROWS.replace(
        '<table:table-cell office:value-type="string" table:style-name="ce1">',
        '<table:table-cell office:value-type="string" office:string-value="Le chat noir" '
        'table:style-name="ce1">',
    ).replace(
        '<table:table-cell office:value-type="string" table:style-name="ce2">',
        '<table:table-cell office:value-type="string" office:string-value="Autre" '
        'table:style-name="ce2">',
    )
    found = cells(entries(translated(tableau_ods(ods_entries(rows))))["content.xml"])
    value = f"{OFFICE}string-value"
    assert (found[0].get(value), found[0].findtext(f"{TEXT}p")) == ("LE CHAT NOIR",) * 2
    assert found[3].get(value) == "Autre"
    assert found[2].get(value) == "Cher"  # a formula's result


def test_a_comment_on_a_cell_of_text_is_a_text_of_its_own():
    """The comment's paragraph is not the cell's: each is translated apart, in its place."""
    comment = (
        "<office:annotation><dc:creator>Marie</dc:creator><text:p>Vérifier le nom.</text:p>"
        "</office:annotation>"
    )
    files = ods_entries(ROWS.replace("<text:p>Le chat noir", comment + "<text:p>Le chat noir"))
    sources = read_ods(tableau_ods(files), "tableau.ods").sources()
    assert (sources.count("Le chat noir"), sources.count("Vérifier le nom.")) == (1, 1)
    cell = cells(entries(translated(tableau_ods(files)))["content.xml"])[0]
    assert cell.findtext(f"{OFFICE}annotation/{TEXT}p") == "VÉRIFIER LE NOM."
    assert cell.findtext(f"{TEXT}p") == "LE CHAT NOIR"
    assert cell.get(f"{TABLE}style-name") == "ce1_en"


def test_the_language_of_translated_cells_becomes_the_targets_their_styles_split():
    """The style ce1 said French of a cell of text and of a number: the translated cell takes a
    copy in English, the number keeps ce1; the default styles' French becomes English."""
    out = entries(translated(tableau_ods()))
    root = etree.fromstring(out["content.xml"])
    found = cells(out["content.xml"])
    assert found[0].get(f"{TABLE}style-name") == "ce1_en"
    assert found[1].get(f"{TABLE}style-name") == "ce1"
    fo = "{urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0}"
    style = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
    said = {
        s.get(f"{style}name"): (p.get(f"{fo}language"), p.get(f"{fo}country"))
        for s in root.iter(f"{style}style")
        if (p := s.find(f"{style}text-properties")) is not None and p.get(f"{fo}language")
    }
    assert said == {"ce1": ("fr", "FR"), "ce1_en": ("en", "US")}
    assert b'fo:language="en" fo:country="US"' in out["styles.xml"]


def test_the_mimetype_stays_first_and_stored():
    with zipfile.ZipFile(io.BytesIO(translated(tableau_ods()))) as z:
        first = z.infolist()[0]
    assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"Produit;Montant\n", "not a .ods file \\(not a zip package\\)"),
        (tableau_ods()[:300], "a truncated or damaged .ods file"),
        (
            zipped({"mimetype": "application/vnd.oasis.opendocument.text", "content.xml": "<a/>"}),
            "not an .ods file \\(application/vnd.oasis.opendocument.text\\)",
        ),
    ],
)
def test_a_file_that_is_not_a_spreadsheet_is_one_error_naming_it(data, message):
    with pytest.raises(InputError, match=f"tableau.ods: {message}.*; nothing was written"):
        read_ods(data, "tableau.ods")


def test_tracked_changes_are_one_error():
    files = ods_entries()
    files["content.xml"] = str(files["content.xml"]).replace(
        "<office:spreadsheet>",
        "<office:spreadsheet><table:tracked-changes><table:cell-content-change table:id='c1'/>"
        "</table:tracked-changes>",
    )
    with pytest.raises(InputError, match="tableau.ods: tracked changes in content.xml"):
        read_ods(tableau_ods(files), "tableau.ods")


def test_a_broken_spreadsheet_is_one_line_of_error_and_nothing_written(run_cli, tmp_path):
    files = ods_entries()
    files["content.xml"] = str(files["content.xml"]).replace("</office:body>", "")
    line = refused(run_cli, tmp_path, "tableau.ods", files)
    assert re.fullmatch(
        r"nmt: error: .*/tableau\.ods:content\.xml:\d+: not well-formed XML: .*"
        r"; nothing was written",
        line,
    ), line


def test_ods_ots_and_input_format_ods_are_read_as_spreadsheets():
    from nmt_cli.documents.registry import format_for

    assert format_for("tableau.ods", None) is ODS
    assert format_for("modèle.OTS", None) is ODS
    assert format_for("tableau.bin", "ods") is ODS


DRAW_NS = (
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
)
SHAPES = (  # a callout on the sheet, with an alt text, and a text box anchored to a cell
    '<table:shapes><draw:custom-shape draw:name="Bulle"><svg:title>Remarque importante</svg:title>'
    "<text:p>Les prix sont hors taxes.</text:p></draw:custom-shape></table:shapes>"
)
IN_CELL = (
    '<draw:frame draw:name="Cadre"><draw:text-box><text:p>Voir la note.</text:p>'
    "</draw:text-box></draw:frame>"
)
PAGES = (  # LibreOffice's page style: the sheet's name and the page number in fields
    "<office:master-styles>"
    '<style:master-page style:name="Default"><style:header><text:p>'
    "<text:sheet-name>???</text:sheet-name> : rapport annuel</text:p></style:header>"
    "<style:footer><style:region-left><text:p>Document confidentiel</text:p>"
    "</style:region-left><style:region-right><text:p>Page <text:page-number>1</text:page-number>"
    "</text:p></style:region-right></style:footer></style:master-page></office:master-styles>"
)


def shaped_ods() -> bytes:
    files = ods_entries(ROWS.replace("<text:p>Le chat noir", IN_CELL + "<text:p>Le chat noir", 1))
    files["content.xml"] = (
        str(files["content.xml"])
        .replace("<office:document-content ", f"<office:document-content {DRAW_NS}", 1)
        .replace('<table:table-column table:number-columns-repeated="3"/>',
                 '<table:table-column table:number-columns-repeated="3"/>' + SHAPES, 1)
    )  # fmt: skip
    files["styles.xml"] = str(files["styles.xml"]).replace(
        "</office:document-styles>", f"{PAGES}</office:document-styles>"
    )
    return tableau_ods(files)


def test_the_text_of_shapes_frames_and_their_alt_texts_is_translated():
    """A callout on the sheet and a text box anchored to a cell are read as paragraphs of their
    own (they stayed French); the cell's own text is still one text, and its style is not
    marked English for a frame's sake."""
    sources = read_ods(shaped_ods(), "tableau.ods").sources()
    assert {"Les prix sont hors taxes.", "Voir la note.", "Remarque importante"} <= set(sources)
    assert sources.count("Le chat noir") == 1
    out = entries(translated(shaped_ods()))["content.xml"].decode()
    assert "LES PRIX SONT HORS TAXES." in out and "VOIR LA NOTE." in out
    assert "<svg:title>REMARQUE IMPORTANTE</svg:title>" in out
    cell = cells(out.encode())[0]
    assert cell.findtext(f"{TEXT}p") == "LE CHAT NOIR"


def test_the_headers_and_footers_of_page_styles_are_translated_their_fields_kept():
    out = entries(translated(shaped_ods()))["styles.xml"].decode()
    assert "<text:sheet-name>???</text:sheet-name>" in out
    assert ": RAPPORT ANNUEL" in out and "DOCUMENT CONFIDENTIEL" in out
    assert "<text:page-number>1</text:page-number>" in out


def test_a_spreadsheet_with_shapes_and_page_styles_comes_back_whole_when_nothing_changes():
    def identity(texts):
        return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]

    assert entries(translated(shaped_ods(), identity)) == entries(shaped_ods())


def charted_ods() -> bytes:
    files = ods_entries()
    files["Object 1/content.xml"] = CHART_OBJECT
    files["Object 2/content.xml"] = FORMULA_OBJECT
    return tableau_ods(files)


def test_the_titles_of_an_embedded_chart_are_translated_its_own_table_kept():
    """The chart's title, subtitle and axis title stayed French; its table (the categories the
    sheet's cells gave it) is not read, nor a formula object."""
    sources = read_ods(charted_ods(), "tableau.ods").sources()
    assert {"Ventes par mois", "Année 2024", "Montant en euros"} <= set(sources)
    assert "Janvier" not in sources
    out = entries(translated(charted_ods()))
    chart = out["Object 1/content.xml"].decode()
    assert "VENTES PAR MOIS" in chart and "ANNÉE 2024" in chart and "MONTANT EN EUROS" in chart
    assert "<text:p>Janvier</text:p>" in chart
    assert out["Object 2/content.xml"] == FORMULA_OBJECT.encode()


def test_a_validations_help_and_error_message_are_translated_and_its_condition_kept():
    validation = (
        '<table:content-validations><table:content-validation table:name="val1" '
        'table:condition="of:cell-content-is-in-list(&quot;Oui&quot;;&quot;Non&quot;)">'
        '<table:help-message table:title="Statut du paiement" table:display="true">'
        "<text:p>Choisissez une valeur.</text:p></table:help-message>"
        '<table:error-message table:title="Valeur refusée" table:display="true">'
        "<text:p>La valeur doit être dans la liste.</text:p></table:error-message>"
        "</table:content-validation></table:content-validations>"
    )
    files = ods_entries()
    files["content.xml"] = str(files["content.xml"]).replace(
        "<office:spreadsheet>", f"<office:spreadsheet>{validation}"
    )
    content = etree.fromstring(entries(translated(tableau_ods(files)))["content.xml"])
    rule = content.find(f".//{TABLE}content-validation")
    assert rule.get(f"{TABLE}condition") == 'of:cell-content-is-in-list("Oui";"Non")'
    help_, error = rule
    assert help_.get(f"{TABLE}title") == "STATUT DU PAIEMENT"
    assert help_.findtext(f"{TEXT}p") == "CHOISISSEZ UNE VALEUR."
    assert error.get(f"{TABLE}title") == "VALEUR REFUSÉE"
    assert error.findtext(f"{TEXT}p") == "LA VALEUR DOIT ÊTRE DANS LA LISTE."
