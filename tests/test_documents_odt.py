"""`nmt translate -i rapport.odt -o report.odt`: an OpenDocument text in, the same document out,
its headings, paragraphs, tables (nested), frames, header and footnotes (each note a text of
its own) translated with their spans and links kept, comments not; the mimetype first and
stored, every other entry as it was. The report is built by office_fixtures.py."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree
from markup_fixtures import Aligned, word_for_word
from office_fixtures import (
    CHART_OBJECT,
    FORMULA_OBJECT,
    o_cell,
    odt_entries,
    report_odt,
    sentence_model,
    zipped,
)

from nmt_cli.documents.office.odt import ODT, STYLE, TEXT, read_odt
from nmt_cli.errors import InputError


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def rendered(data: bytes, translate=word_for_word, target="en-GB") -> bytes:
    document = read_odt(data, "rapport.odt")
    return document.render(translate(document.sources()), target, print)


def t(name: str) -> str:
    return f"{{{TEXT}}}{name}"


def spans(xml: bytes) -> list[tuple[str, str]]:
    """(style, text) of every span, and (href, text) of every link."""
    root = etree.fromstring(xml)
    out = [(s.get(t("style-name")), "".join(s.itertext())) for s in root.iter(t("span"))]
    href = "{http://www.w3.org/1999/xlink}href"
    return out + [(a.get(href), "".join(a.itertext())) for a in root.iter(t("a"))]


def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical():
    def identity(texts):
        return [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in texts]

    assert entries(rendered(report_odt(), identity)) == entries(report_odt())


def test_the_mimetype_stays_first_and_stored():
    with zipfile.ZipFile(io.BytesIO(rendered(report_odt()))) as z:
        first = z.infolist()[0]
    assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)


def test_every_text_is_translated_where_it_stands_notes_apart_and_comments_not():
    document = read_odt(report_odt(), "rapport.odt")
    assert "Une note de bas de page importante." in document.sources()
    assert not any("commentaire" in s for s in document.sources())
    out = entries(rendered(report_odt()))
    content = out["content.xml"].decode()
    for text in ("LE RAPPORT ANNUEL", "UNE PETITE VILLE", "UNE NOTE DANS LA MARGE.", "PAGE"):
        assert text in content
    assert "<text:p>UNE NOTE DE BAS DE PAGE IMPORTANTE.</text:p></text:note-body>" in content
    assert "<text:p>Un commentaire.</text:p></office:annotation>" in content
    assert '<text:page-number text:select-page="current">1</text:page-number>' in content
    assert "CONFIDENTIEL" in out["styles.xml"].decode()
    assert out["Thumbnails/thumbnail.png"] == entries(report_odt())["Thumbnails/thumbnail.png"]


def test_spans_links_and_code_come_back_around_their_words():
    out = entries(rendered(report_odt()))
    assert spans(out["content.xml"]) == [
        ("T1", "NOIR"),
        ("T2", "ls -la"),
        ("https://ex.fr/doc?a=1&b=2", "LA DOCUMENTATION"),
    ]


@pytest.mark.parametrize("name", ["Keyboard", "HTML_20_Typewriter", "Console", "Code"])
def test_a_span_in_a_code_style_of_either_office_suite_is_code(name):
    """An .odt span in Word's HTML Keyboard or HTML Typewriter style (a .docx saved as .odt),
    its font no monospace one, was translated ("ls -la" came back "LS -LA"): only a .docx knew
    those names for code."""
    body = f'<text:p>Tapez <text:span text:style-name="{name}">ls -la</text:span> ici.</text:p>'
    files = odt_entries(body)
    files["content.xml"] = files["content.xml"].replace(
        "</office:automatic-styles>",
        f'<style:style style:name="{name}" style:family="text"/></office:automatic-styles>',
    )
    assert spans(entries(rendered(zipped(files)))["content.xml"]) == [(name, "ls -la")]


def test_the_languages_of_changed_automatic_styles_are_the_targets():
    content = entries(rendered(report_odt()))["content.xml"].decode()
    assert 'fo:language="en" fo:country="GB"' in content and 'fo:language="fr"' not in content


def test_a_styles_language_takes_a_region_a_spelling_dictionary_is_found_for():
    """LibreOffice picks a dictionary by fo:country, and "none" finds none: a French style's
    English is en-US, a Canadian one's en-CA."""
    content = entries(rendered(report_odt(), target="en"))["content.xml"].decode()
    assert 'fo:language="en" fo:country="US"' in content and 'fo:country="none"' not in content
    files = odt_entries()
    files["content.xml"] = files["content.xml"].replace('fo:country="FR"', 'fo:country="CA"')
    content = entries(rendered(zipped(files, stored=("mimetype",)), target="en"))[
        "content.xml"
    ].decode()
    assert 'fo:language="en" fo:country="CA"' in content


def test_an_images_alt_text_and_title_are_translated_and_its_name_kept():
    """A frame's svg:desc and svg:title (what a screen reader says) stayed French, as a Word
    document's and a deck's alt texts did not."""
    body = (
        '<text:p>Le chat <draw:frame draw:name="Image1"><draw:image xlink:href="Pictures/a.png"/>'
        "<svg:title>Le chat noir</svg:title><svg:desc>Une photo du chat</svg:desc></draw:frame>"
        " dort.</text:p>"
    )
    document = read_odt(report_odt(body), "rapport.odt")
    assert document.sources()[1:3] == ["Le chat noir", "Une photo du chat"]
    content = entries(rendered(report_odt(body)))["content.xml"].decode()
    assert '<draw:frame draw:name="Image1">' in content
    assert "<svg:title>LE CHAT NOIR</svg:title><svg:desc>UNE PHOTO DU CHAT</svg:desc>" in content


def test_tracked_changes_are_one_error():
    body = (
        "<text:tracked-changes><text:changed-region text:id='c1'><text:deletion/>"
        "</text:changed-region></text:tracked-changes><text:p>Le chat.</text:p>"
    )
    with pytest.raises(InputError, match="rapport.odt: tracked changes in content.xml"):
        read_odt(report_odt(body), "rapport.odt")


def test_a_spreadsheet_named_odt_is_one_error():
    files = odt_entries()
    files["mimetype"] = "application/vnd.oasis.opendocument.spreadsheet"
    with pytest.raises(InputError, match="rapport.odt: not an .odt file"):
        read_odt(zipped(files, stored=("mimetype",)), "rapport.odt")


def test_the_shipped_model_keeps_spans_links_and_code():
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions("fr-en", threads=1))
    document = read_odt(report_odt(), "rapport.odt")
    out = entries(translate_document(translator, document, ODT))
    found = spans(out["content.xml"])
    assert [style for style, _ in found] == ["T1", "T2", "https://ex.fr/doc?a=1&b=2"]
    assert found[1] == ("T2", "ls -la")
    assert "The annual report" in out["content.xml"].decode()


@pytest.mark.parametrize(
    "start, end",
    [
        ('<text:bookmark-start text:name="b"/>', '<text:bookmark-end text:name="b"/>'),
        ('<text:reference-mark-start text:name="r"/>', '<text:reference-mark-end text:name="r"/>'),
        (
            '<office:annotation office:name="c"><text:p>Vu.</text:p></office:annotation>',
            '<office:annotation-end office:name="c"/>',
        ),
    ],
)
def test_a_range_stays_around_the_words_that_translate_the_words_it_marked(start, end):
    """Each mark put back on its own, a bookmark came back reversed: "The French<bookmark-end/>
    <bookmark-start/>President"."""
    body = f"<text:p>Le {start}président français{end} est arrivé.</text:p>"

    def moved(texts: list[str]) -> list[Aligned]:
        said = Aligned("THE FRENCH PRESIDENT ARRIVED.", [(0, 0), (1, 2), (2, 1), (3, 3), (4, 3)])
        return [said if x.startswith("Le ") else word_for_word([x])[0] for x in texts]

    content = entries(rendered(zipped(odt_entries(body)), moved))["content.xml"].decode()
    a, b = content.index(start.split()[0]), content.index(end.split()[0])
    assert a < b and "FRENCH PRESIDENT" in content[a:b]


def test_spaces_in_a_row_are_written_as_odf_keeps_them():
    """Written as text, ``ls   -la`` showed as "ls -la": ODF reads spaces in a row as one."""
    code = '<text:span text:style-name="T2">ls<text:s text:c="2"/> -la</text:span>'
    body = f"<text:p>Tapez {code} ici.</text:p>"
    content = entries(rendered(zipped(odt_entries(body))))["content.xml"].decode()
    assert '<text:span text:style-name="T2">ls <text:s text:c="2"/>-la</text:span>' in content
    # a paragraph's first space (ODF ignores one written as text there)
    content = entries(rendered(zipped(odt_entries("<text:p><text:s/>Bonjour.</text:p>"))))
    assert "<text:p><text:s/>BONJOUR.</text:p>" in content["content.xml"].decode()


def test_a_span_inside_a_span_stays_inside_it_around_its_words():
    """``<span T1>chat <span T2>noir</span> dort</span>`` came back as three T1 spans, the
    words between them outside: "The <T1><T2>black</T2></T1> <T1>cat</T1> <T1>sleep</T1>"."""
    body = (
        '<text:p>Le <text:span text:style-name="T1">chat <text:span text:style-name="T3">'
        "noir</text:span> dort</text:span> ici.</text:p>"
    )

    def cat_first(texts: list[str]) -> list[Aligned]:  # "Le chat noir dort ici." in English
        assert texts == ["Le chat noir dort ici.", "Rapport confidentiel"]
        said = Aligned("THE BLACK CAT SLEEPS HERE.", [(0, 0), (1, 2), (2, 1), (3, 3), (4, 4)])
        return [said, *word_for_word(texts[1:])]

    root = etree.fromstring(entries(rendered(report_odt(body), cat_first))["content.xml"])
    [p] = root.iter(t("p"))
    assert etree.tostring(p, encoding="unicode", with_tail=False).split(">", 1)[1] == (
        'THE <text:span text:style-name="T1"><text:span text:style-name="T3">BLACK</text:span>'
        " CAT SLEEPS</text:span> HERE.</text:p>"
    )


def test_a_date_a_page_number_and_a_page_count_stand_in_their_sentence_and_come_back_in_place():
    """ "Mis à jour le <date>, page <n> sur <count>." reached the model as "Mis à jour le ,
    page sur ." (and came out with its comma and a space lost): each field is now one
    protected token where it stands, the words around it one sentence, and each field comes
    back there, byte for byte."""
    date = "<text:date>6 mai 2024</text:date>"
    page = '<text:page-number text:select-page="current">1</text:page-number>'
    count = "<text:page-count>3</text:page-count>"
    body = f"<text:p>Mis à jour le {date}, page {page} sur {count}.</text:p>"
    model = sentence_model({"Mis à jour le ¤, page ¤ sur ¤.": "Updated on ¤, page ¤ of ¤."})
    document = read_odt(report_odt(body), "rapport.odt")
    assert "Mis à jour le , page sur ." not in document.sources()
    content = entries(document.render(model(document.sources()), "en-GB", print))["content.xml"]
    assert f"<text:p>Updated on {date}, page {page} of {count}.</text:p>" in content.decode()


def _with_german_styles(body: str) -> bytes:
    """The report with ``body``, and automatic styles P2 (a paragraph's) and T3 (a span's)
    that set German."""
    files = odt_entries(body)
    german = (
        '<style:style style:name="P2" style:family="paragraph">'
        '<style:text-properties fo:language="de" fo:country="DE"/></style:style>'
        '<style:style style:name="T3" style:family="text">'
        '<style:text-properties fo:language="de" fo:country="DE"/></style:style>'
    )
    files["content.xml"] = files["content.xml"].replace(
        "</office:automatic-styles>", german + "</office:automatic-styles>"
    )
    return zipped(files, stored=("mimetype",))


def _languages(content: bytes) -> dict[str, str]:
    """Each automatic style's language and country, by name."""
    root = etree.fromstring(content)
    style, fo = (
        "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
        "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    )
    out = {}
    for s in root.iter(f"{{{style}}}style"):
        props = s.find(f"{{{style}}}text-properties")
        if props is not None and props.get(f"{{{fo}}}language"):
            lang = f"{props.get(f'{{{fo}}}language')}-{props.get(f'{{{fo}}}country')}"
            out[s.get(f"{{{style}}}name")] = lang
    return out


def test_an_untranslated_german_quotation_keeps_its_language():
    """Every automatic style of a changed part that named a language became the target's: a
    German quotation left as it was (a paragraph, a span) was marked English, and spell-checked
    so. Only the styles of translated text take the target's language."""
    body = (
        '<text:p text:style-name="P1">Il a dit <text:span text:style-name="T3">Guten Tag'
        "</text:span> hier.</text:p>"
        '<text:p text:style-name="P2">Alles hat ein Ende.</text:p>'
    )
    model = sentence_model({"Il a dit Guten Tag hier.": "He did say Guten Tag here."})
    document = read_odt(_with_german_styles(body), "rapport.odt")
    content = entries(document.render(model(document.sources()), "en-GB", print))["content.xml"]
    assert "He did say " in content.decode()
    assert '<text:p text:style-name="P2">Alles hat ein Ende.</text:p>' in content.decode()
    assert spans(content) == [("T3", "Guten Tag")]
    assert _languages(content) == {"P1": "en-GB", "P2": "de-DE", "T3": "de-DE"}


def test_a_language_style_of_translated_and_untranslated_text_is_split():
    """A paragraph style shared by a translated paragraph and one left as it was: the
    translated one takes a copy in the target's language, the other keeps the style."""
    body = (
        '<text:p text:style-name="P2">Le chat dort.</text:p>'
        '<text:p text:style-name="P2">Alles hat ein Ende.</text:p>'
    )
    model = sentence_model({"Le chat dort.": "The cat sleeps."})
    document = read_odt(_with_german_styles(body), "rapport.odt")
    content = entries(document.render(model(document.sources()), "en-GB", print))["content.xml"]
    assert '<text:p text:style-name="P2_en_GB">The cat sleeps.</text:p>' in content.decode()
    assert '<text:p text:style-name="P2">Alles hat ein Ende.</text:p>' in content.decode()
    assert _languages(content) == {"P1": "fr-FR", "P2": "de-DE", "P2_en_GB": "en-GB", "T3": "de-DE"}


def test_the_default_styles_language_becomes_the_targets_once_text_is_translated():
    """LibreOffice writes a document's language in styles.xml's default style, and most text
    sets none of its own: the translated report was still French there, its English
    spell-checked as French. It is now the target's; a document that comes back as it was
    keeps it."""
    files = odt_entries()
    default = (
        '<office:styles><style:default-style style:family="paragraph"><style:text-properties '
        'fo:language="fr" fo:country="FR" style:language-asian="zh"/></style:default-style>'
        "</office:styles>"
    )
    files["styles.xml"] = files["styles.xml"].replace(
        "<office:master-styles>", default + "<office:master-styles>"
    )
    body = "<text:p>Le chat dort.</text:p>"
    files["content.xml"] = files["content.xml"].replace(
        files["content.xml"][files["content.xml"].index("<office:text>") :],
        f"<office:text>{body}</office:text></office:body></office:document-content>",
    )
    source = zipped(files, stored=("mimetype",))
    model = sentence_model({"Le chat dort.": "The cat sleeps."})  # the header as it was
    styles = entries(rendered(source, model, target="en"))["styles.xml"].decode()
    assert (
        '<style:text-properties fo:language="en" fo:country="US" style:language-asian="zh"/>'
        in styles
    )
    assert "<text:p>Rapport <text:span" in styles  # the header, as it came back

    def identity(texts):
        return [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in texts]

    assert entries(rendered(source, identity)) == entries(source)


def test_a_date_fields_format_takes_the_target_language_its_text_as_it_was():
    """LibreOffice writes a date field by its data style's language: left French, an English
    report read "Updated on 6 mai 2024" once the field was updated. The data style of a field
    in a translated paragraph now says the target's language; one a field left as it was also
    uses is split."""
    data = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
    date = '<text:date style:data-style-name="N37">6 mai 2024</text:date>'
    body = f"<text:p>Mis à jour le {date}.</text:p><text:p>Paris, le {date}</text:p>"
    files = odt_entries(body)
    files["content.xml"] = files["content.xml"].replace(
        "</office:automatic-styles>",
        f'<number:date-style xmlns:number="{data}" style:name="N37" number:language="fr" '
        'number:country="FR"><number:day/><number:text> </number:text>'
        '<number:month number:textual="true"/></number:date-style></office:automatic-styles>',
    )
    model = sentence_model({"Mis à jour le ¤.": "Updated on ¤."})
    document = read_odt(zipped(files, stored=("mimetype",)), "rapport.odt")
    content = entries(document.render(model(document.sources()), "en", print))["content.xml"]
    root = etree.fromstring(content)
    styles = {
        s.get(f"{{{STYLE}}}name"): (s.get(f"{{{data}}}language"), s.get(f"{{{data}}}country"))
        for s in root.iter(f"{{{data}}}date-style")
    }
    assert styles == {"N37": ("fr", "FR"), "N37_en": ("en", "US")}
    fields = [(d.get(f"{{{STYLE}}}data-style-name"), d.text) for d in root.iter(t("date"))]
    assert fields == [("N37_en", "6 mai 2024"), ("N37", "6 mai 2024")]


def test_a_common_styles_language_in_the_documents_becomes_the_targets_code_and_others_not():
    """A heading style that said French (styles.xml's office:styles, as LibreOffice writes a
    style whose language was set) stayed French in the English report, its default style
    English. Now the common styles in the document's language are the target's; a code style
    and a German quotation's style keep theirs."""
    files = odt_entries()

    def style(name: str, language: str, country: str) -> str:
        return (
            f'<style:style style:name="{name}" style:family="paragraph"><style:text-properties '
            f'fo:language="{language}" fo:country="{country}"/></style:style>'
        )

    common = (
        '<office:styles><style:default-style style:family="paragraph"><style:text-properties '
        'fo:language="fr" fo:country="FR"/></style:default-style>'
        + style("Heading_20_1", "fr", "FR")
        + style("Preformatted_20_Text", "fr", "FR")
        + style("Citation_20_allemande", "de", "DE")
        + "</office:styles>"
    )
    files["styles.xml"] = files["styles.xml"].replace(
        "<office:master-styles>", common + "<office:master-styles>"
    )
    source = zipped(files, stored=("mimetype",))
    styles = etree.fromstring(entries(rendered(source, target="en"))["styles.xml"])
    fo = "{urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0}"
    said = [
        (p.get(f"{fo}language"), p.get(f"{fo}country"))
        for p in styles.iter(f"{{{STYLE}}}text-properties")
        if p.get(f"{fo}language")
    ]
    assert said == [("en", "US"), ("en", "US"), ("fr", "FR"), ("de", "DE")]


def test_a_links_title_is_translated_its_target_kept():
    """LibreOffice shows a link's title (office:title) over it: it stayed French over the
    English words. Now it is translated, in the link written anew; its target as it was."""
    files = odt_entries()
    files["content.xml"] = files["content.xml"].replace(  # type: ignore[union-attr]
        'xlink:href="https://ex.fr/doc?a=1&amp;b=2">',
        'xlink:href="https://ex.fr/doc?a=1&amp;b=2" office:title="Ouvrir le guide">',
    )
    content = entries(rendered(zipped(files, stored=("mimetype",))))["content.xml"]
    (link,) = etree.fromstring(content).iter(t("a"))
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    assert link.get(f"{{{office}}}title") == "OUVRIR LE GUIDE"
    assert link.get("{http://www.w3.org/1999/xlink}href") == "https://ex.fr/doc?a=1&b=2"
    assert "".join(link.itertext()) == "LA DOCUMENTATION"


def test_the_language_the_documents_metadata_say_becomes_the_targets():
    """meta.xml's dc:language said fr-FR of the English document; now it is the target's."""
    files = odt_entries()
    files["meta.xml"] = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-meta xmlns:office="urn:oasis:'
        'names:tc:opendocument:xmlns:office:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        "<office:meta><dc:language>fr-FR</dc:language></office:meta></office:document-meta>"
    )
    meta = entries(rendered(zipped(files, stored=("mimetype",))))["meta.xml"].decode()
    assert "<dc:language>en-GB</dc:language>" in meta


def test_a_lists_label_is_translated_around_its_number_and_a_number_alone_kept():
    """A list style's level that reads "Étape 1 :" (style:num-prefix "Étape ", num-suffix
    " :") showed "Étape 1 : Download the archive" in the English document: the label was never
    read. Now it is translated as one text around its number, the number where the translation
    puts it; a level of a number alone ("1.") is as it was, and so is a label whose translation
    lost its number."""
    level = (
        '<text:list-level-style-number text:level="{}" {} style:num-format="1">'
        "</text:list-level-style-number>"
    )
    levels = [
        level.format(1, 'style:num-prefix="Étape " style:num-suffix=" :"'),
        level.format(2, 'style:num-suffix="."'),
        level.format(3, 'style:num-prefix="Question "'),
    ]
    files = odt_entries(
        '<text:list text:style-name="L1"><text:list-item><text:p>Le chat dort.</text:p>'
        "</text:list-item></text:list>"
    )
    files["content.xml"] = files["content.xml"].replace(  # type: ignore[union-attr]
        "</office:automatic-styles>",
        f'<text:list-style style:name="L1">{"".join(levels)}</text:list-style>'
        "</office:automatic-styles>",
    )
    data = zipped(files, stored=("mimetype",))
    model = sentence_model({"Étape %1 :": "Step %1:", "Question %1": "Question number"})
    content = etree.fromstring(entries(rendered(data, model))["content.xml"])
    said = [
        (e.get(f"{{{STYLE}}}num-prefix"), e.get(f"{{{STYLE}}}num-suffix"))
        for e in content.iter(t("list-level-style-number"))
    ]
    assert said == [("Step ", ":"), (None, "."), ("Question ", None)]

    def identity(texts):
        return [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in texts]

    assert entries(rendered(data, identity)) == entries(data)


@pytest.mark.parametrize(
    "body",
    [
        "Le chat noir dort sur le ca<text:soft-page-break/>napé rouge.",
        "Le chat noir <text:soft-page-break/>dort sur le canapé rouge.",
        '<text:span text:style-name="T1">Le chat noir dort sur le ca<text:soft-page-break/>'
        "napé rouge.</text:span>",
    ],
    ids=["inside a word", "between words", "in a span"],
)
def test_a_soft_page_break_leaves_the_sentence_whole_and_stays_in_its_paragraph(body):
    """LibreOffice writes where its layout ended a page inside the paragraph, between words or
    inside one. Read as a mark, it cut "canapé" into "ca napé" (translated "layer"); it is
    now no part of the text, and written back at the end of the translated paragraph."""
    model = sentence_model(
        {"Le chat noir dort sur le canapé rouge.": "The black cat sleeps on the red sofa."}
    )
    document = read_odt(report_odt(f"<text:p>{body}</text:p>"), "rapport.odt")
    assert document.sources()[0] == "Le chat noir dort sur le canapé rouge."
    content = entries(document.render(model(document.sources()), "en-GB", print))["content.xml"]
    [p] = etree.fromstring(content).iter(t("p"))
    assert "".join(p.itertext()) == "The black cat sleeps on the red sofa."
    assert p[-1].tag == t("soft-page-break") and not p[-1].tail
    assert len(list(p.iter(t("soft-page-break")))) == 1


def test_the_titles_of_an_embedded_chart_are_translated():
    """An .odt's chart's title, subtitle and axis title stayed French (as a Word document's were
    translated); its own table and a formula object are as they were."""
    files = odt_entries()
    files["Object 1/content.xml"] = CHART_OBJECT
    files["Object 2/content.xml"] = FORMULA_OBJECT
    out = entries(rendered(zipped(files, stored=("mimetype",))))
    chart = out["Object 1/content.xml"].decode()
    assert "VENTES PAR MOIS" in chart and "MONTANT EN EUROS" in chart
    assert "<text:p>Janvier</text:p>" in chart
    assert out["Object 2/content.xml"] == FORMULA_OBJECT.encode()


def test_a_table_of_contents_title_template_is_translated_as_its_title_is():
    """LibreOffice writes an index's title again from its template when the index is updated:
    left French, "Table des matières" came back over the English entries."""
    body = (
        '<text:table-of-content text:name="Sommaire"><text:table-of-content-source '
        'text:outline-level="3"><text:index-title-template>Table des matières'
        "</text:index-title-template></text:table-of-content-source><text:index-body>"
        '<text:index-title text:name="Sommaire_Head"><text:p>Table des matières</text:p>'
        "</text:index-title></text:index-body></text:table-of-content>"
    )
    content = entries(rendered(report_odt(body)))["content.xml"].decode()
    assert "<text:index-title-template>TABLE DES MATIÈRES</text:index-title-template>" in content
    assert "<text:p>TABLE DES MATIÈRES</text:p>" in content
    assert 'text:name="Sommaire"' in content


def test_a_tables_title_and_description_are_translated_and_its_name_kept():
    body = (
        '<table:table table:name="Ventes"><table:title>Ventes par région</table:title>'
        "<table:desc>Les ventes de 2024</table:desc><table:table-column/>"
        f"<table:table-row>{o_cell('Nord')}</table:table-row></table:table>"
    )
    content = entries(rendered(report_odt(body)))["content.xml"].decode()
    assert "<table:title>VENTES PAR RÉGION</table:title>" in content
    assert "<table:desc>LES VENTES DE 2024</table:desc>" in content
    assert 'table:name="Ventes"' in content


def test_a_placeholders_text_and_tooltip_are_translated_it_stays_a_field_in_its_sentence():
    """A template's placeholder ("<Saisissez le nom>", where its user is to type) was read as
    one field: it stayed French, and so did its tooltip. Now both are translated, the
    placeholder one token where it stands in its sentence, its type as it was."""
    placeholder = (
        '<text:placeholder text:placeholder-type="text" text:description="Le nom du client">'
        "&lt;Saisissez le nom&gt;</text:placeholder>"
    )
    data = report_odt(f"<text:p>Nom : {placeholder}, merci.</text:p>")
    document = read_odt(data, "rapport.odt")
    assert document.sources()[0] == "Nom : \ue000, merci."
    out = etree.fromstring(entries(rendered(data))["content.xml"])
    [said] = out.iter(t("placeholder"))
    assert said.text == "<SAISISSEZ LE NOM>"
    assert said.get(t("description")) == "LE NOM DU CLIENT"
    assert said.get(t("placeholder-type")) == "text"
    assert "".join(said.getparent().itertext()) == "NOM : <SAISISSEZ LE NOM>, MERCI."


@pytest.mark.parametrize("count", ["x", "300000000"])
def test_a_run_of_spaces_whose_count_is_no_count_or_millions_is_read(count):
    """A damaged file's ``text:s`` whose count is no number was one error, "invalid literal
    for int()", and one of millions was a MemoryError; the first is one space now (ODF's
    default), the other at most a thousand."""
    data = report_odt(f'<text:p>Le chat<text:s text:c="{count}"/>noir.</text:p>')
    document = read_odt(data, "rapport.odt")
    assert document.sources()[0].split() == ["Le", "chat", "noir."]
    said = etree.fromstring(entries(rendered(data))["content.xml"])
    [p] = said.iter(t("p"))
    assert "".join(p.itertext()).split() == ["LE", "CHAT", "NOIR."]
