"""Subword tokenizers: training, encoding and decoding with HuggingFace `tokenizers`.

Every tokenizer this project makes has the four special tokens of nmt_cli/vocab.py, with their
fixed ids (<pad> = 0, <unk> = 1, <s> = 2, </s> = 3).

Text is normalised before it is split: NFKC (no-break, narrow no-break and thin spaces become
plain spaces), zero-width characters and soft hyphens removed, every run of white space folded to
one space, ends stripped, optionally lowercased. Words are marked with a leading "▁" (as in
SentencePiece), so decoding gives back the normalised text exactly. BPE and unigram tokenizers
also carry 256 byte pieces (``<0x00>`` ... ``<0xFF>``) as a fallback, so characters never seen
in training survive a round trip instead of becoming ``<unk>``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nmt_cli.errors import ConfigError, InputError, ModelLoadError, UsageError
from nmt_cli.model.pretrained import resolve_model
from nmt_cli.output import check_writable, write_text_atomic
from nmt_cli.protect.placeholders import set_apart
from nmt_cli.settings import setting
from nmt_cli.textio import check_files, lines_of
from nmt_cli.vocab import PLACEHOLDERS, SPECIAL_TOKENS, UNK

WORD_MARK = "\u2581"  # "▁", marks the start of a word in a piece
BYTE_PIECES = [f"<0x{b:02X}>" for b in range(256)]
MODELS = ("bpe", "unigram", "wordpiece")
HIDDEN = "\u200b"  # prefix that keeps a unigram special piece from matching text

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
    min_frequency: int = setting(2, "Least count for a merge (bpe, wordpiece).")
    lowercase: bool = setting(False, "Lowercase all text.")


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


def _specials_as_plain_pieces(hf_tokenizer):
    """Keep the special tokens in the vocabulary (ids 0-3) but stop matching them in text.

    HuggingFace matches "added tokens" in the raw input, so a user's literal "</s>" would become
    the end-of-sentence id. Without them, such text is split into ordinary pieces. The reserved
    placeholders (vocab.PLACEHOLDERS) stay added tokens: a protected span's placeholder is one
    piece, and a literal one in a user's text is itself a protected span.
    """
    from tokenizers import Tokenizer as HFTokenizer

    data = json.loads(hf_tokenizer.to_str())
    model = data["model"]
    unigram_specials = model["type"] == "Unigram" and any(
        piece in SPECIAL_TOKENS for piece, _ in model["vocab"][: len(SPECIAL_TOKENS)]
    )
    added = data.get("added_tokens") or []
    placeholders = [t for t in added if t["content"] in PLACEHOLDERS and not t["special"]]
    if len(placeholders) == len(added) and not unigram_specials:
        return hf_tokenizer
    data["added_tokens"] = placeholders  # reserved placeholders stay one piece (vocab.py)
    if unigram_specials:
        # A unigram lattice takes any vocabulary piece that matches the text, "<pad>" included.
        # Prefixed with a zero-width space, which normalisation removes from all input, the
        # special pieces can never match text.
        for entry in model["vocab"][: len(SPECIAL_TOKENS)]:
            entry[0] = HIDDEN + entry[0].removeprefix(HIDDEN)
    return HFTokenizer.from_str(json.dumps(data))


class Tokenizer:
    """A trained subword tokenizer with the project's fixed special tokens."""

    def __init__(self, hf_tokenizer, path: str | None = None):
        self._tok = hf_tokenizer = _specials_as_plain_pieces(hf_tokenizer)
        self.path = path
        for token_id, token in enumerate(SPECIAL_TOKENS):
            found = hf_tokenizer.token_to_id(token)
            if found is None:
                found = hf_tokenizer.token_to_id(HIDDEN + token)
            if found != token_id:
                where = path or "tokenizer"
                raise ModelLoadError(
                    f"{where}: special token {token} must have id {token_id}; "
                    "was this tokenizer made by `nmt tokenizer train`?"
                )
        self.model_type = json.loads(hf_tokenizer.to_str())["model"]["type"].lower()
        self.placeholder_ids = frozenset(filter(None, map(hf_tokenizer.token_to_id, PLACEHOLDERS)))

    @property
    def reserves_placeholders(self) -> bool:
        """Whether every reserved placeholder (vocab.PLACEHOLDERS) is a piece of its own."""
        return len(self.placeholder_ids) == len(PLACEHOLDERS)

    def with_placeholders(self) -> Tokenizer:
        """This tokenizer with the reserved placeholders it lacks as added tokens (not
        normalised, not special: one piece each), with the ids after its vocabulary."""
        import tokenizers

        hf = tokenizers.Tokenizer.from_str(self._tok.to_str())  # a copy
        missing = [name for name in PLACEHOLDERS if hf.token_to_id(name) is None]
        hf.add_tokens([tokenizers.AddedToken(p, normalized=False, special=False) for p in missing])
        return Tokenizer(hf, self.path)

    # -- loading and saving ------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Tokenizer:
        from tokenizers import Tokenizer as HFTokenizer

        p = Path(path) if Path(path).exists() or Path(path).name != str(path) else None
        p = p or resolve_model(str(path))  # a shipped model's name (fr-en): its tokenizer
        p = p / "tokenizer.json" if p.is_dir() else p
        if not p.is_file():
            raise ModelLoadError(f"{p}: no such tokenizer file")
        try:
            hf = HFTokenizer.from_file(str(p))
        except Exception as e:  # tokenizers raises a bare Exception on bad JSON
            raise ModelLoadError(
                f"{p}: not a valid tokenizer file ({str(e).splitlines()[0]})"
            ) from None
        return cls(hf, str(p))

    def save(self, path: str | Path) -> None:
        write_text_atomic(path, self._tok.to_str(pretty=False))

    # -- the tokenizer itself ----------------------------------------------------------------

    @property
    def vocab_size(self) -> int:
        return self._tok.get_vocab_size()

    def normalise(self, text: str) -> str:
        return self._tok.normalizer.normalize_str(text)

    def encode(self, text: str) -> list[int]:
        """Subword ids of ``text`` (no <s> or </s>)."""
        return self._tok.encode(text, add_special_tokens=False).ids

    def encode_batch(self, texts: Sequence[str]) -> list[list[int]]:
        return [e.ids for e in self._tok.encode_batch(list(texts), add_special_tokens=False)]

    def encode_batch_with_offsets(
        self, texts: Sequence[str]
    ) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """Per text: its ids and each piece's character span [start, end) in the text as given."""
        encoded = self._tok.encode_batch(list(texts), add_special_tokens=False)
        return [(e.ids, e.offsets) for e in encoded]

    def encode_words(self, lines: Sequence[str]) -> list[tuple[list[int], list[int], int]]:
        """For each line: ``(ids, word of each id, number of words)``, words as ``line.split()``
        gives them. Each word is encoded on its own (the same pieces as the whole line, since
        words are split before subwords): every piece knows its word even when normalisation
        would merge or drop words."""
        words = [line.split() for line in lines]
        flat = iter(self.encode_batch([w for ws in words for w in ws]))
        out = []
        for ws in words:
            pieces = [next(flat) for _ in ws]  # each word's ids
            ids = [i for word in pieces for i in word]
            owner = [n for n, word in enumerate(pieces) for _ in word]
            out.append((ids, owner, len(ws)))
        return out

    def pieces(self, text: str) -> list[str]:
        return [self.id_to_piece(i) for i in self.encode(text)]

    def encode_line(self, line: str, ids: bool = False) -> str:
        """``line`` as its pieces (``ids``: their ids), separated by spaces."""
        return " ".join(map(str, self.encode(line)) if ids else self.pieces(line))

    def decode_line(self, line: str, ids: bool = False) -> str:
        """The text of a line of space-separated pieces (``ids``: ids; others: a ValueError)."""
        if not ids:
            return self.decode_pieces(line.split())
        try:
            return self.decode(int(x) for x in line.split())
        except (ValueError, OverflowError):
            raise ValueError("expected space-separated integer ids") from None

    def decode(self, ids: Iterable[int]) -> str:
        """Text of ``ids``; special tokens are left out; a placeholder is a word of its own."""
        kept = [i for i in map(int, ids) if i >= len(SPECIAL_TOKENS)]
        text = self._tok.decode(kept)
        return set_apart(text) if self.placeholder_ids.intersection(kept) else text

    def id_to_piece(self, token_id: int) -> str:
        pieces, token_id = self._pieces, int(token_id)
        return pieces[token_id] if 0 <= token_id < len(pieces) else SPECIAL_TOKENS[UNK]

    @functools.cached_property
    def _pieces(self) -> list[str]:  # every id's, in id order: read for each translated token
        rest = range(len(SPECIAL_TOKENS), self.vocab_size)
        return [*SPECIAL_TOKENS, *(self._tok.id_to_token(i) or SPECIAL_TOKENS[UNK] for i in rest)]

    def piece_to_id(self, piece: str) -> int:
        if piece in SPECIAL_TOKENS:
            return SPECIAL_TOKENS.index(piece)
        token_id = self._tok.token_to_id(piece)
        return UNK if token_id is None else token_id

    def decode_pieces(self, pieces: Iterable[str]) -> str:
        return self.decode(self.piece_to_id(p) for p in pieces)

    def word_starts(self, ids: Sequence[int]) -> list[bool]:
        """For each piece of ``ids``, whether it begins a word of their decoded text: as
        starts_word, but with placeholders, by the words decoding gives each prefix."""
        ids = [int(i) for i in ids]
        if not self.placeholder_ids.intersection(ids):
            return [self.starts_word(i) for i in ids]
        counts = [len(self.decode(ids[: n + 1]).split()) for n in range(len(ids))]
        return [n == 0 or counts[n] > counts[n - 1] for n in range(len(ids))]

    def starts_word(self, token_id: int) -> bool:
        """Whether the piece begins a new whitespace-separated word."""
        piece = self.id_to_piece(token_id)
        if self.model_type == "wordpiece":
            return not piece.startswith("##")
        return piece.startswith(WORD_MARK)


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
    fallback = model != "wordpiece"
    reserved = len(SPECIAL_TOKENS) + (len(BYTE_PIECES) if fallback else 0)

    counted = {"lines": 0, "chars": 0}
    sample: list[str] = []

    def counting(source: Iterable[str]) -> Iterator[str]:
        for line in source:
            counted["lines"] += 1
            counted["chars"] += len(line)
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
    hf.train_from_iterator(counting(lines), trainer)

    if not any(normalizer.normalize_str(line) for line in sample):
        raise InputError("no text to train on: the input is empty or only white space")
    if fallback:
        hf = _with_byte_fallback(hf, model)
    trained_size = hf.get_vocab_size()
    if trained_size > vocab_size:
        raise ConfigError(
            f"--vocab-size {vocab_size} is too small: the special tokens"
            + (", the 256 byte pieces" if fallback else "")
            + f" and the characters of this data need {trained_size}; use at least that"
        )
    tok = Tokenizer(hf)
    return tok, corpus_stats(tok, sample, counted["lines"], counted["chars"])


def train_tokenizer_files(files: list[str], output: Path, options: TokenizerOptions) -> CorpusStats:
    """`nmt tokenizer train`: one tokenizer trained over all lines of ``files`` ('-': stdin,
    once) and saved to ``output``; returns the statistics of what was read. The files and
    ``output`` are checked before the training, and training data must be clean: bad UTF-8
    is an error."""
    if files.count("-") > 1:
        raise UsageError("'-' (stdin) can be given only once")
    check_files(files)
    check_writable(output)
    tok, stats = train_tokenizer(lines_of(files, strict=True), **dataclasses.asdict(options))
    tok.save(output)
    return stats


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
