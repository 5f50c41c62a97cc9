"""How `nmt translate` chooses the format of its input, and what every document format shares.

The format comes from ``--input-format``, else from the input's extension (a ``.gz`` or ``.xz``
after it looked through); stdin has the format of the --output file's extension; anything
else is plain text, read as it always was. A
document's strings reach the translator line by line, the white space around each line and the
line breaks between them kept.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gzip
import json
import os
import subprocess
import sys

import pytest
from conftest import assert_one_error_line

from nmt_cli.documents.options import DocumentOptions
from nmt_cli.documents.registry import FORMATS, NAMES, TEXT, format_for
from nmt_cli.documents.strings import StringLines
from nmt_cli.documents.translate import without_added_stop
from nmt_cli.errors import InputError
from nmt_cli.inference.translation import Translation

pytest_plugins = ["model_fixtures"]


@pytest.mark.parametrize(
    "path, name, chosen",
    [
        ("messages.po", None, "po"),
        ("locale/fr/LC_MESSAGES/app.PO", None, "po"),
        ("messages.pot", None, "po"),
        ("records.jsonl", None, "jsonl"),
        ("records.ndjson", None, "jsonl"),
        ("records.jsonl.gz", None, "jsonl"),
        ("messages.po.xz", None, "po"),
        ("film.fr.srt", None, "srt"),
        ("test.de", None, TEXT),
        ("notes.txt.gz", None, TEXT),
        ("-", None, TEXT),
        ("records.jsonl", "text", TEXT),
        ("records.txt", "jsonl", "jsonl"),
        ("-", "po", "po"),
    ],
)
def test_the_format_is_the_one_named_else_the_extensions(path, name, chosen):
    fmt = format_for(path, name)
    assert (fmt.name if fmt else TEXT) == chosen


def test_stdin_has_the_format_of_the_output_file_s_extension():
    """``nmt translate < film.srt -o en.srt`` read the subtitles as plain lines (their timings
    translated), ``< rapport.docx -o en.docx`` a Word document's bytes (en.docx garbled)."""
    assert format_for("-", None, "en.srt").name == "srt"
    assert format_for("-", None, "out/EN.DOCX").name == "docx"
    assert format_for("-", None, "guide.md.gz").name == "md"
    assert format_for("-", None, "-") is None  # stdout
    assert format_for("-", None, "en.txt") is None
    assert format_for("-", None, "records.jsonl") is None  # --format jsonl: plain lines' records
    assert format_for("-", None, "page.xml") is None  # an .xml file's format is its root's
    assert format_for("-", "text", "en.srt") is None
    assert format_for("film.txt", None, "en.srt") is None  # a file's own extension decides


def test_subtitles_piped_in_to_an_srt_file_keep_their_timings(run_cli, short_model_dir, tmp_path):
    out = tmp_path / "en.srt"
    srt = "1\n00:00:01.000 --> 00:00:02.000\nBonjour.\n"
    result = run_cli(["translate", "-m", short_model_dir, "-o", out], input=srt.encode())
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8").split("\n")[:2] == ["1", "00:00:01.000 --> 00:00:02.000"]


def test_every_format_is_one_entry_and_reads_only_settings_that_exist():
    assert NAMES == (TEXT, *FORMATS)
    settings = {f.name for f in dataclasses.fields(DocumentOptions)}
    for fmt in FORMATS.values():
        assert set(fmt.options) <= settings and fmt.name == fmt.name.lower()
        assert all(e.startswith(".") and e == e.lower() for e in fmt.extensions)
    extensions = [e for fmt in FORMATS.values() for e in fmt.extensions]
    assert len(extensions) == len(set(extensions))  # one format per extension


def test_a_strings_lines_are_translated_one_by_one_its_white_space_kept():
    strings = ["  Deux lignes :\nla seconde.\n", "", " \t", "Une seule.", "\n\n"]
    segments = StringLines.of(strings)
    assert segments.texts == ["Deux lignes :", "la seconde.", "Une seule."]
    assert segments.join(["Two lines:", "the second one.", "Just one."]) == [
        "  Two lines:\nthe second one.\n",
        "",
        " \t",
        "Just one.",
        "\n\n",
    ]
    assert segments.join(segments.texts) == strings


def test_a_help_texts_columns_are_texts_of_their_own_and_their_gap_stays():
    # a program's --help: "-h, --help display this help" lost its column
    help_text = "Options :\n  -h, --help     afficher cette aide\n  -v  la version\n"
    segments = StringLines.of([help_text], gaps=True)
    assert segments.texts == ["Options :", "-h, --help", "afficher cette aide", "-v", "la version"]
    assert segments.join(["Options:", "-h, --help", "display this help", "-v", "version"]) == [
        "Options:\n  -h, --help     display this help\n  -v  version\n"
    ]


@pytest.mark.parametrize(
    "string",
    [
        "Vous avez besoin  d'un contenu ?",  # two spaces in a sentence: a typo, not columns
        "{n, plural,   one {# fichier}   other {# fichiers}}",  # an ICU message's branches
        '<a   href="x">lien</a>',  # a tag's
    ],
)
def test_spaces_in_a_sentence_braces_or_a_tag_are_no_columns(string):
    assert StringLines.of([string], gaps=True).texts == [string]


def test_a_compressed_document_is_read_through(run_cli, transformer_model_dir, tmp_path):
    source = tmp_path / "records.jsonl.gz"
    source.write_bytes(gzip.compress(b'{"text": "Ein Hund", "n": 1}\n'))
    result = run_cli(["translate", "-m", transformer_model_dir, "--threads", "1", "-i", source])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["n"] == 1


@pytest.mark.parametrize(
    "source, said, written",
    [
        ("Premier point", "First point.", "First point"),  # an item, a heading, a cell
        ("Le budget de la recherche", "The research budget. ", "The research budget"),
        ("Une phrase, et sa fin.", "A sentence, and its end.", "A sentence, and its end."),
        ("Vraiment ?", "Really.", "Really."),  # the source ends as a sentence does
        ("« Il a dit oui. »", "He said yes.", "He said yes."),  # behind its closing quote
        ("Les États-Unis", "The U.S.", "The U.S."),  # an abbreviation's stop
        ("Attendez", "Wait...", "Wait..."),
        ("Sans point", "Without a stop", "Without a stop"),
    ],
)
def test_a_text_that_does_not_end_as_a_sentence_gains_no_full_stop(source, said, written):
    assert without_added_stop(Translation(source, said, 0.0)).text == written


def test_a_full_stop_written_as_a_word_goes_with_its_links():
    said = Translation("Premier point", "First point .", 0.0, alignment=[(0, 0), (1, 1), (1, 2)])
    kept = without_added_stop(said)
    assert (kept.text, kept.alignment) == ("First point", [(0, 0), (1, 1)])


def test_a_pages_list_items_keep_no_stop_the_model_adds_and_its_sentences_keep_theirs(
    run_cli, tmp_path
):
    """The shipped fr-en model ends some list items with a full stop ("Three laboratories.")."""
    page = tmp_path / "page.html"
    page.write_text(
        "<ul><li>Trois laboratoires</li><li>Une nouvelle loi</li></ul>\n"
        "<p>Le gouvernement a présenté son budget.</p>\n",
        encoding="utf-8",
    )
    result = run_cli(["translate", "--threads", "1", "-i", page])
    assert result.exit_code == 0, result.stderr
    items = result.stdout.split("<li>")[1:]
    assert len(items) == 2 and all(not i.split("</li>")[0].endswith(".") for i in items)
    assert result.stdout.split("<p>")[1].startswith("The") and ".</p>" in result.stdout


def test_a_document_read_as_bytes_comes_whole_and_decompressed(tmp_path):
    import gzip

    from nmt_cli.documents.binary import read_binary

    data = '\ufeffcl\u00e9 = "valeur";\r\n'.encode("utf-16")
    (tmp_path / "a.strings.gz").write_bytes(gzip.compress(data))
    assert read_binary(str(tmp_path / "a.strings.gz")) == (str(tmp_path / "a.strings.gz"), data)


def test_a_truncated_compressed_document_is_one_error(tmp_path):
    import gzip

    from nmt_cli.documents.binary import read_binary
    from nmt_cli.errors import InputError

    path = tmp_path / "a.xlf.gz"
    path.write_bytes(gzip.compress(b"<xliff/>" * 1000)[:40])
    with pytest.raises(InputError, match="a.xlf.gz: cannot be read"):
        read_binary(str(path))


def test_bytes_written_back_appear_whole_or_not_at_all(tmp_path, monkeypatch):
    from nmt_cli.documents.binary import write_binary
    from nmt_cli.errors import OutputError

    out = tmp_path / "out.xlf"
    write_binary(str(out), b"\xff\xfe<\x00")
    assert out.read_bytes() == b"\xff\xfe<\x00"

    @contextlib.contextmanager
    def failing_halfway(tmp, path):
        with open(tmp, "wb") as f:
            f.write(b"ne")
            raise ZeroDivisionError("killed halfway")
        yield f

    monkeypatch.setattr("nmt_cli.documents.binary.compressed", failing_halfway)
    with pytest.raises((ZeroDivisionError, OutputError)):
        write_binary(str(out), b"new")
    assert out.read_bytes() == b"\xff\xfe<\x00" and os.listdir(tmp_path) == ["out.xlf"]


@pytest.mark.parametrize(
    "name, text",
    [
        ("deep.html", "<p>" + "<div><span>" * 600 + "Bonjour</p>\n"),
        ("deep.json", '{"a": ' * 3000 + '"Bonjour"' + "}" * 3000 + "\n"),
    ],
)
def test_a_document_nested_too_deeply_is_one_error_naming_it(
    run_cli, short_model_dir, tmp_path, name, text
):
    """A RecursionError, said as the catch-all's "run nmt --debug" line."""
    source, out = tmp_path / name, tmp_path / f"out-{name}"
    source.write_text(text, encoding="utf-8")
    result = run_cli(["translate", "-m", short_model_dir, "-i", source, "-o", out])
    assert_one_error_line(result, f"{name}: nested too deeply to be read")
    assert not out.exists()


def test_the_registry_imports_no_office_reader_until_one_is_read():
    """`nmt translate` of a plain line and `nmt --help` name every format but read no office
    document: the five readers and their lxml parts are imported when one is read (about 60
    ms of every start)."""
    code = (
        "import sys; from nmt_cli.documents.registry import format_for\n"
        "names = ('docx', 'pptx', 'odt', 'xlsx', 'ods')\n"
        "print([n for n in names if f'nmt_cli.documents.office.{n}' in sys.modules])\n"
        "print(format_for('rapport.docx', None).name)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["[]", "docx"]


def test_an_xml_file_of_xliff_is_read_as_xliff_and_one_of_tmx_is_refused(tmp_path):
    xliff = tmp_path / "messages.fr.xml"
    xliff.write_text(
        '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"'
        ' version="1.2"><file source-language="fr"><body/></file></xliff>\n'
    )
    assert format_for(str(xliff), None).name == "xliff"  # was a page: sources translated
    memory = tmp_path / "memory.xml"
    memory.write_text('<?xml version="1.0"?>\n<tmx version="1.4"><header/><body/></tmx>\n')
    with pytest.raises(InputError, match="memory.xml: TMX translation memories"):
        format_for(str(memory), None)


def test_a_compressed_xml_file_is_known_by_its_root_element_as_a_plain_one_is(tmp_path):
    strings = tmp_path / "strings.xml.gz"
    strings.write_bytes(
        gzip.compress(
            b'<?xml version="1.0"?>\n<resources><string name="a">Oui</string></resources>\n'
        )
    )
    assert format_for(str(strings), None).name == "android"  # was a page: refused as Android
