"""The settings of inference: how a model is loaded, what the translator does around the
search (whose own settings are nmt_cli/search/options.py), and where `nmt translate` reads and
writes. Their fields with a help text are the options of `nmt translate` (and, some of them,
`nmt align`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nmt_cli.hardware.device import DEVICES
from nmt_cli.hardware.precision import PRECISIONS, QUANTIZATIONS
from nmt_cli.inference.translation import FORMATS
from nmt_cli.markup.pages import DIALECTS
from nmt_cli.output import OUTPUT_HELP
from nmt_cli.protect.glossary import read_glossary
from nmt_cli.protect.spans import compile_patterns
from nmt_cli.settings import setting
from nmt_cli.textio import check_files

ENGINES = ("torch", "ctranslate2")
ENGINE_HELP = (
    "What runs the search: nmt-cli's own (PyTorch), or CTranslate2 on a model exported with "
    "nmt export --format ctranslate2 (pip install 'nmt-cli[ctranslate2]')."
)
SPLIT_HELP = (
    "Cut each line into sentences (pysbd rules of the model's source language; English rules if "
    "the model records none or pysbd lacks it): translate translates them and joins the "
    "translations with one space; score scores a pair sentence by sentence where both sides "
    "have as many."
)
FORMAT_HELP = "Lines of text, or JSON records (with sentences)."
QUIET_HELP = "No warnings and no progress bar on stderr (errors and --ref's scores still show)."
WORD_SCORES_HELP = "With --format jsonl: each word's log-prob (its subword pieces' summed)."
PROTECT_SPANS_HELP = (
    "Pass URLs, e-mail addresses, paths, code, identifiers and numbers through unchanged "
    "(numbers in the target language's written form; README: What passes through)."
)
PROTECT_HELP = "A regular expression: its matches pass through too (repeatable)."
GLOSSARY_HELP = (
    "A file of terms, one a line: source term TAB target term. Where a source term is, its "
    "target term is in the translation (README: Glossary)."
)
MEMORY_HELP = (
    "A translation memory (TAB or JSON lines, .po, .mo, .tmx, .xliff): a line it holds, as "
    "written (spacing and a first capital aside), is translated as there, if the translation "
    "keeps its protected spans (repeatable; README: Translation memory)."
)
MODEL_MEMORY_HELP = (
    "Also use the model's own memories (its memory.tsv and phrasebook.tsv; fr-en: LibreOffice's "
    "interface strings, Tatoeba's everyday sentences), after --memory files."
)
MARKUP_MODES = ("auto", "none")  # --markup that is no dialect: a plain line's tags read or not
MARKUP_HELP = (
    "Read each line as text with inline tags: they come back around the words they enclosed "
    "(README: Markup). auto: a line that holds HTML inline elements around words and reads "
    "back as written, where each line gives one line of text (not with --align, --nbest, "
    "--format jsonl, nor a CTranslate2 export); none: plain text, tags as protected spans."
)


@dataclass(frozen=True)
class LoadOptions:
    """A model loaded for inference: on ``device`` (the CPU: ``threads`` threads, 0: torch's
    default), with its weights quantized or its arithmetic in ``precision``, searched by
    ``engine``."""

    model: str | None = setting(None, "Model directory or shipped model name.", "--model", "-m")
    threads: int = setting(0, "CPU threads (0: torch default).")
    device: str = setting("cpu", "Where the model runs (cuda: the GPU).", choices=DEVICES)
    quantize: str | None = setting(
        None,
        "int8 linear layers (weights and inputs; same output on every rerun; CPU only).",
        choices=QUANTIZATIONS,
    )
    precision: str = setting("fp32", "Arithmetic of the model.", choices=PRECISIONS)
    engine: str = setting("torch", ENGINE_HELP, choices=ENGINES)

    def __post_init__(self) -> None:
        if self.threads < 0:
            raise ValueError("--threads must not be negative (0: torch's default)")
        if self.quantize and self.precision == "bf16":
            raise ValueError(
                "--quantize int8 and --precision bf16 are two ways to speed up; give one"
            )
        if self.quantize and self.device != "cpu":
            raise ValueError("--quantize int8 runs on the CPU; on a GPU use --precision bf16")
        if self.engine == "ctranslate2" and self.precision == "bf16":
            raise ValueError(
                "--engine ctranslate2 runs float32 or int8 (--quantize int8), not bf16"
            )


@dataclass(frozen=True)
class TranslatorOptions:
    """What the translator does around the search."""

    split: bool = setting(True, SPLIT_HELP, "--split/--no-split")
    replace_unk: bool = setting(False, "Replace <unk> by the source word it attends to most.")
    copy_names: bool = setting(
        True,
        "Put back as written a name the model misspelt (a capitalised word its training data "
        "did not teach it: README, Names).",
        "--copy-names/--no-copy-names",
    )
    restore_case: bool = setting(
        True,
        "Translate an ALL-CAPS sentence, and words in capitals in a line, as ordinary text, "
        "answer in capitals; read a short label's capital as a small letter too, keep the "
        "likelier translation.",
        "--restore-case/--keep-case",
    )
    protect_spans: bool = setting(True, PROTECT_SPANS_HELP, "--protect-spans/--no-protect")
    protect: list[str] | None = setting(None, PROTECT_HELP, "--protect", metavar="regex")
    glossary: str | None = setting(None, GLOSSARY_HELP, metavar="file")
    memory: list[str] | None = setting(None, MEMORY_HELP, metavar="file")
    model_memory: bool = setting(True, MODEL_MEMORY_HELP, "--model-memory/--no-model-memory")
    # the glossary's {source term: target term}, read once, when the options are made
    terms: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.protect and not self.protect_spans:
            raise ValueError("--protect adds kinds of protected span: not with --no-protect")
        compile_patterns(self.protect or ())  # a bad pattern: a usage error, before any work
        check_files(self.memory or (), "--memory", pipes=True)  # before the model loads
        if self.glossary is not None:
            if not self.protect_spans:
                raise ValueError(
                    "--glossary puts its terms in as protected spans: not with --no-protect"
                )
            # a bad line: a usage error, before the model loads
            object.__setattr__(self, "terms", read_glossary(self.glossary))


@dataclass(frozen=True)
class FileOptions:
    """Where `nmt translate` reads and writes, and how."""

    input_file: str = setting("-", "Input file ('-': stdin).", "--input", "-i")
    output: str = setting("-", OUTPUT_HELP, "--output", "-o")
    chunk_lines: int = setting(1000, "Most lines read before translating.")
    align: bool = setting(False, "Append ' ||| ' and word alignments (Pharaoh i-j).")
    fmt: str = setting("text", FORMAT_HELP, "--format", choices=FORMATS)
    ref: str | None = setting(None, "References: print BLEU and chrF on stderr when done.")
    word_scores: bool = setting(False, WORD_SCORES_HELP)
    markup: str = setting("auto", MARKUP_HELP, choices=(*MARKUP_MODES, *DIALECTS))
    quiet: bool = setting(False, QUIET_HELP, "--quiet", "-q")

    def __post_init__(self) -> None:
        if self.chunk_lines < 1:
            raise ValueError("--chunk-lines must be positive")
        if self.word_scores and self.fmt != "jsonl":
            raise ValueError("--word-scores goes with --format jsonl")
