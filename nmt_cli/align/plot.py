"""Alignment heat maps as pictures (matplotlib, an optional extra)."""

from __future__ import annotations

from pathlib import Path

from nmt_cli.errors import NmtError
from nmt_cli.output import atomic_path, check_writable


def pyplot(note: str = ""):
    """matplotlib.pyplot drawing off screen (Agg); without matplotlib, an NmtError ending in
    ``note``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NmtError(f"--plot needs matplotlib: pip install 'nmt-cli[plot]'{note}") from None
    return plt


def check_plot(path: Path | None) -> None:
    """An error, before any model loads, where ``path`` (None: no plot asked) could not be
    drawn: matplotlib missing, or its folder missing or not writable (else the alignment was
    printed, or its -o file written, by a command that then failed)."""
    if path is None:
        return
    pyplot()
    check_writable(path)


def plot_alignment(al, path: Path) -> None:
    """Draw ``al.weights`` with source words along the top and target words down the side."""
    plt = pyplot()
    rows, cols = al.weights.shape
    fig, ax = plt.subplots(figsize=(max(3.0, 0.6 * cols + 1.5), max(2.5, 0.45 * rows + 1.2)))
    ax.imshow(al.weights.numpy(), cmap="Greys", vmin=0.0, vmax=1.0, aspect="auto")
    ax.set_xticks(range(cols), al.src_labels, rotation=60, ha="left")
    ax.set_yticks(range(rows), al.tgt_labels)
    ax.xaxis.tick_top()
    ax.set_xlabel("source")
    ax.set_ylabel("target")
    for s, t in al.links:
        ax.add_patch(
            plt.Rectangle((s - 0.5, t - 0.5), 1, 1, fill=False, edgecolor="tab:red", lw=1.5)
        )
    fig.tight_layout()
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format=path.suffix.lstrip(".").lower())
    plt.close(fig)
