"""-o into a folder that is not there is one error naming it, before any model loads (a
model's load is seconds of waiting for nothing), and nothing is written; so is -o onto the file
that is read."""

from __future__ import annotations

import subprocess

import pytest
from conftest import assert_one_error_line
from model_fixtures import NMT, nmt_env


@pytest.mark.parametrize(
    "args",
    [
        ["translate", "Bonjour."],
        ["translate", "--input", "{pairs}"],
        ["score", "--input", "{pairs}"],
        ["align", "Bonjour."],
        ["align", "--pairs", "{pairs}"],
    ],
)
def test_output_into_a_missing_folder_is_said_before_the_model_loads(run_cli, tmp_path, args):
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("Bonjour.\tHello.\n", encoding="utf-8")
    output = tmp_path / "nodir" / "out.txt"
    args = [a.format(pairs=pairs) for a in args]
    # no model: were it loaded first, its error would be the one said
    args[1:1] = ["--model", str(tmp_path / "no-model"), "--output", str(output)]
    line = assert_one_error_line(run_cli(args), str(output), "nodir does not exist", code=1)
    assert "model" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pairs.tsv"]


@pytest.mark.parametrize("option", ["--input", "--ref"])
def test_output_onto_the_input_or_the_references_is_refused_and_leaves_them(
    run_cli, tmp_path, option
):
    """`-i in.fr -o in.fr` would replace the French with its translation (and `-o ref.en` the
    references): a usage error naming the file, before any model loads; the file unchanged."""
    source, ref = tmp_path / "in.fr", tmp_path / "ref.en"
    source.write_text("Bonjour.\nMerci.\n", encoding="utf-8")
    ref.write_text("Hello.\nThank you.\n", encoding="utf-8")
    target = source if option == "--input" else ref
    before = target.read_bytes()
    args = ["translate", "--model", tmp_path / "no-model", "-i", source, "--ref", ref]
    result = run_cli([*args, "-o", target])
    assert_one_error_line(result, f"{target} is the file {option} reads", code=2)
    assert target.read_bytes() == before


def test_a_catalogue_may_still_be_filled_in_place(run_cli, tmp_path):
    """A gettext catalogue is written back filled: -o onto -i is not refused for it (the
    missing model is the error said, not the output)."""
    catalogue = tmp_path / "fr.po"
    catalogue.write_text('msgid "Open"\nmsgstr ""\n', encoding="utf-8")
    args = ["translate", "--model", tmp_path / "no-model", "-i", catalogue, "-o", catalogue]
    assert "is the file --input reads" not in run_cli(args).stderr


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["score", "--input", "{pairs}"], "--input"),
        (["score", "--src-file", "{src}", "--tgt-file", "{pairs}"], "--tgt-file"),
        (["align", "--pairs", "{pairs}"], "--pairs"),
        (["align", "--src-file", "{pairs}", "--tgt-file", "{src}"], "--src-file"),
    ],
)
def test_score_and_align_refuse_output_onto_a_file_they_read(run_cli, tmp_path, args, option):
    """`nmt score -i pairs.tsv -o pairs.tsv` replaced the pairs with their scores."""
    pairs, src = tmp_path / "pairs.tsv", tmp_path / "src.fr"
    pairs.write_text("Bonjour.\tHello.\n", encoding="utf-8")
    src.write_text("Bonjour.\n", encoding="utf-8")
    args = [a.format(pairs=pairs, src=src) for a in args]
    args[1:1] = ["--model", str(tmp_path / "no-model"), "--output", str(pairs)]
    assert_one_error_line(run_cli(args), f"{pairs} is the file {option} reads", code=2)
    assert pairs.read_text(encoding="utf-8") == "Bonjour.\tHello.\n"


@pytest.mark.parametrize(
    "args",
    [
        ["translate", "--input", "{pairs}"],
        ["score", "--input", "{pairs}"],
        ["align", "--pairs", "{pairs}"],
    ],
)
@pytest.mark.parametrize(("output", "said"), [("{folder}", "is a directory"), ("", "no file")])
def test_output_onto_a_folder_or_nothing_is_said_before_the_model_loads(
    run_cli, tmp_path, args, output, said
):
    """-o onto a folder failed only when the work was done ("cannot write (Is a directory)")."""
    pairs, folder = tmp_path / "pairs.tsv", tmp_path / "out"
    pairs.write_text("Bonjour.\tHello.\n", encoding="utf-8")
    folder.mkdir()
    args = [a.format(pairs=pairs) for a in args]
    args[1:1] = ["--model", str(tmp_path / "no-model"), "--output", output.format(folder=folder)]
    line = assert_one_error_line(run_cli(args), said, code=1)
    assert "model" not in line
    assert list(folder.iterdir()) == []


def test_output_onto_the_file_stdin_reads_is_refused_and_leaves_it(tmp_path):
    """`nmt translate -o in.fr < in.fr` replaced the French with its translation; text given as
    arguments reads no stdin: its -o may be that file."""
    source = tmp_path / "in.fr"
    source.write_text("Bonjour.\n", encoding="utf-8")
    args = [str(NMT), "translate", "--model", str(tmp_path / "no-model"), "-o", str(source)]
    with source.open("rb") as stdin:
        proc = subprocess.run(args, stdin=stdin, capture_output=True, text=True, env=nmt_env())
    assert proc.returncode == 2
    assert f"{source} is the file --input (stdin) reads" in proc.stderr
    assert source.read_text(encoding="utf-8") == "Bonjour.\n"
    with source.open("rb") as stdin:
        proc = subprocess.run(
            [*args, "Merci."], stdin=stdin, capture_output=True, text=True, env=nmt_env()
        )
    assert "stdin" not in proc.stderr and "no-model" in proc.stderr
