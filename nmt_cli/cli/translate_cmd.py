"""`nmt translate`: one line out for every line in, in order, streaming."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer

from nmt_cli.cli.common import (
    LinksOption,
    ModelOption,
    OutputOption,
    ThresholdOption,
    boundary,
    check_choice,
    choice_option,
    link_rule,
    warn,
    write_output,
)
from nmt_cli.device import DEVICES
from nmt_cli.errors import InputError, ModelLoadError, UsageError

FORMATS = ("text", "jsonl")
QUANTIZATIONS = ("int8",)
PRECISIONS = ("fp32", "bf16", "auto")
ENGINES = ("torch", "ctranslate2")


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
        line = json.dumps(record, ensure_ascii=False)
        # JSON stays valid with these escaped, and no line-splitting reader breaks the line.
        for c in ("\u2028", "\u2029", "\u0085"):
            line = line.replace(c, f"\\u{ord(c):04x}")
        return line
    fields = [str(index), text, f"{t.score:.4f}"] if nbest > 1 else [text]
    if align:
        fields.append(to_pharaoh(t.alignment))
    return " ||| ".join(fields)


Opt = typer.Option
SPLIT_HELP = (
    "Cut each line into sentences (pysbd rules of the model's source language; English rules if "
    "the model records none or pysbd lacks it), translate them, join the translations with one "
    "space."
)
NBEST_HELP = (
    "Hypotheses per line: 'i ||| text ||| score'. A split line's are the best combinations of its "
    "sentences' hypotheses, scored by the sum of their scores."
)
Text = Annotated[list[str] | None, typer.Argument(help="Text to translate (else --input).")]
InputFile = Annotated[str, Opt("--input", "-i", help="Input file ('-': stdin).")]
Beam = Annotated[int, Opt("--beam", "-k", help="Beam size (1: greedy).")]
LENGTH_PENALTY_HELP = "GNMT length penalty alpha. [default: the model's, else 0.6]"
LengthPenalty = Annotated[float | None, Opt("--length-penalty", help=LENGTH_PENALTY_HELP)]
MaxLenA = Annotated[float, Opt("--max-len-a", help="Max output = a * source + b.")]
MaxLenB = Annotated[int, Opt("--max-len-b")]
MinLen = Annotated[int, Opt("--min-len", help="Least output tokens (of a non-empty line).")]
NBest = Annotated[int, Opt("--nbest", help=NBEST_HELP)]
BatchTokens = Annotated[int, Opt("--batch-tokens", help="Source tokens x beam per batch.")]
BATCH_SIZE_HELP = "Sentences per batch (overrides --batch-tokens)."
BatchSize = Annotated[int, Opt("--batch-size", help=BATCH_SIZE_HELP)]
ChunkLines = Annotated[int, Opt("--chunk-lines", help="Most lines read before translating.")]
Align = Annotated[bool, Opt("--align", help="Append ' ||| ' and word alignments (Pharaoh i-j).")]
FORMAT_HELP = "Lines of text, or JSON records (with sentences)."
Format = Annotated[str, choice_option("--format", choices=FORMATS, help=FORMAT_HELP)]
Split = Annotated[bool, Opt("--split/--no-split", help=SPLIT_HELP)]
REPLACE_UNK_HELP = "Replace <unk> by the source word it attends to most."
ReplaceUnk = Annotated[bool, Opt("--replace-unk", help=REPLACE_UNK_HELP)]
Threads = Annotated[int, Opt("--threads", help="CPU threads (0: torch default).")]
QUANTIZE_HELP = "int8 linear layers (weights and inputs; same output on every rerun)."
Quantize = Annotated[
    str | None, choice_option("--quantize", choices=QUANTIZATIONS, help=QUANTIZE_HELP)
]
DEVICE_HELP = "Where the model runs (cuda: the GPU, --quantize needs cpu)."
Device = Annotated[str, choice_option("--device", choices=DEVICES, help=DEVICE_HELP)]
PRECISION_HELP = "Arithmetic of the search."
Precision = Annotated[str, choice_option("--precision", choices=PRECISIONS, help=PRECISION_HELP)]
RESTORE_CASE_HELP = "Translate an ALL-CAPS sentence as ordinary text, answer in capitals."
RestoreCase = Annotated[bool, Opt("--restore-case/--keep-case", help=RESTORE_CASE_HELP)]
ENGINE_HELP = (
    "What runs the search: nmt-cli's own (PyTorch), or CTranslate2 on a model exported with "
    "nmt export --format ctranslate2 (pip install 'nmt-cli[ctranslate2]')."
)
Engine = Annotated[str, choice_option("--engine", choices=ENGINES, help=ENGINE_HELP)]
REF_HELP = "References: print BLEU and chrF on stderr when done."
Ref = Annotated[str | None, Opt("--ref", help=REF_HELP)]


def translate(
    text: Text = None,
    model: ModelOption = None,
    input_file: InputFile = "-",
    output: OutputOption = "-",
    beam: Beam = 5,
    length_penalty: LengthPenalty = None,
    max_len_a: MaxLenA = 1.5,
    max_len_b: MaxLenB = 10,
    min_len: MinLen = 1,
    nbest: NBest = 1,
    batch_tokens: BatchTokens = 6000,
    batch_size: BatchSize = 0,
    chunk_lines: ChunkLines = 1000,
    align: Align = False,
    links: LinksOption = None,
    threshold: ThresholdOption = None,
    fmt: Format = "text",
    split: Split = True,
    replace_unk: ReplaceUnk = False,
    threads: Threads = 0,
    device: Device = "cpu",
    quantize: Quantize = None,
    precision: Precision = "fp32",
    restore_case: RestoreCase = True,
    engine: Engine = "torch",
    ref: Ref = None,
) -> None:
    """Translate text: arguments, a file, or stdin; one line out per line in.

    A line of several sentences is translated sentence by sentence (unless --no-split) and
    printed as one line; --align counts words over the whole line.

    Examples: nmt translate "Il fait froid ce matin."
              nmt translate -m runs/de-en < in.de > out.en
              nmt translate -m de-en-ct2 --engine ctranslate2 < in.de > out.en
    """
    _check_options(beam, nbest, fmt, quantize, precision, chunk_lines, batch_tokens, batch_size)
    _check_device(device, quantize)
    _check_engine(engine, precision)
    _check_input(text, input_file)
    rule = link_rule(links, threshold)
    if not align and (links is not None or threshold is not None):
        raise UsageError("--links and --threshold choose --align's links: give --align")
    from nmt_cli.search.decoding import SearchOptions

    search = SearchOptions(
        beam=beam, alpha=length_penalty, nbest=nbest, max_len_a=max_len_a, max_len_b=max_len_b,
        min_len=min_len, batch_tokens=batch_tokens, batch_size=batch_size,
    )  # fmt: skip
    options = dict(
        opts=search, replace_unk=replace_unk, split=split, restore_case=restore_case, link_rule=rule
    )
    if engine == "ctranslate2":
        translator = _load_exported(model, threads, device, quantize, align, **options)
    else:
        translator = _load_translator(model, threads, device, quantize, precision, **options)
    if ref is not None and not Path(ref).exists():
        raise InputError(f"--ref {ref}: no such file")
    lines = [" ".join(text)] if text else None
    best = _write_translations(
        translator, lines, input_file, output, chunk_lines, fmt, align, keep_best=ref is not None
    )
    if ref is not None:
        from nmt_cli.evaluation import score_corpus
        from nmt_cli.textio import read_lines

        for s in score_corpus(best, read_lines(ref, warn), ["bleu", "chrf"]):
            print(f"{s.metric.upper()} {s.score:.2f}  {s.signature}", file=sys.stderr)


def _check_options(beam, nbest, fmt, quantize, precision, chunk_lines, batch_tokens, batch_size):
    if beam < 1:
        raise UsageError("--beam must be at least 1")
    if not 1 <= nbest <= beam:
        raise UsageError(f"--nbest must be between 1 and --beam ({beam})")
    check_choice("--format", fmt, FORMATS)
    check_choice("--quantize", quantize, QUANTIZATIONS)
    check_choice("--precision", precision, PRECISIONS)
    if quantize and precision == "bf16":
        raise UsageError("--quantize int8 and --precision bf16 are two ways to speed up; give one")
    if chunk_lines < 1 or batch_tokens < 1 or batch_size < 0:
        raise UsageError("--chunk-lines and --batch-tokens must be positive")


def _check_device(device: str, quantize: str | None) -> None:
    check_choice("--device", device, DEVICES)
    if quantize and device != "cpu":
        raise UsageError("--quantize int8 runs on the CPU; on a GPU use --precision bf16")


def _check_engine(engine: str, precision: str) -> None:
    check_choice("--engine", engine, ENGINES)
    if engine == "ctranslate2" and precision == "bf16":
        raise UsageError("--engine ctranslate2 runs float32 or int8 (--quantize int8), not bf16")


def _check_input(text, input_file: str) -> None:
    if text and input_file != "-":
        raise UsageError("give text arguments or --input, not both")
    if input_file != "-" and not Path(input_file).is_file():
        raise InputError(f"--input {input_file}: no such file")


def _load_translator(
    model: str | None, threads: int, device: str, quantize, precision: str, **options
):
    """The model's Translator of ``options``: on ``device`` (the CPU: ``threads`` threads), its
    weights quantized or its search in ``precision``."""
    import torch

    from nmt_cli.device import resolve_device
    from nmt_cli.export.ctranslate2 import is_export
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.precision import resolve_precision
    from nmt_cli.pretrained import resolve_model
    from nmt_cli.translator import Translator

    if threads:
        torch.set_num_threads(threads)
    where = resolve_device(device)
    path = resolve_model(model)
    if is_export(path):
        raise ModelLoadError(f"{path}: a CTranslate2 export; translate with --engine ctranslate2")
    bundle = load_bundle(path)
    bundle.model.to(where)
    if quantize == "int8":
        from nmt_cli.quantize import quantize_int8

        bundle.model = quantize_int8(bundle.model)
    arithmetic = "fp32" if quantize else resolve_precision(precision, where.type)
    return Translator(bundle, on_warning=warn, precision=arithmetic, **options)


def _load_exported(model: str | None, threads: int, device: str, quantize, align: bool, **options):
    """The Translator of ``options`` over a CTranslate2 export, its search run by CTranslate2
    on ``device`` (the CPU: ``threads`` threads), its weights quantized to int8 at load if
    ``quantize``."""
    from nmt_cli.ctranslate2_search import load_exported
    from nmt_cli.pretrained import resolve_model
    from nmt_cli.translator import Translator

    attention = align or options["replace_unk"]
    path = resolve_model(model)
    bundle, search, exported = load_exported(
        path, threads=threads, device=device, quantize=quantize, attention=attention
    )
    if align and not exported.alignment_exported:
        raise ModelLoadError(
            f"{path}: the model's full-context alignment pass is not exported to CTranslate2; "
            "for --align translate with the nmt-cli model"
        )
    return Translator(bundle, on_warning=warn, search=search, **options)


def _write_translations(
    translator, lines, input_file, output, chunk_lines, fmt, align, keep_best: bool
) -> list[str]:
    """Translate ``lines`` (None: those of ``input_file``) into ``output``, a chunk of lines at a
    time; the 1-best translations if ``keep_best``."""
    from nmt_cli.cli.progress import FileProgress
    from nmt_cli.textio import chunked, open_lines

    best: list[str] = []
    nbest, split = translator.opts.nbest, translator.splitter is not None

    def write(out, interactive: bool) -> None:
        done = 0  # lines written
        for chunk in chunked(source, chunk_lines):

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

    with (
        open_lines(input_file, on_invalid=warn) if lines is None else nullcontext(lines) as source,
        FileProgress(input_file if lines is None else "-", output, "translate") as progress,
    ):
        write_output(output, write)
    return best


def register(app: typer.Typer) -> None:
    app.command("translate")(boundary(translate))
