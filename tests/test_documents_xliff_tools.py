"""XLIFF files as the tools that export them write them (Okapi Rainbow, Trados/SDL, TMSs): ITS
attributes, ``<seg-source>`` segmentation, CRLF line ends, extension namespaces. Each case is
one that came out wrong before its fix (see the docstrings of formats/xliff.py and
xliff_splice.py)."""

from __future__ import annotations

from xliff_check import problems

from nmt_cli.documents.xliff import read_xliff
from nmt_cli.formats.xliff import read_units
from nmt_cli.inference.translation import Translation

HEAD_12 = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"'
    ' xmlns:its="http://www.w3.org/2005/11/its" xmlns:okp="okapi-framework:xliff-extensions">\n'
    '<file original="help.html" source-language="fr" datatype="html">\n<body>\n'
)
TAIL_12 = "</body>\n</file>\n</xliff>\n"


def upper(sources: list[str]) -> list[Translation]:
    """Each text in capitals, each word aligned to itself: a target is told from its source."""
    return [
        Translation(s, s.upper(), 0.0, alignment=[(k, k) for k in range(len(s.split()))])
        for s in sources
    ]


def render(body: str, head: str = HEAD_12, tail: str = TAIL_12, warn=print) -> bytes:
    document = read_xliff((head + body + tail).encode("utf-8"), "help.xlf", retranslate="none")
    return document.render(upper(document.sources()), "en", warn)


def test_a_unit_marked_its_translate_no_is_not_translated_as_translate_no_is_not():
    body = (
        '<trans-unit id="brand" its:translate="no"><source>Ne pas traduire</source></trans-unit>\n'
        '<group id="g" its:translate="no">\n'
        '<trans-unit id="inside"><source>Dans le groupe</source></trans-unit>\n</group>\n'
        '<trans-unit id="other"><source>Traduire</source></trans-unit>\n'
    )
    read = {u.id: u.translate for u in read_units("help.xlf", (HEAD_12 + body + TAIL_12).encode())}
    assert read == {"brand": False, "inside": False, "other": True}
    out = render(body).decode()
    assert "NE PAS" not in out and "DANS LE" not in out and "<target" in out


def test_a_group_to_translate_inside_one_not_to_is_translated_the_nearest_saying_so_wins():
    body = (
        '<group id="g" translate="no">\n'
        '<trans-unit id="kept"><source>Ne pas traduire</source></trans-unit>\n'
        '<group id="g2" translate="yes">\n'
        '<trans-unit id="inner"><source>Traduire ceci</source></trans-unit>\n'
        '<trans-unit id="brand" translate="no"><source>Agenda</source></trans-unit>\n'
        "</group>\n</group>\n"
        '<group id="g3" its:translate="no"><group id="g4" its:translate="yes">\n'
        '<trans-unit id="its"><source>Traduire aussi</source></trans-unit>\n</group></group>\n'
    )
    read = {u.id: u.translate for u in read_units("help.xlf", (HEAD_12 + body + TAIL_12).encode())}
    assert read == {"kept": False, "inner": True, "brand": False, "its": True}
    out = render(body).decode()
    assert "TRADUIRE CECI" in out and "TRADUIRE AUSSI" in out
    assert "NE PAS" not in out and "AGENDA" not in out


SEGMENTED = (
    '<trans-unit id="p1">\n<source>Ouvrez le fichier. Puis fermez-le.</source>\n'
    '<seg-source><mrk mtype="seg" mid="1">Ouvrez le fichier.</mrk> '
    '<mrk mtype="seg" mid="2">Puis fermez-le.</mrk></seg-source>\n</trans-unit>\n'
)


def test_a_new_target_follows_the_seg_source_as_the_12_schema_orders_them():
    out = render(SEGMENTED).decode()
    assert out.index("</seg-source>") < out.index("<target")
    assert problems(out.encode()) == []
    utf16 = (HEAD_12 + SEGMENTED + TAIL_12).replace('"UTF-8"', '"UTF-16"').encode("utf-16")
    document = read_xliff(utf16, "help.xlf", retranslate="none")
    out = document.render(upper(document.sources()), "en", print).decode("utf-16")
    assert out.index("</seg-source>") < out.index("<target")


def test_a_new_target_line_in_a_crlf_file_ends_in_crlf_as_every_other_line():
    body = '<trans-unit id="t">\n  <source>Fermer</source>\n</trans-unit>\n'
    crlf = (HEAD_12 + body + TAIL_12).replace("\n", "\r\n").encode("utf-8")
    document = read_xliff(crlf, "help.xlf", retranslate="none")
    out = document.render(upper(document.sources()), "en", print)
    assert b"</source>\r\n  <target" in out
    assert out.count(b"\n") == out.count(b"\r\n") == crlf.count(b"\n") + 1


def test_an_inline_code_keeps_only_the_namespaces_it_uses_not_every_one_of_the_file():
    body = (
        '<trans-unit id="t"><source>Voir <g id="1">ici</g> et <x id="2"/> <ph id="3"'
        ' okp:k="v">%s</ph></source></trans-unit>\n'
    )
    [unit] = read_units("help.xlf", (HEAD_12 + body + TAIL_12).encode())
    assert unit.source == (
        'Voir <g id="1">ici</g> et <x id="2"/>'
        ' <ph xmlns:okp="okapi-framework:xliff-extensions" id="3" okp:k="v">%s</ph>'
    )
    out = render(body).decode()
    assert '<g id="1">ICI</g> ET <x id="2"/>' in out and "xmlns:its" not in out.split("<body>")[1]


def test_a_unit_segmented_in_its_seg_source_gets_a_target_of_the_same_mrk_segments():
    # each segment translated on its own, so that the tool matches target segments to source
    # ones; one holding only a code is copied; an empty segmented target is filled the same way
    body = SEGMENTED + (
        '<trans-unit id="p2">\n<source>Le <g id="1">rapport</g> est prêt.<x id="2"/></source>\n'
        '<seg-source><mrk mtype="seg" mid="1">Le <g id="1">rapport</g> est prêt.</mrk>'
        '<mrk mtype="seg" mid="2"><x id="2"/></mrk></seg-source>\n'
        '<target><mrk mtype="seg" mid="1"></mrk><mrk mtype="seg" mid="2"></mrk></target>\n'
        "</trans-unit>\n"
    )
    document = read_xliff((HEAD_12 + body + TAIL_12).encode(), "help.xlf", retranslate="none")
    assert document.sources() == ["Ouvrez le fichier.", "Puis fermez-le.", "Le rapport est prêt."]
    out = document.render(upper(document.sources()), "en", print)
    targets = {u.id: u.target for u in read_units("out.xlf", out)}
    assert targets == {
        "p1": '<mrk mtype="seg" mid="1">OUVREZ LE FICHIER.</mrk> '
        '<mrk mtype="seg" mid="2">PUIS FERMEZ-LE.</mrk>',
        "p2": '<mrk mtype="seg" mid="1">LE <g id="1">RAPPORT</g> EST PRÊT.</mrk>'
        '<mrk mtype="seg" mid="2"><x id="2"/></mrk>',
    }
    assert problems(out) == []


def test_a_segmented_target_with_segments_left_empty_gets_them_filled_the_others_kept():
    # a tool that leveraged a memory (Okapi Rainbow) filled the segments it found and left the
    # others empty: the unit, its target not empty, was left so, a sentence untranslated
    body = (
        '<trans-unit id="p1">\n<source>Ouvrez le fichier. Puis fermez-le.</source>\n'
        '<seg-source><mrk mtype="seg" mid="1">Ouvrez le fichier.</mrk> '
        '<mrk mtype="seg" mid="2">Puis fermez-le.</mrk></seg-source>\n'
        '<target><mrk mtype="seg" mid="1">Open the file.</mrk> <mrk mtype="seg" mid="2"></mrk>'
        "</target>\n</trans-unit>\n"
        '<trans-unit id="p2">\n<source>Ouvrez le fichier.</source>\n'
        '<seg-source><mrk mtype="seg" mid="1">Ouvrez le fichier.</mrk></seg-source>\n'
        '<target><mrk mtype="seg" mid="1">Open the file.</mrk></target>\n</trans-unit>\n'
        '<trans-unit id="p3">\n<source>Fin.<x id="1"/></source>\n'  # a code is no gap
        '<seg-source><mrk mtype="seg" mid="1">Fin.</mrk><mrk mtype="seg" mid="2"><x id="1"/>'
        '</mrk></seg-source>\n<target state="translated"><mrk mtype="seg" mid="1">End.</mrk>'
        '<mrk mtype="seg" mid="2"><x id="1"/></mrk></target>\n</trans-unit>\n'
    )
    document = read_xliff((HEAD_12 + body + TAIL_12).encode(), "help.xlf", retranslate="none")
    assert document.sources() == ["Puis fermez-le."]
    out = document.render(upper(document.sources()), "en", print)
    targets = {u.id: u.target for u in read_units("out.xlf", out)}
    assert targets == {
        "p1": '<mrk mtype="seg" mid="1">Open the file.</mrk> '
        '<mrk mtype="seg" mid="2">PUIS FERMEZ-LE.</mrk>',
        "p2": '<mrk mtype="seg" mid="1">Open the file.</mrk>',
        "p3": '<mrk mtype="seg" mid="1">End.</mrk><mrk mtype="seg" mid="2"><x id="1"/></mrk>',
    }
    assert {u.id: u.state for u in read_units("out.xlf", out)}["p3"] == "translated"
    again = read_xliff((HEAD_12 + body + TAIL_12).encode(), "help.xlf", retranslate="all")
    assert again.sources() == [
        "Ouvrez le fichier.",
        "Puis fermez-le.",
        "Ouvrez le fichier.",
        "Fin.",
    ]
    assert problems(out) == []


def test_a_target_over_its_units_maxwidth_in_characters_is_written_and_warned_of():
    body = (
        '<trans-unit id="save" maxwidth="10" size-unit="char"><source>Enregistrer sous'
        " un autre nom</source></trans-unit>\n"
        '<trans-unit id="px" maxwidth="10" size-unit="pixel"><source>Aide en ligne'
        " complète</source></trans-unit>\n"
    )
    warned: list[str] = []
    out = render(body, warn=warned.append)
    assert b">ENREGISTRER SOUS UN AUTRE NOM</target>" in out and problems(out) == []
    assert warned == ['unit "save": its target is 29 characters, over its maxwidth 10']


HEAD_20 = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"'
    ' version="2.0" srcLang="fr" trgLang="en">\n<file id="f1">\n'
)
TAIL_20 = "</file>\n</xliff>\n"


def test_words_between_sm_and_em_marked_translate_no_are_not_translated():
    """XLIFF 2.0's ``<sm translate="no"/>Paris<em/>`` (a marker written in two halves, as
    ``<mrk translate="no">`` is in one) was read as words to translate: the model wrote
    "a" for "Paris". They are held as a ``<mrk translate="no">`` is: the target has them."""
    marked = '<sm id="m1" translate="no"/>Paris &amp; Lyon<em startRef="m1"/>'
    body = f'<unit id="u1"><segment><source>Il fait {marked} beau.</source></segment></unit>\n'
    document = read_xliff((HEAD_20 + body + TAIL_20).encode(), "a.xlf", retranslate="none")
    assert "Paris" not in document.sources()[0] and "fait" in document.sources()[0]
    out = document.render(upper(document.sources()), "en", print).decode()
    assert f"<target>IL FAIT {marked} BEAU.</target>" in out
    assert not problems(out.encode())


def test_a_symfony_pluralized_message_has_each_form_translated_its_intervals_kept():
    """Symfony's ``{0} ...|{1} ...|]1,Inf[ ...`` read whole: the model ran its forms together
    and lost the pipes. Each form is now a text, its interval and pipe as written; a pipe in a
    text that is no such message (no interval, no ``%count%``) stays in its text."""
    data = (
        HEAD_12 + '<trans-unit id="a" resname="apples"><source>{0} Aucune pomme|{1} Une pomme|'
        "]1,Inf[ %count% pommes</source></trans-unit>\n"
        + '<trans-unit id="b"><source>Une pomme| %count% pommes</source></trans-unit>\n'
        + '<trans-unit id="c"><source>Gras|Italique</source></trans-unit>\n'
        + TAIL_12
    ).encode("utf-8")
    document = read_xliff(data, "messages.fr.xlf", retranslate="none")
    assert document.sources() == [
        "Aucune pomme",
        "Une pomme",
        "%count% pommes",
        "Une pomme",
        "%count% pommes",
        "Gras|Italique",
    ]
    out = document.render(upper(document.sources()), "en", print).decode("utf-8")
    targets = [u.target for u in read_units("out.xlf", out.encode("utf-8"))]
    assert targets == [
        "{0} AUCUNE POMME|{1} UNE POMME|]1,Inf[ %COUNT% POMMES",
        "UNE POMME| %COUNT% POMMES",
        "GRAS|ITALIQUE",
    ]
    assert not problems(out.encode("utf-8"))


SDL_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?><xliff xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0"'
    ' xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" sdl:version="1.0">'
    '<file original="g.docx" source-language="fr-FR" target-language="en-US"><body>'
)


def test_a_trados_segment_a_translation_memory_gave_is_marked_the_memorys_not_a_machines():
    body = (
        '<trans-unit id="a1"><source>Bonjour. Le chat dort.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Bonjour.</mrk> <mrk mtype="seg" mid="2">Le chat dort.</mrk>'
        '</seg-source><target><mrk mtype="seg" mid="1"/> <mrk mtype="seg" mid="2"/></target>'
        '<sdl:seg-defs><sdl:seg id="1"/><sdl:seg id="2"/></sdl:seg-defs></trans-unit>'
        '<trans-unit id="a2"><source>Bonjour.</source><seg-source>'
        '<mrk mtype="seg" mid="3">Bonjour.</mrk></seg-source>'
        '<target><mrk mtype="seg" mid="3"/></target>'
        '<sdl:seg-defs><sdl:seg id="3"/></sdl:seg-defs></trans-unit>'
    )
    document = read_xliff((SDL_HEAD + body + TAIL_12).encode(), "g.sdlxliff", retranslate="none")
    assert document.sources() == ["Bonjour.", "Le chat dort.", "Bonjour."]
    translations = upper(document.sources())
    translations[0].remembered = translations[2].remembered = True  # "Bonjour." is in memory
    out = document.render(translations, "en", print).decode()
    memory, machine = 'conf="Draft" origin="tm" percent="100"', 'conf="Draft" origin="mt"'
    assert f'<sdl:seg id="1" {memory}/><sdl:seg id="2" {machine}/>' in out  # each its own
    assert f'<sdl:seg id="3" {memory}/>' in out  # was origin="mt": a machine's to Trados


def test_a_unit_its_tool_locked_keeps_its_target_as_it_is():
    memoq = (
        '<?xml version="1.0" encoding="utf-8"?>\n<xliff version="1.2"'
        ' xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff">'
        '<file original="a.docx" source-language="fr" datatype="x-memoq"><body>'
        '<trans-unit id="1" mq:status="NotStarted" mq:locked="locked">'
        "<source>Le chat dort.</source><target></target></trans-unit>"
        '<trans-unit id="2" mq:status="NotStarted" mq:locked="no">'
        "<source>Le chien court.</source><target></target></trans-unit>"
    )
    document = read_xliff((memoq + TAIL_12).encode(), "a.mqxliff", retranslate="all")
    assert document.sources() == ["Le chien court."]  # the locked one was translated too
    trados = (
        '<trans-unit id="a1"><source>Bonjour. Le chat dort.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Bonjour.</mrk> <mrk mtype="seg" mid="2">Le chat dort.</mrk>'
        '</seg-source><target><mrk mtype="seg" mid="1">Bonjour.</mrk> '
        '<mrk mtype="seg" mid="2"/></target><sdl:seg-defs><sdl:seg id="1" locked="true"/>'
        '<sdl:seg id="2"/></sdl:seg-defs></trans-unit>'
        '<trans-unit id="a2"><source>Au revoir.</source><seg-source>'
        '<mrk mtype="seg" mid="3">Au revoir.</mrk></seg-source>'
        '<target><mrk mtype="seg" mid="3"/></target>'
        '<sdl:seg-defs><sdl:seg id="3" locked="true"/></sdl:seg-defs></trans-unit>'
    )
    data = (SDL_HEAD + trados + TAIL_12).encode()
    for retranslate in ("none", "all"):
        document = read_xliff(data, "g.sdlxliff", retranslate=retranslate)
        assert document.sources() == ["Le chat dort."]
    out = document.render(upper(document.sources()), "en", print).decode()
    assert '<mrk mtype="seg" mid="1">Bonjour.</mrk> <mrk mtype="seg" mid="2">LE CHAT' in out
    assert '<target><mrk mtype="seg" mid="3"/></target>' in out


def test_a_memoq_unit_not_started_is_translated_whatever_its_target_holds():
    memoq = (
        '<?xml version="1.0" encoding="utf-8"?>\n<xliff version="1.2"'
        ' xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff">'
        '<file original="a.docx" source-language="fr" datatype="x-memoq"><body>'
        '<trans-unit id="1" mq:status="NotStarted">'  # memoQ copied the source into it
        "<source>Le chat dort.</source><target>Le chat dort.</target></trans-unit>"
        '<trans-unit id="2" mq:status="ManuallyConfirmed">'
        "<source>Le chien court.</source><target>The dog runs.</target></trans-unit>"
    )
    document = read_xliff((memoq + TAIL_12).encode(), "a.mqxliff", retranslate="none")
    assert document.sources() == ["Le chat dort."]  # was left as it was, in French


def test_retranslate_fuzzy_translates_the_drafts_trados_and_memoq_mark_not_what_they_confirm():
    trados = (
        '<trans-unit id="a1"><source>Le chat dort. Le chien court.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Le chat dort.</mrk> <mrk mtype="seg" mid="2">Le chien court.'
        '</mrk></seg-source><target><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2">Dog run.</mrk></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="Translated" origin="interactive"/>'
        '<sdl:seg id="2" conf="Draft" origin="tm" percent="80" text-match="Source"/>'
        "</sdl:seg-defs></trans-unit>"
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="fuzzy")
    assert document.sources() == ["Le chien court."]  # the 80% match; was: nothing
    out = document.render(upper(document.sources()), "en", print).decode()
    assert '<mrk mtype="seg" mid="1">The cat sleeps.</mrk> <mrk mtype="seg" mid="2">LE' in out
    assert '<sdl:seg id="2" conf="Draft" origin="mt"/>' in out  # the match's rate gone with it
    units = "".join(
        f'<trans-unit id="{k}" mq:status="{status}"{percent}><source>{text}</source>'
        f"<target>{text}</target></trans-unit>"
        for k, (status, percent, text) in enumerate(
            [
                ("Pretranslated", ' mq:percent="85"', "Un"),  # a fuzzy match
                ("Pretranslated", ' mq:percent="100"', "Deux"),
                ("MachineTranslated", "", "Trois"),
                ("Rejected", "", "Quatre"),
                ("ManuallyConfirmed", "", "Cinq"),
                ("PartiallyEdited", "", "Six"),  # a translator's, being written
            ]
        )
    )
    head = (
        '<?xml version="1.0" encoding="utf-8"?>\n<xliff version="1.2"'
        ' xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff">'
        '<file original="a.docx" source-language="fr" datatype="x-memoq"><body>'
    )
    document = read_xliff((head + units + TAIL_12).encode(), "a.mqxliff", retranslate="fuzzy")
    assert document.sources() == ["Un", "Trois", "Quatre"]  # was: none of them
    out = document.render(upper(document.sources()), "en", print).decode()
    assert '<trans-unit id="0" mq:status="MachineTranslated" mq:percent="0"><source>' in out


def test_a_trados_segment_translated_again_to_the_text_it_had_is_marked_a_machines_draft():
    trados = (
        '<trans-unit id="a1"><source>Le chat dort. Le chien court.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Le chat dort.</mrk> <mrk mtype="seg" mid="2">Le chien court.'
        '</mrk></seg-source><target><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2">LE CHIEN COURT.</mrk></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="Translated" origin="interactive"/>'
        '<sdl:seg id="2" conf="Draft" origin="tm" percent="80" text-match="Source"/>'
        "</sdl:seg-defs></trans-unit>"
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="fuzzy")
    assert document.sources() == ["Le chien court."]
    out = document.render(upper(document.sources()), "en", print).decode()
    assert '<mrk mtype="seg" mid="2">LE CHIEN COURT.</mrk>' in out  # the same words
    assert '<sdl:seg id="2" conf="Draft" origin="mt"/>' in out  # was: the 80% match's, kept
    assert '<sdl:seg id="1" conf="Translated" origin="interactive"/>' in out


def test_a_trados_segment_not_translated_is_translated_though_its_source_was_copied_there():
    trados = (
        '<trans-unit id="a1"><source>Le chat dort. Le chien court.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Le chat dort.</mrk> <mrk mtype="seg" mid="2">Le chien court.'
        '</mrk></seg-source><target><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2">Le chien court.</mrk></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="Translated" origin="interactive"/>'
        '<sdl:seg id="2" origin="source"/></sdl:seg-defs></trans-unit>'  # no conf: not translated
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="none")
    assert document.sources() == ["Le chien court."]  # was left in French
    out = document.render(upper(document.sources()), "en", print).decode()
    assert '<mrk mtype="seg" mid="1">The cat sleeps.</mrk> <mrk mtype="seg" mid="2">LE' in out
    assert '<sdl:seg id="2" origin="mt" conf="Draft"/>' in out


def test_trados_segments_inside_a_paragraphs_formatting_code_stay_segments():
    trados = (
        '<trans-unit id="a1"><source><g id="5">Le chat dort. Le chien court.</g></source>'
        '<seg-source><g id="5"><mrk mtype="seg" mid="1">Le chat dort.</mrk> '
        '<mrk mtype="seg" mid="2">Le chien court.</mrk></g></seg-source>'
        '<target><g id="5"><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2"/></g></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="Translated"/><sdl:seg id="2"/></sdl:seg-defs></trans-unit>'
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="none")
    assert document.sources() == ["Le chien court."]  # the translated one kept
    out = document.render(upper(document.sources()), "en", print).decode()
    assert (
        '<g id="5"><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2">LE CHIEN COURT.</mrk></g></target>'
    ) in out  # was "<g id="5">...</g>" whole, no segments left for Trados to match
    assert '<sdl:seg id="2" conf="Draft" origin="mt"/>' in out


def test_retranslate_all_leaves_what_a_reviewer_approved_in_trados_or_memoq_as_it_is():
    trados = (
        '<trans-unit id="a1"><source>Le chat dort. Le chien court.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Le chat dort.</mrk> <mrk mtype="seg" mid="2">Le chien court.'
        '</mrk></seg-source><target><mrk mtype="seg" mid="1">The cat sleeps.</mrk> '
        '<mrk mtype="seg" mid="2">The dog runs.</mrk></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="ApprovedSignOff"/><sdl:seg id="2" conf="Translated"/>'
        "</sdl:seg-defs></trans-unit>"
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="all")
    assert document.sources() == ["Le chien court."]  # the signed-off one was translated too
    memoq = (
        '<?xml version="1.0" encoding="utf-8"?>\n<xliff version="1.2"'
        ' xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mq="MQXliff">'
        '<file original="a.docx" source-language="fr" datatype="x-memoq"><body>'
        '<trans-unit id="1" mq:status="Reviewer1Confirmed">'
        "<source>Le chat dort.</source><target>The cat sleeps.</target></trans-unit>"
        '<trans-unit id="2" mq:status="ManuallyConfirmed">'
        "<source>Le chien court.</source><target>The dog runs.</target></trans-unit>"
    )
    document = read_xliff((memoq + TAIL_12).encode(), "a.mqxliff", retranslate="all")
    assert document.sources() == ["Le chien court."]


def test_a_trados_segments_own_status_not_the_targets_state_says_what_is_translated_again(
    tmp_path,
):
    from nmt_cli.formats.pairs import read_pairs

    trados = (
        '<trans-unit id="a1"><source>Le chat dort. Le chien court.</source><seg-source>'
        '<mrk mtype="seg" mid="1">Le chat dort.</mrk> <mrk mtype="seg" mid="2">Le chien court.'
        '</mrk></seg-source><target><mrk mtype="seg" mid="1">The cat naps.</mrk> '
        '<mrk mtype="seg" mid="2"/></target><sdl:seg-defs>'
        '<sdl:seg id="1" conf="Translated" origin="interactive"/><sdl:seg id="2"/>'
        "</sdl:seg-defs></trans-unit>"
    )
    document = read_xliff((SDL_HEAD + trados + TAIL_12).encode(), "g.sdlxliff", retranslate="none")
    once = document.render(upper(document.sources()), "en", print)
    assert b'<target state="needs-review-translation"' in once  # the machine's segment in it
    document = read_xliff(once, "g.sdlxliff", retranslate="fuzzy")
    assert document.sources() == ["Le chien court."]  # was both: the translator's lost
    path = tmp_path / "g.sdlxliff"
    path.write_bytes(once)
    assert list(read_pairs(str(path), "xliff", ("fr", "en"))) == [
        ("Le chat dort.", "The cat naps.")
    ]  # was none: the target's state had the translator's segment as needing review too


def test_a_memoq_or_phrase_units_own_status_not_the_targets_state_says_if_it_is_confirmed(
    tmp_path,
):
    from nmt_cli.formats.pairs import read_pairs

    target = '<target state="needs-review-translation" state-qualifier="mt-suggestion">'
    for name, head, status in [
        ("a.mqxliff", 'xmlns:mq="MQXliff"', 'mq:status="ManuallyConfirmed"'),
        ("a.mxliff", 'xmlns:m="http://www.memsource.com/mxlf/2.0"', 'm:confirmed="1"'),
    ]:
        data = (
            '<?xml version="1.0" encoding="utf-8"?>\n<xliff version="1.2"'
            f' xmlns="urn:oasis:names:tc:xliff:document:1.2" {head}>'
            '<file original="a.docx" source-language="fr" target-language="en"><body>'
            f'<trans-unit id="1" {status}><source>Le chat dort.</source>'
            f"{target}The cat naps.</target></trans-unit>" + TAIL_12
        )  # nmt's target, which a translator confirmed since in their tool
        assert read_xliff(data.encode(), name, retranslate="fuzzy").sources() == []
        path = tmp_path / name
        path.write_text(data, encoding="utf-8")
        pairs = list(read_pairs(str(path), "xliff", ("fr", "en")))
        assert pairs == [("Le chat dort.", "The cat naps.")]  # was none: "needs review"
