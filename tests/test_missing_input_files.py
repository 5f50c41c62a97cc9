"""A file an option names that is not there is one error naming the option and the file, exit 1
(an input error, as README's "bad input" is), before any model loads: every command alike."""

from __future__ import annotations

import pytest
from conftest import assert_one_error_line


@pytest.mark.parametrize(
    "args, option",
    [
        (["translate", "--glossary", "{missing}", "Bonjour."], "--glossary"),
        (["translate", "--memory", "{missing}", "Bonjour."], "--memory"),
        (["translate", "--input", "{missing}"], "--input"),
        (["score", "--src-file", "{missing}", "--tgt-file", "{present}"], "--src-file"),
        (["score", "--src-file", "{present}", "--tgt-file", "{missing}"], "--tgt-file"),
        (["score", "--input", "{missing}"], "--input"),
        (["align", "--src-file", "{missing}", "--tgt-file", "{present}"], "--src-file"),
        (["align", "--src-file", "{present}", "--tgt-file", "{missing}"], "--tgt-file"),
        (["align", "--pairs", "{missing}"], "--pairs"),
        (["evaluate", "--hyp", "{missing}", "--ref", "{present}"], "--hyp"),
        (["evaluate", "--hyp", "{present}", "--ref", "{missing}"], "--ref"),
        (["train", "--resume", "{missing}"], "--resume"),
    ],
)
def test_a_missing_input_file_is_one_input_error_naming_its_option(run_cli, tmp_path, args, option):
    missing, present = tmp_path / "missing.txt", tmp_path / "present.txt"
    present.write_text("Bonjour.\n", encoding="utf-8")
    args = [a.format(missing=missing, present=present) for a in args]
    if args[0] in ("translate", "score", "align"):  # no model: the file's error comes first
        args[1:1] = ["--model", str(tmp_path / "no-model")]
    line = assert_one_error_line(run_cli(args), f"{option} {missing}", code=1)
    assert "model" not in line
