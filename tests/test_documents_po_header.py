"""`nmt translate -i fr.po`: the header of a catalogue translated keeps its fields in their
order and their lines as written; only the fields the translation changes (Language,
Plural-Forms, a charset other than UTF-8) change, in their places, written as gettext writes
them, so that the header's diff is those lines only and ``msgcat`` rewrites none of it.
The previous msgid (``#|``) of an entry translated again goes, marked fuzzy or not.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from nmt_cli.documents.po import read_po
from nmt_cli.inference.translation import Translation

pytest.importorskip("polib", reason="the documents extra: pip install '.[documents]'")

HEADER = [
    "# French messages of the demo.",
    "#, fuzzy",
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: demo 1.0\\n"',
    '"Last-Translator: Jean Dupont <jean@example.org>, Marie-Claire Lefèvre-Duchamp "',
    '"<marie-claire@example.org>\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Language: fr\\n"',
    '"X-Generator: Poedit 3.4\\n"',
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
]
ENTRY = ["", "#: demo.c:1", 'msgid "Le fichier existe déjà."', 'msgstr ""']


def translated(lines: list[str], **options) -> list[str]:
    """The catalogue ``lines`` rendered into English, each message "translated" by a stand-in."""
    options = {"retranslate": "none", "mark_fuzzy": False, **options}
    text = "".join(f"{line}\n" for line in lines)
    doc = read_po(text.encode(), "fr.po", **options)
    texts = [Translation(s, "The file already exists.", 0.0) for s in doc.sources()]
    return doc.render(texts, "en", lambda _: None).decode().split("\n")[:-1]


def test_the_headers_fields_keep_their_order_and_only_the_changed_values_change():
    """polib wrote its own order: Language moved before Content-Type, X-Generator after
    Plural-Forms, the wrapped Last-Translator unwrapped: a diff of half the header."""
    out = translated(HEADER + ENTRY)
    expected = list(HEADER)
    expected[8] = '"Language: en\\n"'
    expected[10] = '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'
    assert out[: len(HEADER)] == expected
    assert out[len(HEADER) :] == ENTRY[:-1] + ['msgstr "The file already exists."']


def test_a_field_the_header_lacks_goes_where_gettext_writes_it():
    header = [
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: demo 1.0\\n"',
        '"X-Generator: Poedit 3.4\\n"',
        '"Language-Team: French <fr@example.org>\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=ISO-8859-1\\n"',
    ]
    out = translated(header + ENTRY)
    assert out[: len(header) + 2] == [
        *header[:5],
        '"Language: en\\n"',
        *header[5:7],
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]


@pytest.mark.skipif(shutil.which("msgcat") is None, reason="gettext's msgcat is not installed")
def test_msgcat_changes_nothing_in_the_header_of_a_catalogue_translated_here(tmp_path):
    source = tmp_path / "fr.po"
    source.write_text("\n".join(HEADER + ENTRY) + "\n", encoding="utf-8")
    catted = subprocess.run(["msgcat", source], capture_output=True, text=True, check=True)
    out = tmp_path / "en.po"
    out.write_text("\n".join(translated(catted.stdout.split("\n")[:-1])) + "\n", encoding="utf-8")
    again = subprocess.run(["msgcat", out], capture_output=True, text=True, check=True)
    assert again.stdout == out.read_text(encoding="utf-8")


FUZZY = [  # as msgmerge and msgcat write a previous msgid: 79 columns, "#| " included
    "",
    "#, fuzzy, c-format",
    '#| msgid ""',
    '#| "Attention : impossible d\'écrire dans le dossier de sauvegarde : vérifiez "',
    "#| \"les droits d'accès de %s, c'est-à-dire les permissions du répertoire \"",
    '#| "parent, puis réessayez."',
    'msgid "Impossible d\'écrire dans le dossier de sauvegarde %s."',
    'msgstr "Cannot write."',
]


@pytest.mark.parametrize("mark_fuzzy", [True, False])
def test_an_entry_translated_again_loses_its_previous_msgid_fuzzy_or_not(mark_fuzzy):
    """The ``#|`` lines say which msgid the old msgstr translated; the new msgstr translates
    the msgid, so they go (msgattrib --clear-previous), marked fuzzy or not. With
    ``--mark-fuzzy`` they stayed: Poedit and Weblate showed a diff against a text the
    translation never came from."""
    out = translated(HEADER + FUZZY, retranslate="fuzzy", mark_fuzzy=mark_fuzzy)
    flags = "#, fuzzy, c-format" if mark_fuzzy else "#, c-format"
    assert out[len(HEADER) :] == ["", flags, FUZZY[-2], 'msgstr "The file already exists."']


LATIN_1 = [*HEADER[2:7], '"Content-Type: text/plain; charset=ISO-8859-1\\n"', *HEADER[8:]]


def test_a_catalogue_in_the_legacy_charset_its_header_names_is_read_and_written_in_it():
    """A Latin-1 catalogue (``charset=ISO-8859-1``, older projects') was refused: "not valid
    UTF-8"; then it came back in UTF-8, its header rewritten: a diff of every line with an
    accent, though msgmerge and msgcat keep a catalogue's charset. It is read and written in
    the charset its header names, the header as it was but for the fields translated."""
    text = "".join(f"{line}\n" for line in LATIN_1 + ENTRY)
    doc = read_po(text.encode("latin-1"), "fr.po", retranslate="none", mark_fuzzy=False)
    assert doc.sources() == ["Le fichier existe déjà."]
    translation = Translation("", "The file already exists: café, naïve.", 0.0)
    warnings: list[str] = []
    out = doc.render([translation], "en", warnings.append).decode("latin-1").split("\n")
    assert out[: len(LATIN_1)] == [
        *LATIN_1[:5],
        '"Content-Type: text/plain; charset=ISO-8859-1\\n"',
        '"Language: en\\n"',
        LATIN_1[7],
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]
    assert (
        "Lefèvre-Duchamp" in out[3] and out[-2] == 'msgstr "The file already exists: café, naïve."'
    )
    assert warnings == []


def test_a_translation_the_legacy_charset_cannot_hold_turns_the_catalogue_to_utf8_with_a_warning():
    """A typographic apostrophe (U+2019) is not in Latin-1: the catalogue is written in UTF-8,
    its Content-Type saying so (nothing dropped or escaped), and the user is told why."""
    text = "".join(f"{line}\n" for line in LATIN_1 + ENTRY)
    doc = read_po(text.encode("latin-1"), "fr.po", retranslate="none", mark_fuzzy=False)
    warnings: list[str] = []
    translation = Translation("", "The file’s already there.", 0.0)
    out = doc.render([translation], "en", warnings.append).decode("utf-8").split("\n")
    assert out[5] == '"Content-Type: text/plain; charset=UTF-8\\n"'
    assert "Lefèvre-Duchamp" in out[3] and out[-2] == 'msgstr "The file’s already there."'
    assert len(warnings) == 1 and "not in ISO-8859-1" in warnings[0] and "UTF-8" in warnings[0]


def test_an_ascii_catalogue_becomes_utf8_for_a_translation_outside_ascii_without_a_warning():
    """msginit writes ``charset=ASCII`` for an English catalogue of ASCII messages: the same
    bytes in UTF-8, so a curly quote makes it UTF-8 with nothing to warn of."""
    lines = [*HEADER[2:5], '"Content-Type: text/plain; charset=ASCII\\n"', *HEADER[8:]]
    text = "".join(f"{line}\n" for line in lines + ENTRY[:2] + ['msgid "Le fichier"', 'msgstr ""'])
    doc = read_po(text.encode("ascii"), "fr.po", retranslate="none", mark_fuzzy=False)
    warnings: list[str] = []
    out = doc.render([Translation("", "The “file”", 0.0)], "en", warnings.append)
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in out.decode("utf-8").split("\n")
    assert warnings == []


def test_a_header_without_fields_gets_them_in_gettexts_order_and_stays_a_header():
    """An empty header (``msgstr ""`` alone) came out ``msgstr "\\n"``, a field with no name."""
    out = translated(["#, fuzzy", 'msgid ""', 'msgstr ""', *ENTRY])
    assert out[:5] == [
        'msgid ""',
        'msgstr ""',
        '"Language: en\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]


TEMPLATE = [  # as xgettext writes a template's header
    "# SOME DESCRIPTIVE TITLE.",
    "#",
    "#, fuzzy",
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: demo 1.0\\n"',
    '"Language: \\n"',
    '"Content-Type: text/plain; charset=CHARSET\\n"',
    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
]


def test_a_templates_header_filled_is_no_longer_fuzzy_as_msginit_writes_it():
    """``nmt translate -i messages.pot -o en.po`` kept xgettext's ``#, fuzzy`` on the header it
    filled: ``pybabel compile`` skipped the catalogue ("catalog en.po is marked as fuzzy")."""
    out = translated(TEMPLATE + ENTRY)
    assert out[:8] == [
        "# English translations for demo package.",
        "#",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: demo 1.0\\n"',
        '"Language: en\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    ]


def test_a_header_flag_other_than_fuzzy_stays_and_a_catalogues_own_fuzzy_header_too():
    """Only a template's fuzzy flag goes: a catalogue for English whose translator left its
    header fuzzy keeps it, as it keeps every field it does not have to change."""
    flagged = ["#, fuzzy, no-wrap" if x == "#, fuzzy" else x for x in TEMPLATE]
    assert "#, no-wrap" in translated(flagged + ENTRY)
    english = [x.replace("Language: ", "Language: en") for x in TEMPLATE]
    assert "#, fuzzy" in translated(english + ENTRY)


def test_a_templates_placeholders_are_filled_as_msginit_no_translator_fills_them():
    """xgettext's placeholders stayed in the new catalogue: ``msgfmt --check`` warned
    "header field 'PO-Revision-Date' still has the initial default value", and so on."""
    fields = [
        '"POT-Creation-Date: 2024-03-01 10:00+0100\\n"',
        '"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"',
        '"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"',
        '"Language-Team: LANGUAGE <LL@li.org>\\n"',
    ]
    out = translated(TEMPLATE[:6] + fields + TEMPLATE[6:] + ENTRY)
    assert out[5:10] == [
        '"POT-Creation-Date: 2024-03-01 10:00+0100\\n"',
        '"PO-Revision-Date: 2024-03-01 10:00+0100\\n"',
        '"Last-Translator: Automatically generated\\n"',
        '"Language-Team: none\\n"',
        '"Language: en\\n"',
    ]


def test_a_templates_header_comments_are_filled_as_msginit_no_translator_fills_them():
    """The catalogue made from a template kept xgettext's "SOME DESCRIPTIVE TITLE." and
    "FIRST AUTHOR <EMAIL@ADDRESS>, YEAR." comments, which msginit replaces; the year is the
    template's (its POT-Creation-Date's), so a rerun writes the same bytes."""
    comments = [
        "# SOME DESCRIPTIVE TITLE.",
        "# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER",
        "# This file is distributed under the same license as the PACKAGE package.",
        "# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.",
    ]
    date = ['"POT-Creation-Date: 2024-03-01 10:00+0100\\n"']
    out = translated(comments + TEMPLATE[1:6] + date + TEMPLATE[6:] + ENTRY)
    assert out[:5] == [
        "# English translations for demo package.",
        "# Copyright (C) 2024 THE demo'S COPYRIGHT HOLDER",
        "# This file is distributed under the same license as the demo package.",
        "# Automatically generated, 2024.",
        "#",
    ]
    if shutil.which("msginit"):  # what msginit writes but for its year, today's
        template = "\n".join(comments + TEMPLATE[1:6] + date + TEMPLATE[6:] + ENTRY) + "\n"
        made = subprocess.run(
            ["msginit", "--no-translator", "-l", "en", "-i", "-", "-o", "-"],
            input=template.encode(), capture_output=True, check=True,
        ).stdout.decode().splitlines()
        assert [re.sub(r"\d{4}", "2024", x) for x in made[:5]] == out[:5]
    english = [x.replace("Language: ", "Language: en") for x in comments + TEMPLATE[1:]]
    assert translated(english + ENTRY)[:4] == comments  # not a template: as written


def test_a_translators_own_header_fields_stay_as_they_are():
    fields = [
        '"PO-Revision-Date: 2024-03-05 12:00+0100\\n"',
        '"Last-Translator: Jean Dupont <jean@example.org>\\n"',
        '"Language-Team: YEAR-MO-DA HO:MI+ZONE\\n"',  # not its placeholder
    ]
    out = translated(TEMPLATE[:6] + fields + TEMPLATE[6:] + ENTRY)
    assert out[5:8] == fields
    english = [x.replace("Language: ", "Language: en") for x in TEMPLATE]
    placeholders = ['"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"']
    assert placeholders[0] in translated(english[:6] + placeholders + english[6:] + ENTRY)


def test_a_catalogue_with_nothing_to_translate_comes_back_as_it_was_plural_forms_or_none():
    """Before, an English catalogue with no Plural-Forms, all its entries translated, came back
    with one added: a diff where nothing was translated."""
    lines = ['msgid ""', 'msgstr ""', '"Language: en\\n"', "", 'msgid "Oui"', 'msgstr "Yes"']
    assert translated(lines) == lines
    out = translated(lines[:-1] + ['msgstr ""'])  # one to translate: the header completed
    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in out[:5]
