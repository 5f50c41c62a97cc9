"""`nmt train`: parallel text in, a self-contained model directory out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from nmt_cli.cli.common import boundary, info, warn
from nmt_cli.cli.options import Given, options_from
from nmt_cli.cli.progress import ConsoleProgress
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.export import ExportOptions, export_model
from nmt_cli.training.config import TrainConfig
from nmt_cli.training.distributed import world_from_env
from nmt_cli.training.options import DataOptions, RunOptions


@options_from
def train(
    *,
    data: DataOptions,
    run: RunOptions,
    model: Annotated[dict[str, Any], Given(ModelConfig)],
    training: Annotated[dict[str, Any], Given(TrainConfig)],
) -> None:
    """Train a model on parallel text; the output directory is the model.

    Example: nmt train --src train.de --tgt train.en --valid-src val.de --valid-tgt val.en
    --output runs/de-en --arch rnn --attention additive
    """
    run_dir, spec = run.spec(data, model, training)
    from nmt_cli.training.run import Interrupted

    world = world_from_env(spec.train.device)  # torchrun: rank and size; else one process
    quiet = run.quiet or not world.is_main  # only rank 0 prints
    progress = ConsoleProgress(quiet)
    try:
        result = run.train(spec, run_dir, progress, world, warn)
    except Interrupted as stopped:  # by a signal: exit 130 (SIGINT) or 143 (SIGTERM)
        progress.close()
        info(
            f"nmt: stopped at step {stopped.step:,}; checkpoint saved; "
            f"continue with: nmt train --resume {run_dir}"
        )
        raise typer.Exit(143 if stopped.signal == "SIGTERM" else 130) from None
    finally:
        progress.close()
    if not quiet:
        info(
            f"done: {result.stopped}; best {spec.train.early_stop_metric} {result.best:.2f} at "
            f"step {result.best_step:,}; model in {run_dir}"
        )


def average(
    checkpoints: Annotated[list[Path], typer.Argument(help="Checkpoint or model directories.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The new model directory.")],
) -> None:
    """Average the weights of several checkpoints of one run into a new model directory.

    Example: nmt average runs/de-en/checkpoints/step-* --output runs/de-en-avg
    """
    from nmt_cli.training.averaging import average_checkpoints

    average_checkpoints(checkpoints, output)
    info(f"averaged {len(checkpoints)} checkpoints into {output}")


@options_from
def export(
    model: Annotated[Path, typer.Argument(help="A run or model directory, or a shipped model.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The new model directory.")],
    *,
    options: ExportOptions,
) -> None:
    """Copy a trained model into a compact directory: config, tokenizer, weights, metadata
    (no checkpoints); float16 weights halve the size. --format ctranslate2 writes a Transformer
    for CTranslate2 instead.

    Examples: nmt export runs/de-en --output models/de-en --length-penalty 1.0
              nmt export runs/de-en --format ctranslate2 --output models/de-en-ct2
    """
    exported = export_model(str(model), output, options)
    info(f"exported {exported.source} to {output} ({exported.weights})")
    if not exported.alignment_exported:
        info(
            "note: exported for translation; the full-context alignment pass is not "
            "(nmt align and nmt translate --align need the nmt-cli model)"
        )


def register(app: typer.Typer) -> None:
    app.command("train")(boundary(train))
    app.command("average")(boundary(average))
    app.command("export")(boundary(export))
