"""The `nmt` command as a whole: its commands, help, version and error conventions."""

from __future__ import annotations

import itertools
import os
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


def help_examples(help_text: str) -> list[str]:
    """The lines of a help text's examples: after its "Example:" line, up to a blank line."""
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() in ("Example:", "Examples:"))
    return [line.strip() for line in itertools.takewhile(str.strip, lines[start + 1 :])]


EXAMPLES = {
    "align": [
        'nmt align "Il fait froid ce matin."',
        'nmt align -m runs/de-en --source "Ein Hund läuft." --target "A dog runs."',
        "nmt align -m runs/de-en --src-file a.de --tgt-file a.en --format pharaoh > a.align",
    ],
    "translate": [
        'nmt translate "Il fait froid ce matin."',
        "nmt translate -m runs/de-en < in.de > out.en",
        "nmt translate -m de-en-ct2 --engine ctranslate2 < in.de > out.en",
        "nmt translate -i messages.pot -o en.po",
    ],
    "export": [
        "nmt export runs/de-en --output models/de-en --length-penalty 1.0",
        "nmt export runs/de-en --format ctranslate2 --output models/de-en-ct2",
    ],
    "evaluate": [
        "nmt translate -m runs/de-en < test.de > hyp.en",
        "nmt evaluate --hyp hyp.en --ref test.en",
    ],
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_help_shows_each_example_on_its_own_line(run_cli, name):
    result = run_cli([name, "--help"])  # click wraps help at 78 columns here
    assert result.exit_code == 0
    assert help_examples(result.stdout) == EXAMPLES[name]


@pytest.mark.parametrize(
    "args", [[], *([name] for name in COMMANDS), *(["tokenizer", c] for c in ("train", "encode"))]
)
def test_every_help_example_starts_a_line(run_cli, args):
    """Not re-wrapped: a line is a command, or the continuation of one that ends with \\."""
    result = run_cli([*args, "--help"])
    assert result.exit_code == 0
    examples = help_examples(result.stdout)
    assert examples
    for before, line in zip(["", *examples], examples):
        continued = before.endswith(" \\") and line.startswith("--")
        assert line.startswith(("nmt ", "echo ")) or continued, line


@pytest.mark.parametrize(
    "name, choices",
    [
        ("align", ["--format <table|pharaoh|json|csv>", "--level <word|subword>"]),
        ("translate", ["--format <text|jsonl>", "--quantize <int8>"]),
    ],
)
def test_help_lists_the_choices_of_an_option(run_cli, name, choices):
    result = run_cli([name, "--help"])
    assert result.exit_code == 0
    for choice in choices:
        assert choice in result.stdout


def test_unexpected_errors_are_one_line_and_debug_shows_the_traceback(run_cli, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something broke")

    monkeypatch.setattr("nmt_cli.evaluation.score_corpus", broken)
    monkeypatch.setitem(common.DEBUG, "on", False)
    result = run_cli(["evaluate", "--hyp", __file__, "--ref", __file__])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "nmt: error: RuntimeError: something broke (run nmt --debug ... for the traceback)"
    ]
    debug = run_cli(["--debug", "evaluate", "--hyp", __file__, "--ref", __file__])
    assert debug.exit_code != 0
    assert isinstance(debug.exception, RuntimeError)  # re-raised: the traceback is shown
    common.DEBUG["on"] = False


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["translate", "--beam", "x"], "'--beam'"),
        (["translate", "--bogus"], "--bogus"),  # click's own: one line too, as ours
        (["translate", "-k"], "'-k' requires an argument"),
        (["bogus"], "'bogus'"),
        (["translate", "--threads", "-1", "a"], "--threads"),  # ours
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args, named):
    nmt = Path(sys.executable).parent / "nmt"
    result = subprocess.run([str(nmt), *args], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("nmt: error: ") and named in line, line


def _closed_stdout() -> None:
    os.close(1)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["translate", "--help"]])
@pytest.mark.parametrize("stdout", ["full", "closed"])
def test_an_output_that_cannot_be_written_is_one_error_line(args, stdout):
    """`nmt --help > /dev/full` and `nmt --version >&-` gave a traceback."""
    nmt = Path(sys.executable).parent / "nmt"
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [str(nmt), *args],
            stdout=full if stdout == "full" else None,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=_closed_stdout if stdout == "closed" else None,
        )
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "nmt: error: cannot write the output ("
        + ("No space left on device)" if stdout == "full" else "stdout is closed)")
    ]


def test_nmt_alone_prints_its_help():
    nmt = Path(sys.executable).parent / "nmt"
    result = subprocess.run([str(nmt)], capture_output=True, text=True)
    assert result.returncode == 2 and "Usage: nmt [OPTIONS] COMMAND" in result.stderr


# `nmt` run by its entry point, with the command itself replaced by a report of what it sees.
SEES_WAIT_POLICY = """
import os, sys
from nmt_cli.cli import app
def command(prog_name, **options):
    print(os.environ.get("OMP_WAIT_POLICY"), "torch" in sys.modules)
app.app = command
app.main()
"""


@pytest.mark.parametrize(("given", "seen"), [(None, "PASSIVE"), ("ACTIVE", "ACTIVE")])
def test_every_command_waits_passively_for_openmp_unless_the_user_chose(given, seen):
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if given is not None:
        env["OMP_WAIT_POLICY"] = given
    result = subprocess.run(
        [sys.executable, "-c", SEES_WAIT_POLICY], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [seen, "False"]  # set before torch (and OpenMP) is loaded


def test_train_help_says_batch_tokens_counts_padded_tokens(run_cli):
    """It said "Target tokens per batch", but a batch holds its pairs times its longest source
    or target (buckets.length_batches), padding included."""
    result = run_cli(["train", "--help"])
    assert result.exit_code == 0
    shown = " ".join(result.stdout.split())  # click wraps the help
    assert "--batch-tokens <int> Padded tokens per batch: pairs x longest side." in shown
    assert "Target tokens" not in shown


@pytest.mark.parametrize(
    ("command", "help_line"),
    [
        ("train", "--max-steps <int> Stop after this many updates (0: no limit)."),
        ("train", "--max-minutes <float> Wall-clock budget in minutes (0: none)."),
        ("train", "--threads <int> CPU threads for torch (0: torch default)."),
        ("translate", "--batch-size <int> Sentences per batch (0: by --batch-tokens)."),
        ("align", "--max-width <int> Table width (0: the terminal's)."),
    ],
)
def test_an_option_whose_zero_means_none_says_so_in_its_help(run_cli, command, help_line):
    """`nmt train -h` said "--max-steps: Stop after this many updates.", but its default, 0,
    sets no limit (so did --max-minutes, --threads, translate's --batch-size)."""
    result = run_cli([command, "--help"])
    assert result.exit_code == 0
    assert help_line in " ".join(result.stdout.split())  # click wraps the help


def _commands(command, path=()):
    """(its words, a command) for every command under ``command``, groups' too."""
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))
    else:
        yield path, command


def test_every_option_and_argument_of_every_command_has_a_help_text():
    """`nmt translate -h` showed "--max-len-b <int>  [default: 10]" and nothing else: what the
    number is was left for the user to guess."""
    import typer.main

    from nmt_cli.cli.app import app

    found = list(_commands(typer.main.get_command(app)))
    assert {" ".join(path) for path, _ in found} >= {"translate", "tokenizer decode", "train"}
    bare = [
        f"nmt {' '.join(path)} {'/'.join(p.opts)}"
        for path, command in found
        for p in command.params
        if not (getattr(p, "help", None) or "").strip().lstrip("[")  # not a [default] alone
    ]
    assert bare == []
