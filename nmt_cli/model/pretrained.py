"""Where models are found: an explicit --model, $NMT_MODEL, or the shipped default."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

from nmt_cli.errors import ModelLoadError, NmtNotice

DEFAULT_MODEL = "fr-en"
# Names of models that no longer ship -> the shipped model that takes their place.
RETIRED = {"fr-en-tatoeba": "fr-en"}


def pretrained_dirs() -> list[Path]:
    """Places the shipped models live: the source tree (editable installs, a clone) and the
    installed data directory (a wheel)."""
    here = Path(__file__).resolve().parent
    return [
        here.parent.parent / "pretrained",
        Path(sys.prefix) / "share" / "nmt-cli" / "pretrained",
    ]


def resolve_model(model: str | None) -> Path:
    """The model directory for ``--model`` (a path or the name of a shipped model)."""
    explicit = model is not None
    if model is None:
        model = os.environ.get("NMT_MODEL") or DEFAULT_MODEL
    path = Path(model)
    if path.exists() or explicit and (os.sep in model or model.startswith(".")):
        return path
    found = _installed(model)
    if found is None and model in RETIRED:
        warnings.warn(
            f"the model {model!r} no longer ships; using {RETIRED[model]!r}, which replaces it",
            NmtNotice,
            stacklevel=2,
        )
        model = RETIRED[model]
        found = _installed(model)
    if found is not None:
        return found
    if explicit:
        return path  # load_bundle says what is missing
    raise ModelLoadError(
        f"the default model {model!r} is not installed; pass --model DIR "
        "(a directory written by `nmt train`)"
    )


def _installed(name: str) -> Path | None:
    """The directory of the shipped model ``name``, or None."""
    return next((b / name for b in pretrained_dirs() if (b / name / "config.json").is_file()), None)
