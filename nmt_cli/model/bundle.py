"""Model directories: a trained model as files that load without pickle.

    DIR/config.json        format version, model config, vocabulary sizes, and optionally
                           "source_language" / "target_language" (ISO 639-1 codes: "fr", "en")
                           and "length_penalty" (the search's default alpha for this model:
                           nmt_cli/length_penalty.py)
    DIR/tokenizer.json     the joint subword tokenizer (HuggingFace `tokenizers` JSON)
    DIR/model.safetensors  the weights (float32 or float16)
    DIR/meta.json          provenance: versions, data hashes, command line, best metrics
    DIR/known-words.txt    optional: the source words the training data taught the model,
                           one a line (nmt_cli/protect/names.py: the other names are copied)
    DIR/target-words.txt   optional: every word its training data's target side holds, one
                           a line (nmt_cli/inference/names.py: a sentence's first name is put
                           back only over a word the model was never shown)

Every file is written atomically; a model directory is what `nmt translate`, `nmt align` and
`nmt train --resume` read.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nmt_cli.errors import ModelLoadError, OutputError
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.name_tables import ACRONYMS_FILE, FIRST_NAMES_FILE, NAME_TABLES, read_pairs
from nmt_cli.output import atomic_directory, atomic_path, write_text_atomic
from nmt_cli.settings import from_dict, read_document, to_dict

FORMAT = "nmt-cli-model"
FORMAT_VERSION = 1
CONFIG_FILE = "config.json"
TOKENIZER_FILE = "tokenizer.json"
WEIGHTS_FILE = "model.safetensors"
META_FILE = "meta.json"
KNOWN_WORDS_FILE = "known-words.txt"
TARGET_WORDS_FILE = "target-words.txt"
WORD_LISTS = (KNOWN_WORDS_FILE, TARGET_WORDS_FILE)  # what a model's training taught it
# segments translated before (nmt_cli/inference/memory.py), asked in this order: a program's
# strings (fr-en: LibreOffice's), then everyday sentences (fr-en: Tatoeba's)
MEMORY_FILES = ("memory.tsv", "phrasebook.tsv")
MODEL_FILES = (CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE, META_FILE)
# a model's own files beside its weights, which nmt export and nmt average carry over as they are
RESOURCE_FILES = (*MEMORY_FILES, *NAME_TABLES)
LANGUAGE_CODE = re.compile(r"[a-z]{2}")  # ISO 639-1
LANGUAGE_KEYS = ("source_language", "target_language")


@dataclass
class Bundle:
    """A loaded model directory."""

    config: ModelConfig
    src_vocab_size: int
    tgt_vocab_size: int
    model: Any  # nmt_cli.model.Seq2Seq, eval mode
    tokenizer: Any  # nmt_cli.model.tokenizer.Tokenizer
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    languages: tuple[str, str] | None = None  # (source, target) ISO 639-1 codes, if recorded
    length_penalty: LengthPenalty | None = None  # the one chosen for this model, if recorded
    known_words: frozenset[str] | None = None  # its known-words.txt, if it has one
    target_words: frozenset[str] | None = None  # its target-words.txt, if it has one
    acronyms: dict[str, str] | None = None  # its acronyms.tsv, if it has one
    first_names: frozenset[str] | None = None  # its first-names.txt, if it has one


def write_config(
    directory: Path,
    config: ModelConfig,
    src_vocab: int,
    tgt_vocab: int,
    languages: tuple[str, str] | None = None,
    length_penalty: LengthPenalty | None = None,
) -> None:
    """config.json; ``languages`` (source, target), e.g. ("fr", "en"), and ``length_penalty``
    (the one `nmt translate` uses with this model unless told otherwise) are recorded if
    given."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "src_vocab_size": src_vocab,
        "tgt_vocab_size": tgt_vocab,
    }
    if languages is not None:
        for key, code in zip(LANGUAGE_KEYS, languages, strict=True):
            if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
                raise ValueError(f"{key} must be an ISO 639-1 code like 'fr', not {code!r}")
            data[key] = code
    if length_penalty is not None:
        length_penalty.record(data)
    data["model"] = to_dict(config)
    write_text_atomic(directory / CONFIG_FILE, json.dumps(data, indent=2) + "\n")


def write_weights(path: Path, model, dtype: str = "float32") -> None:
    """Weights as safetensors; tied parameters are stored once (the tie is in the config)."""
    import torch
    from safetensors.torch import save_file

    seen: dict[int, str] = {}
    tensors = {}
    for name, p in model.state_dict(keep_vars=True).items():
        if id(p) in seen:
            continue
        seen[id(p)] = name
        t = p.detach()
        if dtype == "float16" and t.is_floating_point():
            t = t.to(torch.float16)
        tensors[name] = t.contiguous()
    with atomic_path(path) as tmp:
        save_file(tensors, str(tmp), metadata={"format": FORMAT})


def save_bundle(
    directory: Path,
    model,
    tokenizer,
    meta: dict[str, Any] | None = None,
    dtype: str = "float32",
    languages: tuple[str, str] | None = None,
    length_penalty: LengthPenalty | None = None,
    known_words: frozenset[str] | None = None,
    target_words: frozenset[str] | None = None,
) -> None:
    """Write a complete model directory (creating ``directory`` if needed)."""
    directory.mkdir(parents=True, exist_ok=True)
    sizes = model.src_vocab_size, model.tgt_vocab_size
    write_config(directory, model.config, *sizes, languages, length_penalty)
    tokenizer.save(directory / TOKENIZER_FILE)
    write_weights(directory / WEIGHTS_FILE, model, dtype)
    if meta is not None:
        write_meta(directory, meta)
    if known_words is not None:
        write_words(directory / KNOWN_WORDS_FILE, known_words)
    if target_words is not None:
        write_words(directory / TARGET_WORDS_FILE, target_words)


def copy_resources(source: Path | None, target: Path) -> None:
    """The model directory ``source``'s RESOURCE_FILES (translation memories, tables of names:
    those it has) copied into the directory ``target`` (an export or an average of it)."""
    for name in RESOURCE_FILES if source is not None else ():
        if (Path(source) / name).is_file():
            shutil.copyfile(Path(source) / name, target / name)


def check_replaceable(target: Path) -> None:
    """An OutputError unless ``target`` is free, an empty directory, or a model directory (its
    files all a model's: no run, no checkpoints, nothing of a user's), which a new one replaces."""
    if target.exists() and not target.is_dir():
        raise OutputError(f"{target}: exists and is not a directory")
    names = {p.name for p in target.iterdir()} if target.is_dir() else set()
    if names and (
        CONFIG_FILE not in names
        or not names <= {*MODEL_FILES, *WORD_LISTS, *RESOURCE_FILES}
    ):
        raise OutputError(f"{target}: a directory that is not a model directory; not replaced")


@contextlib.contextmanager
def new_model_directory(target: Path) -> Iterator[Path]:
    """A directory to write a model into (see check_replaceable) that appears at ``target``
    complete or not at all; a failure leaves ``target`` as it was."""
    check_replaceable(target)
    with atomic_directory(target) as tmp:
        yield tmp


# Beside CTranslate2's own config.json in an export (model/ctranslate2.py): its nmt-cli settings
EXPORT_SETTINGS_FILE = "nmt-cli.json"


def _not_a_model(directory: Path) -> ModelLoadError:
    """The error for ``directory``, which holds no config.json: a run's checkpoint (its
    ``checkpoints/step-N``) is told apart, with the run and `nmt average` named."""
    run = directory.absolute().parent.parent
    if directory.absolute().parent.name == "checkpoints" and (run / CONFIG_FILE).is_file():
        return ModelLoadError(
            f"{directory}: a checkpoint of the run {run}, not a model directory; give the run "
            "(its best weights), or make a model of checkpoints with nmt average"
        )
    return ModelLoadError(f"{directory}: not a model directory (no {CONFIG_FILE})")


def _config_data(directory: Path) -> tuple[Path, dict[str, Any]]:
    """The path and checked JSON object of ``directory``'s config.json."""
    path = directory / CONFIG_FILE
    data = read_document(path, json.loads, "JSON", _not_a_model(directory), ModelLoadError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        if (directory / EXPORT_SETTINGS_FILE).is_file():
            raise ModelLoadError(
                f"{directory}: a CTranslate2 export, which only nmt translate --engine "
                "ctranslate2 reads; give the nmt-cli model it was exported from"
            )
        raise ModelLoadError(f"{path}: not an nmt-cli model config")
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise ModelLoadError(
            f"{path}: model format version {version} is not supported by this nmt-cli "
            f"(it reads version {FORMAT_VERSION})"
        )
    return path, data


def read_languages(directory: Path) -> tuple[str, str] | None:
    """(source, target) ISO 639-1 codes from config.json, or None when it records none.

    Both keys or neither: one without the other, or a value that is not a two-letter
    lowercase code, is a ModelLoadError.
    """
    path, data = _config_data(directory)
    if not any(k in data for k in LANGUAGE_KEYS):
        return None
    codes = tuple(data.get(k) for k in LANGUAGE_KEYS)
    for key, code in zip(LANGUAGE_KEYS, codes):
        if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
            raise ModelLoadError(
                f'{path}: {key} must be an ISO 639-1 code like "fr" (found {code!r}); '
                "give both source_language and target_language, or neither"
            )
    return codes[0], codes[1]


def read_length_penalty(directory: Path) -> LengthPenalty | None:
    """The length penalty config.json records for the model's search, or None; a value that
    is not a number in bounds is a ModelLoadError."""
    path, data = _config_data(directory)
    return LengthPenalty.read(data, str(path), ModelLoadError)


def read_config(directory: Path) -> tuple[ModelConfig, int, int]:
    path, data = _config_data(directory)
    try:
        config = from_dict(ModelConfig, data["model"], where=f"{path}: model")
        return config, int(data["src_vocab_size"]), int(data["tgt_vocab_size"])
    except (KeyError, TypeError, ValueError) as e:
        raise ModelLoadError(f"{path}: incomplete model config ({e})") from None


def load_weights(model, path: Path, new_rows: int = 0) -> None:
    """Load safetensors weights into ``model``; any mismatch is a ModelLoadError. ``new_rows``:
    the pieces a tokenizer gained after the vocabulary of the weights (the reserved
    placeholders, Tokenizer.with_placeholders), given rows of their own (:func:`with_new_rows`)."""
    from safetensors import SafetensorError
    from safetensors.torch import load_file

    if not path.is_file():
        raise ModelLoadError(f"{path.parent}: incomplete model directory (no {path.name})")
    try:
        tensors = load_file(str(path))
    except (SafetensorError, OSError, ValueError) as e:
        raise ModelLoadError(f"{path}: not a valid safetensors file ({e})") from None
    expected = model.state_dict(keep_vars=True)
    if new_rows:
        tensors = with_new_rows(tensors, {k: v.shape for k, v in expected.items()}, new_rows)
    stored = {id(expected[k]) for k in tensors if k in expected}  # a tied parameter is stored once
    missing = [k for k in expected if id(expected[k]) not in stored]
    unexpected = [k for k in tensors if k not in expected]
    if missing or unexpected:
        raise ModelLoadError(
            f"{path}: weights do not match the config "
            f"(missing {missing[:3]}, unexpected {unexpected[:3]})"
        )
    for name, t in tensors.items():
        if t.shape != expected[name].shape:
            raise ModelLoadError(
                f"{path}: {name} has shape {tuple(t.shape)}, the config needs "
                f"{tuple(expected[name].shape)} (does the tokenizer match the weights?)"
            )
    model.load_state_dict(tensors, strict=False)  # its copy_ casts float16 to the model's dtype


def with_new_rows(tensors: dict, shapes: dict, new_rows: int) -> dict:
    """``tensors`` with ``new_rows`` rows appended to each vocabulary matrix (an embedding, an
    output layer: one that ``shapes`` wants that many rows longer): the mean of its rows plus
    seeded noise of its rows' spread. A new piece starts as a word like the others, and no two
    start alike: rows that were equal would get equal logits (tied output), so the model could
    not tell ``<ph0>`` from ``<ph1>`` until fine-tuning pulled them apart."""
    import torch

    out = {}
    for name, t in tensors.items():
        want = shapes.get(name)
        if want is not None and t.dim() and tuple(want) == (t.shape[0] + new_rows, *t.shape[1:]):
            rows = t.float()  # (V, ...)
            noise = torch.randn(
                (new_rows, *t.shape[1:]), generator=torch.Generator().manual_seed(0)
            )
            new = rows.mean(0, keepdim=True) + noise * rows.std(0, keepdim=True)  # (new_rows, ...)
            t = torch.cat([t, new.to(t.dtype)])
        out[name] = t
    return out


def load_bundle(path: str | Path) -> Bundle:
    """Load a model directory for inference (eval mode)."""
    from nmt_cli.model import build_model
    from nmt_cli.model.tokenizer import Tokenizer

    directory = Path(path)
    if not directory.exists():
        raise ModelLoadError(f"{directory}: no such model directory")
    if not directory.is_dir():
        raise ModelLoadError(f"{directory}: a model is a directory, not a file")
    config, src_vocab, tgt_vocab = read_config(directory)
    languages = read_languages(directory)
    penalty = read_length_penalty(directory)  # a bad config.json fails before the weights load
    tokenizer = Tokenizer.load(directory / TOKENIZER_FILE)
    if tokenizer.vocab_size not in (src_vocab, tgt_vocab):
        raise ModelLoadError(
            f"{directory}: the tokenizer has {tokenizer.vocab_size} tokens but the model was "
            f"built for {tgt_vocab}; tokenizer and weights do not belong together"
        )
    model = build_model(config, src_vocab, tgt_vocab)
    load_weights(model, directory / WEIGHTS_FILE)
    model.eval()
    meta = read_meta(directory)
    known = read_words(directory / KNOWN_WORDS_FILE)
    written = read_words(directory / TARGET_WORDS_FILE)
    return Bundle(
        config,
        src_vocab,
        tgt_vocab,
        model,
        tokenizer,
        meta,
        directory,
        languages,
        penalty,
        known,
        written,
        read_pairs(directory / ACRONYMS_FILE),
        read_words(directory / FIRST_NAMES_FILE),
    )


def write_words(path: Path, words) -> None:
    """A list of words (known-words.txt, target-words.txt): ``words`` sorted, one a line,
    atomically."""
    write_text_atomic(path, "".join(f"{w}\n" for w in sorted(words)))


def read_words(path: Path) -> frozenset[str] | None:
    """The words of a list :func:`write_words` wrote; None without the file."""
    if not path.is_file():
        return None
    try:
        return frozenset(path.read_text(encoding="utf-8").split())
    except (OSError, UnicodeDecodeError) as e:
        raise ModelLoadError(f"{path}: unreadable ({e})") from None


def write_meta(directory: Path, meta: dict[str, Any]) -> None:
    """``directory``'s meta.json (provenance: data, command, versions, scores), atomically."""
    write_text_atomic(directory / META_FILE, json.dumps(meta, indent=2) + "\n")


def read_meta(directory: Path) -> dict[str, Any]:
    """``directory``'s meta.json; {} when it is missing or unreadable (it is provenance only)."""
    with contextlib.suppress(OSError, json.JSONDecodeError, UnicodeDecodeError):
        meta = json.loads((directory / META_FILE).read_text(encoding="utf-8"))
        return meta if isinstance(meta, dict) else {}
    return {}


def sha256_file(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
