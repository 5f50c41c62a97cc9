"""Learning curves as a picture: training loss and validation BLEU against steps."""

from __future__ import annotations

import json
from pathlib import Path

from nmt_cli.align.plot import pyplot
from nmt_cli.output import atomic_path


def plot_curves(metrics_path: Path, out_path: Path) -> None:
    plt = pyplot(" (the model was saved)")
    steps, losses, vsteps, bleu, vloss = [], [], [], [], []
    for line in metrics_path.read_text(encoding="utf-8").splitlines():
        try:
            m = json.loads(line)
        except json.JSONDecodeError:
            continue
        if "valid_bleu" in m:
            vsteps.append(m["step"])
            bleu.append(m["valid_bleu"])
            vloss.append(m["valid_loss"])
        elif "loss" in m:
            steps.append(m["step"])
            losses.append(m["loss"])
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
    window = max(1, len(losses) // 200)
    spans = [losses[max(0, i - window + 1) : i + 1] for i in range(len(losses))]
    smooth = [sum(span) / len(span) for span in spans]  # the mean of the last ``window`` losses
    ax1.plot(steps, smooth, label="training loss (smoothed)")
    ax1.plot(vsteps, vloss, "o-", label="validation loss")
    ax1.set_xlabel("step")
    ax1.set_ylabel("cross-entropy per token")
    ax1.legend()
    ax2.plot(vsteps, bleu, "o-", color="tab:green")
    ax2.set_xlabel("step")
    ax2.set_ylabel("validation BLEU")
    fig.tight_layout()
    with atomic_path(out_path) as tmp:
        fig.savefig(tmp, format="png", dpi=100)
    plt.close(fig)
