"""`nmt train`'s own options: a new run's data (DataOptions) and where the run trains, new or
resumed (RunOptions). With the model's and training's settings given as flags (ModelConfig's
and TrainConfig's fields) they make the run's settings, a RunSpec; a wrong combination is a
UsageError naming the flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from nmt_cli.errors import InputError, UsageError
from nmt_cli.formats.pairs import PAIR_FORMATS
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.pretrained import resolve_model
from nmt_cli.settings import flag_of, option_fields, setting
from nmt_cli.training.config import CorpusFiles, RunSpec
from nmt_cli.training.config_file import build_spec
from nmt_cli.training.curves import plot_curves
from nmt_cli.training.distributed import World
from nmt_cli.training.run_file import spec_from_run

if TYPE_CHECKING:  # torch only once a run trains
    from nmt_cli.training.trainer import Callbacks, Progress

# What a resumed run keeps besides its data, tokenizer and model: the teacher of its links.
KEPT_ON_RESUME = ("teacher",)
PAIR_METAVAR = "|".join(("auto", *PAIR_FORMATS))  # auto: by extension, as score and align


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
    pairs: list[str] | None = setting(
        None, "Training pairs: .po, .mo, .tmx, .xliff, TAB or JSON lines; repeatable."
    )
    pairs_weight: list[float] | None = setting(None, "Per --pairs: times drawn per epoch.")
    pairs_format: list[str] | None = setting(
        None, "Per --pairs, or once for all (default: by extension).", metavar=PAIR_METAVAR
    )
    valid_pairs: list[str] | None = setting(None, "Validation pairs, as --pairs; repeatable.")
    src_lang: str | None = setting(None, "Source language, e.g. fr (a memory's side).")
    tgt_lang: str | None = setting(None, "Target language, e.g. en (a memory's side).")
    tokenizer: str | None = setting(None, "A tokenizer.json (default: new BPE).")
    init: str | None = setting(None, "Fine-tune: start from this model (name or directory).")

    def spec(self, config_file: Path | None, model_flags: dict, train_flags: dict) -> RunSpec:
        """The new run's settings: these, ``config_file``'s, and the model's and training's
        options given (None: not given)."""
        try:
            data = self._corpora()
        except ValueError as e:  # a corpus's own check (a weight not above 0)
            raise UsageError(f"--weight, --pairs-weight: {e}") from None
        given = (self.src_lang or "", self.tgt_lang or "")
        data["languages"] = given if any(given) else None
        if self.init is not None:
            data["init"] = _init_model(self.init)
        model_flags = {**model_flags, "dec_layers": model_flags["enc_layers"]}  # --layers: both
        return build_spec(data, config_file, model_flags, train_flags, self.tokenizer)

    def resumed_spec(
        self, run_dir: Path, output: Path | None, config_file: Path | None, model_flags: dict,
        train_flags: dict,
    ) -> RunSpec:  # fmt: skip
        """The settings of the run in ``run_dir``, resumed with the training options given
        (``train_flags``). A resumed run keeps its data, tokenizer, model and teacher: none of
        these options, no ``config_file``, none of ``model_flags`` and no teacher (None: not
        given) may be given; ``output``, if given, must be ``run_dir``."""
        if output is not None and output != run_dir:
            raise UsageError("give the run directory once: --resume DIR (without --output)")
        flags = {flag_of(f): getattr(self, f.name) for f in option_fields(DataOptions)}
        flags |= {"--config": config_file}
        flags |= {flag_of(f): model_flags[f.name] is not None for f in option_fields(ModelConfig)}
        flags |= {"--" + name: train_flags[name] is not None for name in KEPT_ON_RESUME}
        given = [flag for flag, value in flags.items() if value]
        if given:
            raise UsageError(
                f"{', '.join(given)} cannot change on --resume: the run keeps its data, "
                "tokenizer, model and teacher (training options such as --epochs can)"
            )
        if not run_dir.is_dir():
            raise InputError(f"--resume {run_dir}: no such run directory")
        return spec_from_run(run_dir, train_flags)

    def _corpora(self) -> dict:
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
        for name, values in (("--weight", self.weight), ("--alignments", self.alignments)):
            if values and len(values) != len(src):
                raise UsageError(f"give {name} once per corpus ({len(src)}), got {len(values)}")
        weights = self.weight or [1.0] * len(src)
        links = self.alignments or [None] * len(src)
        return {
            "train": [CorpusFiles(*c) for c in zip(src, tgt, weights, links)] + self._pair_files(),
            "valid": [CorpusFiles(s, t) for s, t in zip(valid_src, valid_tgt)]
            + [CorpusFiles(pairs=p) for p in self.valid_pairs or []],
        }

    def _pair_files(self) -> list[CorpusFiles]:
        """Repeated --pairs (with --pairs-weight per file, --pairs-format per file or once) as
        corpora, after those of --src and --tgt."""
        files = self.pairs or []
        weights = self.pairs_weight or [1.0] * len(files)
        given = self.pairs_format or [None]
        formats: list[str | None] = [None if f == "auto" else f for f in given]
        if len(weights) != len(files):
            raise UsageError(
                f"give --pairs-weight once per --pairs ({len(files)}), got {len(weights)}"
            )
        if len(formats) == 1:
            formats = formats * len(files)
        if len(formats) != len(files) or not files and self.pairs_format:
            raise UsageError(
                f"give --pairs-format once, or once per --pairs ({len(files)}), got {len(formats)}"
            )
        for fmt in formats:
            if fmt is not None and fmt not in PAIR_FORMATS:
                raise UsageError(f"--pairs-format {fmt}: one of {PAIR_METAVAR.replace('|', ', ')}")
        return [
            CorpusFiles(pairs=p, weight=w, format=f) for p, w, f in zip(files, weights, formats)
        ]


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
            if self.overwrite:  # it was passed over: the run went on, not started again
                raise UsageError("--overwrite starts a new run, --resume continues one: give one")
            args = (self.resume, self.output, self.config, model_flags, train_flags)
            return self.resume, data.resumed_spec(*args)
        if self.output is None:
            raise UsageError("missing --output (the run directory)")
        return self.output, data.spec(self.config, model_flags, train_flags)

    def train(
        self, spec: RunSpec, run_dir: Path, callbacks: Callbacks, world: World, warn
    ) -> Progress:
        """Train ``spec`` in ``run_dir`` as these options ask: a new run (over the one there
        with --overwrite) or the one resumed, then its curves.png with --plot; returns the
        run's progress (:func:`nmt_cli.training.run.train`)."""
        from nmt_cli.training.run import train  # torch: only once a run trains

        progress = train(
            spec, run_dir, resume=self.resume is not None, overwrite=self.overwrite,
            callbacks=callbacks, world=world, warn=warn,
        )  # fmt: skip
        if self.plot:
            plot_curves(run_dir / "metrics.jsonl", run_dir / "curves.png")
        return progress


def _init_model(init: str) -> Path:
    """The model directory that --init names."""
    path = resolve_model(init)
    if not (path / "config.json").is_file():
        raise UsageError(f"--init {init}: not a model directory or shipped model name")
    return path
