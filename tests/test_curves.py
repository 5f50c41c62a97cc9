"""`nmt train --plot`: learning curves as a picture a user looks at."""

from __future__ import annotations

import json

import matplotlib.image

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
