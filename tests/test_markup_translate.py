"""Markup through the shipped default model (fr-en), and `nmt translate --markup`: tags come
back around the target words its alignment head links to the words they enclosed, the output
stays well formed, and the text reads as the same text translated without its tags
(nmt_cli/documents/ over nmt_cli/markup/: the path `nmt translate` takes)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import assert_one_error_line, assert_readme_example_prints_as_shown, translated_lines
from markup_fixtures import assert_well_formed, tags

from nmt_cli.documents.lines import translate_lines, with_elements
from nmt_cli.documents.translate import translate_text
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translator import Translator
from nmt_cli.markup.pages import holds_elements

README = Path(__file__).resolve().parents[1] / "README.md"
ISSUE_LINE = "Le mot <em>urgent</em> doit apparaître en <strong>gras</strong> dans le titre."
PAGE = """<!DOCTYPE html>
<html>
<head><title>Le rapport annuel</title></head>
<body>
  <h1>Le <em>rapport</em> complet</h1>
  <p>Le chat <b>noir</b> dort sur le <i>canapé rouge</i>.</p>
  <p>Tapez <code>ls -la /var/log</code> dans le terminal.</p>
</body>
</html>
"""


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load(LoadOptions("fr-en", threads=1))


def stripped(text: str) -> str:
    return re.sub(r"<[^>]*>", "", text)


def plain(translator: Translator, lines: list[str]) -> list[str]:
    return [nbest[0].text for nbest in translator.translate(lines)]


def test_the_issue_line_keeps_its_tags_around_the_words_they_enclosed(translator):
    [out] = translate_lines(translator, [ISSUE_LINE], "html")
    assert_well_formed(out)
    assert "<em>urgent</em>" in out
    assert tags(out) == ["<em>", "</em>", "<strong>", "</strong>"]
    # the text is the model's translation of the line without its tags
    assert stripped(out) == plain(translator, [stripped(ISSUE_LINE)])[0]


def test_a_page_comes_out_well_formed_with_its_blocks_translated(translator):
    out = translate_text(translator, PAGE, "html")
    assert_well_formed(out)
    assert tags(out) == tags(PAGE)
    assert out.count("<code>ls -la /var/log</code>") == 1
    assert "<b>black</b>" in out
    assert out.startswith("<!DOCTYPE html>\n<html>\n<head><title>")
    blocks = ["Le rapport annuel", "Le rapport complet", "Le chat noir dort sur le canapé rouge."]
    for block, translation in zip(blocks, plain(translator, blocks)):
        # as every document's: no full stop the model adds to a heading that has none
        expected = translation if block.endswith(".") else translation.removesuffix(".")
        assert expected in stripped(out)


def test_a_line_without_tags_translates_as_plain_text(translator):
    lines = ["Il fait froid ce matin.", "Le chat dort. Le chien aboie."]
    assert translate_lines(translator, lines, "html") == plain(translator, lines)


def test_a_no_break_space_written_as_an_entity_keeps_the_facts_around_it(translator):
    """As plain text the entity was a span that cut the measure, the time or the number it
    stood in: "25&nbsp;#C", "14&nbsp;:&nbsp;30", "2&nbsp;165&nbsp;423"."""
    lines = ["Il fait 25&nbsp;°C.", "À 14&nbsp;h&nbsp;30.", "Prix&#160;: 12,50&#160;€", "Oui."]
    out = [nbest[0].text for nbest in with_elements(translator, lines)]
    assert "25&nbsp;°C" in out[0] and "&nbsp;" not in out[0].replace("25&nbsp;°C", "")
    assert "14:30" in out[1] and "&nbsp;" not in out[1]
    assert "€12.50" in out[2] and "#" not in out[2]
    assert with_elements(translator, lines[3:])[0][0].source == "Oui."
    alone = with_elements(translator, ["Écrivez &nbsp; pour une espace."])[0][0].text
    assert "&nbsp;" in alone  # an entity as a word of its own, no space between two


def test_nmt_translate_markup_puts_each_lines_tags_back(run_cli):
    lines = [ISSUE_LINE, 'Cliquez <a href="/aide?x=1&amp;y=2">ici</a> pour lire la suite.', ""]
    result = run_cli(["translate", "--markup", "html"], input="\n".join(lines).encode() + b"\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.split("\n")[:-1]
    assert len(out) == 3 and out[2] == ""
    assert "<em>urgent</em>" in out[0]
    assert '<a href="/aide?x=1&amp;y=2">here</a>' in out[1]
    for line in out:
        assert_well_formed(line)


def test_xml_lines_that_are_not_well_formed_are_one_error_and_nothing_is_written(run_cli, tmp_path):
    src, out = tmp_path / "strings.txt", tmp_path / "strings.en"
    src.write_text("<b>Bonjour</b>\nAu <b>revoir</i>\n", encoding="utf-8")
    result = run_cli(["translate", "--markup", "xml", "-i", src, "-o", out])
    assert_one_error_line(result, f"{src}:2: not well-formed XML")
    assert not out.exists()


@pytest.mark.parametrize(
    "args, data",
    [
        (["translate", "--markup", "xml"], b"a\n<x>\n"),
        (["translate", "--input-format", "xliff"], b'<xliff version="1.2"><file>'),
        (["score", "--input-format", "tmx"], b"<tmx>"),
    ],
)
def test_xml_that_is_not_well_formed_on_stdin_is_named_stdin(run_cli, args, data):
    """``-:2: not well-formed XML``: every other error names stdin ``<stdin>``."""
    result = run_cli(args, input=data)
    line = assert_one_error_line(result, "<stdin>:", "not well-formed XML")
    assert "-:" not in line


def test_an_invalid_character_reference_is_kept_as_written_never_dropped(run_cli):
    """HTML5 reads ``&#0;`` or ``&#xD800;`` as U+FFFD, which the model dropped: ``Le chat &#0;
    dort.`` gave "The cat sleep.". Kept as written, as U+FFFD itself is in plain text."""
    lines = ["Le chat &#0; dort.", "Le chat &#xD800; dort."]
    out = translated_lines(run_cli, lines, "--markup", "html")
    assert [line.split()[2] for line in out] == ["&#0;", "&#xD800;"], out
    [plain] = translated_lines(run_cli, ["Le chat \ufffd dort."])
    assert "\ufffd" in plain


def test_markup_does_not_go_with_align_or_nbest(run_cli):
    for options in (["--align"], ["--format", "jsonl"], ["--nbest", "2"]):
        result = run_cli(["translate", "--markup", "html", *options, "Le <b>chat</b>."])
        assert_one_error_line(result, "--markup", code=2)


def test_the_readme_example_of_markup_prints_as_shown(run_cli, tmp_path):
    assert_readme_example_prints_as_shown(run_cli, "### Markup", tmp_path)


def test_an_html_file_is_a_page_in_and_a_page_out(run_cli, tmp_path):
    """`nmt translate -i page.html -o out.html` (documents/pages.py): blocks translated, inline
    tags back, code verbatim, the whole well formed; ``.xml`` reads as XML."""
    page, out = tmp_path / "page.html", tmp_path / "out.html"
    page.write_text(PAGE, encoding="utf-8")
    result = run_cli(["translate", "-i", page, "-o", out, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert_well_formed(text, "html")
    assert tags(text) == tags(PAGE)
    assert "<code>ls -la /var/log</code>" in text and "Le chat" not in text


def test_an_xml_file_that_is_not_well_formed_writes_nothing(run_cli, tmp_path):
    page, out = tmp_path / "doc.xml", tmp_path / "out.xml"
    page.write_text("<doc>\n<para>Un <b>chat</para>\n</doc>\n", encoding="utf-8")
    result = run_cli(["translate", "-i", page, "-o", out])
    assert_one_error_line(result, "doc.xml:2: not well-formed XML: mismatched tag (column")
    assert not out.exists()


def test_markup_of_lines_is_not_an_option_of_documents(run_cli, tmp_path):
    doc = tmp_path / "doc.jsonl"
    doc.write_text('{"text": "Un <b>chat</b>."}\n', encoding="utf-8")
    result = run_cli(["translate", "-i", doc, "--markup", "html"])
    assert_one_error_line(result, "--markup", code=2)


def test_a_plain_line_with_inline_elements_is_read_as_markup_by_default(run_cli):
    # as protected spans, fr-en gave "Press %s to continue <b></b> to https://example.com/a."
    line = "Appuyez sur %s pour <b>continuer</b> vers https://example.com/a."
    lines = [line, "Il fait froid ce matin.", "Si x < 3 alors <b>oui</b>.", ""]
    result = run_cli(["translate", "--threads", "1"], input="\n".join(lines).encode() + b"\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.split("\n")[:-1]
    assert len(out) == 4 and out[3] == ""
    assert out[0] == "Press %s to <b>continue</b> to https://example.com/a."
    assert out[1] == "It's cold this morning."
    # a < that markup would write &lt;: the line stays plain text, its tags protected spans
    assert "x < 3" in out[2] and tags(out[2]) == ["<b>", "</b>"]
    # --markup none: its tags are protected spans, and the element the model left empty goes
    # around the word aligned to the one it enclosed (protect/placement.py)
    none = run_cli(["translate", "--threads", "1", "--markup", "none", line])
    assert none.exit_code == 0 and tags(none.stdout) == ["<b>", "</b>"]


def test_an_icu_message_s_tags_stay_protected_spans(translator):
    # read as markup, an element could be put across the message's braces
    line = "{n, plural, one {<b>un</b> fichier} other {<b>plusieurs</b> fichiers}}"
    assert holds_elements(line)  # as markup, it would read back as written
    [[as_spans]] = translator.translate([line])
    assert with_elements(translator, [line])[0][0].text == as_spans.text


def test_a_catalogue_string_with_inline_elements_gets_them_around_its_words(run_cli, tmp_path):
    po, out = tmp_path / "fr.po", tmp_path / "en.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Appuyez sur %s pour <b>continuer</b> vers https://example.com/a."\nmsgstr ""\n',
        encoding="utf-8",
    )
    result = run_cli(["translate", "-i", po, "-o", out, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    assert 'msgstr "Press %s to <b>continue</b> to https://example.com/a."' in out.read_text()


def test_react_i18next_numbered_tags_in_a_json_string_enclose_the_words_they_enclosed(
    run_cli, tmp_path
):
    # each tag a protected span of its own, fr-en moved the word out: "to continue <1></1>."
    fr, out = tmp_path / "fr.json", tmp_path / "en.json"
    fr.write_text(
        '{"a": "Cliquez <strong>ici</strong> pour <1>continuer</1>.",\n'
        ' "b": "Lisez <0>les conditions</0> avant de <1>commencer</1>.<2/>"}\n',
        encoding="utf-8",
    )
    result = run_cli(["translate", "-i", fr, "-o", out, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    written = json.loads(out.read_text("utf-8"))
    assert written["a"] == "Click <strong>here</strong> to <1>continue</1>."
    assert re.search(r"<0>\w+ conditions</0> before you <1>start</1>\.<2/>$", written["b"])


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("Tapez ici pour <b>continuer</b>", True),
        ("Cliquez <1>ici</1> pour <0>continuer</0>.", True),  # react-i18next's numbered tags
        ("Il a dit <1> deux fois", False),  # no element around words
        ('Cliquez <a href="/x?a=1&b=2">ici</a>.', True),  # an attribute's & is as written
        ("Le <b>x</b> et <br> ici, &amp; là", True),
        ("Si x < 3 alors <b>oui</b>.", False),  # markup writes &lt;
        ("R&D : <b>oui</b>", False),  # ... and &amp;
        ("Un <b>gras", False),  # an element left open, markup closes it
        ("<Tous les fichiers>", False),  # words in angle brackets
        ("Le saut <br/> de ligne", False),  # no element around words
        ("C&apos;est l&#39;été", True),  # references: read as characters, not spans
        ("Il fait 25&nbsp;°C.", False),  # a no-break space alone: documents/lines.py's
        ("Utilisez <code>git status</code> souvent.", True),  # a verbatim element, kept whole
        ("Tapez \ue000 ici", False),  # an icon font's glyph: no element
        ("<p>Un paragraphe entier.</p>", True),  # a block around words: its words a text
        ("<td>Prix</td><td>12 €</td>", True),
        ("<p></p> et <br/> ici", False),  # no element around words
        ("dans<c> cette</c><c> vidéo</c>", True),  # its spaces written outside: as it reads
    ],
)
def test_which_plain_lines_are_read_as_markup(line, read):
    assert holds_elements(line) is read


def test_a_page_s_text_marked_translate_no_is_left_as_written(translator):
    # fr-en gave "Don't translate this text." and "Book name"
    page = (
        '<p translate="no">Ne pas traduire ce texte.</p>\n<p class="notranslate">Nom de la '
        'marque</p>\n<p>Cliquez sur <span translate="no">Valider</span> pour continuer.</p>\n'
    )
    out = translate_text(translator, page, "html")
    assert out.startswith(page.split("<p>")[0])
    assert '<span translate="no">Valider</span>' in out and "Cliquez" not in out


def test_a_page_s_text_attributes_are_translated_with_its_texts(translator):
    # fr-en's page kept them all as written, in French
    page = (
        '<html lang="fr"><head><meta name="description" content="Un site pour apprendre le '
        'français."></head>\n<body><img src="chat.png" alt="Un chat noir sur le canapé">\n'
        '<input placeholder="Votre adresse e-mail"><button aria-label="Fermer la fenêtre">×'
        '</button>\n<p translate="no" title="Aide">Cliquez <a title="Page d\'aide">ici</a>.</p>'
        "</body></html>\n"
    )
    out = translate_text(translator, page, "html")
    for source, attribute in [
        ("Un site pour apprendre le français.", "content"),
        ("Un chat noir sur le canapé", "alt"),
        ("Votre adresse e-mail", "placeholder"),
        ("Fermer la fenêtre", "aria-label"),
    ]:
        translation = plain(translator, [source])[0]
        expected = translation if source.endswith(".") else translation.removesuffix(".")
        assert f'{attribute}="{expected}"' in out
    assert out.endswith(page.split("\n")[-2] + "\n")  # not under translate="no"


def test_a_breadcrumb_trail_keeps_each_link_around_its_own_label(translator):
    """``›`` between a page's breadcrumbs is an arrow of a path, as ``>`` is: read as words,
    the first link came out empty and the ``›`` before it ("› <a href="/"></a>...")."""
    line = '<nav><a href="/">Accueil</a> › <a href="/produits">Produits</a> › Chaussures</nav>'
    [out] = translate_lines(translator, [line], "html")
    assert re.fullmatch(
        r'<nav><a href="/">\w+</a> › <a href="/produits">Products</a> › Shoes</nav>', out
    ), out
