"""`nmt translate`: one line out for every line in, in order, streaming."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import (
    ModelOption,
    OutputOption,
    boundary,
    check_choice,
    choice_option,
    warn,
)

FORMATS = ("text", "jsonl")
QUANTIZATIONS = ("int8",)


def escape_line_breaks(json_text: str) -> str:
    """JSON stays valid with these escaped, and no line-splitting reader breaks the line."""
    for c in ("\u2028", "\u2029", "\u0085"):
        json_text = json_text.replace(c, f"\\u{ord(c):04x}")
    return json_text


def format_line(index: int, t, fmt: str, align: bool, nbest: int, split: bool = False) -> str:
    """One output line for one hypothesis (nbest: ``i ||| text ||| score``); jsonl lists a
    split line's sentences."""
    from nmt_cli.align.pharaoh import to_pharaoh
    from nmt_cli.textio import one_line

    text = one_line(t.text)
    if fmt == "jsonl":
        record = {
            "source": t.source,
            "translation": text,
            "score": round(t.score, 6),
            "tokens": t.tgt_pieces,
        }
        if split:
            record["sentences"] = [
                {"source": p.source, "translation": one_line(p.text)} for p in t.sentences
            ]
        if align:
            record["alignment"] = to_pharaoh(t.alignment)
        if nbest > 1:
            record["n"] = index
        return escape_line_breaks(json.dumps(record, ensure_ascii=False))
    fields = [text]
    if nbest > 1:
        fields = [str(index), text, f"{t.score:.4f}"]
    if align:
        fields.append(to_pharaoh(t.alignment))
    return " ||| ".join(fields)


def translate(
    text: Annotated[
        list[str] | None, typer.Argument(help="Text to translate (else --input).")
    ] = None,
    model: ModelOption = None,
    input_file: Annotated[
        str, typer.Option("--input", "-i", help="Input file ('-': stdin).")
    ] = "-",
    output: OutputOption = "-",
    beam: Annotated[int, typer.Option("--beam", "-k", help="Beam size (1: greedy).")] = 5,
    length_penalty: Annotated[
        float, typer.Option("--length-penalty", help="GNMT length penalty alpha.")
    ] = 0.6,
    max_len_a: Annotated[
        float, typer.Option("--max-len-a", help="Max output = a * source + b.")
    ] = 1.5,
    max_len_b: Annotated[int, typer.Option("--max-len-b")] = 10,
    min_len: Annotated[int, typer.Option("--min-len", help="Least output tokens.")] = 0,
    nbest: Annotated[
        int,
        typer.Option(
            "--nbest",
            help="Hypotheses per line: 'i ||| text ||| score'. A split line's are the best "
            "combinations of its sentences' hypotheses, scored by the sum of their scores.",
        ),
    ] = 1,
    batch_tokens: Annotated[
        int, typer.Option("--batch-tokens", help="Source tokens x beam per batch.")
    ] = 6000,
    batch_size: Annotated[
        int, typer.Option("--batch-size", help="Sentences per batch (overrides --batch-tokens).")
    ] = 0,
    chunk_lines: Annotated[
        int, typer.Option("--chunk-lines", help="Most lines read before translating.")
    ] = 1000,
    align: Annotated[
        bool, typer.Option("--align", help="Append ' ||| ' and word alignments (Pharaoh i-j).")
    ] = False,
    fmt: Annotated[
        str,
        choice_option(
            "--format", choices=FORMATS, help="Lines of text, or JSON records (with sentences)."
        ),
    ] = "text",
    split: Annotated[
        bool,
        typer.Option(
            "--split/--no-split",
            help="Cut each line into sentences (pysbd rules of the model's source language; "
            "English rules if the model records none or pysbd lacks it), translate them, join "
            "the translations with one space.",
        ),
    ] = True,
    replace_unk: Annotated[
        bool,
        typer.Option("--replace-unk", help="Replace <unk> by the source word it attends to most."),
    ] = False,
    threads: Annotated[int, typer.Option("--threads", help="CPU threads (0: torch default).")] = 0,
    quantize: Annotated[
        str | None,
        choice_option("--quantize", choices=QUANTIZATIONS, help="Dynamic quantization of weights."),
    ] = None,
    precision: Annotated[
        str,
        choice_option(
            "--precision", choices=("fp32", "bf16", "auto"), help="Arithmetic of the search."
        ),
    ] = "fp32",
    restore_case: Annotated[
        bool,
        typer.Option(
            "--restore-case/--keep-case",
            help="Translate an ALL-CAPS sentence as ordinary text, answer in capitals.",
        ),
    ] = True,
    ref: Annotated[
        str | None,
        typer.Option("--ref", help="References: print BLEU and chrF on stderr when done."),
    ] = None,
) -> None:
    """Translate text: arguments, a file, or stdin; one line out per line in.

    A line of several sentences is translated sentence by sentence (unless --no-split) and
    printed as one line; --align counts words over the whole line.

    Examples: nmt translate "Il fait froid ce matin."
              nmt translate -m runs/de-en < in.de > out.en
    """
    from nmt_cli.errors import UsageError

    if beam < 1:
        raise UsageError("--beam must be at least 1")
    if not 1 <= nbest <= beam:
        raise UsageError(f"--nbest must be between 1 and --beam ({beam})")
    check_choice("--format", fmt, FORMATS)
    check_choice("--quantize", quantize, QUANTIZATIONS)
    check_choice("--precision", precision, ("fp32", "bf16", "auto"))
    if quantize and precision == "bf16":
        raise UsageError("--quantize int8 and --precision bf16 are two ways to speed up; give one")
    if chunk_lines < 1 or batch_tokens < 1 or batch_size < 0:
        raise UsageError("--chunk-lines and --batch-tokens must be positive")
    if text and input_file != "-":
        raise UsageError("give text arguments or --input, not both")
    if input_file != "-" and not Path(input_file).is_file():
        from nmt_cli.errors import InputError

        raise InputError(f"--input {input_file}: no such file")

    import torch

    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.pretrained import resolve_model
    from nmt_cli.search.decoding import SearchOptions
    from nmt_cli.textio import atomic_writer, open_lines, stdout_utf8
    from nmt_cli.translator import Translator, chunked

    if threads:
        torch.set_num_threads(threads)
    bundle = load_bundle(resolve_model(model))
    if quantize == "int8":
        from nmt_cli.quantize import quantize_int8

        bundle.model = quantize_int8(bundle.model)
    opts = SearchOptions(
        beam=beam,
        alpha=length_penalty,
        nbest=nbest,
        max_len_a=max_len_a,
        max_len_b=max_len_b,
        min_len=min_len,
        batch_tokens=batch_tokens,
        batch_size=batch_size,
    )
    from nmt_cli.precision import resolve_precision

    arithmetic = "fp32" if quantize else resolve_precision(precision, "cpu")
    translator = Translator(
        bundle, opts, replace_unk=replace_unk, on_warning=warn, split=split,
        precision=arithmetic, restore_case=restore_case,
    )  # fmt: skip

    if ref is not None and not Path(ref).exists():
        from nmt_cli.errors import InputError

        raise InputError(f"--ref {ref}: no such file")
    best: list[str] = []  # the 1-best translations, kept only to score them against --ref

    def run(lines, out, flush: bool) -> None:
        for chunk in chunked(lines, chunk_lines):
            for results in translator.translate(chunk, with_alignment=align):
                for i, t in enumerate(results):
                    out.write(format_line(i, t, fmt, align, nbest, split) + "\n")
                if ref is not None:
                    best.append(results[0].text)
            if flush:
                out.flush()

    def write(lines) -> None:
        if output == "-":
            run(lines, stdout_utf8(), True)
        else:
            with atomic_writer(output) as out:
                run(lines, out, False)

    if text:
        write([" ".join(text)])
    else:
        with open_lines(input_file, on_invalid=warn) as lines:
            write(lines)
    if ref is not None:
        from nmt_cli.evaluation import score_corpus
        from nmt_cli.textio import read_lines

        for s in score_corpus(best, read_lines(ref, warn), ["bleu", "chrf"]):
            print(f"{s.metric.upper()} {s.score:.2f}  {s.signature}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    app.command("translate")(boundary(translate))
