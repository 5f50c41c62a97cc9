"""Localization files read into units and written back (nmt_cli/formats/): i18n JSON, Java
.properties, Android strings.xml, Apple .strings.

First, as the Okapi filters test every format: a file given back its own texts is written back
byte for byte (the fixtures of tests/l10n/, made from LibreOffice's French catalogues by
make_fixtures.py). Then each format's conventions, as a program that loads the file reads them:
escapes, quotes, MessageFormat apostrophes, Android's leading @ and lone %, plurals; and a file
that does not parse is one error naming its line.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from nmt_cli.errors import InputError
from nmt_cli.formats import android, apple_strings, i18n_json, properties

javaproperties = pytest.importorskip("javaproperties", reason="pip install '.[documents]'")

FIXTURES = Path(__file__).resolve().parent / "l10n"
TEXT_FIXTURES = {
    "fr.json": i18n_json.parse,
    "messages.json": i18n_json.parse,
    "Messages_fr.properties": properties.parse,
    "strings.xml": android.parse,
}


def given_back(parsed) -> str:
    return parsed.write([u.source for u in parsed.units])


# -- the identity round trip ---------------------------------------------------------------


@pytest.mark.parametrize("name", TEXT_FIXTURES)
def test_a_file_given_back_its_own_texts_is_written_back_byte_for_byte(name):
    text = (FIXTURES / name).read_text(encoding="utf-8")
    parsed = TEXT_FIXTURES[name](text, name)
    assert len(parsed.units) >= 30
    assert given_back(parsed) == text


def test_a_utf16_strings_file_given_back_its_texts_is_the_same_bytes():
    data = (FIXTURES / "Localizable.strings").read_bytes()
    text, encoding = apple_strings.decode(data)
    parsed = apple_strings.parse(text, "Localizable.strings")
    assert data.startswith(b"\xff\xfe") and len(parsed.units) >= 30
    assert apple_strings.encode(given_back(parsed), encoding) == data


def test_changed_texts_change_only_their_values():
    text = (FIXTURES / "Messages_fr.properties").read_text(encoding="utf-8")
    parsed = properties.parse(text, "p")
    targets = [u.source for u in parsed.units]
    targets[0] = "All pages"
    out = parsed.write(targets).splitlines()
    before = text.splitlines()
    changed = [k for k, (a, b) in enumerate(zip(before, out)) if a != b]
    assert len(out) == len(before) and len(changed) == 1
    assert out[changed[0]] == "RID_STR_PRINTDLG_PRINTALLPAGES = All pages"


# -- i18n JSON ------------------------------------------------------------------------------


def test_nested_json_keys_are_units_joined_with_dots_and_other_keys_stay():
    text = '{\n    "menu": {"open": "Ouvrir", "quit": "Quitter"},\n    "title": "Éditeur"\n}\n'
    parsed = i18n_json.parse(text, "fr.json")
    assert [(u.id, u.source) for u in parsed.units] == [
        ("menu.open", "Ouvrir"),
        ("menu.quit", "Quitter"),
        ("title", "Éditeur"),
    ]
    out = parsed.write(["Open", "Quit", 'The "editor"'])
    assert (
        out
        == '{\n    "menu": {"open": "Open", "quit": "Quit"},\n    "title": "The \\"editor\\""\n}\n'
    )


def test_in_messages_json_only_the_message_is_translated_its_placeholders_kept():
    parsed = i18n_json.parse((FIXTURES / "messages.json").read_text(encoding="utf-8"), "m")
    data = json.loads((FIXTURES / "messages.json").read_text(encoding="utf-8"))
    assert parsed.messages and len(parsed.units) == len(data)
    unit = next(u for u in parsed.units if "$arg1$" in u.source)
    assert unit.note == data[unit.id]["description"]
    out = json.loads(parsed.write(["x" if u is not unit else "In $arg1$" for u in parsed.units]))
    assert out[unit.id]["message"] == "In $arg1$"
    assert out[unit.id]["placeholders"] == data[unit.id]["placeholders"]


def test_a_json_file_written_with_ascii_escapes_keeps_them():
    parsed = i18n_json.parse('{"a": "\\u00c9t\\u00e9"}', "fr.json")
    assert parsed.units[0].source == "Été"
    assert parsed.write(["Écrit"]) == '{"a": "\\u00c9crit"}'


def test_an_array_of_strings_is_a_list_of_messages_each_translated():
    # i18next's returnObjects, vue-i18n's lists: the whole file was refused
    text = '{\n  "steps": ["Ouvrez.", ["Lisez."], {"fin": "Fermez."}],\n  "vide": []\n}'
    parsed = i18n_json.parse(text, "fr.json")
    assert [(u.id, u.source) for u in parsed.units] == [
        ("steps.0", "Ouvrez."),
        ("steps.1.0", "Lisez."),
        ("steps.2.fin", "Fermez."),
    ]
    written = parsed.write(["Open.", "Read.", "Close."])
    assert written == text.replace("Ouvrez.", "Open.").replace("Lisez.", "Read.").replace(
        "Fermez.", "Close."
    )


NOT_I18N = {
    "a number": ('{\n  "a": "x",\n  "n": 3\n}', 3, "n is a number"),
    "a number in an array": ('{\n  "a": {"b": ["x",\n 3]}\n}', 3, "a.b.1 is a number"),
    "null": ('{\n  "a": "x",\n  "b": null\n}', 3, "b is null"),
    "a top-level array": ("[1, 2]", 1, "an array, not a JSON object"),
}
NOT_JSON = {
    "a bad literal": ('{\n  "a": "x",\n  "b": tru\n}', 3, "not valid JSON"),
    "a key twice": ('{\n  "a": {"b": "x"},\n  "c": {\n    "b": "y",\n    "b": "z"}\n}', 5, "twice"),
}


@pytest.mark.parametrize("case", NOT_I18N)
def test_json_that_is_not_an_i18n_file_is_one_error_pointing_to_jsonl(case):
    text, line, fragment = NOT_I18N[case]
    with pytest.raises(InputError) as e:
        i18n_json.parse(text, "app.json")
    assert str(e.value).startswith(f"app.json:{line}: ") and fragment in str(e.value)
    assert "--input-format jsonl" in str(e.value)


@pytest.mark.parametrize("case", NOT_JSON)
def test_json_that_does_not_parse_is_one_error_naming_its_line(case):
    text, line, fragment = NOT_JSON[case]
    with pytest.raises(InputError, match=f"^app.json:{line}: .*{fragment}"):
        i18n_json.parse(text, "app.json")


# -- Java .properties -----------------------------------------------------------------------


I18NEXT = """{
  "files_one": "{{count}} fichier",
  "files_many": "{{count}} de fichiers",
  "files_other": "{{count}} fichiers",
  "menu": {"rank_ordinal_one": "{{count}}er", "rank_ordinal_other": "{{count}}e"},
  "apart_one": "un", "title": "Titre", "apart_other": "des"
}
"""


def test_i18next_plural_keys_get_the_target_languages_categories():
    """French ``files_many`` stayed in the English file, and English had no ``_two``, ``_few``
    ordinals: as an Android ``<plurals>``, a category the target lacks is dropped, one it
    needs is ``_other``'s; keys with another key between them stay as written."""
    from nmt_cli.protect.plural_categories import plural_categories

    parsed = i18n_json.parse(I18NEXT, "fr.json")
    targets = [u.source.upper() for u in parsed.units]
    out = json.loads(parsed.write(targets, lambda ordinal: plural_categories("en", ordinal)))
    assert out == {
        "files_one": "{{COUNT}} FICHIER",
        "files_other": "{{COUNT}} FICHIERS",
        "menu": {
            "rank_ordinal_one": "{{COUNT}}ER",
            "rank_ordinal_two": "{{COUNT}}E",
            "rank_ordinal_few": "{{COUNT}}E",
            "rank_ordinal_other": "{{COUNT}}E",
        },
        "apart_one": "UN",
        "title": "TITRE",
        "apart_other": "DES",
    }
    english = parsed.write(targets, lambda ordinal: plural_categories("en", ordinal))
    back = i18n_json.parse(english, "en.json")
    french = back.write([u.source for u in back.units], lambda o: plural_categories("fr", o))
    assert '"files_one": "{{COUNT}} FICHIER",\n  "files_many": "{{COUNT}} FICHIERS",\n' in french
    assert parsed.write([u.source for u in parsed.units]) == I18NEXT


def test_an_i18next_ordinal_of_suffixes_gets_the_target_languages_suffixes():
    """``{{count}}er``, ``{{count}}e``: the model wrote the suffix as a word ("{{count}}Out")."""
    from nmt_cli.protect.plural_categories import plural_categories

    parsed = i18n_json.parse(I18NEXT, "fr.json")
    suffixes = {"one": "st", "two": "nd", "few": "rd", "other": "th"}
    targets = ["{{count}}Out" if u.source.endswith("er") else u.source for u in parsed.units]
    out = json.loads(parsed.write(targets, lambda o: plural_categories("en", o), suffixes))
    assert out["menu"] == {
        "rank_ordinal_one": "{{count}}st",
        "rank_ordinal_two": "{{count}}nd",
        "rank_ordinal_few": "{{count}}rd",
        "rank_ordinal_other": "{{count}}th",
    }


def test_an_i18next_plural_of_one_key_gets_its_new_keys_on_lines_of_their_own():
    """A plural written with its ``_other`` only, as a French file writes a text whose words
    do not change with the count: English's ``_one`` was written on ``_other``'s line
    (``"n_one": "...", "n_other": "..."``), against the file's layout; it is now on a line of
    its own, indented as the key it comes from. In an object on one line, a space."""
    from nmt_cli.protect.plural_categories import plural_categories

    text = '{\n  "a": {\n    "n_other": "{{count}} éléments"\n  },\n  "b": {"m_other": "x"}\n}\n'
    parsed = i18n_json.parse(text, "fr.json")
    out = parsed.write(["{{count}} items", "y"], lambda ordinal: plural_categories("en", ordinal))
    assert out == (
        '{\n  "a": {\n    "n_one": "{{count}} items",\n    "n_other": "{{count}} items"\n  },\n'
        '  "b": {"m_one": "y", "m_other": "y"}\n}\n'
    )


def test_an_i18next_context_named_other_is_no_plural():
    """``gender_male``, ``gender_female``, ``gender_other`` are i18next's contexts
    (``t("gender", {context})``): English got a ``gender_one`` beside them. A lone ``_other``
    among such keys but with ``{{count}}`` is a plural still, as is a lone one on its own."""
    from nmt_cli.protect.plural_categories import plural_categories

    text = (
        '{"gender_male": "Homme", "gender_female": "Femme", "gender_other": "Autre",\n'
        ' "friend_male": "Un ami", "friend_other": "{{count}} amis", "n_other": "x"}\n'
    )
    parsed = i18n_json.parse(text, "fr.json")
    targets = [u.source.upper() for u in parsed.units]
    out = json.loads(parsed.write(targets, lambda ordinal: plural_categories("en", ordinal)))
    assert list(out) == [
        "gender_male",
        "gender_female",
        "gender_other",
        "friend_male",
        "friend_one",
        "friend_other",
        "n_one",
        "n_other",
    ]
    assert out["gender_other"] == "AUTRE"


def test_properties_values_read_escapes_and_continuation_lines():
    text = "# Titre\ntitle = Fen\\u00eatre \\\n    principale\nempty=\n"
    parsed = properties.parse(text, "p")
    assert [(u.id, u.source, u.note) for u in parsed.units] == [
        ("title", "Fenêtre principale", "Titre"),
        ("empty", "", ""),
    ]
    assert (
        parsed.write(["Main window", "Nothing"]) == "# Titre\ntitle = Main window\nempty=Nothing\n"
    )


def test_an_apostrophe_is_doubled_in_a_message_format_value_only():
    text = "a = L''utilisateur {0} n''existe pas\nb = L'utilisateur\n"
    parsed = properties.parse(text, "p")
    assert [u.source for u in parsed.units] == ["L'utilisateur {0} n'existe pas", "L'utilisateur"]
    out = parsed.write(["The user's {0} isn't there", "The user's"])
    assert out == "a = The user''s {0} isn''t there\nb = The user's\n"
    assert dict(javaproperties.loads(out))["a"] == "The user''s {0} isn''t there"


def test_a_quoted_brace_of_a_message_format_is_a_brace_and_is_quoted_again():
    """Doubled with the apostrophes, ``''{''erreur''}''`` made MessageFormat throw."""
    text = "e = {0} n''a pas pu être ouvert : '{'erreur'}'\n"
    parsed = properties.parse(text, "p")
    assert [u.source for u in parsed.units] == ["{0} n'a pas pu être ouvert : {erreur}"]
    out = parsed.write(["{0} couldn't be opened: {erreur}"])
    assert out == "e = {0} couldn''t be opened: '{'erreur'}'\n"
    choice = "c = {0,choice,0#Aucun|1<{0,number,integer} fichiers}\n"
    assert properties.parse(choice, "p").write(
        ["{0,choice,0#None|1<{0,number,integer} files}"]
    ) == ("c = {0,choice,0#None|1<{0,number,integer} files}\n")


def test_a_choice_arguments_branches_are_texts_to_translate_and_come_back_a_choice():
    """Protected whole, a ChoiceFormat argument stayed French in the English file."""
    text = "n = Il y a {0,choice,0#aucun fichier|1#un fichier|1<{0,number} fichiers} ici.\n"
    parsed = properties.parse(text, "p")
    assert [u.source for u in parsed.units] == [
        "Il y a {0, select, c0 {aucun fichier} c1 {un fichier} c2 {{0,number} fichiers}} ici."
    ]
    out = parsed.write(
        ["There {0, select, c0 {is no file} c1 {is one file} c2 {are {0,number} files}} here."]
    )
    assert out == "n = There {0,choice,0#is no file|1#is one file|1<are {0,number} files} here.\n"
    # branches that did not come back as they went: the source's choice
    out = parsed.write(["There {0, select, c0 {is no file} c2 {are files}} here."])
    assert out == "n = There {0,choice,0#aucun fichier|1#un fichier|1<{0,number} fichiers} here.\n"


def test_a_quoted_argument_of_a_message_format_stays_a_literal_quotes_and_all():
    """Its quotes were lost: ``'{0}'`` (the characters {0}) came back ``{0}``, an argument."""
    text = "b = Le mot '{0}' et '{1,number}' est littéral pour {2}, l''{2}.\n"
    parsed = properties.parse(text, "p")
    assert [u.source for u in parsed.units] == [
        "Le mot '{0}' et '{1,number}' est littéral pour {2}, l'{2}."
    ]
    out = parsed.write(["The word '{0}' and '{1,number}' is literal for {2}, {2}'s."])
    assert out == "b = The word '{0}' and '{1,number}' is literal for {2}, {2}''s.\n"


def test_new_properties_values_are_escaped_as_java_reads_them():
    ascii_file = properties.parse("a = x\n", "p")
    out = ascii_file.write(["  Deux lignes\nÉté 😀 \\ fin"])
    assert out == "a = \\  Deux lignes\\n\\u00c9t\\u00e9 \\ud83d\\ude00 \\\\ fin\n"
    assert dict(javaproperties.loads(out))["a"] == "  Deux lignes\nÉté 😀 \\ fin"
    utf8_file = properties.parse("a = déjà\n", "p")
    assert utf8_file.write(["Été"]) == "a = Été\n"


def test_spaces_at_either_end_of_a_properties_value_are_written_escaped():
    """``k=Valeur\\ `` came back ``k=Value `` with a bare trailing space, which an editor that
    trims lines (or a reader that strips values) loses; Java IDEs write it ``\\ ``."""
    text = "a=Valeur\\ \nb=\\ valeur\nc=Nom :\\ \\ \n"
    parsed = properties.parse(text, "p")
    assert [u.source for u in parsed.units] == ["Valeur ", " valeur", "Nom :  "]
    out = parsed.write(["Value ", " value", "  "])
    assert out == "a=Value\\ \nb=\\ value\nc=\\ \\ \n"
    assert dict(javaproperties.loads(out)) == {"a": "Value ", "b": " value", "c": "  "}


def test_an_invalid_unicode_escape_is_one_error_naming_its_line():
    with pytest.raises(InputError, match=r"^app.properties:2: invalid escape \\u12"):
        properties.parse("a = b\nc = \\u12\n", "app.properties")


# -- Android strings.xml --------------------------------------------------------------------

ANDROID = """<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <string name="name" translatable="false">Bloc</string>
    <string name="title">L\\'éditeur &amp; ses \\"outils\\"</string>
    <string name="hello">Bonjour <xliff:g id="user">%1$s</xliff:g> !</string>
    <string name="spaces">"  Deux  espaces "</string>
    <string name="done">%1$d %% terminé</string>
    <string name="raw" formatted="false">100 % sûr</string>
    <plurals name="files">
        <item quantity="one">%d fichier</item>
        <item quantity="many">%d de fichiers</item>
        <item quantity="other">%d fichiers</item>
    </plurals>
    <string name="alias">@string/title</string>
    <string-array name="days" translatable="false"><item>Lundi</item></string-array>
    <string-array name="sizes"><item>Petit</item><item>Grand</item></string-array>
    <dimen name="margin">16dp</dimen>
</resources>
"""


def test_android_units_are_the_strings_and_items_meant_for_translation_not_references():
    parsed = android.parse(ANDROID, "strings.xml")
    assert [(u.id, u.source) for u in parsed.units] == [
        ("title", 'L\'éditeur & ses "outils"'),
        ("hello", 'Bonjour <xliff:g id="user">%1$s</xliff:g> !'),
        ("spaces", "  Deux  espaces "),
        ("done", "%1$d %% terminé"),
        ("raw", "100 % sûr"),
        ("files#one", "%d fichier"),
        ("files#many", "%d de fichiers"),
        ("files#other", "%d fichiers"),
        ("sizes[0]", "Petit"),
        ("sizes[1]", "Grand"),
    ]


def test_an_item_of_type_string_is_a_string_and_same_names_of_other_types_are_no_duplicates():
    """``<item type="string" name="x">`` is a ``<string name="x">`` (aapt2 builds the same
    resource): it was left untranslated. A name is one resource's per type: a string-array
    and a string may share one, as the ``<attr>`` of two declare-styleables do."""
    text = (
        '<resources>\n    <item type="string" name="x">Élément</item>\n'
        '    <item type="dimen" name="x">4dp</item>\n'
        '    <string-array name="x"><item>Un</item></string-array>\n'
        '    <declare-styleable name="A"><attr name="c" format="color"/></declare-styleable>\n'
        '    <declare-styleable name="B"><attr name="c"/></declare-styleable>\n'
        '    <style name="T"><item name="android:textColor">#fff</item></style>\n'
        "</resources>\n"
    )
    parsed = android.parse(text, "strings.xml")
    assert [(u.id, u.source) for u in parsed.units] == [("x", "Élément"), ("x[0]", "Un")]
    assert '<item type="string" name="x">Item</item>' in parsed.write(["Item", "One"])


def test_one_name_for_several_products_is_no_duplicate():
    """A string given once per device (``product="tablet"``, and ``product="default"`` or
    none), as AOSP's apps write them, is as many resources: aapt2 builds them all and keeps
    the device's. The file was refused as a duplicate; each is now translated in place. The
    same product twice, the default named or not, is still one error."""
    text = (
        "<resources>\n"
        '    <string name="ok" product="tablet">Tablette prête</string>\n'
        '    <string name="ok">Téléphone prêt</string>\n'
        "</resources>\n"
    )
    parsed = android.parse(text, "strings.xml")
    assert [(u.id, u.source) for u in parsed.units] == [
        ("ok", "Tablette prête"),
        ("ok", "Téléphone prêt"),
    ]
    assert parsed.write(["Tablet ready", "Phone ready"]) == text.replace(
        "Tablette prête", "Tablet ready"
    ).replace("Téléphone prêt", "Phone ready")
    twice = text.replace('product="tablet"', 'product="default"')
    with pytest.raises(InputError, match=r"strings.xml:3: string 'ok' appears twice"):
        android.parse(twice, "strings.xml")


ESCAPED = {
    "The editor's & <tools>": "The editor\\'s &amp; &lt;tools>",
    'Say "hi"': 'Say \\"hi\\"',
    "@home": "\\@home",
    "?mark": "\\?mark",
    "Two\nlines\ttab": "Two\\nlines\\ttab",
    "back\\slash": "back\\\\slash",
}


@pytest.mark.parametrize("text", ESCAPED)
def test_android_text_is_escaped_as_aapt2_reads_it(text):
    written = android.android_text.write(text, markup=False, was_quoted=False, percent=None)
    assert written == ESCAPED[text]
    assert android.android_text.read(written, markup=False) == text


def test_a_lone_percent_is_doubled_only_in_a_formatted_string_with_arguments():
    parsed = android.parse(ANDROID, "strings.xml")
    ids = [u.id for u in parsed.units]
    targets = [u.source for u in parsed.units]
    targets[ids.index("done")] = "%1$d%% done, 50% now"
    targets[ids.index("raw")] = "100% sure"
    out = parsed.write(targets)
    assert '<string name="done">%1$d%% done, 50%% now</string>' in out
    assert '<string name="raw" formatted="false">100% sure</string>' in out


def test_escaped_html_keeps_its_gt_entities_where_the_source_writes_them():
    """A string of escaped HTML (for Html.fromHtml) came back ``&lt;b>OK&lt;/b>``."""
    text = (
        "<resources>\n"
        '<string name="html">Appuyez sur &lt;b&gt;OK&lt;/b&gt;</string>\n'
        '<string name="arrow">Suivant -> fin &lt; 3</string>\n'
        "</resources>\n"
    )
    parsed = android.parse(text, "strings.xml")
    assert [u.source for u in parsed.units] == ["Appuyez sur <b>OK</b>", "Suivant -> fin < 3"]
    out = parsed.write(["Press <b>OK</b>", "Next -> end < 3"])
    assert '<string name="html">Press &lt;b&gt;OK&lt;/b&gt;</string>' in out
    assert '<string name="arrow">Next -> end &lt; 3</string>' in out  # as its source writes it


def test_quoted_strings_stay_quoted_and_xliff_elements_stay_as_written():
    parsed = android.parse(ANDROID, "strings.xml")
    targets = [u.source for u in parsed.units]
    targets[1] = 'Hello <xliff:g id="user">%1$s</xliff:g>!'
    targets[2] = "  Two  spaces "
    out = parsed.write(targets)
    assert '<string name="hello">Hello <xliff:g id="user">%1$s</xliff:g>!</string>' in out
    assert '<string name="spaces">"  Two  spaces "</string>' in out


def test_spaces_a_source_kept_by_escapes_are_kept_in_its_translation():
    """``Nom :\\u0020`` came back ``Name: `` unquoted, whose space aapt2 trims: "Name:5"."""
    text = (
        "<resources>\n"
        '<string name="label">Nom :\\u0020</string>\n'
        '<string name="indent">\\u0020\\u0020<b>Suite</b> de la liste</string>\n'
        '<string name="gap">Prix\\u0020\\u0020total</string>\n'
        '<string name="plain">Fichier </string>\n'
        "</resources>\n"
    )
    parsed = android.parse(text, "strings.xml")
    assert [u.source for u in parsed.units] == [
        "Nom : ",
        "  <b>Suite</b> de la liste",
        "Prix  total",
        "Fichier",
    ]
    targets = ["Name: ", "  <b>Rest</b> of the list", "Total  price", "File "]
    out = parsed.write(targets)
    assert '<string name="label">Name:\\u0020</string>' in out
    assert '<string name="indent">\\u0020\\u0020<b>Rest</b> of the list</string>' in out
    assert '<string name="gap">Total \\u0020price</string>' in out
    assert '<string name="plain">File </string>' in out  # trimmed as its source was
    assert [u.source for u in android.parse(out, "strings.xml").units] == targets[:3] + ["File"]


def test_double_quotes_around_part_of_a_string_quote_that_part_as_aapt2_reads_them():
    """aapt2 reads ``"..."`` anywhere in a run of text as quoting (its spaces kept, the quote
    marks dropped): ``"Bonjour "<b>le</b>`` was read with its quote marks, which came back
    ``\\"Hello \\"<b>the</b>``, shown on screen."""
    text = (
        "<resources>\n"
        '<string name="hello">"Bonjour "<b>le</b> monde</string>\n'
        '<string name="total">Total :" "</string>\n'
        "</resources>\n"
    )
    parsed = android.parse(text, "strings.xml")
    assert [u.source for u in parsed.units] == ["Bonjour <b>le</b> monde", "Total : "]
    out = parsed.write(["Hello <b>the</b> world", "Total: "])
    assert '<string name="hello">Hello <b>the</b> world</string>' in out
    assert '<string name="total">Total:\\u0020</string>' in out
    assert [u.source for u in android.parse(out, "strings.xml").units] == [
        "Hello <b>the</b> world",
        "Total: ",
    ]


def test_a_translation_that_breaks_its_elements_keeps_its_source_with_a_warning():
    parsed = android.parse(ANDROID, "strings.xml")
    targets = [u.source for u in parsed.units]
    targets[1] = "Hello </xliff:g> user"
    heard: list[str] = []
    out = parsed.write(targets, warn=heard.append)
    assert out == ANDROID and heard and "hello" in heard[0]


def test_plurals_are_written_with_the_target_languages_categories():
    parsed = android.parse(ANDROID, "strings.xml")
    targets = [u.source.replace("fichier", "file") for u in parsed.units]
    out = parsed.write(targets, categories=("one", "other"))
    assert (
        '    <plurals name="files">\n'
        '        <item quantity="one">%d file</item>\n'
        '        <item quantity="other">%d files</item>\n'
        "    </plurals>"
    ) in out
    japanese = parsed.write(targets, categories=("other",))
    assert '<plurals name="files">\n        <item quantity="other">%d files</item>\n' in japanese
    assert parsed.write([u.source for u in parsed.units], ("one", "many", "other")) == ANDROID


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ('<resources>\n  <string name="a">x</strin>\n</resources>', 2, "not well-formed"),
        ('<?xml version="1.0"?>\n<manifest/>\n', 2, "the root is <manifest>"),
    ],
)
def test_a_strings_xml_that_does_not_parse_is_one_error_naming_its_line(text, line, fragment):
    with pytest.raises(InputError) as e:
        android.parse(text, "strings.xml")
    message = str(e.value)
    assert message.startswith("strings.xml") and fragment in message
    assert f"strings.xml:{line}:" in message


def test_an_entity_expansion_bomb_is_one_error_in_bounded_memory():
    entities = "".join(f'<!ENTITY e{k} "{f"&e{k - 1};" * 10}">' for k in range(1, 9))
    resources = '<resources><string name="a">&e8;</string></resources>'
    bomb = f'<!DOCTYPE r [<!ENTITY e0 "ha">{entities}]>{resources}'
    tracemalloc.start()
    with pytest.raises(InputError, match="^strings.xml:1: declares an entity"):
        android.parse(bomb, "strings.xml")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20_000_000  # 10**8 characters, had it expanded


# -- Apple .strings -------------------------------------------------------------------------


def test_strings_values_read_their_escapes_and_keep_comments():
    text = '/* Titre */\n"title" = "Fen\\U00eatre \\"1\\"";\n// Bouton\nok = "D\'accord";\n'
    parsed = apple_strings.parse(text, "Localizable.strings")
    assert [(u.id, u.source, u.note) for u in parsed.units] == [
        ("title", 'Fenêtre "1"', "Titre"),
        ("ok", "D'accord", "Bouton"),
    ]
    out = parsed.write(['Window "1"\nnext', "OK"])
    assert out == '/* Titre */\n"title" = "Window \\"1\\"\\nnext";\n// Bouton\nok = "OK";\n'


def test_a_strings_value_written_across_lines_keeps_its_line_breaks_as_lines():
    """A value of two lines in the file came back on one, its break written ``\\n``; a value
    that writes its break ``\\n`` still gets one."""
    text = '"a" = "Première ligne\nseconde ligne";\n"b" = "Une\\nDeux";\n'
    parsed = apple_strings.parse(text, "Localizable.strings")
    assert [u.source for u in parsed.units] == ["Première ligne\nseconde ligne", "Une\nDeux"]
    out = parsed.write(['First "line"\nsecond line', "One\nTwo"])
    assert out == '"a" = "First \\"line\\"\nsecond line";\n"b" = "One\\nTwo";\n'


def test_a_strings_entry_may_hold_comments_between_its_key_and_its_value():
    """As the property lists Apple reads them, a comment goes where white space may; before,
    ``"k" /* note */ = "v";`` was an error: expected "=", the file untranslated."""
    text = '"a" /* titre */ = /* ici */ "Bonjour" // fin\n;\n"b" = "Merci";\n'
    parsed = apple_strings.parse(text, "Localizable.strings")
    assert [(u.id, u.source) for u in parsed.units] == [("a", "Bonjour"), ("b", "Merci")]
    out = parsed.write(["Hello", "Thanks"])
    assert out == '"a" /* titre */ = /* ici */ "Hello" // fin\n;\n"b" = "Thanks";\n'


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ('"a" = "b";\n"c" = "d"\n"e" = "f";\n', 3, 'expected ";"'),
        ('"a" = "b";\n\n"c" = "d;\n', 3, "not closed"),
        ('"a" = "b";\n/* open\n', 2, "comment not closed"),
    ],
)
def test_a_strings_file_that_does_not_parse_is_one_error_naming_its_line(text, line, fragment):
    with pytest.raises(InputError, match=f"^Localizable.strings:{line}: .*{fragment}"):
        apple_strings.parse(text, "Localizable.strings")
