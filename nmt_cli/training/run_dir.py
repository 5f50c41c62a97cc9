"""The run directory as a place: its lock, the check that a new run may use it, the old run
cleared for --overwrite, and a new run's files taken back where it fails before it trains."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

from nmt_cli.errors import OutputError, RunLockedError, UsageError
from nmt_cli.model.bundle import CONFIG_FILE, MODEL_FILES, WORD_LISTS
from nmt_cli.training.run_file import RUN_FILE
from nmt_cli.training.teacher import TEACHER_DIR
from nmt_cli.training.trainer import CHECKPOINTS, METRICS_FILE

LOCK_FILE = "train.lock"
CURVES_FILE = "curves.png"
# What a run's directory holds (a model directory's files among them); a new run goes only
# where nothing else is, as `nmt export` and `nmt average` write only where no user's files are
RUN_NAMES = frozenset(
    {
        RUN_FILE,
        *MODEL_FILES,
        *WORD_LISTS,
        METRICS_FILE,
        CURVES_FILE,
        CHECKPOINTS,
        TEACHER_DIR,
        LOCK_FILE,
    }
)


class RunLock:
    """An exclusive lock on the run directory, released when the process ends (even killed)."""

    def __init__(self, run_dir: Path):
        self.path = run_dir / LOCK_FILE
        self.fd: int | None = None

    def __enter__(self) -> RunLock:
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.read(self.fd, 64).decode(errors="replace").strip() or "another process"
            os.close(self.fd)
            self.fd = None
            raise RunLockedError(
                f"{self.path.parent}: another training process (pid {other}) is using this run "
                "directory; wait for it or choose another --output"
            ) from None
        os.ftruncate(self.fd, 0)
        os.write(self.fd, str(os.getpid()).encode())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


class NewRunUndo:
    """A new run that fails before training starts (a tokenizer or data it cannot use, Ctrl-C)
    leaves ``run_dir`` as it found it: what it wrote there is removed (the teacher's cached
    links aside), and the directory too where it made it; ``keep()`` once training starts."""

    def __init__(self, run_dir: Path, enabled: bool):
        self.run_dir, self.enabled = run_dir, enabled
        missing = [p for p in (run_dir, *run_dir.parents) if not p.exists()]
        self.made = missing[-1] if missing else None  # the highest folder the run will make
        self.before = set() if missing else {p.name for p in run_dir.iterdir()}

    def keep(self) -> None:
        self.enabled = False

    def cleared(self) -> None:
        """The old run was cleared (--overwrite): what the new run writes from here on is what
        a failure takes back (its config.json and tokenizer.json stayed, where the old run's
        names were, and a run again without --overwrite was refused as one already there)."""
        if self.run_dir.is_dir():
            self.before = {p.name for p in self.run_dir.iterdir()}

    def __enter__(self) -> NewRunUndo:
        return self

    def __exit__(self, kind, *exc: object) -> None:
        if not self.enabled or kind is None or not self.run_dir.is_dir():
            return
        for p in self.run_dir.iterdir():
            if p.name not in self.before and p.name != TEACHER_DIR:
                shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink()
        if self.made is not None:
            for folder in (self.run_dir, *self.run_dir.parents):
                if any(folder.iterdir()):
                    break
                folder.rmdir()
                if folder == self.made:
                    break


def check_output_dir(run_dir: Path, overwrite: bool) -> None:
    """Refuse to write a new run over an existing one unless asked to (--overwrite), into a
    directory of other files (a user's: --overwrite clears a run's files, not theirs), or
    under a file."""
    if file := next((p for p in (run_dir, *run_dir.parents) if p.exists() and not p.is_dir()), 0):
        where = f"{run_dir}: {file}" if file != run_dir else str(run_dir)
        raise OutputError(f"{where}: exists and is not a directory; give --output a directory")
    names = {p.name for p in run_dir.iterdir()} if run_dir.is_dir() else set()
    a_run = bool(names & {RUN_FILE, CONFIG_FILE, CHECKPOINTS})
    if a_run and not overwrite:
        raise UsageError(
            f"{run_dir} already holds a training run; use --resume to continue it or "
            "--overwrite to start again"
        )
    cleared = overwrite and LOCK_FILE in names  # an --overwrite that failed before it trained
    if not a_run and not cleared and (others := sorted(names - RUN_NAMES)):
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise UsageError(
            f"{run_dir}: a directory that is not a training run (it holds {shown}); give "
            "--output a new or empty directory"
        )


def clear_run(run_dir: Path) -> None:
    for name in (RUN_FILE, *MODEL_FILES, *WORD_LISTS, METRICS_FILE, CURVES_FILE):
        (run_dir / name).unlink(missing_ok=True)
    for folder in (CHECKPOINTS, TEACHER_DIR):  # the old run's links too: its data's, not ours
        shutil.rmtree(run_dir / folder, ignore_errors=True)
