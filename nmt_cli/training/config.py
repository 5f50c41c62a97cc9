"""A run's settings: data (CorpusFiles), model (ModelConfig) and training (TrainConfig, the
``[train]`` table), from flags and a TOML file, kept in run.json (RunSpec); the run directory
`nmt train` trains in, new or resumed (RunOptions).

A new run's settings come from ``[model]``, ``[train]`` and ``[data]`` tables of a config file,
overridden by the flags given; ``run.json`` in the run directory keeps them for ``--resume``.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from nmt_cli.device import DEVICES
from nmt_cli.errors import ConfigError, InputError, UsageError
from nmt_cli.model.config import ModelConfig
from nmt_cli.precision import PRECISIONS
from nmt_cli.settings import (
    choose,
    flag_of,
    from_dict,
    option_fields,
    read_document,
    require,
    setting,
    to_dict,
)

SCHEDULES = ("inverse_sqrt", "plateau", "constant", "cosine")  # cosine: to min_lr at max_steps
METRICS = ("bleu", "chrf", "ppl", "loss")
BATCH_SORTS = ("source", "target", "none")  # see nmt_cli.training.batching.batch_indices
# see .guided.symmetrise
SYMMETRISATIONS = ("intersect", "grow-diag", "grow-diag-final-and", "forward", "reverse")
TEACHERS = ("auto", "eflomal", "self")  # see .guided.choose_teacher


@dataclass(frozen=True)
class TrainConfig:
    seed: int = setting(1, "Random seed.")
    epochs: int = setting(30, "Passes over the training data.")
    max_steps: int = setting(0, "Stop after this many updates.")  # 0: no limit
    # stop after this much wall-clock training time (0: no limit)
    max_minutes: float = setting(0.0, "Wall-clock budget.")
    batch_tokens: int = setting(4096, "Target tokens per batch.")  # padded
    batch_sort: str = "source"  # length order inside a pool of batches: source, target or none
    max_len: int = 100  # subword tokens; longer pairs are filtered out (and counted)
    lr: float = setting(1e-3, "Peak learning rate.")
    schedule: str = "inverse_sqrt"
    warmup_steps: int = 1000
    plateau_factor: float = 0.5
    plateau_patience: int = 2
    min_lr: float = 1e-6
    clip_norm: float = 1.0
    label_smoothing: float = 0.1
    weight_decay: float = 0.0
    adam_betas: tuple[float, float] = (0.9, 0.98)
    valid_every: int = setting(1000, "Validate every N updates.")  # steps
    # validate (and checkpoint) at each epoch end too
    valid_at_epoch_end: bool = setting(True, "Validate at each epoch end too.")
    valid_beam: int = 1  # 1: greedy
    valid_max_len_a: float = 1.5
    valid_max_len_b: int = 10
    early_stop_metric: str = "bleu"
    patience: int = setting(8, "Validations without gain before a stop (0: never).")
    keep_last: int = 3  # checkpoints kept besides the best model
    threads: int = setting(0, "CPU threads for torch.")  # 0: leave torch's default
    # torchrun for several GPUs
    device: str = setting("cpu", "cpu, or cuda (one GPU per process).")
    # fp32, bf16 (mixed: bfloat16 matrix products, float32 weights, optimiser and loss), or auto:
    # bf16 where the device computes it natively, else fp32; a run records what auto chose
    precision: str = setting("auto", "auto, fp32 or bf16.")
    # guided alignment (with [model] guided_alignment): weight of the alignment loss; the
    # teacher of corpora without their own links (auto: eflomal if installed, else a guided
    # --init model's own head; a run records which; nmt train --teacher also takes a file of
    # links), and how eflomal's two directions are combined
    guided_weight: float = setting(0.05, "Alignment loss weight.")
    teacher: str = "auto"
    teacher_symmetrise: str = "intersect"
    vocab_size: int = 8000  # for the joint BPE tokenizer trained when none is given
    log_every: int = 50

    def __post_init__(self) -> None:
        choose(self, dict(schedule=SCHEDULES, batch_sort=BATCH_SORTS, device=DEVICES))
        choose(self, dict(early_stop_metric=METRICS, precision=PRECISIONS))
        choose(self, dict(teacher=TEACHERS, teacher_symmetrise=SYMMETRISATIONS))
        require(self, ("guided_weight", "max_minutes"), lambda v: v >= 0, "must not be negative")
        counts = ("epochs", "batch_tokens", "max_len", "valid_every", "valid_beam", "vocab_size")
        require(self, (*counts, "log_every", "keep_last"), lambda v: v >= 1, "must be at least 1")
        optional = ("max_steps", "patience", "threads", "warmup_steps")
        require(self, optional, lambda v: v >= 0, "must not be negative")
        require(self, ("lr",), lambda v: v > 0, "must be positive")
        require(self, ("label_smoothing",), lambda v: 0.0 <= v < 1.0, "must be in [0, 1)")
        if len(self.adam_betas) != 2:
            raise ValueError("adam_betas takes two numbers")
        if self.schedule == "cosine" and self.max_steps <= self.warmup_steps:
            raise ValueError("schedule cosine decays to max_steps: give max_steps > warmup_steps")

    def lr_at(self, step: int, plateau_scale: float = 1.0) -> float:
        """Learning rate for optimiser step ``step`` (1-based)."""
        if self.schedule == "inverse_sqrt":
            w = max(self.warmup_steps, 1)
            return self.lr * min(step / w, (w / max(step, 1)) ** 0.5)
        warm = min(1.0, step / self.warmup_steps) if self.warmup_steps else 1.0
        if self.schedule == "plateau":
            return max(self.lr * plateau_scale, self.min_lr) * warm
        if self.schedule == "cosine" and step > self.warmup_steps:
            done = min(1.0, (step - self.warmup_steps) / (self.max_steps - self.warmup_steps))
            return self.min_lr + (self.lr - self.min_lr) * 0.5 * (1.0 + math.cos(math.pi * done))
        return self.lr * warm

    @property
    def higher_is_better(self) -> bool:
        return self.early_stop_metric in ("bleu", "chrf")


@dataclass(frozen=True)
class CorpusFiles:
    """One parallel corpus: line k of ``src`` and of ``tgt`` is a pair (plain, gzip or xz).

    weight      how many times each pair is drawn per epoch (0.5: a random half; 2: twice)
    alignments  the user's word links (Pharaoh, whitespace words), one line per pair
    """

    src: str
    tgt: str
    weight: float = 1.0
    alignments: str | None = None


TEACHER_HELP = (
    "Guided alignment's links: auto (eflomal if eflomal-align is installed, else the --init "
    "model's own supervised head), eflomal, self, or a FILE of links (as --alignments)."
)


@dataclass(frozen=True)
class DataOptions:
    """A new run's data as `nmt train`'s options give it (None: not given; a config file's
    [data] table then): corpora, their languages, a tokenizer, a model to start from. A resumed
    run keeps all of them."""

    src: list[str] | None = setting(None, "Training source text; repeatable.")
    tgt: list[str] | None = setting(None, "Training target text; repeatable.")
    valid_src: list[str] | None = setting(None, "Validation source; repeatable.")
    valid_tgt: list[str] | None = setting(None, "Validation target; repeatable.")
    weight: list[float] | None = setting(None, "Per corpus: times drawn per epoch (default 1).")
    alignments: list[str] | None = setting(None, "Per corpus: word links, Pharaoh i-j.")
    teacher: str | None = setting(None, TEACHER_HELP)
    src_lang: str | None = setting(None, "Source language code, e.g. fr.")
    tgt_lang: str | None = setting(None, "Target language code, e.g. en.")
    tokenizer: str | None = setting(None, "A tokenizer.json (default: new BPE).")
    init: str | None = setting(None, "Fine-tune: start from this model (name or directory).")

    def spec(self, config_file: Path | None, model_flags: dict, train_flags: dict) -> RunSpec:
        """The new run's settings: these, ``config_file``'s, and the model's and training's
        options given (None: not given)."""
        alignments, teacher = self._teacher(len(self.src or []))
        data = self._corpora(alignments)
        data["languages"] = (self.src_lang, self.tgt_lang or "") if self.src_lang else None
        if self.init is not None:
            data["init"] = _init_model(self.init)
        train_flags = {**train_flags, "teacher": teacher}
        model_flags = {**model_flags, "dec_layers": model_flags["enc_layers"]}  # --layers: both
        return build_spec(data, config_file, model_flags, train_flags, self.tokenizer)

    def resumed_spec(
        self, run_dir: Path, output: Path | None, config_file: Path | None, model_flags: dict,
        train_flags: dict,
    ) -> RunSpec:  # fmt: skip
        """The settings of the run in ``run_dir``, resumed with the training options given
        (``train_flags``). A resumed run keeps its data, tokenizer and model: none of these
        options, no ``config_file`` and none of ``model_flags`` (None: not given) may be given;
        ``output``, if given, must be ``run_dir``."""
        if output is not None and output != run_dir:
            raise UsageError("give the run directory once: --resume DIR (without --output)")
        flags = {flag_of(f): getattr(self, f.name) for f in option_fields(DataOptions)}
        flags |= {"--config": config_file}
        flags |= {flag_of(f): model_flags[f.name] is not None for f in option_fields(ModelConfig)}
        given = [flag for flag, value in flags.items() if value]
        if given:
            raise UsageError(
                f"{', '.join(given)} cannot change on --resume: the run keeps its "
                "data, tokenizer and model (training options such as --epochs can)"
            )
        if not run_dir.is_dir():
            raise UsageError(f"--resume {run_dir}: no such run directory")
        return spec_from_run(run_dir, train_flags)

    def _teacher(self, corpora: int) -> tuple[list[str] | None, str | None]:
        """(--alignments, the teacher setting) of --teacher: a teacher by name, or a file of
        links, which is the one corpus's --alignments."""
        teacher, alignments = self.teacher, self.alignments
        if teacher is None or teacher in TEACHERS:
            return alignments, teacher
        if not Path(teacher).is_file():
            raise UsageError(
                f"--teacher must be {', '.join(TEACHERS)} or a file of links; {teacher}: "
                "no such file"
            )
        if alignments:
            raise UsageError("give links once: --teacher FILE or --alignments")
        if corpora != 1:
            raise UsageError(
                "--teacher FILE gives the links of one corpus; give --alignments per corpus"
            )
        return [teacher], None

    def _corpora(self, alignments: list[str] | None) -> dict:
        """Repeated --src/--tgt (with --weight, --alignments per corpus) as corpora."""
        src, tgt = self.src or [], self.tgt or []
        valid_src, valid_tgt = self.valid_src or [], self.valid_tgt or []
        if len(src) != len(tgt):
            raise UsageError(
                f"give --src and --tgt once per corpus (got {len(src)} and {len(tgt)})"
            )
        if len(valid_src) != len(valid_tgt):
            raise UsageError(
                f"give --valid-src and --valid-tgt once per set (got {len(valid_src)} and "
                f"{len(valid_tgt)})"
            )
        for name, values in (("--weight", self.weight), ("--alignments", alignments)):
            if values and len(values) != len(src):
                raise UsageError(f"give {name} once per corpus ({len(src)}), got {len(values)}")
        weights = self.weight or [1.0] * len(src)
        links = alignments or [None] * len(src)
        return {
            "train": [CorpusFiles(*c) for c in zip(src, tgt, weights, links)],
            "valid": [CorpusFiles(s, t) for s, t in zip(valid_src, valid_tgt)],
        }


@dataclass(frozen=True)
class RunOptions:
    """Where `nmt train` trains (a new run directory, or one to resume) and what it shows; the
    run's own settings are DataOptions, ModelConfig and TrainConfig."""

    output: Path | None = setting(None, "Run directory.", "--output", "-o")
    config: Path | None = setting(None, "TOML: [model], [train], [data].")
    resume: Path | None = setting(None, "Continue the run in this dir.")
    overwrite: bool = setting(False, "Replace a run in --output.")
    plot: bool = setting(False, "Write curves.png (needs matplotlib).")
    quiet: bool = setting(False, "Only errors and warnings.", "--quiet", "-q")

    def spec(self, data: DataOptions, model_flags: dict, train_flags: dict) -> tuple[Path, RunSpec]:
        """The run directory and the run's settings: the run in --resume's directory, resumed
        (DataOptions.resumed_spec), or a new one in --output's (DataOptions.spec)."""
        if self.resume is not None:
            args = (self.resume, self.output, self.config, model_flags, train_flags)
            return self.resume, data.resumed_spec(*args)
        if self.output is None:
            raise UsageError("missing --output (the run directory)")
        return self.output, data.spec(self.config, model_flags, train_flags)


def _init_model(init: str) -> Path:
    """The model directory that --init names."""
    from nmt_cli.pretrained import resolve_model

    path = resolve_model(init)
    if not (path / "config.json").is_file():
        raise UsageError(f"--init {init}: not a model directory or shipped model name")
    return path


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
