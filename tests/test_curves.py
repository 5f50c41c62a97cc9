"""`nmt train --plot`: learning curves as a picture a user looks at."""

from __future__ import annotations

import json

import matplotlib.image
from train_fixtures import keep_torch_state, write_parallel  # noqa: F401 (autouse)

from nmt_cli.training.curves import plot_curves


def test_curves_png_shows_loss_and_bleu(tmp_path):
    metrics = tmp_path / "metrics.jsonl"
    lines = [{"step": s, "loss": 5.0 / s} for s in range(1, 101)]
    lines += [{"step": s, "valid_loss": 4.0 / s, "valid_bleu": s / 5} for s in (50, 100)]
    lines.append({"step": 3})  # a record without figures is ignored
    metrics.write_text("\n".join(json.dumps(x) for x in lines) + "\n{cut by a kill")
    out = tmp_path / "curves.png"
    plot_curves(metrics, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = matplotlib.image.imread(out)
    assert image.ndim == 3 and image.shape[0] > 200 and image.shape[1] > 500
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_nmt_train_plot_draws_the_runs_curves_when_it_ends(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    data = write_parallel(tmp_path / "data", corpus.pairs)
    run_dir = tmp_path / "run"
    args = [
        "train", *data.args(), "--tokenizer", small_tokenizer_path, "--emb-size", "8",
        "--hidden-size", "8", "--max-steps", "2", "--threads", "1", "-o", run_dir, "-q", "--plot",
    ]  # fmt: skip
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    assert (run_dir / "curves.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
