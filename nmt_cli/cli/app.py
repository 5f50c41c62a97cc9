"""The `nmt` command: a root Typer app joining one module per command group.

Command modules import torch and the core lazily, inside the command, so `nmt --help` stays fast.
"""

from __future__ import annotations

import inspect
import os
import sys
from typing import Annotated

import typer

from nmt_cli import __version__
from nmt_cli.cli import align_cmd, evaluate_cmd, score_cmd, tokenizer_cmd, train_cmd, translate_cmd
from nmt_cli.cli.common import DEBUG, examples_verbatim
from nmt_cli.output import guard_process, unwritable

app = typer.Typer(
    name="nmt",
    help=(
        "Neural machine translation from the shell: train subword tokenizers and attentional "
        "RNN or Transformer models, translate with beam search, show attention alignments, "
        "score with sacrebleu.\n\n"
        'Example: echo "Il fait froid ce matin." | nmt translate'
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"nmt-cli {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show full tracebacks instead of one-line errors.")
    ] = False,
) -> None:
    DEBUG["on"] = debug or DEBUG["on"]


def _examples_verbatim(typer_app: typer.Typer) -> None:
    """Every help text of ``typer_app``, its commands and groups: examples one per line."""
    if isinstance(typer_app.info.help, str):
        typer_app.info.help = examples_verbatim(typer_app.info.help)
    for command in typer_app.registered_commands:
        text = command.help or inspect.getdoc(command.callback) or ""
        command.help = examples_verbatim(inspect.cleandoc(text))
    for group in typer_app.registered_groups:
        _examples_verbatim(group.typer_instance)


app.add_typer(tokenizer_cmd.app, name="tokenizer")
for module in (train_cmd, translate_cmd, score_cmd, align_cmd, evaluate_cmd):
    module.register(app)
_examples_verbatim(app)


def main() -> None:
    """Console-script entry point."""
    # OpenMP threads that spin while they wait take the cores from every other process: on a
    # busy machine a translation then runs several times slower. OpenMP reads the variable once,
    # when torch loads it, so it is set here, before any command imports torch (they import it
    # lazily); a user's own value stays.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    guard_process()  # a closed pipe, a closed stdout, SIGTERM and SIGHUP
    try:
        _exit_fast(_run())
    except OSError as e:  # `nmt --help > /dev/full`: before any command's boundary
        if (said := unwritable(e)) is None:
            raise
        print(f"nmt: error: {said}", file=sys.stderr)
        os._exit(1)
    except KeyboardInterrupt:
        print("nmt: interrupted", file=sys.stderr)
        os._exit(130)
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            _exit_fast(e.code or 0)
        raise


def _run() -> int:
    """The app's exit code; a usage error click finds (``--bogus``, ``-k x``) is one line too."""
    from typer._click.exceptions import ClickException, NoArgsIsHelpError

    try:
        code = app(prog_name="nmt", standalone_mode=False)
    except NoArgsIsHelpError as e:  # `nmt` alone: its help
        e.show()
        return e.exit_code
    except ClickException as e:
        hint = f" (try '{e.ctx.command_path} -h')" if getattr(e, "ctx", None) else ""
        print(f"nmt: error: {' '.join(e.format_message().split())}{hint}", file=sys.stderr)
        return e.exit_code
    return code if isinstance(code, int) else 0


def _exit_fast(code: int) -> None:
    """Leave without tearing torch down: about 0.25 s of a shell user's wait for one sentence.

    Every command has finished its work by now: outputs are written and renamed, locks released.
    What remains is interpreter finalisation, which with torch loaded mostly unloads it. The
    standard streams are flushed first; a distributed run leaves the normal way.
    """
    torch = sys.modules.get("torch")
    if torch is None or (torch.distributed.is_available() and torch.distributed.is_initialized()):
        sys.exit(code)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
