"""`nmt train`: parallel text in, a self-contained model directory out."""

from __future__ import annotations

import contextlib
import signal
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from nmt_cli.cli.common import boundary, err_console, info, warn


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


def train(
    src: Annotated[str | None, typer.Option("--src", help="Training source text.")] = None,
    tgt: Annotated[str | None, typer.Option("--tgt", help="Training target text.")] = None,
    valid_src: Annotated[str | None, typer.Option("--valid-src", help="Validation source.")] = None,
    valid_tgt: Annotated[str | None, typer.Option("--valid-tgt", help="Validation target.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Run directory.")] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="TOML with [model] and [train] tables.")
    ] = None,
    tokenizer: Annotated[
        str | None,
        typer.Option("--tokenizer", help="A tokenizer.json (default: train a joint BPE)."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the run in this directory.")
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace a run already in --output.")
    ] = False,
    arch: Annotated[str | None, typer.Option("--arch", help="rnn or transformer.")] = None,
    cell: Annotated[str | None, typer.Option("--cell", help="gru or lstm.")] = None,
    attention: Annotated[
        str | None,
        typer.Option("--attention", help="none, additive, dot, general, scaled_dot, multihead."),
    ] = None,
    style: Annotated[str | None, typer.Option("--style", help="bahdanau or luong.")] = None,
    emb_size: Annotated[int | None, typer.Option("--emb-size")] = None,
    hidden_size: Annotated[int | None, typer.Option("--hidden-size")] = None,
    layers: Annotated[
        int | None, typer.Option("--layers", help="Encoder and decoder layers.")
    ] = None,
    heads: Annotated[int | None, typer.Option("--heads")] = None,
    dropout: Annotated[float | None, typer.Option("--dropout")] = None,
    epochs: Annotated[int | None, typer.Option("--epochs")] = None,
    max_steps: Annotated[int | None, typer.Option("--max-steps")] = None,
    max_minutes: Annotated[
        float | None, typer.Option("--max-minutes", help="Stop after this much wall-clock time.")
    ] = None,
    batch_tokens: Annotated[int | None, typer.Option("--batch-tokens")] = None,
    lr: Annotated[float | None, typer.Option("--lr")] = None,
    valid_every: Annotated[int | None, typer.Option("--valid-every")] = None,
    patience: Annotated[int | None, typer.Option("--patience")] = None,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    threads: Annotated[int | None, typer.Option("--threads", help="CPU threads for torch.")] = None,
    device: Annotated[
        str | None, typer.Option("--device", help="cpu, or cuda (one GPU per process).")
    ] = None,
    plot: Annotated[
        bool, typer.Option("--plot", help="Write curves.png (needs matplotlib).")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only errors and warnings.")] = False,
) -> None:
    """Train a model on parallel text; the output directory is the model.

    Example: nmt train --src train.de --tgt train.en --valid-src val.de --valid-tgt val.en
    --output runs/de-en --arch rnn --attention additive
    """
    import torch

    from nmt_cli.errors import UsageError
    from nmt_cli.model import build_model, count_parameters
    from nmt_cli.training import run as runs
    from nmt_cli.training.data import load_parallel
    from nmt_cli.training.distributed import world_from_env
    from nmt_cli.training.trainer import Trainer

    train_flags = {
        "epochs": epochs,
        "max_steps": max_steps,
        "max_minutes": max_minutes,
        "batch_tokens": batch_tokens,
        "lr": lr,
        "valid_every": valid_every,
        "patience": patience,
        "seed": seed,
        "threads": threads,
        "device": device,
    }
    if resume is not None:
        if output is not None and output != resume:
            raise UsageError("give the run directory once: --resume DIR (without --output)")
        run_dir = resume
        given = [
            name
            for name, value in (
                ("--src", src),
                ("--tgt", tgt),
                ("--valid-src", valid_src),
                ("--valid-tgt", valid_tgt),
                ("--config", config),
                ("--tokenizer", tokenizer),
                ("--arch", arch),
                ("--cell", cell),
                ("--attention", attention),
                ("--style", style),
                ("--emb-size", emb_size),
                ("--hidden-size", hidden_size),
                ("--layers", layers),
                ("--heads", heads),
                ("--dropout", dropout),
            )
            if value is not None
        ]
        if given:
            raise UsageError(
                f"{', '.join(given)} cannot change on --resume: the run keeps its "
                "data, tokenizer and model (training options such as --epochs can)"
            )
        if not run_dir.is_dir():
            raise UsageError(f"--resume {run_dir}: no such run directory")
        spec = runs.spec_from_run(run_dir, train_flags)
    else:
        if output is None:
            raise UsageError("missing --output (the run directory)")
        run_dir = output
        model_flags = {
            "arch": arch,
            "cell": cell,
            "attention": attention,
            "style": style,
            "emb_size": emb_size,
            "hidden_size": hidden_size,
            "enc_layers": layers,
            "dec_layers": layers,
            "heads": heads,
            "dropout": dropout,
        }
        paths = {"src": src, "tgt": tgt, "valid_src": valid_src, "valid_tgt": valid_tgt}
        spec = runs.build_spec(paths, config, model_flags, train_flags, tokenizer)
        runs.check_output_dir(run_dir, resume=False, overwrite=overwrite)
    runs.check_inputs(spec)
    world = world_from_env(spec.train.device)  # torchrun: rank and size; else one process
    quiet = quiet or not world.is_main  # only rank 0 prints
    world.barrier()  # every process has checked before rank 0 writes anything
    if world.is_main:
        run_dir.mkdir(exist_ok=True)
    if spec.train.threads:
        torch.set_num_threads(spec.train.threads)

    progress = ConsoleProgress(quiet)
    with contextlib.ExitStack() as held:
        if world.is_main:
            held.enter_context(runs.RunLock(run_dir))
            if resume is None and overwrite:
                runs.clear_run(run_dir)
            tok, stats = runs.prepare_tokenizer(spec, run_dir, resume is not None, warn)
            world.barrier()  # the run's tokenizer exists now
        else:
            world.barrier()
            tok, stats = runs.prepare_tokenizer(spec, run_dir, True, warn)
        if stats is not None and not quiet:
            info(
                f"trained a joint BPE tokenizer: {stats.vocab_size:,} pieces, "
                f"{stats.subwords_per_line:.1f} subwords per line"
            )
        train_data = load_parallel(spec.src, spec.tgt, tok, spec.train.max_len, warn)
        valid_data = load_parallel(spec.valid_src, spec.valid_tgt, tok, None, warn, keep_text=True)
        if valid_data.dropped_empty and not quiet:
            warn(
                f"{spec.valid_src}: left out {valid_data.dropped_empty:,} validation pairs with "
                "an empty side"
            )
        if (train_data.dropped_empty or train_data.dropped_long) and not quiet:
            warn(
                f"{spec.src}: left out {train_data.dropped_empty:,} pairs with an empty side and "
                f"{train_data.dropped_long:,} longer than {spec.train.max_len} subwords "
                f"(of {train_data.total:,})"
            )
        torch.manual_seed(spec.train.seed)
        model = build_model(spec.model, tok.vocab_size, tok.vocab_size)
        if resume is None:
            if world.is_main:
                runs.write_run_files(run_dir, spec, model)
        else:
            runs.check_tokenizer_fits(spec, tok, run_dir)
        meta = runs.make_meta(spec, count_parameters(model))
        trainer = Trainer(
            model, tok, train_data, valid_data, spec.train, run_dir, progress, meta, world
        )
        if resume is not None and not trainer.resume():
            progress.on_message(f"{run_dir}: no checkpoint yet, starting from step 0")
        if not quiet:
            procs = f"; {world.size} processes" if world.distributed else ""
            info(
                f"{count_parameters(model):,} parameters; {len(train_data):,} training pairs, "
                f"{len(valid_data):,} validation pairs; run directory {run_dir}{procs}"
            )

        def stop(signum, frame):  # finish the step, checkpoint, then exit
            if trainer.stop_requested:  # a second signal: stop now
                raise KeyboardInterrupt
            trainer.stop_requested = signal.Signals(signum).name

        old_int = signal.signal(signal.SIGINT, stop)
        old_term = signal.signal(signal.SIGTERM, stop)
        try:
            result = trainer.fit()
        except KeyboardInterrupt:
            progress.close()
            info(
                f"nmt: stopped at step {trainer.progress.step:,}; checkpoint saved; "
                f"continue with: nmt train --resume {run_dir}"
            )
            code = 143 if trainer.stop_requested == "SIGTERM" else 130
            raise typer.Exit(code) from None
        finally:
            signal.signal(signal.SIGINT, old_int)
            signal.signal(signal.SIGTERM, old_term)
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
    from nmt_cli.averaging import average_checkpoints
    from nmt_cli.textio import check_writable

    check_writable(output)
    average_checkpoints(checkpoints, output)
    info(f"averaged {len(checkpoints)} checkpoints into {output}")


def export(
    model: Annotated[Path, typer.Argument(help="A run or model directory.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="The new model directory.")],
    dtype: Annotated[str, typer.Option("--dtype", help="float32 or float16 weights.")] = "float16",
) -> None:
    """Copy a trained model into a compact directory: config, tokenizer, weights, metadata
    (no checkpoints); float16 weights halve the size.

    Example: nmt export runs/de-en --output models/de-en
    """
    from nmt_cli.bundle import load_bundle, save_bundle
    from nmt_cli.errors import UsageError

    if dtype not in ("float32", "float16"):
        raise UsageError("--dtype must be float32 or float16")
    if output.resolve() == model.resolve():
        raise UsageError("--output must differ from the model directory")
    bundle = load_bundle(model)
    meta = dict(bundle.meta)
    meta["exported"] = {"from": str(model), "dtype": dtype}
    save_bundle(
        output, bundle.model, bundle.tokenizer, meta, dtype=dtype, languages=bundle.languages
    )
    info(f"exported {model} to {output} ({dtype})")


def register(app: typer.Typer) -> None:
    app.command("train")(boundary(train))
    app.command("average")(boundary(average))
    app.command("export")(boundary(export))
