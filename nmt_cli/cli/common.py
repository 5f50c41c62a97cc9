"""What every command shares: the stderr console, the error boundary, signal conventions, the
layout of examples in help texts."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import warnings
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from nmt_cli.errors import NmtError, NmtNotice
from nmt_cli.output import OUTPUT_HELP, unwritable

F = TypeVar("F", bound=Callable[..., Any])

# Set by the root callback's --debug flag.
DEBUG = {"on": bool(os.environ.get("NMT_DEBUG"))}

OutputOption = Annotated[str, typer.Option("--output", "-o", help=OUTPUT_HELP)]


def err_console():
    """A rich console on stderr (imported lazily: rich costs start-up time)."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def warn(message: str) -> None:
    print(f"nmt: warning: {message}", file=sys.stderr, flush=True)


def info(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def examples_verbatim(help_text: str) -> str:
    """``help_text`` with its "Example:" or "Examples:" paragraph shown one command per line.

    Click re-wraps every paragraph of a help text into one, except a paragraph whose first line
    is ``\\b``: that one it prints as written. In the paragraph each line is a command, except a
    line that starts with ``-``: it continues the command before it (shown after a `` \\``).
    """
    paragraphs = help_text.split("\n\n")
    for n, paragraph in enumerate(paragraphs):
        label, _, rest = paragraph.strip().partition(":")
        if label not in ("Example", "Examples"):
            continue
        commands: list[str] = []
        for line in rest.strip().splitlines():
            line = line.strip()
            if line.startswith("-") and commands:
                commands[-1] += " \\\n      " + line
            elif line:
                commands.append(line)
        paragraphs[n] = "\n".join(["\b", f"{label}:"] + [f"  {c}" for c in commands])
    return "\n\n".join(paragraphs)


def _quiet_broken_pipe() -> None:
    # The reader went away (`| head`): point stdout at /dev/null so the interpreter's final
    # flush does not raise again, then leave with the conventional 128 + SIGPIPE.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


_PYTHON_SHOWWARNING = warnings.showwarning


def _show_notice(message, category, filename, lineno, file=None, line=None) -> None:
    """Show the core's notices (NmtNotice) as one warning line; other warnings as Python does."""
    if issubclass(category, NmtNotice):
        warn(str(message))
    else:
        _PYTHON_SHOWWARNING(message, category, filename, lineno, file, line)


def boundary(func: F) -> F:
    """Turn domain errors into one line on stderr and an exit code; never show a traceback.

    NmtError -> its exit code (1, or 2 for usage errors); Ctrl-C -> 130; a closed pipe -> 141;
    anything unexpected -> one line naming the error, exit 1 (``--debug`` re-raises instead).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("always", NmtNotice)
                warnings.showwarning = _show_notice
                return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except NmtError as e:
            if DEBUG["on"]:
                raise
            print(f"nmt: error: {e}", file=sys.stderr, flush=True)
            raise typer.Exit(e.exit_code) from None
        except KeyboardInterrupt:
            print("nmt: interrupted", file=sys.stderr, flush=True)
            raise typer.Exit(130) from None
        except BrokenPipeError:
            _quiet_broken_pipe()
            raise typer.Exit(141) from None
        except Exception as e:  # a bug or an environment fault: still one line
            if DEBUG["on"]:
                raise
            said = (
                unwritable(e) or f"{type(e).__name__}: {e} (run nmt --debug ... for the traceback)"
            )
            print(f"nmt: error: {said}", file=sys.stderr, flush=True)
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]
