"""`nmt translate -i report.docx -o report.en.docx`: a Word document in, the same document out,
each paragraph translated as one text with its runs' formatting kept (bold, italic, styles,
links, code runs), in the body, nested tables, the header, footnotes and text boxes; every
other entry of the package as it was. The report is built by office_fixtures.py; translations
are made up (markup_fixtures.py), and the shipped fr-en model translates it once."""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections import Counter

import pytest
from lxml import etree
from markup_fixtures import Aligned, links, word_for_word
from office_fixtures import (
    CHART_SHAPES,
    CHART_SHAPES_TYPE,
    CONTENT_TYPES,
    CT,
    DECL,
    ITALIC,
    LANG,
    W_NS,
    B,
    cell,
    docx_entries,
    para,
    report_docx,
    run,
    sentence_model,
    table,
    zipped,
)

from nmt_cli.documents.lines import translate_lines
from nmt_cli.documents.office.docx import W, read_docx
from nmt_cli.documents.office.runs import Link, Run
from nmt_cli.errors import InputError

pytest_plugins = ["model_fixtures"]
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def translated(data: bytes, translate=word_for_word, target: str | None = "en") -> bytes:
    document = read_docx(data, "report.docx")
    return document.render(translate(document.sources()), target, print)


def identity(texts: list[str]) -> list[Aligned]:
    return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]


def w(name: str) -> str:
    return f"{{{W}}}{name}"


def paragraphs(xml: bytes) -> list:
    return list(etree.fromstring(xml).iter(w("p")))


def looks(p) -> Counter:
    """A paragraph's run-property combinations (without language), with its link targets."""
    out: Counter = Counter()
    for r in p.iter(w("r")):
        if r.find(w("t")) is None:
            continue
        rpr = r.find(w("rPr"))
        props = [] if rpr is None else [etree.QName(c).localname for c in rpr if c.tag != w("lang")]
        parent = r.getparent()
        link = parent.get(f"{{{R}}}id") if parent.tag == w("hyperlink") else None
        out[(tuple(props), link)] += 1
    return out


def text(p) -> str:
    return "".join(t.text or "" for t in p.iter(w("t")))


def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical():
    source = report_docx()
    assert entries(translated(source, identity)) == entries(source)


def test_every_paragraph_is_translated_where_it_stands_and_comments_are_not():
    out = entries(translated(report_docx()))
    body = [text(p) for p in paragraphs(out["word/document.xml"])]
    assert "LE CHAT NOIR DORT SUR LE CANAPÉ ROUGE." in body
    assert {"UNE PETITE VILLE", "LE JARDIN", "NOM", "VALEUR"} <= set(body)  # the nested table
    assert "UNE NOTE DANS LA MARGE." in body  # in a text box
    assert text(paragraphs(out["word/header1.xml"])[0]) == "RAPPORT CONFIDENTIEL"
    assert "UNE NOTE DE BAS DE PAGE IMPORTANTE." in text(paragraphs(out["word/footnotes.xml"])[1])
    assert out["word/comments.xml"] == entries(report_docx())["word/comments.xml"]
    assert out["docProps/thumbnail.jpeg"] == entries(report_docx())["docProps/thumbnail.jpeg"]


def test_each_paragraph_keeps_its_run_formatting_where_the_words_went():
    source, out = entries(report_docx()), entries(translated(report_docx()))
    for part in ("word/document.xml", "word/header1.xml", "word/footnotes.xml"):
        for a, b in zip(paragraphs(source[part]), paragraphs(out[part]), strict=True):
            assert set(looks(a)) == set(looks(b)), (text(a), text(b))
    cat = paragraphs(out["word/document.xml"])[1]
    bold = [text(r) for r in cat.iter(w("r")) if r.find(f"{w('rPr')}/{w('b')}") is not None]
    assert bold == ["NOIR"]


def test_runs_split_by_revision_ids_and_proofing_marks_are_one_run():
    cat = paragraphs(entries(translated(report_docx()))["word/document.xml"])[1]
    assert [text(r) for r in cat.iter(w("r")) if r.find(w("t")) is not None][2] == (
        " DORT SUR LE CANAPÉ "
    )
    assert not cat.findall(w("proofErr"))


def test_code_runs_links_fields_and_bookmarks_come_back_as_they_were():
    out = entries(translated(report_docx()))
    document = out["word/document.xml"].decode()
    assert '<w:rStyle w:val="CodeChar"/></w:rPr><w:t>ls -la /var/log</w:t>' in document
    assert '<w:hyperlink r:id="rId9" w:history="1">' in document
    assert (  # but for its run's language (Word writes a field's result by it)
        '<w:fldSimple w:instr=" PAGE "><w:r><w:rPr><w:lang w:val="en-US"/></w:rPr>'
        "<w:t>1</w:t></w:r></w:fldSimple>"
    ) in document
    assert "REF fig1 \\h </w:instrText>" in document and "<w:t>Figure 1</w:t>" in document
    assert document.count('<w:bookmarkStart w:id="0" w:name="debut"/>') == 1
    assert (
        out["word/_rels/document.xml.rels"]
        == entries(report_docx())["word/_rels/document.xml.rels"]
    )


def test_translated_runs_are_marked_in_the_target_language_and_code_is_not():
    out = entries(translated(report_docx()))["word/document.xml"].decode()
    assert 'w:val="fr-FR"' not in out
    assert '<w:rPr><w:b/><w:lang w:val="en-US"/></w:rPr><w:t>NOIR</w:t>' in out
    assert '<w:rPr><w:rStyle w:val="CodeChar"/></w:rPr>' in out


@pytest.mark.parametrize("style", ["Teletype", "SourceText", "HTMLPreformattedChar", "HTMLCode"])
def test_a_run_in_a_code_style_of_either_office_suite_is_code(style):
    """A .docx run in LibreOffice's Teletype character style, or in the character style of
    Word's HTML Preformatted, was translated ("ls -la" came back "LS -LA"): only an .odt knew
    those names for code."""
    code = f'<w:rStyle w:val="{style}"/>'
    body = para(run("Tapez ", LANG), run("ls -la", code + LANG), run(" ici.", LANG))
    out = entries(translated(report_docx(body)))["word/document.xml"].decode()
    assert f"<w:rPr>{code}{LANG}</w:rPr><w:t>ls -la</w:t>" in out
    assert "TAPEZ" in out


def test_a_changed_part_parses_to_the_same_tree_apart_from_text_and_language():
    body = para(run("Le ", LANG), run("chat", B + LANG), run(" dort.", LANG))
    source = docx_entries(body)["word/document.xml"].encode()
    out = entries(translated(zipped(docx_entries(body))))["word/document.xml"]

    def shape(xml: bytes) -> list:
        tree = etree.fromstring(xml)
        return [(e.tag, dict(e.attrib)) for e in tree.iter() if e.tag not in (w("t"), w("lang"))]

    assert shape(out) == shape(source)
    assert out.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n')


def test_words_moved_by_the_translation_take_their_formatting_with_them():
    def backwards(texts):
        out = []
        for t in texts:
            n = len(t.split())
            out.append(Aligned(" ".join(reversed(t.split())), [(k, n - 1 - k) for k in range(n)]))
        return out

    body = para(run("Le "), run("chat", B), run(" dort.", ""))
    out = entries(translated(zipped(docx_entries(body)), backwards))
    p = paragraphs(out["word/document.xml"])[0]
    assert [(text(r), r.find(f"{w('rPr')}/{w('b')}") is not None) for r in p.iter(w("r"))] == [
        ("dort. ", False),
        ("chat", True),
        (" Le", False),
    ]


def test_a_tab_and_a_line_break_part_the_text_the_model_reads_and_stay_at_their_parts():
    """Nom<tab>Prénom<br>Ville was one sentence: "Nom" was lost and the tab and the break went
    where the alignment of a sentence that made no sense put them."""
    tab, br = "<w:r><w:tab/></w:r>", "<w:r><w:br/></w:r>"
    body = para(run("Nom"), tab, run("Prénom"), br, run("Ville"))
    document = read_docx(zipped(docx_entries(body)), "report.docx")
    first, *rest = document.sources()  # the body's paragraph, then the header's...
    assert first == "Nom\tPrénom\nVille"  # columns.py translates each part apart
    muddled = Aligned("Name\tFirst name\nCity", [(0, 3), (1, 0), (2, 1)])  # no help here
    out = entries(document.render([muddled, *identity(rest)], "en", print))
    p = paragraphs(out["word/document.xml"])[0]
    written = [c.text if c.tag == w("t") else c.tag for r in p.iter(w("r")) for c in r]
    assert [x for x in written if x != w("rPr")] == [
        "Name",
        w("tab"),
        "First name",
        w("br"),
        "City",
    ]


def test_a_hyperlink_fields_result_is_translated_inside_the_field():
    """A link written as a field (HYPERLINK, as older Word and many generators write links)
    was one untouched mark: its words, what the reader sees, stayed French."""
    begin = '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
    instruction = (
        '<w:r><w:instrText xml:space="preserve"> HYPERLINK "https://ex.fr" </w:instrText></w:r>'
    )
    separate = '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
    end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    link = begin + instruction + separate + run("le site", "<w:u/>") + end
    body = para(run("Voir "), link, run(" ici."))
    document = read_docx(zipped(docx_entries(body)), "report.docx")
    first, *rest = document.sources()
    assert first == "Voir le site ici."
    said = Aligned("See the website here.", [(0, 0), (1, 1), (2, 2), (3, 3)])
    out = entries(document.render([said, *identity(rest)], "en", print))
    xml = out["word/document.xml"].decode()
    assert "HYPERLINK" in xml and "le site" not in xml
    p = paragraphs(out["word/document.xml"])[0]
    kinds = [
        c.get(w("fldCharType")) or c.text for r in p.iter(w("r")) for c in r if c.tag != w("rPr")
    ]
    assert kinds == [
        "See ",
        "begin",
        ' HYPERLINK "https://ex.fr" ',
        "separate",
        "the website",
        "end",
        " here.",
    ]


def test_a_non_breaking_hyphen_is_part_of_its_word():
    """porte<noBreakHyphen/>monnaie was two words: "The door<hyphen>is on the table"."""
    body = para(
        "<w:r><w:t>Le porte</w:t><w:noBreakHyphen/><w:t>mon</w:t><w:softHyphen/>"
        "<w:t>naie est là.</w:t></w:r>"
    )
    document = read_docx(zipped(docx_entries(body)), "report.docx")
    first, *rest = document.sources()
    assert first == "Le porte-monnaie est là."  # a soft hyphen: nothing a reader sees
    out = entries(document.render(identity([first.upper(), *rest]), "en", print))
    assert "\u00ad" not in out["word/document.xml"].decode()


def test_tracked_changes_are_one_error_asking_to_accept_or_reject_them():
    body = para(run("Le "), '<w:ins w:id="1" w:author="A">' + run("chat") + "</w:ins>")
    with pytest.raises(InputError, match="tracked changes in word/document.xml: accept or reject"):
        read_docx(zipped(docx_entries(body)), "report.docx")


def test_strict_open_xml_is_one_error():
    files = docx_entries()
    files["word/document.xml"] = files["word/document.xml"].replace(
        "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
        "http://purl.oclc.org/ooxml/wordprocessingml/main",
    )
    with pytest.raises(InputError, match="Strict Open XML"):
        read_docx(zipped(files), "report.docx")


def test_a_macro_enabled_documents_macros_stay_byte_identical():
    files = docx_entries()
    files["word/vbaProject.bin"] = bytes(range(256)) * 3
    out = entries(translated(zipped(files)))
    assert out["word/vbaProject.bin"] == bytes(range(256)) * 3


@pytest.mark.usefixtures("one_torch_thread")
def test_nmt_translate_reads_and_writes_a_docx_by_its_extension(
    run_cli, transformer_model_dir, tmp_path
):
    source = tmp_path / "report.docx"
    source.write_bytes(zipped(docx_entries(para(run("Ein Mann "), run("läuft", B), run(".")))))
    out = tmp_path / "report.en.docx"
    result = run_cli(
        ["translate", "-m", transformer_model_dir, "--threads", "1", "-i", source, "-o", out]
    )
    assert result.exit_code == 0, result.stderr
    written = entries(out.read_bytes())
    assert set(written) == set(entries(source.read_bytes()))
    p = paragraphs(written["word/document.xml"])[0]
    assert any(r.find(f"{w('rPr')}/{w('b')}") is not None for r in p.iter(w("r")))


def runs_of(p) -> list[tuple[str, bytes, str | None]]:
    """(text, properties without language, link target id) of each text run of ``p``."""
    out = []
    for r in p.iter(w("r")):
        if r.find(w("t")) is None:
            continue
        rpr = r.find(w("rPr"))
        props = (
            b"" if rpr is None else b"".join(etree.tostring(c) for c in rpr if c.tag != w("lang"))
        )
        parent = r.getparent()
        link = parent.get(f"{{{R}}}id") if parent.tag == w("hyperlink") else None
        out.append((text(r), props, link))
    return out


def test_the_shipped_model_keeps_each_paragraphs_looks_code_and_links():
    """fr-en translates the report: per paragraph the same set of run-property combinations
    (the merged source runs'), code runs and link targets verbatim; the text is the model's."""
    from nmt_cli.documents.office.docx import DOCX
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions("fr-en", threads=1))
    source = report_docx()
    out = entries(translate_document(translator, read_docx(source, "report.docx"), DOCX))
    before = entries(source)
    for part in ("word/document.xml", "word/header1.xml", "word/footnotes.xml"):
        for a, b in zip(paragraphs(before[part]), paragraphs(out[part]), strict=True):
            old, new = runs_of(a), runs_of(b)
            assert {(p, link) for _, p, link in old} == {(p, link) for _, p, link in new}
            code = [t for t, p, _ in old if b"CodeChar" in p]
            assert code == [t for t, p, _ in new if b"CodeChar" in p]
    body = [text(p) for p in paragraphs(out["word/document.xml"])]
    assert "The annual report" in body and "A small town" in body
    # a paragraph's text is the --markup translation of the paragraph with its runs as tags
    source = read_docx(source, "report.docx")
    again = read_docx(translate_document(translator, source, DOCX), "report.docx")
    pairs = [
        (p, q)
        for a, b in zip(source.parts, again.parts, strict=True)
        for (_, p), (_, q) in zip(a.paragraphs, b.paragraphs, strict=True)
    ]
    for p, q in pairs:
        if p.texts()[-1].endswith("."):  # no stop for --markup to add
            [line] = translate_lines(translator, [p.fragment], "html")
            assert html.unescape(re.sub(r"<[^>]*>", "", line)) == runs_text(q.items)


def runs_text(items) -> str:
    out = ""
    for item in items:
        if isinstance(item, Run):
            out += item.text
        elif isinstance(item, Link):
            out += runs_text(item.items)
    return out


def test_runs_inside_a_smart_tag_are_translated_and_the_tag_stays_around_them():
    body = para(
        run("Le chat dort à "), '<w:smartTag w:element="City">', run("Paris"), "</w:smartTag>"
    )
    out = entries(translated(zipped(docx_entries(body))))["word/document.xml"].decode()
    assert '<w:smartTag w:element="City"><w:r w:rsidR="00A1"><w:rPr><w:lang w:val="en-US"/>' in out
    assert "<w:t>PARIS</w:t></w:r></w:smartTag>" in out


def test_a_run_without_properties_keeps_its_look_once_marked_in_the_target_language():
    body = para(run("Le chat "), run("noir", B), run(" dort."))
    document = read_docx(translated(zipped(docx_entries(body))), "report.docx")
    [(_, paragraph)] = document.parts[0].paragraphs
    assert [(r.key, r.text) for r in paragraph.items] == [
        (b"", "LE CHAT "),
        (document.parts[0].paragraphs[0][1].items[1].key, "NOIR"),
        (b"", " DORT."),
    ]


def test_the_words_of_an_inline_content_control_are_translated_inside_the_control():
    control = (
        '<w:sdt><w:sdtPr><w:alias w:val="Date"/><w:id w:val="44"/><w:text/></w:sdtPr>'
        "<w:sdtContent>" + run("le mois prochain") + "</w:sdtContent></w:sdt>"
    )
    body = para(run("La livraison est "), control, run("."))
    out = entries(translated(zipped(docx_entries(body))))["word/document.xml"].decode()
    assert (
        '<w:sdt><w:sdtPr><w:alias w:val="DATE"/><w:id w:val="44"/><w:text/></w:sdtPr>'
        '<w:sdtContent><w:r w:rsidR="00A1"><w:rPr><w:lang w:val="en-US"/></w:rPr>'
        "<w:t>LE MOIS PROCHAIN</w:t></w:r></w:sdtContent></w:sdt>"
    ) in out
    assert "le mois" not in out


@pytest.mark.parametrize(
    "start, end",
    [
        ('<w:bookmarkStart w:id="0" w:name="suite"/>', '<w:bookmarkEnd w:id="0"/>'),
        # a comment's range: its end came back before its start, around nothing
        ('<w:commentRangeStart w:id="0"/>', '<w:commentRangeEnd w:id="0"/>'),
    ],
)
def test_a_bookmark_stays_around_the_words_that_translate_the_words_it_marked(start, end):
    body = para(run("Voir la "), start, run("section suivante"), end, run(" du document."))

    def moved(texts: list[str]) -> list[Aligned]:  # section suivante: NEXT SECTION
        links = [(0, 0), (1, 1), (2, 3), (3, 2), (4, 4), (4, 5), (5, 6)]
        see = Aligned("SEE THE NEXT SECTION OF THE DOCUMENT.", links)
        return [see if t.startswith("Voir") else word_for_word([t])[0] for t in texts]

    out = entries(translated(zipped(docx_entries(body)), moved))["word/document.xml"].decode()
    a, b = out.index(start.split()[0]), out.index(end.split()[0])
    assert a < b
    assert "".join(re.findall(r"<w:t[^>]*>([^<]*)</w:t>", out[a:b])) == "NEXT SECTION"


def test_a_plain_word_inside_a_comments_range_stays_plain_beside_a_bold_one():
    """The range read as a link whose look was its most written run's, "la" came back bold."""
    body = para(
        run("Voir "),
        '<w:commentRangeStart w:id="0"/>',
        run("la "),
        run("section suivante", B),
        '<w:commentRangeEnd w:id="0"/>',
        run(" du document."),
    )
    out = entries(translated(report_docx(body)))["word/document.xml"].decode()
    assert re.search(r"<w:r\b(?:(?!</w:r>).)*<w:b/>(?:(?!</w:r>).)*>LA ", out) is None
    assert re.search(r"<w:b/>(?:(?!</w:r>).)*>SECTION SUIVANTE<", out)


def test_a_translated_paragraphs_mark_is_marked_in_the_target_language():
    """What is typed after the text takes the paragraph mark's language: it stayed fr-FR."""
    mark = f"<w:pPr><w:rPr>{LANG}</w:rPr></w:pPr>"
    body = f"<w:p>{mark}{run('Le chat dort.', LANG)}</w:p>"
    out = entries(translated(report_docx(body)))["word/document.xml"].decode()
    assert '<w:pPr><w:rPr><w:lang w:val="en-US"/></w:rPr></w:pPr>' in out


def test_translated_runs_are_marked_in_the_target_language_with_a_region_word_knows():
    """Word picks its spelling dictionary by region and has none for a bare "en": a region the
    target language shares with the source's is kept (fr-CA: en-CA, de: de-CH for fr-CH), any
    other, or none, is the target's most common one (fr-FR, fr: en-US)."""
    body = "".join(
        para(run(f"Le chat dort {k}.", f'<w:lang w:val="{tag}"/>'))
        for k, tag in enumerate(("fr-CA", "fr-CH", "fr", "fr-FR"))
    ) + para(run("Le chien dort."))
    out = entries(translated(report_docx(body)))["word/document.xml"].decode()
    said = re.findall(r'<w:lang w:val="([^"]*)"/>', out)
    assert said == ["en-CA", "en-US", "en-US", "en-US", "en-US"]
    out = entries(translated(report_docx(body), target="de"))["word/document.xml"].decode()
    assert re.findall(r'<w:lang w:val="([^"]*)"/>', out) == ["de-DE", "de-CH", *["de-DE"] * 3]


def test_a_links_words_are_translated_where_it_also_holds_a_field():
    """A table of contents' entry is a link around its words and a PAGEREF field: read whole as
    the field, its words stayed French."""
    field = (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        '<w:r><w:instrText xml:space="preserve"> PAGEREF _Toc1 \\h </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        + run("4")
        + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    body = para(
        '<w:hyperlink w:anchor="_Toc1">' + run("Le rapport annuel ") + field + "</w:hyperlink>"
    )
    out = entries(translated(report_docx(body)))["word/document.xml"].decode()
    assert "LE RAPPORT ANNUEL" in out and " PAGEREF _Toc1 \\h " in out
    assert re.search(r"<w:hyperlink[^>]*>.*LE RAPPORT ANNUEL.*PAGEREF.*</w:hyperlink>", out)


def test_a_word_the_model_adds_outside_every_element_takes_the_paragraphs_plain_look():
    """By characters, the bold run was the paragraph's look: a word the model added came out
    bold, as did, in a paragraph of two links, every word between them (a link's look)."""
    body = para(run("Le rapport annuel de la société", B), run(" est "), run("disponible", ITALIC))
    said = "THE ANNUAL REPORT NOW IS AVAILABLE"  # NOW: no source word's
    ours = Aligned(said, links("0-0 2-1 1-2 6-4 7-5"))

    def translate(texts: list[str]) -> list[Aligned]:
        return [ours if t.startswith("Le rapport") else word_for_word([t])[0] for t in texts]

    [p] = paragraphs(entries(translated(report_docx(body), translate))["word/document.xml"])[:1]
    looks_of = {
        (r.find(w("t")).text or "").strip(): [
            etree.QName(c).localname for c in r.iterfind(f"{w('rPr')}/*")
        ]
        for r in p.iter(w("r"))
        if r.find(w("t")) is not None
    }
    assert "b" in looks_of["THE ANNUAL REPORT"] and "i" in looks_of["AVAILABLE"]
    assert "b" not in looks_of["NOW IS"]


def test_an_empty_bookmark_and_one_that_crosses_a_link_stay_where_they_stood():
    body = para(
        '<w:bookmarkStart w:id="1" w:name="_GoBack"/><w:bookmarkEnd w:id="1"/>',
        run("Le chat "),
        '<w:bookmarkStart w:id="2" w:name="b"/>',
        '<w:hyperlink w:anchor="x">',
        run("noir"),
        '<w:bookmarkEnd w:id="2"/></w:hyperlink>',
        run(" dort."),
    )
    out = entries(translated(zipped(docx_entries(body))))["word/document.xml"].decode()
    assert out.index('w:id="1" w:name="_GoBack"/><w:bookmarkEnd w:id="1"/>') < out.index("LE CHAT")
    assert out.index('<w:bookmarkStart w:id="2"') < out.index('<w:bookmarkEnd w:id="2"/>')


def test_an_images_alt_text_and_title_are_translated_and_its_name_kept():
    """A picture's description (``wp:docPr descr``, what a screen reader says) stayed French in
    an English document."""
    picture = (
        '<w:r><w:drawing><wp:inline><wp:extent cx="900000" cy="300000"/>'
        '<wp:docPr id="5" name="Image 5" descr="Un chat noir sur le canapé" title="Le chat"/>'
        "</wp:inline></w:drawing></w:r>"
    )
    source = report_docx(para(run("Voici le chat."), picture) + para(run("Fin.")))
    document = read_docx(source, "report.docx")
    assert document.sources()[:4] == [
        "Voici le chat.",
        "Fin.",
        "Un chat noir sur le canapé",
        "Le chat",
    ]
    out = etree.fromstring(entries(translated(source))["word/document.xml"])
    [doc_pr] = out.iter(f"{{{WP}}}docPr")
    assert (doc_pr.get("descr"), doc_pr.get("title")) == ("UN CHAT NOIR SUR LE CANAPÉ", "LE CHAT")
    assert doc_pr.get("name") == "Image 5"
    assert entries(translated(source, identity)) == entries(source)


EN_US = '<w:rPr><w:lang w:val="en-US"/></w:rPr>'  # a field's runs' own: their language only


def _complex_field(instruction: str, result: str) -> str:
    return (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        f'<w:r><w:instrText xml:space="preserve"> {instruction} </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        f"<w:r><w:t>{result}</w:t></w:r>"
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )


def test_a_field_stands_in_its_sentence_where_its_result_shows_text():
    """A field is one protected token in its sentence where its result shows text (office/
    runs.py ``shows_text``): a PAGE field's "2"; not an index entry (XE: instructions and no
    result), nor a field whose result is white space, both kept out of the text."""
    entry = _complex_field('XE "chat"', "").replace("<w:r><w:t></w:t></w:r>", "")
    entry = entry.replace('<w:r><w:fldChar w:fldCharType="separate"/></w:r>', "")
    blank = '<w:fldSimple w:instr=" PAGE "><w:r><w:t> </w:t></w:r></w:fldSimple>'
    first = para(run("Le chat") + entry + run(" dort page ") + _complex_field("PAGE", "2"))
    parts = docx_entries(first + para(run("Voir ") + blank + run("ici.")))
    document = read_docx(zipped(parts), "entries.docx")
    assert document.sources()[:2] == ["Le chat dort page \ue000", "Voir ici."]


def test_a_footers_page_fields_stand_in_its_sentence_and_come_back_in_place():
    """A footer "Page <PAGE> sur <NUMPAGES>" reached the model as "Page sur": each field is now
    one protected token where it stands, so "sur" is translated as the word between two
    numbers, and each field comes back there as it was (its cached result the program's)."""
    page, count = _complex_field("PAGE", "1"), _complex_field("NUMPAGES", "3")
    simple = '<w:fldSimple w:instr=" PAGEREF fig1 "><w:r><w:t>4</w:t></w:r></w:fldSimple>'
    parts = docx_entries(para(run("Voir la page "), simple, run(" pour les détails.")))
    footer = f'<Override PartName="/word/footer1.xml" ContentType="{CT}.footer+xml"/>'
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace("</Types>", footer + "</Types>")
    footer = para(run("Page ") + page + run(" sur ") + count)
    parts["word/footer1.xml"] = f"{DECL}<w:ftr {W_NS}>{footer}</w:ftr>"
    model = sentence_model(
        {
            "Page ¤ sur ¤": "Page ¤ of ¤",
            "Voir la page ¤ pour les détails.": "See page ¤ for details.",
        }
    )
    document = read_docx(zipped(parts), "report.docx")
    assert "Page sur" not in document.sources()
    out = entries(document.render(model(document.sources()), "en", print))
    footer, body = (
        out[f"word/{p}.xml"].decode().replace(EN_US, "") for p in ("footer1", "document")
    )
    assert re.search(f"<w:t[^>]*>Page </w:t></w:r>{re.escape(page)}<w:r[^>]*>", footer)
    assert re.search(f"<w:t[^>]*> of </w:t></w:r>{re.escape(count)}</w:p>", footer)
    assert re.search(f"<w:t[^>]*>See page </w:t></w:r>{re.escape(simple)}<w:r[^>]*>", body)
    assert '<w:t xml:space="preserve"> for details.</w:t>' in body


def test_an_equation_in_a_sentence_is_one_token_where_it_stands_and_comes_back_there():
    """An equation inside a sentence ("Si <a>0>, alors ...") reached the model as "Si , alors
    la fonction croît.": the English came back "<a>0>If, then ...", the equation before the
    words it stood after. It is now one protected token, as a field is, and comes back in
    its place, as it was."""
    math = (
        '<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math">'
        "<m:r><m:t>a&gt;0</m:t></m:r></m:oMath>"
    )
    source = docx_entries(para(run("Si "), math, run(", alors la fonction croît.")))
    model = sentence_model({"Si ¤, alors la fonction croît.": "If ¤, then the function grows."})
    document = read_docx(zipped(source), "report.docx")
    assert document.sources()[0] == "Si \ue000, alors la fonction croît."
    out = entries(document.render(model(document.sources()), "en", print))
    body = out["word/document.xml"].decode().replace(EN_US, "")
    assert re.search(f"<w:t[^>]*>If </w:t></w:r>{re.escape(math)}<w:r[^>]*>", body)
    assert "<w:t>, then the function grows.</w:t>" in body


def test_a_date_fields_runs_take_the_target_language_its_code_and_result_as_they_were():
    """Word writes a DATE field's result by its runs' language: left fr-FR, an English report's
    "Updated on <date>" showed "7 décembre 2026" once Word updated its fields; a field's runs now
    take the target's language, as the translated runs around them do."""
    date = _complex_field('DATE \\@ "d MMMM yyyy"', "7 décembre 2026").replace(
        "<w:r>", f"<w:r><w:rPr>{LANG}</w:rPr>"
    )
    simple = (
        f'<w:fldSimple w:instr=" PAGE "><w:r><w:rPr>{LANG}</w:rPr><w:t>2</w:t></w:r></w:fldSimple>'
    )
    source = docx_entries(para(run("Mis à jour le ", LANG), date, run(", page ", LANG), simple))
    model = sentence_model({"Mis à jour le ¤, page ¤": "Updated on ¤, page ¤"})
    document = read_docx(zipped(source), "report.docx")
    out = etree.fromstring(
        entries(document.render(model(document.sources()), "en", print))["word/document.xml"]
    )
    [p] = paragraphs(etree.tostring(out))
    assert {lang.get(w("val")) for lang in p.iter(w("lang"))} == {"en-US"}
    assert text(p) == "Updated on 7 décembre 2026, page 2"
    [instruction] = p.iter(w("instrText"))
    assert instruction.text == ' DATE \\@ "d MMMM yyyy" '
    assert p.find(w("fldSimple")).get(w("instr")) == " PAGE "


def test_a_charts_title_and_a_smartart_diagrams_text_are_translated_as_a_decks_are():
    """A Word report's chart title and SmartArt steps stayed French in the English report (a
    deck's were translated), and so did the chart's own language (``c:lang``, fr-FR); a
    chart's categories, its workbook's cells, stay as they were."""
    chart = (
        f"{DECL}<c:chartSpace "
        'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:lang val="fr-FR"/>'
        '<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="fr-FR" b="1"/>'
        "<a:t>Les ventes annuelles</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea>"
        "<c:barChart><c:ser><c:cat><c:strRef><c:f>Feuil1!$A$2</c:f><c:strCache>"
        '<c:pt idx="0"><c:v>Nord</c:v></c:pt></c:strCache></c:strRef></c:cat></c:ser>'
        "</c:barChart></c:plotArea></c:chart></c:chartSpace>"
    )
    diagram = (
        f"{DECL}<dgm:dataModel "
        'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst>'
        '<dgm:pt modelId="{1}"><dgm:t><a:bodyPr/><a:p><a:r><a:rPr lang="fr-FR"/>'
        "<a:t>La première étape</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>"
    )
    drawingml = "application/vnd.openxmlformats-officedocument.drawingml"
    parts = docx_entries(para(run("Voir le graphique.")))
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        f'<Override PartName="/word/charts/chart1.xml" ContentType="{drawingml}.chart+xml"/>'
        f'<Override PartName="/word/diagrams/data1.xml" ContentType="{drawingml}.'
        'diagramData+xml"/></Types>',
    )
    parts["word/charts/chart1.xml"], parts["word/diagrams/data1.xml"] = chart, diagram
    out = entries(translated(zipped(parts)))
    assert '<a:rPr lang="en-US" b="1"/><a:t>LES VENTES ANNUELLES</a:t>' in (
        out["word/charts/chart1.xml"].decode()
    )
    assert "<c:v>Nord</c:v>" in out["word/charts/chart1.xml"].decode()
    assert '<c:lang val="en-US"/>' in out["word/charts/chart1.xml"].decode()
    assert '<a:rPr lang="en-US"/><a:t>LA PREMIÈRE ÉTAPE</a:t>' in (
        out["word/diagrams/data1.xml"].decode()
    )
    assert entries(translated(zipped(parts), identity)) == entries(zipped(parts))


def test_a_text_box_drawn_on_a_chart_is_translated_as_the_charts_title_is():
    """A text box drawn on a chart (its user shapes, a part of their own) stayed French."""
    parts = docx_entries(para(run("Voir le graphique.")))
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        f'<Override PartName="/word/drawings/drawing1.xml" ContentType="{CHART_SHAPES_TYPE}"/>'
        "</Types>",
    )
    parts["word/drawings/drawing1.xml"] = CHART_SHAPES
    out = entries(translated(zipped(parts)))["word/drawings/drawing1.xml"].decode()
    assert '<a:rPr lang="en-US"/><a:t>LES CHIFFRES DE LA BANQUE</a:t>' in out
    assert 'descr="LA SOURCE DES CHIFFRES"' in out


def test_the_documents_default_language_becomes_the_targets_once_text_is_translated():
    """styles.xml's w:docDefaults (and the Normal style) stayed fr-FR: what a user typed into
    the English report was marked French and spell-checked so. Now they and the styles in the
    document's language are the target's; a German quotation's style, a code style and the
    East Asian language as they were; a document that comes back as it was is the same."""

    def style(kind: str, sid: str, lang: str, default: str = "") -> str:
        return (
            f'<w:style w:type="{kind}"{default} w:styleId="{sid}"><w:name w:val="{sid}"/>'
            f"<w:rPr><w:lang {lang}/></w:rPr></w:style>"
        )

    styles = (
        f"{DECL}<w:styles {W_NS}><w:docDefaults><w:rPrDefault><w:rPr>"
        '<w:lang w:val="fr-FR" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>'
        "</w:docDefaults>"
        + style("paragraph", "Normal", 'w:val="fr-CA"', ' w:default="1"')
        + style("paragraph", "CitationAllemande", 'w:val="de-DE"')
        + style("character", "CodeChar", 'w:val="fr-FR"')
        + style("paragraph", "Titre", 'w:val="fr-FR"')
        + "</w:styles>"
    )
    parts = docx_entries(para(run("Le chat dort.")))
    parts["word/styles.xml"] = styles
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>", f'<Override PartName="/word/styles.xml" ContentType="{CT}.styles+xml"/></Types>'
    )
    out = entries(translated(zipped(parts), sentence_model({"Le chat dort.": "The cat sleeps."})))
    said = etree.fromstring(out["word/styles.xml"])
    assert [(lang.get(w("val")), lang.get(w("eastAsia"))) for lang in said.iter(w("lang"))] == [
        ("en-US", "zh-CN"),
        ("en-CA", None),
        ("de-DE", None),
        ("fr-FR", None),
        ("en-US", None),
    ]
    assert entries(translated(zipped(parts), identity)) == entries(zipped(parts))


def test_a_table_styles_conditional_formatting_and_the_theme_fonts_take_the_target_language():
    """Word writes the language in a table style's conditional formatting (w:tblStylePr: its
    header row's, its first column's) and the theme fonts' in settings.xml (w:themeFontLang):
    both stayed fr-FR in the English report, its other language settings en-US. Now they are
    the target's, as the rest; their East Asian language as it was."""
    styles = (
        f"{DECL}<w:styles {W_NS}><w:docDefaults><w:rPrDefault><w:rPr>"
        '<w:lang w:val="fr-FR" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>'
        '</w:docDefaults><w:style w:type="table" w:styleId="Grille"><w:name w:val="Table Grid"/>'
        '<w:rPr><w:lang w:val="fr-FR"/></w:rPr><w:tblPr><w:tblBorders/></w:tblPr>'
        '<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:lang w:val="fr-FR"/></w:rPr>'
        '</w:tblStylePr><w:tblStylePr w:type="firstCol"><w:rPr><w:lang w:val="fr-FR"/></w:rPr>'
        "</w:tblStylePr></w:style></w:styles>"
    )
    settings = (
        f'{DECL}<w:settings {W_NS}><w:zoom w:percent="100"/><w:defaultTabStop w:val="708"/>'
        '<w:themeFontLang w:val="fr-FR" w:eastAsia="ja-JP"/></w:settings>'
    )
    parts = docx_entries(para(run("Le chat dort.")))
    parts["word/styles.xml"], parts["word/settings.xml"] = styles, settings
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        f'<Override PartName="/word/styles.xml" ContentType="{CT}.styles+xml"/>'
        f'<Override PartName="/word/settings.xml" ContentType="{CT}.settings+xml"/></Types>',
    )
    out = entries(translated(zipped(parts), sentence_model({"Le chat dort.": "The cat sleeps."})))
    said = etree.fromstring(out["word/styles.xml"])
    assert [lang.get(w("val")) for lang in said.iter(w("lang"))] == ["en-US"] * 4
    theme = etree.fromstring(out["word/settings.xml"]).find(w("themeFontLang"))
    assert (theme.get(w("val")), theme.get(w("eastAsia"))) == ("en-US", "ja-JP")
    assert entries(translated(zipped(parts), identity)) == entries(zipped(parts))


def test_a_tab_a_line_break_and_a_notes_reference_take_the_target_language_as_the_text():
    """Word writes each tab, line break and note reference in a run of its own, marked as the
    text around it: they stayed fr-FR in the English paragraph (what a user typed after the
    tab was French). Now they are the target's, as the words around them; a code run's tab
    keeps its language, and so does a run that said none."""
    code = f'<w:rPr><w:rStyle w:val="CodeChar"/>{LANG}</w:rPr>'
    body = para(
        run("Nom :", LANG),
        f"<w:r><w:rPr>{LANG}</w:rPr><w:tab/></w:r>",
        run("Jean", LANG),
        f"<w:r><w:rPr>{LANG}</w:rPr><w:br/></w:r>",
        f"<w:r><w:rPr>{LANG}</w:rPr><w:t>Ville :</w:t><w:tab/>"
        '<w:t xml:space="preserve"> Paris</w:t></w:r>',
        f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/>{LANG}</w:rPr>'
        '<w:footnoteReference w:id="1"/></w:r>',
        f"<w:r>{code}<w:tab/></w:r>",
        "<w:r><w:br/></w:r>",
        run("la fin", LANG),
    )
    out = entries(translated(report_docx(body)))["word/document.xml"]
    p = paragraphs(out)[0]
    langs = [r.find(f"{w('rPr')}/{w('lang')}") for r in p.iter(w("r"))]
    said = [None if lang is None else lang.get(w("val")) for lang in langs]
    tags = [[etree.QName(c).localname for c in r if c.tag != w("rPr")] for r in p.iter(w("r"))]
    assert list(zip(said, tags)) == [
        ("en-US", ["t"]),
        ("en-US", ["tab"]),
        ("en-US", ["t"]),
        ("en-US", ["br"]),
        ("en-US", ["t"]),
        ("en-US", ["tab"]),
        ("en-US", ["t"]),
        ("en-US", ["footnoteReference"]),
        ("fr-FR", ["tab"]),
        (None, ["br"]),
        ("en-US", ["t"]),
    ]


def test_a_lists_text_before_each_item_is_translated_its_number_and_bullets_kept():
    """A numbered list whose level reads "Étape %1 :" showed "Étape 1 : Download the archive"
    in the English document (numbering.xml's w:lvlText was never read). Now its words are
    translated and its number kept; a bullet (Word's "o" in Courier New, a symbol) and a
    number alone are as they were."""

    def level(k: int, text: str, font: str = "") -> str:
        props = f'<w:rPr><w:rFonts w:ascii="{font}" w:hAnsi="{font}"/></w:rPr>' if font else ""
        return (
            f'<w:lvl w:ilvl="{k}"><w:start w:val="1"/><w:numFmt w:val="decimal"/>'
            f'<w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/>{props}</w:lvl>'
        )

    numbering = (
        f'{DECL}<w:numbering {W_NS}><w:abstractNum w:abstractNumId="0">'
        + level(0, "Étape %1 :")
        + level(1, "o", "Courier New")
        + level(2, "%1.%2.")
        + level(3, "\uf0b7", "Symbol")
        + '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>'
    )
    item = '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
    parts = docx_entries(item + run("Téléchargez l'archive.") + "</w:p>")
    parts["word/numbering.xml"] = numbering
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        f'<Override PartName="/word/numbering.xml" ContentType="{CT}.numbering+xml"/></Types>',
    )
    out = entries(translated(zipped(parts)))
    said = etree.fromstring(out["word/numbering.xml"]).iter(w("lvlText"))
    assert [e.get(w("val")) for e in said] == ["ÉTAPE %1 :", "o", "%1.%2.", "\uf0b7"]
    assert entries(translated(zipped(parts), identity)) == entries(zipped(parts))


def test_a_links_screentip_is_translated_with_its_words_its_target_kept():
    """Word shows a link's ScreenTip (w:tooltip) over it: "Ouvrir la documentation" stayed
    French over the English link. Now it is translated, in the link written anew around the
    translated words; the link's target as it was."""
    link = (
        '<w:hyperlink r:id="rId9" w:tooltip="Ouvrir la documentation" w:history="1">'
        + run("la documentation", '<w:rStyle w:val="Hyperlink"/>')
        + "</w:hyperlink>"
    )
    out = entries(translated(report_docx(para(run("Lisez "), link, run(".")))))
    p = paragraphs(out["word/document.xml"])[0]
    (said,) = p.iter(w("hyperlink"))
    assert said.get(w("tooltip")) == "OUVRIR LA DOCUMENTATION"
    assert said.get(f"{{{R}}}id") == "rId9" and text(said) == "LA DOCUMENTATION"
    assert entries(translated(report_docx(para(link)), identity)) == entries(
        report_docx(para(link))
    )


def test_the_language_the_documents_properties_say_becomes_the_targets():
    """LibreOffice writes the document's language in its properties (docProps/core.xml's
    dc:language): it said fr-FR of the English document. Now it says the target's, once any
    text is translated; a document that comes back as it was keeps it."""
    core = (
        f'{DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
        'metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        "<dc:title>Rapport</dc:title><dc:language>fr-CA</dc:language></cp:coreProperties>"
    )
    parts = docx_entries(para(run("Le chat dort.")))
    parts["docProps/core.xml"] = core
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-'
        'package.core-properties+xml"/></Types>',
    )
    out = entries(translated(zipped(parts)))["docProps/core.xml"].decode()
    assert "<dc:language>en-CA</dc:language>" in out and "<dc:title>Rapport</dc:title>" in out
    assert entries(translated(zipped(parts), identity)) == entries(zipped(parts))


def _toc_entry(words: str, anchor: str, page: str, begin: str = "", end: str = "") -> str:
    """A table of contents' entry as Word writes it: a link around its words, a tab and a
    PAGEREF field; the first holds the TOC field's begin, the last its end."""
    field = (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        f'<w:r><w:instrText xml:space="preserve"> PAGEREF {anchor} \\h </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        + run(page)
        + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    link = f'<w:hyperlink w:anchor="{anchor}">' + run(words) + "<w:r><w:tab/></w:r>" + field
    return para(begin + link + "</w:hyperlink>" + end, style="TM1")


TOC_BEGIN = (
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
    '<w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h \\z \\u </w:instrText></w:r>'
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
)


def test_a_table_of_contents_first_entry_is_translated_as_the_others_are():
    """The TOC field begins in its first entry's paragraph and ends in its last's: read as
    one mark to the paragraph's end, the first entry stayed French in an English table of
    contents whose other entries were translated."""
    body = (
        _toc_entry("Introduction générale", "_Toc1", "2", begin=TOC_BEGIN)
        + _toc_entry("Les résultats", "_Toc2", "5")
        + _toc_entry("Conclusion", "_Toc3", "9", end='<w:r><w:fldChar w:fldCharType="end"/></w:r>')
    )
    out = entries(translated(report_docx(body)))["word/document.xml"]
    first, second, last = (text(p) for p in paragraphs(out)[:3])
    assert (first, second, last) == ("INTRODUCTION GÉNÉRALE2", "LES RÉSULTATS5", "CONCLUSION9")
    xml = out.decode()
    assert xml.count(' TOC \\o "1-3" \\h \\z \\u ') == 1 and xml.count("PAGEREF") == 3
    kinds = [c.get(w("fldCharType")) for c in etree.fromstring(out).iter(w("fldChar"))]
    assert kinds == [
        "begin", "separate", "begin", "separate", "end",
        "begin", "separate", "end",
        "begin", "separate", "end", "end",
    ]  # fmt: skip


def test_a_column_of_words_before_a_page_field_alone_is_translated_as_its_own_line():
    """A table of contents' entry, its words, a tab and its page number's field: the field,
    held as one token at the end of the line, took the model's last words, "Les résultats
    de l'année" came back "The results of" (and "Le bilan de la société" "Company"). The
    words are translated as the line they are, the tab and the field after them."""
    from nmt_cli.documents.office.docx import DOCX
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions("fr-en", threads=1))
    words = "Les résultats de l'année"
    body = _toc_entry(words, "_Toc2", "5")
    out = entries(translate_document(translator, read_docx(report_docx(body), "r.docx"), DOCX))
    p = paragraphs(out["word/document.xml"])[0]
    [line] = translate_lines(translator, [words], "html")
    assert text(p) == line + "5"
    kinds = [c.tag for r in p.iter(w("r")) for c in r if c.tag in (w("t"), w("tab"))]
    assert kinds[-3:] == [w("t"), w("tab"), w("t")]
    assert " PAGEREF _Toc2 \\h " in out["word/document.xml"].decode()


def test_a_headers_absolute_tabs_part_its_columns_as_tabs_do():
    """Word's headers set their columns with absolute tabs (``w:ptab``): "Rapport annuel de la
    société<PTAB>Document confidentiel<PTAB>Page 3" reached the model as one sentence, and
    "Document confidentiel" was lost. Each column is translated as the line it is, and the
    tabs stay between their translations."""
    from nmt_cli.documents.office.docx import DOCX
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions("fr-en", threads=1))
    columns = ["Rapport annuel de la société", "Document confidentiel"]
    tab = '<w:r><w:ptab w:relativeTo="margin" w:alignment="{}" w:leader="none"/></w:r>'
    header = para(
        run(columns[0]), tab.format("center"), run(columns[1]), tab.format("right"), run("3")
    )
    parts = docx_entries(para(run("Le chat dort.")))
    parts["word/header1.xml"] = f"{DECL}<w:hdr {W_NS}>{header}</w:hdr>"
    out = translate_document(translator, read_docx(zipped(parts), "report.docx"), DOCX)
    p = paragraphs(entries(out)["word/header1.xml"])[0]
    said, column = [], ""
    for e in p.iter(w("t"), w("ptab")):
        if e.tag == w("ptab"):
            said, column = [*said, column], ""
        else:
            column += e.text
    assert [*said, column] == [*translate_lines(translator, columns, "html"), "3"]


def test_a_link_written_as_a_simple_field_has_its_words_translated_inside_it():
    """``<w:fldSimple w:instr=' HYPERLINK "https://ex.fr" '>`` (as many generators write a
    link) was one untouched mark: its words, what the reader sees, stayed French in the
    English sentence. They are translated inside the field, its instruction as written."""
    link = (
        '<w:fldSimple w:instr=" HYPERLINK &quot;https://ex.fr/a?b=1&quot; ">'
        + run("notre site", '<w:rStyle w:val="Hyperlink"/>')
        + "</w:fldSimple>"
    )
    out = entries(translated(report_docx(para(run("Consultez "), link, run(" ici.")))))
    p = paragraphs(out["word/document.xml"])[0]
    [field] = p.findall(w("fldSimple"))
    assert field.get(w("instr")) == ' HYPERLINK "https://ex.fr/a?b=1" '
    assert text(field) == "NOTRE SITE" and text(p) == "CONSULTEZ NOTRE SITE ICI."
    assert field.find(f"{w('r')}/{w('rPr')}/{w('rStyle')}").get(w("val")) == "Hyperlink"


def test_a_tables_alt_text_is_translated():
    """A table's title and description (what a screen reader says of it) stayed French."""
    alt = '<w:tblCaption w:val="Ventes par région"/><w:tblDescription w:val="Les ventes de 2024"/>'
    body = table([cell(para(run("Nord"))), cell(para(run("12")))]).replace(
        "</w:tblPr>", f"{alt}</w:tblPr>"
    )
    out = etree.fromstring(
        entries(translated(report_docx(para(run("Fin.")) + body)))["word/document.xml"]
    )
    [caption] = out.iter(f"{{{W}}}tblCaption")
    [description] = out.iter(f"{{{W}}}tblDescription")
    assert caption.get(f"{{{W}}}val") == "VENTES PAR RÉGION"
    assert description.get(f"{{{W}}}val") == "LES VENTES DE 2024"


def test_a_hyperlink_fields_screentip_in_its_instructions_is_translated():
    """A link field's ScreenTip is written in its instructions (HYPERLINK "url" \\o "tip"):
    it stayed French over the English link. Now it is translated, its target as it was."""
    instruction = ' HYPERLINK "https://ex.fr" \\o "Ouvrir le site \\"Exemple\\"" '
    link = (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        f'<w:r><w:instrText xml:space="preserve">{instruction}</w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        + run("le site", "<w:u/>")
        + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    out = entries(translated(report_docx(para(run("Voir "), link, run(" ici.")))))
    [said] = paragraphs(out["word/document.xml"])[0].iter(w("instrText"))
    assert said.text == ' HYPERLINK "https://ex.fr" \\o "OUVRIR LE SITE \\"EXEMPLE\\"" '


@pytest.mark.parametrize(
    "pieces",
    [
        [' HYPERLINK "https://ex.fr" ', '\\o "Ouvrir le site" '],
        [' HYPERLINK "https://ex.fr" \\o "Ouvrir ', 'le site" '],
        [" HYPERLINK ", '"https://ex.fr" \\o ', '"Ouvrir le site"'],
    ],
)
def test_a_screentip_whose_instructions_word_splits_over_runs_is_translated(pieces):
    """Word splits a field's instructions over several runs (\\o and its tip in a run after
    the link's target's, or the tip's words over two): the tip stayed French. Now it is
    translated, written once, the target and the rest of the instructions as they were."""
    instructions = "".join(
        f'<w:r><w:instrText xml:space="preserve">{p}</w:instrText></w:r>' for p in pieces
    )
    link = (
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        + instructions
        + '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
        + run("le site", "<w:u/>")
        + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    out = entries(translated(report_docx(para(run("Voir "), link, run(" ici.")))))
    said = [e.text for e in paragraphs(out["word/document.xml"])[0].iter(w("instrText"))]
    assert len(said) == len(pieces)
    assert "".join(said) == "".join(pieces).replace("Ouvrir le site", "OUVRIR LE SITE")


def test_a_table_of_contents_whose_entries_are_link_fields_holding_page_fields_is_translated():
    """Older Word writes each entry of a table of contents as a HYPERLINK field whose result
    holds the entry's page number, a PAGEREF field of its own: a link holding a field was read
    as one mark, and every entry stayed French. Now its words are translated, the page
    number's field and the link's instructions as they were."""

    def field(instruction: str, *result: str) -> list[str]:
        return [
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
            f'<w:r><w:instrText xml:space="preserve">{instruction}</w:instrText></w:r>',
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
            *result,
            '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        ]

    def entry(words: str, page: str) -> list[str]:
        number = field(" PAGEREF _Toc1 \\h ", run(page))
        return field(' HYPERLINK \\l "_Toc1" ', run(words), "<w:r><w:tab/></w:r>", *number)

    toc = field(' TOC \\o "1-3" \\h ')[:3]
    body = para(*toc, *entry("Le contexte général", "3"), style="TM1") + para(
        *entry("Les résultats", "7"), '<w:r><w:fldChar w:fldCharType="end"/></w:r>', style="TM1"
    )
    out = paragraphs(entries(translated(report_docx(body)))["word/document.xml"])
    assert [text(p) for p in out] == ["LE CONTEXTE GÉNÉRAL3", "LES RÉSULTATS7"]
    assert [i.text for i in out[1].iter(w("instrText"))] == [
        ' HYPERLINK \\l "_Toc1" ',
        " PAGEREF _Toc1 \\h ",
    ]
    kinds = [c.get(w("fldCharType")) for c in out[1].iter(w("fldChar"))]
    assert kinds == ["begin", "separate", "begin", "separate", "end", "end", "end"]


def test_a_watermarks_words_in_the_header_are_translated():
    """Word writes a page's watermark as WordArt in the header (a VML shape whose textpath's
    string is its words): "BROUILLON CONFIDENTIEL" stayed French across every English page."""
    vml = 'xmlns:v="urn:schemas-microsoft-com:vml"'
    watermark = (
        f'<w:r><w:pict {vml}><v:shapetype id="_x0000_t136" coordsize="21600,21600">'
        '<v:textpath on="t" fitshape="t"/></v:shapetype><v:shape id="PowerPlusWaterMarkObject1" '
        'type="#_x0000_t136" fillcolor="silver" stroked="f"><v:textpath style="font-family:'
        '&quot;Calibri&quot;;font-size:1pt" string="Brouillon confidentiel"/></v:shape>'
        "</w:pict></w:r>"
    )
    parts = docx_entries(para(run("Le texte.")))
    parts["word/header1.xml"] = str(parts["word/header1.xml"]).replace(
        "</w:hdr>", para(watermark) + "</w:hdr>"
    )
    out = entries(translated(zipped(parts)))["word/header1.xml"].decode()
    assert 'string="BROUILLON CONFIDENTIEL"' in out
    assert '<v:textpath on="t" fitshape="t"/>' in out


def test_a_vml_shapes_alt_text_is_translated():
    """Word keeps a VML copy of a text box for older programs (mc:Fallback), its alt text an
    attribute of the shape: "Logo de la société" stayed French there."""
    vml = 'xmlns:v="urn:schemas-microsoft-com:vml"'
    shape = (
        f'<w:r><w:pict {vml}><v:shape id="Zone1" alt="Logo de la société" '
        'style="width:100pt;height:20pt"/></w:pict></w:r>'
    )
    out = entries(translated(report_docx(para(run("Le texte."), shape))))["word/document.xml"]
    assert 'alt="LOGO DE LA SOCIÉTÉ"' in out.decode()
    assert 'id="Zone1"' in out.decode()


def test_a_drop_down_lists_choices_are_translated_their_values_kept():
    """A drop-down list content control showed its translated choice, but offered the
    French ones ("Oui", "Non") when opened; their values (what a form's data reads) stay."""
    items = "".join(
        f'<w:listItem w:displayText="{shown}" w:value="{value}"/>'
        for shown, value in (("Choisissez un élément.", ""), ("Oui", "O"), ("Non", "N"))
    )
    control = (
        f"<w:sdt><w:sdtPr><w:dropDownList>{items}</w:dropDownList></w:sdtPr>"
        f"<w:sdtContent>{run('Oui')}</w:sdtContent></w:sdt>"
    )
    out = entries(translated(report_docx(para(run("Payé : "), control))))
    [p] = paragraphs(out["word/document.xml"])
    said = [(i.get(w("displayText")), i.get(w("value"))) for i in p.iter(w("listItem"))]
    assert said == [("CHOISISSEZ UN ÉLÉMENT.", ""), ("OUI", "O"), ("NON", "N")]
    assert text(p) == "PAYÉ : OUI"


def test_a_content_controls_title_is_translated_its_tag_kept():
    """A content control's title (w:alias) is shown on its tab as the reader types in it:
    "Nom du client" stayed on the English form; its tag, which a program reads, stays."""
    control = (
        '<w:sdt><w:sdtPr><w:alias w:val="Nom du client"/><w:tag w:val="nom_client"/>'
        f"</w:sdtPr><w:sdtContent>{run('Dupont')}</w:sdtContent></w:sdt>"
    )
    out = entries(translated(report_docx(para(run("Client : "), control))))
    [p] = paragraphs(out["word/document.xml"])
    assert [a.get(w("val")) for a in p.iter(w("alias"))] == ["NOM DU CLIENT"]
    assert [t.get(w("val")) for t in p.iter(w("tag"))] == ["nom_client"]


def test_a_legacy_form_fields_entries_and_help_are_translated_within_words_limits():
    """A legacy drop-down form field shows the entry chosen (w:listEntry): "Oui" stayed on
    the English form, and so did its help in the status bar and on F1; a help that names an
    AutoText entry is a name, and an entry whose translation is longer than Word lets one
    hold (25 characters) stays as it was."""
    data = (
        '<w:ffData><w:name w:val="Liste1"/><w:enabled/>'
        '<w:helpText w:type="autoText" w:val="Aide formulaire"/>'
        '<w:statusText w:type="text" w:val="Choisissez une réponse"/>'
        '<w:ddList><w:result w:val="1"/><w:listEntry w:val="Non"/><w:listEntry w:val="Oui"/>'
        '<w:listEntry w:val="peut-être"/></w:ddList></w:ffData>'
    )
    field = (
        f'<w:r><w:fldChar w:fldCharType="begin">{data}</w:fldChar></w:r>'
        '<w:r><w:instrText xml:space="preserve"> FORMDROPDOWN </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
    )
    source = report_docx(para(run("Réponse : "), field))

    def long_maybe(texts: list[str]) -> list[Aligned]:
        said = [t.replace("peut-être", "perhaps, and perhaps not at all") for t in texts]
        return word_for_word(said)

    warnings: list[str] = []
    document = read_docx(source, "report.docx")
    out = entries(document.render(long_maybe(document.sources()), "en", warnings.append))
    [p] = paragraphs(out["word/document.xml"])
    vals = [e.get(w("val")) for e in p.iter(w("listEntry"), w("statusText"), w("helpText"))]
    assert vals == ["Aide formulaire", "CHOISISSEZ UNE RÉPONSE", "NON", "OUI", "peut-être"]
    assert [i.text for i in p.iter(w("instrText"))] == [" FORMDROPDOWN "]
    assert len(warnings) == 1 and "25 characters" in warnings[0]


def test_a_content_controls_placeholder_in_the_glossary_is_translated_its_name_kept():
    """A content control emptied shows its placeholder, a building block of the document's
    glossary (word/glossary/document.xml): the English form showed "Cliquez ou appuyez ici
    pour entrer du texte." in each emptied control. Its text is translated now; its name, by
    which the control finds it, is as it was."""
    name = '<w:docPartPr><w:name w:val="DefaultPlaceholder_-1854013440"/></w:docPartPr>'
    glossary = (
        f"{DECL}<w:glossaryDocument {W_NS}><w:docParts><w:docPart>{name}<w:docPartBody>"
        + para(run("Cliquez ou appuyez ici pour entrer du texte."))
        + "</w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>"
    )
    parts = docx_entries(para(run("Le texte.")))
    parts["[Content_Types].xml"] = CONTENT_TYPES.replace(
        "</Types>",
        '<Override PartName="/word/glossary/document.xml" '
        f'ContentType="{CT}.document.glossary+xml"/></Types>',
    )
    parts["word/glossary/document.xml"] = glossary
    out = entries(translated(zipped(parts)))["word/glossary/document.xml"]
    [p] = paragraphs(out)
    assert text(p) == "CLIQUEZ OU APPUYEZ ICI POUR ENTRER DU TEXTE."
    assert name.encode() in out


def test_a_simple_hyperlink_fields_screentip_is_translated_too():
    instr = 'HYPERLINK "https://ex.fr" \\o "Ouvrir le site"'
    link = f'<w:fldSimple w:instr="{html.escape(instr)}">' + run("le site") + "</w:fldSimple>"
    out = entries(translated(report_docx(para(run("Voir "), link, run(" ici.")))))
    [said] = paragraphs(out["word/document.xml"])[0].iter(w("fldSimple"))
    assert said.get(w("instr")) == 'HYPERLINK "https://ex.fr" \\o "OUVRIR LE SITE"'


def test_a_part_declared_in_another_encoding_than_utf8_is_written_in_it():
    """A part some programs write in windows-1252 (its XML declaration says so) was written
    back in UTF-8 under that declaration: "Café Müller", a code run left as it was, read back
    "CafÃ© MÃ¼ller". It is written in the encoding it declares."""
    parts = docx_entries(
        para(run("Le chat dort.")) + para(run("Café Müller", '<w:rStyle w:val="CodeChar"/>'))
    )
    declared = str(parts["word/document.xml"]).replace("UTF-8", "windows-1252")
    parts["word/document.xml"] = declared.encode("cp1252")
    out = entries(translated(zipped(parts)))["word/document.xml"]
    assert out.startswith(b'<?xml version="1.0" encoding="windows-1252"')
    assert [text(p) for p in paragraphs(out)] == ["LE CHAT DORT.", "Café Müller"]
