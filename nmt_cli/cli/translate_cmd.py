"""`nmt translate`: one line out for every line in, in order, streaming."""

from __future__ import annotations

import dataclasses
import sys
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Annotated

import typer

from nmt_cli.align.options import LinkOptions
from nmt_cli.cli.common import OUTPUT_HELP, boundary, warn
from nmt_cli.cli.options import options_from
from nmt_cli.errors import UsageError
from nmt_cli.inference.options import LoadOptions, TranslatorOptions
from nmt_cli.inference.translation import FORMATS, format_line
from nmt_cli.search.options import SearchOptions
from nmt_cli.settings import setting

FORMAT_HELP = "Lines of text, or JSON records (with sentences)."


@dataclass(frozen=True)
class Files:
    """Where `nmt translate` reads and writes, and how."""

    input_file: str = setting("-", "Input file ('-': stdin).", "--input", "-i")
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    chunk_lines: int = setting(1000, "Most lines read before translating.")
    align: bool = setting(False, "Append ' ||| ' and word alignments (Pharaoh i-j).")
    fmt: str = setting("text", FORMAT_HELP, "--format", choices=FORMATS)
    ref: str | None = setting(None, "References: print BLEU and chrF on stderr when done.")

    def __post_init__(self) -> None:
        if self.chunk_lines < 1:
            raise ValueError("--chunk-lines must be positive")


Text = Annotated[list[str] | None, typer.Argument(help="Text to translate (else --input).")]


@options_from
def translate(
    text: Text = None,
    *,
    load: LoadOptions,
    search: SearchOptions,
    translator: TranslatorOptions,
    files: Files,
    links: LinkOptions,
) -> None:
    """Translate text: arguments, a file, or stdin; one line out per line in.

    A line of several sentences is translated sentence by sentence (unless --no-split) and
    printed as one line; --align counts words over the whole line.

    Examples: nmt translate "Il fait froid ce matin."
              nmt translate -m runs/de-en < in.de > out.en
              nmt translate -m de-en-ct2 --engine ctranslate2 < in.de > out.en
    """
    from nmt_cli.textio import check_files

    if text and files.input_file != "-":
        raise UsageError("give text arguments or --input, not both")
    check_files([files.input_file], "--input")
    check_files([files.ref], "--ref")
    if not files.align and (links.links is not None or links.threshold is not None):
        raise UsageError("--links and --threshold choose --align's links: give --align")
    from nmt_cli.inference.translator import Translator

    model = Translator.load(
        **dataclasses.asdict(load), opts=search, with_alignment=files.align, link_rule=links.rule(),
        parallel_batches=True, on_warning=warn, **dataclasses.asdict(translator),
    )  # fmt: skip
    ref = files.ref
    lines = [" ".join(text)] if text else None
    best = _write_translations(model, lines, files, keep_best=ref is not None)
    if ref is not None:
        from nmt_cli.evaluation import score_corpus
        from nmt_cli.textio import read_lines

        for s in score_corpus(best, read_lines(ref, warn), ["bleu", "chrf"]):
            print(f"{s.metric.upper()} {s.score:.2f}  {s.signature}", file=sys.stderr)


def _write_translations(translator, lines, files: Files, keep_best: bool) -> list[str]:
    """Translate ``lines`` (None: those of the input file) into the output, a chunk of lines at
    a time; the 1-best translations if ``keep_best``."""
    from nmt_cli.cli.progress import FileProgress
    from nmt_cli.textio import chunked, open_lines, write_output

    best: list[str] = []
    nbest, split = translator.opts.nbest, translator.splitter is not None
    fmt, align = files.fmt, files.align

    def write(out, interactive: bool) -> None:
        done = 0  # lines written
        for chunk in chunked(source, files.chunk_lines):

            def on_progress(fraction: float, done: int = done, n: int = len(chunk)) -> None:
                progress.update(done + fraction * n)

            for results in translator.translate(chunk, align, on_progress):
                for i, t in enumerate(results):
                    out.write(format_line(i, t, fmt, align, nbest, split) + "\n")
                if keep_best:
                    best.append(results[0].text)
            done += len(chunk)
            progress.update(done)
            if interactive:
                out.flush()

    reading = open_lines(files.input_file, on_invalid=warn) if lines is None else nullcontext(lines)
    shown = files.input_file if lines is None else "-"
    with reading as source, FileProgress(shown, files.output, "translate") as progress:
        write_output(files.output, write)
    return best


def register(app: typer.Typer) -> None:
    app.command("translate")(boundary(translate))
