"""Markup through the shipped default model (fr-en): tags come back around the target words its
alignment head links to the words they enclosed, the page stays well formed, and the text reads
as the same text translated without its tags (nmt_cli/inference/markup.py over
nmt_cli/markup/)."""

from __future__ import annotations

import re

import pytest
from markup_fixtures import assert_well_formed, tags

from nmt_cli.inference.markup import translate_lines, translate_page
from nmt_cli.inference.translator import Translator

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
    return Translator.load("fr-en", threads=1, protect_spans=True, split=True)


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
    out = translate_page(translator, PAGE, "html")
    assert_well_formed(out)
    assert tags(out) == tags(PAGE)
    assert out.count("<code>ls -la /var/log</code>") == 1
    assert "<b>black</b>" in out
    assert out.startswith("<!DOCTYPE html>\n<html>\n<head><title>")
    blocks = ["Le rapport annuel", "Le rapport complet", "Le chat noir dort sur le canapé rouge."]
    for translation in plain(translator, blocks):
        assert translation in stripped(out)


def test_a_line_without_tags_translates_as_plain_text(translator):
    lines = ["Il fait froid ce matin.", "Le chat dort. Le chien aboie."]
    assert translate_lines(translator, lines, "html") == plain(translator, lines)
