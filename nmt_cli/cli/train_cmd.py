"""`nmt train`: parallel text in, a self-contained model directory out."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from nmt_cli.cli.common import boundary, err_console, info, warn
from nmt_cli.cli.options import Given, options_from
from nmt_cli.errors import UsageError
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.export import ExportOptions
from nmt_cli.settings import setting
from nmt_cli.training.config import DataOptions, TrainConfig


class ConsoleProgress:
    """Training progress on stderr: a live bar (or plain lines), a table per validation."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.console = err_console()
        self.live = not quiet and self.console.is_terminal
        self.bar = None
        self.task = None
        self.started = time.monotonic()

    def on_start(self, run: dict[str, Any]) -> None:
        if not self.live:
            return
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn("epoch {task.fields[epoch]}"),
            BarColumn(),
            TextColumn("step {task.completed:,.0f}/{task.total:,.0f}"),
            TextColumn(
                "loss {task.fields[loss]:.3f}  lr {task.fields[lr]:.2e}  "
                "{task.fields[tps]:,.0f} tok/s"
            ),
            TimeRemainingColumn(),
            console=self.console,
            transient=False,
        )
        self.bar.start()
        self.task = self.bar.add_task(
            "train",
            total=run["total_steps"],
            completed=run["start_step"],
            epoch=1,
            loss=0.0,
            lr=0.0,
            tps=0.0,
        )

    def on_step(self, m: dict[str, Any]) -> None:
        if self.bar is not None:
            self.bar.update(
                self.task,
                completed=m["step"],
                epoch=m["epoch"],
                loss=m["loss"],
                lr=m["lr"],
                tps=m.get("tokens_per_s", 0.0),
            )
        elif not self.quiet:
            info(
                f"step {m['step']:>7,}  epoch {m['epoch']:>3}  loss {m['loss']:.3f}  "
                f"lr {m['lr']:.2e}  {m.get('tokens_per_s', 0):,.0f} tok/s  "
                f"elapsed {time.monotonic() - self.started:,.0f}s"
            )

    def on_validation(self, m: dict[str, Any]) -> None:
        if self.quiet:
            return
        from rich.table import Table

        t = Table(title=f"validation at step {m['step']:,} (epoch {m['epoch']})")
        for col in ("loss", "ppl", "BLEU", "chrF", f"best {m['metric']}"):
            t.add_column(col, justify="right")
        t.add_row(
            f"{m['valid_loss']:.3f}",
            f"{m['valid_ppl']:.2f}",
            f"{m['valid_bleu']:.2f}",
            f"{m['valid_chrf']:.2f}",
            f"{m['best']:.2f} @ {m['best_step']:,}" + (" *" if m["improved"] else ""),
        )
        self.console.print(t)
        for src, hyp in m["examples"][:2]:
            self.console.print(f"  [dim]{src}[/dim] -> {hyp}", markup=True, highlight=False)

    def on_message(self, text: str) -> None:
        if not self.quiet:
            self.console.print(text)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@dataclass(frozen=True)
class RunOptions:
    """What `nmt train` is given besides the run's settings (DataOptions, ModelConfig and
    TrainConfig, whose options are generated from their fields)."""

    output: Path | None = setting(None, "Run directory.", "--output", "-o")
    config: Path | None = setting(None, "TOML: [model], [train], [data].")
    resume: Path | None = setting(None, "Continue the run in this dir.")
    overwrite: bool = setting(False, "Replace a run in --output.")
    plot: bool = setting(False, "Write curves.png (needs matplotlib).")
    quiet: bool = setting(False, "Only errors and warnings.", "--quiet", "-q")


@options_from(
    data=DataOptions, run=RunOptions, model=Given(ModelConfig), training=Given(TrainConfig)
)
def train(
    *, data: DataOptions, run: RunOptions, model: dict[str, Any], training: dict[str, Any]
) -> None:
    """Train a model on parallel text; the output directory is the model.

    Example: nmt train --src train.de --tgt train.en --valid-src val.de --valid-tgt val.en
    --output runs/de-en --arch rnn --attention additive
    """
    model["dec_layers"] = model["enc_layers"]  # --layers sets both
    if run.resume is not None:
        spec = data.resumed_spec(run.resume, run.output, run.config, model, training)
        run_dir = run.resume
    else:
        if run.output is None:
            raise UsageError("missing --output (the run directory)")
        run_dir, spec = run.output, data.spec(run.config, model, training)
    resume = run.resume is not None
    _run(spec, run_dir, resume=resume, overwrite=run.overwrite, quiet=run.quiet, plot=run.plot)


def _run(spec, run_dir: Path, *, resume: bool, overwrite: bool, quiet: bool, plot: bool) -> None:
    """Train, with progress on stderr; a stop by signal leaves with 130 (SIGINT) or 143."""
    from nmt_cli.training.distributed import world_from_env
    from nmt_cli.training.run import Interrupted
    from nmt_cli.training.run import train as train_run

    world = world_from_env(spec.train.device)  # torchrun: rank and size; else one process
    quiet = quiet or not world.is_main  # only rank 0 prints
    progress = ConsoleProgress(quiet)
    try:
        result = train_run(
            spec, run_dir, resume=resume, overwrite=overwrite, callbacks=progress, world=world,
            warn=warn,
        )  # fmt: skip
    except Interrupted as stopped:
        progress.close()
        info(
            f"nmt: stopped at step {stopped.step:,}; checkpoint saved; "
            f"continue with: nmt train --resume {run_dir}"
        )
        raise typer.Exit(143 if stopped.signal == "SIGTERM" else 130) from None
    finally:
        progress.close()
    if plot:
        from nmt_cli.training.curves import plot_curves

        plot_curves(run_dir / "metrics.jsonl", run_dir / "curves.png")
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
    from nmt_cli.textio import check_writable
    from nmt_cli.training.averaging import average_checkpoints

    check_writable(output)
    average_checkpoints(checkpoints, output)
    info(f"averaged {len(checkpoints)} checkpoints into {output}")


@options_from(options=ExportOptions)
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
    from nmt_cli.model.export import export_model

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
