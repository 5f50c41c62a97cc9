"""What an HTML page's attributes say to its translator (nmt_cli/markup/attributes.py): an
element with ``translate="no"`` or ``class="notranslate"``, and all it holds, is written as it
was and never read by the model, unless an element inside says ``translate="yes"``; inline
inside a translated sentence, it keeps its place whole, as an inline ``<code>`` does. In XML
the attribute is data. The translation here upper-cases each word in place; a page through
the shipped model: tests/test_markup_translate.py."""

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
