"""Training a subword tokenizer (`nmt tokenizer train`, and a run's own in `nmt train`):
HuggingFace `tokenizers` trainers behind the project's normalisation, special tokens and byte
fallback (tokenizer.py), and the statistics of what a training read."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nmt_cli.errors import ConfigError, InputError, OutputError, UsageError
from nmt_cli.model.tokenizer import (
    BYTE_PIECES,
    MODELS,
    WORD_MARK,
    Tokenizer,
)
from nmt_cli.output import check_writable
from nmt_cli.settings import setting
from nmt_cli.textio import check_files, lines_of
from nmt_cli.vocab import SPECIAL_TOKENS

# Characters removed outright; they carry no meaning for translation and break word splits.
_INVISIBLE = "[\u200b\u200c\u200d\u2060\ufeff\u00ad]"


def _normalizer(lowercase: bool):
    from tokenizers import Regex, normalizers

    steps = [
        normalizers.NFKC(),
        normalizers.Replace(Regex(_INVISIBLE), ""),
        # A literal "▁" in the text would be read back as a space: keep it visible as "_".
        normalizers.Replace(WORD_MARK, "_"),
        normalizers.Replace(Regex(r"\s+"), " "),
        normalizers.Strip(),
    ]
    if lowercase:
        steps.append(normalizers.Lowercase())
    return normalizers.Sequence(steps)


def _decoder(model: str):
    from tokenizers import decoders

    if model == "wordpiece":
        steps = [decoders.WordPiece(prefix="##", cleanup=False), decoders.Replace(WORD_MARK, " ")]
    else:
        steps = [decoders.Replace(WORD_MARK, " "), decoders.ByteFallback(), decoders.Fuse()]
    return decoders.Sequence([*steps, decoders.Strip(" ", 1, 0)])


@dataclass(frozen=True)
class TokenizerOptions:
    """How a tokenizer is trained (:func:`train_tokenizer`'s settings; the options of
    `nmt tokenizer train`)."""

    vocab_size: int = setting(8000, "Size of the vocabulary.")
    model: str = setting("bpe", "bpe, unigram or wordpiece.", choices=MODELS)
    # None: not given, so 2 (a unigram model, which merges nothing, refuses one given)
    min_frequency: int | None = setting(
        None, "Least count for a merge (bpe, wordpiece; default 2)."
    )
    lowercase: bool = setting(False, "Lowercase all text.")

    def __post_init__(self) -> None:
        if self.model == "unigram" and self.min_frequency is not None:
            raise ValueError(
                "--min-frequency counts the merges of bpe and wordpiece; a unigram model "
                "merges nothing (--vocab-size alone sizes it): leave it out"
            )


@dataclass
class CorpusStats:
    """What a training run read and how the new tokenizer splits it."""

    vocab_size: int
    lines: int
    characters: int
    subwords_per_line: float
    unknown_char_share: float
    sampled_lines: int

    def rows(self) -> list[tuple[str, str]]:
        """(what, figure) for a table of these statistics."""
        sampled = (
            "" if self.sampled_lines == self.lines else f" (first {self.sampled_lines:,} lines)"
        )
        return [
            ("vocabulary size", f"{self.vocab_size:,}"),
            ("lines read", f"{self.lines:,}"),
            ("characters read", f"{self.characters:,}"),
            ("subwords per line" + sampled, f"{self.subwords_per_line:.2f}"),
            ("unknown characters" + sampled, f"{100 * self.unknown_char_share:.4f} %"),
        ]


def _with_byte_fallback(hf_tokenizer, model: str):
    """Append the 256 byte pieces to a trained BPE or unigram model and switch fallback on."""
    from tokenizers import Tokenizer as HFTokenizer

    data = json.loads(hf_tokenizer.to_str())
    m = data["model"]
    if model == "bpe":
        for piece in BYTE_PIECES:
            m["vocab"].setdefault(piece, len(m["vocab"]))
    else:  # unigram: a list of [piece, log-prob]; bytes are a last resort
        known = {piece for piece, _ in m["vocab"]}
        floor = min(score for _, score in m["vocab"]) - 1.0
        m["vocab"].extend([piece, floor] for piece in BYTE_PIECES if piece not in known)
    m["byte_fallback"] = True
    return HFTokenizer.from_str(json.dumps(data))


def train_tokenizer(
    lines: Iterable[str],
    vocab_size: int,
    model: str = "bpe",
    min_frequency: int = 2,
    lowercase: bool = False,
    sample_size: int = 100_000,
) -> tuple[Tokenizer, CorpusStats]:
    """Train one tokenizer on ``lines``; returns it and statistics over what was read."""
    from tokenizers import pre_tokenizers

    if model not in MODELS:
        raise UsageError(f"unknown tokenizer model {model!r}; choose one of {', '.join(MODELS)}")
    if vocab_size < 1:
        raise UsageError("--vocab-size must be a positive number")
    if min_frequency < 0:  # tokenizers would fail on it with an OverflowError
        raise UsageError("--min-frequency must not be negative")
    fallback = model != "wordpiece"
    reserved = len(SPECIAL_TOKENS) + (len(BYTE_PIECES) if fallback else 0)

    counted = {"lines": 0, "chars": 0}
    sample: list[str] = []
    alphabet: set[str] = set()  # every character read, for what a unigram vocabulary needs

    def counting(source: Iterable[str]) -> Iterator[str]:
        for line in source:
            counted["lines"] += 1
            counted["chars"] += len(line)
            alphabet.update(line)
            if len(sample) < sample_size:
                sample.append(line)
            yield line

    normalizer = _normalizer(lowercase)
    learned = max(vocab_size - reserved + len(SPECIAL_TOKENS), 1)  # bytes are added after
    common: dict[str, Any] = {"special_tokens": SPECIAL_TOKENS, "show_progress": False}
    common["vocab_size"] = learned  # WordPiece, without byte pieces: vocab_size itself
    hf, trainer = _untrained(model, min_frequency, common)
    hf.normalizer = normalizer
    hf.pre_tokenizer = pre_tokenizers.Metaspace(replacement=WORD_MARK, prepend_scheme="always")
    hf.decoder = _decoder(model)
    try:
        hf.train_from_iterator(counting(lines), trainer)
    except Exception as e:  # tokenizers raises a bare Exception
        if model == "unigram" and "not large enough" in str(e):
            needed = reserved + _unigram_pieces(normalizer, alphabet)
            raise _too_small(vocab_size, fallback, needed) from None
        raise
    if not any(normalizer.normalize_str(line) for line in sample):
        raise InputError("no text to train on: the input is empty or only white space")
    if fallback:
        hf = _with_byte_fallback(hf, model)
    trained_size = hf.get_vocab_size()
    if trained_size > vocab_size:
        unigram = model == "unigram"  # which may train more pieces than it needs
        needed = reserved + _unigram_pieces(normalizer, alphabet) if unigram else trained_size
        raise _too_small(vocab_size, fallback, needed)
    tok = Tokenizer(hf)
    return tok, corpus_stats(tok, sample, counted["lines"], counted["chars"])


def _too_small(vocab_size: int, fallback: bool, needed: int) -> ConfigError:
    return ConfigError(
        f"--vocab-size {vocab_size} is too small: the special tokens"
        + (", the 256 byte pieces" if fallback else "")
        + f" and the characters of this data need {needed}; use at least that"
    )


def _unigram_pieces(normalizer, alphabet: set[str]) -> int:
    """The pieces a unigram model of text of the characters ``alphabet`` learns at least: one
    per character and the word mark, and one more (as the trainer of `tokenizers` keeps)."""
    characters = set(normalizer.normalize_str("".join(sorted(alphabet)))) - {" "}
    return len(characters | {WORD_MARK}) + 1


def train_tokenizer_files(
    files: list[str],
    output: str | Path,
    options: TokenizerOptions,
    text: Callable[[str], Iterable[str]] | None = None,
) -> tuple[Path, CorpusStats]:
    """`nmt tokenizer train`: one tokenizer trained over all lines of ``files`` ('-': stdin,
    once; ``text``: what it gives of each file instead) and saved to ``output``, or to
    tokenizer.json inside it where ``output`` is a
    directory or ends with '/' (one it names is made; `-t DIR` reads it there); returns the
    file written and the statistics of what was read. The files and ``output`` are checked
    before the training, and training data must be clean: bad UTF-8 is an error."""
    if files.count("-") > 1:
        raise UsageError("'-' (stdin) can be given only once")
    check_files(files, pipes=True)  # <(cmd) too: read once
    folder = Path(output) if str(output).endswith(("/", os.sep)) or Path(output).is_dir() else None
    target = Path(output) if folder is None else folder / "tokenizer.json"
    if folder is not None and folder.exists() and not folder.is_dir():
        raise OutputError(f"{output}: exists and is not a directory")
    check_writable(folder if folder is not None and not folder.exists() else target)
    given = {k: v for k, v in dataclasses.asdict(options).items() if v is not None}
    lines = lines_of(files, strict=True) if text is None else (x for f in files for x in text(f))
    tok, stats = train_tokenizer(lines, **given)
    if folder is not None:
        folder.mkdir(exist_ok=True)
    tok.save(target)
    return target, stats


def _untrained(model: str, min_frequency: int, common: dict[str, Any]):
    """An untrained tokenizers.Tokenizer of ``model`` and the trainer that trains it."""
    from tokenizers import Tokenizer as HFTokenizer
    from tokenizers import models, trainers

    if model == "bpe":
        hf = HFTokenizer(models.BPE(unk_token="<unk>"))
        return hf, trainers.BpeTrainer(min_frequency=min_frequency, **common)
    if model == "unigram":
        return HFTokenizer(models.Unigram()), trainers.UnigramTrainer(unk_token="<unk>", **common)
    hf = HFTokenizer(models.WordPiece(unk_token="<unk>", continuing_subword_prefix="##"))
    trainer = trainers.WordPieceTrainer(
        min_frequency=min_frequency, continuing_subword_prefix="##", **common
    )
    return hf, trainer


def corpus_stats(tok: Tokenizer, sample: list[str], lines: int, characters: int) -> CorpusStats:
    """Subwords per line and the share of characters the vocabulary lacks, over ``sample``."""
    bare = (piece.removeprefix(WORD_MARK).removeprefix("##") for piece in tok._tok.get_vocab())
    alphabet = {b for b in bare if len(b) == 1}
    n_pieces = sum(len(tok.encode(line)) for line in sample)
    texts = [tok.normalise(line).replace(" ", "") for line in sample]
    n_chars = sum(map(len, texts))
    n_unknown = sum(c not in alphabet for text in texts for c in text)
    return CorpusStats(
        vocab_size=tok.vocab_size,
        lines=lines,
        characters=characters,
        subwords_per_line=n_pieces / max(len(sample), 1),
        unknown_char_share=n_unknown / max(n_chars, 1),
        sampled_lines=len(sample),
    )
