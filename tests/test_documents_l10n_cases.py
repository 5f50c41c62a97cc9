"""Cases of real localization files, each a rule of what `nmt translate` keeps: the spans of
each format that pass through translation whole, and how texts are read and written back."""

from __future__ import annotations

import pytest
from lxml import etree

from nmt_cli.documents.localization import JSON_PLACEHOLDERS, MESSAGE_FORMAT, read_android
from nmt_cli.documents.strings import StringLines
from nmt_cli.formats import android
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.spans import SpanFinder


def protected(patterns: tuple[str, ...], line: str) -> list[str]:
    return [line[s.start : s.end] for s in SpanFinder(patterns).find(line)]


@pytest.mark.parametrize(
    "reference",
    ["$t(boutons.enregistrer)", '$t(commun.utilisateur, {"context": "femme (forme)"})'],
)
def test_an_i18next_nesting_reference_is_protected_whole(reference):
    line = f"Cliquez sur {reference} pour garder vos modifications."
    assert reference in protected(JSON_PLACEHOLDERS, line)


@pytest.mark.parametrize(
    "line, kept",
    [
        ("Veuillez @.lower:common.save le fichier", ["@.lower:common.save"]),
        ("@:common.save", ["@:common.save"]),
        ("Voir @:{'common.save'} maintenant", ["@:{'common.save'}"]),
        ("Cliquez <1>ici</1> pour <3>continuer</3>.", ["<1>", "</1>", "<3>", "</3>"]),
        ("Écrivez à jean@exemple.fr.", ["jean@exemple.fr"]),  # an address, not a link
    ],
)
def test_vue_i18n_links_and_react_i18next_numbered_tags_are_protected(line, kept):
    """A linked message's key came back "<: common.save", "#.lower: common.save"."""
    assert protected(JSON_PLACEHOLDERS, line) == kept


def test_a_webextensions_dollar_sign_is_protected_with_what_follows_it_apart():
    """``$$`` is a dollar sign: ``$$5`` taken as ``$5``, the model wrote "$ $5"."""
    assert protected(JSON_PLACEHOLDERS, "Le prix est de $$5 par mois.") == ["$$", "5"]
    assert protected(JSON_PLACEHOLDERS, "Bonjour $USER$, $1 fichiers")[:2] == ["$USER$", "$1"]


def test_a_choice_argument_of_a_message_format_is_protected_whole():
    choice = "{0,choice,0#Aucun fichier|1#Un fichier|1<{0,number,integer} fichiers}"
    assert protected(MESSAGE_FORMAT, f"{choice} dans la corbeille") == [choice]


def test_a_quoted_literal_of_a_message_format_is_protected_with_its_quotes():
    line = "Le mot '{0}' est littéral pour {1}."
    assert protected(MESSAGE_FORMAT, line) == ["'{0}'", "{1}"]


def test_an_icu_plural_with_a_numbered_argument_keeps_its_structure():
    line = "Vous avez {0, plural, one {# fichier} other {# fichiers}} dans la corbeille."
    assert protected(MESSAGE_FORMAT, line) == ["{0, plural, one {", "#", "} other {", "#", "}}"]


@pytest.mark.parametrize("patterns", [JSON_PLACEHOLDERS, MESSAGE_FORMAT])
def test_an_icu_branch_of_one_word_is_a_branchs_text_not_a_placeholder(patterns):
    """Taken as a placeholder, ``{Fichier}`` left the message no structure: the model wrote
    "{count, Rural, one {Fichier} other {Fichiers} #"."""
    line = "{count, plural, one {Fichier} other {Fichiers}}"
    assert protected(patterns, line) == ["{count, plural, one {", "} other {", "}}"]
    line = "{n, plural, =0 {aucun} other {{name} et # autres}}"
    assert protected(patterns, line) == ["{n, plural, =0 {", "} other {", "{name}", "#", "}}"]


def test_a_users_pattern_around_a_whole_message_still_takes_it_whole():
    line = "Vous avez {n, plural, one {Fichier} other {Fichiers}} ici."
    assert protected((r"\{n,[^{}]*(?:\{[^{}]*\}[^{}]*)*\}",), line) == [line[10:-5]]


@pytest.mark.parametrize(
    "line, kept",
    [
        ("Le fichier \\{0} est vide.", "\\{0}"),
        ("Le dossier Docs\\{0} est vide.", "\\{0}"),
        ("Valeur \\%s ici", "\\%s"),
    ],
)
def test_the_backslash_before_a_placeholder_goes_with_it(line, kept):
    """Taken alone, the placeholder left its backslash to the model ("The file #{0}")."""
    assert kept in protected(JSON_PLACEHOLDERS, line)


def test_a_cdata_section_in_an_android_string_is_written_without_entities():
    xml = '<resources><string name="s"><![CDATA[<b>Gras</b> et %1$s]]></string></resources>'
    parsed = android.parse(xml, "strings.xml")
    # the model reads the section's text, its markers put back around the translation (their
    # "]]>" was a span that took the sentence's full stop: "before continuing ]]>")
    assert parsed.units[0].source == "<b>Gras</b> et %1$s"
    written = parsed.write(["<b>Bold</b> & %1$s's"])
    assert "<![CDATA[<b>Bold</b> & %1$s\\'s]]>" in written
    shown = etree.fromstring(written.encode()).find("string").text  # what aapt2 unescapes
    assert shown == "<b>Bold</b> & %1$s\\'s"


def test_a_cdata_sections_double_quotes_are_written_as_the_source_writes_them():
    """``<a href="https://x.fr">`` in a CDATA section came back ``<a href=\\"https://x.fr\\">``;
    a file that escapes its sections' quotes still gets them escaped."""
    bare = '<![CDATA[Cliquez <a href="https://x.fr">ici</a>]]>'
    escaped = '<![CDATA[Cliquez <a href=\\"https://x.fr\\">ici</a>]]>'
    xml = f'<resources><string name="a">{bare}</string><string name="b">{escaped}</string>'
    parsed = android.parse(xml + "</resources>", "strings.xml")
    assert [u.source for u in parsed.units] == ['Cliquez <a href="https://x.fr">ici</a>'] * 2
    written = parsed.write(['Click <a href="https://x.fr">"here"</a>'] * 2)
    assert '<![CDATA[Click <a href="https://x.fr">"here"</a>]]></string>' in written
    assert '<![CDATA[Click <a href=\\"https://x.fr\\">\\"here\\"</a>]]></string>' in written


def test_a_tab_inside_a_line_of_a_localization_file_separates_two_texts_and_stays():
    lines = StringLines.of(["Nom :\tvaleur du champ\nSuite"], columns=True)
    assert lines.texts == ["Nom :", "valeur du champ", "Suite"]
    assert lines.join(["Name:", "field value", "Next"]) == ["Name:\tfield value\nNext"]


def test_a_localization_files_text_is_split_at_its_tabs():
    xml = '<resources><string name="s">Nom :\\tvaleur du champ</string></resources>'
    document = read_android(xml.encode(), "strings.xml")
    assert document.sources() == ["Nom :", "valeur du champ"]
    rendered = document.render(
        [Translation(s, t, 0.0) for s, t in zip(document.sources(), ["Name:", "field value"])],
        "en",
        print,
    )
    assert b'<string name="s">Name:\\tfield value</string>' in rendered


def test_an_android_files_tools_locale_becomes_the_target_language():
    """lint spell-checked the English strings as French: tools:locale stayed "fr"."""
    xml = (
        '<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="fr">'
        '<string name="s">Oui</string></resources>'
    )
    document = read_android(xml.encode(), "strings.xml")
    rendered = document.render([Translation("Oui", "Yes", 0.0)], "en", print)
    assert rendered == xml.replace('"fr"', '"en"').replace(">Oui<", ">Yes<").encode()


def test_an_android_array_items_id_is_its_place_among_all_the_arrays_items():
    xml = """<resources><string-array name="days">
        <item>Lundi</item><item>@string/today</item><item>Mardi</item>
    </string-array></resources>"""
    units = android.parse(xml, "strings.xml").units
    assert [(u.id, u.source) for u in units] == [("days[0]", "Lundi"), ("days[2]", "Mardi")]


@pytest.mark.parametrize(
    "written, source, translation, links, target",
    [
        (
            '"Mes   documents"',
            "Mes documents",
            "My documents",
            [(0, 0), (1, 1)],
            '"My   documents"',
        ),
        (
            "Mes \\u0020\\u0020documents",
            "Mes documents",
            "My documents",
            [(0, 0), (1, 1)],
            "My \\u0020\\u0020documents",
        ),
        (
            '"Ouvrir le   fichier"',
            "Ouvrir le fichier",
            "Open the file",
            [(0, 0), (1, 1), (2, 2)],
            '"Open the   file"',
        ),
        ('" Mes documents"', "Mes documents", "My documents", [(0, 0), (1, 1)], '" My documents"'),
        ('"Mes documents "', "Mes documents", "My documents", [(0, 0), (1, 1)], '"My documents "'),
    ],
)
def test_an_android_strings_own_run_of_spaces_is_kept_and_its_text_translated_whole(
    written, source, translation, links, target
):
    """Quoted (or escaped), a run of spaces is the string's own: ``"Mes   documents"`` was
    two texts, "Mes" and "documents", translated apart."""
    xml = f'<resources><string name="s">{written}</string></resources>'
    document = read_android(xml.encode(), "strings.xml")
    assert document.sources() == [source]
    assert document.needs_alignment == ("  " in written or "\\u0020" in written)
    rendered = document.render(
        [Translation(source, translation, 0.0, alignment=links)], "en", print
    )
    assert f'<string name="s">{target}</string>'.encode() in rendered
