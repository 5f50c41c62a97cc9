"""Pair files of every format through one door: the format by extension, pairs one a line as
written, and the access-key markers a memory's strings carry taken off."""

import gzip

import pytest

from nmt_cli.errors import InputError, UsageError
from nmt_cli.formats.lines import OtherFormatError
from nmt_cli.formats.memory import same_language
from nmt_cli.formats.pairs import format_of, read_pairs, told_how


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("a.tsv", "tsv"),
        ("a.TAB.xz", "tsv"),
        ("a.jsonl.gz", "jsonl"),
        ("ui.pot", "po"),
        ("ui.mo", "po"),
        ("m.TMX", "tmx"),
        ("app.xlf", "xliff"),
        ("app.xliff.gz", "xliff"),
    ],
)
def test_a_pair_files_format_is_known_by_its_extension(name, fmt):
    assert format_of(name) == fmt


def test_a_name_that_says_no_format_is_a_usage_error_unless_one_is_given():
    with pytest.raises(UsageError, match="cannot tell its pair format"):
        format_of("corpus.txt")
    assert format_of("corpus.txt", "tsv") == "tsv"
    assert format_of("-", default="tsv") == "tsv"


TMX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n<tmx version="1.4">'
    '<header srclang="fr" datatype="plaintext" segtype="sentence" adminlang="en"'
    ' creationtool="t" creationtoolversion="1" o-tmf="t"/><body>'
    '<tu><tuv xml:lang="fr"><seg>Bonjour</seg></tuv><tuv xml:lang="en"><seg>Hi</seg></tuv></tu>'
    "</body></tmx>\n"
)


def test_an_xml_file_is_a_memory_by_its_root_element_as_a_document_is(tmp_path):
    tmx_file, xliff_file = tmp_path / "tm.xml", tmp_path / "app.xml.gz"
    tmx_file.write_text(TMX)
    xliff_file.write_bytes(gzip.compress(b'<xliff version="1.2"><file/></xliff>'))
    assert format_of(str(tmx_file), default="tsv") == "tmx"  # was: tsv, "1 TAB-separated"
    assert format_of(str(xliff_file)) == "xliff"
    assert list(read_pairs(str(tmx_file), "tmx", ("fr", "en"))) == [("Bonjour", "Hi")]


def test_an_xml_file_of_another_root_is_said_to_hold_no_pairs(tmp_path):
    strings = tmp_path / "strings.xml"
    strings.write_text('<?xml version="1.0"?>\n<resources><string name="a">Oui</string>')
    with pytest.raises(UsageError, match="root is <resources> holds no pairs"):
        format_of(str(strings), default="tsv")
    assert format_of(str(strings), default="text") == "text"  # a tokenizer reads its lines


@pytest.mark.parametrize(
    ("tag", "wanted", "same"),
    [("fr-FR", "fr", True), ("fr_CA", "fr", True), ("FR", "fr", True), ("fr", "fr-CA", True),
     ("fr-CA", "fr-FR", False), ("en-US", "fr", False), ("", "fr", False)],
)  # fmt: skip
def test_a_language_tag_matches_its_language_and_regions(tag, wanted, same):
    assert same_language(tag, wanted) is same


def test_tab_and_json_lines_give_their_columns_as_written(tmp_path):
    (tmp_path / "p.tsv").write_text("~Ouvrir\t~Open\nR&D\tR&D\n", encoding="utf-8")
    (tmp_path / "p.jsonl").write_text('{"src": "a", "tgt": "b", "id": 3}\n', encoding="utf-8")
    assert list(read_pairs(str(tmp_path / "p.tsv"), "tsv")) == [
        ("~Ouvrir", "~Open"),
        ("R&D", "R&D"),
    ]
    assert list(read_pairs(str(tmp_path / "p.jsonl"), "jsonl")) == [("a", "b")]
    (tmp_path / "bad.tsv").write_text("a\tb\nc\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.tsv: line 2: 1 TAB-separated columns"):
        list(read_pairs(str(tmp_path / "bad.tsv"), "tsv"))


def test_a_tmx_memory_whose_name_does_not_say_it_is_told_what_it_holds(tmp_path):
    """The reader says what the line is; the command says how to read it (its own option)."""
    (tmp_path / "tm.txt").write_text(TMX, encoding="utf-8")
    with pytest.raises(OtherFormatError, match=r"line 1: 1 TAB.*an XML memory$") as raised:
        list(read_pairs(str(tmp_path / "tm.txt"), "tsv"))
    assert raised.value.formats == ("tmx", "xliff")
    told = str(told_how(raised.value, "--pairs-format"))
    assert told.endswith(
        "an XML memory: give --pairs-format tmx or xliff, or name the file .tmx or .xlf"
    )
    (tmp_path / "tags.tsv").write_text("<b>Oui</b>\n", encoding="utf-8")  # a line, not XML
    with pytest.raises(InputError, match=r"columns, expected 2 \(source, target\)$"):
        list(read_pairs(str(tmp_path / "tags.tsv"), "tsv"))


@pytest.mark.parametrize(
    "name, text",
    [("p.tsv", "Bonjour\tHello\r\n"), ("p.jsonl", '{"src": "Bonjour", "tgt": "Hello"}\r\n')],
)
def test_a_byte_order_mark_and_crlf_are_not_part_of_the_first_pair(tmp_path, name, text):
    (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    fmt = "jsonl" if name.endswith("jsonl") else "tsv"
    assert list(read_pairs(str(tmp_path / name), fmt)) == [("Bonjour", "Hello")]


def _tmx(tmp_path, pairs):
    units = "".join(
        f'<tu><tuv xml:lang="en"><seg>{e}</seg></tuv><tuv xml:lang="fr"><seg>{f}</seg></tuv></tu>'
        for e, f in pairs
    )
    path = tmp_path / "m.tmx"
    path.write_text(f'<tmx version="1.4"><header srclang="en"/><body>{units}</body></tmx>')
    return str(path)


def test_a_memorys_ampersand_marker_is_taken_off_where_its_strings_use_one(tmp_path):
    qt = [
        ("&amp;File", "&amp;Fichier"),
        ("&amp;Edit", "&amp;Édition"),
        ("Save &amp;&amp; Quit", "Enregistrer &amp;&amp; quitter"),
    ]
    assert list(read_pairs(_tmx(tmp_path, qt), "tmx", ("fr", "en"))) == [
        ("Fichier", "File"), ("Édition", "Edit"), ("Enregistrer & quitter", "Save & Quit")
    ]  # fmt: skip


def test_prose_keeps_its_ampersands_and_underscores(tmp_path):
    prose = [(f"Sentence {k} of the report.", f"Phrase {k} du rapport.") for k in range(300)]
    prose += [
        ("AT&amp;T and R&amp;D grew", "AT&amp;T et R&amp;D ont grandi"),
        ("max_len", "max_len"),
    ]
    pairs = list(read_pairs(_tmx(tmp_path, prose), "tmx", ("fr", "en")))
    assert pairs[-2:] == [("AT&T et R&D ont grandi", "AT&T and R&D grew"), ("max_len", "max_len")]


def test_a_memory_read_without_languages_is_one_error(tmp_path):
    with pytest.raises(InputError, match=r"m\.tmx: a tmx file's sides are picked by language"):
        read_pairs(_tmx(tmp_path, [("a", "b")]), "tmx", None)
    xliff = tmp_path / "m.xlf"  # 2.0 without trgLang: it names no target language
    xliff.write_text(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">'
        '<file id="f"><unit id="u"><segment><source>a</source><target>b</target></segment>'
        "</unit></file></xliff>\n"
    )
    with pytest.raises(InputError, match=r"m\.xlf: an xliff file's sides are picked by lang"):
        read_pairs(str(xliff), "xliff", None)


def test_a_truncated_compressed_memory_is_one_error_naming_it(tmp_path):
    po = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n' + "".join(
        f'\nmsgid "Entry {k}"\nmsgstr "Entrée {k}"\n' for k in range(2000)
    )
    cut = tmp_path / "ui.po.gz"
    cut.write_bytes(gzip.compress(po.encode())[:3000])
    with pytest.raises(InputError, match=r"ui\.po\.gz:end: corrupt or truncated compressed data"):
        list(read_pairs(str(cut), "po", ("fr", "en")))


def test_an_xliff_entity_bomb_is_refused_before_any_unit(tmp_path):
    bomb = tmp_path / "bomb.xlf"
    bomb.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE xliff [<!ENTITY a "aaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        '<xliff version="1.2"><file source-language="en" target-language="fr"><body>'
        '<trans-unit id="1"><source>&b;</source><target>&b;</target></trans-unit>'
        "</body></file></xliff>\n"
    )
    with pytest.raises(InputError, match=r"bomb\.xlf:\d+: the document declares entities"):
        list(read_pairs(str(bomb), "xliff", ("fr", "en")))
