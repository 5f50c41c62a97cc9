"""How `nmt translate` chooses the format of its input, and what every document format shares.

The format comes from ``--input-format``, else from the input's extension (a ``.gz`` or ``.xz``
after it looked through); anything else, and stdin, is plain text, read as it always was. A
document's strings reach the translator line by line, the white space around each line and the
line breaks between them kept.
"""

from __future__ import annotations

import dataclasses
import gzip
import json

import pytest

from nmt_cli.documents.options import DocumentOptions
from nmt_cli.documents.registry import FORMATS, NAMES, TEXT, format_for
from nmt_cli.documents.segments import Segments

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
    segments = Segments.of(strings)
    assert segments.texts == ["Deux lignes :", "la seconde.", "Une seule."]
    assert segments.join(["Two lines:", "the second one.", "Just one."]) == [
        "  Two lines:\nthe second one.\n",
        "",
        " \t",
        "Just one.",
        "\n\n",
    ]
    assert segments.join(segments.texts) == strings


def test_a_compressed_document_is_read_through(run_cli, transformer_model_dir, tmp_path):
    source = tmp_path / "records.jsonl.gz"
    source.write_bytes(gzip.compress(b'{"text": "Ein Hund", "n": 1}\n'))
    result = run_cli(["translate", "-m", transformer_model_dir, "--threads", "1", "-i", source])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["n"] == 1
