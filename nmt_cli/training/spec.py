"""A run's settings: data, model and training, from flags and a TOML file, kept in run.json.

A new run's settings come from ``[model]``, ``[train]`` and ``[data]`` tables of a config file,
overridden by the flags given; ``run.json`` in the run directory keeps them for ``--resume``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from nmt_cli.errors import ConfigError, InputError, UsageError
from nmt_cli.model.config import ModelConfig
from nmt_cli.settings import from_dict, read_document, to_dict
from nmt_cli.training.config import CorpusFiles, TrainConfig

RUN_FILE = "run.json"
# Settings added after runs had started, at the values such runs were trained with: a run.json
# without them resumes as it began, not with today's defaults.
SETTINGS_OF_OLDER_RUNS = {
    "model": {"rnn_init": "xavier"},
    "train": {"batch_sort": "target", "teacher": "eflomal"},
}


@dataclass
class RunSpec:
    corpora: list[CorpusFiles]  # training corpora, in order
    valid: list[CorpusFiles]  # validation sets, concatenated
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    tokenizer: str | None = None  # a given tokenizer.json, else one is trained
    languages: tuple[str, str] | None = None  # (source, target), e.g. ("fr", "en")
    init: str | None = None  # a model directory whose weights, tokenizer and model start the run

    def files(self) -> list[tuple[str, str]]:
        """(role, path) of every data file."""
        out = []
        for name, sets in (("train", self.corpora), ("valid", self.valid)):
            for c in sets:
                out += [(f"{name}.src", c.src), (f"{name}.tgt", c.tgt)]
                if c.alignments:
                    out.append((f"{name}.alignments", c.alignments))
        return out


TABLES = ("model", "train", "data")


def read_toml_config(path: Path) -> dict[str, dict[str, Any]]:
    """The [model], [train] and [data] tables of a TOML config file."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    missing = InputError(f"{path}: no such config file")
    data = read_document(path, tomllib.loads, "TOML", missing, ConfigError)
    unknown = set(data) - set(TABLES)
    if unknown:
        raise ConfigError(
            f"{path}: unknown table(s) {sorted(unknown)}; use [model], [train] and [data]"
        )
    return {t: data.get(t, {}) for t in TABLES}


def corpora_from(entries: Any, where: str) -> list[CorpusFiles]:
    """[{src, tgt, weight?, alignments?}, ...] -> CorpusFiles; unknown keys are errors."""
    if not isinstance(entries, list):
        raise ConfigError(f"{where}: expected a list of {{src, tgt}} tables")
    return [from_dict(CorpusFiles, dict(e), f"{where}[{k}]") for k, e in enumerate(entries)]


def build_spec(
    data: dict[str, Any],
    config_file: Path | None,
    model_flags: dict[str, Any],
    train_flags: dict[str, Any],
    tokenizer: str | None,
) -> RunSpec:
    """Settings from the config file, overridden by flags that were given (not None).

    ``data``: "train" and "valid" lists of corpora (empty: take the file's [data] table), and
    "languages" (source, target) or None."""
    tables = read_toml_config(config_file) if config_file else {t: {} for t in TABLES}
    model_table = {**tables["model"], **{k: v for k, v in model_flags.items() if v is not None}}
    train_table = {**tables["train"], **{k: v for k, v in train_flags.items() if v is not None}}
    where = str(config_file) if config_file else "options"
    file_data = dict(tables["data"])
    unknown = set(file_data) - {"train", "valid", "source_language", "target_language"}
    if unknown:
        raise ConfigError(f"{where}: [data]: unknown key(s) {sorted(unknown)}")
    corpora = data["train"] or corpora_from(file_data.get("train", []), f"{where}: [data] train")
    valid = data["valid"] or corpora_from(file_data.get("valid", []), f"{where}: [data] valid")
    languages = data.get("languages")
    if languages is None and "source_language" in file_data:
        languages = (file_data["source_language"], file_data.get("target_language", ""))
    missing = [name for name, sets in (("training", corpora), ("validation", valid)) if not sets]
    if missing:
        raise UsageError(f"missing {' and '.join(missing)} data")
    init = data.get("init")
    if init is not None:
        model_table, languages = _from_init(init, model_table, tokenizer, languages)
    return RunSpec(
        corpora=corpora,
        valid=valid,
        model=from_dict(ModelConfig, model_table, f"{where}: [model]"),
        train=from_dict(TrainConfig, train_table, f"{where}: [train]"),
        tokenizer=tokenizer,
        languages=tuple(languages) if languages else None,
        init=str(init) if init is not None else None,
    )


# What fine-tuning may change in the model it starts from; the rest (vocabulary, sizes) is fixed.
INIT_MAY_CHANGE = ("dropout", "ff_dropout", "guided_alignment", "full_context_alignment")


def _from_init(init: Path, model_table: dict, tokenizer, languages):
    """The model settings of a run that starts from the model in ``init``."""
    from nmt_cli.model.bundle import read_config, read_languages

    base = to_dict(read_config(init)[0])
    fixed = [k for k, v in model_table.items() if k not in INIT_MAY_CHANGE and base.get(k) != v]
    if fixed:
        raise ConfigError(
            f"{', '.join(sorted(fixed))} cannot change when starting from {init}: the model keeps "
            f"its vocabulary and sizes (only {', '.join(INIT_MAY_CHANGE)} can)"
        )
    if tokenizer is not None:
        raise ConfigError(f"a run that starts from {init} uses its tokenizer; give no other")
    changed = {k: v for k, v in model_table.items() if k in INIT_MAY_CHANGE}
    return {**base, **changed}, languages or read_languages(init)


def spec_to_json(spec: RunSpec) -> str:
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
    path = run_dir / RUN_FILE
    missing = InputError(f"{run_dir}: no training run to resume (no {RUN_FILE})")
    data = read_document(path, json.loads, "JSON", missing, InputError)
    model_table = {**SETTINGS_OF_OLDER_RUNS["model"], **data["model"]}
    overrides = {k: v for k, v in train_overrides.items() if v is not None}
    stored = data["train"].get("precision", "fp32")
    wanted = overrides.pop("precision", None)
    if wanted is not None and wanted not in ("auto", stored):
        raise ConfigError(
            f"precision cannot change on resume: this run trains in {stored} (a resumed run "
            "continues exactly as it began)"
        )
    train_table = {**SETTINGS_OF_OLDER_RUNS["train"], **data["train"], **overrides}
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
        train=from_dict(TrainConfig, train_table, f"{path}: train"),
        languages=tuple(languages) if languages else None,
        init=data.get("init"),
    )


def resolve_settings(spec: RunSpec) -> RunSpec:
    """A new run's settings as it will record them: ``precision = "auto"`` becomes what this
    machine supports, and ``teacher = "auto"`` of a guided run the teacher it will use (see
    teacher.choose_teacher), so that a resumed run continues as it began."""
    from nmt_cli.precision import resolve_precision
    from nmt_cli.training.teacher import choose_teacher

    precision = resolve_precision(spec.train.precision, spec.train.device)
    teacher = spec.train.teacher
    if spec.model.guided_alignment and any(not c.alignments for c in spec.corpora):
        teacher = choose_teacher(teacher, spec.init)
    return replace(spec, train=replace(spec.train, precision=precision, teacher=teacher))
