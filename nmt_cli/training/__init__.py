"""Training: data batching, the optimisation loop, validation and checkpoints (and their
averaging, averaging.py).

``from nmt_cli.training import train`` is the entry point (see :mod:`.run`); importing this
package alone imports no torch.
"""


def __getattr__(name: str):
    if name in ("train", "Interrupted"):
        from nmt_cli.training import run

        return getattr(run, name)
    raise AttributeError(name)
