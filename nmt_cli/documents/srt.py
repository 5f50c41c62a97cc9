"""SubRip subtitles (.srt): each subtitle's text translated, its number and timing kept.

A subtitle is a number, a timing line (``00:01:02,500 --> 00:01:04,000``, a position after it
kept too) and its lines of text, up to a blank line. Its lines are one utterance cut to fit the
screen: they are joined with spaces, translated as one text, and the translation wrapped again
into as many lines, as even in length as the words allow (a text that comes back as it was
keeps its lines), but at a tag that ended a line or opened the next (tag_wrap). A dialogue,
its first line opened by a dash (``- Tu viens ?`` / ``- J'arrive.``, the dash after the tags
that open its line too: ``<i>- Tu viens ?</i>``), or a later line only
(``Tu viens ?`` / ``- J'arrive.``), keeps its turns: each is translated on its own, its dash
kept, and wrapped into as many lines as it had (but a dash before a number or words in lower
case, after a first line without one that ends no sentence, goes on its sentence); a later
line opened by a speaker's name in capitals and a colon (``MARIE : Non.``) opens a turn too,
and a line that is all a sound's description (``[rires]``, ``(soupir)``) is a text of its own,
as is what follows it.
Tags that enclose the whole text, or each of its lines alike (``<i>- Tu viens ?</i>`` /
``<i>- Oui.</i>``: a dialogue in italics), stay around the whole translation, or around each
of its lines; style overrides and tags left unpaired at either end of a text or a turn
(``{\\i1}Oui.{\\i0}``, ``<v Marie>Oui.</v>``) stay glued to it, out of the model's text; other
inline tags (``<i>``) and style overrides pass through as protected spans. Numbers, timings
and the blank lines between subtitles, before the first and after the last, are written as
they were (the blank line that ended the file was dropped), but a subtitle whose blank line
before it was left out gets one; a file that is not a sequence of number, timing and text is
one error naming its line.
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from nmt_cli.documents.document import DocumentError, DocumentFormat
from nmt_cli.documents.strings import StringLines, StringsDocument
from nmt_cli.inference.translation import Translation

_TIME = r"\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}"
_TIMING = re.compile(rf"{_TIME}\s*-->\s*{_TIME}(?:\s.*)?")
_NUMBER = re.compile(r"\d+")
_OVERRIDE = r"\{\\[^{}]*\}"  # a SubStation style override: {\an8}, {\i1}
_START_TAG, _END_TAG = r"<[A-Za-z][^<>]*>", r"</[A-Za-z][^<>]*>"
_ENCLOSED = re.compile(rf"((?:{_START_TAG})+)([^<>]*)((?:{_END_TAG})+)")
# A line of a song between musical notes (``♪ Il était un petit navire ♪``)
_SUNG = re.compile(r"([♪♫]+[ \t]*)(.*?[^\s♪♫])([ \t]*[♪♫]+)")
# Where a turn ends inside a line: after a voice's end tag that more words follow
_AFTER_VOICE = re.compile(r"(?<=</v>)([ \t]+)(?=\S)")
_STYLE = re.compile(rf"(?:{_OVERRIDE})+")  # style overrides: {\an8}{\i1}
# A dialogue's turn opens with a dash (after the tags and overrides that open its line:
# ``<i>- Tu viens ?</i>``), or a WebVTT voice (``<v Roger>``, ``<v.loud Roger>``)
_DASH = re.compile(
    rf"\s*(?:(?:{_OVERRIDE}|{_START_TAG})*\s*[-\u2010\u2013\u2014]|<v(?:\.[\w.-]+)?[ \t][^<>]*>)\s*"
)
# A speaker's name in capitals and a colon (``MARIE : Non.``, ``JEAN-PIERRE:``), as subtitles
# for the deaf and hard of hearing mark a turn: the name a word of the turn
_SPEAKER = re.compile(r"([^\W\d_][^\W_]*(?:[ .'\u2019-]+[^\W_]+)*)[ \t\u00a0]*:(?=[\s<{]|\Z)")
# What opens a text or a turn and is no word of it: style overrides, start tags (``{\i1}``,
# ``<i>``); what ends one: style overrides, end tags (``{\i0}``, ``</v>``)
_HEAD = re.compile(rf"(?:{_OVERRIDE}|{_START_TAG})+")
_TAIL = re.compile(rf"(?:{_OVERRIDE}|{_END_TAG})+\Z")


# What ends a sentence (a line after which a dash opens a turn), tags and overrides aside
_SENTENCE_END = re.compile(rf"[.?!\u2026:\u00bb\"\u201d](?:{_OVERRIDE}|{_END_TAG}|\s)*\Z")


def _goes_on(before: str, dash: str, after: str) -> bool:
    """Whether ``dash`` before ``after`` goes on the sentence of ``before`` (the line before
    it, no dash of its own) rather than open a turn: a negative number ("-5 degrés"), or words
    in lower case after a line no sentence ends ("Je voulais dire" / "— enfin, tu sais.": split
    into two turns, it came back "I wanted to say" / "— finally, you know."); a voice
    (``<v Marie>``) always opens one."""
    head = _HEAD.match(after)
    words = after[head.end() if head else 0 :]
    if dash.strip().endswith(">") or not words[:1].isdigit() and not words[:1].islower():
        return False
    return words[:1].isdigit() or not _SENTENCE_END.search(before)


# A line that is all a sound's description, as subtitles for the deaf write one (``[rires]``,
# ``(soupir)``, ``<i>[musique]</i>``), tags and overrides around it aside
_SOUND = re.compile(r"\[[^\[\]]*[^\W\d_][^\[\]]*\]|\([^()]*[^\W\d_][^()]*\)")


def _sound(line: str) -> bool:
    """Whether ``line`` is all a sound's description: joined with the line after it,
    ``[rires]`` / ``Très drôle.`` came back "[ter] Tresh" / "funny."."""
    head, tail = _HEAD.match(line), _TAIL.search(line)
    words = line[head.end() if head else 0 : tail.start() if tail else len(line)]
    return _SOUND.fullmatch(words.strip()) is not None


def _speaker(line: str) -> bool:
    """Whether ``line`` opens with a speaker's name in capitals (tags and overrides before it
    aside), as ``MARIE : Non.`` does: joined with the line before, the name went to mid-line
    ("JEAN: Do you" / "come? MARY: No.")."""
    head = _HEAD.match(line)
    m = _SPEAKER.match(line, head.end() if head else 0)
    return m is not None and m[1].isupper() and sum(c.isalpha() for c in m[1]) > 1


@dataclass(frozen=True)
class Subtitle:
    """A subtitle; ``lines``: its text, inside the tags ``before`` and ``after`` that enclose
    all of it (``<i>...</i>``: the whole subtitle in italics), if any, and inside the tags
    ``line_before`` and ``line_after`` that enclose each of its lines alike, if any."""

    number: str
    timing: str
    lines: list[str]
    before: str = ""
    after: str = ""
    line_before: str = ""
    line_after: str = ""

    @property
    def turns(self) -> list[tuple[str, list[str], str | None]] | None:
        """A dialogue's turns: each the dash that opens it (with the white space around it),
        its lines, the first without the dash (a turn may go on over a line without one), and
        the white space that joins it to the line before where it goes on that line (a voice
        closed before more words, ``<v Marie>Tu viens ?</v> Oui.``, ends its turn there: sent
        whole, its ``</v>`` went to the model, "Do you come? </v> OY."), else None; None: no
        line opens with a dash (a subtitle of one turn opened by a dash is one turn: the model
        never sees the dash). A first line without a dash is a turn of its own where a later
        line opens with one (``Où est la gare ?`` / ``- Je ne sais pas.``, as many languages'
        subtitles mark a second speaker only: joined, the dash was lost)."""
        turns: list[tuple[str, list[str], str | None]] = []
        for n, line in enumerate(self.lines):
            pieces = _AFTER_VOICE.split(line)  # a piece, then (white space, piece)...
            for joint, piece in [(None, pieces[0]), *zip(pieces[1::2], pieces[2::2])]:
                m = _DASH.match(piece)
                if (
                    m
                    and n
                    and not turns[0][0]
                    and _goes_on(turns[-1][1][-1], m[0], piece[m.end() :])
                ):
                    m = None  # "-5 °C", "— enfin, tu sais." going on a line without a dash
                if m or (joint is not None and turns and turns[0][0]):
                    dash = m.group() if m else ""
                    turns.append((dash, [piece[len(dash) :]], joint))
                elif not turns or _speaker(piece) or _sound(piece) or _sound(turns[-1][1][-1]):
                    # a later line's dash or name, or a sound's description: a text of its own
                    turns.append(("", [piece], None))
                else:
                    turns[-1][1].append(piece)
        return turns if turns and (turns[0][0] or len(turns) > 1) else None

    def _parts(self, turns) -> list[tuple[str, str, str]]:
        """Each turn (the whole text where it is no dialogue) as (what opens it, its text,
        what ends it): the style overrides and unpaired tags at its two ends (``{\\i1}...{\\i0}``,
        ``...</v>``) are no words of it (sent to the model, they came back a word away:
        "morning. {\\i0}", "- {\\i1}you come tonight?", its first word lost); ``turns``: its
        turns (the property, read once by the caller)."""
        parts = [lines for _, lines, _ in turns] if turns is not None else [self.lines]
        return [_edges(" ".join(line.strip() for line in lines)) for lines in parts]

    def text(self) -> str:
        """What is translated: a dialogue's turns each a line without its dash, other lines
        joined; the marks at their ends left out."""
        return "\n".join(text for _, text, _ in self._parts(self.turns))

    def shown(self, translation: str) -> list[str]:
        """``translation`` as the subtitle's lines (its own text: its lines as they were)."""
        turns = self.turns
        parts = self._parts(turns)
        said = [h + t + e for (h, _, e), t in zip(parts, translation.split("\n"))]
        if translation == "\n".join(text for _, text, _ in parts):  # its own text
            lines = list(self.lines)
        elif turns is not None:
            lines = []
            for (dash, own, joint), one in zip(turns, said):
                wrapped = wrap(one, len(own)) if len(own) > 1 else [one]
                if joint is not None and lines:  # on the line of the turn before
                    lines[-1] += joint + dash + wrapped[0]
                    lines += wrapped[1:]
                else:
                    lines += [dash + wrapped[0], *wrapped[1:]]
        elif len(self.lines) < 2:
            lines = said[:1] if self.lines else []
        else:
            lines = tag_wrap(self.lines, said[0])
        if self.line_before or self.line_after:
            lines = [self.line_before + line + self.line_after for line in lines]
        if lines and (self.before or self.after):
            lines[0] = self.before + lines[0]
            lines[-1] += self.after  # the same line where there is one
        return lines


def _edges(text: str) -> tuple[str, str, str]:
    """``text`` as (its head, its words, its tail): the head the style overrides and the start
    tags that open it and that it does not close, the tail the style overrides and the end
    tags that end it and that it did not open, each with the white space next to it; ("",
    text, "") where nothing else is left."""
    head = _HEAD.match(text)
    at = 0
    for m in _TAG.finditer(head.group() if head else ""):
        if m[1] and re.search(rf"</{re.escape(m[1])}\b", text, re.IGNORECASE):
            break  # closed inside: an element around words, put back by markup
        at = m.end()
    tail = _TAIL.search(text, at)
    end = len(text)
    for m in reversed(list(_TAG.finditer(text, tail.start()))) if tail else ():
        if m[2] and re.search(rf"<{re.escape(m[2])}\b", text[: m.start()], re.IGNORECASE):
            break  # opened inside
        end = m.start()
    body = text[at:end]
    if not body.strip():
        return "", text, ""
    words = body.strip()
    start = at + body.index(words)
    return text[:start], words, text[start + len(words) :]


_TAG = re.compile(rf"{_OVERRIDE}|<([A-Za-z][\w-]*)[^<>]*>|</([A-Za-z][\w-]*)[^<>]*>")


_LINE_END_TAG = re.compile(r"</[A-Za-z][^<>]*>(?=\s*\Z)")
_LINE_START_TAG = re.compile(r"\s*(<[A-Za-z][^<>]*>)")


def tag_wrap(source: list[str], text: str) -> list[str]:
    """``text``, a translation of the lines ``source``, wrapped into as many lines (wrap); but
    where a line of the source ends with an end tag, or the next opens with a start tag
    (``<font color="#ffff00">Attention !</font>`` / ``Le train part.``: a line of its own
    look), the translation's line breaks there too, after (before) that tag where it has it
    as often as the source (wrapped as a whole, the break fell inside: "<font>Watch" /
    "out!</font> The train"; ``<i>Je t'aime,</i> dit-il.`` / ``<i>Moi aussi.</i>``: "<i>I
    love</i> you, he" / "said. <i>Me too.</i>")."""
    rows, places = [0], [0]  # the source's lines and the text's places where a piece starts
    for k in range(1, len(source)):
        end, start = _LINE_END_TAG.search(source[k - 1]), _LINE_START_TAG.match(source[k])
        tag = end[0] if end else start[1] if start else None
        if tag is None or text.count(tag) != "\n".join(source).count(tag):
            continue
        nth = "\n".join(source[:k]).count(tag) - (1 if end else 0)  # the tag's, from 0
        p = [m.start() for m in re.finditer(re.escape(tag), text)][nth] + (len(tag) if end else 0)
        if _has_words(text[places[-1] : p]) and _has_words(text[p:]):
            rows.append(k)
            places.append(p)
    rows.append(len(source))
    places.append(len(text))
    return [
        line
        for k in range(len(rows) - 1)
        for line in wrap(text[places[k] : places[k + 1]].strip(), rows[k + 1] - rows[k])
    ]


def _has_words(text: str) -> bool:
    return any(c.isalnum() for c in _TAG.sub("", text))


def wrap(text: str, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines, their lengths as even as the words allow."""
    width = max(math.ceil(len(text) / lines), 1)
    while (
        len(wrapped := textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False))
        > lines
    ):
        width += 1
    return wrapped or [text]


@dataclass(frozen=True)
class Subtitles(StringsDocument):
    """The subtitles of a file, their texts (``strings``), the blank lines before each
    (``blanks``, as written) and those after the last (``end``)."""

    subtitles: list[Subtitle]
    strings: StringLines
    blanks: list[list[str]]
    end: list[str]

    def render(
        self, translations: list[Translation], target: str | None, warn: Callable[[str], None]
    ) -> str:
        texts = self.translated(translations)
        lines = []
        for k, (s, text, blank) in enumerate(zip(self.subtitles, texts, self.blanks)):
            lines += blank or ([""] if k else [])  # one left out between two: one blank line
            lines += [s.number, s.timing, *s.shown(text)]
        return "".join(f"{line}\n" for line in [*lines, *self.end])


def read_srt(lines: list[str], name: str) -> Subtitles:
    """The subtitles of ``lines``; DocumentError where a number or a timing is missing."""
    subtitles: list[Subtitle] = []
    blanks: list[list[str]] = []  # before each subtitle, then after the last
    n = 0
    while True:
        start = n
        while n < len(lines) and not lines[n].strip():
            n += 1
        blanks.append(lines[start:n])
        if n >= len(lines):
            break
        if not _NUMBER.fullmatch(lines[n].strip()):
            raise DocumentError(name, n + 1, f"expected a subtitle's number, got {lines[n][:40]!r}")
        if n + 1 >= len(lines) or not _TIMING.fullmatch(lines[n + 1].strip()):
            raise DocumentError(name, n + 2, "expected a timing: 00:00:01,000 --> 00:00:02,000")
        text = n + 2
        end = text
        while end < len(lines) and lines[end].strip() and not _starts_subtitle(lines, end):
            end += 1
        subtitles.append(Subtitle(lines[n], lines[n + 1], *tagged(lines[text:end])))
        n = end
    texts = StringLines.of([s.text() for s in subtitles])
    return Subtitles(subtitles, texts, blanks[:-1], blanks[-1])


def tagged(lines: list[str]) -> tuple[list[str], str, str, str, str]:
    """A subtitle's lines inside the tags that enclose all of its text (and nothing more is
    tagged), after the style overrides that open it (``{\\an8}``: on top), and those: ("", "")
    where there are none; then the tags that enclose each of its lines alike (``<i>- Oui.</i>``
    on each line of a dialogue: its dashes seen), or the musical notes (``♪ ... ♪`` on each
    line of a song: joined, a line's notes went to the line before), ("", "") where they do
    not."""
    style = _STYLE.match(lines[0]) if lines else None
    if style:
        lines = [lines[0][style.end() :], *lines[1:]]
    before = style.group() if style else ""
    found = _ENCLOSED.fullmatch("\n".join(lines))
    if found is not None:
        return found.group(2).split("\n"), before + found.group(1), found.group(3), "", ""
    each = [_ENCLOSED.fullmatch(line) for line in lines]
    if not all(each) or len({(m[1], m[3]) for m in each if m}) > 1:
        each = [_SUNG.fullmatch(line) for line in lines]  # each line of a song: ♪ ... ♪
    if len(lines) < 2 or not all(each) or len({(m[1], m[3]) for m in each if m}) > 1:
        return lines, before, "", "", ""
    return [m[2] for m in each if m], before, "", each[0][1], each[0][3]  # type: ignore[index]


def _starts_subtitle(lines: list[str], n: int) -> bool:
    """A number and a timing where a subtitle's text goes on: the blank line before was left
    out."""
    following = lines[n + 1].strip() if n + 1 < len(lines) else ""
    return bool(_NUMBER.fullmatch(lines[n].strip()) and _TIMING.fullmatch(following))


SRT = DocumentFormat("srt", (".srt",), read_srt, protect=(_STYLE.pattern,), legacy=True)
