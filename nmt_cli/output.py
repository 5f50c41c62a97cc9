"""Where results go: files and directories that appear complete or not at all, stdout, and
the file modes' writer.

Every file the project writes goes through :func:`atomic_path` or :func:`atomic_writer`, and
every directory (a checkpoint, an export) through :func:`atomic_directory`. :func:`write_output`
writes to a file or to stdout; :func:`write_chunks` writes the results of `nmt translate`'s and
`nmt align`'s file modes a chunk at a time, in order. :func:`guard_process` makes a closed
stdout and a terminating signal errors that leave no temporary file; :func:`unwritable` says
what a failed write to stdout was.
"""

from __future__ import annotations

import contextlib
import errno
import gzip
import io
import itertools
import json
import lzma
import os
import shutil
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, TextIO, TypeVar

from nmt_cli.errors import InputError, OutputError, UsageError
from nmt_cli.textio import LineReader, chunked, is_stream, one_line, open_lines

# The help text of an --output option: where write_output writes.
OUTPUT_HELP = "Output file, written atomically ('-': stdout)."

_UMASK = os.umask(0)
os.umask(_UMASK)


def json_line(value: Any) -> str:
    """``value`` as one line of JSON, non-ASCII text as it is: still valid JSON, and no reader
    that splits lines at U+2028, U+2029 or U+0085 breaks it (those are escaped)."""
    return json_line_breaks(json.dumps(value, ensure_ascii=False))


def json_line_breaks(line: str) -> str:
    """A line of JSON with U+2028, U+2029 and U+0085 escaped (only a string holds them)."""
    for c in ("\u2028", "\u2029", "\u0085"):
        line = line.replace(c, f"\\u{ord(c):04x}")
    return line


def check_writable(path: str | Path) -> None:
    """Fail early (before long work) when ``path`` could not be written (a link's: the folder
    of the file it points to, where atomic_path writes)."""
    path = Path(path)
    if is_stream(path):
        return
    parent = Path(os.path.realpath(path)).parent
    if not parent.exists():
        raise OutputError(f"{path}: directory {parent} does not exist")
    if not parent.is_dir():
        raise OutputError(f"{path}: {parent} is not a directory")
    if not os.access(parent, os.W_OK):
        raise OutputError(f"{path}: directory {parent} is not writable")


def check_output_file(path: str | Path) -> None:
    """check_writable, and an OutputError where ``path`` is a directory (a file is written
    there): said before long work, not once it is done."""
    if not str(path):
        raise OutputError("--output '' names no file: give a file's name ('-': stdout)")
    check_writable(path)
    if str(path) != "-" and not is_stream(path) and os.path.isdir(path):
        raise OutputError(f"{path}: is a directory; give --output a file's name")


def check_not_read(output: str, read: dict[str, str | None]) -> None:
    """A UsageError where ``output`` is a file that ``read`` ({option: path}) reads: written,
    it would replace what it was read from (a device or a named pipe may be both)."""
    if output == "-" or is_stream(output) or not os.path.exists(output):
        return
    written = os.stat(output)
    for option, path in read.items():
        if path and _same_file(path, written):
            shown = f"{option} (stdin)" if path == "-" else option
            raise UsageError(
                f"--output {output} is the file {shown} reads: it would be replaced; "
                "give another --output"
            )


def _same_file(path: str, other: os.stat_result) -> bool:
    """Whether ``path`` ('-': stdin, where it is a file: ``< in.fr``) is the file ``other``."""
    try:
        st = os.fstat(sys.stdin.fileno()) if path == "-" else os.stat(path)
    except (AttributeError, OSError, ValueError):  # none there; stdin with no descriptor
        return False
    return stat.S_ISREG(st.st_mode) and (st.st_dev, st.st_ino) == (other.st_dev, other.st_ino)


def _output_error(path: Path, e: OSError) -> OutputError:
    if e.errno == errno.ENOSPC:
        return OutputError(f"{path}: no space left on device; nothing was written")
    return OutputError(f"{path}: cannot write ({e.strerror or e}); nothing was written")


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success it is renamed onto ``path``.

    On any error the temporary file is removed and ``path`` is left as it was. A device or a
    named pipe (see is_stream) is itself the path yielded: renamed onto, ``/dev/null`` would
    become a file. A file that is there keeps its permissions (a new one gets the umask's), and
    a symbolic link stays one: the file it points to is replaced.
    """
    target = Path(path)
    if is_stream(target):
        try:
            yield target
        except OSError as e:
            raise _output_error(target, e) from None
        return
    check_writable(target)
    shown, target = target, Path(os.path.realpath(target))  # a link's file, the link kept
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)  # a file's own: a private one stays so
    except OSError:
        mode = 0o666 & ~_UMASK  # mkstemp (and some writers) make 0600: a new file, the umask's
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise _output_error(shown, e) from None
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise _output_error(shown, e) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def atomic_writer(path: str | Path) -> Iterator[TextIO]:
    """A UTF-8 text file that appears at ``path`` only once it is complete.

    ``-`` writes to stdout instead (line-buffered semantics are the caller's: call flush()).
    """
    if str(path) == "-":
        yield sys.stdout
        return
    # a write error (disk full) reaches atomic_path, which removes the temporary file and
    # raises the OutputError
    with atomic_path(path) as tmp, compressed(tmp, path) as raw:
        with io.TextIOWrapper(raw, encoding="utf-8", newline="\n") as f:
            yield f


@contextlib.contextmanager
def compressed(tmp: Path, path: str | Path) -> Iterator[BinaryIO]:
    """``tmp`` opened to write the bytes of ``path``: gzip or xz where its name ends in ``.gz``
    or ``.xz`` (as the readers read them: textio.py), a gzip stream with no name or time in it,
    so a rerun writes the same bytes."""
    suffix = Path(path).suffix.lower()
    with open(tmp, "wb") as raw:
        if suffix == ".gz":
            with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as z:
                yield z  # type: ignore[misc]
        elif suffix == ".xz":
            with lzma.LZMAFile(raw, "wb") as z:
                yield z  # type: ignore[misc]
        else:
            yield raw


def write_text_atomic(path: str | Path, text: str) -> None:
    with atomic_writer(path) as f:
        f.write(text)


@contextlib.contextmanager
def atomic_directory(
    target: Path, temporary: Path | None = None, stage: Callable[[str], None] = lambda _: None
) -> Iterator[Path]:
    """A directory that appears at ``target`` only once it is complete.

    Yields an empty hidden directory beside ``target`` (``temporary``, or a fresh one); when
    the block succeeds its files are synced and it is renamed onto ``target`` (a directory
    already there is replaced, moved aside first under a hidden name); on any error it is
    removed and ``target`` is left as it was. ``stage(name)`` hears "fsync" and "renamed" as
    they pass (a hook for tests that kill a process inside a write)."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if temporary is None:
            tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        else:
            shutil.rmtree(temporary, ignore_errors=True)
            temporary.mkdir()
            tmp = temporary
    except OSError as e:
        raise _output_error(target, e) from None
    old = None
    try:
        yield tmp
        for f in tmp.iterdir():
            if f.is_file():
                with open(f, "rb") as fh:
                    os.fsync(fh.fileno())
        os.chmod(tmp, 0o777 & ~_UMASK)  # mkdtemp makes 0700: use the umask
        stage("fsync")
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
            os.replace(target, old / target.name)
        os.replace(tmp, target)
        stage("renamed")
        _fsync_directory(target.parent)
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise _output_error(target, e) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


def _fsync_directory(path: Path) -> None:
    """Make a rename inside ``path`` durable (where the system allows a directory's sync)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def stdout_utf8() -> TextIO:
    """stdout as UTF-8 text with "\\n" line ends, whatever the locale.

    The stream is reconfigured in place (never wrapped: a wrapper would close stdout's buffer
    when it is collected).
    """
    with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
        sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[union-attr]
    return sys.stdout


def write_output(output: str, write: Callable[[TextIO, bool], None]) -> None:
    """``write(out, interactive)`` to stdout (``interactive``: flush as results come) or, when
    ``output`` is a file name, to that file, written atomically."""
    if output == "-":
        out = stdout_utf8()
        write(out, True)
        out.flush()
    else:
        with atomic_writer(output) as out:
            write(out, False)


def transform_lines(
    input_file: str,
    output: str,
    transform: Callable[[str], str],
    warn: Callable[[str], None] | None = None,
) -> None:
    """``transform`` of each line of ``input_file`` ('-': stdin) to ``output`` (see
    write_chunks): one line out for every line in (see one_line), in the input's encoding and
    line ends (as_read), as `nmt translate` writes; a live stream's lines as they come. A
    ValueError of ``transform`` is the line's InputError, ``FILE: line N: ...``."""
    numbers = itertools.count(1)

    def lines_of(line: str) -> list[str]:
        n = next(numbers)
        try:
            return [one_line(transform(line))]
        except ValueError as e:
            raise InputError(f"{lines.name}: line {n}: {e}") from None

    with open_lines(input_file, warn) as lines:
        chunks = chunked(lines, TRANSFORM_CHUNK_LINES, lines.live)
        write_chunks(output, chunks, lines_of, opened=as_read(lines))


# The lines transform_lines reads ahead of its output, as `nmt translate --chunk-lines` does by
# default: the line ends of a file's first chunk say the output's.
TRANSFORM_CHUNK_LINES = 1000


def as_read(reader: LineReader) -> Callable[[TextIO, bool], None]:
    """``opened`` for write_chunks: lines written as ``reader``'s were: in its encoding (UTF-16
    or UTF-32; UTF-8), after its byte order mark, with CRLF line ends where every line of its
    first chunk had one (a file's first chunk is the same on every run: textio.chunked); to a
    terminal, UTF-8 and LF."""

    def write_as_read(out: TextIO, interactive: bool) -> None:
        if interactive and out.isatty():
            return
        newline = "\r\n" if reader.crlf else "\n"
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            out.reconfigure(encoding=reader.codec, newline=newline)  # type: ignore[attr-defined]
        if reader.bom:
            out.write("\ufeff")

    return write_as_read


Item = TypeVar("Item")


def write_chunks(
    output: str,
    chunks: Iterable[Sequence[Item]],
    lines_of: Callable[[Item], Iterable[str]],
    on_progress: Callable[[int], None] = lambda done: None,
    opened: Callable[[TextIO, bool], None] = lambda out, interactive: None,
) -> None:
    """The file modes' writer: each item of each chunk as its output lines, in order, to
    ``output`` (see write_output; stdout is flushed after each chunk, so a pipeline gets each
    chunk's results as soon as they are done). ``on_progress(items_done)`` hears after each
    chunk; ``opened(out, interactive)`` once the first is done, before anything is written
    (where the input's encoding and line ends are known: lines.as_read)."""

    def write(out: TextIO, interactive: bool) -> None:
        done = 0
        for chunk in chunks:
            if not done:
                opened(out, interactive)
            for item in chunk:
                for line in lines_of(item):
                    out.write(line + "\n")
            done += len(chunk)
            on_progress(done)
            if interactive:
                out.flush()

    write_output(output, write)


def unwritable(e: BaseException) -> str | None:
    """What to say of ``e`` where it is stdout that cannot be written (`> /dev/full`: a write
    with no file named failed with no space, an I/O error or a closed descriptor); else None."""
    if isinstance(e, OSError) and e.filename is None and e.errno in _UNWRITABLE:
        return f"cannot write the output ({e.strerror})"
    return None


_UNWRITABLE = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EBADF, errno.EFBIG)


class _ClosedBytes(io.BytesIO):
    def write(self, data) -> int:  # type: ignore[override]
        raise OSError(errno.EBADF, "stdout is closed")


class _Closed(io.StringIO):
    """stdout where it was closed: each write an OSError (EBADF), said as one error line (its
    ``buffer`` too: a document written as bytes)."""

    buffer = _ClosedBytes()

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


def guard_process() -> None:
    """A closed pipe (`| head`) ends the process quietly, as it does other Unix filters (not a
    BrokenPipeError at an arbitrary point, interpreter shutdown included); a closed stdout
    (`nmt ... >&-`) fails each write as a closed file does; SIGTERM and SIGHUP (`timeout`,
    `kill`, a closed terminal) end a command as an error does, what it was writing removed
    (atomic_path), with exit code 128 + the signal's number."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if sys.stdout is None:
        sys.stdout = _Closed()
    for name in ("SIGTERM", "SIGHUP"):  # one ignored (nohup's SIGHUP) stays so
        if hasattr(signal, name) and signal.getsignal(getattr(signal, name)) != signal.SIG_IGN:
            signal.signal(getattr(signal, name), _terminated)


def _terminated(signum: int, frame) -> None:
    raise SystemExit(128 + signum)
