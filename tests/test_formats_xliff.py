"""XLIFF 1.2 and 2.0: units with their inline codes, the pairs of translated units, and targets
written back."""

import pytest
from lxml import etree

from nmt_cli.errors import InputError
from nmt_cli.formats.pairs import format_of, read_pairs
from nmt_cli.formats.xliff import MT_SUBSTATE, read_units
from nmt_cli.formats.xliff_write import write_targets

XLIFF_12 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="cui.po" source-language="en-US" target-language="fr" datatype="po">
    <body>
      <trans-unit id="hello">
        <source>Hello <x id="1"/>, you have <g id="2">3 messages</g>.</source>
        <target state="translated">Bonjour <x id="1"/>, vous avez <g id="2">3 messages</g>.</target>
      </trans-unit>
      <trans-unit id="open" approved="yes">
        <source>~Open a file</source>
        <target>~Ouvrir un fichier</target>
        <note>menu</note>
      </trans-unit>
      <trans-unit id="new">
        <source>Create an account</source>
      </trans-unit>
      <trans-unit id="review">
        <source>Close</source>
        <target state="needs-review-translation">Fermer</target>
      </trans-unit>
      <trans-unit id="mt">
        <source>Save</source>
        <target state="translated" state-qualifier="mt-suggestion">Enregistrer</target>
      </trans-unit>
      <group translate="no">
        <trans-unit id="brand">
          <source>LibreOffice</source>
          <target>LibreOffice</target>
        </trans-unit>
      </group>
    </body>
  </file>
</xliff>
"""

XLIFF_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr-CA">
  <file id="f1">
    <unit id="u1">
      <segment id="s1" state="translated">
        <source>Click <pc id="1">Save</pc><ph id="2"/> now.</source>
        <target>Cliquez sur <pc id="1">Enregistrer</pc><ph id="2"/> maintenant.</target>
      </segment>
      <segment id="s2" state="initial">
        <source>Then quit.</source>
      </segment>
    </unit>
    <unit id="u2">
      <segment state="final">
        <source>Decimal separator</source>
        <target>Séparateur décimal</target>
      </segment>
    </unit>
  </file>
</xliff>
"""


def write(tmp_path, text, name="ui.xlf"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_xliff_12_units_keep_their_inline_codes_and_give_a_model_the_words(tmp_path):
    units = list(read_units(write(tmp_path, XLIFF_12)))
    assert [u.id for u in units] == ["hello", "open", "new", "review", "mt", "brand"]
    hello = units[0]
    assert hello.source == 'Hello <x id="1"/>, you have <g id="2">3 messages</g>.'
    assert hello.source_text == "Hello , you have 3 messages."
    assert hello.languages == ("en-US", "fr")
    assert (units[2].target, units[5].translate, units[1].approved) == (None, False, True)


def test_only_translated_xliff_12_units_give_pairs_and_the_counts_say_why(tmp_path):
    report = []
    pairs = list(read_pairs(write(tmp_path, XLIFF_12), "xliff", ("fr", "en"), report.append))
    assert pairs == [
        ("Bonjour , vous avez 3 messages.", "Hello , you have 3 messages."),
        ("Ouvrir un fichier", "Open a file"),
    ]
    assert report[0].endswith(
        "6 read, 2 pairs kept; skipped: 1 machine translation, 1 needs review, "
        "1 not translatable, 1 untranslated"
    )


def test_xliff_20_segments_are_units_and_the_states_choose_the_pairs(tmp_path):
    path = write(tmp_path, XLIFF_20, "ui.xliff")
    assert format_of(path) == "xliff"
    assert [u.id for u in read_units(path)] == ["u1/s1", "u1/s2", "u2"]
    assert list(read_pairs(path, "xliff", ("en", "fr"))) == [
        ("Click Save now.", "Cliquez sur Enregistrer maintenant."),
        ("Decimal separator", "Séparateur décimal"),
    ]


def test_a_pair_of_begin_and_end_codes_reads_as_the_words_it_encloses(tmp_path):
    text = XLIFF_12.replace(
        "<source>Create an account</source>",
        '<source><bpt id="1">&lt;b></bpt>C<ept id="1">&lt;/b></ept>reate an <bx id="2"/>'
        'account<ex id="2"/> <ept id="9">&lt;/i></ept>now</source>',
    )
    (new,) = [u for u in read_units(write(tmp_path, text)) if u.id == "new"]
    assert new.source_text == "Create an account now"  # a lone end code keeps words apart only


def test_units_are_read_from_bytes_already_read_naming_the_file(tmp_path):
    data = XLIFF_20.encode("utf-8")
    assert [u.id for u in read_units("ui.xliff", data)] == ["u1/s1", "u1/s2", "u2"]
    assert write_targets("ui.xliff", {}, data=data) == data
    with pytest.raises(InputError, match=r"^ui\.xliff:\d+: not well-formed XML"):
        list(read_units("ui.xliff", data[:200]))


def test_a_units_id_is_unique_in_its_file_element_not_across_them():
    """Two trans-units of one id in a <file> were both translated, silently; XLIFF wants each
    unique in its <file>, and another <file> may use it again."""
    unit = '<trans-unit id="a"><source>Oui</source></trans-unit>'
    files = [
        f'<file source-language="fr" original="{k}"><body>\n{unit}\n</body></file>' for k in "bc"
    ]
    data = f'<xliff version="1.2">\n{chr(10).join(files)}\n</xliff>'.encode()
    assert [u.id for u in read_units("ui.xlf", data)] == ["a", "a"]
    twice = data.replace(unit.encode(), (unit + unit).encode(), 1)
    with pytest.raises(InputError, match=r'^ui\.xlf:3: trans-unit id "a" appears twice'):
        list(read_units("ui.xlf", twice))


def test_an_xliff_file_in_other_languages_is_one_error(tmp_path):
    with pytest.raises(InputError, match=r"ui\.xlf: no de side"):
        list(read_pairs(write(tmp_path, XLIFF_12), "xliff", ("de", "en")))


def test_a_file_element_in_other_languages_is_skipped_as_a_tmx_unit_without_them(tmp_path):
    """A file of a German <file> and a French one was one error for French: "no fr side (it
    holds en, de)"."""
    unit = '<trans-unit id="a"><source>Open</source><target>{}</target></trans-unit>'
    files = "".join(
        f'<file source-language="en-US" target-language="{lang}" original="ui"><body>'
        f"{unit.format(text)}</body></file>\n"
        for lang, text in (("de-DE", "Öffnen"), ("fr-FR", "Ouvrir"))
    )
    path = write(tmp_path, f'<xliff version="1.2">\n{files}</xliff>\n')
    report: list[str] = []
    assert list(read_pairs(path, "xliff", ("fr", "en"), report.append)) == [("Ouvrir", "Open")]
    assert report == [f"{path}: 2 read, 1 pairs kept; skipped: 1 without fr"]
    with pytest.raises(InputError, match=r"ui\.xlf: no es side \(it holds en-US, de-DE, fr-FR\)"):
        list(read_pairs(path, "xliff", ("es", "en")))


def test_a_file_that_names_no_target_language_is_one_error_saying_to_add_one(tmp_path):
    """Angular writes no target-language: the error said "no fr side (it holds en-US)"."""
    unnamed = XLIFF_12.replace(' target-language="fr"', "")
    with pytest.raises(InputError, match=r'ui\.xlf: no fr side: .* \(target-language="fr"'):
        list(read_pairs(write(tmp_path, unnamed), "xliff", ("fr", "en")))


def test_writing_back_no_targets_gives_the_file_back_byte_for_byte(tmp_path):
    for text in (XLIFF_12, XLIFF_20):
        path = write(tmp_path, text)
        assert write_targets(path, {}) == text.encode("utf-8")


def test_targets_written_back_carry_their_inline_codes_and_a_machine_state(tmp_path):
    path = write(tmp_path, XLIFF_12)
    out = write_targets(path, {"new": 'Créer un <g id="9">compte</g>'})
    tree = etree.fromstring(out)
    ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
    target = tree.find(".//x:trans-unit[@id='new']/x:target", ns)
    assert etree.tostring(target, encoding="unicode", with_tail=False).endswith(
        'Créer un <g id="9">compte</g></target>'
    )
    assert (target.get("state"), target.get("state-qualifier")) == (
        "needs-review-translation",
        "mt-suggestion",
    )
    path = write(tmp_path, XLIFF_20)
    out = write_targets(path, {"u1/s2": "Puis quittez."})
    (new,) = [u for u in read_units(write(tmp_path, out.decode(), "out.xlf")) if u.id == "u1/s2"]
    assert (new.target, new.state, new.qualifier) == ("Puis quittez.", "translated", MT_SUBSTATE)


def test_a_truncated_xliff_file_is_one_error_naming_its_line(tmp_path):
    path = write(tmp_path, XLIFF_12[: XLIFF_12.index('id="review"')])
    with pytest.raises(InputError, match=r"ui\.xlf:\d+: not well-formed XML"):
        list(read_units(path))


def test_an_undefined_entity_is_one_error_naming_it_and_its_line(tmp_path):
    """HTML's &nbsp; stopped lxml's parse: "ui.xlf:0: not well-formed XML: no element found"."""
    text = XLIFF_12.replace("</source>", "&nbsp;</source>", 1)
    line = text[: text.index("&nbsp;")].count("\n") + 1
    path = write(tmp_path, text)
    with pytest.raises(
        InputError, match=rf"ui\.xlf:{line}: not well-formed XML: Entity 'nbsp' not"
    ):
        list(read_units(path))


HANDWRITTEN = """<?xml version='1.0' encoding='utf-8'?>
<!-- exported by hand -->
<xliff version='1.2' xmlns='urn:oasis:names:tc:xliff:document:1.2'>
 <file source-language='en' datatype='plaintext' original='ui'>
  <body>
   <trans-unit id='a'>
     <source>Save&#160;all <x id='1' /></source>
     <alt-trans><source>Save all</source><target>Tout enregistrer</target></alt-trans>
   </trans-unit>
   <trans-unit id='b'><source>Quit</source><target state='new'/></trans-unit>
   <trans-unit id='c'><source>Open</source><target state='translated' xml:lang='fr'
     >Ouvrir</target></trans-unit>
  </body>
 </file>
</xliff>
"""


def test_a_document_lxml_would_rewrite_comes_back_byte_for_byte_but_its_new_targets(tmp_path):
    path = write(tmp_path, HANDWRITTEN)
    assert write_targets(path, {}) == HANDWRITTEN.encode()
    out = write_targets(
        path, {"a": 'Tout enregistrer <x id="1"/>', "b": "Quitter", "c": "Ouvrir…"}, "fr"
    ).decode()
    mt = 'state="needs-review-translation" state-qualifier="mt-suggestion"'
    expected = (
        HANDWRITTEN.replace("original='ui'>", "original='ui' target-language=\"fr\">")
        .replace(
            "<x id='1' /></source>\n",
            f"<x id='1' /></source>\n     <target {mt}>Tout enregistrer <x id=\"1\"/></target>\n",
        )
        .replace("<target state='new'/>", "<target state='needs-review-translation' "
                 'state-qualifier="mt-suggestion">Quitter</target>')
        .replace(
            "<target state='translated' xml:lang='fr'\n     >Ouvrir</target>",
            "<target state='needs-review-translation' xml:lang='fr' "
            'state-qualifier="mt-suggestion"\n     >Ouvrir…</target>',
        )
    )  # fmt: skip
    assert out == expected  # the alternative translation's target is not the unit's
    units = {u.id: u for u in read_units(write(tmp_path, out, "out.xlf"))}
    assert units["a"].target_text == "Tout enregistrer"
    assert units["a"].languages == ("en", "fr")


def test_a_target_that_is_not_xml_is_one_error_and_nothing_is_written(tmp_path):
    path = write(tmp_path, HANDWRITTEN)
    with pytest.raises(InputError, match=r"ui\.xlf:unit b: a target that is not XML"):
        write_targets(path, {"b": "Quitter <g id='1'>"})


def test_a_utf16_document_gets_its_targets_too(tmp_path):
    path = tmp_path / "utf16.xlf"
    path.write_bytes(("\ufeff" + XLIFF_20.replace("UTF-8", "UTF-16")).encode("utf-16-le"))
    out = tmp_path / "out.xlf"
    out.write_bytes(write_targets(str(path), {"u1/s2": "Puis quittez."}))
    (new,) = [u for u in read_units(str(out)) if u.id == "u1/s2"]
    assert (new.target, new.state) == ("Puis quittez.", "translated")


def test_a_units_text_is_what_nmt_translate_reads_of_its_source(tmp_path):
    from nmt_cli.markup.pages import Page

    for unit in read_units(write(tmp_path, XLIFF_12)):
        assert Page(unit.source, "xml", fragment=True).texts() == [unit.source_text]


REVIEWED = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="ui" source-language="en" target-language="fr" datatype="plaintext"><body>
    <trans-unit id="a"><source>Save</source>
      <target state="translated" state-qualifier="rejected-inaccurate">Quitter</target>
    </trans-unit>
    <trans-unit id="b"><source>Open</source>
      <target state="signed-off" state-qualifier="rejected-grammar">Ouvrez</target>
    </trans-unit>
    <trans-unit id="c"><source>Close</source><target state="new">Fermer</target></trans-unit>
    <trans-unit id="d"><source>Quit</source>
      <target state="needs-translation">Quitter</target>
    </trans-unit>
    <trans-unit id="e"><source>Print</source><target state="final">Imprimer</target></trans-unit>
  </body></file>
</xliff>
"""


def test_a_target_a_reviewer_rejected_or_still_to_translate_gives_no_pair(tmp_path):
    report = []
    pairs = list(read_pairs(write(tmp_path, REVIEWED), "xliff", ("en", "fr"), report.append))
    assert pairs == [("Print", "Imprimer")]
    assert report[0].endswith("5 read, 1 pairs kept; skipped: 2 rejected, 2 untranslated")


def test_an_xliff_20_segment_whose_substate_says_rejected_gives_no_pair(tmp_path):
    rejected = XLIFF_20.replace('state="final"', 'state="reviewed" subState="acme:rejected"')
    pairs = list(read_pairs(write(tmp_path, rejected, "ui.xliff"), "xliff", ("en", "fr")))
    assert pairs == [("Click Save now.", "Cliquez sur Enregistrer maintenant.")]


TRADOS = (
    '<?xml version="1.0" encoding="utf-8"?><xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0"'
    ' xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" sdl:version="1.0">'
    '<file original="guide.docx" datatype="x-sdlfilterframework2" source-language="fr-FR"'
    ' target-language="en-US"><header><file-info xmlns="http://sdl.com/FileTypes/SdlXliff/1.0">'
    '<value key="SDL:FileId">9f1</value></file-info></header><body>'
    '<trans-unit id="a1"><source>Le chat dort. Le <g id="pt1">chien</g> court.</source>'
    '<seg-source><mrk mtype="seg" mid="1">Le chat dort.</mrk> '
    '<mrk mtype="seg" mid="2">Le <g id="pt1">chien</g> court.</mrk></seg-source>'
    '<target><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
    '<mrk mtype="seg" mid="2">The <g id="pt1">dog</g> runs.</mrk></target>'
    '<sdl:seg-defs><sdl:seg id="1" conf="Translated" origin="interactive"/>'
    '<sdl:seg id="2" conf="Draft" origin="mt"/></sdl:seg-defs></trans-unit>'
    '<trans-unit id="a2"><source>Au revoir.</source>'
    '<seg-source><mrk mtype="seg" mid="3">Au revoir.</mrk></seg-source>'
    '<target><mrk mtype="seg" mid="3"/></target>'
    '<sdl:seg-defs><sdl:seg id="3"/></sdl:seg-defs></trans-unit>'
    "</body></file></xliff>"
)


def test_words_a_reviewer_deleted_with_tracked_changes_are_not_the_target(tmp_path):
    """Trados keeps a reviewer's deletion in the target, marked: the pair is the text as the
    changes leave it (before: "The cat dog sleeps.", both words, and "Bye. Goodbye.")."""
    tracked = TRADOS.replace(
        "The cat sleeps.",
        'The <mrk mtype="x-sdl-deleted" sdl:revid="r1">cat</mrk>'
        '<mrk mtype="x-sdl-added" sdl:revid="r2">dog</mrk> sleeps.',
    ).replace(
        '<mrk mtype="seg" mid="3"/>',
        '<mrk mtype="seg" mid="3"><mrk mtype="x-sdl-deleted" sdl:revid="r3">Bye. </mrk>'
        "Goodbye.</mrk>",
    ).replace('<sdl:seg id="3"/>', '<sdl:seg id="3" conf="Translated" origin="interactive"/>')
    path = write(tmp_path, tracked, "guide.docx.sdlxliff")
    pairs = list(read_pairs(path, "xliff", ("fr", "en")))
    assert pairs == [("Le chat dort.", "The dog sleeps."), ("Au revoir.", "Goodbye.")]


@pytest.mark.parametrize(
    "name", ["guide.docx.sdlxliff", "guide.mqxliff", "GUIDE.SDLXLIFF.gz", "guide.docx.mxliff"]
)
def test_trados_memoq_and_phrase_files_are_xliff_to_train_on_and_to_translate(name):
    from nmt_cli.documents.registry import format_for

    assert format_of(name) == "xliff"
    assert format_for(name, None).name == "xliff"  # was read as lines of text, its tags garbled


def test_a_trados_file_gives_its_units(tmp_path):
    units = list(read_units(write(tmp_path, TRADOS, "guide.docx.sdlxliff")))
    assert [u.id for u in units] == ["a1", "a2"]
    assert units[0].languages == ("fr-FR", "en-US")


def test_a_trados_file_gives_a_pair_for_each_segment_its_status_vouches_for(tmp_path):
    report = []
    path = write(tmp_path, TRADOS, "guide.docx.sdlxliff")
    pairs = list(read_pairs(path, "xliff", ("fr", "en"), report.append))
    assert pairs == [("Le chat dort.", "The cat sleeps.")]  # not the draft a machine wrote
    assert report[0].endswith(
        "2 read, 1 pairs kept; skipped: 1 machine translation, 1 untranslated"
    )


@pytest.mark.parametrize(
    ("status", "kept"),
    [
        ('conf="ApprovedSignOff" origin="tm" percent="100"', True),
        ('conf="Translated" origin="interactive"', True),
        ('conf="Draft" origin="interactive"', False),
        ('conf="RejectedTranslation" origin="interactive"', False),
        ('conf="Translated" origin="nmt"', False),
        ('origin="source"', False),  # no conf: not translated, the source copied
    ],
)
def test_a_trados_segments_status_decides_whether_it_is_trained_on(tmp_path, status, kept):
    text = TRADOS.replace('conf="Draft" origin="mt"', status)
    pairs = list(read_pairs(write(tmp_path, text, "g.sdlxliff"), "xliff", ("fr", "en")))
    assert (("Le chien court.", "The dog runs.") in pairs) == kept


def memoq(units: str) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff" version="1.2">'
        '<file original="a.docx" source-language="en"'
        f' target-language="fr" datatype="x-memoq"><body>{units}</body></file></xliff>'
    )


@pytest.mark.parametrize(
    ("status", "kept"),
    [
        ("ManuallyConfirmed", True),
        ("Reviewer1Confirmed", True),
        ("NotStarted", False),  # memoQ writes the source copied, or a fuzzy match, as a target
        ("PartiallyEdited", False),
        ("Pretranslated", False),
        ("MachineTranslated", False),
        ("Rejected", False),
    ],
)
def test_a_memoq_units_status_decides_whether_it_is_trained_on(tmp_path, status, kept):
    unit = (
        f'<trans-unit id="1" mq:status="{status}" mq:locked="no">'
        '<source xml:space="preserve">Save</source>'
        '<target xml:space="preserve">Enregistrer</target></trans-unit>'
    )
    path = write(tmp_path, memoq(unit), "a.docx.mqxliff")
    assert list(read_pairs(path, "xliff", ("en", "fr"))) == (
        [("Save", "Enregistrer")] if kept else []
    )


MEMOQ_UNITS = (
    '<trans-unit id="1" mq:status="NotStarted" mq:segmentguid="a1">'
    '<source xml:space="preserve">Save</source>'
    '<target xml:space="preserve"></target></trans-unit>\n'
    '<trans-unit id="2" mq:status="ManuallyConfirmed" mq:segmentguid="a2">'
    '<source xml:space="preserve">Open</source>'
    '<target xml:space="preserve">Ouvrir</target></trans-unit>'
)


@pytest.mark.parametrize(
    ("remembered", "status"),
    [((), 'mq:status="MachineTranslated"'), (("1",), 'mq:status="Pretranslated"')],
)
def test_a_memoq_unit_given_a_target_gets_the_status_memoq_shows_for_it(
    tmp_path, remembered, status
):
    path = write(tmp_path, memoq(MEMOQ_UNITS), "a.docx.mqxliff")
    out = write_targets(path, {"1": "Enregistrer"}, remembered=remembered).decode()
    unit = out[out.index('<trans-unit id="1"') :].split(">", 1)[0]
    assert status in unit  # was still "NotStarted": memoQ showed the target as nobody's
    assert ('mq:percent="100"' in unit) == bool(remembered)  # an exact match of a memory
    assert '<trans-unit id="2" mq:status="ManuallyConfirmed" mq:segmentguid="a2">' in out
    assert list(read_pairs(write(tmp_path, out, "b.mqxliff"), "xliff", ("en", "fr"))) == [
        ("Open", "Ouvrir")
    ]  # what a machine or a memory wrote is not trained on


def test_a_memoq_file_in_utf16_gets_its_units_status_too(tmp_path):
    path = tmp_path / "a.mqxliff"
    text = memoq(MEMOQ_UNITS).replace('encoding="utf-8"', 'encoding="UTF-16"')
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    out = write_targets(str(path), {"1": "Enregistrer"})[2:].decode("utf-16-le")
    unit = '<trans-unit id="1" mq:status="MachineTranslated" mq:segmentguid="a1" mq:percent="0">'
    assert unit in out


def test_a_trados_segment_whose_target_a_model_wrote_is_marked_a_machines_draft(tmp_path):
    path = write(tmp_path, TRADOS, "guide.docx.sdlxliff")
    out = write_targets(path, {"a2": '<mrk mtype="seg" mid="3">Goodbye.</mrk>'}).decode()
    assert '<sdl:seg id="3" conf="Draft" origin="mt"/>' in out  # was no conf: "Not Translated"
    assert '<sdl:seg id="1" conf="Translated" origin="interactive"/>' in out  # the others kept
    expected = TRADOS.replace(
        '<target><mrk mtype="seg" mid="3"/></target><sdl:seg-defs><sdl:seg id="3"/>',
        '<target state="needs-review-translation" state-qualifier="mt-suggestion">'
        '<mrk mtype="seg" mid="3">Goodbye.</mrk></target>'
        '<sdl:seg-defs><sdl:seg id="3" conf="Draft" origin="mt"/>',
    )
    assert out == expected != TRADOS  # every other byte as it was
    assert write_targets(path, {}) == TRADOS.encode()


PHRASE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"'
    ' xmlns:m="http://www.memsource.com/mxlf/2.0" version="1.2">\n'
    '<file original="a.docx" source-language="en" target-language="fr"><body>\n'
    '<trans-unit id="t:0" m:confirmed="0" m:locked="false" m:trans-origin="null">'
    "<source>Save</source><target></target></trans-unit>\n"
    '<trans-unit id="t:1" m:confirmed="1" m:locked="false" m:trans-origin="interactive">'
    "<source>Open</source><target>Ouvrir</target></trans-unit>\n"
    '<trans-unit id="t:2" m:confirmed="0" m:locked="true">'
    "<source>Close</source><target></target></trans-unit>\n"
    '<trans-unit id="t:3" m:confirmed="0" m:locked="false" m:trans-origin="mt">'
    "<source>Print</source><target>Imprime</target></trans-unit>\n"
    "</body></file></xliff>\n"
)


def test_a_phrase_file_gives_its_confirmed_units_and_marks_a_machines_target_so(tmp_path):
    from nmt_cli.documents.xliff import read_xliff

    path = write(tmp_path, PHRASE, "a.docx.mxliff")
    assert format_of(path) == "xliff"  # was read as lines: its sources were translated
    assert list(read_pairs(path, "xliff", ("en", "fr"))) == [("Open", "Ouvrir")]
    document = read_xliff(PHRASE.encode(), path, retranslate="none")
    assert [c.unit.id for c in document.chosen] == ["t:0"]  # not the locked one, nor a match
    document = read_xliff(PHRASE.encode(), path, retranslate="fuzzy")
    assert [c.unit.id for c in document.chosen] == ["t:0", "t:3"]  # a draft not confirmed
    out = write_targets(path, {"t:0": "Enregistrer"}).decode()
    assert (
        '<trans-unit id="t:0" m:confirmed="0" m:locked="false" m:trans-origin="mt"'
        ' m:score="0.0" m:gross-score="0.0">'
    ) in out
    assert out.count('m:trans-origin="mt"') == 2  # t:3's as it was
