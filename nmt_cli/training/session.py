"""One training run from settings to a model directory: the core behind `nmt train`.

    from pathlib import Path
    from nmt_cli.training import train
    from nmt_cli.model.config import ModelConfig
    from nmt_cli.training.config import CorpusFiles, TrainConfig
    from nmt_cli.training.spec import RunSpec

    spec = RunSpec(corpora=[CorpusFiles("train.de", "train.en")],
                   valid=[CorpusFiles("val.de", "val.en")],
                   model=ModelConfig(arch="transformer"), train=TrainConfig(max_steps=1000))
    Path("runs").mkdir(exist_ok=True)                   # the run directory's parent must exist
    progress = train(spec, Path("runs/de-en"))          # the run directory is the model
    print(progress.best, progress.best_step)

It takes the run's lock, prepares the tokenizer, the teacher alignments (guided alignment) and
the data, builds the model and trains it. Messages leave through ``callbacks``; the core prints
nothing. SIGINT and SIGTERM finish the current step, save a checkpoint and raise
:class:`Interrupted`.
"""

from __future__ import annotations

import contextlib
import signal
from pathlib import Path

from nmt_cli.training import run as runs
from nmt_cli.training.distributed import World
from nmt_cli.training.spec import RunSpec, resolve_settings
from nmt_cli.training.trainer import Callbacks, Progress


class Interrupted(KeyboardInterrupt):
    """Training stopped by a signal after saving a checkpoint; ``signal`` names it."""

    def __init__(self, step: int, signal_name: str):
        super().__init__(signal_name)
        self.step = step
        self.signal = signal_name


def train(
    spec: RunSpec,
    run_dir: Path,
    *,
    resume: bool = False,
    overwrite: bool = False,
    callbacks: Callbacks | None = None,
    world: World | None = None,
    warn=None,
) -> Progress:
    """Train ``spec`` into ``run_dir`` (or continue it: ``resume``); returns the progress."""
    import torch

    cb = callbacks or Callbacks()
    world = world or World()
    if not resume:
        runs.check_output_dir(run_dir, overwrite)
        spec = resolve_settings(spec)
    runs.check_inputs(spec)
    runs.check_tools(spec, run_dir)
    world.barrier()  # every process has checked before rank 0 writes anything
    if world.is_main:
        run_dir.mkdir(exist_ok=True)
    if spec.train.threads:
        torch.set_num_threads(spec.train.threads)
    with contextlib.ExitStack() as held:
        if world.is_main:
            held.enter_context(runs.RunLock(run_dir))
            if not resume and overwrite:
                runs.clear_run(run_dir)
        return _fit_with_signals(_prepare(spec, run_dir, resume, cb, world, warn))


def _prepare(spec, run_dir: Path, resume: bool, cb: Callbacks, world: World, warn):
    """Tokenizer, teacher links, data, model and trainer, all ready to fit."""
    import torch

    from nmt_cli.model import build_model, count_parameters
    from nmt_cli.training.trainer import Trainer

    tok, stats = runs.prepare_tokenizer(spec, run_dir, resume or not world.is_main, warn)
    world.barrier()  # the run's tokenizer exists now
    if stats is not None:
        cb.on_message(
            f"trained a joint BPE tokenizer: {stats.vocab_size:,} pieces, "
            f"{stats.subwords_per_line:.1f} subwords per line"
        )
    # rank 0 runs the aligner; the others read its cache once it is written
    teacher = runs.prepare_teacher(spec, run_dir, cb.on_message) if world.is_main else None
    world.barrier()
    if not world.is_main:
        teacher = runs.prepare_teacher(spec, run_dir, cb.on_message)
    train_data, valid_data = runs.load_data(spec, tok, cb.on_message, warn, teacher)
    torch.manual_seed(spec.train.seed)
    model = build_model(spec.model, tok.vocab_size, tok.vocab_size)
    if spec.init and not resume:  # fine-tuning: its weights (float16 ones become float32)
        from nmt_cli.model.bundle import WEIGHTS_FILE, load_weights

        load_weights(model, Path(spec.init) / WEIGHTS_FILE)
        cb.on_message(f"starting from the weights of {spec.init}")
    if resume:
        runs.check_tokenizer_fits(tok, run_dir)
    elif world.is_main:
        runs.write_run_files(run_dir, spec, model)
    meta = runs.make_meta(spec, count_parameters(model))
    trainer = Trainer(model, tok, train_data, valid_data, spec.train, run_dir, cb, meta, world)
    if resume and not trainer.resume():
        cb.on_message(f"{run_dir}: no checkpoint yet, starting from step 0")
    procs = f"; {world.size} processes" if world.distributed else ""
    cb.on_message(
        f"{count_parameters(model):,} parameters; {len(train_data):,} training pairs, "
        f"{len(valid_data):,} validation pairs; {spec.train.precision}; run directory "
        f"{run_dir}{procs}"
    )
    return trainer


def _fit_with_signals(trainer) -> Progress:
    def stop(signum, frame):  # finish the step, checkpoint, then stop
        if trainer.stop_requested:  # a second signal: stop now
            raise KeyboardInterrupt
        trainer.stop_requested = signal.Signals(signum).name

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        return trainer.fit()
    except KeyboardInterrupt:
        raise Interrupted(trainer.progress.step, trainer.stop_requested or "SIGINT") from None
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


__all__ = ["Interrupted", "train"]
