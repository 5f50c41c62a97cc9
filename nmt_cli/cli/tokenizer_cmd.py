"""`nmt tokenizer train|encode|decode`."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import OutputOption, boundary, err_console, warn
from nmt_cli.cli.options import options_from
from nmt_cli.errors import InputError, UsageError
from nmt_cli.model.tokenizer import TokenizerOptions

app = typer.Typer(
    help=(
        "Train and apply subword tokenizers (BPE, unigram, WordPiece).\n\n"
        "Example: nmt tokenizer train train.de train.en --vocab-size 8000 --output tok.json"
    ),
    no_args_is_help=True,
)

Tok = Annotated[
    Path, typer.Option("--tokenizer", "-t", help="tokenizer.json (or a model directory).")
]


@app.command("train")
@boundary
@options_from
def train(
    files: Annotated[
        list[str], typer.Argument(help="Text files, one sentence per line ('-': stdin).")
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write tokenizer.json.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No statistics table.")] = False,
    *,
    options: TokenizerOptions,
) -> None:
    """Train one subword tokenizer over all FILES (a joint source+target vocabulary is usual).

    Example: nmt tokenizer train train.de train.en --vocab-size 8000 --output tok.json
    """
    from nmt_cli.model.tokenizer import train_tokenizer
    from nmt_cli.textio import check_files, check_writable, lines_of

    if files.count("-") > 1:
        raise UsageError("'-' (stdin) can be given only once")
    check_files(files)
    check_writable(output)
    # training data must be clean: bad UTF-8 is an error
    tok, stats = train_tokenizer(lines_of(files, strict=True), **dataclasses.asdict(options))
    tok.save(output)
    if quiet:
        return
    from rich.table import Table

    table = Table(title=f"tokenizer {output}", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    for row in [("model", options.model), *stats.rows()]:
        table.add_row(*row)
    err_console().print(table)


def _stream(input_file: str, output: str, transform) -> None:
    """Apply ``transform`` line by line; one line out for every line in, flushed as it goes; a
    ValueError of ``transform`` is the line's InputError."""
    from nmt_cli.textio import one_line, open_lines, write_output

    with open_lines(input_file, on_invalid=warn) as lines:

        def write(out, to_stdout: bool) -> None:
            for n, line in enumerate(lines, 1):
                try:
                    text = transform(line)
                except ValueError as e:
                    raise InputError(f"line {n}: {e}") from None
                out.write(one_line(text) + "\n")
                if to_stdout and input_file == "-":
                    out.flush()

        write_output(output, write)


Out = OutputOption
TextIn = Annotated[str, typer.Argument(metavar="[FILE]", help="Text to encode ('-': stdin).")]
PiecesIn = Annotated[str, typer.Argument(metavar="[FILE]", help="Pieces or ids ('-': stdin).")]
IdsOut = Annotated[bool, typer.Option("--ids", help="Write ids instead of pieces.")]
IdsIn = Annotated[bool, typer.Option("--ids", help="Read ids instead of pieces.")]


@app.command("encode")
@boundary
def encode(tokenizer: Tok, input_file: TextIn = "-", ids: IdsOut = False, output: Out = "-"):
    """Split text into subword pieces, one line out per line in.

    Example: echo "Ein Mann fährt Fahrrad." | nmt tokenizer encode -t tok.json
    """
    from nmt_cli.model.tokenizer import Tokenizer

    tok = Tokenizer.load(tokenizer)
    _stream(input_file, output, lambda line: tok.encode_line(line, ids))


@app.command("decode")
@boundary
def decode(tokenizer: Tok, input_file: PiecesIn = "-", ids: IdsIn = False, output: Out = "-"):
    """Join subword pieces (or ids) back into text, one line out per line in.

    Example: nmt tokenizer encode -t tok.json in.txt | nmt tokenizer decode -t tok.json
    """
    from nmt_cli.model.tokenizer import Tokenizer

    tok = Tokenizer.load(tokenizer)
    _stream(input_file, output, lambda line: tok.decode_line(line, ids))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
