"""`nmt translate -q` (--quiet), as a Makefile or a cron job runs it: no warning and no progress
on stderr, the same translations on stdout; an error is still one line and a non-zero exit, and
--ref's scores, asked for, still show."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_one_error_line

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

# Windows-1252 (not UTF-8) and a line longer than the model accepts: two warnings without -q
NOISY = "Ein Mann läuft.\n".encode("cp1252") + ("Park Hund " * 40 + "\n").encode()


def translate(run_cli, model: Path, *args, input: bytes | None = None):
    return run_cli(["translate", "-m", model, "--threads", "1", "-k", "1", *args], input=input)


def test_quiet_writes_no_warning_and_the_same_translations(run_cli, short_model_dir: Path):
    said = translate(run_cli, short_model_dir, input=NOISY)
    assert said.exit_code == 0 and len(said.stderr_lines) == 2, said.stderr
    for flag in ("-q", "--quiet"):
        quiet = translate(run_cli, short_model_dir, flag, input=NOISY)
        assert quiet.exit_code == 0 and quiet.stderr == ""
        assert quiet.stdout_bytes == said.stdout_bytes


def test_quiet_still_shows_an_error(run_cli, short_model_dir: Path, tmp_path: Path):
    result = translate(run_cli, short_model_dir, "-q", "-i", tmp_path / "missing.txt")
    assert_one_error_line(result, "missing.txt")
    assert result.stdout_bytes == b""


def test_quiet_still_prints_the_scores_ref_asks_for(run_cli, short_model_dir: Path, tmp_path: Path):
    plain = translate(run_cli, short_model_dir, input=b"Ein Mann\n")
    (tmp_path / "ref").write_bytes(plain.stdout_bytes)
    scored = translate(
        run_cli, short_model_dir, "-q", "--ref", tmp_path / "ref", input=b"Ein Mann\n"
    )
    assert scored.exit_code == 0 and scored.stdout_bytes == plain.stdout_bytes
    assert [line.split()[0] for line in scored.stderr_lines] == ["BLEU", "CHRF"]
