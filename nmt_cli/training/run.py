"""One training run, from settings to a model directory: the core behind `nmt train`.

    from pathlib import Path
    from nmt_cli.training import train
    from nmt_cli.model.config import ModelConfig
    from nmt_cli.training.config import CorpusFiles, RunSpec, TrainConfig

    spec = RunSpec(corpora=[CorpusFiles("train.de", "train.en")],
                   valid=[CorpusFiles("val.de", "val.en")],
                   model=ModelConfig(arch="transformer"), train=TrainConfig(max_steps=1000))
    progress = train(spec, Path("runs/de-en"))          # the run directory is the model
    print(progress.best, progress.best_step)

:class:`Run` reads top to bottom: the run's directory and lock, its tokenizer, the teacher's
links (guided alignment: teacher.py), the data, the model, and the fit (trainer.py). Messages
leave through ``callbacks``; the core prints nothing. SIGINT and SIGTERM finish the current
step, save a checkpoint and raise :class:`Interrupted`. The settings: config.py.

RUN/                    a complete model directory (what `nmt translate --model RUN` reads)
    config.json  tokenizer.json  model.safetensors (best so far)  meta.json
    run.json            everything needed to resume: data paths, model and train settings
    metrics.jsonl       one JSON object per step and per validation
    checkpoints/        the last K resumable checkpoints
    train.lock          held by the live training process
"""

from __future__ import annotations

import contextlib
import platform
import signal
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from nmt_cli import __version__
from nmt_cli.errors import ConfigError, InputError
from nmt_cli.model.bundle import (
    CONFIG_FILE,
    TOKENIZER_FILE,
    WORD_LISTS,
    read_words,
    sha256_file,
    write_config,
    write_words,
)
from nmt_cli.output import write_text_atomic
from nmt_cli.protect.names import WordCounts
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.settings import to_dict
from nmt_cli.textio import is_stream
from nmt_cli.training.checkpoint import list_checkpoints
from nmt_cli.training.config import RunSpec
from nmt_cli.training.config_file import init_languages_notice
from nmt_cli.training.corpora import check_corpus, corpora_text
from nmt_cli.training.distributed import World
from nmt_cli.training.names import name_pool, pair_names
from nmt_cli.training.placeholders import mask_pair
from nmt_cli.training.run_dir import NewRunUndo, RunLock, check_output_dir, clear_run
from nmt_cli.training.run_file import RUN_FILE, spec_to_json, with_absolute_paths
from nmt_cli.training.swaps import names_report
from nmt_cli.training.teacher import (
    check_teacher_tools,
    prepare_teacher,
    resolve_teacher,
    run_is_guided,
)
from nmt_cli.training.trainer import CHECKPOINTS, Callbacks, Progress


class Interrupted(KeyboardInterrupt):
    """Training stopped by a signal after saving a checkpoint; ``signal`` names it."""

    def __init__(self, step: int, signal_name: str):
        super().__init__(signal_name)
        self.step, self.signal = step, signal_name


def train(
    spec: RunSpec,
    run_dir: Path,
    *,
    resume: bool = False,
    overwrite: bool = False,
    callbacks: Callbacks | None = None,
    world: World | None = None,
    warn=None,
) -> Progress:
    """Train ``spec`` into ``run_dir`` (or continue it: ``resume``); returns the progress."""
    run = Run(spec, run_dir, resume, callbacks or Callbacks(), world or World(), warn)
    return run.train(overwrite)


class Run:
    """One run of ``spec`` in ``run_dir``, on the processes of ``world``."""

    def __init__(self, spec: RunSpec, run_dir: Path, resume: bool, cb: Callbacks, world, warn):
        self.spec, self.run_dir, self.resume = spec, run_dir, resume
        self.cb, self.world, self.warn = cb, world, warn

    def train(self, overwrite: bool) -> Progress:
        """Check, take the directory, then tokenizer, teacher, data, model, fit."""
        import torch

        spec, run_dir, world = self.spec, self.run_dir, self.world
        if not self.resume:
            check_output_dir(run_dir, overwrite)
            self.spec = spec = resolve_settings(spec)
            if world.is_main and (notice := init_languages_notice(spec)):
                (self.warn or self.cb.on_message)(notice)
        check_inputs(spec, self.cb.on_message if world.is_main else None)
        check_teacher_tools(spec, run_dir, cached=self.resume or not overwrite)  # else dropped
        world.barrier()  # every process has checked before rank 0 writes anything
        new_run = world.is_main and not self.resume
        if spec.train.threads:
            torch.set_num_threads(spec.train.threads)
        with contextlib.ExitStack() as held:
            undo = held.enter_context(NewRunUndo(run_dir, new_run))  # until training starts
            if world.is_main:
                run_dir.mkdir(parents=True, exist_ok=True)
                held.enter_context(RunLock(run_dir))
                if not self.resume and overwrite:
                    clear_run(run_dir)
                    undo.cleared()
            tok = self.tokenizer()
            counts = WordCounts()
            train_data, valid_data = load_data(
                spec, tok, self.cb.on_message, self.warn, self.teacher(), counts
            )
            if world.is_main:  # the names the model will copy are the words it was not taught
                for name, words in taught_words(spec, counts).items():
                    write_words(run_dir / name, words)
            trainer = self.trainer(tok, train_data, valid_data)
            undo.keep()  # training starts: from here on the run is one to resume
            return self.fit(trainer)

    def tokenizer(self):
        """The run's tokenizer (rank 0 trains or copies it; the others read it)."""
        world, cb = self.world, self.cb
        tok, stats = prepare_tokenizer(
            self.spec, self.run_dir, self.resume or not world.is_main, self.warn
        )
        world.barrier()  # the run's tokenizer exists now
        if stats is not None:
            cb.on_message(
                f"trained a joint BPE tokenizer: {stats.vocab_size:,} pieces, "
                f"{stats.subwords_per_line:.1f} subwords per line"
            )
        return tok

    def teacher(self):
        """The teacher's links of a guided run, or None: rank 0 runs the aligner; the others
        read its cache once it is written."""
        teacher = None
        if self.world.is_main:
            teacher = prepare_teacher(self.spec, self.run_dir, self.cb.on_message)
        self.world.barrier()
        if not self.world.is_main:
            teacher = prepare_teacher(self.spec, self.run_dir, self.cb.on_message)
        return teacher

    def trainer(self, tok, train_data, valid_data):
        """The model (new, from ``init``'s weights, or resumed) and its trainer."""
        import torch

        from nmt_cli.model import build_model, count_parameters
        from nmt_cli.training.trainer import Trainer

        spec, run_dir, cb, world = self.spec, self.run_dir, self.cb, self.world
        torch.manual_seed(spec.train.seed)
        model = build_model(spec.model, tok.vocab_size, tok.vocab_size)
        # resumed with no checkpoint yet (killed early): a new run's (not random weights, BLEU 0)
        checkpointed = self.resume and bool(list_checkpoints(run_dir / CHECKPOINTS))
        if spec.init and not checkpointed:  # fine-tuning: its weights (float16 become float32)
            from nmt_cli.model.bundle import WEIGHTS_FILE, load_weights, read_config

            gained = tok.vocab_size - read_config(Path(spec.init))[1]  # the placeholders
            load_weights(model, Path(spec.init) / WEIGHTS_FILE, new_rows=max(gained, 0))
            cb.on_message(f"starting from the weights of {spec.init}")
            if gained > 0:
                gain = f"the vocabulary gained {gained} pieces: the mean row plus noise each"
                cb.on_message(gain)
        if self.resume:
            check_tokenizer_fits(tok, run_dir)
        elif world.is_main:
            write_config(run_dir, model.config, tok.vocab_size, tok.vocab_size, spec.languages)
        if world.is_main:  # resumed: the training options given, for the next --resume too
            write_text_atomic(run_dir / RUN_FILE, spec_to_json(spec))
        meta = make_meta(spec, count_parameters(model))
        trainer = Trainer(model, tok, train_data, valid_data, spec.train, run_dir, cb, meta, world)
        if self.resume and not trainer.resume():
            cb.on_message(f"{run_dir}: no checkpoint yet, starting from step 0")
        procs = f"; {world.size} process{'es' * (world.size > 1)}" if world.distributed else ""
        cb.on_message(
            f"{count_parameters(model):,} parameters; {len(train_data):,} training pairs, "
            f"{len(valid_data):,} validation pairs; {spec.train.precision}; run directory "
            f"{run_dir}{procs}"
        )
        return trainer

    @staticmethod
    def fit(trainer) -> Progress:
        """``trainer.fit()``; a first SIGINT or SIGTERM finishes the step and checkpoints."""

        def stop(signum, frame):  # finish the step, checkpoint, then stop
            if trainer.stop_requested:  # a second signal: stop now
                raise KeyboardInterrupt
            trainer.stop_requested = signal.Signals(signum).name

        previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            return trainer.fit()
        except KeyboardInterrupt:
            raise Interrupted(trainer.progress.step, trainer.stop_requested or "SIGINT") from None
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)


def resolve_settings(spec: RunSpec) -> RunSpec:
    """A new run's settings as it will record them: ``precision = "auto"`` becomes what this
    machine supports, a guided run's ``teacher = "auto"`` the teacher it will use, and its
    files' paths absolute, so that a resumed run continues as it began, from any folder."""
    from nmt_cli.hardware.precision import resolve_precision

    precision = resolve_precision(spec.train.precision, spec.train.device)
    train = replace(spec.train, precision=precision, teacher=resolve_teacher(spec))
    return with_absolute_paths(replace(spec, train=train))


def check_inputs(spec: RunSpec, report=None) -> None:
    """Every file exists, and the files of a corpus have one line per pair; a file of pairs is
    read whole (a malformed one is one error before training starts), its counts to
    ``report``."""
    for role, path in spec.files():
        if not Path(path).is_file():
            what, side = role.split(".")
            what = {"train": "training", "valid": "validation"}[what]
            side = {"src": "source", "tgt": "target"}.get(side, side)
            raise InputError(f"{what} {side} {path}: {_not_a_file(path)}")
    for c in spec.corpora + spec.valid:
        check_corpus(c, spec.languages, report)


def _not_a_file(path: str | Path) -> str:
    """Why ``path``, no regular file, cannot be a corpus: a pipe (`--src <(zcat a.gz)`) would
    be read to its end by the first look, and training reads its corpora every epoch; so
    would stdin, ``-`` (before: "no such file", as if it were a file's name)."""
    if str(path) == "-" or is_stream(path):
        return (
            f"{'stdin' if str(path) == '-' else 'a pipe or a device'}, which can be read only "
            "once: training reads a corpus again each epoch; give a file (gzip and xz are read "
            "as they are)"
        )
    return "not a file" if Path(path).exists() else "no such file"


def prepare_tokenizer(spec: RunSpec, run_dir: Path, resume: bool, warn):
    """The run's tokenizer: the one in the run (resume), a given one, or a new joint BPE; a run
    with placeholders (``placeholder_share``) adds the reserved ones it lacks."""
    from nmt_cli.model.tokenizer import Tokenizer
    from nmt_cli.model.tokenizer_training import train_tokenizer

    stored = run_dir / TOKENIZER_FILE
    if resume and stored.is_file():
        tok = Tokenizer.load(stored)
        if spec.train.placeholder_share > 0 and not tok.reserves_placeholders:
            raise ConfigError(
                "placeholder_share: this run's tokenizer has no placeholders (it began without "
                "them); start a new run (--init this one) to train with them"
            )
        return tok, None
    if spec.tokenizer or spec.init:
        tok, stats = Tokenizer.load(spec.tokenizer or Path(spec.init) / TOKENIZER_FILE), None
    else:
        lines = corpora_text(spec.corpora, spec.languages, warn)
        tok, stats = train_tokenizer(lines, vocab_size=spec.train.vocab_size, model="bpe")
    if spec.train.placeholder_share > 0:
        tok = tok.with_placeholders()
    tok.save(stored)
    return tok, stats


def make_meta(spec: RunSpec, parameters: int) -> dict[str, Any]:
    import torch

    return {
        "nmt_cli_version": __version__,
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "command": sys.argv,
        "parameters": parameters,
        "data": [
            {"role": role, "path": str(Path(path).resolve()), "sha256": sha256_file(path)}
            for role, path in spec.files()
        ],
        "model": to_dict(spec.model),
        "train": to_dict(spec.train),
    }


def check_tokenizer_fits(tokenizer, run_dir: Path) -> None:
    if (run_dir / CONFIG_FILE).is_file():
        from nmt_cli.model.bundle import read_config

        _, src_vocab, _ = read_config(run_dir)
        if src_vocab != tokenizer.vocab_size:
            raise ConfigError(
                f"the tokenizer has {tokenizer.vocab_size} tokens but the run was built for "
                f"{src_vocab}"
            )


def taught_words(spec: RunSpec, counts: WordCounts) -> dict[str, set[str]]:
    """Per word list (bundle.WORD_LISTS): the source words the run's pairs teach, and every
    word their target sides hold; with the --init model's."""
    lists = dict(zip(WORD_LISTS, (counts.known(), set(counts.written))))
    for name in lists if spec.init else ():
        lists[name] |= read_words(Path(spec.init) / name) or set()
    return lists


def longest_pair(spec: RunSpec) -> int:
    """The most subwords a side of a training pair may have: --max-len, and no more than a
    Transformer's positions (longer pairs would fail on a shape error), so that a model of
    max_positions below the default max_len leaves the longer pairs out, as fairseq's
    --skip-invalid-size-inputs-valid-test does, and trains on the rest."""
    if spec.model.arch == "transformer":
        return min(spec.train.max_len, spec.model.max_positions)
    return spec.train.max_len


def load_data(spec: RunSpec, tok, on_message, warn, teacher=None, counts=None):
    """Training data (a guided run's with the links that ``teacher``, a LinksFile, or the
    corpora give it; a run with placeholders, with its pairs' placeholder versions) and
    validation data; ``counts`` (a WordCounts) hears the training pairs."""
    from nmt_cli.training.data import load_corpora

    masker = None
    if spec.train.placeholder_share > 0:
        masker = partial(mask_pair, SpanFinder(), languages=spec.languages)
    guided = run_is_guided(spec)
    limit = longest_pair(spec)
    args = (spec.corpora, tok, limit, warn)
    languages = spec.languages
    namer = partial(pair_names, SpanFinder()) if spec.train.name_swap_share > 0 else None
    train_data = load_corpora(
        *args,
        guided=guided,
        teacher=teacher,
        masker=masker,
        languages=languages,
        namer=namer,
        counts=counts,
    )
    if namer is not None:
        train_data.name_pool = name_pool(train_data.named.values())
        on_message(names_report(train_data, spec.train.name_swap_share))
    positions = spec.model.max_positions if spec.model.arch == "transformer" else None
    valid_data = load_corpora(spec.valid, tok, positions, warn, keep_text=True, languages=languages)
    if masker is not None:
        on_message(
            f"placeholders: {len(train_data.variants):,} of {len(train_data):,} training pairs "
            f"share spans; {spec.train.placeholder_share:g} of those show them, each epoch"
        )
    warn = warn or on_message
    if valid_data.dropped_empty or valid_data.dropped_long:
        longer = f" and {valid_data.dropped_long:,} longer than {positions} subwords"
        longer += " (the Transformer's max_positions)"
        warn(
            f"validation: left out {valid_data.dropped_empty:,} pairs with an empty side"
            + longer * bool(valid_data.dropped_long)
        )
    if train_data.dropped_empty or train_data.dropped_long:
        if limit < spec.train.max_len:  # the model's positions, not --max-len, set the limit
            why = f" (the Transformer's max_positions, below --max-len {spec.train.max_len})"
        else:
            why = "; --max-len ([train] max_len) keeps longer ones" * bool(train_data.dropped_long)
        warn(
            f"training: left out {train_data.dropped_empty:,} pairs with an empty side and "
            f"{train_data.dropped_long:,} longer than {limit} subwords "
            f"(of {train_data.total:,}){why}"
        )
    return train_data, valid_data
