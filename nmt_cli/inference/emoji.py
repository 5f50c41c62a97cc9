"""Emoji at a sentence's edges: they stay after the words they followed.

An emoji that ends a sentence (``À bientôt 👋``), or stands between two (``Merci ! 😊 À
bientôt``), is no word of either: the shipped fr-en, given its placeholder, moved it among the
words ("Thank you. To 😊 👋 soon"). So a sentence's leading emoji belong to the sentence before
it (:func:`regrouped`: ``Merci ! 😊`` | ``À bientôt 👋``), and a sentence's trailing emoji are
not given to the model: its words are translated alone and the emoji written after their
translation (:func:`translated_apart`: "Thank you! 😊 See you soon 👋"). An emoji among a
sentence's words stays the model's to place (protect/placement.py).

An emoji here is a word of pictographs only (the Unicode blocks of emoji, dingbats and
miscellaneous symbols, and the emoji of the other blocks of signs, ``⏰``, ``▶️``: protect/
markup_spans.py's EMOJI, with their variation selectors, joiners and skin tones: ``❤️``,
``👍🏽``, ``👨‍💻``), as written or as the placeholder of such a span (a masked line's,
``loose``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from nmt_cli.inference.protection import each_numbered_apart
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.markup_spans import EMOJI, EMOJI_SELECTED, JOINERS
from nmt_cli.protect.placeholders import Masked, PlaceholderForm

# a pictograph (a skin tone, U+1F3FB-U+1F3FF, is one too), and what joins one to the next: each
# character has one place in the patterns, so a long run of emoji that does not end a line
# fails in one pass (a skin tone as a pictograph or a modifier, an emoji as one or two, took
# 2^n steps: 22 emoji and a word, half a second; 40, hours)
_PICTOGRAPH = f"(?:[{EMOJI}]|[{EMOJI_SELECTED}]\ufe0f)"  # ⏰; ▶️ (▶ alone: a sign)
_JOINED = f"[{JOINERS}]"
_EMOJI = re.compile(rf"{_PICTOGRAPH}(?:{_PICTOGRAPH}|{_JOINED})*")
# a line's last emoji, spaces before: each pictograph with what joins it, spaces between
_TRAILING = re.compile(rf"(?:\s*{_PICTOGRAPH}{_JOINED}*)+\s*$")
_END_MARK = re.compile(r"[.!?…]+")  # a sentence's end: !, ?!, ...
_END_MARK_AT_END = re.compile(r"[.!?…]+$")
_GLUED_END_MARK = re.compile(r"(\S+?)([.!?…]+)")  # a word and the end mark glued to it


def is_emoji(word: str) -> bool:
    """Whether ``word`` is made of emoji only (``😊``, ``❤️``, ``🎉🎉``)."""
    return _EMOJI.fullmatch(word) is not None


def trailing(text: str) -> tuple[str, str]:
    """(``text`` without the run of emoji that ends it, that run with the spaces before it and
    none after); (``text``, "") where it ends otherwise or is nothing else.

    >>> trailing("À bientôt 👋 🎉 "), trailing("Merci😊"), trailing("👋")
    (('À bientôt', ' 👋 🎉'), ('Merci', '😊'), ('👋', ''))
    """
    found = _TRAILING.search(text)
    if found is None or not text[: found.start()].strip():
        return text, ""
    return text[: found.start()], found[0].rstrip()


def _loose(loose: Collection[str]) -> Callable[[str], bool]:
    return lambda word: word in loose or is_emoji(word)


def regrouped(line: str, sentences: Sequence[str], loose: Collection[str] = ()) -> list[str]:
    """``sentences``, ``line``'s (its substrings, in order), with each one's leading emoji
    (or placeholders of ``loose``) at the end of the sentence before it; a sentence of nothing
    else joins that one whole."""
    is_loose = _loose(loose)
    bounds: list[list[int]] = []
    at = 0
    for sentence in sentences:
        start = line.find(sentence, at)
        end = at = start + len(sentence)
        if bounds:
            for word in re.finditer(r"\S+", sentence):
                if not is_loose(word[0]):
                    break
                bounds[-1][1] = start + word.end()
            rest = line[bounds[-1][1] : end]
            if not rest.strip():
                continue
            start = end - len(rest.lstrip())
        bounds.append([start, end])
    return [line[a:b] for a, b in bounds]


def peeled(sentence: str, loose: Collection[str] = ()) -> tuple[str, str]:
    """(its words, its trailing emoji or placeholders of ``loose`` with the space before them)
    of ``sentence``; (``sentence``, "") where it has no such end, or nothing else. Emoji before
    the sentence's end mark (``J'adore 😍 !``) are its trailing ones, the mark its words'
    (``J'adore !``): the model, given them, wrote "I love 😍." for ``J'adore 😍 !``; so is an
    emoji glued to the mark (``À bientôt 👋.``: "Soon. 👋." given it)."""
    is_loose = _loose(loose)
    found = list(re.finditer(r"\S+", sentence))
    words, ends = [w[0] for w in found], [w.end() for w in found]
    glued = _GLUED_END_MARK.fullmatch(words[-1]) if len(words) > 1 else None
    if glued and is_loose(glued[1]):  # 👋. : the emoji, then the mark
        words[-1:], ends[-1:] = glued.groups(), [found[-1].start() + len(glued[1]), ends[-1]]
    last = len(words) - 1 if len(words) > 2 and _END_MARK.fullmatch(words[-1]) else len(words)
    cut = last
    while cut > 1 and is_loose(words[cut - 1]):
        cut -= 1
    if cut == last or cut == 0:
        return sentence, ""
    end, tail_end = ends[cut - 1], ends[last - 1]
    return sentence[:end] + sentence[tail_end:], sentence[end:tail_end]


def _after(text: str, tail: str, before_mark: bool) -> str:
    """``text`` with ``tail`` (emoji) after it, or before its end mark (``before_mark``)."""
    mark = _END_MARK_AT_END.search(text) if before_mark else None
    if mark is None:
        return f"{text} {tail}" if text else tail
    return f"{text[: mark.start()].rstrip()} {tail}{text[mark.start() :]}"


def emoji_names(masked: Masked) -> set[str]:
    """The placeholders of ``masked``'s spans that are emoji."""
    return {name for name, s in zip(masked.names, masked.spans) if is_emoji(s.text)}


def translated_apart(
    translate: Callable[..., list[list[Translation]]],
    sentences: list[str],
    form: PlaceholderForm | None,
    loose: Sequence[Collection[str]] | None,
    *args,
) -> list[list[Translation]]:
    """``translate(sentences, *args)``, its placeholders numbered apart (``form``:
    protection.each_numbered_apart), each sentence's trailing emoji (or placeholders of its
    ``loose``) taken off before and written after each of its translations (no pieces of
    their own: a word score of 0.0 each)."""
    apart = [peeled(s, words) for s, words in zip(sentences, loose or [()] * len(sentences))]
    found = each_numbered_apart(translate, [core for core, _ in apart], form, *args)
    for sentence, (_, tail), nbest in zip(sentences, apart, found):
        if not tail:
            continue
        extra = [0.0] * len(tail.split())
        for i, t in enumerate(nbest):
            scores = t.word_scores + extra if t.word_scores else []
            text = _after(t.text, tail.strip(), not sentence.rstrip().endswith(tail.strip()))
            nbest[i] = replace(t, source=sentence, text=text, word_scores=scores)
    return found
