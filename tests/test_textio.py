"""Lines in and files out: what every command relies on."""

from __future__ import annotations

import errno
import gzip
import io
import lzma
import os
import stat
import threading

import pytest
from conftest import HANG_SECONDS

from nmt_cli.errors import InputError, OutputError
from nmt_cli.output import atomic_writer
from nmt_cli.textio import LineReader, chunked, is_live, one_line, open_lines


def lines_of(data: bytes, **kwargs) -> list[str]:
    return list(LineReader(io.BytesIO(data), "test", **kwargs))


def test_a_line_ends_at_newline_only_and_crlf_is_one_line_end():
    data = b"a\r\nb\x0bc\x0cd\xe2\x80\xa8e\n\nlast"
    assert lines_of(data) == ["a", "b\x0bc\x0cd\u2028e", "", "last"]


def test_a_byte_not_utf8_is_windows_1252_warned_once_or_refused_when_strict():
    warnings: list[str] = []
    data = b"ok\n\xff\nLa fen\xeatre co\xfbte 3 \x80, d\xc3\xa9j\xe0 \x81\n"
    assert lines_of(data, warn=warnings.append) == ["ok", "ÿ", "La fenêtre coûte 3 €, déjà \x81"]
    assert len(warnings) == 1 and "line 2" in warnings[0]
    with pytest.raises(InputError, match=":2: not valid UTF-8"):
        lines_of(b"ok\n\xff\n", strict=True)


def test_one_line_removes_every_line_breaking_character():
    assert one_line("a\nb\rc\x0bd\x0ce\x1cf\x85g\u2028h\u2029i") == "a b c d e f g h i"


def test_an_output_appears_complete_or_not_at_all(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_writer(target) as f:
        f.write("half of the new")
        raise RuntimeError("killed halfway")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.txt"]  # no temporary file left


def test_a_full_disk_is_one_clear_error_and_leaves_nothing(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OutputError, match="no space left on device; nothing was written"):
        with atomic_writer(target) as f:
            monkeypatch.setattr(f, "write", full)
            f.write("x")
    assert os.listdir(tmp_path) == []


def test_a_file_written_again_keeps_its_permissions_and_a_link_stays_a_link(tmp_path):
    """-o reset a private file (0640) to the umask's 0644, and replaced a link with a file,
    leaving the file it pointed to as it was."""
    private, real, link = tmp_path / "private.txt", tmp_path / "real.txt", tmp_path / "link.txt"
    private.write_text("old\n")
    private.chmod(0o640)
    real.write_text("old\n")
    link.symlink_to(real.name)
    for target in (private, link):
        with atomic_writer(target) as f:
            f.write("new\n")
    assert stat.S_IMODE(private.stat().st_mode) == 0o640 and private.read_text() == "new\n"
    assert link.is_symlink() and real.read_text() == "new\n"
    assert sorted(os.listdir(tmp_path)) == ["link.txt", "private.txt", "real.txt"]


def test_a_link_to_a_missing_folder_is_refused_before_any_work(tmp_path):
    """Checked in the link's own folder, it failed only once the work was done."""
    from nmt_cli.output import check_writable

    link = tmp_path / "out.txt"
    link.symlink_to(tmp_path / "missing" / "out.txt")
    with pytest.raises(OutputError, match="missing does not exist"):
        check_writable(link)


def test_a_closed_stdout_fails_a_document_written_as_bytes_as_one_written_as_text(monkeypatch):
    """A subtitle file with CRLF line ends is written as bytes: AttributeError: no 'buffer'."""
    from nmt_cli.documents.binary import write_binary
    from nmt_cli.output import guard_process, unwritable

    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("signal.signal", lambda *args: None)
    guard_process()
    for write in (lambda: write_binary("-", b"x\r\n"), lambda: print("x")):
        with pytest.raises(OSError) as caught:
            write()
        assert unwritable(caught.value) == "cannot write the output (stdout is closed)"


def test_a_folder_that_cannot_hold_the_output_is_one_error_naming_the_output(tmp_path, monkeypatch):
    """The temporary file's name came out in a PermissionError: '/sys/.x.6epjsz9v.tmp'."""

    def refused(prefix, suffix, dir):
        raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/{prefix}abc{suffix}")

    monkeypatch.setattr("tempfile.mkstemp", refused)
    target = tmp_path / "out.txt"
    with pytest.raises(OutputError) as caught, atomic_writer(target) as f:
        f.write("x")
    assert str(caught.value) == f"{target}: cannot write (Permission denied); nothing was written"


def test_a_named_pipe_or_device_is_written_into_not_replaced_by_a_file(tmp_path):
    """`-o /dev/null`, `-o /dev/stdout`, `-o FIFO`: renamed onto, the device would become a
    file (as root, /dev/null itself)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader there: the writer opens
    try:
        with atomic_writer(fifo) as f:
            f.write("through the pipe\n")
        assert os.read(reader, 100) == b"through the pipe\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]  # no temporary file either


def test_a_full_device_is_one_clear_error(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    try:
        with pytest.raises(OutputError, match="pipe: no space left on device"):
            with atomic_writer(fifo) as f:
                monkeypatch.setattr(f, "write", full)
                f.write("x")
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_missing_or_read_only_directory_is_refused_before_writing(tmp_path):
    with pytest.raises(OutputError, match="does not exist"):
        with atomic_writer(tmp_path / "nodir" / "out.txt"):
            pass
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir(mode=0o500)
        with pytest.raises(OutputError, match="not writable"):
            with atomic_writer(ro / "out.txt"):
                pass


COMPRESSIONS = {"gzip": ("gz", gzip.compress), "xz": ("xz", lzma.compress)}


@pytest.mark.parametrize("kind", COMPRESSIONS)
def test_compressed_files_are_read_as_their_lines_whatever_their_name(tmp_path, kind):
    from nmt_cli.textio import read_lines

    suffix, compress = COMPRESSIONS[kind]
    (tmp_path / f"train.fr.{suffix}").write_bytes(compress("un\nété\n".encode()))
    (tmp_path / "named-plainly").write_bytes(compress(b"one\n"))
    assert read_lines(tmp_path / f"train.fr.{suffix}") == ["un", "été"]
    assert read_lines(tmp_path / "named-plainly") == ["one"]


@pytest.mark.parametrize("kind", COMPRESSIONS)
def test_compressed_stdin_is_read_as_its_lines(kind, monkeypatch):
    """`nmt translate < in.gz` translated the compressed bytes as text."""
    _, compress = COMPRESSIONS[kind]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(compress("un\nété\n".encode()))))
    with open_lines("-") as reader:
        assert list(reader) == ["un", "été"]


def test_a_closed_stdin_is_one_input_error(monkeypatch):
    """`nmt translate <&-`: AttributeError: 'NoneType' object has no attribute 'buffer'."""
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(InputError, match="stdin is closed"), open_lines("-"):
        pass


def test_a_byte_order_mark_opening_the_input_is_no_part_of_its_first_line():
    """`nmt evaluate` scored a hypothesis file that opened with one 86.33 BLEU against itself."""
    reader = LineReader(io.BytesIO(b"\xef\xbb\xbfThe cat.\n\xef\xbb\xbfA dog.\n"), "test")
    assert list(reader) == ["The cat.", "\ufeffA dog."] and reader.bom


@pytest.mark.parametrize("kind", COMPRESSIONS)
def test_an_output_named_gz_or_xz_is_written_compressed_the_same_bytes_each_time(tmp_path, kind):
    """`-o out.srt.gz` wrote plain text into a file named .gz."""
    from nmt_cli.textio import read_lines

    suffix, _ = COMPRESSIONS[kind]
    target = tmp_path / f"out.txt.{suffix}"
    written = []
    for _ in range(2):
        with atomic_writer(target) as f:
            f.write("un\nété\n")
        written.append(target.read_bytes())
    assert read_lines(target) == ["un", "été"] and written[0] == written[1]
    assert written[0] != "un\nété\n".encode()


@pytest.mark.parametrize("kind", COMPRESSIONS)
def test_a_truncated_compressed_file_is_an_input_error_naming_it(tmp_path, kind):
    from nmt_cli.textio import read_lines

    suffix, compress = COMPRESSIONS[kind]
    whole = compress("".join(f"line {i}\n" for i in range(50000)).encode())
    (tmp_path / f"cut.{suffix}").write_bytes(whole[: len(whole) // 2])
    with pytest.raises(InputError, match=rf"cut\.{suffix}: corrupt or truncated {kind} data"):
        read_lines(tmp_path / f"cut.{suffix}")


def test_lines_that_are_all_there_are_chunked_alike_on_every_run():
    """A file's (or a list's) chunks are full and read before each is handed over, by the
    caller: no reader thread races the batches, so a rerun batches, and rounds, alike."""
    handed_over: list[list[str]] = []
    read_after: list[int] = []  # per line read: the chunks handed over by then

    def lines():
        for i in range(7):
            read_after.append(len(handed_over))
            yield str(i)

    for chunk in chunked(lines(), 3):
        handed_over.append(chunk)
    assert handed_over == [["0", "1", "2"], ["3", "4", "5"], ["6"]]
    assert read_after == [0, 0, 0, 1, 1, 1, 2]


def test_a_live_stream_is_answered_line_by_line_as_it_comes():
    """``tail -f log | nmt translate``: the first line is handed over before the second exists."""
    first_handed_over = threading.Event()

    def lines():
        yield "first"
        assert first_handed_over.wait(HANG_SECONDS), "the first line waited for the second"
        yield "second"

    chunks = chunked(lines(), 1000, live=True)
    assert next(chunks) == ["first"]
    first_handed_over.set()
    assert list(chunks) == [["second"]]


def test_pipes_and_terminals_are_live_files_and_memory_are_not(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("a\nb\n")
    read_end, write_end = os.pipe()
    with open(path, "rb") as f, os.fdopen(read_end, "rb") as pipe:
        os.close(write_end)
        assert not is_live(f) and is_live(pipe) and not is_live(io.BytesIO(b"a\n"))
    with open_lines(path) as lines:
        assert not lines.live and list(lines) == ["a", "b"]
    gz = tmp_path / "in.gz"
    gz.write_bytes(gzip.compress(b"a\n"))
    with open_lines(gz) as lines:
        assert not lines.live


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_utf16_or_utf32_input_is_read_by_its_byte_order_mark(codec):
    """Read as UTF-8, a UTF-16 file was Windows-1252 with a warning: "ÿþI\\x00l\\x00..."."""
    text = "\ufeffIl fait froid.\r\nLe chat\u2028dort.\r\nÉté 🐈"
    reader = LineReader(io.BytesIO(text.encode(codec)), "test")
    assert list(reader) == ["Il fait froid.", "Le chat\u2028dort.", "Été 🐈"]
    assert reader.codec == codec and reader.bom == "\ufeff".encode(codec) and reader.crlf
    cut = LineReader(io.BytesIO("\ufeffUn\nDeux".encode(codec)[:-1]), "in.txt")
    with pytest.raises(InputError, match=r"^in.txt:2: not valid UTF-(16|32)$"):
        list(cut)
