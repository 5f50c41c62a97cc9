"""-o into a folder that is not there is one error naming it, before any model loads (a
model's load is seconds of waiting for nothing), and nothing is written."""

from __future__ import annotations

import pytest
from conftest import assert_one_error_line


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
