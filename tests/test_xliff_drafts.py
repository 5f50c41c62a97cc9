"""Which units of an XLIFF file a CAT tool has as drafts: kept as they are by `nmt translate`,
translated again by `--retranslate fuzzy` (as a gettext entry marked fuzzy, a 1.2 target
``needs-review-translation``), never taken for untranslated ones.
"""

from __future__ import annotations

from nmt_cli.documents.xliff import read_xliff
from nmt_cli.formats.xliff import read_pairs

XLIFF_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr" trgLang="en">
 <file id="f1">
  <unit id="draft"><segment state="initial"><source>Bonjour le monde.</source>
   <target>Hello world (draft).</target></segment></unit>
  <unit id="copy"><segment state="initial"><source>Fermer.</source><target>Fermer.</target>
   </segment></unit>
  <unit id="empty"><segment state="initial"><source>Ouvrir.</source><target/></segment></unit>
  <unit id="none"><segment state="initial"><source>Quitter.</source></segment></unit>
  <unit id="done"><segment state="translated"><source>Aide</source><target>Help</target>
   </segment></unit>
 </file>
</xliff>
"""


def chosen(text: str, name: str, retranslate: str) -> list[str]:
    return [c.unit.id for c in read_xliff(text.encode(), name, retranslate=retranslate).chosen]


def test_an_initial_segment_with_a_target_of_its_own_is_a_draft_kept_unless_fuzzy_asked():
    # before, "draft" was chosen without --retranslate: a translator's draft was overwritten
    assert chosen(XLIFF_20, "a.xlf", "none") == ["copy", "empty", "none"]
    assert chosen(XLIFF_20, "a.xlf", "fuzzy") == ["draft", "copy", "empty", "none"]
    assert chosen(XLIFF_20, "a.xlf", "all") == ["draft", "copy", "empty", "none", "done"]


def test_an_initial_segment_gives_no_training_pair_whatever_its_target(tmp_path):
    path = tmp_path / "a.xlf"
    path.write_text(XLIFF_20, encoding="utf-8")
    assert list(read_pairs(str(path), ("fr", "en"))) == [("Aide", "Help")]


PHRASE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"'
    ' xmlns:m="http://www.memsource.com/mxlf/2.0" version="1.2">\n'
    '<file original="a.docx" source-language="fr" target-language="en"><body>\n'
    '<trans-unit id="t:0" m:score="1.01" m:gross-score="1.01" m:trans-origin="tm"'
    ' m:confirmed="0" m:locked="false"><source>Enregistrer</source><target>Save</target>'
    "</trans-unit>\n"
    '<trans-unit id="t:1" m:score="1.0" m:gross-score="1.0" m:trans-origin="tm"'
    ' m:confirmed="0" m:locked="false"><source>Ouvrir</source><target>Open</target>'
    "</trans-unit>\n"
    '<trans-unit id="t:2" m:score="0.85" m:gross-score="0.85" m:trans-origin="tm"'
    ' m:confirmed="0" m:locked="false"><source>Fermer tout</source><target>Close</target>'
    "</trans-unit>\n"
    '<trans-unit id="t:3" m:score="0.0" m:gross-score="0.0" m:trans-origin="mt"'
    ' m:confirmed="0" m:locked="false"><source>Imprimer</source><target>Prints</target>'
    "</trans-unit>\n"
    '<trans-unit id="t:4" m:score="0.0" m:gross-score="0.0" m:trans-origin="interactive"'
    ' m:confirmed="0" m:locked="false"><source>Aide</source><target>Hel</target>'
    "</trans-unit>\n"
    "</body></file></xliff>\n"
)


def test_a_phrase_exact_match_from_a_memory_is_no_draft_a_fuzzy_one_and_a_machines_are():
    # before, --retranslate fuzzy replaced the 100% and 101% matches too, with a machine's words
    assert chosen(PHRASE, "a.mxliff", "none") == []
    assert chosen(PHRASE, "a.mxliff", "fuzzy") == ["t:2", "t:3"]
    assert chosen(PHRASE, "a.mxliff", "all") == ["t:0", "t:1", "t:2", "t:3", "t:4"]


def test_a_phrase_unit_a_translator_is_writing_is_no_draft_as_memoqs_partially_edited():
    """``m:trans-origin="interactive"`` not confirmed: a translator's words, being written
    (before, --retranslate fuzzy replaced them with a machine's)."""
    assert "t:4" not in chosen(PHRASE, "a.mxliff", "fuzzy")


def test_a_phrase_match_given_a_machines_words_keeps_no_match_score(tmp_path):
    from nmt_cli.formats.xliff_write import write_targets

    path = tmp_path / "a.mxliff"
    path.write_text(PHRASE, encoding="utf-8")
    out = write_targets(str(path), {"t:2": "Close all"}, remembered=()).decode()
    # before, the unit said m:score="0.85" m:trans-origin="mt": an 85% match's rate on words
    # no memory gave
    assert (
        '<trans-unit id="t:2" m:score="0.0" m:gross-score="0.0" m:trans-origin="mt"'
        ' m:confirmed="0" m:locked="false"><source>Fermer tout</source>'
    ) in out
    out = write_targets(str(path), {"t:2": "Close all"}, remembered={"t:2"}).decode()
    assert '<trans-unit id="t:2" m:score="1.0" m:gross-score="1.0" m:trans-origin="tm"' in out


def test_a_reviewed_segment_of_20_stays_as_a_signed_off_unit_of_12_does_even_with_all():
    """2.0's ``reviewed`` is 1.2's ``signed-off`` (as Okapi maps them); before, --retranslate
    all replaced a reviewer's words with a machine's."""
    text = XLIFF_20.replace('state="translated"', 'state="reviewed"')
    assert chosen(text, "a.xlf", "all") == ["draft", "copy", "empty", "none"]


def test_a_file_with_nothing_to_translate_comes_back_byte_for_byte_its_language_unset():
    """Before, a file all of whose units were translated came back with a target-language
    (trgLang) of the model's, whatever language its targets were in."""
    from nmt_cli.inference.translation import Translation

    for text in (XLIFF_20.replace("initial", "final"), PHRASE.replace(' target-language="en"', "")):
        text = text.replace(' trgLang="en"', "")
        document = read_xliff(text.encode(), "a.xlf", retranslate="none")
        assert document.chosen == []
        out = document.render([Translation(s, s, 0.0) for s in document.sources()], "en", print)
        assert out == text.encode()
