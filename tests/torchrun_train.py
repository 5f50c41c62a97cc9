"""`nmt train` as torchrun starts it (``torchrun tests/torchrun_train.py train ...``), with one
addition for the tests: when the training loop returns, every rank writes the weights it ends
with to ``$RANK_WEIGHTS/rank-R.safetensors``. Only rank 0 writes the run directory, so without
this the other ranks' copies of the model are never seen.
"""

from __future__ import annotations

import os
from pathlib import Path

from nmt_cli.cli.app import main
from nmt_cli.model.bundle import write_weights
from nmt_cli.training.trainer import Trainer


def _then_write_each_ranks_weights(fit):
    def fit_and_write(self):
        progress = fit(self)
        out = Path(os.environ["RANK_WEIGHTS"]) / f"rank-{self.world.rank}.safetensors"
        write_weights(out, self.model)
        return progress

    return fit_and_write


if __name__ == "__main__":
    Trainer.fit = _then_write_each_ranks_weights(Trainer.fit)
    main()
