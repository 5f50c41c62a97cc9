"""What a tokenizer's vocabulary spells in bytes: the characters it has no piece for.

A BPE or unigram tokenizer of this project spells a character it never met in training, or met
too rarely for a piece of its own, as its UTF-8 bytes (``{`` is ``<0x7B>``; model/tokenizer.py);
a WordPiece one as <unk>. A model met those pieces too rarely to copy them: fr-en wrote ``{*}``
as "<*>", ``~.~`` as "�.$", ``′`` as "�>". fr-en's vocabulary spells ``{ } ^ ~ #``, ``×`` and
``′`` in bytes, among others; the multi30k models' also ``* + < > [ ] | € £ °``. The words that
hold such a sign pass through translation as written (protect/spans.py, kind ``symbol``).
"""

from __future__ import annotations

import re
import unicodedata

from nmt_cli.vocab import PLACEHOLDERS, SPECIAL_TOKENS, UNK

BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>")


class ByteSpelling:
    """``spelling(text)``: the characters of ``text`` that ``tokenizer``'s vocabulary has no
    piece for, spelled as bytes or <unk>; not a letter of a script it has letters of (a name's
    rare letter, ``ď``: inference/names.py copies the names), so a letter told is one of a
    script the model was not taught (``中文``, ``שלום``)."""

    def __init__(self, tokenizer):
        self.tok = tokenizer
        pieces = [
            tokenizer.id_to_piece(i) for i in range(len(SPECIAL_TOKENS), tokenizer.vocab_size)
        ]
        ordinary = [p for p in pieces if not BYTE_PIECE.fullmatch(p) and p not in PLACEHOLDERS]
        if tokenizer.model_type == "wordpiece":  # ##a: a piece inside a word
            ordinary = [p.removeprefix("##") for p in ordinary]
        self.byte_ids = frozenset(
            i for i, p in enumerate(pieces, len(SPECIAL_TOKENS)) if BYTE_PIECE.fullmatch(p)
        )
        chars = sorted(set("".join(ordinary)) - {"\u2581"})  # not the word mark
        # a character no ordinary piece holds: a candidate, encoded (normalisation may map it)
        self.rare = re.compile(f"[^{''.join(map(re.escape, chars))}\\s]")
        self.in_bytes: dict[str, bool] = {}
        self.scripts = {script(c) for c in chars if c.isalpha()}  # the letters' it has

    def __call__(self, text: str) -> set[str]:
        found = set()
        for char in self.rare.findall(text):
            if char not in self.in_bytes:
                ids = self.tok.encode(char)
                self.in_bytes[char] = any(i == UNK or i in self.byte_ids for i in ids)
            if self.in_bytes[char] and not (char.isalpha() and script(char) in self.scripts):
                found.add(char)
        return found


def script(char: str) -> str:
    """The script of a letter, as its Unicode name starts: LATIN, GREEK, CJK, HEBREW..."""
    return unicodedata.name(char, "").partition(" ")[0]
