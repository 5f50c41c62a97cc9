"""A run's settings: its data (CorpusFiles), its model (ModelConfig) and its training
(TrainConfig, a config file's ``[train]`` table), together a RunSpec.

Where they come from: a new run's from a config file and the flags given (config_file.py,
with `nmt train`'s options in options.py); a resumed run's from its run.json (run_file.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from nmt_cli.errors import ConfigError
from nmt_cli.formats.pairs import PAIR_FORMATS
from nmt_cli.hardware.device import DEVICES
from nmt_cli.hardware.precision import PRECISIONS
from nmt_cli.model.config import ModelConfig
from nmt_cli.settings import choose, from_dict, require, setting

SCHEDULES = ("inverse_sqrt", "plateau", "constant", "cosine")  # cosine: to min_lr at max_steps
METRICS = ("bleu", "chrf", "ppl", "loss")
BATCH_SORTS = ("source", "target", "none")  # see nmt_cli.buckets.length_batches
# see nmt_cli.align.links.symmetrise
SYMMETRISATIONS = ("intersect", "grow-diag", "grow-diag-final-and", "forward", "reverse")
TEACHERS = ("auto", "eflomal", "self")  # see .teacher.choose_teacher
TEACHER_HELP = (
    "Guided alignment's links: auto (eflomal if eflomal-align is installed, else the --init "
    "model's own supervised head), eflomal, self, or a FILE of links (as --alignments)."
)


@dataclass(frozen=True)
class TrainConfig:
    seed: int = setting(1, "Random seed.")
    epochs: int = setting(30, "Passes over the training data.")
    max_steps: int = setting(0, "Stop after this many updates (0: no limit).")
    # stop after this much wall-clock training time (0: no limit)
    max_minutes: float = setting(0.0, "Wall-clock budget in minutes (0: none).")
    # a batch: its pairs x its longest source or target (with </s>), as buckets.length_batches
    batch_tokens: int = setting(4096, "Padded tokens per batch: pairs x longest side.")
    batch_sort: str = "source"  # length order inside a pool of batches: source, target or none
    # subword tokens (</s> counted); longer pairs are filtered out (and counted)
    max_len: int = setting(100, "Longest training pair kept, in subwords.")
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
    threads: int = setting(0, "CPU threads for torch (0: torch default).")
    # torchrun for several GPUs
    device: str = setting("cpu", "cpu, or cuda (one GPU per process).")
    # fp32, bf16 (mixed: bfloat16 matrix products, float32 weights, optimiser and loss), or auto:
    # bf16 where the device computes it natively, else fp32; a run records what auto chose
    precision: str = setting("auto", "auto, fp32 or bf16.")
    # guided alignment (with [model] guided_alignment): weight of the alignment loss; the
    # teacher of corpora without their own links (auto: eflomal if installed, else a guided
    # --init model's own head; a run records which), and how eflomal's two directions are
    # combined. A FILE of links given as the teacher is the one corpus's alignments instead
    # (config_file.teacher_file_as_links), so a RunSpec's teacher is always one of TEACHERS.
    guided_weight: float = setting(0.05, "Alignment loss weight.")
    teacher: str = setting("auto", TEACHER_HELP)
    teacher_symmetrise: str = "intersect"
    # share of the training pairs (0-1, drawn anew each epoch) whose spans found on both sides
    # become reserved placeholders <ph0>... on both sides (placeholders.py); the tokenizer
    # gains them and the embeddings rows for them where it lacks them
    placeholder_share: float = setting(0.0, "Share of pairs with spans as placeholders.")
    # share of the training pairs (0-1, drawn anew each epoch) whose names, the same words on
    # both sides, are replaced by other names of the training data on both sides (names.py)
    name_swap_share: float = setting(0.0, "Share of pairs with their names swapped.")
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
        shares = ("placeholder_share", "name_swap_share")
        require(self, shares, lambda v: 0.0 <= v <= 1.0, "must be in [0, 1]")
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
    """One parallel corpus: line k of ``src`` and of ``tgt`` is a pair (plain, gzip or xz), or
    a file of ``pairs`` (corpora.py: a .po, .mo, .tmx or .xliff memory, TAB or JSON lines).

    weight      how many times each pair is drawn per epoch (0.5: a random half; 2: twice)
    alignments  the user's word links (Pharaoh, whitespace words), one line per pair of
                ``src`` and ``tgt`` (a memory's pairs take the teacher's)
    format      the format of ``pairs`` (formats/pairs.py; None: by its extension)
    """

    src: str = ""
    tgt: str = ""
    weight: float = 1.0
    alignments: str | None = None
    pairs: str | None = None
    format: str | None = None

    def __post_init__(self) -> None:
        if self.pairs is None and not (self.src and self.tgt):
            raise ValueError("a corpus is src and tgt, or pairs")
        if self.pairs is not None and (self.src or self.tgt):
            raise ValueError("a corpus is src and tgt, or pairs, not both")
        if self.pairs is not None and self.alignments:
            raise ValueError("alignments go with src and tgt; a file of pairs takes the teacher's")
        if self.format is not None and self.format not in PAIR_FORMATS:
            raise ValueError(f"format {self.format!r}: one of {', '.join(PAIR_FORMATS)}")
        if self.format is not None and self.pairs is None:
            raise ValueError("format goes with pairs")
        if not 0 < self.weight < float("inf"):  # 0: no pair drawn, a run of no step
            raise ValueError(f"a weight is a number above 0, not {self.weight:g}")


def corpora_from(entries: Any, where: str) -> list[CorpusFiles]:
    """[{src, tgt, weight?, alignments?} or {pairs, format?, weight?}, ...] -> CorpusFiles;
    unknown keys are errors."""
    if not isinstance(entries, list):
        raise ConfigError(f"{where}: expected a list of {{src, tgt}} or {{pairs}} tables")
    return [from_dict(CorpusFiles, dict(e), f"{where}[{k}]") for k, e in enumerate(entries)]


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
                if c.pairs is not None:
                    out.append((f"{name}.pairs", c.pairs))
                    continue
                out += [(f"{name}.src", c.src), (f"{name}.tgt", c.tgt)]
                if c.alignments:
                    out.append((f"{name}.alignments", c.alignments))
        return out
