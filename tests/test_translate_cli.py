"""`nmt translate` as a user relies on it, through the real app.

In-process (``run_cli``) for input and output handling, line integrity (with a hypothesis
property over hostile input), n-best, alignments, determinism and error messages; the installed
console script as a subprocess for streaming, closed pipes, Ctrl-C and concurrent readers.
Models are the tiny ones of model_fixtures.py; every run uses one torch thread.

A reader that goes away (``nmt translate ... | head -1``): `nmt` restores the default SIGPIPE
action, so the process ends by the signal (return code -13 from Popen, 141 in a shell) with
nothing on stderr.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import re
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from conftest import (
    HANG_SECONDS,
    assert_one_error_line,
    corpus_lines,
    make_corpus,
    piped,
    readline_within,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from model_fixtures import NMT, nmt_env

from nmt_cli.model.tokenizer_training import train_tokenizer
from nmt_cli.textio import BYTE_ORDER_MARKS, GZIP_MAGIC, XZ_MAGIC

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

SENTENCES = [de for de, _ in make_corpus(12)] + [
    "Zwei Mädchen tanzen",
    "Ein Hund",
    "Eine Gruppe Männer wartet vor einem Gebäude neben einem Fluss.",
]
NBEST_LINE = re.compile(r"^(\d+) \|\|\| (.*) \|\|\| (-?\d+\.\d{4})$")


def translate(run_cli, model: Path, *args, input: bytes | None = None):
    return run_cli(["translate", "--model", model, "--threads", "1", *args], input=input)


def lines_in(text: str | list[str]) -> bytes:
    if isinstance(text, str):
        text = [text]
    return "".join(f"{line}\n" for line in text).encode("utf-8")


def out_lines(result) -> list[str]:
    """stdout split at "\\n" only (the one line end `nmt` writes)."""
    assert result.stdout_bytes.endswith(b"\n") or not result.stdout_bytes
    return result.stdout_bytes.decode("utf-8").split("\n")[:-1]


def assert_refused(result, code: int = 1) -> str:
    """One clear ``nmt: error:`` line (see conftest) and nothing on stdout."""
    line = assert_one_error_line(result, code=code)
    assert result.stdout_bytes == b""
    return line


# -- input and output ----------------------------------------------------------------------------


def test_text_stdin_input_file_and_output_file_agree(
    run_cli, transformer_model_dir: Path, tmp_path: Path
) -> None:
    m = transformer_model_dir
    by_arg = [out_lines(translate(run_cli, m, s, "-k", "2"))[0] for s in SENTENCES[:3]]
    src = tmp_path / "in.de"
    src.write_bytes(lines_in(SENTENCES[:3]))
    from_stdin = translate(run_cli, m, "-k", "2", input=src.read_bytes())
    assert from_stdin.exit_code == 0 and out_lines(from_stdin) == by_arg
    out = tmp_path / "out" / "out.en"
    out.parent.mkdir()
    to_file = translate(run_cli, m, "-k", "2", "--input", src, "--output", out)
    assert to_file.exit_code == 0 and to_file.stdout_bytes == b""
    assert out.read_text(encoding="utf-8") == from_stdin.stdout
    assert os.listdir(out.parent) == ["out.en"]  # written atomically: no temporary file left
    assert all(line and "\n" not in line for line in by_arg)


def _fed(fifo: Path, data: bytes) -> threading.Thread:
    """A writer that feeds ``data`` into the named pipe ``fifo`` once a reader opens it."""

    def feed() -> None:
        try:
            with open(fifo, "wb") as f:  # waits for the reader
                f.write(data)
        except BrokenPipeError:  # no reader
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    return writer


def _done(fifo: Path, writer: threading.Thread) -> None:
    """The writer ended: a reader held open lets one still waiting for a reader write (its
    data fits the pipe's buffer) and end."""
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer.join()
    os.close(reader)


def test_a_named_pipe_is_read_as_stdin_is(run_cli, transformer_model_dir: Path, tmp_path: Path):
    """`-i <(cmd)` and `-i FIFO`: each line once, none lost to a look at the file's first
    bytes; a document through a pipe, by --input-format."""
    m = transformer_model_dir
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = _fed(fifo, lines_in(SENTENCES[:3]))
    fed = translate(run_cli, m, "-k", "2", "--input", fifo)
    _done(fifo, writer)
    assert fed.exit_code == 0, fed.stderr
    assert out_lines(fed) == out_lines(
        translate(run_cli, m, "-k", "2", input=lines_in(SENTENCES[:3]))
    )
    catalogue = b'msgid ""\nmsgstr ""\n\nmsgid "Ein Mann"\nmsgstr ""\n'
    with piped(catalogue) as path:  # as `-i <(cmd)` gives it
        result = translate(run_cli, m, "-k", "1", "--input", path, "--input-format", "po")
    assert result.exit_code == 0, result.stderr
    assert 'msgid "Ein Mann"' in result.stdout and result.stdout.count("msgstr") == 2
    subtitles = b"1\n00:00:01,000 --> 00:00:02,000\nEin Mann\n"  # a text document: read once
    with piped(subtitles) as path:
        result = translate(run_cli, m, "-k", "1", "--input", path, "--input-format", "srt")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("1\n00:00:01,000 --> 00:00:02,000\n"), result.stdout


def test_several_text_arguments_are_one_sentence(run_cli, transformer_model_dir: Path) -> None:
    joined = translate(run_cli, transformer_model_dir, "Ein Mann läuft im Park.")
    split = translate(run_cli, transformer_model_dir, "Ein", "Mann", "läuft", "im", "Park.")
    assert split.exit_code == 0 and out_lines(split) == out_lines(joined)


@pytest.mark.parametrize("error", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_failed_run_leaves_output_file_as_it_was(
    run_cli, transformer_model_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error
) -> None:
    from nmt_cli.inference.translator import Translator

    real, calls = Translator.translate, []

    def fails_on_second_chunk(self, lines, *args, **kwargs):
        calls.append(lines)
        if len(calls) == 2:
            raise error
        return real(self, lines, *args, **kwargs)

    monkeypatch.setattr(Translator, "translate", fails_on_second_chunk)
    out = tmp_path / "out.en"
    out.write_text("old\n", encoding="utf-8")
    src = tmp_path / "in.de"
    src.write_bytes(lines_in(SENTENCES[:4]))
    args = ["--chunk-lines", "1", "-k", "1", "--input", src, "--output", out]
    result = translate(run_cli, transformer_model_dir, *args)
    assert result.exit_code == (130 if isinstance(error, KeyboardInterrupt) else 1)
    assert "Traceback" not in result.stderr and len(result.stderr_lines) == 1
    assert out.read_text(encoding="utf-8") == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["in.de", "out.en"]


def test_unwritable_output_is_one_error_and_creates_nothing(
    run_cli, transformer_model_dir: Path
) -> None:
    result = translate(
        run_cli, transformer_model_dir, "Ein Hund", "--output", "/nonexistent_dir/out.txt"
    )
    line = assert_refused(result)
    assert "/nonexistent_dir" in line
    assert not Path("/nonexistent_dir").exists()


def test_missing_input_file_is_one_error(
    run_cli, transformer_model_dir: Path, tmp_path: Path
) -> None:
    assert_refused(translate(run_cli, transformer_model_dir, "--input", tmp_path / "no"))


# -- one line out per line in -------------------------------------------------------------------


def test_awkward_lines_keep_their_places(run_cli, short_model_dir: Path) -> None:
    lines = [
        b"Ein Mann",
        b"",
        b"   \t ",
        b"Ein\xff Hund \xc3",  # invalid UTF-8
        b"Eine Frau\r",  # CRLF
        b" ".join([b"word"] * 200),  # longer than max_positions 32
        b"\x0b\x0c\x1c a \xe2\x80\xa8 b \xc2\x85 c",
        bytes(range(1, 10)) + bytes(range(11, 256)),  # binary garbage, no "\n"
        b" ".join([b"Park"] * 100),  # a second long line: still one warning
        b"\x00",
    ]
    data = b"\n".join(lines) + b"\n"
    result = translate(run_cli, short_model_dir, "-k", "2", input=data)
    assert result.exit_code == 0, result.stderr
    assert len(out_lines(result)) == len(lines)
    assert out_lines(result)[1] == "" and out_lines(result)[2] == ""
    as_jsonl = translate(run_cli, short_model_dir, "-k", "2", "--format", "jsonl", input=data)
    sources = [json.loads(line)["source"] for line in out_lines(as_jsonl)]
    # Each line as read: a CRLF's "\r" dropped, bytes that are not UTF-8 read as Windows-1252
    # (the five it leaves undefined as browsers read them: U+0081...), nothing else changed.
    assert sources[3] == "Einÿ Hund Ã"
    undefined = b"\x81\x8d\x8f\x90\x9d"
    read = [chr(b) if b in undefined else bytes([b]).decode("cp1252") for b in lines[7]]
    assert sources[7] == "".join(read) and "\ufffd" not in sources[7]
    others = [k for k in range(len(lines)) if k not in (3, 7)]
    assert [sources[k] for k in others] == [lines[k].decode().removesuffix("\r") for k in others]
    warnings = result.stderr_lines
    assert len(warnings) == 2 and all(w.startswith("nmt: warning: ") for w in warnings)
    assert sum("invalid UTF-8" in w for w in warnings) == 1
    assert sum("longer than the model accepts" in w for w in warnings) == 1


def test_a_windows_1252_line_reaches_the_model_with_its_accents_and_signs(
    run_cli, short_model_dir: Path
) -> None:
    """Read as U+FFFD, `La fen\\xeatre co\\xfbte 3 \\x80.` lost its words and its euro sign."""
    data = "Le café coûte 3 € à Zürich.\n".encode("cp1252")
    result = translate(run_cli, short_model_dir, "--format", "jsonl", input=data)
    assert result.exit_code == 0, result.stderr
    assert json.loads(out_lines(result)[0])["source"] == "Le café coûte 3 € à Zürich."
    warning = "invalid UTF-8 (first at line 1) read as Windows-1252; lines are kept"
    assert result.stderr_lines == [f"nmt: warning: <stdin>: {warning}"]


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-32-be"])
def test_a_utf16_or_utf32_text_file_is_translated_and_written_back_in_its_encoding(
    run_cli, transformer_model_dir: Path, tmp_path: Path, codec: str
) -> None:
    """Read as Windows-1252 with a warning, a UTF-16 file (Notepad's "Unicode") came out as
    garbage with NULs in it."""
    m = transformer_model_dir
    said = out_lines(translate(run_cli, m, input=lines_in(SENTENCES[:3])))
    source, out = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_bytes(("\ufeff" + "".join(f"{x}\n" for x in SENTENCES[:3])).encode(codec))
    result = translate(run_cli, m, "-i", source, "-o", out)
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr
    assert out.read_bytes() == ("\ufeff" + "".join(f"{x}\n" for x in said)).encode(codec)
    piped = translate(run_cli, m, input=source.read_bytes())  # stdin to a pipe: the same
    assert piped.exit_code == 0 and piped.stdout_bytes == out.read_bytes()


def test_a_windows_text_file_keeps_its_crlf_line_ends_and_byte_order_mark(
    run_cli, transformer_model_dir: Path, tmp_path: Path
) -> None:
    """`-i file.txt -o out.txt` wrote a Windows file's translations with LF line ends, and
    without its byte order mark, where a document keeps both."""
    m = transformer_model_dir
    said = out_lines(translate(run_cli, m, input=lines_in(SENTENCES[:3])))
    source, out = tmp_path / "in.txt", tmp_path / "out.txt"
    source.write_bytes(b"\xef\xbb\xbf" + "".join(f"{x}\r\n" for x in SENTENCES[:3]).encode())
    result = translate(run_cli, m, "-i", source, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes() == b"\xef\xbb\xbf" + "".join(f"{x}\r\n" for x in said).encode()
    piped = translate(run_cli, m, input=source.read_bytes())  # stdin to a pipe: the same
    assert piped.exit_code == 0 and piped.stdout_bytes == out.read_bytes()
    mixed = translate(run_cli, m, input=b"Ein Hund\r\nEin Mann\n")  # not every line: LF
    assert mixed.stdout_bytes.count(b"\r") == 0


def test_an_indented_line_keeps_its_indentation(run_cli, short_model_dir: Path) -> None:
    """`   Indenté.` came back "Indent.": a text file's indented lines lost their place."""
    lines = ["Ein Mann läuft im Park.", "   Ein Mann läuft im Park.", "\t- Ein Mann läuft im Park."]
    data = "".join(f"{x}\n" for x in lines).encode()
    plain, spaced, listed = out_lines(translate(run_cli, short_model_dir, input=data))
    assert spaced == f"   {plain}" and listed.startswith("\t") and not listed[1:2].isspace()


def test_a_lines_trailing_white_space_and_form_feeds_are_kept(run_cli, short_model_dir: Path):
    """A text file's trailing spaces were dropped, and a form feed that opens a page (alone on
    its line, or before its first words) came out a space or nothing."""
    lines = [
        "Ein Mann läuft im Park.",
        "Ein Mann läuft im Park.   ",
        "\fEin Mann läuft im Park.",
        "Ein Mann läuft im Park.\t",
        "\f",
        "  ",
    ]
    data = "".join(f"{x}\n" for x in lines).encode()
    plain, spaced, paged, tabbed, feed, blank = out_lines(
        translate(run_cli, short_model_dir, input=data)
    )
    assert (spaced, paged, tabbed) == (f"{plain}   ", f"\f{plain}", f"{plain}\t")
    assert (feed, blank) == ("\f", "")  # a line of spaces alone: an empty line, as ever


def test_bidirectional_marks_change_no_translation_and_those_around_the_line_stay(
    run_cli, short_model_dir: Path
) -> None:
    """A word holding one passed through untranslated: "\u200fLe chat dort" gave "\u200fLe cat
    sleeps"."""
    lines = [
        "Ein Mann läuft im Park.",
        "\u200fEin Mann läuft im Park.",
        "Ein Mann läuft im \u200ePark.",
        "\u2067Ein Mann läuft im Park.\u2069",
    ]
    data = "".join(f"{x}\n" for x in lines).encode()
    plain, rtl, inside, isolated = out_lines(translate(run_cli, short_model_dir, input=data))
    assert (rtl, inside, isolated) == (f"\u200f{plain}", plain, f"\u2067{plain}\u2069")


def test_the_long_line_warning_shows_where_the_first_such_line_starts(
    run_cli, short_model_dir: Path
) -> None:
    """It said "first: chunk line 1" for the third line, a number of no file's lines."""
    data = ("Ein Mann\nEin Hund\n" + "Park Hund " * 200 + "\n").encode()
    result = translate(run_cli, short_model_dir, "-k", "1", input=data)
    [warning] = [w for w in result.stderr_lines if "longer than the model accepts" in w]
    assert warning.endswith('(the first starts "Park Hund Park Hund Park Hund")')


def test_a_line_of_no_letter_and_no_digit_comes_back_as_written(
    run_cli, short_model_dir: Path
) -> None:
    """Nothing to translate: fr-en wrote ``?!`` as "!", ``---`` "-", ``•`` "#", ``« »`` '"'."""
    lines = ["?!", "---", "•", "« »", "* * *"]
    data = "".join(f"{x}\n" for x in lines).encode()
    assert out_lines(translate(run_cli, short_model_dir, input=data)) == lines
    aligned = out_lines(translate(run_cli, short_model_dir, "--align", input=data))
    assert aligned[-1] == "* * * ||| 0-0 1-1 2-2"


def test_last_line_without_newline_is_translated(run_cli, transformer_model_dir: Path) -> None:
    result = translate(run_cli, transformer_model_dir, "-k", "1", input=b"Ein Hund\nEin Mann")
    assert result.exit_code == 0 and len(out_lines(result)) == 2


_PIECES = [
    b"Ein Mann",
    b"l\xc3\xa4uft",
    b"Park.",
    b" ",
    b"\t",
    b"\r",
    b"\x0b",
    b"\x0c",
    b"\x1c",
    "\u2028".encode(),
    "\u0085".encode(),
    b"\xff",
    b"\xc3",
    b"\xe2\x80",
    b"\x00",
    b"\x1b[31m",
]
_LINE = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=8).map(b"".join),
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
    st.integers(40, 250).map(lambda n: b" ".join([b"Hund"] * n)),
)
_OPTIONS = st.sampled_from(
    [
        [],
        ["--nbest", "1"],
        ["--align"],
        ["--format", "jsonl"],
        ["--format", "jsonl", "--align"],
        ["--no-split", "--align"],
        ["--no-split", "--format", "jsonl"],
    ]
)


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    lines=st.lists(_LINE, min_size=1, max_size=6),
    crlf=st.booleans(),
    options=_OPTIONS,
    beam=st.sampled_from(["1", "2"]),
)
def test_property_one_line_out_per_line_in(
    run_cli, short_model_dir: Path, lines: list[bytes], crlf: bool, options: list[str], beam: str
) -> None:
    data = b"".join(line + (b"\r\n" if crlf else b"\n") for line in lines)
    # a stream that opens as gzip, xz or a UTF-16/32 byte order mark is read as one (README)
    assume(
        not data.startswith((GZIP_MAGIC, XZ_MAGIC, *(bom for bom, _, _ in BYTE_ORDER_MARKS[1:])))
    )
    result = translate(run_cli, short_model_dir, "-k", beam, *options, input=data)
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert all(w.startswith("nmt: warning: ") for w in result.stderr_lines)
    out = out_lines(result)
    assert len(out) == len(lines)
    for line in out:
        if "jsonl" in options:
            record = json.loads(line)
            keys = {"source", "translation", "score", "log_prob", "tokens"} | (
                {"alignment"} if "--align" in options else set()
            )
            if "--no-split" not in options:
                keys.add("sentences")
            assert set(record) == keys
        elif "--align" in options:
            assert line.count(" ||| ") == 1


def test_jsonl_lines_hold_no_unicode_line_breaks(run_cli, transformer_model_dir: Path) -> None:
    lines = ["a\u2028b", "c\u0085d", "e\u2029f"]
    result = translate(
        run_cli, transformer_model_dir, "-k", "1", "--format", "jsonl", input=lines_in(lines)
    )
    assert result.exit_code == 0
    assert [json.loads(line)["source"] for line in out_lines(result)] == lines
    assert len(result.stdout.splitlines()) == len(lines)


# -- search options --------------------------------------------------------------------------------


def test_nbest_lines(run_cli, transformer_model_dir: Path) -> None:
    text = translate(
        run_cli, transformer_model_dir, "-k", "4", "--nbest", "3", input=lines_in(SENTENCES[:2])
    )
    assert text.exit_code == 0, text.stderr
    out = out_lines(text)
    assert len(out) == 6
    for n, sentence in enumerate((out[:3], out[3:])):
        parsed = [NBEST_LINE.match(line) for line in sentence]
        assert all(parsed), sentence
        assert [int(p[1]) for p in parsed] == [n, n, n]  # the sentence id, as Moses and Marian
        scores = [float(p[3]) for p in parsed]
        assert scores == sorted(scores, reverse=True)
    jsonl = translate(
        run_cli,
        transformer_model_dir,
        "-k",
        "4",
        "--nbest",
        "3",
        "--format",
        "jsonl",
        input=lines_in(SENTENCES[:2]),
    )
    records = [json.loads(line) for line in out_lines(jsonl)]
    assert [r["n"] for r in records] == [0, 1, 2, 0, 1, 2]
    assert [r["translation"] for r in records] == [NBEST_LINE.match(x)[2] for x in out]
    for group in (records[:3], records[3:]):
        assert len({tuple(r["tokens"]) for r in group}) == 3  # distinct hypotheses


def test_nbest_gives_one_empty_entry_for_an_empty_line(
    run_cli, transformer_model_dir: Path
) -> None:
    # An empty line has exactly one translation, the empty one: its n-best list has one entry
    # (lists stay distinct), and the next sentence starts again at index 0.
    result = translate(run_cli, transformer_model_dir, "-k", "3", "--nbest", "3", input=b"\n")
    assert result.exit_code == 0
    assert out_lines(result) == ["0 |||  ||| 0.0000"]


def test_nbest_one_is_the_plain_output(run_cli, transformer_model_dir: Path) -> None:
    data = lines_in(SENTENCES[:3])
    plain = translate(run_cli, transformer_model_dir, "-k", "3", input=data)
    nbest = translate(run_cli, transformer_model_dir, "-k", "3", "--nbest", "1", input=data)
    assert out_lines(nbest) == out_lines(plain)


@pytest.mark.parametrize(
    "args",
    [["--nbest", "6", "--beam", "5"], ["--beam", "0"], ["--format", "xml"], ["--quantize", "int4"]],
)
def test_bad_option_values_are_usage_errors(run_cli, transformer_model_dir: Path, args) -> None:
    result = translate(run_cli, transformer_model_dir, "Ein Hund", *args)
    assert_refused(result, code=2)


def test_alignments_point_at_existing_words(run_cli, model_dir: Path) -> None:
    lines = SENTENCES[:8] + ["", "Ein  Hund\t läuft", "Hund, Hund; Hund!"]
    args = ["-k", "3", "--align", "--links", "argmax"]
    result = translate(run_cli, model_dir, *args, input=lines_in(lines))
    assert result.exit_code == 0, result.stderr
    out = out_lines(result)
    assert len(out) == len(lines)
    linked = 0
    for source, line in zip(lines, out):
        text, links = line.split(" ||| ")
        n_src, n_tgt = len(source.split()), len(text.split())
        for link in links.split():
            s, t = map(int, link.split("-"))
            assert 0 <= s < n_src and 0 <= t < n_tgt, (source, line)
            linked += 1
        if text:  # every printed word is linked (one argmax per target word)
            assert {int(x.split("-")[1]) for x in links.split()} == set(range(n_tgt))
    assert linked > 0


def _alignments(run_cli, model_dir: Path, lines: list[str], *args) -> list[set]:
    result = translate(run_cli, model_dir, "-k", "3", "--align", *args, input=lines_in(lines))
    assert result.exit_code == 0, result.stderr
    pairs = [line.split(" ||| ")[1].split() for line in out_lines(result)]
    return [{tuple(map(int, link.split("-"))) for link in links} for links in pairs]


def test_the_default_links_are_mutual_maxima_a_word_linked_at_most_once(run_cli, model_dir):
    lines = SENTENCES[:8]
    default = _alignments(run_cli, model_dir, lines)
    argmax = _alignments(run_cli, model_dir, lines, "--links", "argmax")
    assert default == _alignments(run_cli, model_dir, lines, "--links", "mutual")
    for mutual, row_maxima in zip(default, argmax):
        assert mutual <= row_maxima  # each link is also its target word's row maximum
        assert len({s for s, _ in mutual}) == len({t for _, t in mutual}) == len(mutual)
    assert sum(map(len, default)) < sum(map(len, argmax))  # some target words left unlinked


def test_threshold_alone_is_the_threshold_rule(run_cli, model_dir):
    lines = SENTENCES[:4]
    alone = _alignments(run_cli, model_dir, lines, "--threshold", "0.3")
    assert alone == _alignments(
        run_cli, model_dir, lines, "--links", "threshold", "--threshold", "0.3"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["--align", "--links", "mutual", "--threshold", "0.3"], "--links threshold"),
        (["--links", "argmax"], "give --align"),
        (["--align", "--links", "best"], "--links must be one of argmax, threshold"),
    ],
)
def test_link_rules_that_do_not_fit_are_usage_errors(run_cli, model_dir, args, message):
    assert message in assert_refused(translate(run_cli, model_dir, "Ein Hund", *args), code=2)


@pytest.mark.parametrize("beam", ["1", "5"])
def test_output_does_not_depend_on_batching_or_order(run_cli, model_dir: Path, beam: str) -> None:
    lines = SENTENCES + ["", "Ein Hund"]
    shuffled = lines[:]
    random.Random(0).shuffle(shuffled)

    def run(batch_size: str, order: list[str]) -> dict[str, tuple]:
        result = translate(
            run_cli,
            model_dir,
            "-k",
            beam,
            "--batch-size",
            batch_size,
            "--format",
            "jsonl",
            input=lines_in(order),
        )
        assert result.exit_code == 0, result.stderr
        records = [json.loads(line) for line in out_lines(result)]
        assert [r["source"] for r in records] == order
        return {r["source"]: (r["translation"], r["tokens"], r["score"]) for r in records}

    one = run("1", lines)
    for other in (run("64", lines), run("64", shuffled)):
        for source, (text, tokens, score) in one.items():
            assert other[source][:2] == (text, tokens)
            # Batched matrix products round differently in the last bits.
            assert other[source][2] == pytest.approx(score, abs=1e-4)


@pytest.mark.parametrize("quantize", [[], ["--quantize", "int8"]])
def test_two_threads_give_the_lines_of_one(run_cli, model_dir: Path, quantize) -> None:
    """With several threads, batches are searched side by side: same lines, same order."""
    data = lines_in(SENTENCES + ["", "Ein Hund"])
    args = ["translate", "-m", model_dir, "-k", "2", "--batch-size", "2", *quantize]
    one = run_cli([*args, "--threads", "1"], input=data)
    two = run_cli([*args, "--threads", "2"], input=data)
    assert one.exit_code == 0 and two.exit_code == 0, two.stderr
    assert out_lines(two) == out_lines(one) and len(out_lines(one)) == len(SENTENCES) + 2


@pytest.mark.parametrize("arch", ["rnn", "transformer"])
def test_int8_quantized_model_keeps_lines(run_cli, request, monkeypatch, arch: str) -> None:
    """The model that translates has int8 weights in every linear layer."""
    import torch

    from nmt_cli.inference import loading
    from nmt_cli.inference.quantize import Int8Linear

    searched = []

    def spy(model, *args, **kwargs):
        searched.append(model)
        return real(model, *args, **kwargs)

    real = loading.translate_ids
    monkeypatch.setattr(loading, "translate_ids", spy)
    model = request.getfixturevalue(f"{arch}_model_dir")
    data = lines_in(SENTENCES[:3] + ["", "Ein Hund"])
    result = translate(run_cli, model, "-k", "2", "--quantize", "int8", input=data)
    assert result.exit_code == 0, result.stderr
    assert len(out_lines(result)) == 5 and out_lines(result)[3] == ""
    assert searched
    for m in searched:
        assert not any(type(module) is torch.nn.Linear for module in m.modules())
        linears = [module for module in m.modules() if isinstance(module, Int8Linear)]
        assert linears and all(q.weight.dtype == torch.int8 for q in linears)


@pytest.mark.parametrize("arch", ["rnn", "transformer"])
def test_int8_reruns_give_the_same_translations(run_cli, request, arch: str) -> None:
    """Three runs of one input, batched three ways (the way lines arrive decides the batches)."""
    model = request.getfixturevalue(f"{arch}_model_dir")
    lines = SENTENCES + ["", "Ein Hund"]
    shuffled = lines[:]
    random.Random(1).shuffle(shuffled)
    runs = []
    for batching, order in ((["--batch-size", "1"], lines), ([], lines), ([], shuffled)):
        args = ["-k", "3", "--quantize", "int8", "--format", "jsonl", *batching]
        result = translate(run_cli, model, *args, input=lines_in(order))
        assert result.exit_code == 0, result.stderr
        records = [json.loads(line) for line in out_lines(result)]
        runs.append({r["source"]: (r["translation"], r["tokens"]) for r in records})
    assert runs[0] == runs[1] == runs[2]


def test_replace_unk_flag(run_cli, transformer_model_dir: Path, monkeypatch) -> None:
    import torch

    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.search.hypothesis import Hypothesis
    from nmt_cli.vocab import UNK

    tok = load_bundle(transformer_model_dir).tokenizer
    line = "Ein Hund läuft im Park."  # ▁Ein ▁H un d ▁läuft ...: piece 4 is "läuft"

    def scripted(model, sources, opts, max_out=None, on_progress=None):
        tokens = [tok.piece_to_id("▁A"), UNK, tok.piece_to_id("▁runs")]
        attention = torch.full((4, len(sources[0]) + 1), 0.01)  # (T+1, S+1)
        attention[1, 4] = 1.0
        return [[Hypothesis(tokens, -1.0, -1.0, [-0.3] * 4, attention, True)]]

    monkeypatch.setattr("nmt_cli.inference.loading.translate_ids", scripted)
    plain = translate(run_cli, transformer_model_dir, line)
    replaced = translate(run_cli, transformer_model_dir, line, "--replace-unk")
    assert out_lines(plain) == ["A <unk> runs."]  # with the source's full stop
    assert out_lines(replaced) == ["A läuft runs."]


# -- which model, and broken ones --------------------------------------------------------------


def test_nmt_model_environment_variable(
    run_cli, transformer_model_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    explicit = translate(run_cli, transformer_model_dir, "Ein Hund")
    monkeypatch.setenv("NMT_MODEL", str(transformer_model_dir))
    from_env = run_cli(["translate", "--threads", "1", "Ein Hund"])
    assert from_env.exit_code == 0, from_env.stderr
    assert out_lines(from_env) == out_lines(explicit)


def test_no_model_anywhere_is_one_error(
    run_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NMT_MODEL", raising=False)
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "pretrained"
    empty.mkdir()
    monkeypatch.setattr("nmt_cli.model.pretrained.pretrained_dirs", lambda: [empty])
    line = assert_refused(run_cli(["translate", "--threads", "1", "Ein Hund"]))
    assert "--model" in line


class _Marker:
    """Unpickling this creates ``path``: proof that a pickle was executed."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


def _break(directory: Path, how: str, marker: Path) -> Path:
    weights = directory / "model.safetensors"
    if how == "missing directory":
        return directory / "nope"
    if how == "no model.safetensors":
        weights.unlink()
    elif how == "no tokenizer.json":
        (directory / "tokenizer.json").unlink()
    elif how == "random bytes":
        weights.write_bytes(random.Random(0).randbytes(4096))
    elif how == "truncated weights":
        weights.write_bytes(weights.read_bytes()[:2000])
    elif how == "empty weights":
        weights.write_bytes(b"")
    elif how == "pickle":
        weights.write_bytes(pickle.dumps({"weights": _Marker(marker)}))
    elif how == "tokenizer of another vocabulary":
        tok, _ = train_tokenizer(corpus_lines(), vocab_size=350, model="bpe")
        tok.save(directory / "tokenizer.json")
    elif how == "format version 2":
        config = json.loads((directory / "config.json").read_text(encoding="utf-8"))
        config["format_version"] = 2
        (directory / "config.json").write_text(json.dumps(config), encoding="utf-8")
    elif how == "a file, not a directory":
        return weights
    elif how in ("a tensor missing", "an extra tensor", "a tensor of another shape"):
        from safetensors.torch import load_file, save_file

        tensors = load_file(str(weights))
        name = sorted(tensors)[-1]
        if how == "a tensor missing":
            del tensors[name]
        elif how == "an extra tensor":
            tensors["extra.weight"] = tensors[name].clone()
        else:
            tensors[name] = tensors[name][..., :1].clone()
        save_file(tensors, str(weights))
    return directory


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("missing directory", "no such model directory"),
        ("no model.safetensors", "incomplete model directory"),
        ("no tokenizer.json", "tokenizer"),
        ("random bytes", "not a valid safetensors file"),
        ("truncated weights", "not a valid safetensors file"),
        ("empty weights", "not a valid safetensors file"),
        ("pickle", "not a valid safetensors file"),
        ("tokenizer of another vocabulary", "do not belong together"),
        ("format version 2", "format version 2 is not supported"),
        ("a file, not a directory", "not a file"),
        ("a tensor missing", "weights do not match the config (missing ["),
        ("an extra tensor", "unexpected ['extra.weight']"),
        ("a tensor of another shape", "the config needs"),
    ],
)
def test_broken_model_directory_is_one_error(
    run_cli, transformer_model_dir: Path, tmp_path: Path, how: str, says: str
) -> None:
    directory = tmp_path / "model"
    shutil.copytree(transformer_model_dir, directory)
    marker = tmp_path / "pickle-was-executed"
    broken = _break(directory, how, marker)
    line = assert_refused(translate(run_cli, broken, "Ein Hund"))
    assert says in line
    assert not marker.exists()


# -- subprocesses: streaming, pipes, signals, concurrency ------------------------------------------


def _default_sigint() -> None:
    # As in a user's shell. A runner started in the background by a non-interactive shell
    # passes SIGINT on as ignored, and a program rightly keeps an ignored SIGINT ignored.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(model: Path, *args: str, stdin=subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen(
        [str(NMT), "translate", "--model", str(model), "--threads", "1", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=nmt_env(),
        preexec_fn=_default_sigint,
    )


def test_streaming_answers_each_line_before_input_ends(transformer_model_dir: Path) -> None:
    proc = _start(transformer_model_dir, "-k", "2")
    try:
        proc.stdin.write(b"Ein Mann l\xc3\xa4uft im Park.\n")
        proc.stdin.flush()
        first = readline_within(proc.stdout)  # stdin is still open
        proc.stdin.write(b"Ein Hund\n")
        proc.stdin.flush()
        second = readline_within(proc.stdout)
        proc.stdin.close()
        rest, err = proc.stdout.read(), proc.stderr.read()
        assert proc.wait(30) == 0, err
    finally:
        proc.kill()
    assert first.endswith(b"\n") and first.strip() and second.endswith(b"\n")
    assert rest == b"" and b"Traceback" not in err


def test_closed_reader_ends_quietly(transformer_model_dir: Path) -> None:
    """`nmt translate | head -1`: killed by SIGPIPE (-13), nothing on stderr."""
    proc = _start(transformer_model_dir, "-k", "1", "--chunk-lines", "1")
    try:
        proc.stdin.write(b"Ein Hund\n")
        proc.stdin.flush()
        assert readline_within(proc.stdout).strip()
        proc.stdout.close()  # the reader goes away
        try:
            proc.stdin.write(b"Ein Mann l\xc3\xa4uft im Park.\n" * 200)
            proc.stdin.close()
        except BrokenPipeError:
            pass  # it already died of SIGPIPE
        code = proc.wait(60)
        err = proc.stderr.read()
    finally:
        proc.kill()
    assert code == -signal.SIGPIPE  # killed by the default SIGPIPE action that main() restores
    assert b"Traceback" not in err and b"BrokenPipe" not in err and err == b""


@pytest.mark.parametrize("source", ["file", "open stdin"])
def test_ctrl_c_exits_130_without_traceback(
    transformer_model_dir: Path, tmp_path: Path, source: str
) -> None:
    many = b"Eine Gruppe M\xc3\xa4nner wartet vor einem Geb\xc3\xa4ude.\n" * 2000
    if source == "file":
        (tmp_path / "in.de").write_bytes(many)
        proc = _start(
            transformer_model_dir,
            "--chunk-lines",
            "1",
            "--input",
            str(tmp_path / "in.de"),
            stdin=subprocess.DEVNULL,
        )
    else:
        proc = _start(transformer_model_dir, "--chunk-lines", "1")
        proc.stdin.write(many[:5000])
        proc.stdin.flush()  # and stdin stays open
    try:
        assert readline_within(proc.stdout).strip()  # translating by now
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=HANG_SECONDS)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"Fatal Python error" not in err
    assert err.decode().splitlines() == ["nmt: interrupted"]


def _temporary_file_appears(folder: Path) -> bool:
    """Whether an output's temporary file appears in ``folder`` (the output is being written)
    within HANG_SECONDS."""
    for _ in range(HANG_SECONDS * 10):
        if any(p.name.endswith(".tmp") for p in folder.iterdir()):
            return True
        time.sleep(0.1)
    return False


def test_a_translation_run_under_nohup_outlives_the_terminal(
    transformer_model_dir: Path, tmp_path: Path
) -> None:
    """`nohup nmt ... &`: SIGHUP ignored by the shell stays ignored (a handler of ours made it
    end the run, exit 129)."""
    out = tmp_path / "out.en"

    def nohup() -> None:
        _default_sigint()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    proc = subprocess.Popen(
        [str(NMT), "translate", "--model", str(transformer_model_dir), "--threads", "1",
         "--chunk-lines", "1", "-o", str(out)],
        stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=nmt_env(), preexec_fn=nohup,
    )  # fmt: skip
    try:
        proc.stdin.write(b"Ein Hund\n")
        proc.stdin.flush()
        assert _temporary_file_appears(tmp_path)
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(b"Ein Mann\n", timeout=HANG_SECONDS)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert len(out.read_text().splitlines()) == 2


def test_a_terminated_translation_leaves_its_output_as_it_was(
    transformer_model_dir: Path, tmp_path: Path
) -> None:
    """`timeout` sends SIGTERM: the temporary file of -o was left behind (.out.en.u9fi.tmp)."""
    out = tmp_path / "out.en"
    out.write_text("old\n")
    proc = _start(transformer_model_dir, "--chunk-lines", "1", "-o", str(out))
    try:
        proc.stdin.write(b"Ein Hund\n")
        proc.stdin.flush()  # and stdin stays open: translating, then waiting for more
        assert _temporary_file_appears(tmp_path)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=HANG_SECONDS)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM and b"Traceback" not in err, err
    assert out.read_text() == "old\n" and os.listdir(tmp_path) == ["out.en"]


@pytest.mark.slow
def test_two_processes_read_one_model_at_once(transformer_model_dir: Path) -> None:
    data = lines_in(SENTENCES[:4])
    procs = [_start(transformer_model_dir, "-k", "2") for _ in range(2)]
    try:
        outs = [p.communicate(data, timeout=HANG_SECONDS) for p in procs]
    finally:
        for p in procs:
            p.kill()
    assert [p.returncode for p in procs] == [0, 0], [e for _, e in outs]
    assert outs[0][0] == outs[1][0] and outs[0][0].count(b"\n") == 4


def test_ref_scores_the_translation_on_stderr(run_cli, transformer_model_dir: Path, tmp_path):
    data = lines_in(SENTENCES[:4])
    plain = translate(run_cli, transformer_model_dir, "-k", "1", input=data)
    (tmp_path / "ref").write_bytes(plain.stdout_bytes)  # its own output as the reference
    scored = translate(
        run_cli, transformer_model_dir, "-k", "1", "--ref", tmp_path / "ref", input=data
    )
    assert scored.exit_code == 0
    assert out_lines(scored) == out_lines(plain)  # stdout is the translation, unchanged
    bleu, chrf = scored.stderr.splitlines()
    assert bleu.startswith("BLEU 100.00  nrefs:1|case:mixed")
    assert chrf.startswith("CHRF 100.00")
    with piped(plain.stdout_bytes) as ref:  # `--ref <(zcat ref.en.gz)`: read once
        piped_ref = translate(run_cli, transformer_model_dir, "-k", "1", "--ref", ref, input=data)
    assert piped_ref.exit_code == 0, piped_ref.stderr
    assert piped_ref.stderr == scored.stderr


def test_a_ref_of_another_length_fails_before_the_translation_and_writes_nothing(
    run_cli, transformer_model_dir: Path, tmp_path, monkeypatch
):
    """--ref was read once every line was translated and -o replaced."""
    source = tmp_path / "in.de"
    source.write_bytes(lines_in(SENTENCES[:4]))
    ref = tmp_path / "ref.en"
    ref.write_text("one\ntwo\nthree\n", encoding="utf-8")
    out = tmp_path / "out.en"
    out.write_text("before\n", encoding="utf-8")

    def translated(*args, **kwargs):
        raise AssertionError("a line was translated")

    message = f"the input has 4 lines, --ref {ref} has 3: one input line per reference line"
    with monkeypatch.context() as m:
        m.setattr("nmt_cli.documents.lines.translate_file", translated)
        r = translate(run_cli, transformer_model_dir, "-i", source, "--ref", ref, "-o", out)
        assert_one_error_line(r, message)
        r = translate(run_cli, transformer_model_dir, "Ein Hund.", "--ref", ref, "-o", out)
        one = f"the input has 1 line, --ref {ref} has 3: one input line per reference line"
        assert_one_error_line(r, one)
    # From stdin the lines are counted as they are translated: still nothing written.
    r = translate(
        run_cli, transformer_model_dir, "--ref", ref, "-o", out, input=source.read_bytes()
    )
    assert_one_error_line(r, message)
    assert out.read_text(encoding="utf-8") == "before\n"


@pytest.mark.parametrize(
    "option",
    [
        ["--threads", "-2"],
        ["--max-len-a", "-5"],
        ["--max-len-a", "nan"],
        ["--max-len-a", "inf"],
        ["--max-len-b", "-5"],
        ["--min-len", "-5"],
        ["--max-len-b", "0", "--max-len-a", "0"],  # no token: a line came out empty
        ["--max-len-b", "5", "--max-len-a", "0", "--min-len", "50"],  # cut at 5 tokens
    ],
)
def test_an_out_of_range_value_is_a_usage_error(run_cli, rnn_model_dir: Path, option) -> None:
    result = translate(run_cli, rnn_model_dir, "Ein Hund", *option)
    assert_one_error_line(result, option[0], code=2)


LONG_SHORT = "Ein Mann läuft mit einem Hund im Park und ein Mann schläft im Park.\nEin Hund\n"


@pytest.mark.parametrize("beam", ["1", "5"])
def test_a_min_len_above_a_sentences_limit_is_refused_not_padded_out(
    run_cli, rnn_model_dir: Path, tmp_path: Path, beam
) -> None:
    """`--min-len 100 Bonjour.` printed words forced past the end, cut at the limit of 1.5 x
    source + 10; it is refused before any line is read (a short line after 1,000 others was
    refused after they were printed), and a floor within the limit holds."""
    out = tmp_path / "out.txt"
    out.write_text("before\n", encoding="utf-8")
    args = ["Ein Hund", "--beam", beam, "--min-len"]
    result = translate(run_cli, rnn_model_dir, *args, "100", "-o", out)
    line = assert_one_error_line(result, "--min-len 100", "--max-len-a 1.5 x 1", code=2)
    assert "lower --min-len or raise --max-len-b" in line
    assert out.read_text(encoding="utf-8") == "before\n"
    long_then_short = ["--chunk-lines", "1", "--min-len", "12"]
    result = translate(run_cli, rnn_model_dir, *long_then_short, input=LONG_SHORT.encode())
    assert_one_error_line(result, "--min-len 12", code=2)
    assert result.stdout == ""  # nothing printed before the error
    result = translate(run_cli, rnn_model_dir, *args, "8", "--max-len-b", "90")
    assert result.exit_code == 0, result.stderr
    assert len(result.stdout.split()) >= 2
