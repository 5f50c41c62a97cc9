"""`nmt translate -i tableau.xlsx -o table.xlsx`: an Excel workbook in, the same package out, the
text of its cells translated (shared strings, rich text runs with their formatting, inline
strings), its notes, text boxes and chart titles too, and all else as it was: numbers, dates,
booleans, formulas and their cached values, styles, defined names, sheet names, the header
cells of tables (their column names, which formulas name). The workbook is built here, from
its XML, as Excel saves one."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from lxml import etree
from markup_fixtures import Aligned, word_for_word
from office_fixtures import CHART_SHAPES, CHART_SHAPES_TYPE, DECL, refused, zipped

from nmt_cli.documents.office.xlsx import XLSX, read_xlsx
from nmt_cli.errors import InputError

S_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
S = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
CT = "application/vnd.openxmlformats-officedocument"
BOLD = '<rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr>'
PLAIN = '<rPr><sz val="11"/><rFont val="Calibri"/></rPr>'

STRINGS = [
    "<t>Produit</t>",  # 0-2: the table's header cells, its column names
    "<t>Montant</t>",
    "<t>Statut</t>",
    "<t>Le chat noir</t>",  # 3
    "<t>Payé</t>",  # 4: in two cells
    f'<r>{PLAIN}<t xml:space="preserve">Le chien </t></r><r>{BOLD}<t>rouge</t></r>'
    f"<r>{PLAIN}<t>.</t></r>",  # 5: rich text
    '<t xml:space="preserve">Montant\nhors taxes</t>',  # 6: a line break in the cell
    '<t>Le chat</t><rPh sb="0" eb="2"><t>ネコ</t></rPh><phoneticPr fontId="1"/>',  # 7
]


def _sheet(rows: str, extra: str = "") -> str:
    return f"{DECL}<worksheet {S_NS} {R_NS}><sheetData>{rows}</sheetData>{extra}</worksheet>"


SHEET1 = _sheet(
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
    '<c r="C1" t="s"><v>2</v></c></row>'
    '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" s="1"><v>12.5</v></c>'
    '<c r="C2" t="s"><v>4</v></c></row>'
    '<row r="3"><c r="A3" t="s"><v>5</v></c><c r="B3"><f>B2*2</f><v>25</v></c>'
    '<c r="C3" t="s"><v>4</v></c></row>'
    '<row r="4"><c r="A4" t="inlineStr"><is><t>Total des ventes</t></is></c>'
    '<c r="B4"><f>SUM(Tableau1[Montant])</f><v>37.5</v></c><c r="C4" t="b"><v>1</v></c></row>'
    '<row r="5"><c r="A5" t="s"><v>6</v></c><c r="B5" t="str"><f>IF(C4,"Payé","")</f>'
    '<v>Payé</v></c><c r="C5" s="2"><v>45292</v></c></row>'
    '<row r="6"><c r="A6" t="s"><v>7</v></c></row>',
    '<hyperlinks><hyperlink ref="A4" r:id="rId9" tooltip="Voir le détail"/></hyperlinks>'
    '<drawing r:id="rId2"/><legacyDrawing r:id="rId3"/><tableParts count="1">'
    '<tablePart r:id="rId1"/></tableParts>',
)
SHEET2 = _sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>Le chat noir</t></is></c></row>')
COMMENTS = (
    f"{DECL}<comments {S_NS}><authors><author>Jean Dupont</author><author>tc={{1A2B}}</author>"
    '</authors><commentList><comment ref="B2" authorId="0"><text>'
    f'<r>{BOLD}<t>Jean Dupont:</t></r><r>{PLAIN}<t xml:space="preserve">\nLe prix du chat.</t>'
    '</r></text></comment><comment ref="C2" authorId="1"><text><t>[Threaded comment] Le chat'
    "</t></text></comment></commentList></comments>"
)
TEXT_BOX = (
    f'{DECL}<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/'
    f'spreadsheetDrawing" {A_NS}><xdr:twoCellAnchor><xdr:sp><xdr:nvSpPr>'
    '<xdr:cNvPr id="2" name="Zone de texte 1" descr="Le chat noir"/><xdr:cNvSpPr/></xdr:nvSpPr>'
    '<xdr:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="fr-FR"/><a:t>Le chien</a:t></a:r></a:p>'
    "</xdr:txBody></xdr:sp></xdr:twoCellAnchor></xdr:wsDr>"
)
CHART = (
    f'{DECL}<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
    f'{A_NS}><c:lang val="fr-FR"/><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r>'
    '<a:rPr lang="fr-FR"/><a:t>Le chat noir</a:t></a:r></a:p></c:rich></c:tx></c:title>'
    "</c:chart></c:chartSpace>"
)
WORKBOOK = (
    f'{DECL}<workbook {S_NS} {R_NS}><sheets><sheet name="Ventes" sheetId="1" r:id="rId1"/>'
    '<sheet name="Résumé" sheetId="2" r:id="rId2"/></sheets><definedNames>'
    '<definedName name="Taux">Ventes!$B$2</definedName></definedNames></workbook>'
)


def _rels(*targets: tuple[str, str]) -> str:
    rels = "".join(
        f'<Relationship Id="rId{k}" Type="{REL}/{kind}" Target="{target}"/>'
        for k, (kind, target) in enumerate(targets, 1)
    )
    rels += f'<Relationship Id="rId9" Type="{REL}/hyperlink" Target="https://example.fr" '
    rels += 'TargetMode="External"/>'
    return f'{DECL}<Relationships xmlns="{REL.replace("officeDocument", "package")}">{rels}'


def xlsx_entries() -> dict[str, str | bytes]:
    def override(path: str, kind: str) -> str:
        return f'<Override PartName="/{path}" ContentType="{kind}"/>'

    types = [
        ("xl/workbook.xml", f"{CT}.spreadsheetml.sheet.main+xml"),
        ("xl/worksheets/sheet1.xml", f"{CT}.spreadsheetml.worksheet+xml"),
        ("xl/worksheets/sheet2.xml", f"{CT}.spreadsheetml.worksheet+xml"),
        ("xl/sharedStrings.xml", f"{CT}.spreadsheetml.sharedStrings+xml"),
        ("xl/tables/table1.xml", f"{CT}.spreadsheetml.table+xml"),
        ("xl/comments1.xml", f"{CT}.spreadsheetml.comments+xml"),
        ("xl/drawings/drawing1.xml", f"{CT}.drawing+xml"),
        ("xl/charts/chart1.xml", f"{CT}.drawingml.chart+xml"),
        ("docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"),
    ]
    strings = "".join(f"<si>{si}</si>" for si in STRINGS)
    return {
        "[Content_Types].xml": f'{DECL}<Types xmlns="http://schemas.openxmlformats.org/package/'
        '2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
        'openxmlformats-package.relationships+xml"/>'
        + "".join(override(p, k) for p, k in types)
        + "</Types>",
        "_rels/.rels": _rels(("officeDocument", "xl/workbook.xml")) + "</Relationships>",
        "xl/workbook.xml": WORKBOOK,
        "xl/_rels/workbook.xml.rels": _rels(
            ("worksheet", "worksheets/sheet1.xml"), ("worksheet", "worksheets/sheet2.xml")
        )
        + "</Relationships>",
        "xl/worksheets/sheet1.xml": SHEET1,
        "xl/worksheets/_rels/sheet1.xml.rels": _rels(
            ("table", "../tables/table1.xml"),
            ("drawing", "../drawings/drawing1.xml"),
            ("comments", "../comments1.xml"),
        )
        + "</Relationships>",
        "xl/worksheets/sheet2.xml": SHEET2,
        "xl/sharedStrings.xml": f'{DECL}<sst {S_NS} count="9" uniqueCount="8">{strings}</sst>',
        "xl/tables/table1.xml": f'{DECL}<table {S_NS} id="1" name="Tableau1" ref="A1:C3">'
        '<tableColumns count="3"><tableColumn id="1" name="Produit"/><tableColumn id="2" '
        'name="Montant"/><tableColumn id="3" name="Statut"/></tableColumns></table>',
        "xl/comments1.xml": COMMENTS,
        "xl/drawings/drawing1.xml": TEXT_BOX,
        "xl/charts/chart1.xml": CHART,
        "xl/styles.xml": f'{DECL}<styleSheet {S_NS}><numFmts count="1"><numFmt numFmtId="164" '
        'formatCode="#,##0.00\\ &quot;€&quot;"/></numFmts></styleSheet>',
        "xl/vbaProject.bin": bytes(range(256)) * 2,
        "docProps/core.xml": f'{DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats'
        '.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        "<dc:language>fr-FR</dc:language></cp:coreProperties>",
    }


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def translated(data: bytes, translate=word_for_word) -> dict[str, bytes]:
    workbook = read_xlsx(data, "tableau.xlsx")
    return entries(workbook.render(translate(workbook.sources()), "en", print))


def strings(xml: bytes) -> list:
    return list(etree.fromstring(xml).iter(f"{S}si"))


def text_of(element) -> str:
    return "".join(t.text or "" for t in element.iter(f"{S}t") if t.getparent().tag != f"{S}rPh")


def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical():
    def identity(texts):
        return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]

    source = zipped(xlsx_entries())
    assert translated(source, identity) == entries(source)


def test_the_cells_text_is_translated_and_all_else_is_as_it_was():
    source = entries(zipped(xlsx_entries()))
    out = translated(zipped(xlsx_entries()))
    texts = [text_of(si) for si in strings(out["xl/sharedStrings.xml"])]
    # the table's column names kept (formulas name them: Tableau1[Montant])
    assert texts[:3] == ["Produit", "Montant", "Statut"]
    assert texts[3:5] == ["LE CHAT NOIR", "PAYÉ"]
    assert texts[6:] == ["MONTANT\nHORS TAXES", "LE CHAT"]
    assert b'count="9" uniqueCount="8"' in out["xl/sharedStrings.xml"]
    # the workbook (sheet names, defined names), styles, table and macros: byte for byte
    for path in ("xl/workbook.xml", "xl/styles.xml", "xl/tables/table1.xml", "xl/vbaProject.bin"):
        assert out[path] == source[path]
    sheet = etree.fromstring(out["xl/worksheets/sheet1.xml"])
    assert text_of(sheet.find(f".//{S}c[@r='A4']")) == "TOTAL DES VENTES"
    assert sheet.find(f".//{S}hyperlink").get("tooltip") == "VOIR LE DÉTAIL"
    # numbers, formulas and their cached values, booleans, dates, shared strings' indexes
    before = etree.fromstring(source["xl/worksheets/sheet1.xml"])
    for ref in ("A1", "B2", "C2", "B3", "B4", "C4", "B5", "C5"):
        [old], [new] = (s.findall(f".//{S}c[@r='{ref}']") for s in (before, sheet))
        assert etree.tostring(old) == etree.tostring(new)


def test_rich_text_runs_keep_their_formatting_around_their_words():
    out = translated(zipped(xlsx_entries()))
    rich = strings(out["xl/sharedStrings.xml"])[5]
    runs = [(r.findtext(f"{S}t"), r.find(f"{S}rPr/{S}b") is not None) for r in rich]
    assert runs == [("LE CHIEN ", False), ("ROUGE", True), (".", False)]
    assert rich[0].find(f"{S}t").get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"


def test_a_line_break_in_a_cell_goes_back_between_its_lines_translated_each_apart():
    workbook = read_xlsx(zipped(xlsx_entries()), "tableau.xlsx")
    assert "Montant\nhors taxes" in workbook.sources()  # its lines translated each apart
    entries_ = xlsx_entries()
    entries_["xl/sharedStrings.xml"] = str(entries_["xl/sharedStrings.xml"]).replace(
        "Montant\nhors", "Montant_x000D_\nhors"
    )
    out = translated(zipped(entries_))
    assert text_of(strings(out["xl/sharedStrings.xml"])[6]) == "MONTANT_x000D_\nHORS TAXES"


def test_a_translated_string_drops_its_phonetic_runs_and_keeps_its_phonetic_properties():
    out = translated(zipped(xlsx_entries()))
    si = strings(out["xl/sharedStrings.xml"])[7]
    assert [c.tag.removeprefix(S) for c in si] == ["t", "phoneticPr"]


def test_each_text_is_asked_once_however_many_cells_and_parts_hold_it():
    asked: list[str] = []

    def counting(texts):
        asked.extend(texts)
        return word_for_word(texts)

    out = translated(zipped(xlsx_entries()), counting)
    assert asked.count("Le chat noir") == 1  # a shared string, an inline one, a chart, alt text
    sheet2 = etree.fromstring(out["xl/worksheets/sheet2.xml"])
    assert text_of(sheet2) == "LE CHAT NOIR"
    assert b"LE CHAT NOIR</a:t>" in out["xl/charts/chart1.xml"]
    assert b'descr="LE CHAT NOIR"' in out["xl/drawings/drawing1.xml"]


def test_notes_are_translated_their_authors_name_kept_threaded_comments_kept():
    out = translated(zipped(xlsx_entries()))
    note, threaded = etree.fromstring(out["xl/comments1.xml"]).iter(f"{S}text")
    assert [r.findtext(f"{S}t") for r in note] == ["Jean Dupont:", "\nLE PRIX DU CHAT."]
    assert [r.find(f"{S}rPr/{S}b") is not None for r in note] == [True, False]
    assert text_of(threaded) == "[Threaded comment] Le chat"


def test_text_boxes_and_chart_titles_are_translated_in_the_target_language():
    out = translated(zipped(xlsx_entries()))
    assert b'<a:rPr lang="en-US"/><a:t>LE CHIEN</a:t>' in out["xl/drawings/drawing1.xml"]
    assert b'<a:rPr lang="en-US"/><a:t>LE CHAT NOIR</a:t>' in out["xl/charts/chart1.xml"]
    assert b'<c:lang val="en-US"/>' in out["xl/charts/chart1.xml"]
    assert b"<dc:language>en-US</dc:language>" in out["docProps/core.xml"]


def test_a_text_box_drawn_on_a_chart_is_translated_as_the_sheets_text_boxes_are():
    """A text box drawn on a chart (its user shapes, a part of their own: "Source : ...")
    stayed French under the English title; now its words and its alt text are translated."""
    files = xlsx_entries()
    files["[Content_Types].xml"] = str(files["[Content_Types].xml"]).replace(
        "</Types>",
        f'<Override PartName="/xl/drawings/drawing2.xml" ContentType="{CHART_SHAPES_TYPE}"/>'
        "</Types>",
    )
    files["xl/drawings/drawing2.xml"] = CHART_SHAPES
    out = translated(zipped(files))["xl/drawings/drawing2.xml"].decode()
    assert '<a:rPr lang="en-US"/><a:t>LES CHIFFRES DE LA BANQUE</a:t>' in out
    assert 'descr="LA SOURCE DES CHIFFRES"' in out


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"Produit;Montant\n", "not a .xlsx file \\(not a zip package\\)"),
        (zipped(xlsx_entries())[:1500], "a truncated or damaged .xlsx file"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512, "a legacy binary Office file"),
        (zipped({"word/document.xml": "<w/>"}), "not a .xlsx file \\(no Excel workbook in it"),
    ],
)
def test_a_file_that_is_not_a_workbook_is_one_error_naming_it(data, message):
    with pytest.raises(InputError, match=f"tableau.xlsx: {message}.*; nothing was written"):
        read_xlsx(data, "tableau.xlsx")


def test_a_workbook_saved_as_strict_open_xml_is_one_error():
    files = xlsx_entries()
    files["xl/workbook.xml"] = str(files["xl/workbook.xml"]).replace(
        "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
        "http://purl.oclc.org/ooxml/spreadsheetml/main",
    )
    with pytest.raises(InputError, match="tableau.xlsx: saved as Strict Open XML"):
        read_xlsx(zipped(files), "tableau.xlsx")


def test_a_table_without_a_header_row_has_its_first_row_translated():
    files = xlsx_entries()
    files["xl/tables/table1.xml"] = str(files["xl/tables/table1.xml"]).replace(
        'ref="A1:C3"', 'ref="A1:C3" headerRowCount="0"'
    )
    out = translated(zipped(files))
    texts = [text_of(si) for si in strings(out["xl/sharedStrings.xml"])]
    assert texts[:3] == ["PRODUIT", "MONTANT", "STATUT"]


def test_a_broken_workbook_is_one_line_of_error_and_nothing_written(run_cli, tmp_path):
    files = xlsx_entries()
    files["xl/sharedStrings.xml"] = str(files["xl/sharedStrings.xml"]).replace("</sst>", "")
    line = refused(run_cli, tmp_path, "tableau.xlsx", files)
    assert re.fullmatch(
        r"nmt: error: .*/tableau\.xlsx:xl/sharedStrings\.xml:\d+: not well-formed XML: .*"
        r"; nothing was written",
        line,
    ), line


def test_xlsx_xlsm_and_input_format_xlsx_are_read_as_workbooks():
    from nmt_cli.documents.registry import format_for

    assert format_for("tableau.xlsx", None) is XLSX
    assert format_for("macros.XLSM", None) is XLSX
    assert format_for("tableau.bin", "xlsx") is XLSX


def test_the_shipped_model_translates_a_cell_as_a_plain_line_its_codes_passing_through():
    """A number, an address, an e-mail, a code or a formula-like text in a cell is what the
    same line gives: its protected spans kept (a URL, a code as written; a number, a formula's
    functions in the target's way, as a line's)."""
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    cells = [
        "Le chat noir dort.",
        "12,5",
        "https://www.example.fr/budget",
        "jean.dupont@example.fr",
        "FR-2024-001",
        "=SOMME(A1:A3)",
    ]
    files = xlsx_entries()
    sst = "".join(f"<si>{si}</si>" for si in [*STRINGS, *(f"<t>{c}</t>" for c in cells)])
    files["xl/sharedStrings.xml"] = f"{DECL}<sst {S_NS}>{sst}</sst>"
    translator = Translator.load(LoadOptions("fr-en", threads=1))
    out = entries(translate_document(translator, read_xlsx(zipped(files), "t.xlsx"), XLSX))
    said = [text_of(si) for si in strings(out["xl/sharedStrings.xml"])][len(STRINGS) :]
    lines = [nbest[0].text for nbest in translator.translate(cells)]
    assert said == lines
    assert said[2:5] == cells[2:5]


def test_a_workbook_saved_by_openpyxl_is_read_back_by_it_translated(tmp_path):
    """A workbook another program wrote (its shared strings, rich text, a table, a note, a
    formula, a date), translated, is one that program opens: the cells' text translated, the
    rest as it was."""
    openpyxl = pytest.importorskip("openpyxl")
    import datetime

    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont
    from openpyxl.comments import Comment
    from openpyxl.worksheet.table import Table

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Ventes"
    sheet.append(["Produit", "Montant", "Date"])
    sheet.append(["Le chat noir", 12.5, datetime.date(2024, 3, 15)])
    sheet.append([CellRichText("Le chien ", TextBlock(InlineFont(b=True), "rouge")), "=B2*2"])
    sheet["A2"].comment = Comment("Le prix du chat.", "Jean Dupont")
    sheet.add_table(Table(displayName="Tableau1", ref="A1:C2"))
    book.create_sheet("Résumé")["A1"] = "Le chat noir"
    book.save(tmp_path / "tableau.xlsx")

    out = translated((tmp_path / "tableau.xlsx").read_bytes())
    (tmp_path / "table.xlsx").write_bytes(zipped(out))
    again = openpyxl.load_workbook(tmp_path / "table.xlsx", rich_text=True)
    assert again.sheetnames == ["Ventes", "Résumé"]
    rows = [[c.value for c in row] for row in again["Ventes"].iter_rows()]
    assert rows[0] == ["Produit", "Montant", "Date"]  # the table's column names
    assert rows[1] == ["LE CHAT NOIR", 12.5, datetime.datetime(2024, 3, 15)]
    assert [str(b) for b in rows[2][0]] == ["LE CHIEN ", "ROUGE"]
    assert rows[2][0][1].font.b and rows[2][1] == "=B2*2"
    assert again["Ventes"]["A2"].comment.text == "LE PRIX DU CHAT."
    assert again["Résumé"]["A1"].value == "LE CHAT NOIR"


def test_a_sheets_printed_header_and_footer_are_translated_their_codes_kept():
    entries_ = xlsx_entries()
    entries_["xl/worksheets/sheet2.xml"] = str(entries_["xl/worksheets/sheet2.xml"]).replace(
        "</worksheet>",
        '<headerFooter><oddHeader>&amp;L&amp;"Arial,Gras"Rapport confidentiel&amp;R&amp;D'
        "</oddHeader><oddFooter>&amp;CPage &amp;P sur &amp;N&amp;RVentes &amp;&amp; achats"
        "</oddFooter></headerFooter></worksheet>",
    )
    workbook = read_xlsx(zipped(entries_), "tableau.xlsx")
    assert "Rapport confidentiel" in workbook.sources()
    assert any(text.endswith("\nVentes & achats") for text in workbook.sources())
    out = translated(zipped(entries_))
    sheet = etree.fromstring(out["xl/worksheets/sheet2.xml"])
    # each section (&L, &C, &R) translated apart; fields (&P), fonts and "&&" kept
    assert sheet.findtext(f".//{S}oddHeader") == '&L&"Arial,Gras"RAPPORT CONFIDENTIEL&R&D'
    assert sheet.findtext(f".//{S}oddFooter") == "&CPAGE &P SUR &N&RVENTES && ACHATS"


def test_a_header_whose_translation_is_longer_than_excel_allows_stays_as_it_was():
    header = "&LRapport confidentiel&RPage &P"
    entries_ = xlsx_entries()
    entries_["xl/worksheets/sheet2.xml"] = str(entries_["xl/worksheets/sheet2.xml"]).replace(
        "</worksheet>",
        f"<headerFooter><oddHeader>{header.replace('&', '&amp;')}</oddHeader></headerFooter>"
        "</worksheet>",
    )

    def wordy(texts):  # each word 300 characters long
        return [Aligned(" ".join(w * 300 for w in t.split()), []) for t in texts]

    warned: list[str] = []
    workbook = read_xlsx(zipped(entries_), "tableau.xlsx")
    written = entries(workbook.render(wordy(workbook.sources()), "en", warned.append))
    sheet = etree.fromstring(written["xl/worksheets/sheet2.xml"])
    assert sheet.findtext(f".//{S}oddHeader") == header
    assert warned == [  # the user is told why it is still French
        "tableau.xlsx:xl/worksheets/sheet2.xml: the translation of a printed oddHeader is "
        "longer than the 255 characters Excel reads: it stays as it was"
    ]


def test_a_data_validations_input_message_and_error_alert_are_translated_within_excels_limits():
    entries_ = xlsx_entries()
    entries_["xl/worksheets/sheet2.xml"] = str(entries_["xl/worksheets/sheet2.xml"]).replace(
        "</worksheet>",
        '<dataValidations count="1"><dataValidation type="list" showInputMessage="1" '
        'showErrorMessage="1" promptTitle="Statut du paiement" prompt="Choisissez une valeur" '
        'errorTitle="Valeur refusée" error="La valeur doit être dans la liste." sqref="B2:B9">'
        '<formula1>"Payé,Impayé"</formula1></dataValidation></dataValidations></worksheet>',
    )
    sheet = etree.fromstring(translated(zipped(entries_))["xl/worksheets/sheet2.xml"])
    rule = sheet.find(f".//{S}dataValidation")
    assert rule.get("promptTitle") == "STATUT DU PAIEMENT"
    assert rule.get("prompt") == "CHOISISSEZ UNE VALEUR"
    assert rule.get("errorTitle") == "VALEUR REFUSÉE"
    assert rule.get("error") == "LA VALEUR DOIT ÊTRE DANS LA LISTE."
    assert rule.findtext(f"{S}formula1") == '"Payé,Impayé"'  # the list's values: data

    def wordy(texts):  # a title of more than Excel's 32 characters is not written
        return [Aligned(f"{t} et encore bien plus long", []) for t in texts]

    rule = etree.fromstring(translated(zipped(entries_), wordy)["xl/worksheets/sheet2.xml"])
    rule = rule.find(f".//{S}dataValidation")
    assert rule.get("promptTitle") == "Statut du paiement"
    assert rule.get("prompt") == "Choisissez une valeur et encore bien plus long"


def test_a_translated_header_starting_with_a_digit_after_a_font_size_keeps_them_apart():
    entries_ = xlsx_entries()
    entries_["xl/worksheets/sheet2.xml"] = str(entries_["xl/worksheets/sheet2.xml"]).replace(
        "</worksheet>",
        "<headerFooter><oddHeader>&amp;C&amp;14Rapport annuel</oddHeader></headerFooter>"
        "</worksheet>",
    )

    def digits_first(texts):
        return [Aligned("2024 REPORT" if t == "Rapport annuel" else t, []) for t in texts]

    sheet = etree.fromstring(translated(zipped(entries_), digits_first)["xl/worksheets/sheet2.xml"])
    assert sheet.findtext(f".//{S}oddHeader") == "&C&14 2024 REPORT"  # not a size of 142024


def _validated(prompt: str) -> dict[str, str | bytes]:
    entries_ = xlsx_entries()
    entries_["xl/worksheets/sheet2.xml"] = str(entries_["xl/worksheets/sheet2.xml"]).replace(
        "</worksheet>",
        '<dataValidations count="1"><dataValidation type="list" showInputMessage="1" '
        f'promptTitle="Statut du paiement" prompt="{prompt}" sqref="B2:B9">'
        '<formula1>"Payé,Impayé"</formula1></dataValidation></dataValidations></worksheet>',
    )
    return entries_


def test_a_validation_message_on_several_lines_keeps_its_lines_each_translated():
    entries_ = _validated("Choisissez une valeur.&#10;&#10;Payé : reçu en entier.")
    sheet = etree.fromstring(translated(zipped(entries_))["xl/worksheets/sheet2.xml"])
    prompt = sheet.find(f".//{S}dataValidation").get("prompt")
    assert prompt == "CHOISISSEZ UNE VALEUR.\n\nPAYÉ : REÇU EN ENTIER."


def test_a_validation_text_too_long_to_hold_its_translation_is_kept_and_the_user_warned():
    entries_ = _validated("Choisissez une valeur")
    warned: list[str] = []
    workbook = read_xlsx(zipped(entries_), "tableau.xlsx")
    said = [Aligned(f"{t} et encore bien plus long", []) for t in workbook.sources()]
    written = entries(workbook.render(said, "en", warned.append))
    sheet = etree.fromstring(written["xl/worksheets/sheet2.xml"])
    assert sheet.find(f".//{S}dataValidation").get("promptTitle") == "Statut du paiement"
    assert warned == [
        "tableau.xlsx:xl/worksheets/sheet2.xml: the translation of a promptTitle is longer "
        "than the 32 characters it may hold: it stays as it was"
    ]


def test_a_chart_sheets_printed_header_and_footer_are_translated_as_a_worksheets():
    entries_ = xlsx_entries()
    kind = f"{CT}.spreadsheetml.chartsheet+xml"
    entries_["[Content_Types].xml"] = str(entries_["[Content_Types].xml"]).replace(
        "</Types>",
        f'<Override PartName="/xl/chartsheets/sheet1.xml" ContentType="{kind}"/></Types>',
    )
    entries_["xl/chartsheets/sheet1.xml"] = (
        f'{DECL}<chartsheet {S_NS}><sheetPr/><sheetViews><sheetView workbookViewId="0"/>'
        "</sheetViews><headerFooter><oddHeader>&amp;CVentes annuelles</oddHeader>"
        "<oddFooter>&amp;CPage &amp;P</oddFooter></headerFooter></chartsheet>"
    )
    sheet = etree.fromstring(translated(zipped(entries_))["xl/chartsheets/sheet1.xml"])
    assert sheet.findtext(f".//{S}oddHeader") == "&CVENTES ANNUELLES"
    assert sheet.findtext(f".//{S}oddFooter") == "&CPAGE &P"


def test_a_row_whose_number_is_no_number_is_read_as_the_next_row():
    """A damaged sheet's row numbered "x" was the error "invalid literal for int()"; it is
    read as the row after the one before it, its cells' text translated."""
    files = xlsx_entries()
    files["xl/worksheets/sheet1.xml"] = str(files["xl/worksheets/sheet1.xml"]).replace(
        '<row r="4">', '<row r="x">'
    )
    out = translated(zipped(files))["xl/worksheets/sheet1.xml"].decode()
    assert "<t>TOTAL DES VENTES</t>" in out and '<row r="x">' in out
