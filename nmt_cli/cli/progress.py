"""Progress on stderr: of a training run (ConsoleProgress), and through an input file, for
commands that work through one line by line (FileProgress).

A training run shows a live bar when stderr is a terminal, else a plain line per logged step,
and a table per validation. Through a file: a live bar (lines done of the file's total, lines/s,
time left), shown only when stderr is a terminal and the command's output does not go to that
same terminal (its lines would break the bar); in a pipe, a log file or CI nothing is written.
Warnings written to stderr meanwhile show above the bar.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from nmt_cli.cli.common import err_console, info
from nmt_cli.textio import is_stream


def _is_tty(stream: Any) -> bool:
    try:
        return os.isatty(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no file descriptor (e.g. captured in tests)
        return False


def _live_bar(console: Any, *columns: Any, **task: Any) -> tuple[Any, Any]:
    """A started rich bar of ``columns`` on ``console`` and its one task (``task``: its total,
    completed and fields); the command's output (stdout) never goes through it."""
    from rich.progress import Progress

    bar = Progress(*columns, console=console, redirect_stdout=False)
    bar.start()
    return bar, bar.add_task("", **task)


class FileProgress:
    """``with FileProgress(path, output, "translate") as progress: progress.update(lines_done)``.

    path    the input file ('-': stdin, or a named pipe, read once, its length unknown: no bar)
    output  where the command writes ('-': stdout)
    total   the lines the bar counts to (None: the file's lines; a document: its texts)
    """

    def __init__(self, path: str, output: str, verb: str, total: int | None = None):
        self.path, self.verb, self.total = path, verb, total
        to_screen = output == "-" and _is_tty(sys.stdout)
        self.live = path != "-" and not is_stream(path) and _is_tty(sys.stderr) and not to_screen
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> FileProgress:
        if not self.live:
            return self
        from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeRemainingColumn

        from nmt_cli.textio import count_lines

        self.bar, self.task = _live_bar(
            err_console(),
            TextColumn(self.verb),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} lines"),
            TextColumn("{task.fields[rate]} lines/s"),
            TimeRemainingColumn(),
            total=count_lines(self.path) if self.total is None else self.total,
            rate="-",
        )
        return self

    def update(self, lines_done: float) -> None:
        """``lines_done`` of the file's lines are finished (a fraction: part of a chunk)."""
        if self.bar is None:
            return
        self.bar.update(self.task, completed=lines_done)
        speed = self.bar.tasks[self.task].speed  # lines/s over the last updates
        if speed:
            self.bar.update(self.task, rate=f"{speed:,.0f}")

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


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
        from rich.progress import BarColumn, TextColumn, TimeRemainingColumn

        self.bar, self.task = _live_bar(
            self.console,
            TextColumn("epoch {task.fields[epoch]}"),
            BarColumn(),
            TextColumn("step {task.completed:,.0f}/{task.total:,.0f}"),
            TextColumn(
                "loss {task.fields[loss]:.3f}  lr {task.fields[lr]:.2e}  "
                "{task.fields[tps]:,.0f} tok/s"
            ),
            TimeRemainingColumn(),
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
        from rich.text import Text

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
        for src, hyp in m["examples"][:2]:  # sentences as text, never as rich markup
            self.console.print(Text.assemble("  ", (src, "dim"), f" -> {hyp}"), highlight=False)

    def on_message(self, text: str) -> None:
        if not self.quiet:
            self.console.print(text, markup=False, soft_wrap=True)  # a line, as written

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
