"""`nmt translate -i fr.json` (and Messages_fr.properties, strings.xml, Localizable.strings, an
HTML page): a localization file in, the same file out with its texts translated.

Chosen by extension (an .xml whose root is <resources> is Android's) or --input-format; the
formats nmt does not read are one error before any model loads; a file that does not parse is
one error naming its line and nothing is written. A file given back its own texts is the same
file. Access keys (``~``, ``_``, ``&``) never reach the model and come back one for one, on the
word aligned to the marked one. A page's lang becomes the target language. The shipped fr-en
model translates each fixture of tests/l10n/ (LibreOffice's strings) with every placeholder,
key and untranslatable entry kept.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import assert_one_error_line

from nmt_cli.documents.pages import PageDocument, page_reader, with_language
from nmt_cli.documents.po import read_po
from nmt_cli.documents.registry import format_for
from nmt_cli.errors import InputError
from nmt_cli.formats import android, apple_strings, i18n_json, properties
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.mnemonics import find_mnemonic

javaproperties = pytest.importorskip("javaproperties", reason="pip install '.[documents]'")
polib = pytest.importorskip("polib", reason="pip install '.[documents]'")

FIXTURES = Path(__file__).resolve().parent / "l10n"
PARSERS = {
    "fr.json": i18n_json.parse,
    "messages.json": i18n_json.parse,
    "Messages_fr.properties": properties.parse,
    "strings.xml": android.parse,
    "Localizable.strings": apple_strings.parse,
}


def same(sources: list[str]) -> list[Translation]:
    return [Translation(s, s, 0.0) for s in sources]


def read(path: Path, **options):
    """The document of ``path`` as `nmt translate` reads it (its bytes)."""
    fmt = format_for(str(path), None)
    return fmt, fmt.read(path.read_bytes(), str(path), **options)


# -- which format -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, fmt",
    [
        ("fr.json", "json"),
        ("messages.json", "json"),
        ("Messages_fr.properties", "properties"),
        ("strings.xml", "android"),
        ("Localizable.strings", "strings"),
    ],
)
def test_each_localization_file_is_read_as_its_format_by_extension(name, fmt):
    assert format_for(str(FIXTURES / name), None).name == fmt
    assert format_for("anything.txt", fmt).name == fmt


def test_an_xml_file_is_android_strings_only_if_its_root_is_resources(tmp_path):
    page = tmp_path / "book.xml"
    page.write_text('<?xml version="1.0"?>\n<!-- r -->\n<book><p>Un</p></book>\n', "utf-8")
    assert format_for(str(page), None).name == "xml"
    with pytest.raises(InputError, match="--input-format android"):
        page_reader("xml")(["<resources><string name='a'>b</string></resources>"], "-")


@pytest.mark.parametrize(
    "name, what",
    [
        ("Localizable.stringsdict", ".stringsdict"),
        ("Localizable.xcstrings", ".xcstrings"),
        ("app_fr.ts", "Qt Linguist"),
        ("Resources.resx", ".resx"),
        ("fr.yml", "YAML"),
        ("fr.yaml", "YAML"),
        ("main.ftl", "Fluent"),
        ("guide.docx.ttx", "TagEditor"),
        ("guide.txml", "Wordfast"),
        ("terms.tbx", "TBX"),
        ("memory.tmx", "--memory"),  # read as lines, its tags were garbled
        ("fr.mo", "translate its .po"),
    ],
)
def test_a_format_nmt_does_not_read_is_one_error_before_any_model_loads(
    run_cli, tmp_path, name, what
):
    (tmp_path / name).write_text("x\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli(["translate", "-m", tmp_path / "no-model", "-i", tmp_path / name, "-o", out])
    assert_one_error_line(result, name, what, "--input-format text")
    assert not out.exists()


BROKEN = {
    "fr.json": ('{\n  "a": "b",\n  "n": 1\n}\n', 3),
    "Messages_fr.properties": ("a = b\nc = \\u00\n", 2),
    "strings.xml": ('<resources>\n<string name="a">b</string>\n<string>\n</resources>\n', 4),
    "Localizable.strings": ('"a" = "b";\n"c" "d";\n', 2),
    # an escape of half a character (a UTF-16 surrogate alone): no text to translate
    "half.json": ('{\n  "a": "b",\n  "c": "\\ud800 seul"\n}\n', 3),
    "half.properties": ("a = b\nc = Bonjour \\ud83d le monde\n", 2),
    "half.strings": ('"a" = "b";\n"c" = "Bonjour \\UD83D le monde";\n', 2),
    # a key twice: aapt2 refuses the file ("duplicate value for resource"), Xcode warns
    "twice.xml": (
        '<resources>\n<string name="a">b</string>\n<string name="a">c</string>\n</resources>\n',
        3,
    ),
    "item.xml": (
        '<resources>\n<string name="a">b</string>\n'
        '<item type="string" name="a">c</item>\n</resources>\n',
        3,
    ),
    "twice.strings": ('"a" = "b";\n"c" = "d";\n"a" = "e";\n', 3),
}


@pytest.mark.parametrize("name", BROKEN)
def test_a_file_that_does_not_parse_is_one_error_naming_its_line_and_writes_nothing(
    run_cli, tmp_path, name
):
    text, line = BROKEN[name]
    (tmp_path / name).write_text(text, encoding="utf-8")
    out = tmp_path / f"out-{name}"
    result = run_cli(["translate", "-m", tmp_path / "no-model", "-i", tmp_path / name, "-o", out])
    assert_one_error_line(result, f"{name}:{line}: ")  # as every format's (FILE:LINE:)
    assert not out.exists()


# -- the identity round trip, as nmt translate reads and writes ---------------------------


@pytest.mark.parametrize("name", PARSERS)
def test_a_document_given_back_its_own_texts_renders_the_file_it_read(name):
    fmt, document = read(FIXTURES / name)
    rendered = document.render(same(document.sources()), None, print)
    assert rendered == (FIXTURES / name).read_bytes()  # UTF-16 or UTF-8


def test_a_utf16_strings_files_texts_hold_no_byte_order_mark(tmp_path):
    _, document = read(FIXTURES / "Localizable.strings")
    assert not any("\ufeff" in s for s in document.sources())
    assert "Toutes les pages" in document.sources()


# -- i18n JSON: nested keys or a browser extension's messages.json ---------------------------

NESTED = """{
  "toast": {"message": "Fichier enregistré", "description": "Le fichier est sur le disque"},
  "dialog": {"message": "Voulez-vous quitter ?", "description": "Tout sera perdu"}
}
"""
WITH_PLACEHOLDERS = """{
  "greeting": {
    "message": "Bonjour $USER$",
    "description": "Greeting",
    "placeholders": {"user": {"content": "$1", "example": "Cira"}}
  },
  "close": {"message": "Fermer", "description": "Close button"}
}
"""


def upper(sources: list[str]) -> list[Translation]:
    return [Translation(s, s.upper(), 0.0) for s in sources]


def translated(path: Path, text: str) -> dict:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    _, document = read(path)
    return json.loads(document.render(upper(document.sources()), "en", print))


def test_a_nested_json_file_whose_objects_hold_a_message_and_a_description_has_both_translated(
    tmp_path,
):
    out = translated(tmp_path / "fr.json", NESTED)
    assert out["toast"] == {
        "message": "FICHIER ENREGISTRÉ",
        "description": "LE FICHIER EST SUR LE DISQUE",
    }
    assert out["dialog"]["description"] == "TOUT SERA PERDU"


ARB = """{
  "@@locale": "fr",
  "title": "Mon application",
  "@title": {"description": "le titre de la fenêtre"},
  "files": "{count, plural, =0{aucun fichier} other{{count} fichiers}}",
  "@files": {"placeholders": {"count": {"type": "int", "example": 5}}}
}
"""


@pytest.mark.parametrize("name", ["app_fr.arb", "app_fr.json"])
def test_a_flutter_arb_file_has_its_messages_translated_its_metadata_kept_and_its_locale_set(
    tmp_path, name
):
    out = translated(tmp_path / name, ARB)  # .arb was read as lines; a number refused the .json
    assert out["@@locale"] == "en"
    assert out["title"] == "MON APPLICATION"
    assert out["@title"] == {"description": "le titre de la fenêtre"}
    assert out["@files"] == {"placeholders": {"count": {"type": "int", "example": 5}}}


def test_an_extensions_messages_json_has_only_its_messages_translated(tmp_path):
    out = translated(tmp_path / "_locales" / "fr" / "messages.json", NESTED)
    assert out["toast"] == {
        "message": "FICHIER ENREGISTRÉ",
        "description": "Le fichier est sur le disque",
    }
    out = translated(tmp_path / "fr.json", WITH_PLACEHOLDERS)  # its placeholders tell it
    assert out["greeting"]["message"] == "BONJOUR $USER$"
    assert out["greeting"]["placeholders"] == {"user": {"content": "$1", "example": "Cira"}}
    assert out["close"] == {"message": "FERMER", "description": "Close button"}


def test_each_plural_form_of_a_vue_i18n_message_is_a_text_of_its_own(tmp_path):
    """vue-i18n's "voiture | voitures", sent whole, came back "| car": no singular form."""
    text = json.dumps(
        {
            "car": "voiture | voitures",
            "apple": "pas de pomme | une pomme | {count} pommes",
            "angular": "Vous avez {{ count | number }} messages",
        }
    )
    (tmp_path / "fr.json").write_text(text, encoding="utf-8")
    _, document = read(tmp_path / "fr.json")
    assert document.sources() == [
        "voiture",
        "voitures",
        "pas de pomme",
        "une pomme",
        "{count} pommes",
        "Vous avez {{ count | number }} messages",  # a placeholder's pipe parts nothing
    ]
    out = json.loads(document.render(upper(document.sources()), "en", print))
    assert out["car"] == "VOITURE | VOITURES"
    assert out["apple"] == "PAS DE POMME | UNE POMME | {COUNT} POMMES"


def test_each_form_of_a_laravel_pluralized_message_is_a_text_of_its_own(tmp_path):
    """Laravel's ``{0} ...|{1} ...|[2,*] ... :count ...`` (Symfony's too), sent whole, came
    back with its forms run together and its pipes lost ("{0} there is no appointments{1}
    There is a p applete [2 ,*], there is no appointment:"), and ``:count`` as a word."""
    text = json.dumps(
        {
            "apples": "{0} Aucune pomme|{1} Une pomme|[2,*] :count pommes",
            "minutes": "Une minute| :count minutes",
            "menu": "Gras|Italique",
        }
    )
    (tmp_path / "fr.json").write_text(text, encoding="utf-8")
    fmt, document = read(tmp_path / "fr.json")
    assert document.sources() == [
        "Aucune pomme",
        "Une pomme",
        ":count pommes",
        "Une minute",
        ":count minutes",
        "Gras|Italique",
    ]
    assert re.compile("|".join(fmt.protect)).search(":count pommes")[0] == ":count"
    out = json.loads(document.render(upper(document.sources()), "en", print))
    assert out == {
        "apples": "{0} AUCUNE POMME|{1} UNE POMME|[2,*] :COUNT POMMES",
        "minutes": "UNE MINUTE| :COUNT MINUTES",
        "menu": "GRAS|ITALIQUE",
    }


# -- access keys ------------------------------------------------------------------------------

CATALOGUE = """msgid ""
msgstr ""
"Language: fr\\n"
"X-Accelerator-Marker: ~\\n"

msgid "Mise à jo~ur"
msgstr ""

msgid "Nouveau ~nom"
msgstr ""

msgid "Sans marque"
msgstr ""

msgid "R~~D"
msgstr ""
"""


def test_an_access_key_never_reaches_the_model_and_goes_on_the_aligned_word():
    document = read_po(CATALOGUE.encode(), "fr.po", retranslate="none", mark_fuzzy=False)
    assert document.sources() == ["Mise à jour", "Nouveau nom", "Sans marque", "R~~D"]
    translations = [
        Translation("Mise à jour", "Update", 0.0, alignment=[(0, 0), (2, 0)]),
        Translation("Nouveau nom", "New name", 0.0, alignment=[(0, 0), (1, 1)]),
        Translation("Sans marque", "No brand", 0.0, alignment=[(0, 0), (1, 1)]),
        Translation("R~~D", "R~~D", 0.0),
    ]
    out = document.render(translations, "en", print).decode("utf-8")
    found = re.findall(r'msgid "(.+)"\nmsgstr "(.*)"', out)
    assert found == [("Mise à jo~ur", "~Update"), ("Nouveau ~nom", "New ~name")] + [
        ("Sans marque", "No brand"),
        ("R~~D", "R~~D"),
    ]


def test_only_a_document_with_access_keys_asks_for_word_alignments(tmp_path):
    marked = read_po(CATALOGUE.encode(), "fr.po", retranslate="none", mark_fuzzy=False)
    plain = read_po(
        b'msgid "Sans marque"\nmsgstr ""\n', "fr.po", retranslate="none", mark_fuzzy=False
    )
    assert marked.needs_alignment and not plain.needs_alignment


def test_with_no_aligned_word_the_access_key_goes_on_the_first_letter(tmp_path):
    path = tmp_path / "Messages.properties"
    path.write_text("open = &Ouvrir\nquit = &Quitter\nrd = R&&D\n", encoding="utf-8")
    _, document = read(path)
    assert document.sources() == ["Ouvrir", "Quitter", "R&&D"]
    translations = [
        Translation("Ouvrir", "Open", 0.0, alignment=[(0, 0)]),
        Translation("Quitter", "(Exit now)", 0.0),
        Translation("R&&D", "R&&D", 0.0),  # a doubled marker: the character itself
    ]
    assert document.render(translations, "en", print) == (
        b"open = &Open\nquit = (&Exit now)\nrd = R&&D\n"
    )


def test_an_ampersand_of_an_acronym_is_no_access_key_and_a_copied_word_keeps_its_own(tmp_path):
    """Beside &Fichier, AT&T came back "A&TT operator": its & read as a key, put back on the
    first T of the copied word."""
    path = tmp_path / "Messages.properties"
    text = (
        "f = &Fichier\na = Opérateur AT&T\nb = Magasin H&M\nc = Section Q&A\nd = Ouvrir Fire&fox\n"
    )
    path.write_text(text, encoding="utf-8")
    _, document = read(path)
    assert document.sources() == [
        "Fichier",
        "Opérateur AT&T",
        "Magasin H&M",
        "Section Q&A",
        "Ouvrir Firefox",
    ]
    translations = [
        Translation("Fichier", "File", 0.0, alignment=[(0, 0)]),
        Translation("Opérateur AT&T", "AT&T operator", 0.0, alignment=[(0, 1), (1, 0)]),
        Translation("Magasin H&M", "H&M store", 0.0, alignment=[(0, 1), (1, 0)]),
        Translation("Section Q&A", "Q&A section", 0.0, alignment=[(0, 1), (1, 0)]),
        Translation("Ouvrir Firefox", "Open Firefox", 0.0, alignment=[(0, 0), (1, 1)]),
    ]  # a word copied unchanged: the key on the letter it marked, not on the first
    assert document.render(translations, "en", print).decode() == (
        "f = &File\na = AT&T operator\nb = H&M store\nc = Q&A section\nd = Open Fire&fox\n"
    )


def test_one_marked_string_is_no_access_key_convention(tmp_path):
    path = tmp_path / "fr.json"
    path.write_text('{"a": "R&D", "b": "file_name"}\n', encoding="utf-8")
    _, document = read(path)
    assert document.sources() == ["R&D", "file_name"]


# -- pages and plurals: the target language -----------------------------------------------


def test_a_pages_lang_becomes_the_target_language():
    html = '<!DOCTYPE html>\n<html lang="fr" class="x">\n<p>Bonjour</p></html>\n'
    assert with_language(html, "en") == html.replace('lang="fr"', 'lang="en"')
    bare = "<!-- c -->\n<html><p>Bonjour</p></html>\n"
    assert with_language(bare, "en") == bare
    xml = "<?xml version=\"1.0\"?>\n<doc xml:lang='fr'><p>Un</p></doc>\n"
    assert with_language(xml, "en") == xml.replace("'fr'", "'en'")


def test_a_pages_content_language_becomes_the_target_language_as_its_lang_does():
    page = [
        '<html lang="fr"><head><meta http-equiv="Content-Language" content="fr-FR">',
        "<meta http-equiv='content-type' content='text/html; charset=utf-8'>",
        '<meta name="language" content="fr"></head><body><p>Bonjour</p></body></html>',
    ]
    document = page_reader("html")(page, "page.html")
    out = document.render(same(document.sources()), "en", print)
    said = "\n".join(page).replace('content="fr-FR"', 'content="en"') + "\n"
    assert out == said.replace('lang="fr"', 'lang="en"').replace('content="fr"', 'content="en"')


def test_a_pages_meta_language_becomes_the_target_language():
    """``<meta name="language" content="fr">`` stayed French in the English page."""
    page = [
        '<html lang="fr"><head><meta name="language" content="fr">',
        "<meta name='DC.language' content='fr-FR'>",
        '<meta name="language" content="French"></head><body><p>Bonjour</p></body></html>',
    ]
    document = page_reader("html")(page, "page.html")
    out = document.render(same(document.sources()), "en", print)
    assert out.split("\n") == [
        '<html lang="en"><head><meta name="language" content="en">',
        "<meta name='DC.language' content='en'>",
        '<meta name="language" content="French"></head><body><p>Bonjour</p></body></html>',
        "",
    ]


def test_a_page_whose_meta_language_is_not_the_models_source_is_one_error():
    page = ['<html><head><meta name="language" content="de"></head>', "<p>Hallo</p></html>"]
    document = page_reader("html")(page, "page.html")
    with pytest.raises(InputError, match=r'is in "de".*from fr'):
        document.check_languages("fr", "en")


def test_a_pages_open_graph_locale_becomes_the_target_language_with_a_region():
    """Shared, the translated page was announced as French (og:locale fr_FR); its alternates
    (the other languages it is in) stay as they were."""
    page = [
        '<html lang="fr"><head><meta property="og:locale" content="fr_FR" />',
        '<meta property="og:locale:alternate" content="de_DE">',
        '<meta property="og:title" content="Bonjour"></head><body></body></html>',
    ]
    document = page_reader("html")(page, "page.html")
    out = document.render(same(document.sources()), "en", print)
    assert out.split("\n")[:2] == [
        '<html lang="en"><head><meta property="og:locale" content="en_US" />',
        '<meta property="og:locale:alternate" content="de_DE">',
    ]
    canadian = page_reader("html")([page[0].replace("fr_FR", "fr_CA")], "page.html")
    assert 'content="en_CA"' in canadian.render([], "en", print)


def test_a_page_whose_content_language_is_not_the_models_source_is_one_error():
    """Only its meta said a language: a German page was translated by fr-en and labelled en."""
    page = [
        '<html><head><meta http-equiv="content-language" content="de"></head>',
        "<p>Hallo</p></html>",
    ]
    document = page_reader("html")(page, "page.html")
    with pytest.raises(InputError, match=r'is in "de" \(its content-language\).*from fr'):
        document.check_languages("fr", "en")
    document.check_languages("de", "en")


def test_a_page_in_another_language_than_the_models_source_is_one_error():
    document = page_reader("html")(['<html lang="de-AT"><p>Hallo</p></html>'], "page.html")
    assert isinstance(document, PageDocument) and document.language == "de-AT"
    document.check_languages("de", "en")  # the model's own source language: no error
    with pytest.raises(InputError, match=r'page.html: the page is in "de-AT".*from fr'):
        document.check_languages("fr", "en")
    english = page_reader("html")(['<html lang="en"><p>Hello</p></html>'], "page.html")
    with pytest.raises(InputError, match="already in"):
        english.render(same(english.sources()), "en", print)


def test_android_plurals_get_the_target_languages_categories():
    _, document = read(FIXTURES / "strings.xml")
    english = document.render(same(document.sources()), "en", print).decode("utf-8")
    assert 'quantity="many"' in (FIXTURES / "strings.xml").read_text("utf-8")
    assert 'quantity="many"' not in english and english.count('quantity="one"') == 4


# -- the shipped model --------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{\{\w+\}\}|\$\w+\$|\{\d\}|%\d\$[s@d]|<xliff:g[^>]*>.*?</xliff:g>")


@pytest.mark.parametrize("name", PARSERS)
def test_the_shipped_model_translates_each_file_keeping_keys_and_placeholders(
    run_cli, tmp_path, name
):
    out = tmp_path / name
    result = run_cli(["translate", "-i", FIXTURES / name, "-o", out])
    assert result.exit_code == 0, result.stderr
    source_text, encoding = apple_strings.decode((FIXTURES / name).read_bytes())
    source = PARSERS[name](source_text, name)
    target_text, written = apple_strings.decode(out.read_bytes())
    assert written == encoding  # Localizable.strings: UTF-16 with its byte order mark again
    target = PARSERS[name](target_text, name)
    assert [u.id for u in target.units] == [u.id for u in source.units if "#many" not in u.id]
    sources = {u.id: u.source for u in source.units}
    translated = sum(sources[u.id] != u.source for u in target.units)
    assert translated >= 0.8 * len(target.units)
    for unit in target.units:
        assert sorted(PLACEHOLDER.findall(unit.source)) == sorted(
            PLACEHOLDER.findall(sources[unit.id])
        ), unit.id
    if name.endswith(".properties"):
        assert set(javaproperties.loads(out.read_text("utf-8"))) == {u.id for u in source.units}
        assert all(u.source.count("&") == sources[u.id].count("&") for u in target.units)
    if name == "fr.json":
        assert json.loads(out.read_text("utf-8")).keys() == {"app", "units"}
        assert all(u.source.count("~") == sources[u.id].count("~") for u in target.units)
    if name == "strings.xml":
        assert '<string name="app_name" translatable="false">LibreOffice</string>' in (
            out.read_text("utf-8")
        )


def test_the_shipped_model_translates_a_page_into_english_and_says_so(run_cli, tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<html lang="fr"><body><p>Le fichier existe déjà.</p></body></html>\n', "utf-8")
    result = run_cli(["translate", "-i", page, "-o", tmp_path / "out.html"])
    assert result.exit_code == 0, result.stderr
    out = (tmp_path / "out.html").read_text("utf-8")
    assert out.startswith('<html lang="en"><body><p>') and "déjà" not in out


README = Path(__file__).resolve().parents[1] / "README.md"
EXAMPLE = re.compile(
    r"```sh\n\$ cat (\S+)\n(.*?)\$ (nmt translate -i \S+ -o (\S+)) && cat \S+\n(.*?)```", re.S
)


@pytest.mark.slow
def test_the_readmes_localization_examples_give_the_files_shown(run_cli, tmp_path, monkeypatch):
    section = README.read_text(encoding="utf-8").split("#### Localization files")[1]
    examples = EXAMPLE.findall(section.split("### Markup")[0])
    assert len(examples) == 5
    monkeypatch.chdir(tmp_path)
    for name, source, command, output, shown in examples:
        Path(name).write_text(source, encoding="utf-8")
        result = run_cli(command.split()[1:])
        assert result.exit_code == 0, result.stderr
        assert Path(output).read_text(encoding="utf-8") == shown, name


# -- at scale: 200 units and more of LibreOffice's strings, in each format ---------------------

AT_SCALE = {"mnemonic": 60, "placeholder": 60, "lines": 30, "markup": 10, "plain": 50}
WRITERS = {
    "fr.po": lambda m, texts, plurals: m.catalogue(texts, plurals),
    "fr.json": lambda m, texts, plurals: m.i18n_json(texts, plurals),
    "messages.json": lambda m, texts, plurals: m.messages_json(texts),
    "Messages_fr.properties": lambda m, texts, plurals: m.properties(texts),
    "strings.xml": lambda m, texts, plurals: m.strings_xml(texts, plurals),
    "Localizable.strings": lambda m, texts, plurals: m.apple_strings(texts),
}


def _keyed(text: str, marker: str) -> bool:
    """Whether ``text`` has an access key of ``marker``, an entity's ``&`` (``&lt;``) none."""
    entities = [m.span() for m in re.finditer(r"&#?\w+;", text)]
    return find_mnemonic(text, marker, entities).index is not None


@pytest.mark.slow
@pytest.mark.parametrize("name", WRITERS)
def test_200_libreoffice_strings_come_through_the_shipped_model_in_each_format(
    run_cli, tmp_path, name
):
    """Ids, placeholders and access keys as the source's, untranslatable entries as they were;
    a catalogue passes ``msgfmt --check`` and its access-key check."""
    make = pytest.importorskip("l10n.make_fixtures", reason="tests/l10n/make_fixtures.py")
    if not make.CATALOGUES.is_dir():
        pytest.skip(f"no LibreOffice catalogues at {make.CATALOGUES}")
    texts, plurals = make.entries(AT_SCALE, n_plurals=12)
    written = WRITERS[name](make, texts, plurals)
    source_file, out = tmp_path / name, tmp_path / f"out-{name}"
    if isinstance(written, bytes):
        source_file.write_bytes(written)
    else:
        source_file.write_text(written, encoding="utf-8")
    result = run_cli(["translate", "-i", source_file, "-o", out])
    assert result.exit_code == 0, result.stderr
    if name.endswith(".po"):
        check = ["msgfmt", "--check", "--check-accelerators=~", "-o", tmp_path / "o.mo", out]
        done = subprocess.run([str(a) for a in check], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return
    source = PARSERS[name](apple_strings.decode(source_file.read_bytes())[0], name)
    target = PARSERS[name](apple_strings.decode(out.read_bytes())[0], name)
    assert len(source.units) >= 200
    assert [u.id for u in target.units] == [u.id for u in source.units if "#many" not in u.id]
    sources = {u.id: u.source for u in source.units}
    for unit in target.units:
        assert sorted(PLACEHOLDER.findall(unit.source)) == sorted(
            PLACEHOLDER.findall(sources[unit.id])
        ), unit.id
        for marker in "~&":  # an access key in, exactly one out (an entity's & is none)
            keyed = _keyed(sources[unit.id], marker)
            assert not keyed or _keyed(unit.source, marker), unit.id
    if name.endswith(".properties"):
        assert set(javaproperties.loads(out.read_text("utf-8"))) == set(sources)
    if name == "strings.xml":
        assert '<string name="app_name" translatable="false">LibreOffice</string>' in (
            out.read_text("utf-8")
        )


def test_a_doubled_access_key_marker_is_the_character_and_comes_back_doubled(run_cli, tmp_path):
    """Sent to the model, ``&&`` came back one ``&``: an access key of its own."""
    source = tmp_path / "Messages_fr.properties"
    source.write_text(
        "file = &Fichier\nedit = &Édition\nboth = Recherche && remplacement\n"
        "amp2 = &Outils && options\n",
        encoding="utf-8",
    )
    out = tmp_path / "Messages_en.properties"
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    values = dict(line.split(" = ", 1) for line in out.read_text(encoding="utf-8").splitlines())
    assert values["both"].count("&&") == 1 and values["both"].count("&") == 2
    assert values["amp2"].count("&&") == 1 and values["amp2"].count("&") == 3


def test_an_access_key_in_a_string_with_tags_goes_on_a_word_never_into_a_tag(run_cli, tmp_path):
    """A react-i18next string holding an access key, and an HTML one: the key went on the
    aligned word's first letter or digit, the tag's own ("<&1>help</1>", "<&b>Delete</b>",
    '<a h&ref="x">recent</a>'), which neither React nor a browser reads as a tag any more."""
    source = tmp_path / "fr.json"
    strings = {
        "help": "Consultez l'&aide <1>en ligne</1>.",
        "delete": "<b>&Supprimer</b> le fichier",
        "recent": 'Ouvrir <a href="x">&récents</a>',
    }
    source.write_text(json.dumps({"menu": strings}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "en.json"
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    written = json.loads(out.read_text(encoding="utf-8"))["menu"]
    tag = re.compile(r"</?\w+(?: [^<>]*)?>")
    for key, text in strings.items():
        assert tag.findall(written[key]) == tag.findall(text), written[key]
        assert written[key].count("&") == 1, written[key]
        assert written[key][written[key].index("&") + 1].isalpha(), written[key]


def test_a_string_with_inline_elements_is_read_as_html_though_others_have_access_keys(
    run_cli, tmp_path
):
    """An entry's tags go around the words aligned to those they enclosed whether or not
    other entries of its catalogue mark access keys. Before, one key anywhere had every
    entry translated with its tags as protected spans: "<b>Bonjour</b> le monde" came back
    "<b>Bonjour</b>", its words lost."""
    head = 'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    tagged = "<b>Bonjour</b> le monde"
    keys = '\nmsgid "_Fichier"\nmsgstr ""\n\nmsgid "_Ouvrir"\nmsgstr ""\n'
    written = {}
    for name, extra in (("plain.po", ""), ("keys.po", keys)):
        source = tmp_path / name
        source.write_text(f'{head}\nmsgid "{tagged}"\nmsgstr ""\n{extra}', encoding="utf-8")
        result = run_cli(["translate", "-i", source, "-o", tmp_path / f"en-{name}"])
        assert result.exit_code == 0, result.stderr
        written[name] = {e.msgid: e.msgstr for e in polib.pofile(str(tmp_path / f"en-{name}"))}
    assert written["plain.po"][tagged].endswith("</b> the world")
    assert written["keys.po"][tagged] == written["plain.po"][tagged]
    assert written["keys.po"]["_Fichier"].count("_") == 1


GCC_CATALOGUE = """msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#, gcc-internal-format
msgid "%D est déclaré ici"
msgstr ""

#, gcc-internal-format
msgid "type %qT incomplet dans %K"
msgstr ""
"""


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_a_gcc_catalogues_bare_directives_come_back_and_msgfmt_accepts_it(run_cli, tmp_path):
    """gcc's bare %D and %K came back "% D", "% K": msgfmt --check refused the catalogue."""
    source, out = tmp_path / "gcc.po", tmp_path / "en.po"
    source.write_text(GCC_CATALOGUE, encoding="utf-8")
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    check = ["msgfmt", "--check-format", "-o", str(tmp_path / "o.mo"), str(out)]
    done = subprocess.run(check, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "%D" in out.read_text(encoding="utf-8")


HELP_CATALOGUE = """msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#, c-format
msgid ""
"Usage : %s [OPTION]...\\n"
"  -h, --help     afficher cette aide et quitter\\n"
"  -v, --version  afficher la version et quitter\\n"
msgstr ""
"""


def test_a_help_text_keeps_its_columns(run_cli, tmp_path):
    """A program's --help in a catalogue came back with its columns one space apart
    ("  -h, --help display this help and exit"): each column is now a text of its own."""
    source, out = tmp_path / "help.po", tmp_path / "en.po"
    source.write_text(HELP_CATALOGUE, encoding="utf-8")
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    help_text = polib.pofile(str(out))[0].msgstr
    options = help_text.split("\n")[1:3]
    for line, column in zip(options, ["  -h, --help     ", "  -v, --version  "]):
        assert line.startswith(column) and line[len(column)].isalpha(), help_text


def test_a_choice_arguments_branches_come_back_translated_its_limits_kept(run_cli, tmp_path):
    """A ChoiceFormat argument was protected whole: its branches stayed French."""
    source, out = tmp_path / "Messages_fr.properties", tmp_path / "Messages_en.properties"
    source.write_text(
        "files = {0,choice,0#Aucun fichier|1#Un fichier|1<{0,number,integer} fichiers}\n",
        encoding="utf-8",
    )
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    value = dict(javaproperties.loads(out.read_text(encoding="utf-8")))["files"]
    found = re.fullmatch(r"\{0,choice,0#([^|]+)\|1#([^|]+)\|1<\{0,number,integer\} (\w+)\}", value)
    assert found is not None, value
    assert "fichier" not in value and found[3] == "files", value
