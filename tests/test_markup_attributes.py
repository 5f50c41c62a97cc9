"""What an HTML page's attributes say to its translator (nmt_cli/markup/attributes.py): an
element with ``translate="no"`` or ``class="notranslate"``, and all it holds, is written as it
was and never read by the model, unless an element inside says ``translate="yes"``; inline
inside a translated sentence, it keeps its place whole, as an inline ``<code>`` does. And the
attributes whose values are text a reader reads (``title``, ``alt``, ``placeholder``...:
attribute_texts.py) are translated as texts of their own and written back into their tags,
escaped. In XML attributes are data. The translation here upper-cases each word in place; a
page through the shipped model: tests/test_markup_translate.py."""

from __future__ import annotations

import pytest
from markup_fixtures import Aligned, word_for_word

from nmt_cli.markup.pages import Page, as_markup, translate_markup, translate_markup_lines


def same(texts: list[str]) -> list[Aligned]:
    """Each text given back unchanged, each word linked to itself."""
    return [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in texts]


def test_an_element_with_translate_no_and_all_it_holds_are_written_as_they_were():
    page = (
        '<p translate="no">Ne pas traduire ce texte.</p>\n'
        '<div translate="no"><h2>Le titre</h2><ul><li>Un <b>point</b></li></ul></div>\n'
        "<p>Traduire ce texte.</p>\n"
    )
    assert Page(page, "html").texts() == ["Traduire ce texte."]  # the model never reads them
    out = translate_markup(page, "html", word_for_word)
    assert out == page.replace("<p>Traduire ce texte.", "<p>TRADUIRE CE TEXTE.")


@pytest.mark.parametrize(
    "attributes", ['class="notranslate"', "class='menu notranslate large'", "translate=NO"]
)
def test_class_notranslate_says_no_as_translate_no_does(attributes):
    page = f"<p {attributes}>Nom de la marque</p><p>Bonjour</p>"
    assert translate_markup(page, "html", word_for_word) == page.replace("Bonjour", "BONJOUR")


def test_translate_yes_inside_an_element_not_translated_is_translated():
    page = (
        '<div translate="no"><p>Code <span translate="yes">à traduire</span></p>'
        '<p translate="">Oui aussi</p><p translate="peut-être">Pas ceci</p></div>'
    )
    assert Page(page, "html").texts() == ["à traduire", "Oui aussi"]
    out = translate_markup(page, "html", word_for_word)
    assert out == page.replace("à traduire", "À TRADUIRE").replace("Oui aussi", "OUI AUSSI")


def test_an_inline_element_not_translated_keeps_its_place_whole_as_inline_code_does():
    line = 'Cliquez sur <span translate="no">Valider</span> pour continuer.'
    assert Page(line, "html", fragment=True).texts() == ["Cliquez sur \ue000 pour continuer."]
    [out] = translate_markup_lines([line], "html", word_for_word)
    assert out == 'CLIQUEZ SUR <span translate="no">Valider</span> POUR CONTINUER.'
    [out] = translate_markup_lines(
        ['Le <b class="notranslate">Nom <i>propre</i></b> est là.'], "html", word_for_word
    )
    assert out == 'LE <b class="notranslate">Nom <i>propre</i></b> EST LÀ.'


def test_in_xml_translate_is_data():
    page = '<doc><para translate="no">Un texte</para><p class="notranslate">Deux</p></doc>'
    assert Page(page, "xml").texts() == ["Un texte", "Deux"]


def test_a_page_given_back_unchanged_is_written_byte_for_byte():
    page = (
        '<html translate=no><body><p>Un <span translate="yes">deux</span></p></body></html>\n'
        '<p>Cliquez <span class="notranslate">&amp;Valider</span> ici.</p>'
    )
    assert translate_markup(page, "html", same) == page
    assert as_markup('Cliquez <span translate="no">Valider</span> ici.') is not None


TEXT_ATTRIBUTES = """<html><head>
<meta name="description" content="Un site pour apprendre.">
<meta property="og:title" content="Notre site"><meta name="twitter:description" content="Le site">
<meta name="keywords" content="site, apprendre"><meta charset="utf-8">
</head><body>
<a href="/aide" title="Page d'aide" class="lien">ici</a>
<img src="chat.png" alt="Un chat noir">
<input type="text" placeholder="Votre adresse" value="Nom prérempli">
<input type="submit" value="Envoyer"><input type=RESET value="Effacer">
<button aria-label="Fermer la fenêtre" aria-description="Ferme tout">×</button>
<select><optgroup label="Fruits"><option label="Pomme" value="pomme">P</option></optgroup>
</select><div label="Pas un texte" data-x="Pas non plus"></div>
<table><tr><th abbr="Prix">Le prix unitaire</th><td abbr="Rien">1</td></tr></table>
<video><track kind="captions" label="Français"></video>
</body></html>
"""


def test_the_attributes_whose_values_are_text_are_translated_after_the_page_s_texts():
    page = Page(TEXT_ATTRIBUTES, "html", attributes=True)
    assert page.texts() == [  # the model never reads a tag
        *("ici ×", "P", "Le prix unitaire", "1"),  # the segments', then the attributes'
        *("Un site pour apprendre.", "Notre site", "Le site", "Page d'aide", "Un chat noir"),
        *("Votre adresse", "Envoyer", "Effacer", "Fermer la fenêtre", "Ferme tout", "Fruits"),
        *("Pomme", "Prix", "Français"),
    ]
    out = translate_markup(TEXT_ATTRIBUTES, "html", word_for_word)
    for written in [
        'content="UN SITE POUR APPRENDRE."',
        'content="NOTRE SITE"',
        'content="LE SITE"',
        'title="PAGE D\'AIDE"',
        'alt="UN CHAT NOIR"',
        'placeholder="VOTRE ADRESSE"',
        'value="ENVOYER"',
        'type=RESET value="EFFACER"',
        'aria-label="FERMER LA FENÊTRE" aria-description="FERME TOUT"',
        'label="FRUITS"',
        'label="POMME" value="pomme"',
        'abbr="PRIX"',
        'label="FRANÇAIS"',
    ]:
        assert written in out
    for kept in ['content="site, apprendre"', 'value="Nom prérempli"', 'label="Pas un texte"']:
        assert kept in out  # not text a reader reads: data, or what a user typed
    assert 'data-x="Pas non plus"' in out and 'abbr="Rien"' in out and 'class="lien"' in out


def test_a_translated_value_is_written_back_escaped_for_its_quotes():
    page = "<p title=\"Tom &amp; Jerry\" alt='L&#39;été' aria-label=Aide>x</p>"
    assert Page(page, "html", attributes=True).texts() == ["x", "Tom & Jerry", "L'été", "Aide"]

    def translate(texts):
        said = {"Tom & Jerry": 'Tom & "Jerry"', "L'été": "The 'summer'", "Aide": "Get help"}
        return [Aligned(said.get(t, t), [(0, 0)]) for t in texts]

    out = translate_markup(page, "html", translate)
    assert out == (
        "<p title=\"Tom &amp; &quot;Jerry&quot;\" alt='The &#39;summer&#39;' "
        'aria-label="Get help">x</p>'
    )


def test_a_value_keeps_the_white_space_at_its_ends_and_reads_as_one_line():
    page = '<img alt=" Un chat\n  noir ">'
    assert Page(page, "html", attributes=True).texts() == ["Un chat noir"]
    assert translate_markup(page, "html", word_for_word) == '<img alt=" UN CHAT\n  NOIR ">'


def test_a_value_written_on_several_lines_is_translated_on_as_many():
    """Its line break was written a space: title="Open file in a new tab" on one line."""
    page = '<a href="#" title="Ouvrir le fichier\n   dans un nouvel onglet">Lien</a>'
    said = ["Link", "Open the file in a new tab"]
    out = translate_markup(page, "html", lambda texts: same(said))
    assert out == '<a href="#" title="Open the file\n   in a new tab">Link</a>'


def test_no_attribute_is_translated_under_translate_no_in_code_or_without_a_letter():
    page = (
        '<p translate="no" title="Ne pas traduire"><img alt="Pas ceci"></p>'
        '<p class="notranslate"><span title="Ni ceci">X</span></p>'
        '<div translate="no"><a title="Mais ceci" translate="yes">Y</a></div>'
        '<pre title="Exemple"><abbr title="Non">x</abbr></pre>'
        '<img alt="2024 - 5 ×"><img alt=""><img alt><input placeholder="…">'
    )
    assert Page(page, "html", attributes=True).texts() == ["Y", "Mais ceci"]
    out = translate_markup(page, "html", word_for_word)
    assert out == page.replace("Mais ceci", "MAIS CECI").replace(">Y<", ">Y<")


def test_xml_attributes_and_the_attributes_of_lines_are_kept_as_written():
    page = '<doc><para title="Un titre" alt="Un chat">Texte</para></doc>'
    assert Page(page, "xml", attributes=True).texts() == ["Texte"]
    assert translate_markup(page, "xml", word_for_word) == page.replace("Texte", "TEXTE")
    line = 'Cliquez <a title="Aide">ici</a>.'
    assert translate_markup_lines([line], "html", word_for_word) == [
        'CLIQUEZ <a title="Aide">ICI</a>.'
    ]


def test_a_page_with_text_attributes_given_back_unchanged_is_written_byte_for_byte():
    page = (
        "<html><head><META NAME=Description CONTENT='Un   site&nbsp;!'></head>\n"
        '<body><p TITLE = "L&apos;aide &amp; plus" title="deux">Un <b alt=x>deux</b></p>'
        '<input type=submit value=Envoyer><img alt=" Un chat ">\n</body></html>'
    )
    assert translate_markup(page, "html", same) == page


def test_a_shared_images_alt_text_in_a_meta_is_translated():
    """``og:image:alt`` and ``twitter:image:alt`` (what a screen reader says of the image shown
    where the page is shared) stayed French."""
    page = (
        '<html><head><meta property="og:image:alt" content="Un chat noir">'
        '<meta name="twitter:image:alt" content="Le chat dort"><meta property="og:image" '
        'content="https://ex.fr/chat.png"></head><body><p>x</p></body></html>'
    )
    out = translate_markup(page, "html", word_for_word)
    assert '<meta property="og:image:alt" content="UN CHAT NOIR">' in out
    assert '<meta name="twitter:image:alt" content="LE CHAT DORT">' in out
    assert 'content="https://ex.fr/chat.png"' in out
