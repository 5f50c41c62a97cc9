"""`nmt tokenizer train|encode|decode`."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import OutputOption, boundary, err_console, warn
from nmt_cli.errors import InputError, UsageError

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
def train(
    files: Annotated[
        list[str], typer.Argument(help="Text files, one sentence per line ('-': stdin).")
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="Where to write tokenizer.json.")],
    vocab_size: Annotated[int, typer.Option("--vocab-size", help="Size of the vocabulary.")] = 8000,
    model: Annotated[str, typer.Option("--model", help="bpe, unigram or wordpiece.")] = "bpe",
    min_frequency: Annotated[
        int, typer.Option("--min-frequency", help="Least count for a merge (bpe, wordpiece).")
    ] = 2,
    lowercase: Annotated[bool, typer.Option("--lowercase", help="Lowercase all text.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No statistics table.")] = False,
) -> None:
    """Train one subword tokenizer over all FILES (a joint source+target vocabulary is usual).

    Example: nmt tokenizer train train.de train.en --vocab-size 8000 --output tok.json
    """
    from nmt_cli.model.tokenizer import train_tokenizer
    from nmt_cli.textio import check_writable, lines_of

    if files.count("-") > 1:
        raise UsageError("'-' (stdin) can be given only once")
    for f in files:  # fail before a long training run, not after
        if f != "-" and not Path(f).is_file():
            raise InputError(f"{f}: no such file" if not Path(f).exists() else f"{f}: not a file")
    check_writable(output)

    tok, stats = train_tokenizer(
        lines_of(files, strict=True),  # training data must be clean: bad UTF-8 is an error
        vocab_size=vocab_size,
        model=model,
        min_frequency=min_frequency,
        lowercase=lowercase,
    )
    tok.save(output)
    if quiet:
        return
    from rich.table import Table

    table = Table(title=f"tokenizer {output}", show_header=False)
    table.add_column("", style="bold")
    table.add_column("", justify="right")
    table.add_row("model", model)
    table.add_row("vocabulary size", f"{stats.vocab_size:,}")
    table.add_row("lines read", f"{stats.lines:,}")
    table.add_row("characters read", f"{stats.characters:,}")
    sampled = (
        "" if stats.sampled_lines == stats.lines else f" (first {stats.sampled_lines:,} lines)"
    )
    table.add_row("subwords per line" + sampled, f"{stats.subwords_per_line:.2f}")
    table.add_row("unknown characters" + sampled, f"{100 * stats.unknown_char_share:.4f} %")
    err_console().print(table)


def _stream(input_file: str, output: str, transform) -> None:
    """Apply ``transform`` line by line; one line out for every line in, flushed as it goes."""
    from nmt_cli.textio import one_line, open_lines, write_output

    with open_lines(input_file, on_invalid=warn) as lines:

        def write(out, to_stdout: bool) -> None:
            for line in lines:
                out.write(one_line(transform(line)) + "\n")
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
    split = (lambda line: map(str, tok.encode(line))) if ids else tok.pieces
    _stream(input_file, output, lambda line: " ".join(split(line)))


@app.command("decode")
@boundary
def decode(tokenizer: Tok, input_file: PiecesIn = "-", ids: IdsIn = False, output: Out = "-"):
    """Join subword pieces (or ids) back into text, one line out per line in.

    Example: nmt tokenizer encode -t tok.json in.txt | nmt tokenizer decode -t tok.json
    """
    from nmt_cli.model.tokenizer import Tokenizer

    tok = Tokenizer.load(tokenizer)
    if ids:
        counter = itertools.count(1)

        def from_ids(line: str) -> str:
            n = next(counter)
            try:
                return tok.decode(int(x) for x in line.split())
            except (ValueError, OverflowError):
                raise InputError(f"line {n}: expected space-separated integer ids") from None

        _stream(input_file, output, from_ids)
    else:
        _stream(input_file, output, lambda line: tok.decode_pieces(line.split()))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
