"""Data-parallel training with torch.distributed, as started by torchrun.

    torchrun --nproc-per-node 2 -m nmt_cli train ...

Every process builds the same model from the same seed, reads the whole corpus and trains on
its own share of each epoch's batches (batch i goes to rank i mod N); DistributedDataParallel
averages gradients, so all copies stay identical. Only rank 0 writes files and prints.
Backend: gloo (CPU). Training on GPUs is not supported by nmt-cli yet.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class World:
    rank: int = 0
    size: int = 1

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @property
    def distributed(self) -> bool:
        return self.size > 1

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
        from torch.nn.parallel import DistributedDataParallel

        return DistributedDataParallel(model)


def world_from_env() -> World:
    """The process's place in a torchrun job (a single process when not started by torchrun)."""
    size = int(os.environ.get("WORLD_SIZE", "1"))
    if size <= 1:
        return World()
    import torch.distributed as dist

    if not dist.is_initialized():
        dist.init_process_group(backend="gloo")
    return World(rank=dist.get_rank(), size=dist.get_world_size())
