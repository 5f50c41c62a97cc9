"""`nmt translate -i deck.pptx -o deck.en.pptx`: a PowerPoint deck in, the same deck out, the
titles, bodies, tables and speaker notes translated paragraph by paragraph with their runs'
formatting (bold, italic, links, code in a monospace font) kept, fields and breaks where they
stood, every other entry of the package as it was. The deck is built by office_fixtures.py."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree
from markup_fixtures import Aligned, word_for_word
from office_fixtures import (
    CHART_SHAPES,
    CHART_SHAPES_TYPE,
    DECL,
    P_NS,
    a_para,
    a_run,
    deck_pptx,
    pptx_entries,
    sentence_model,
    zipped,
)

from nmt_cli.documents.office.pptx import PPTX, A, read_pptx
from nmt_cli.errors import InputError

SLIDE, NOTES = "ppt/slides/slide1.xml", "ppt/notesSlides/notesSlide1.xml"


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def translated(data: bytes, translate=word_for_word) -> dict[str, bytes]:
    document = read_pptx(data, "deck.pptx")
    return entries(document.render(translate(document.sources()), "en", print))


def a(name: str) -> str:
    return f"{{{A}}}{name}"


def runs_of(p) -> list[tuple[str, tuple]]:
    """(text, properties without language and proofing marks) of each run of ``p``."""
    out = []
    for r in p.iter(a("r")):
        rpr = r.find(a("rPr"))
        attrs = (
            {}
            if rpr is None
            else {k: v for k, v in rpr.attrib.items() if k not in ("lang", "err", "dirty")}
        )
        children = () if rpr is None else tuple(etree.tostring(c) for c in rpr)
        out.append((r.findtext(a("t")), (tuple(sorted(attrs.items())), children)))
    return out


def paragraphs(xml: bytes) -> list:
    return list(etree.fromstring(xml).iter(a("p")))


def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical():
    def identity(texts):
        return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]

    assert translated(deck_pptx(), identity) == entries(deck_pptx())


def test_titles_bodies_tables_and_notes_are_translated_with_their_looks():
    source, out = entries(deck_pptx()), translated(deck_pptx())
    for part in (SLIDE, NOTES):
        for p, q in zip(paragraphs(source[part]), paragraphs(out[part]), strict=True):
            assert {look for _, look in runs_of(p)} == {look for _, look in runs_of(q)}
    texts = ["".join(t for t, _ in runs_of(p)) for p in paragraphs(out[SLIDE])]
    assert texts[:2] == ["LE RAPPORT ANNUEL", "LE CHAT NOIR DORT SUR LE CANAPÉ."]
    assert texts[3:] == ["LE BUDGET", "LA RECHERCHE"]
    notes = runs_of(paragraphs(out[NOTES])[0])
    assert [t for t, look in notes if ("i", "1") in look[0]] == ["LENTEMENT"]
    assert out["ppt/media/image1.png"] == source["ppt/media/image1.png"]


def test_code_links_breaks_and_fields_come_back_as_they_were():
    slide = translated(deck_pptx())[SLIDE].decode()
    assert '<a:latin typeface="Courier New"/></a:rPr><a:t>ls -la</a:t>' in slide
    assert '<a:hlinkClick r:id="rId2"/></a:rPr><a:t>LA DOCUMENTATION</a:t>' in slide
    assert '<a:br/><a:r><a:rPr lang="en-US" dirty="0"/><a:t>PAGE </a:t></a:r><a:fld id=' in slide
    assert slide.count('type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld>') == 1
    assert slide.count("<a:endParaRPr") == 5  # each paragraph's end, last


def test_translated_runs_are_marked_in_the_target_language_and_code_is_not():
    slide = translated(deck_pptx())[SLIDE].decode()
    assert '<a:rPr lang="en-US" b="1" dirty="0"/><a:t>NOIR</a:t>' in slide
    assert '<a:rPr lang="fr-FR" dirty="0"><a:latin typeface="Courier New"/>' in slide
    # a translated paragraph's end too: what is typed after its text (it stayed French)
    assert (
        '<a:endParaRPr lang="en-US" dirty="0"/>' in slide and 'endParaRPr lang="fr-FR"' not in slide
    )


def test_translated_runs_are_marked_in_the_target_language_with_a_region():
    """PowerPoint picks its spelling dictionary by region, and has none for a bare "en": a
    Canadian deck's English is en-CA, a French one's en-US, its runs and their ends alike."""
    files = pptx_entries()
    files[SLIDE] = files[SLIDE].replace('lang="fr-FR"', 'lang="fr-CA"')  # type: ignore[union-attr]
    slide = translated(zipped(files))[SLIDE].decode()
    assert '<a:rPr lang="en-CA" b="1" dirty="0"/><a:t>NOIR</a:t>' in slide
    assert '<a:endParaRPr lang="en-CA" dirty="0"/>' in slide and 'lang="en-US"' not in slide
    assert 'lang="en"' not in translated(deck_pptx())[SLIDE].decode()


def test_a_word_document_named_pptx_is_one_error():
    files = pptx_entries()
    files["[Content_Types].xml"] = files["[Content_Types].xml"].replace("presentation.main", "x")
    with pytest.raises(InputError, match="deck.pptx: not a .pptx file"):
        read_pptx(zipped(files), "deck.pptx")


def test_the_shipped_model_keeps_each_paragraphs_looks_and_code():
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions("fr-en", threads=1))
    document = read_pptx(deck_pptx(), "deck.pptx")
    out = entries(translate_document(translator, document, PPTX))
    source = entries(deck_pptx())
    for part in (SLIDE, NOTES):
        for p, q in zip(paragraphs(source[part]), paragraphs(out[part]), strict=True):
            assert {look for _, look in runs_of(p)} == {look for _, look in runs_of(q)}
    assert '<a:latin typeface="Courier New"/></a:rPr><a:t>ls -la</a:t>' in out[SLIDE].decode()
    texts = ["".join(t for t, _ in runs_of(p)) for p in paragraphs(out[SLIDE])]
    assert texts[0] == "The annual report"


CHART = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:lang val="fr-FR"/>'
    '<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:pPr><a:defRPr b="1"/></a:pPr><a:r>'
    '<a:rPr lang="fr-FR"/>'
    "<a:t>Les ventes annuelles</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea>"
    "<c:barChart><c:ser><c:cat><c:strRef><c:f>Feuil1!$A$2</c:f><c:strCache><c:ptCount "
    'val="1"/><c:pt idx="0"><c:v>Nord</c:v></c:pt></c:strCache></c:strRef></c:cat></c:ser>'
    "</c:barChart></c:plotArea></c:chart></c:chartSpace>"
)
DIAGRAM = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst>'
    '<dgm:pt modelId="{1}"><dgm:t><a:bodyPr/><a:p><a:r><a:rPr lang="fr-FR"/>'
    "<a:t>La première étape</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>"
)


def test_a_charts_title_and_a_smartart_diagrams_text_are_translated_its_categories_are_not():
    files = pptx_entries()
    files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(
        "</Types>",
        '<Override PartName="/ppt/charts/chart1.xml" ContentType="application/vnd.'
        'openxmlformats-officedocument.drawingml.chart+xml"/><Override PartName="/ppt/'
        'diagrams/data1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'drawingml.diagramData+xml"/></Types>',
    )
    files["ppt/charts/chart1.xml"] = CHART
    files["ppt/diagrams/data1.xml"] = DIAGRAM
    out = translated(zipped(files))
    chart = out["ppt/charts/chart1.xml"].decode()
    assert '<a:r><a:rPr lang="en-US"/><a:t>LES VENTES ANNUELLES</a:t></a:r>' in chart
    assert '<a:pPr><a:defRPr b="1"/></a:pPr>' in chart and "<c:v>Nord</c:v>" in chart
    assert '<c:lang val="en-US"/>' in chart  # the chart's own language, fr-FR before
    assert "LA PREMIÈRE ÉTAPE" in out["ppt/diagrams/data1.xml"].decode()
    unchanged = translated(zipped(files), lambda texts: [Aligned(t, []) for t in texts])
    assert unchanged == entries(zipped(files))


def test_a_text_box_drawn_on_a_chart_is_translated_as_the_charts_title_is():
    """A text box drawn on a chart (its user shapes, a part of their own) stayed French."""
    files = pptx_entries()
    files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(
        "</Types>",
        f'<Override PartName="/ppt/drawings/drawing1.xml" ContentType="{CHART_SHAPES_TYPE}"/>'
        "</Types>",
    )
    files["ppt/drawings/drawing1.xml"] = CHART_SHAPES
    out = translated(zipped(files))["ppt/drawings/drawing1.xml"].decode()
    assert '<a:rPr lang="en-US"/><a:t>LES CHIFFRES DE LA BANQUE</a:t>' in out
    assert 'descr="LA SOURCE DES CHIFFRES"' in out


def test_a_tab_in_a_runs_text_parts_what_the_model_reads_and_comes_back_there():
    """PowerPoint writes a tab as a character of a:t: read as a space, "Nom<TAB>Prénom<TAB>Ville"
    was one sentence that lost "Nom" and its tabs ("Prénom Ville")."""
    data = entries(deck_pptx())
    title = a_para(a_run("Le rapport annuel"))
    data["ppt/slides/slide1.xml"] = data["ppt/slides/slide1.xml"].replace(
        title.encode(), a_para(a_run("Nom\tPrénom\tVille")).encode()
    )
    document = read_pptx(zipped(data), "deck.pptx")
    sources = document.sources()
    assert sources[0] == "Nom\tPrénom\tVille"  # columns.py translates each part apart
    muddled = Aligned("Name\tFirst name\tCity", [(0, 3), (1, 0), (2, 1)])
    rest = [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in sources[1:]]
    out = entries(document.render([muddled, *rest], "en", print))
    assert paragraphs(out["ppt/slides/slide1.xml"])[0].findtext(f"{a('r')}/{a('t')}") == (
        "Name\tFirst name\tCity"
    )


def test_a_run_that_opens_with_a_tab_beside_a_line_break_keeps_every_word():
    """A run's text that opened with a tab was taken for marks: the break after it was put in
    the wrong part (an IndexError), or a run's words were lost."""
    data = entries(deck_pptx())
    title = a_para(a_run("Le rapport annuel"))
    para = a_para(a_run("Titre"), "<a:br/>", a_run("\tSuite du texte"), "<a:br/>", a_run("Fin"))
    data["ppt/slides/slide1.xml"] = data["ppt/slides/slide1.xml"].replace(
        title.encode(), para.encode()
    )
    document = read_pptx(zipped(data), "deck.pptx")
    sources = document.sources()
    assert sources[0] == "Titre\n\tSuite du texte\nFin"
    said = [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in sources]
    out = entries(document.render(said, "en", print))
    p = paragraphs(out["ppt/slides/slide1.xml"])[0]
    texts = [c.text if c.tag == a("t") else "BR" for c in p.iter(a("t"), a("br"))]
    assert "".join(x if x != "BR" else "|" for x in texts) == "Titre|\tSuite du texte|Fin"


def test_a_pictures_alt_text_is_translated_and_its_name_kept():
    """A picture's description (``p:cNvPr descr``) stayed French on an English slide."""
    picture = (
        '<p:pic><p:nvPicPr><p:cNvPr id="7" name="Image 6" descr="Un graphique des ventes"/>'
        "<p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill/><p:spPr/></p:pic>"
    )
    files = pptx_entries()
    files["ppt/slides/slide1.xml"] = str(files["ppt/slides/slide1.xml"]).replace(
        "</p:spTree>", picture + "</p:spTree>"
    )
    source = zipped(files)
    sources = read_pptx(source, "deck.pptx").sources()
    assert sources[sources.index("La recherche") + 1] == "Un graphique des ventes"
    [pic] = [
        e for e in etree.fromstring(translated(source)[SLIDE]).iter() if e.get("name") == "Image 6"
    ]
    assert pic.get("descr") == "UN GRAPHIQUE DES VENTES"


def test_a_date_field_stands_in_its_sentence_and_comes_back_in_place():
    """ "Le départ est prévu le <date field> à Paris." reached the model as "... prévu le à
    Paris." ("The start is scheduled in <fld/> Paris.", its "à" lost): the field is now one
    protected token where it stands, and comes back there, byte for byte but for its run's
    language: left fr-FR, PowerPoint wrote the date of an English slide the French way."""
    field = '<a:fld id="{5C1A2B3C-0000-4000-8000-000000000001}" type="datetime1">'
    field += '<a:rPr lang="fr-FR"/><a:t>06/05/2024</a:t></a:fld>'
    parts = pptx_entries()
    parts[SLIDE] = parts[SLIDE].replace(
        a_run("Le rapport annuel"),
        a_run("Le départ est prévu le ") + field + a_run(" à Paris."),
    )
    model = sentence_model(
        {"Le départ est prévu le ¤ à Paris.": "The start is planned on ¤ in Paris."}
    )
    document = read_pptx(zipped(parts), "deck.pptx")
    assert "Le départ est prévu le à Paris." not in document.sources()
    slide = entries(document.render(model(document.sources()), "en", print))[SLIDE].decode()
    texts = "".join(t.text for t in etree.fromstring(slide.encode()).iter(a("t")))
    assert "The start is planned on 06/05/2024 in Paris." in texts
    english = field.replace('lang="fr-FR"', 'lang="en-US"')
    assert f"<a:t>The start is planned on </a:t></a:r>{english}<a:r>" in slide


def test_an_equation_in_a_sentence_is_one_token_where_it_stands_and_comes_back_there():
    """An equation on a slide (alternate content: a14:m, and a run for older programs) was
    read as nothing, "Si , alors la fonction croît.", and came back before the words it stood
    after; it is now one protected token, as a field is, and comes back in its place."""
    math = (
        '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/'
        '2006"><mc:Choice xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main" '
        'Requires="a14"><a14:m><m:oMath xmlns:m="http://schemas.openxmlformats.org/'
        'officeDocument/2006/math"><m:r><m:t>a&gt;0</m:t></m:r></m:oMath></a14:m></mc:Choice>'
        '<mc:Fallback><a:r><a:rPr lang="fr-FR"/><a:t>a&gt;0</a:t></a:r></mc:Fallback>'
        "</mc:AlternateContent>"
    )
    parts = pptx_entries()
    parts[SLIDE] = parts[SLIDE].replace(
        a_run("Le rapport annuel"), a_run("Si ") + math + a_run(", alors la fonction croît.")
    )
    model = sentence_model({"Si ¤, alors la fonction croît.": "If ¤, then the function grows."})
    document = read_pptx(zipped(parts), "deck.pptx")
    assert "Si \ue000, alors la fonction croît." in document.sources()
    slide = entries(document.render(model(document.sources()), "en", print))[SLIDE].decode()
    assert f"<a:t>If </a:t></a:r>{math}<a:r>" in slide


def test_the_names_of_the_decks_sections_are_translated():
    """PowerPoint shows a section's name over its slides ("Introduction générale"): it
    stayed French over the English slides."""
    files = pptx_entries()
    sections = (
        '<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst '
        'xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main"><p14:section '
        'name="Les résultats" id="{5C1A2B3C-0000-4000-8000-000000000002}"><p14:sldIdLst>'
        '<p14:sldId id="256"/></p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst>'
    )
    files["ppt/presentation.xml"] = files["ppt/presentation.xml"].replace(
        "</p:presentation>", sections + "</p:presentation>"
    )
    out = translated(zipped(files))["ppt/presentation.xml"].decode()
    assert '<p14:section name="LES RÉSULTATS" id="{5C1A2B3C-0000-4000-8000-000000000002}">' in out
    assert '<p14:sldId id="256"/>' in out


def test_the_decks_default_language_becomes_the_targets_once_text_is_translated():
    """PowerPoint writes the language of a new text box in presentation.xml's default text
    style (and a master's text styles): it stayed fr-FR, and what a user added to the English
    deck was spell-checked as French. It is now the target's; a deck that comes back as it was
    is the same."""
    files = pptx_entries()
    style = (
        '<p:defaultTextStyle><a:defPPr><a:defRPr lang="fr-FR"/></a:defPPr>'
        '<a:lvl1pPr><a:defRPr sz="1800" kern="1200"/></a:lvl1pPr></p:defaultTextStyle>'
    )
    files["ppt/presentation.xml"] = files["ppt/presentation.xml"].replace(
        "</p:presentation>", style + "</p:presentation>"
    )
    master = '<p:txStyles><p:bodyStyle><a:lvl1pPr><a:defRPr lang="fr-CA" sz="3200"/>'
    files["ppt/slideMasters/slideMaster1.xml"] = (
        f"{DECL}<p:sldMaster {P_NS}>{master}</a:lvl1pPr></p:bodyStyle></p:txStyles></p:sldMaster>"
    )
    files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(
        "</Types>",
        '<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/></Types>',
    )
    out = translated(zipped(files))
    assert (
        '<p:defaultTextStyle><a:defPPr><a:defRPr lang="en-US"/></a:defPPr>'
        '<a:lvl1pPr><a:defRPr sz="1800" kern="1200"/></a:lvl1pPr></p:defaultTextStyle>'
    ) in out["ppt/presentation.xml"].decode()
    assert '<a:defRPr lang="en-CA" sz="3200"/>' in out["ppt/slideMasters/slideMaster1.xml"].decode()

    def identity(texts):
        return [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in texts]

    assert translated(zipped(files), identity) == entries(zipped(files))


def test_a_line_break_takes_the_target_language_as_the_runs_around_it():
    """PowerPoint writes a line break with its run properties (``<a:br><a:rPr lang="fr-FR"/>``):
    they stayed French between English runs, and what a user typed after the break was French.
    Now they are the target's, as the runs'."""
    files = pptx_entries()
    files[SLIDE] = files[SLIDE].replace(  # type: ignore[union-attr]
        "<a:br/>", '<a:br><a:rPr lang="fr-FR" dirty="0"/></a:br>'
    )
    slide = translated(zipped(files))[SLIDE].decode()
    assert '<a:br><a:rPr lang="en-US" dirty="0"/></a:br><a:r><a:rPr lang="en-US"' in slide


def test_a_links_screentip_is_translated_its_target_kept():
    """PowerPoint shows a link's ScreenTip (a:hlinkClick's tooltip) over it: it stayed French
    over the English words. Now it is translated; the link's target as it was."""
    files = pptx_entries()
    files[SLIDE] = files[SLIDE].replace(  # type: ignore[union-attr]
        '<a:hlinkClick r:id="rId2"/>', '<a:hlinkClick r:id="rId2" tooltip="Ouvrir le guide"/>'
    )
    slide = translated(zipped(files))[SLIDE].decode()
    assert '<a:hlinkClick r:id="rId2" tooltip="OUVRIR LE GUIDE"/></a:rPr><a:t>LA DOC' in slide


def _box(k: int, text: str, ph: str = "") -> str:
    """A text box (a placeholder with ``ph``) holding ``text``."""
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="{k}" name="Zone {k}"/><p:cNvSpPr txBox="1"/>'
        f"<p:nvPr>{ph}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>"
        f"{a_para(a_run(text))}</p:txBody></p:sp>"
    )


def _drawn(root: str, *shapes: str, tail: str = "") -> str:
    """A slide master's or layout's part (``root``: sldMaster, sldLayout) of ``shapes``."""
    return (
        f'{DECL}<p:{root} {P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
        f"<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{''.join(shapes)}"
        f"</p:spTree></p:cSld>{tail}</p:{root}>"
    )


def _with_parts(files: dict, parts: dict[str, tuple[str, str]]) -> dict:
    """``files`` with ``parts`` (path: (kind, its XML)) added and declared."""
    kind = "application/vnd.openxmlformats-officedocument.presentationml"
    for path, (name, xml) in parts.items():
        files[path] = xml
        files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(
            "</Types>", f'<Override PartName="/{path}" ContentType="{kind}.{name}+xml"/></Types>'
        )
    return files


MASTER_STYLES = (
    '<p:txStyles><p:bodyStyle><a:lvl1pPr><a:defRPr lang="fr-FR"/></a:lvl1pPr>'
    "</p:bodyStyle></p:txStyles>"
)


def test_a_masters_and_a_layouts_text_boxes_are_translated_their_placeholders_not():
    """A "Confidentiel" banner on the slide master and a footer's text box on a layout, shown
    on every slide, stayed French on the English slides: masters and layouts were never read.
    Now their text boxes are translated; their placeholders' sample texts ("Cliquez pour
    modifier le style du titre", seen only while editing the master) are not, but a layout
    placeholder's own prompt (hasCustomPrompt), shown in each new slide's empty placeholder,
    is. The master's default language is the target's, in the same part."""

    def box(k: int, text: str, ph: str = "") -> str:
        nv = f"<p:nvPr>{ph}</p:nvPr>"
        return (
            f'<p:sp><p:nvSpPr><p:cNvPr id="{k}" name="Zone {k}"/><p:cNvSpPr txBox="1"/>{nv}'
            f"</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>{a_para(a_run(text))}</p:txBody></p:sp>"
        )

    def part(root: str, *shapes: str, tail: str = "") -> str:
        return (
            f'{DECL}<p:{root} {P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
            f"<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{''.join(shapes)}"
            f"</p:spTree></p:cSld>{tail}</p:{root}>"
        )

    files = pptx_entries()
    master = "ppt/slideMasters/slideMaster1.xml"
    layout = "ppt/slideLayouts/slideLayout1.xml"
    files[master] = part(
        "sldMaster",
        box(2, "Cliquez pour modifier le style du titre", '<p:ph type="title"/>'),
        box(3, "Document confidentiel"),
        tail='<p:txStyles><p:bodyStyle><a:lvl1pPr><a:defRPr lang="fr-FR"/></a:lvl1pPr>'
        "</p:bodyStyle></p:txStyles>",
    )
    files[layout] = part(
        "sldLayout",
        box(2, "Modifiez le style du titre", '<p:ph type="title"/>'),
        box(3, "Saisissez le nom du client", '<p:ph idx="1" hasCustomPrompt="1"/>'),
        box(4, "Société Exemple, tous droits réservés"),
    )
    kind = "application/vnd.openxmlformats-officedocument.presentationml"
    files["[Content_Types].xml"] = files["[Content_Types].xml"].replace(  # type: ignore[union-attr]
        "</Types>",
        f'<Override PartName="/{master}" ContentType="{kind}.slideMaster+xml"/>'
        f'<Override PartName="/{layout}" ContentType="{kind}.slideLayout+xml"/></Types>',
    )
    out = translated(zipped(files))

    def texts(path: str) -> list[str]:
        return ["".join(p.itertext()) for p in paragraphs(out[path])]

    assert texts(master) == ["Cliquez pour modifier le style du titre", "DOCUMENT CONFIDENTIEL"]
    assert texts(layout) == [
        "Modifiez le style du titre",
        "SAISISSEZ LE NOM DU CLIENT",
        "SOCIÉTÉ EXEMPLE, TOUS DROITS RÉSERVÉS",
    ]
    assert '<a:defRPr lang="en-US"/>' in out[master].decode()

    def identity(texts):
        return [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in texts]

    assert translated(zipped(files), identity) == entries(zipped(files))


def test_a_masters_language_changes_where_only_another_masters_banner_is_translated():
    """Where nothing but the second master's banner changes, the first master (read before it)
    takes the target's default language too: it was written before the banner's translation
    changed it, and stayed French."""
    first, second = "ppt/slideMasters/slideMaster1.xml", "ppt/slideMasters/slideMaster2.xml"
    files = _with_parts(
        pptx_entries(),
        {
            first: ("slideMaster", _drawn("sldMaster", tail=MASTER_STYLES)),
            second: ("slideMaster", _drawn("sldMaster", _box(2, "Document confidentiel"))),
        },
    )
    out = translated(zipped(files), sentence_model({"Document confidentiel": "Confidential"}))
    assert ["".join(p.itertext()) for p in paragraphs(out[second])] == ["Confidential"]
    assert '<a:defRPr lang="en-US"/>' in out[first].decode()
