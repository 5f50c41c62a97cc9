"""What the training log reports, summed on the device between two log lines.

A step adds its loss, gradient norm and alignment loss as tensors, where they are: nothing is
read back to the host until a log step, so a GPU never waits for the host in between. A record
covers the ``steps`` since the previous one: the loss per target token over them, the mean
gradient norm and alignment loss, their target tokens, and tokens/s of all ranks.
"""

from __future__ import annotations

from typing import Any

from torch import Tensor


class LogWindow:
    def __init__(self, start: float):
        self.reset(start)

    def reset(self, start: float) -> None:
        self.start = start
        self.steps = 0
        self.lr = 0.0
        self.tokens = 0  # this rank's target tokens
        self.all_tokens = 0  # all ranks' (about), for tokens/s
        self.sums: dict[str, Tensor] = {}

    def add(
        self,
        ntokens: int,
        world_size: int,
        lr: float,
        loss: Tensor,
        grad_norm: Tensor,
        align_loss: Tensor | None,
    ) -> None:
        """One step: its target tokens, its learning rate, and its tensors (loss summed over
        its target tokens; align_loss None without guidance)."""
        self.steps += 1
        self.tokens += ntokens
        self.all_tokens += ntokens * world_size
        self.lr = lr  # the last step's, as logged
        values = {"loss": loss, "grad_norm": grad_norm, "align_loss": align_loss}
        for name, value in values.items():
            if value is not None:
                value = value.detach()
                self.sums[name] = value if name not in self.sums else self.sums[name] + value

    def record(self, now: float) -> dict[str, Any]:
        """The window's figures (read from the device here), and a new window from ``now``."""
        out: dict[str, Any] = {"loss": self.sums.pop("loss").item() / self.tokens, "lr": self.lr}
        for name, total in self.sums.items():
            out[name] = total.item() / self.steps
        out.update(tokens=self.tokens, steps=self.steps)
        out["tokens_per_s"] = self.all_tokens / max(now - self.start, 1e-9)
        self.reset(now)
        return out
