"""WebVTT subtitles (.vtt), the web's: each cue's text translated as a SubRip subtitle's is
(srt.py: its lines joined and wrapped again, a dialogue's turns each on its own, tags around
the whole kept), everything else as written: the ``WEBVTT`` header and the lines after it, the
``NOTE``, ``STYLE`` and ``REGION`` blocks, each cue's identifier, its timing and its settings
(``00:01.000 --> 00:04.000 align:start``), the blank lines between blocks; the header's
``Language:`` becomes the target language. A voice
(``<v Roger>``) that opens a line opens a turn of a dialogue, as a dash does, and one closed
before more words (``<v Marie>Tu viens ?</v> Oui.``) ends its turn there. A file that does
not open with ``WEBVTT``, or a cue without a timing, is one error naming its line.

A cue's markup is read as HTML's inline elements are (documents/translate.py, ``--markup
auto``): each start tag (``<c.jaune>``, ``<v Marie>``, ``<lang en>``, ``<ruby>``, ``<rt>``,
``<b>``) is an element of its name for the model's text (``<c data-cue="0">``), put back
around the translation of the words it enclosed and written again as it was (a class, a
voice's name, a language as written), and a timestamp (``<00:00:09.000>``) is an empty
element, a point in time between two words that stays between their translations. As
protected spans, fr-en dropped the words of ``de <c.jaune>cinq</c> pour cent.`` ("in
<c.jaune></c> for cent.").

    WEBVTT                                WEBVTT

    intro                                 intro
    00:00:03.000 --> 00:00:05.000    ->   00:00:03.000 --> 00:00:05.000
    Bonjour à tous.                       Hello everyone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.documents.document import DocumentError, DocumentFormat
from nmt_cli.documents.srt import Subtitle, tagged
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.inference.translation import Translation

_TIME = r"(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}"
_TIMING = re.compile(rf"{_TIME}[ \t]+-->[ \t]+{_TIME}(?:[ \t].*)?")
_HEADER = re.compile(r"WEBVTT(?:[ \t].*)?")
_KEPT = re.compile(r"(?:NOTE|STYLE|REGION)(?:[ \t].*)?")  # blocks that are not cues
_LANGUAGE = re.compile(r"^(Language:[ \t]*)\S+$")  # a header's metadata: the cues' language
# A cue's start tag: a name, its classes, its annotation (a voice's name); or a timestamp
_START_TAG = re.compile(
    rf"<(?:(c|i|b|u|v|lang|ruby|rt)(?:\.[^\s.<>&]+)*(?:[ \t][^<>\n]*)?|{_TIME})>"
)
_NUMBERED = re.compile(r'<\w+ data-cue="(\d+)">')  # a start tag as the model's text has it


@dataclass(frozen=True)
class Block:
    """A block of the file: ``kept`` lines as written (the header, a note, a style), or a cue
    (``cue``, its identifier, if any, in its ``number``); ``blank``: the blank lines before
    it."""

    blank: list[str]
    kept: list[str]
    cue: Subtitle | None = None
    header: bool = False

    def lines(self, translation: str | None, target: str | None = None) -> list[str]:
        """The block's lines: a cue's with ``translation``, the header's with its Language
        ``target`` (None: as written), any other as written."""
        if self.cue is None or translation is None:
            said = self.header and target
            return [
                *self.blank,
                *(_LANGUAGE.sub(rf"\g<1>{target}", x) if said else x for x in self.kept),
            ]
        head = [self.cue.number] if self.cue.number else []
        return [*self.blank, *head, self.cue.timing, *self.cue.shown(translation)]


@dataclass(frozen=True)
class WebVtt(StringsDocument):
    """A WebVTT file read whole: its blocks, its cues' texts (``strings``) and the blank lines
    that end it; rendered with each cue's translation and its header's ``Language`` the
    target's."""

    blocks: list[Block]
    strings: StringLines
    end: list[str]  # the blank lines after the last block
    tags: list[str]  # the cues' start tags as written, by their number in the texts

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> str:
        def written(found: re.Match[str]) -> str:
            return self.tags[int(found[1])]

        texts = iter(_NUMBERED.sub(written, t) for t in self.translated(translations))
        said = [b.lines(next(texts) if b.cue else None, target) for b in self.blocks]
        lines = [line for block in said for line in block]
        return "".join(f"{line}\n" for line in [*lines, *self.end])


def read_webvtt(lines: list[str], name: str) -> WebVtt:
    """The blocks of ``lines``; DocumentError where the header or a cue's timing is missing."""
    if not lines or not _HEADER.fullmatch(lines[0]):
        raise DocumentError(name, 1, "expected WEBVTT on the first line")
    blocks: list[Block] = []
    n, blank = 0, []
    while n < len(lines):
        if not lines[n].strip():
            blank.append(lines[n])
            n += 1
            continue
        end = n
        while end < len(lines) and lines[end].strip():
            end += 1
        own = lines[n:end]
        if n == 0 or _KEPT.fullmatch(own[0]):
            blocks.append(Block(blank, own, header=n == 0))
        else:
            blocks.append(Block(blank, own, _cue(own, name, n)))
        n, blank = end, []
    tags: list[str] = []
    cues = [numbered(b.cue.text(), tags) for b in blocks if b.cue]
    return WebVtt(blocks, StringLines.of(cues), blank, tags)


def numbered(text: str, tags: list[str]) -> str:
    """A cue's ``text`` with its start tags as HTML's, each numbered (``<c.jaune>`` is ``<c
    data-cue="0">``, a timestamp an empty ``<wbr data-cue="1">``), each added to ``tags``."""

    def numbered_tag(found: re.Match[str]) -> str:
        tags.append(found.group())
        return f'<{found[1] or "wbr"} data-cue="{len(tags) - 1}">'

    return _START_TAG.sub(numbered_tag, text)


def _cue(lines: list[str], name: str, n: int) -> Subtitle:
    """The cue of ``lines`` (from line ``n``, 0-based): an identifier, if any, its timing and
    its text."""
    at = 0 if _TIMING.fullmatch(lines[0].strip()) or "-->" in lines[0] else 1
    if at >= len(lines) or not _TIMING.fullmatch(lines[at].strip()):  # SubRip's 00:00:01,000 too
        raise DocumentError(
            name, n + at + 1, "expected a cue's timing: 00:00:01.000 --> 00:00:02.000"
        )
    return Subtitle(lines[0] if at else "", lines[at], *tagged(lines[at + 1 :]))


WEBVTT = DocumentFormat("vtt", (".vtt",), read_webvtt, legacy=True)
