"""`nmt tokenizer train|encode|decode`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import OutputOption, boundary, err_console, info, warn
from nmt_cli.cli.options import options_from
from nmt_cli.formats.pairs import tokenizer_text
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.model.tokenizer_training import TokenizerOptions, train_tokenizer_files
from nmt_cli.output import transform_lines

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
    files: Annotated[list[str], typer.Argument(help="Sentences a line ('-': stdin), or memories.")],
    output: Annotated[str, typer.Option("--output", "-o", help="tokenizer.json, or DIR/ for it.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No statistics table.")] = False,
    *,
    options: TokenizerOptions,
) -> None:
    """Train one subword tokenizer over all FILES (a joint source+target vocabulary is usual).

    Example: nmt tokenizer train train.de train.en --vocab-size 8000 --output tok.json
    """
    text = tokenizer_text(files, None if quiet else info)  # a memory's texts, not its markup
    written, stats = train_tokenizer_files(files, output, options, text)
    if quiet:
        return
    from rich.table import Table

    table = Table(title=f"tokenizer {written}", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    for row in [("model", options.model), *stats.rows()]:
        table.add_row(*row)
    err_console().print(table)


Out = OutputOption
TextIn = Annotated[str, typer.Argument(metavar="FILE", help="Text to encode ('-': stdin).")]
PiecesIn = Annotated[str, typer.Argument(metavar="FILE", help="Pieces or ids ('-': stdin).")]
IdsOut = Annotated[bool, typer.Option("--ids", help="Write ids instead of pieces.")]
IdsIn = Annotated[bool, typer.Option("--ids", help="Read ids instead of pieces.")]


@app.command("encode")
@boundary
def encode(tokenizer: Tok, input_file: TextIn = "-", ids: IdsOut = False, output: Out = "-"):
    """Split text into subword pieces, one line out per line in.

    Example: echo "Ein Mann fährt Fahrrad." | nmt tokenizer encode -t tok.json
    """
    tok = Tokenizer.load(tokenizer)
    transform_lines(input_file, output, lambda line: tok.encode_line(line, ids), warn)


@app.command("decode")
@boundary
def decode(tokenizer: Tok, input_file: PiecesIn = "-", ids: IdsIn = False, output: Out = "-"):
    """Join subword pieces (or ids) back into text, one line out per line in.

    Example: nmt tokenizer encode -t tok.json in.txt | nmt tokenizer decode -t tok.json
    """
    tok = Tokenizer.load(tokenizer)
    transform_lines(input_file, output, lambda line: tok.decode_line(line, ids), warn)
