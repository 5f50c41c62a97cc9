"""Subword tokenizers: encoding and decoding with HuggingFace `tokenizers` (training them:
tokenizer_training.py).

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

import functools
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from nmt_cli.errors import ModelLoadError
from nmt_cli.model.pretrained import resolve_model
from nmt_cli.output import write_text_atomic
from nmt_cli.protect.placeholders import set_apart
from nmt_cli.textio import open_bytes
from nmt_cli.vocab import PLACEHOLDERS, SPECIAL_TOKENS, UNK

WORD_MARK = "\u2581"  # "▁", marks the start of a word in a piece
BYTE_PIECES = [f"<0x{b:02X}>" for b in range(256)]
MODELS = ("bpe", "unigram", "wordpiece")
HIDDEN = "\u200b"  # prefix that keeps a unigram special piece from matching text


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
        if p.is_dir() and not (p / "tokenizer.json").is_file():  # "." named no folder
            raise ModelLoadError(
                f"{p.absolute()}: a directory without tokenizer.json; give a tokenizer file, "
                "a model directory or a shipped model's name"
            )
        p = p / "tokenizer.json" if p.is_dir() else p
        if not p.is_file():
            raise ModelLoadError(f"{p}: no such tokenizer file")
        try:  # one `nmt tokenizer train -o tok.json.gz` wrote compressed too
            with open_bytes(p) as f:
                hf = HFTokenizer.from_str(f.read().decode("utf-8"))
        except Exception as e:  # tokenizers raises a bare Exception on bad JSON
            raise ModelLoadError(
                f"{p}: not a valid tokenizer file ({str(e).splitlines()[0]})"
            ) from None
        return cls(hf, str(p))

    def save(self, path: str | Path) -> None:
        write_text_atomic(path, self.definition)

    @property
    def definition(self) -> str:
        """The tokenizer as JSON (tokenizer.json's text): two that split alike have the same."""
        return self._tok.to_str(pretty=False)

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
        """The text of a line of space-separated pieces (``ids``: ids); a word that is no
        integer (``ids``), or a piece or an id the vocabulary has not: a ValueError naming it
        (a piece the vocabulary lacks would otherwise be ``<unk>``, left out of the text)."""
        words = line.split()
        try:
            found = [int(w) for w in words] if ids else [self.piece_to_id(w) for w in words]
        except (ValueError, OverflowError):
            raise ValueError(
                "expected space-separated integer ids (pieces? leave out --ids)"
            ) from None
        for word, token_id in zip(words, found):
            unknown = token_id == UNK and word != SPECIAL_TOKENS[UNK] and not ids
            if unknown or not 0 <= token_id < self.vocab_size:
                last = self.vocab_size - 1
                raise ValueError(
                    f"id {word} is not one of the vocabulary's, 0-{last}"
                    if ids
                    else f"piece {word!r} is not in the vocabulary"
                    + (" (ids? give --ids)" if word.isdigit() else "")
                )
        return self.decode(found)

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
