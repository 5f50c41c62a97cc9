"""The `nmt` command as a whole: its commands, help, version and error conventions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from nmt_cli.cli import common

COMMANDS = ["tokenizer", "train", "average", "export", "translate", "align", "evaluate"]


def test_help_lists_every_command_with_its_help(run_cli):
    result = run_cli(["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_has_help_with_an_example(run_cli, name):
    result = run_cli([name, "--help"])
    assert result.exit_code == 0
    assert "Example" in result.stdout or "nmt " in result.stdout


def test_unexpected_errors_are_one_line_and_debug_shows_the_traceback(run_cli, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something broke")

    monkeypatch.setattr("nmt_cli.evaluation.score_corpus", broken)
    monkeypatch.setitem(common.DEBUG, "on", False)
    result = run_cli(["evaluate", "--hyp", __file__, "--ref", __file__])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "nmt: error: RuntimeError: something broke (run with --debug for the traceback)"
    ]
    debug = run_cli(["--debug", "evaluate", "--hyp", __file__, "--ref", __file__])
    assert debug.exit_code != 0
    assert isinstance(debug.exception, RuntimeError)  # re-raised: the traceback is shown
    common.DEBUG["on"] = False


def test_usage_errors_exit_2_without_traceback():
    nmt = Path(sys.executable).parent / "nmt"
    result = subprocess.run([str(nmt), "translate", "--beam", "x"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
