"""Files that are not what `nmt translate` can translate: an office document that is not what
its name says, truncated, encrypted, a zip bomb or an XML entity bomb is one error naming it,
read in bounded memory, and nothing is written; any other binary file (a PDF, an image, an
archive, a spreadsheet) is "not a text file" before any work, never translated as lines."""

from __future__ import annotations

import io
import re
import struct
import tracemalloc
import warnings
import zipfile

import pytest
from office_fixtures import (
    deck_pptx,
    docx_entries,
    odt_entries,
    pptx_entries,
    refused,
    report_docx,
    report_odt,
    zipped,
)

from nmt_cli.documents.binary import check_binary_output, check_text_file
from nmt_cli.documents.document import read_document
from nmt_cli.documents.office.docx import DOCX, read_docx
from nmt_cli.documents.office.odt import read_odt
from nmt_cli.documents.office.pptx import read_pptx
from nmt_cli.errors import InputError, UsageError


def overlapping_bomb(expanded: int = 40 * 2**20, copies: int = 100) -> bytes:
    """A zip of about 50 kB whose central directory lists one deflated entry of ``expanded``
    zero bytes ``copies`` times: 4 GiB in all once read (the overlapping-entries zip bomb)."""
    data = zipped({"word/document.xml": b"\0" * expanded})
    start = data.index(b"PK\x01\x02")
    end = data.index(b"PK\x05\x06")
    directory = data[start:end] * copies
    eocd = bytearray(data[end:])
    struct.pack_into("<HHII", eocd, 8, copies, copies, len(directory), start)
    return data[:start] + directory + bytes(eocd)


def test_a_zip_bomb_is_one_error_in_bounded_memory():
    bomb = overlapping_bomb()
    assert len(bomb) < 60_000
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match=r"bomb\.docx: .*zip bomb\?.*nothing was written"):
            read_docx(bomb, "bomb.docx")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20


def test_an_entity_bomb_in_a_part_is_one_error():
    laughs = "".join(f'<!ENTITY l{k} "{f"&l{k - 1};" * 10}">' for k in range(1, 10))
    files = docx_entries()
    files["word/document.xml"] = (
        f'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY l0 "ha">{laughs}]>'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        "<w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>"
    )
    with pytest.raises(
        InputError, match="report.docx:word/document.xml:(1: not well-formed| a doc)"
    ):
        read_docx(zipped(files), "report.docx")


def test_a_part_that_is_not_well_formed_is_one_error_naming_the_part_and_its_line():
    """The error said "(Opening and ending tag mismatch: body line 2 and bod, line 2, column
    4010 (<string>, line 2))": lxml's message with its line three times, one of them a
    "<string>"'s; it now names the part's line as other formats name theirs, and ends as every
    other error of a package does."""
    files = docx_entries()
    files["word/document.xml"] = files["word/document.xml"].replace("</w:body>", "\n</w:bod>")
    with pytest.raises(InputError) as raised:
        read_docx(zipped(files), "report.docx")
    assert re.fullmatch(
        r"report\.docx:word/document\.xml:3: not well-formed XML: Opening and ending tag "
        r"mismatch: body line 2 and bod \(column \d+\); nothing was written",
        str(raised.value),
    )


@pytest.mark.parametrize(
    ("name", "entries", "path", "broken"),
    [
        ("report.docx", docx_entries, "word/document.xml", "</w:body>"),
        ("deck.pptx", pptx_entries, "ppt/slides/slide1.xml", "</p:sld>"),
        ("rapport.odt", odt_entries, "content.xml", "</office:body>"),
        ("report.docx", docx_entries, "word/document.xml", "<!DOCTYPE w>"),
    ],
    ids=["docx", "pptx", "odt", "doctype"],
)
def test_a_part_that_cannot_be_read_is_worded_as_every_other_error_of_a_package(
    run_cli, tmp_path, name, entries, path, broken
):
    """A damaged or encrypted package, a zip bomb, tracked changes: "FILE: why; nothing was
    written". A part that did not parse said only "FILE:PART:LINE: not well-formed XML: ...",
    as if something might have been written."""
    files = entries()
    part = files[path]
    after = part.index("?>") + 2  # the XML declaration
    files[path] = (
        part[:after] + broken + part[after:] if "DOCTYPE" in broken else part.replace(broken, "")
    )
    line = refused(run_cli, tmp_path, name, files)
    assert re.fullmatch(
        rf"nmt: error: .*/{re.escape(name)}:{re.escape(path)}:(\d+: not well-formed XML: "
        r".* \(column \d+\)| a document type declaration, .*); nothing was written",
        line,
    ), line


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"Le chat noir.\n", "not a .docx file \\(not a zip package\\)"),
        (report_docx()[:3000], "a truncated or damaged .docx file"),
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + "EncryptionInfo".encode("utf-16-le"),
            "an encrypted",
        ),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512, "a legacy binary Office file"),
        (zipped({"xl/workbook.xml": "<x/>"}), "not a .docx file \\(no Word document"),
    ],
)
def test_a_file_that_is_not_a_docx_is_one_error_naming_it(data, message):
    with pytest.raises(InputError, match=f"report.docx: {message}"):
        read_docx(data, "report.docx")


def test_an_entry_written_twice_is_one_error():
    """Python's zipfile warned "Duplicate name" and the first one's translation went into both."""
    entries = docx_entries()
    out = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(out, "w") as z:
        warnings.simplefilter("ignore")
        for path, data in [*entries.items(), ("word/document.xml", entries["word/document.xml"])]:
            z.writestr(path, data)
    with pytest.raises(
        InputError,
        match="report.docx: a damaged .docx file: its entry word/document.xml is there twice",
    ):
        read_docx(out.getvalue(), "report.docx")


def test_an_odt_without_its_content_is_a_damaged_odt_not_another_kind_of_file():
    entries = {k: v for k, v in odt_entries().items() if k != "content.xml"}
    data = zipped(entries, stored=("mimetype",))
    with pytest.raises(InputError, match=r"report.odt: a damaged \.odt file: its content.xml is"):
        read_odt(data, "report.odt")


def test_a_damaged_entry_is_one_error_when_it_is_read():
    data = bytearray(report_docx())
    at = data.index(b"word/document.xml") + 40  # inside its data
    data[at : at + 20] = b"\xff" * 20
    with pytest.raises(InputError, match="report.docx"):
        read_docx(bytes(data), "report.docx")


@pytest.mark.parametrize(
    ("name", "head"),
    [
        ("scan.pdf", b"%PDF-1.7\n"),
        ("photo.txt", b"\x89PNG\r\n\x1a\n\0\0"),
        ("archive.txt", b"PK\x03\x04\x14\0"),
        ("sheet.xlsx", b"PK\x03\x04\x14\0"),
        ("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"),
        ("data.bin", b"abc\0\0\0def"),
    ],
)
def test_a_binary_file_read_as_text_is_not_a_text_file(tmp_path, name, head):
    path = tmp_path / name
    path.write_bytes(head + b"\0" * 100)
    with pytest.raises(InputError, match=f"{name}: not a text file"):
        check_text_file(str(path))


def test_a_file_of_no_known_kind_is_said_to_hold_nul_bytes(tmp_path):
    """What the error says of a file known by its NUL bytes alone, in one pair of brackets (it
    said "(a binary file (it holds NUL bytes))")."""
    path = tmp_path / "data.bin"
    path.write_bytes(b"abc\0\0\0def")
    with pytest.raises(InputError) as raised:
        check_text_file(str(path))
    assert "data.bin: not a text file (it holds NUL bytes); nothing" in str(raised.value)


def test_a_binary_file_given_on_stdin_is_not_a_text_file(tmp_path, monkeypatch):
    """``nmt translate < rapport.docx`` translated the archive's bytes as Windows-1252 lines;
    its first bytes are looked at as a named file's are, and left there for the reader."""
    import types

    (tmp_path / "rapport.docx").write_bytes(b"PK\x03\x04\x14\0" + b"\0" * 100)
    (tmp_path / "notes.txt").write_bytes(b"Le chat noir.\n")
    with open(tmp_path / "rapport.docx", "rb") as f:
        monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=f))
        with pytest.raises(InputError, match=r"<stdin>: not a text file \(a zip archive\)"):
            check_text_file("-")
    with open(tmp_path / "notes.txt", "rb") as f:
        monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=f))
        check_text_file("-")
        assert f.read() == b"Le chat noir.\n"


def test_text_and_compressed_text_are_read_as_they_always_were(tmp_path):
    import gzip

    (tmp_path / "a.txt").write_text("Le chat noir.\n", encoding="utf-8")
    (tmp_path / "b.txt.gz").write_bytes(gzip.compress(b"Le chat.\n"))
    check_text_file(str(tmp_path / "a.txt"))
    check_text_file(str(tmp_path / "b.txt.gz"))


def test_an_office_document_is_read_as_bytes_and_counts_its_texts(tmp_path):
    path = tmp_path / "report.docx"
    path.write_bytes(report_docx())
    document, count, _ = read_document(DOCX, str(path), {})
    assert count == len(document.sources()) > 10


def test_nmt_translate_refuses_a_pdf_before_any_work_and_writes_nothing(run_cli, tmp_path):
    source = tmp_path / "scan.pdf"
    source.write_bytes(b"%PDF-1.7\n\0\0")
    out = tmp_path / "scan.txt"
    result = run_cli(["translate", "-m", "no-such-model", "-i", source, "-o", out])
    assert result.exit_code == 1
    assert "scan.pdf: not a text file (a PDF document)" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    ("read", "name", "good"),
    [(read_pptx, "deck.pptx", deck_pptx), (read_odt, "rapport.odt", report_odt)],
    ids=["pptx", "odt"],
)
def test_every_office_format_refuses_what_is_not_its_file_in_one_error(read, name, good):
    kind = name[name.index(".") :]
    for data, message in (
        (b"Le chat noir.\n", f"not an? \\{kind} file"),
        (good()[:2000], f"a truncated or damaged \\{kind} file"),
        (overlapping_bomb(), "zip bomb"),
    ):
        with pytest.raises(InputError, match=f"{name}: .*{message}"):
            read(data, name)


def test_an_office_document_is_never_written_to_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    with pytest.raises(UsageError, match="a docx document is not for a terminal: give --output"):
        check_binary_output("-", "docx")
    check_binary_output("out.docx", "docx")  # a file: fine


@pytest.mark.parametrize(
    ("name", "entries", "path"),
    [
        ("report.docx", docx_entries, "word/_rels/document.xml.rels"),
        ("report.docx", docx_entries, "_rels/.rels"),
        ("report.docx", docx_entries, "[Content_Types].xml"),
        ("deck.pptx", pptx_entries, "ppt/slides/_rels/slide1.xml.rels"),
        ("deck.pptx", pptx_entries, "[Content_Types].xml"),
        ("rapport.odt", odt_entries, "META-INF/manifest.xml"),
    ],
)
def test_a_package_whose_relationships_or_manifest_are_not_well_formed_is_one_error(
    run_cli, tmp_path, name, entries, path
):
    """Word, PowerPoint and LibreOffice read the content types, the relationships and the
    manifest before any part, and refuse a file (or offer to repair it) where one is not
    well-formed. Such a file was translated with exit 0, the broken part copied as it was
    into a translation that does not open."""
    files = entries()
    files[path] = files[path][:-5]  # cut short: its root element never closes
    line = refused(run_cli, tmp_path, name, files)
    assert re.fullmatch(
        rf"nmt: error: .*/{re.escape(name)}:{re.escape(path)}:\d+: not well-formed XML: "
        r".* \(column \d+\); nothing was written",
        line,
    ), line


def test_well_formed_relationships_and_manifests_are_read_as_before():
    for read, data, name in (
        (read_docx, report_docx(), "report.docx"),
        (read_pptx, deck_pptx(), "deck.pptx"),
        (read_odt, report_odt(), "rapport.odt"),
    ):
        assert read(data, name).sources()


@pytest.mark.parametrize(
    ("name", "data", "says"),
    [
        (
            "lettre.rtf",
            b"{\\rtf1\\ansi\\f0\\pard Le chat sur le canap\\'e9.\\par\n}\n",
            "an RTF document: save it as .docx",
        ),
        (
            "lettre.txt",
            b"{\\rtf1\\ansi\\f0\\pard Le chat sur le canap\\'e9.\\par\n}\n",
            "an RTF document: save it as .docx",
        ),
        (
            "slides.odp",
            zipped({"mimetype": "application/vnd.oasis.opendocument.presentation"}),
            "an OpenDocument presentation: save it as .pptx",
        ),
    ],
)
def test_an_rtf_document_or_an_odp_deck_is_refused_saying_what_to_save_it_as(
    run_cli, tmp_path, name, data, says
):
    """Read as lines, an RTF document's control words were translated: "canap\\'e9" came out
    "canap*” e9"; an .odp deck was "a zip archive"."""
    source = tmp_path / name
    source.write_bytes(data)
    out = tmp_path / f"out-{name}"
    result = run_cli(["translate", "-m", "no-such-model", "-i", source, "-o", out])
    assert result.exit_code == 1
    assert f"{name}: not a text file ({says})" in result.stderr
    assert not out.exists()
