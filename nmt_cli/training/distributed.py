"""Data-parallel training with torch.distributed, as started by torchrun.

    torchrun --nproc-per-node 2 -m nmt_cli train ...

Every process builds the same model from the same seed, reads the whole corpus and trains on
its own share of each epoch's batches (batch i goes to rank i mod N); DistributedDataParallel
averages gradients, so all copies stay identical. Only rank 0 writes files and prints.
Backend: gloo on CPUs; NCCL with ``device = "cuda"``, one GPU per process (``LOCAL_RANK``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from nmt_cli.errors import ConfigError


@dataclass(frozen=True)
class World:
    rank: int = 0
    size: int = 1
    device: str = "cpu"  # this process's torch device: "cpu" or "cuda:LOCAL_RANK"
    launched: bool = False  # started by torchrun: a process group, even of one process

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @property
    def distributed(self) -> bool:
        return self.size > 1 or self.launched

    def barrier(self) -> None:
        if self.distributed:
            import torch.distributed as dist

            dist.barrier()

    def share(self, batches: list) -> list:
        """This rank's batches of an epoch; every rank gets the same number."""
        if not self.distributed:
            return batches
        per_rank = len(batches) // self.size
        return batches[self.rank :: self.size][:per_rank]

    def wrap(self, model):
        if not self.distributed:
            return model
        import torch
        from torch.nn.parallel import DistributedDataParallel

        device = torch.device(self.device)
        ids = [device.index] if device.type == "cuda" else None  # None: DDP's default (CPU)
        return DistributedDataParallel(model, device_ids=ids)


def world_from_env(device: str = "cpu") -> World:
    """The process's place in a torchrun job (a single process when not started by torchrun).

    ``device`` is "cpu" or "cuda"; with "cuda" each process takes the GPU of its LOCAL_RANK and
    the processes talk over NCCL, otherwise over gloo.
    """
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if device == "cuda":
        import torch

        if not torch.cuda.is_available():
            raise ConfigError(
                f"device cuda: PyTorch {torch.__version__} sees no CUDA GPU on this machine; "
                "train with device cpu"
            )
        if local_rank >= torch.cuda.device_count():
            raise ConfigError(
                f"device cuda: process {local_rank} has no GPU of its own "
                f"({torch.cuda.device_count()} visible); start at most that many per machine"
            )
        torch.cuda.set_device(local_rank)
        device = f"cuda:{local_rank}"
    if "TORCHELASTIC_RUN_ID" not in os.environ and int(os.environ.get("WORLD_SIZE", "1")) <= 1:
        return World(device=device)  # not started by torchrun: one process, no group
    import torch.distributed as dist

    if not dist.is_initialized():
        dist.init_process_group(backend="nccl" if device.startswith("cuda") else "gloo")
    return World(dist.get_rank(), dist.get_world_size(), device, launched=True)
