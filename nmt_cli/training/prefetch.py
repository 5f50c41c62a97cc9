"""Training batches built ahead: a background thread makes the next batches while the device
works on this one, so the loop never waits for Python to pad lists.

The thread only builds tensors from the data (no random draws: the batch order comes from
``epoch_batches``, fixed by seed and epoch), so prefetching changes no result. The queue is
small and bounded; on CUDA the batches wait in pinned memory and the loop's copy to the GPU
does not block the host. The thread is a daemon that also stops when the loop closes the
iterator (at a stop, an interrupt or an exception), so it can never hold the process.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Sequence

import torch

from nmt_cli.training.batching import Batch

DEPTH = 4  # batches built ahead


def prefetch(
    build: Callable[[list[int]], Batch], batches: Sequence[list[int]], device: torch.device
) -> Iterator[Batch]:
    """``build(b).to(device)`` for each batch ``b`` in order, the building done ahead on a
    background thread."""
    pin = device.type == "cuda"
    ready: queue.Queue = queue.Queue(maxsize=DEPTH)
    stop = threading.Event()

    def work() -> None:
        try:
            for index in batches:
                batch = build(index)
                item: object = batch.pin_memory() if pin else batch
                if not _put(ready, item, stop):
                    return
        except BaseException as error:  # handed to the loop, which raises it
            _put(ready, error, stop)

    thread = threading.Thread(target=work, name="nmt-prefetch", daemon=True)
    thread.start()
    try:
        for _ in range(len(batches)):
            item = ready.get()
            if isinstance(item, BaseException):
                raise item
            yield item.to(device, non_blocking=pin)
    finally:
        stop.set()


def _put(ready: queue.Queue, item: object, stop: threading.Event) -> bool:
    """Put ``item`` unless ``stop`` is set first; True when it was put."""
    while not stop.is_set():
        try:
            ready.put(item, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False
