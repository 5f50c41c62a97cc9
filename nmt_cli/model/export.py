"""`nmt export`: a trained model copied into a compact directory, in nmt-cli's format (config,
tokenizer, weights, metadata; no checkpoints; float16 weights halve the size) or as a
CTranslate2 model directory (Transformers; ctranslate2.py).

The fields of :class:`ExportOptions` with a help text are the options of `nmt export`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from nmt_cli.errors import UsageError
from nmt_cli.hardware.precision import QUANTIZATIONS
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.settings import setting

FORMATS = ("nmt", "ctranslate2")
DTYPES = ("float32", "float16")
FORMAT_HELP = (
    "nmt: a model directory; ctranslate2: a CTranslate2 model directory (Transformers) for "
    "nmt translate --engine ctranslate2 or ctranslate2.Translator (pip install "
    "'nmt-cli[ctranslate2]')."
)
LENGTH_PENALTY_HELP = (
    "The length penalty alpha nmt translate uses with this model unless given one: choose it on "
    "validation data. [default: the model's, if it records one]"
)


@dataclass(frozen=True)
class ExportOptions:
    """How a model is exported: its format, its weights' type, the length penalty it records."""

    dtype: str | None = setting(
        None, "float32 or float16 weights. [default: float16]", choices=DTYPES
    )
    length_penalty: float | None = setting(None, LENGTH_PENALTY_HELP)  # alpha; None: the model's
    fmt: str = setting("nmt", FORMAT_HELP, "--format", choices=FORMATS)
    quantize: str | None = setting(
        None, "ctranslate2 format: int8 weights (else float32).", choices=QUANTIZATIONS
    )

    def __post_init__(self) -> None:
        if self.fmt == "ctranslate2" and self.dtype is not None:
            raise ValueError(
                "--dtype is for --format nmt; --format ctranslate2 takes --quantize int8"
            )
        if self.fmt == "nmt" and self.quantize is not None:
            raise ValueError("--quantize is for --format ctranslate2; --format nmt takes --dtype")
        if self.length_penalty is not None:
            LengthPenalty.of(self.length_penalty, "--length-penalty")  # in bounds, or refused


@dataclass(frozen=True)
class Exported:
    """What an export wrote."""

    source: Path  # the model directory exported
    weights: str  # e.g. "float16", "CTranslate2, int8"
    alignment_exported: bool  # False: a full-context alignment pass left behind (CTranslate2)


def export_model(model: str, output: Path, options: ExportOptions) -> Exported:
    """Export the model ``model`` names (a run or model directory, or a shipped model) to
    ``output``."""
    from nmt_cli.model.bundle import (
        check_replaceable,
        copy_resources,
        load_bundle,
        new_model_directory,
        save_bundle,
    )
    from nmt_cli.model.pretrained import resolve_model

    path = resolve_model(model)
    if output.resolve() == path.resolve():
        raise UsageError("--output must differ from the model directory")
    if options.fmt != "ctranslate2":
        check_replaceable(output)  # before the model loads
    bundle = load_bundle(path)
    penalty = bundle.length_penalty  # kept unless a new one is given
    if options.length_penalty is not None:
        penalty = LengthPenalty(options.length_penalty)
    if options.fmt == "ctranslate2":
        from nmt_cli.model.ctranslate2 import export_ctranslate2

        exported = export_ctranslate2(
            replace(bundle, length_penalty=penalty), output, options.quantize
        )
        weights = f"CTranslate2, {options.quantize or 'float32'}"
        return Exported(path, weights, exported.alignment_exported)
    dtype = options.dtype or "float16"
    meta = {**bundle.meta, "exported": {"from": str(path), "dtype": dtype}}
    with new_model_directory(output) as tmp:
        save_bundle(
            tmp,
            bundle.model,
            bundle.tokenizer,
            meta,
            dtype,
            bundle.languages,
            penalty,
            bundle.known_words,
            bundle.target_words,
        )
        copy_resources(bundle.path, tmp)
    return Exported(path, dtype, True)
