"""Where a model runs: the CPU, or a CUDA GPU (one per process)."""

from __future__ import annotations

from nmt_cli.errors import ConfigError

DEVICES = ("cpu", "cuda")


def resolve_device(name: str):
    """The torch device called ``name`` (one of DEVICES); cuda where torch sees no GPU is a
    ConfigError that says so."""
    import torch

    if name == "cuda" and not torch.cuda.is_available():
        raise ConfigError(
            f"--device cuda: PyTorch {torch.__version__} sees no CUDA GPU on this machine; "
            "use --device cpu"
        )
    return torch.device(name)
