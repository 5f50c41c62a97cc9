"""Progress on long work: `nmt translate --input FILE` and `nmt align` in file mode show a bar on
stderr (lines done of the file's total) when stderr is a terminal, and write nothing of it to a
pipe or a file. The installed console script runs as a subprocess with stderr on a
pseudo-terminal or a pipe; the bar's last state is drawn when it stops, so nothing here depends
on timing."""

from __future__ import annotations

import os
import pty
import subprocess
from pathlib import Path

import pytest
from conftest import make_corpus, piped
from model_fixtures import NMT, nmt_env

from nmt_cli.cli import progress

pytest_plugins = ["model_fixtures"]

PAIRS = make_corpus(3)


def run_nmt(args: list[str], stdout, stderr_on_terminal: bool) -> tuple[int, str]:
    """Run `nmt ARGS`; its return code and what it wrote to stderr (a terminal or a pipe)."""
    env = nmt_env(TERM="xterm", COLUMNS="120")
    if not stderr_on_terminal:
        proc = subprocess.run([str(NMT), *args], stdout=stdout, stderr=subprocess.PIPE, env=env)
        return proc.returncode, proc.stderr.decode()
    parent, child = pty.openpty()
    with subprocess.Popen([str(NMT), *args], stdout=stdout, stderr=child, env=env) as proc:
        os.close(child)
        seen = b""
        while True:
            try:
                data = os.read(parent, 4096)
            except OSError:  # the terminal's other side closed: the process is gone
                break
            if not data:
                break
            seen += data
        os.close(parent)
    return proc.returncode, seen.decode(errors="replace")


@pytest.fixture
def source_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.de"
    path.write_text("".join(f"{de}\n" for de, _ in PAIRS), encoding="utf-8")
    return path


@pytest.fixture
def target_file(tmp_path: Path) -> Path:
    path = tmp_path / "in.en"
    path.write_text("".join(f"{en}\n" for _, en in PAIRS), encoding="utf-8")
    return path


def translate_args(model: Path, source: Path) -> list[str]:
    return ["translate", "-m", str(model), "--threads", "1", "-k", "2", "--input", str(source)]


def test_translating_a_file_shows_lines_done_on_a_terminal(
    transformer_model_dir: Path, source_file: Path, tmp_path: Path
) -> None:
    with open(tmp_path / "out.en", "wb") as out:
        code, screen = run_nmt(translate_args(transformer_model_dir, source_file), out, True)
    assert code == 0, screen
    assert "translate" in screen and "3/3 lines" in screen and "lines/s" in screen
    assert len((tmp_path / "out.en").read_text(encoding="utf-8").splitlines()) == 3


def test_no_progress_reaches_a_pipe_or_the_output(
    transformer_model_dir: Path, source_file: Path
) -> None:
    code, stderr = run_nmt(
        translate_args(transformer_model_dir, source_file), subprocess.PIPE, False
    )
    assert code == 0
    assert stderr == ""


def test_no_bar_when_the_translations_go_to_the_same_terminal(
    transformer_model_dir: Path, source_file: Path
) -> None:
    parent, child = pty.openpty()
    try:
        args = [str(NMT), *translate_args(transformer_model_dir, source_file)]
        proc = subprocess.run(args, stdout=child, stderr=subprocess.PIPE, env=nmt_env())
    finally:
        os.close(child)
        os.close(parent)
    assert proc.returncode == 0
    assert proc.stderr == b""


def test_aligning_files_shows_pairs_done_on_a_terminal(
    transformer_model_dir: Path, source_file: Path, target_file: Path, tmp_path: Path
) -> None:
    args = ["align", "-m", str(transformer_model_dir), "--src-file", str(source_file)]
    args += ["--tgt-file", str(target_file), "-o", str(tmp_path / "out.align")]
    code, screen = run_nmt(args, subprocess.DEVNULL, True)
    assert code == 0, screen
    assert "align" in screen and "3/3 lines" in screen
    assert len((tmp_path / "out.align").read_text(encoding="utf-8").splitlines()) == 3
    code, stderr = run_nmt(args, subprocess.DEVNULL, False)
    assert code == 0 and stderr == ""


def test_a_named_pipe_is_not_counted_for_a_bar(monkeypatch):
    """`nmt score -i <(cmd)` (or `nmt align --src-file <(cmd)`) with stderr on a terminal: the
    pipe can be read once, and that is for the work; counting its lines for a bar's total
    emptied it, and the command scored nothing."""
    monkeypatch.setattr(progress, "_is_tty", lambda stream: stream is progress.sys.stderr)
    with piped(b"Ein Hund\tA dog\n") as path:
        with progress.FileProgress(path, "scores.txt", "score") as bar:
            bar.update(0)
        fd = int(path.rsplit("/", 1)[1])
        assert os.read(fd, 100) == b"Ein Hund\tA dog\n"


def test_a_training_message_is_written_as_it_is_one_line(capsys):
    """Through rich, a message to a pipe was wrapped at 80 columns (a memory's counts split
    before "obsolete") and a name in brackets was taken for markup: "[fr]/a.po" lost "[fr]"."""
    line = "[fr]/a.po: 13 read, 6 pairs kept; skipped: 1 empty, 2 fuzzy, 3 obsolete, 2 untranslated"
    progress.ConsoleProgress(quiet=False).on_message(line)
    assert capsys.readouterr().err == line + "\n"


def test_quiet_shows_no_bar_on_a_terminal(
    transformer_model_dir: Path, source_file: Path, tmp_path: Path
) -> None:
    """`nmt translate -q -i FILE -o OUT` from a terminal: no bar, the file translated."""
    args = [*translate_args(transformer_model_dir, source_file), "-o", str(tmp_path / "out.en")]
    code, screen = run_nmt([*args, "--quiet"], subprocess.DEVNULL, True)
    assert code == 0 and screen == ""
    assert len((tmp_path / "out.en").read_text(encoding="utf-8").splitlines()) == 3
