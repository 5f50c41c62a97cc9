"""run.json: the settings a run trains with, written into its directory when it begins and read
back by `nmt train --resume`, so that a resumed run continues exactly as it began."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from nmt_cli.errors import InputError, UsageError
from nmt_cli.model.config import ModelConfig
from nmt_cli.settings import from_dict, from_dict_and_flags, read_document, to_dict
from nmt_cli.training.config import CorpusFiles, RunSpec, TrainConfig, corpora_from

RUN_FILE = "run.json"
# Settings added after runs had started, at the values such runs were trained with: a run.json
# without them resumes as it began, not with today's defaults.
SETTINGS_OF_OLDER_RUNS = {
    "model": {"rnn_init": "xavier"},
    "train": {"batch_sort": "target", "teacher": "eflomal"},
}


def with_absolute_paths(spec: RunSpec) -> RunSpec:
    """``spec`` with the paths of its files and folders absolute, so that a run resumed from
    another folder finds them (``cd / && nmt train --resume /runs/x``: "tr.de: no such file")."""
    corpora, valid = ([_files_absolute(c) for c in cs] for cs in (spec.corpora, spec.valid))
    paths = {"tokenizer": _absolute(spec.tokenizer), "init": _absolute(spec.init)}
    return replace(spec, corpora=corpora, valid=valid, **paths)  # a teacher: a name, no path


def _absolute(path: str | None) -> str | None:
    """A file's or folder's path made absolute (a link kept a link); anything else as is."""
    return os.path.abspath(path) if path and Path(path).exists() else path


def _files_absolute(c: CorpusFiles) -> CorpusFiles:
    names = ("src", "tgt", "pairs", "alignments")
    return replace(c, **{n: _absolute(getattr(c, n)) or getattr(c, n) for n in names})


def spec_to_json(spec: RunSpec) -> str:
    """The text of ``spec``'s run.json."""
    data = {
        "corpora": [asdict(c) for c in spec.corpora],
        "valid": [asdict(c) for c in spec.valid],
        "languages": list(spec.languages) if spec.languages else None,
        "tokenizer": spec.tokenizer,
        "init": spec.init,
        "model": to_dict(spec.model),
        "train": to_dict(spec.train),
    }
    return json.dumps(data, indent=2) + "\n"


def spec_from_run(run_dir: Path, train_overrides: dict[str, Any]) -> RunSpec:
    """The settings of the run in ``run_dir``, with the training settings ``train_overrides``
    gives (None: not given) in place of its own; its precision cannot change."""
    path = run_dir / RUN_FILE
    missing = InputError(f"{run_dir}: no training run to resume (no {RUN_FILE})")
    data = read_document(path, json.loads, "JSON", missing, InputError)
    model_table = {**SETTINGS_OF_OLDER_RUNS["model"], **data["model"]}
    overrides = {k: v for k, v in train_overrides.items() if v is not None}
    stored = data["train"].get("precision", "fp32")
    wanted = overrides.pop("precision", None)
    if wanted is not None and wanted not in ("auto", stored):
        raise UsageError(
            f"--precision cannot change on --resume: this run trains in {stored} (a resumed "
            "run continues exactly as it began)"
        )
    train_table = {**SETTINGS_OF_OLDER_RUNS["train"], **data["train"], **overrides}
    if "guided_weight" in overrides and not model_table.get("guided_alignment"):
        raise UsageError("--guided-weight: this run trains without guided alignment")
    if "corpora" in data:
        corpora = corpora_from(data["corpora"], f"{path}: corpora")
        valid = corpora_from(data["valid"], f"{path}: valid")
    else:  # a run begun before several corpora
        corpora = [CorpusFiles(data["src"], data["tgt"])]
        valid = [CorpusFiles(data["valid_src"], data["valid_tgt"])]
    languages = data.get("languages")
    return RunSpec(
        corpora=corpora,
        valid=valid,
        tokenizer=data.get("tokenizer"),
        model=from_dict(ModelConfig, model_table, f"{path}: model"),
        train=from_dict_and_flags(TrainConfig, train_table, f"{path}: train", overrides),
        languages=tuple(languages) if languages else None,
        init=data.get("init"),
    )
