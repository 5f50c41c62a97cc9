"""Progress through an input file on stderr, for commands that work through one line by line.

A live bar (lines done of the file's total, lines/s, time left) in the style of `nmt train`'s,
shown only when stderr is a terminal and the command's output does not go to that same terminal
(its lines would break the bar). In a pipe, a log file or CI nothing is written. Warnings
written to stderr meanwhile show above the bar.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def _is_tty(stream: Any) -> bool:
    try:
        return os.isatty(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no file descriptor (e.g. captured in tests)
        return False


class FileProgress:
    """``with FileProgress(path, output, "translate") as progress: progress.update(lines_done)``.

    path    the input file ('-': stdin, whose length is unknown: no bar)
    output  where the command writes ('-': stdout)
    """

    def __init__(self, path: str, output: str, verb: str):
        self.path, self.verb = path, verb
        to_screen = output == "-" and _is_tty(sys.stdout)
        self.live = path != "-" and _is_tty(sys.stderr) and not to_screen
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> FileProgress:
        if not self.live:
            return self
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        from nmt_cli.cli.common import err_console
        from nmt_cli.textio import count_lines

        total = count_lines(self.path)
        self.bar = Progress(
            TextColumn(self.verb),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} lines"),
            TextColumn("{task.fields[rate]} lines/s"),
            TimeRemainingColumn(),
            console=err_console(),
            redirect_stdout=False,  # the translations: never through the bar's console
        )
        self.bar.start()
        self.task = self.bar.add_task(self.verb, total=total, rate="-")
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
