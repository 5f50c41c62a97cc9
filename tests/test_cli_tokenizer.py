"""`nmt tokenizer train|encode|decode` through the real entry point."""

from __future__ import annotations

import codecs
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import HANG_SECONDS, assert_one_error_line, piped
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nmt_cli import __version__
from nmt_cli.cli.app import app
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.textio import one_line
from nmt_cli.vocab import SPECIAL_TOKENS

NMT = Path(sys.executable).parent / "nmt"


def out_lines(data: bytes) -> list[str]:
    """Lines of a command's stdout; every line, the last included, must end with "\\n"."""
    text = data.decode("utf-8")
    assert text == "" or text.endswith("\n")
    return text.split("\n")[:-1]


# -- the root command --------------------------------------------------------------------------


def test_help_lists_the_tokenizer_group(run_cli):
    result = run_cli(["--help"])
    assert result.exit_code == 0
    assert "tokenizer" in result.stdout


def test_version(run_cli):
    result = run_cli(["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"nmt-cli {__version__}\n"


def test_python_dash_m_runs_the_app():
    proc = subprocess.run(
        [sys.executable, "-m", "nmt_cli", "--help"], capture_output=True, timeout=HANG_SECONDS
    )
    assert proc.returncode == 0, proc.stderr
    assert b"tokenizer" in proc.stdout


# -- train -------------------------------------------------------------------------------------


def test_train_writes_a_tokenizer_and_prints_stats_on_stderr(run_cli, corpus, tmp_path):
    out = tmp_path / "tok.json"
    result = run_cli(
        ["tokenizer", "train", corpus.de, corpus.en, "--output", out, "--vocab-size", "400"]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""  # stdout is for data only
    for row in ("model", "vocabulary size", "lines read", "subwords per line"):
        assert row in result.stderr
    assert re.search(r"lines read\W+400\b", result.stderr)  # both files: 200 + 200 lines
    tok = Tokenizer.load(out)
    assert tok.model_type == "bpe" and tok.vocab_size <= 400
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus", "tok.json"]


MEMORIES = {
    "ui.po": 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\nmsgid "Open"\nmsgstr "Ouvrir"\n\n'
    '#, fuzzy\nmsgid "Close"\nmsgstr "Fermer"\n',
    "help.tmx": '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>'
    'Print</seg></tuv><tuv xml:lang="fr-FR"><seg>Imprimer</seg></tuv></tu></body></tmx>\n',
    "app.xlf": '<xliff version="1.2"><file source-language="en" target-language="fr"><body>'
    '<trans-unit id="1"><source>Save</source><target>Enregistrer</target></trans-unit>'
    "</body></file></xliff>\n",
}


def test_train_learns_a_memorys_translated_texts_not_its_markup(run_cli, tmp_path):
    """A catalogue, a TMX or an XLIFF file was read as lines of text: the tokenizer learnt
    "msgid", "<seg>" and "<trans-unit", and the fuzzy entry's words."""
    paths = []
    for name, text in MEMORIES.items():
        paths.append(tmp_path / name)
        paths[-1].write_text(text, encoding="utf-8")
    out = tmp_path / "tok.json"
    args = ["tokenizer", "train", *paths, "-o", out, "--vocab-size", "400", "--min-frequency", "1"]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    assert re.search(r"lines read\W+6\b", result.stderr)  # Open Ouvrir Print Imprimer Save...
    assert "ui.po: 2 read, 1 pairs kept; skipped: 1 fuzzy" in result.stderr
    tok = Tokenizer.load(out)
    assert tok.encode_line("Enregistrer") == "▁Enregistrer"
    for unlearnt in ("msgid", "Fermer", "trans", "seg"):
        assert tok.encode_line(unlearnt) != f"▁{unlearnt}"


def test_train_reads_named_pipes_as_files(run_cli, corpus, tmp_path):
    """`nmt tokenizer train <(zcat a.gz) <(zcat b.gz)` trains the tokenizer the files give
    (the pipes were refused: "/dev/fd/63: not a file")."""
    args = ["tokenizer", "train", "--vocab-size", "400", "-q", "--output"]
    from_files = run_cli([*args, tmp_path / "files.json", corpus.de, corpus.en])
    assert from_files.exit_code == 0, from_files.stderr
    with piped(corpus.de.read_bytes()) as de, piped(corpus.en.read_bytes()) as en:
        from_pipes = run_cli([*args, tmp_path / "pipes.json", de, en])
    assert from_pipes.exit_code == 0, from_pipes.stderr
    assert (tmp_path / "pipes.json").read_bytes() == (tmp_path / "files.json").read_bytes()


@pytest.mark.parametrize("model", ["bpe", "unigram", "wordpiece"])
def test_train_each_model_from_stdin(run_cli, corpus, tmp_path, model):
    out = tmp_path / "tok.json"
    result = run_cli(
        [
            "tokenizer",
            "train",
            "-",
            "-o",
            out,
            "--vocab-size",
            "400",
            "--model",
            model,
            *(["--min-frequency", "1"] if model != "unigram" else []),  # unigram merges nothing
            "--quiet",
        ],
        input=corpus.de.read_bytes() + corpus.en.read_bytes(),
    )
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "" and result.stdout == ""  # --quiet: no table
    tok = Tokenizer.load(out)
    assert tok.model_type == model
    assert tok.decode(tok.encode(corpus.pairs[0][0])) == corpus.pairs[0][0]


def test_min_frequency_with_a_unigram_model_is_a_usage_error(run_cli, corpus, tmp_path):
    """A unigram model merges nothing: --min-frequency 50 trained the same tokenizer as none,
    silently; it names the option now, and writes nothing."""
    out = tmp_path / "tok.json"
    train = ["tokenizer", "train", corpus.de, "-o", out, "--vocab-size", "400", "-q"]
    r = run_cli([*train, "--model", "unigram", "--min-frequency", "50"])
    assert_one_error_line(r, "--min-frequency", "unigram", code=2)
    assert not out.exists()
    assert run_cli([*train, "--model", "unigram"]).exit_code == 0
    assert run_cli([*train, "--model", "bpe", "--min-frequency", "50"]).exit_code == 0


def test_train_lowercase(run_cli, corpus, tmp_path):
    out = tmp_path / "tok.json"
    result = run_cli(
        ["tokenizer", "train", corpus.de, "-o", out, "--vocab-size", "400", "--lowercase", "-q"]
    )
    assert result.exit_code == 0, result.stderr
    enc = run_cli(["tokenizer", "encode", "-t", out], input=b"EIN MANN\nein mann\n")
    upper, lower = out_lines(enc.stdout_bytes)
    assert upper == lower


def test_a_unigram_vocabulary_too_small_for_the_characters_says_the_size_that_fits(
    run_cli, corpus, tmp_path
):
    """A unigram vocabulary smaller than the data's characters gave the bare "Exception: The
    vocabulary is not large enough to contain all chars" line; it is the error BPE gives, with
    a size that trains."""
    out = tmp_path / "tok.json"
    train = ["tokenizer", "train", corpus.de, "-o", out, "--model", "unigram", "-q"]
    for size in ("50", "290"):
        line = assert_one_error_line(run_cli([*train, "--vocab-size", size]), code=1)
        assert line.startswith(f"nmt: error: --vocab-size {size} is too small: "), line
        assert "the characters of this data need" in line and not out.exists()
    needed = int(re.search(r"need (\d+); use at least that", line).group(1))
    assert run_cli([*train, "--vocab-size", str(needed - 1)]).exit_code == 1
    assert run_cli([*train, "--vocab-size", str(needed)]).exit_code == 0
    assert Tokenizer.load(out).vocab_size == needed


@pytest.mark.slow
def test_train_bpe_8000_on_multi30k(run_cli, shared_data, tmp_path):
    m30k = shared_data / "multi30k"
    if not (m30k / "train.de").is_file():
        pytest.skip(f"Multi30k not found in {m30k}")
    out = tmp_path / "tok.json"
    result = run_cli(
        [
            "tokenizer",
            "train",
            m30k / "train.de",
            m30k / "train.en",
            "-o",
            out,
            "--vocab-size",
            "8000",
        ]
    )
    assert result.exit_code == 0, result.stderr
    assert re.search(r"lines read\W+58,000\b", result.stderr)  # 29,000 per language
    tok = Tokenizer.load(out)
    assert tok.vocab_size == 8000
    assert [tok.piece_to_id(p) for p in ("<pad>", "<unk>", "<s>", "</s>")] == [0, 1, 2, 3]
    val = (m30k / "val.de").read_bytes()
    enc = run_cli(["tokenizer", "encode", "-t", out], input=val)
    dec = run_cli(["tokenizer", "decode", "-t", out], input=enc.stdout_bytes)
    assert enc.exit_code == dec.exit_code == 0
    val_lines = val.decode("utf-8").split("\n")[:-1]
    assert out_lines(dec.stdout_bytes) == [tok.normalise(line) for line in val_lines]
    pieces = [len(line.split()) for line in out_lines(enc.stdout_bytes)]
    assert sum(pieces) / len(pieces) < 20  # a real vocabulary: words, not characters


# -- encode / decode ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["encode", "decode"])
def test_the_usage_line_shows_the_optional_file_once_bracketed(run_cli, command):
    """The usage line said `[[FILE]]`: the metavar's own brackets inside click's."""
    result = run_cli(["tokenizer", command, "--help"])
    assert result.exit_code == 0
    assert f"Usage: nmt tokenizer {command} [OPTIONS] [FILE]\n" in result.stdout
    assert "[[FILE]]" not in result.stdout


def test_encode_decode_one_line_out_per_line_in(run_cli, small_tokenizer_path):
    text = "Ein Mann läuft im Park.\n\n   \nA dog 😀 שלום\r\nlast line without newline"
    enc = run_cli(["tokenizer", "encode", "-t", small_tokenizer_path], input=text.encode())
    assert enc.exit_code == 0 and enc.stderr == ""
    pieces = out_lines(enc.stdout_bytes)
    assert len(pieces) == 5
    assert pieces[0].startswith("\u2581Ein ")
    assert pieces[1] == pieces[2] == ""
    dec = run_cli(["tokenizer", "decode", "-t", small_tokenizer_path], input=enc.stdout_bytes)
    assert dec.exit_code == 0
    assert out_lines(dec.stdout_bytes) == [
        "Ein Mann läuft im Park.",
        "",
        "",
        "A dog 😀 שלום",
        "last line without newline",
    ]


def test_ids_round_trip(run_cli, small_tokenizer, small_tokenizer_path):
    text = "Ein Hund spielt.\n\nZwei Mädchen 👍🏽\n"
    enc = run_cli(["tokenizer", "encode", "-t", small_tokenizer_path, "--ids"], input=text.encode())
    assert enc.exit_code == 0
    lines = out_lines(enc.stdout_bytes)
    assert lines[0] == " ".join(map(str, small_tokenizer.encode("Ein Hund spielt.")))
    assert lines[1] == ""
    dec = run_cli(
        ["tokenizer", "decode", "-t", small_tokenizer_path, "--ids"], input=enc.stdout_bytes
    )
    assert dec.exit_code == 0
    assert out_lines(dec.stdout_bytes) == ["Ein Hund spielt.", "", "Zwei Mädchen 👍🏽"]


def test_encode_file_argument_to_output_file(run_cli, corpus, small_tokenizer, tmp_path):
    out = tmp_path / "enc.txt"
    result = run_cli(["tokenizer", "encode", "-t", small_tokenizer.path, corpus.en, "-o", out])
    assert result.exit_code == 0 and result.stdout == ""
    lines = out.read_text(encoding="utf-8").split("\n")[:-1]
    assert lines == [" ".join(small_tokenizer.pieces(t)) for _, t in corpus.pairs]


def _windows_1252(byte: int) -> str:
    return chr(byte) if byte in b"\x81\x8d\x8f\x90\x9d" else bytes([byte]).decode("cp1252")


def as_read(line: bytes) -> str:
    """A line as every command reads it: UTF-8, each byte that is not UTF-8 Windows-1252's
    character (the five it leaves undefined as browsers read them: 0x81 is U+0081)."""
    text = line.decode("utf-8", "surrogateescape")  # a byte that is not UTF-8: U+DC80..U+DCFF
    return "".join(
        _windows_1252(ord(c) - 0xDC00) if "\udc80" <= c <= "\udcff" else c
        for c in text
    )


def test_invalid_utf8_in_encode_is_read_as_windows_1252_with_one_warning(
    run_cli, small_tokenizer_path
):
    enc = run_cli(
        ["tokenizer", "encode", "-t", small_tokenizer_path], input=b"Ein\xff Mann\n\xc3\x28\nok\n"
    )
    assert enc.exit_code == 0
    assert len(enc.stderr_lines) == 1
    assert enc.stderr.startswith("nmt: warning: <stdin>: invalid UTF-8 (first at line 1)")
    dec = run_cli(["tokenizer", "decode", "-t", small_tokenizer_path], input=enc.stdout_bytes)
    assert out_lines(dec.stdout_bytes) == ["Einÿ Mann", "Ã(", "ok"]


def test_encode_to_stdout_under_the_plain_cli_runner(small_tokenizer_path):
    # typer's own CliRunner on the Typer app, without run_cli's workaround.
    result = CliRunner().invoke(
        app, ["tokenizer", "encode", "-t", str(small_tokenizer_path)], input=b"Ein Mann\n"
    )
    assert result.exit_code == 0, repr(result.exception)
    assert result.stdout.startswith("\u2581Ein")


# A line of the line-integrity property: text, control and line-separator characters,
# invalid UTF-8, sometimes very long; joined by "\n" or "\r\n".
_line_parts = st.one_of(
    st.text(max_size=10).map(str.encode),
    st.sampled_from(
        [
            b"",
            b" ",
            b"\t",
            b"\x0b",
            b"\x0c",
            b"\x1c",
            b"\x1d",
            b"\x1e",
            "\u2028".encode(),
            "\u2029".encode(),
            "\u0085".encode(),
            b"\r",
            b"\x00",
            b"\xff",
            b"\xc3",
            b"\xe2\x82",
            b"\xed\xa0\x80",
            "😀".encode(),
            "e\u0301".encode(),
            "\u00a0".encode(),
            "\u200b".encode(),
            "\u2581".encode(),
            b"Ein Mann",
        ]
    ),
    st.integers(1000, 6000).map(lambda n: b"lang " * n),  # 5,000 to 30,000 bytes
)
_line = st.lists(_line_parts, max_size=6).map(b"".join).map(lambda b: b.replace(b"\n", b" "))


# Lines as the property below draws them; the first three are the default tier's examples.
LINE_EXAMPLES = [
    ([b"", b"", b""], False, True),
    ([b"a\x0bb\x0cc\x1cd\xe2\x80\xa8e\xc2\x85f", b"\xff\xfe", b"  "], True, False),
    ([b"Ein Hund l\xc3\xa4uft.", b"", b"caf\xc3\xa9\tau lait"], False, False),
]


@pytest.mark.parametrize(("lines", "crlf", "final_newline"), LINE_EXAMPLES)
def test_encode_and_decode_keep_one_line_per_line(
    run_cli, small_tokenizer, small_tokenizer_path, lines, crlf, final_newline
):
    _check_line_integrity(
        run_cli, small_tokenizer, small_tokenizer_path, lines, crlf, final_newline
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(_line, max_size=8),
    crlf=st.booleans(),
    final_newline=st.booleans(),
)
def test_line_integrity_of_encode_and_decode(
    run_cli, small_tokenizer, small_tokenizer_path, lines, crlf, final_newline
):
    _check_line_integrity(
        run_cli, small_tokenizer, small_tokenizer_path, lines, crlf, final_newline
    )


def as_written(out: bytes, data: bytes) -> list[str]:
    """The lines of ``out``, encode's or decode's output for the input ``data``, checked to be
    written as ``data`` was, as `nmt translate` writes: after its UTF-8 byte order mark, with
    CRLF line ends where every line of it ended in one."""
    ended = data.split(b"\n")[:-1]
    crlf = bool(ended) and all(line.endswith(b"\r") for line in ended)
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
    assert out.startswith(bom) and not out[len(bom) :].startswith(codecs.BOM_UTF8)
    lines = out_lines(out[len(bom) :])
    assert all(line.endswith("\r") == crlf for line in lines), lines
    return [line.removesuffix("\r") for line in lines]


def test_encode_and_decode_write_lines_as_read_as_translate_does(
    run_cli, small_tokenizer_path, tmp_path
):
    """A file of CRLF lines (Windows' Notepad) was encoded and decoded to LF lines where `nmt
    translate` keeps CRLF, and a UTF-16 one to UTF-8: `encode < a.txt | decode` no longer gave
    the file's bytes back. Both now write lines as they were read (to a pipe or a file), as
    `nmt translate` does."""
    tok = ["-t", small_tokenizer_path]
    text = "Ein Mann läuft.\r\n\r\nZwei Hunde spielen.\r\n"
    for encoding, bom in (("utf-8", ""), ("utf-8", "\ufeff"), ("utf-16", "")):
        data = (bom + text).encode(encoding)
        for ids in ([], ["--ids"]):
            enc = run_cli(["tokenizer", "encode", *tok, *ids], input=data)
            assert enc.exit_code == 0, enc.stderr
            pieces = enc.stdout_bytes.decode(encoding)
            assert pieces.startswith(bom) and pieces.count("\r\n") == 3, pieces
            dec = run_cli(["tokenizer", "decode", *tok, *ids], input=enc.stdout_bytes)
            assert dec.exit_code == 0 and dec.stdout_bytes == data, dec.stdout_bytes
    (tmp_path / "in.txt").write_bytes(text.encode())
    out = tmp_path / "out.txt"
    enc = run_cli(["tokenizer", "encode", *tok, tmp_path / "in.txt", "-o", out])
    assert enc.exit_code == 0 and out.read_bytes().count(b"\r\n") == 3


def _check_line_integrity(
    run_cli, small_tokenizer, small_tokenizer_path, lines, crlf, final_newline
):
    sep = b"\r\n" if crlf else b"\n"
    data = sep.join(lines) + (sep if final_newline and lines else b"")
    # Text spelling "<s>" & co. is decoded to nothing: a known bug, see test_tokenizer.py.
    assume(not any(s.encode() in data for s in SPECIAL_TOKENS))
    # What a reader of lines sees: the last line counts only if it is not empty or ends in \n.
    expected_in = data.split(b"\n")
    if expected_in[-1] == b"":
        expected_in.pop()
    expected_in = [as_read(ln[:-1] if ln.endswith(b"\r") else ln) for ln in expected_in]

    if data.startswith(codecs.BOM_UTF8):  # dropped from the line, written back before it
        expected_in[0] = expected_in[0].removeprefix("\ufeff")

    enc = run_cli(["tokenizer", "encode", "-t", small_tokenizer_path], input=data)
    assert enc.exit_code == 0, enc.stderr
    assert "Traceback" not in enc.stderr
    assert len(as_written(enc.stdout_bytes, data)) == len(expected_in)

    ids = run_cli(["tokenizer", "encode", "-t", small_tokenizer_path, "--ids"], input=data)
    assert ids.exit_code == 0
    assert len(as_written(ids.stdout_bytes, data)) == len(expected_in)

    for dec_args, source in ((["--ids"], ids), ([], enc)):
        dec = run_cli(
            ["tokenizer", "decode", "-t", small_tokenizer_path, *dec_args],
            input=source.stdout_bytes,
        )
        assert dec.exit_code == 0, dec.stderr
        assert "Traceback" not in dec.stderr
        # One line per line, in order: line i decodes to the normalised line i.
        assert as_written(dec.stdout_bytes, data) == [
            one_line(small_tokenizer.normalise(t)) for t in expected_in
        ]


def test_real_executable_round_trip(corpus, tmp_path):
    """The installed `nmt` in a real process: stdin and stdout bytes, stderr apart."""
    assert NMT.is_file(), f"{NMT} not installed"
    env = {**os.environ, "NMT_DEBUG": ""}
    out = tmp_path / "tok.json"
    train = subprocess.run(
        [NMT, "tokenizer", "train", corpus.de, corpus.en, "-o", out, "--vocab-size", "400"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=HANG_SECONDS,
    )
    assert train.returncode == 0, train.stderr
    assert train.stdout == b"" and b"vocabulary size" in train.stderr
    data = b"Ein Mann\r\n\n\xffbad\x0bbyte\n" + "😀 \u2028 שלום".encode() + b"\n" + b"x " * 50000
    enc = subprocess.run(
        [NMT, "tokenizer", "encode", "-t", out],
        input=data,
        capture_output=True,
        env=env,
        timeout=HANG_SECONDS,
    )
    assert enc.returncode == 0, enc.stderr
    assert enc.stderr.count(b"\n") == 1 and b"invalid UTF-8" in enc.stderr
    assert len(out_lines(enc.stdout)) == 5
    dec = subprocess.run(
        [NMT, "tokenizer", "decode", "-t", out],
        input=enc.stdout,
        capture_output=True,
        env=env,
        timeout=HANG_SECONDS,
    )
    assert dec.returncode == 0 and dec.stderr == b""
    assert out_lines(dec.stdout)[:4] == ["Ein Mann", "", "ÿbad byte", "😀 שלום"]
    missing = subprocess.run(
        [NMT, "tokenizer", "encode", "-t", tmp_path / "nope.json"],
        capture_output=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=HANG_SECONDS,
    )
    assert missing.returncode == 1
    assert missing.stderr.decode().splitlines() == [
        f"nmt: error: {tmp_path / 'nope.json'}: no such tokenizer file"
    ]


# -- bad input: one line on stderr, the right exit code, nothing written -----------------------


@pytest.fixture
def workdir(tmp_path, corpus, small_tokenizer_path):
    """A directory with a corpus, an empty file and a tokenizer, and nothing else."""
    d = tmp_path / "work"
    d.mkdir()
    (d / "train.de").write_bytes(corpus.de.read_bytes())
    (d / "empty.txt").write_bytes(b"")
    (d / "blank.txt").write_bytes(b"\n  \n\t\n")
    (d / "tok.json").write_bytes(small_tokenizer_path.read_bytes())
    (d / "subdir").mkdir()
    (d / "corrupt.txt").write_bytes(b"Ein Mann\nein \xff\xfe Hund\n")
    return d


def listing(d: Path) -> list[str]:
    return sorted(str(p.relative_to(d)) for p in d.rglob("*"))


BAD_INPUTS = {
    "missing file": (
        ["train", "{d}/nope.txt", "-o", "{d}/out.json"],
        None,
        "nope.txt: no such file",
    ),
    "second file missing": (
        ["train", "{d}/train.de", "{d}/nope.txt", "-o", "{d}/out.json"],
        None,
        "no such file",
    ),
    "directory as input": (["train", "{d}/subdir", "-o", "{d}/out.json"], None, "not a file"),
    "empty file": (["train", "{d}/empty.txt", "-o", "{d}/out.json"], None, "no text to train on"),
    "blank file": (["train", "{d}/blank.txt", "-o", "{d}/out.json"], None, "no text to train on"),
    "empty stdin": (["train", "-", "-o", "{d}/out.json"], b"", "no text to train on"),
    "invalid UTF-8 in training data": (
        ["train", "{d}/corrupt.txt", "-o", "{d}/out.json"],
        None,
        "corrupt.txt:2: not valid UTF-8",
    ),
    "vocab too small": (
        ["train", "{d}/train.de", "-o", "{d}/out.json", "--vocab-size", "50"],
        None,
        "--vocab-size 50 is too small",
    ),
    "wordpiece vocab too small": (
        [
            "train",
            "{d}/train.de",
            "-o",
            "{d}/out.json",
            "--vocab-size",
            "10",
            "--model",
            "wordpiece",
        ],
        None,
        "--vocab-size 10 is too small",
    ),
    "output in missing directory": (
        ["train", "{d}/train.de", "-o", "{d}/nodir/out.json", "--vocab-size", "400"],
        None,
        "nodir does not exist",
    ),
    "encode missing file": (["encode", "-t", "{d}/tok.json", "{d}/nope.txt"], None, "no such file"),
    "encode directory": (["encode", "-t", "{d}/tok.json", "{d}/subdir"], None, "is a directory"),
    "encode output in missing directory": (
        ["encode", "-t", "{d}/tok.json", "-o", "{d}/nodir/out.txt"],
        b"Ein Mann\n",
        "nodir does not exist",
    ),
    "missing tokenizer": (["encode", "-t", "{d}/nope.json"], b"x\n", "no such tokenizer file"),
    "not a tokenizer": (["decode", "-t", "{d}/train.de"], b"x\n", "not a valid tokenizer file"),
    "decode bad ids to file": (
        ["decode", "-t", "{d}/tok.json", "--ids", "-o", "{d}/out.txt"],
        b"5 6\nfive\n",
        "line 2: expected space-separated integer ids",
    ),
    # a piece or an id the vocabulary has not was <unk>, left out of the text without a word
    "decode an unknown piece": (
        ["decode", "-t", "{d}/tok.json", "-o", "{d}/out.txt"],
        "<0x41> <0x42>\n<0x41> \u2581Zzqxv\n".encode(),  # byte pieces: every BPE has them
        "line 2: piece '\u2581Zzqxv' is not in the vocabulary",
    ),
    "decode an id past the vocabulary": (
        ["decode", "-t", "{d}/tok.json", "--ids", "-o", "{d}/out.txt"],
        b"5 6\n5 100000\n",
        "line 2: id 100000 is not one of the vocabulary's, 0-",
    ),
    "decode a negative id": (
        ["decode", "-t", "{d}/tok.json", "--ids", "-o", "{d}/out.txt"],
        b"-3\n",
        "line 1: id -3 is not one of the vocabulary's",
    ),
}


@pytest.mark.parametrize("case", BAD_INPUTS, ids=list(BAD_INPUTS))
def test_bad_input_is_one_error_line_and_exit_1(run_cli, workdir, case):
    args, stdin, message = BAD_INPUTS[case]
    before = listing(workdir)
    result = run_cli(["tokenizer", *(a.format(d=workdir) for a in args)], input=stdin)
    line = assert_one_error_line(result, code=1)
    assert message in line
    assert listing(workdir) == before  # no output file, no temporary file left behind


def test_a_line_decode_cannot_read_is_named_by_file_and_line_with_what_to_do(run_cli, workdir):
    """The error said only "line 4: expected space-separated integer ids": not which of a
    script's files, nor that the file held pieces (--ids given) or ids (--ids left out)."""
    tok = workdir / "tok.json"
    ids = run_cli(["tokenizer", "encode", "-t", tok, "--ids", workdir / "train.de"]).stdout
    pieces = run_cli(["tokenizer", "encode", "-t", tok, workdir / "train.de"]).stdout
    (workdir / "ids.txt").write_text(ids, encoding="utf-8")
    (workdir / "pieces.txt").write_text(pieces, encoding="utf-8")
    r = run_cli(["tokenizer", "decode", "-t", tok, workdir / "ids.txt", "-o", workdir / "o"])
    line = assert_one_error_line(r, code=1)
    assert line == (
        f"nmt: error: {workdir / 'ids.txt'}: line 1: piece '{ids.split()[0]}' is not in the "
        "vocabulary (ids? give --ids)"
    )
    r = run_cli(["tokenizer", "decode", "-t", tok, "--ids", workdir / "pieces.txt"])
    line = assert_one_error_line(r, code=1)
    assert line == (
        f"nmt: error: {workdir / 'pieces.txt'}: line 1: expected space-separated integer ids "
        "(pieces? leave out --ids)"
    )
    r = run_cli(["tokenizer", "decode", "-t", tok, "--ids"], input=b"5 6\nfive\n")
    assert "<stdin>: line 2: expected space-separated integer ids" in assert_one_error_line(r)
    assert not (workdir / "o").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_is_one_error_line(run_cli, workdir):
    (workdir / "train.de").chmod(0)
    result = run_cli(["tokenizer", "encode", "-t", workdir / "tok.json", workdir / "train.de"])
    assert "permission denied" in assert_one_error_line(result, code=1)


@pytest.mark.parametrize("suffix", [".gz", ".xz"])
def test_a_tokenizer_written_compressed_is_read_back(run_cli, workdir, suffix):
    """`tokenizer train -o tok.json.gz` wrote a gzip file that `encode -t tok.json.gz` called
    "not a valid tokenizer file (stream did not contain valid UTF-8)"."""
    encoded = []
    for out in (workdir / "plain.json", workdir / f"tok.json{suffix}"):
        result = run_cli(["tokenizer", "train", workdir / "train.de", "-o", out, "-q"])
        assert result.exit_code == 0, result.stderr
        result = run_cli(["tokenizer", "encode", "-t", out], input="Ein Mann schläft.\n".encode())
        assert result.exit_code == 0, result.stderr
        encoded.append(result.stdout)
    assert not out.read_bytes().startswith(b"{")  # compressed, as README says
    assert encoded[1] == encoded[0] != b""


@pytest.mark.parametrize("output", ["subdir", "new/"])
def test_train_into_a_directory_writes_tokenizer_json_in_it(run_cli, workdir, output):
    """`-o dir/` wrote a file named dir, and `-o` an existing directory failed after the
    training; the help says -o is where tokenizer.json goes, and `-t DIR` reads DIR's."""
    out = f"{workdir}/{output}"
    result = run_cli(["tokenizer", "train", workdir / "train.de", "-o", out, "-q"])
    assert result.exit_code == 0, result.stderr
    assert (workdir / output / "tokenizer.json").is_file()
    result = run_cli(["tokenizer", "encode", "-t", out], input="Ein Mann schläft.\n".encode())
    assert result.exit_code == 0 and result.stdout.strip(), result.stderr


def test_train_into_a_file_named_as_a_directory_is_one_error(run_cli, workdir):
    result = run_cli(["tokenizer", "train", workdir / "train.de", "-o", f"{workdir}/tok.json/"])
    assert_one_error_line(result, "tok.json/: exists and is not a directory")
    assert (workdir / "tok.json").read_bytes().startswith(b"{")


def test_failed_training_leaves_an_existing_output_untouched(run_cli, workdir):
    before = (workdir / "tok.json").read_bytes()
    result = run_cli(["tokenizer", "train", workdir / "empty.txt", "-o", workdir / "tok.json"])
    assert_one_error_line(result, code=1)
    assert (workdir / "tok.json").read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["train", "-", "-", "-o", "{d}/out.json"],
        ["train", "{d}/train.de", "-o", "{d}/out.json", "--model", "bpe2"],
        ["train", "{d}/train.de", "-o", "{d}/out.json", "--vocab-size", "0"],
        ["train", "{d}/train.de", "-o", "{d}/out.json", "--min-frequency", "-1"],
    ],
    ids=["stdin twice", "unknown model", "zero vocab", "negative min frequency"],
)
def test_usage_errors_from_the_command_are_one_line_and_exit_2(run_cli, workdir, args):
    before = listing(workdir)
    result = run_cli(["tokenizer", *(a.format(d=workdir) for a in args)], input=b"x\n")
    assert_one_error_line(result, code=2)
    assert listing(workdir) == before


@pytest.mark.parametrize(
    "args",
    [
        ["train", "-o", "{d}/out.json"],  # no FILE
        ["train", "{d}/train.de"],  # no --output
        ["train", "{d}/train.de", "-o", "{d}/out.json", "--vocab-size", "many"],
        ["encode"],  # no --tokenizer
        ["frobnicate"],
    ],
    ids=["no files", "no output", "vocab not a number", "no tokenizer", "unknown command"],
)
def test_command_line_parse_errors_exit_2(run_cli, workdir, args):
    before = listing(workdir)
    result = run_cli(["tokenizer", *(a.format(d=workdir) for a in args)], input=b"")
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr and "Error" in result.stderr
    assert result.stdout == ""
    assert listing(workdir) == before


def test_a_shipped_models_name_gives_its_tokenizer(run_cli):
    """As every other command takes it: "fr-en: no such tokenizer file"."""
    result = run_cli(["tokenizer", "encode", "-t", "fr-en"], input=b"Le chat dort.\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == ["\u2581Le", "\u2581ch", "at", "\u2581d", "ort", "."]


def test_a_directory_without_a_tokenizer_is_named(run_cli, tmp_path, monkeypatch):
    """`nmt tokenizer encode -t . f` said "tokenizer.json: no such tokenizer file", naming no
    directory; the one it looked in is named now, with what -t takes."""
    monkeypatch.chdir(tmp_path)
    line = assert_one_error_line(run_cli(["tokenizer", "encode", "-t", "."], input=b"x\n"))
    assert line.startswith(f"nmt: error: {tmp_path}: a directory without tokenizer.json"), line
    assert "a model directory" in line
