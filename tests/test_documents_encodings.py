"""`nmt translate -i FILE -o OUT` on a localization file, a catalogue or a text document writes
OUT in FILE's own encoding, byte order mark and line ends: i18n JSON, Java .properties, Android
strings.xml, Apple .strings, gettext .po, subtitles (SubRip, WebVTT), Markdown and pages.

As the Okapi filters test every format, each file given back its own texts (a translator that
returns each text unchanged) is written back byte for byte, whether its lines end in CRLF (or
in both CRLF and LF, but for a catalogue, which polib writes with one kind, and a text
document, written with LF), it has no final line break, it starts with a UTF-8 byte order mark,
or it is UTF-16 or UTF-32 (where the format allows: Apple .strings, Android XML and text
documents; a catalogue is UTF-8 for gettext, a .properties file UTF-8 or, as Java 8 wrote them,
Latin-1). A changed text is written in the same encoding and
line ends; bytes that are not valid in the file's encoding are one error naming their line.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from conftest import assert_one_error_line

from nmt_cli.documents.registry import format_for
from nmt_cli.inference.translation import Translation

pytest.importorskip("javaproperties", reason="pip install '.[documents]'")
pytest.importorskip("polib", reason="pip install '.[documents]'")

pytest_plugins = ["model_fixtures"]

FILES = {
    "fr.json": (
        "{\n"
        '  "menu": {\n'
        '    "open": "~Ouvrir le fichier",\n'
        '    "close": "~Fermer la fenêtre"\n'
        "  },\n"
        '  "inbox": "Vous avez {{count}} messages."\n'
        "}\n"
    ),
    "Messages_fr.properties": (
        "# Fenêtre principale\n"
        "open = &Ouvrir le fichier\n"
        "close = &Fermer la fenêtre \\\n"
        "    principale\n"
        "hello = Bonjour {0}, l''utilisateur.\n"
    ),
    "strings.xml": (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        "<resources>\n"
        "    <!-- Le menu -->\n"
        '    <string name="open">Ouvrir le fichier</string>\n'
        '    <string name="app" translatable="false">Agenda</string>\n'
        '    <plurals name="inbox">\n'
        '        <item quantity="one">%d nouveau message</item>\n'
        '        <item quantity="other">%d nouveaux messages</item>\n'
        "    </plurals>\n"
        "</resources>\n"
    ),
    "Localizable.strings": (
        "/* Après l'enregistrement */\n"
        '"saved" = "Le document a été enregistré.";\n'
        '"delete" = "Voulez-vous supprimer %@ ?";\n'
        '"help" = "Ouvrir le fichier\nou le fermer.";\n'  # a line break in a string
    ),
    # As polib writes a catalogue (every entry already translated, translated again: --retranslate)
    "fr.po": (
        "# Le guide du parc.\n"
        'msgid ""\n'
        'msgstr ""\n'
        '"Language: fr\\n"\n'
        '"Content-Type: text/plain; charset=utf-8\\n"\n'  # UTF-8 as written: kept so
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n'
        "\n"
        "#: guide/menu.py:5\n"
        'msgctxt "menu"\n'
        'msgid "Fermer la fenêtre"\n'
        'msgstr "Fermer la fenêtre"\n'
        "\n"
        "#, python-format\n"
        'msgid "%d chien attend."\n'
        'msgid_plural "%d chiens attendent."\n'
        'msgstr[0] "%d chien attend."\n'
        'msgstr[1] "%d chiens attendent."\n'
    ),
}
# Text documents too: subtitles, Markdown and pages (their lines read and written again)
TEXT_DOCUMENTS = {
    "film.srt": (
        "1\n00:00:01,000 --> 00:00:03,500\nFermer la fenêtre\navant de partir.\n\n"
        "2\n00:00:04,000 --> 00:00:05,000\n<i>Ouvrir le fichier</i>\n"
    ),
    "film.vtt": (
        "WEBVTT\n\nNOTE Relu\n\nun\n00:01.000 --> 00:03.500 align:start\nFermer la fenêtre\n\n\n"
        "00:00:04.000 --> 00:00:05.000\n<v Marie>Ouvrir le fichier\n"
    ),
    "guide.md": "# Fermer la fenêtre\n\n- Ouvrir le fichier\n- Le *menu* principal\n",
    "page.html": (
        "<!DOCTYPE html>\n<html>\n<body>\n<p>Fermer la fenêtre</p>\n"
        '<p><a href="open.html">Ouvrir le fichier</a></p>\n</body>\n</html>\n'
    ),
}
FILES |= TEXT_DOCUMENTS
# the formats whose files may be UTF-16 or -32
UTF16 = ("strings.xml", "Localizable.strings", *TEXT_DOCUMENTS)


def crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode("utf-8")


def no_final_break(text: str) -> bytes:
    return text.removesuffix("\n").encode("utf-8")


def utf8_bom(text: str) -> bytes:
    return codecs.BOM_UTF8 + text.encode("utf-8")


def utf16(text: str) -> bytes:
    text = text.replace('encoding="utf-8"', 'encoding="utf-16"')
    return codecs.BOM_UTF16_LE + text.encode("utf-16-le")


def utf32(text: str) -> bytes:
    """UTF-32, big endian: its byte order mark is not UTF-16's, as little endian's starts."""
    text = text.replace('encoding="utf-8"', 'encoding="utf-32"')
    return codecs.BOM_UTF32_BE + text.encode("utf-32-be")


def utf32_le(text: str) -> bytes:
    text = text.replace('encoding="utf-8"', 'encoding="utf-32"')
    return codecs.BOM_UTF32_LE + text.encode("utf-32-le")


def mixed(text: str) -> bytes:
    """The first line ending in CRLF, the others in LF."""
    return text.replace("\n", "\r\n", 1).encode("utf-8")


def everything(text: str) -> bytes:
    """A byte order mark, CRLF line ends and no final line break at once."""
    return codecs.BOM_UTF8 + crlf(text).removesuffix(b"\r\n")


VARIANTS = {
    f.__name__: f
    for f in (crlf, no_final_break, utf8_bom, everything, utf16, utf32, utf32_le, mixed)
}
# polib writes a catalogue with one kind of line end; a text document of mixed line ends is
# written with LF, a line end of its own
ONLY = {"utf16": UTF16, "utf32": UTF16, "utf32_le": UTF16}
ONLY["mixed"] = tuple(name for name in FILES if name != "fr.po" and name not in TEXT_DOCUMENTS)
CASES = [
    (name, variant) for name in FILES for variant in VARIANTS if name in ONLY.get(variant, FILES)
]


@pytest.fixture
def given_back(monkeypatch) -> list[str]:
    """A translator that gives each text back unchanged; the texts it was given."""
    from nmt_cli.inference.translator import Translator

    seen: list[str] = []

    def translate(self, lines, with_alignment=False, on_progress=None, **_):
        seen.extend(lines)
        return [[Translation(line, line, 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", translate)
    return seen


@pytest.fixture
def upper_cased(monkeypatch) -> None:
    """A translator that upper-cases each text and ends it with an ellipsis, "…"."""
    from nmt_cli.inference.translator import Translator

    def translate(self, lines, with_alignment=False, on_progress=None, **_):
        return [[Translation(line, f"{line.upper()} …", 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", translate)


def translate(run_cli, model: Path, source: Path, *options: str):
    """`nmt translate -i source -o out` (the catalogue's entries translated again): the result
    and out."""
    out = source.with_name(f"out-{source.name}")
    if source.suffix == ".po":
        options = ("--retranslate", "all", *options)
    result = run_cli(["translate", "-m", model, "-i", source, "-o", out, *options])
    return result, out


@pytest.mark.parametrize("name, variant", CASES)
def test_a_file_given_back_its_own_texts_is_written_back_byte_for_byte(
    run_cli, short_model_dir, tmp_path, given_back, name, variant
):
    data = VARIANTS[variant](FILES[name])
    source = tmp_path / name
    source.write_bytes(data)
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert "Fermer la fenêtre" in given_back or "Ouvrir le fichier" in given_back
    # each line of a text on its own, with no line end or byte order mark in it
    assert not any("\r" in s or "\ufeff" in s for s in given_back)
    assert out.read_bytes() == data


def test_a_properties_file_that_is_not_utf8_is_latin1_and_stays_so(
    run_cli, short_model_dir, tmp_path, given_back
):
    data = FILES["Messages_fr.properties"].encode("latin-1")
    source = tmp_path / "Messages_fr.properties"
    source.write_bytes(data)
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert "Fermer la fenêtre principale" in given_back
    assert out.read_bytes() == data


def test_a_changed_text_is_written_in_the_files_encoding_and_line_ends(
    run_cli, short_model_dir, tmp_path, upper_cased
):
    source = tmp_path / "Localizable.strings"
    text = FILES["Localizable.strings"]
    source.write_bytes(codecs.BOM_UTF16_BE + text.replace("\n", "\r\n").encode("utf-16-be"))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert data.startswith(codecs.BOM_UTF16_BE)
    written = data[2:].decode("utf-16-be")
    assert written.count("\r\n") == written.count("\n") == 5
    assert '"saved" = "LE DOCUMENT A ÉTÉ ENREGISTRÉ. …";' in written
    assert '"help" = "OUVRIR LE FICHIER …\r\nOU LE FERMER. …";' in written  # across lines still


def test_a_latin1_properties_file_gets_what_latin1_lacks_as_escapes(
    run_cli, short_model_dir, tmp_path, upper_cased
):
    source = tmp_path / "Messages_fr.properties"
    source.write_bytes(FILES["Messages_fr.properties"].encode("latin-1"))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    written = out.read_bytes().decode("latin-1")
    assert "open = &OUVRIR LE FICHIER \\u2026\n" in written
    assert "close = &FERMER LA FENÊTRE PRINCIPALE \\u2026\n" in written


def test_a_catalogue_of_crlf_line_ends_filled_keeps_them(
    run_cli, short_model_dir, tmp_path, upper_cased
):
    source = tmp_path / "fr.po"
    source.write_bytes(utf8_bom(FILES["fr.po"].replace("\n", "\r\n")))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert data.startswith(codecs.BOM_UTF8) and data.endswith(b"\r\n")
    assert data.count(b"\r\n") == data.count(b"\n") and b'msgstr "FERMER LA FEN' in data


@pytest.mark.parametrize("encoded", [utf16, utf32, utf32_le])
def test_a_utf16_or_utf32_catalogue_is_written_in_utf8_as_gettext_reads_it(
    run_cli, short_model_dir, tmp_path, given_back, encoded
):
    source = tmp_path / "fr.po"
    source.write_bytes(encoded(FILES["fr.po"]))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes() == FILES["fr.po"].encode("utf-8")


def test_stdin_to_stdout_keeps_the_encoding(run_cli, short_model_dir, given_back):
    data = utf16(FILES["Localizable.strings"])
    args = ["translate", "-m", short_model_dir, "--input-format", "strings"]
    result = run_cli(args, input=data)
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes == data


def test_a_utf16_xml_file_whose_root_is_resources_is_android_strings(tmp_path):
    path = tmp_path / "strings.xml"
    path.write_bytes(utf16(FILES["strings.xml"]))
    assert format_for(str(path), None).name == "android"
    path.write_bytes(utf16('<?xml version="1.0" encoding="utf-16"?>\n<book><p>Un</p></book>\n'))
    assert format_for(str(path), None).name == "xml"
    for encoded in (utf32, utf32_le):
        path.write_bytes(encoded(FILES["strings.xml"]))
        assert format_for(str(path), None).name == "android"


INVALID = {
    "fr.json": (b'{\n  "a": "b",\n  "c": "\xe9t\xe9"\n}\n', 3, "not valid UTF-8"),
    "fr.po": (b'msgid "a"\nmsgstr ""\n\nmsgid "\xff"\nmsgstr ""\n', 4, "not valid UTF-8"),
    "strings.xml": (
        b'<resources>\n<string name="a">b</string>\n<string name="c">\xc3(</string>\n'
        b"</resources>\n",
        3,
        "not valid UTF-8",
    ),
    # an unpaired surrogate on the second line
    "Localizable.strings": (
        codecs.BOM_UTF16_LE + '"a" = "b";\n"c" = "'.encode("utf-16-le") + b"\x00\xd8" + b'"\x00',
        2,
        "not valid UTF-16",
    ),
}


@pytest.mark.parametrize("name", INVALID)
def test_bytes_not_valid_in_the_files_encoding_are_one_error_naming_the_line(
    run_cli, short_model_dir, tmp_path, given_back, name
):
    data, line, what = INVALID[name]
    source = tmp_path / name
    source.write_bytes(data)
    result, out = translate(run_cli, short_model_dir, source)
    assert_one_error_line(result, f"{name}:{line}: {what}")
    assert not out.exists() and not given_back


# A page saved in a legacy encoding says which, as a browser reads it: <meta charset>, <meta
# http-equiv="Content-Type">, an XML declaration
LEGACY_PAGES = {
    "meta.html": (
        '<html lang="fr">\n<head><meta charset="windows-1252"></head>\n'
        "<body><p>Fermer la fenêtre</p>\n<p>L’été coûte 5 €</p></body></html>\n",
        "cp1252",
    ),
    "equiv.htm": (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
        "</head>\r\n<body><p>Fermer la fenêtre</p></body></html>\r\n",
        "cp1252",  # a browser's ISO-8859-1 is Windows-1252
    ),
    "page.xml": (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<doc><p>Fermer la fenêtre</p></doc>\n',
        "latin-1",
    ),
}


@pytest.mark.parametrize("name", LEGACY_PAGES)
def test_a_page_in_the_legacy_encoding_it_declares_is_read_and_written_back_in_it(
    run_cli, short_model_dir, tmp_path, given_back, name
):
    text, codec = LEGACY_PAGES[name]
    source = tmp_path / name
    source.write_bytes(text.encode(codec))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert "Fermer la fenêtre" in given_back
    assert out.read_bytes() == text.encode(codec)


@pytest.mark.parametrize("name", LEGACY_PAGES)
def test_a_character_the_pages_encoding_lacks_is_written_as_a_reference(
    run_cli, short_model_dir, tmp_path, upper_cased, name
):
    text, codec = LEGACY_PAGES[name]
    source = tmp_path / name
    source.write_bytes(text.replace("Fermer", "Fermer 10 µm de").encode(codec))
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    written = out.read_bytes().decode(codec)
    ellipsis = "…" if codec == "cp1252" else "&#8230;"  # Windows-1252 has it, Latin-1 not
    # "µ" upper-cased is the Greek "Μ", in neither
    assert f"<p>FERMER 10 &#924;M DE LA FENÊTRE {ellipsis}</p>" in written


def test_a_page_not_in_utf8_that_declares_no_charset_is_one_error_saying_how(
    run_cli, short_model_dir, tmp_path, given_back
):
    source = tmp_path / "page.html"
    source.write_bytes("<html><body>\n<p>Fermer la fenêtre</p></body></html>\n".encode("cp1252"))
    result, out = translate(run_cli, short_model_dir, source)
    assert_one_error_line(
        result,
        'page.html:2: not valid UTF-8 (byte 17); a page in another encoding says which: '
        '<meta charset="windows-1252">',
    )
    assert not out.exists() and not given_back


def test_a_byte_order_mark_wins_over_the_charset_a_page_declares(
    run_cli, short_model_dir, tmp_path, given_back
):
    data = utf8_bom(LEGACY_PAGES["meta.html"][0])
    source = tmp_path / "meta.html"
    source.write_bytes(data)
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert "L’été coûte 5 €" in given_back and out.read_bytes() == data


def test_a_windows_1252_page_s_bytes_python_lacks_are_read_and_written_as_browsers_do(
    run_cli, short_model_dir, tmp_path, given_back
):
    """Windows-1252 as browsers read it (WHATWG): 0x81, 0x8D, 0x8F, 0x90 and 0x9D are U+0081,
    U+008D... (Python's cp1252 has no character for them: the page was refused as "not valid
    Windows-1252"), and they are written back as the same bytes."""
    head = b'<html lang="fr">\n<head><meta charset="windows-1252"></head>\n'
    data = head + b"<body><p>L\x92\xe9t\xe9 \x81\x8d\x8f\x90\x9d</p></body></html>\n"
    source = tmp_path / "page.html"
    source.write_bytes(data)
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert "L’été \x81\x8d\x8f\x90\x9d" in given_back
    assert out.read_bytes() == data


@pytest.mark.parametrize(("name", "line"), [("film.srt", 3), ("film.vtt", 7), ("guide.md", 1)])
def test_subtitles_or_markdown_in_windows_1252_are_read_so_and_written_in_utf8(
    run_cli, short_model_dir, tmp_path, given_back, name, line
):
    text = TEXT_DOCUMENTS[name]
    source = tmp_path / name
    source.write_bytes(crlf(text).decode().encode("cp1252"))  # an old editor's, é as 0xE9
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert any("Fermer la fenêtre" in text for text in given_back)
    assert out.read_bytes() == crlf(text)
    warning = f"{name}: invalid UTF-8 (first at line {line}) read as Windows-1252"
    assert result.stderr.count("\n") == 1 and warning in result.stderr
    assert "written in UTF-8" in result.stderr


def test_a_windows_1252_subtitle_s_bytes_python_lacks_are_kept_as_browsers_read_them(
    run_cli, short_model_dir, tmp_path, given_back
):
    """0x81, 0x8D, 0x8F, 0x90 and 0x9D, which Windows-1252 leaves undefined, became U+FFFD:
    the subtitle came back with "\ufffd" where its byte was. They are read as browsers and the
    page reader read them (0x81: U+0081), the byte's own code point, no replacement character."""
    source = tmp_path / "film.srt"
    source.write_bytes(b"1\n00:00:01,000 --> 00:00:02,000\nLa fen\xeatre \x81 s'ouvre.\n")
    result, out = translate(run_cli, short_model_dir, source)
    assert result.exit_code == 0, result.stderr
    assert given_back == ["La fenêtre \x81 s'ouvre."]
    assert "\ufffd" not in out.read_text(encoding="utf-8")
