"""Checkpoint averaging: the mean of several checkpoints' weights as a new model directory.

Averaging the last few checkpoints of a run usually gives a slightly better model than any one
of them (Vaswani et al. 2017 averaged the last 5). The average has the first model's config,
tokenizer, meta.json and own files (bundle.RESOURCE_FILES: its memories and tables of names, as
nmt export copies them), and every model's known words and target words.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file

from nmt_cli.errors import ModelLoadError, UsageError
from nmt_cli.model.bundle import (
    CONFIG_FILE,
    TOKENIZER_FILE,
    WEIGHTS_FILE,
    WORD_LISTS,
    check_replaceable,
    copy_resources,
    new_model_directory,
    read_config,
    read_meta,
    read_words,
    write_meta,
    write_weights,
    write_words,
)
from nmt_cli.output import check_writable


def _model_root(path: Path) -> Path:
    """The directory holding config.json and tokenizer.json for a checkpoint or model dir."""
    absolute = path.absolute()  # "step-00003000" given from inside checkpoints/ has a run too
    for candidate in (absolute, absolute.parent.parent):
        if (candidate / CONFIG_FILE).is_file() and (candidate / TOKENIZER_FILE).is_file():
            return candidate
    raise ModelLoadError(f"{path}: not a checkpoint of a run nor a model directory")


def _check_one_tokenizer(paths: list[Path], roots: list[Path]) -> None:
    """A UsageError unless every checkpoint's model splits text with the same tokenizer: ids
    of another vocabulary, averaged, are weights of no model. Runs of one tokenizer and sizes
    (two fine-tunes of one model: a model soup) may be averaged."""
    from nmt_cli.model.tokenizer import Tokenizer

    first = {root: path for path, root in reversed(list(zip(paths, roots)))}  # each run's
    definitions = {root: Tokenizer.load(root / TOKENIZER_FILE).definition for root in first}
    one = definitions[roots[0]]
    for root, definition in definitions.items():
        if definition != one:
            raise UsageError(
                f"{first[root]} and {paths[0]} belong to models of different tokenizers "
                f"({root / TOKENIZER_FILE} is not {roots[0] / TOKENIZER_FILE}): their weights "
                "average into no model"
            )


def _check_distinct(paths: list[Path]) -> None:
    """A UsageError if one checkpoint is given twice (by one path, or by two that name one
    directory): its weights would count double in the mean."""
    seen: dict[Path, Path] = {}
    for path in paths:
        first = seen.setdefault(path.resolve(), path)
        if first is not path:
            which = f"{path}" if str(first) == str(path) else f"{first} and {path}: one checkpoint"
            raise UsageError(f"{which} given twice would weigh double; give each checkpoint once")


def _dtype_kept(dtypes: set) -> str:
    """The weights' dtype of an average of weights of ``dtypes``: float16 where every model's
    is (a soup of exported models is as small as they are, its meta.json, the first's, right
    to say "float16"), else float32."""
    return "float16" if dtypes == {torch.float16} else "float32"


def average_checkpoints(paths: list[Path], output: Path) -> None:
    """Average the weights of ``paths`` (checkpoint or model directories of one model)."""
    from nmt_cli.model import build_model

    if len(paths) < 2:
        raise UsageError("give at least two checkpoints to average")
    check_writable(output)
    check_replaceable(output)
    roots = [_model_root(p) for p in paths]
    configs = {tuple(map(str, read_config(r))) for r in roots}
    if len(configs) != 1:
        raise UsageError("the checkpoints belong to models of different configurations")
    _check_distinct(paths)  # once each is known a model's: what it is, said first
    _check_one_tokenizer(paths, roots)
    total: dict[str, torch.Tensor] = {}
    dtypes: set[torch.dtype] = set()  # of the floating weights: float16 of exported models
    for p in paths:
        try:
            tensors = load_file(str(p / WEIGHTS_FILE))
        except (FileNotFoundError, SafetensorError, OSError) as e:
            raise ModelLoadError(f"{p}: no readable {WEIGHTS_FILE} ({e})") from None
        if total and tensors.keys() != total.keys():
            raise ModelLoadError(f"{p}: its weights do not match the other checkpoints'")
        for name, t in tensors.items():
            total[name] = total.get(name, 0) + t.double()
        dtypes.update(t.dtype for t in tensors.values() if t.is_floating_point())
    model = build_model(*read_config(roots[0]))  # (config, src_vocab, tgt_vocab)
    state = model.state_dict()
    for name, t in total.items():  # state_dict() tensors are detached: copy_ records no grad
        state[name].copy_((t / len(paths)).to(state[name].dtype))
    with new_model_directory(output) as tmp:
        for name in (CONFIG_FILE, TOKENIZER_FILE):
            shutil.copyfile(roots[0] / name, tmp / name)
        # float16 models (nmt export's) average into one: as small, and as its meta.json says
        write_weights(tmp / WEIGHTS_FILE, model, _dtype_kept(dtypes))
        for name in WORD_LISTS:  # what the runs' training taught:
            lists = [w for w in (read_words(r / name) for r in set(roots)) if w is not None]
            if lists:  # names are told from them (protect/names.py, inference/names.py)
                write_words(tmp / name, frozenset().union(*lists))
        copy_resources(roots[0], tmp)  # the first model's memories and tables of names
        # Provenance: the run's meta.json (its data, command and versions) and what was averaged.
        meta = {**read_meta(roots[0]), "averaged": [str(p) for p in paths]}
        write_meta(tmp, meta)
