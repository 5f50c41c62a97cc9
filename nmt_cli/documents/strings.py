"""A document's strings as the one-line texts a translator reads, and back.

A string of a document may hold line breaks (a gettext message of several lines, a JSON value
with ``\\n``) and white space around its text that must stay where it is: gettext's
``msgfmt --check`` refuses a translation that does not begin and end with a line break where
its message does, and a string's indentation is part of what a program prints. So each line of
a string is translated on its own, the white space around it kept, and a blank line is not sent
to the model at all::

    "  Deux lignes :\\nla seconde.\\n"  ->  texts "Deux lignes :", "la seconde."
                                         ->  "  Two lines:\\nthe second one.\\n"

In a program's message (``columns``: a localization file's), a tab inside a line separates
columns (``Nom :\\tvaleur``) as a line break separates lines: each part is a text of its own,
the tab kept between them (sent whole, the model read the tab as a space: ``Nom :\\tvaleur du
champ`` came back ``Name: Field value``). A catalogue's message is translated as a plain line
is, a tab in it included.

A catalogue's strings may mark a menu's access key (``_Fichier``, ``Mise à jo~ur``, ``&Aide``:
nmt_cli/protect/mnemonics.py). With the catalogue's ``marker`` given, a string's one marker is
taken out before its text goes to the model, and put back in the translation on a letter of the
word aligned to the marked word (the same letter if that word has it, else its first letter),
or, with no word aligned, on the translation's first letter: one marker out for one marker in
(nmt_cli/inference/access_keys.py).

Where a file's spaces are all its own (``runs``: an Android string's, kept only where quoted
or escaped, ``"Mes   documents"``), a run of spaces between two words is no column: the line
goes to the model whole, one space there, and the run goes back between the translations of
the words before it and of those after it, as the alignment reads them (one space where none
is aligned): ``"My   documents"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from nmt_cli.formats.choices import choice_forms
from nmt_cli.inference.access_keys import Mark, with_keys
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.mnemonics import find_mnemonic

_OUTER_SPACE = re.compile(r"(\s*)(.*?)(\s*)", re.DOTALL)
_TAB = "\t"  # what parts a line's columns
_PIPE = r"|(?<=\s)\|(?=\s)"  # and a JSON string's plural forms (vue-i18n)
_GAP = r"|(?<=\S) {2,}(?=\S)"  # and a help text's columns ("-h, --help     afficher l'aide")
_RUN = re.compile(_GAP[1:])
_WORD = re.compile(r"\S+")

# A piece of a string: its text's index among the texts, with the white space before and after
# it; or, for a blank line or the line break or tab between two pieces, itself (index None).
_Line = tuple[str, int | None, str]


def _marked(
    string: str, markers: Sequence[str], guard: re.Pattern[str] | None
) -> tuple[str, int | None, str]:
    """``string`` without its mnemonic marker (the first of ``markers`` that marks a letter in
    it), the index of the marked letter (None: none) and the marker. ``guard``'s matches
    (placeholders, entities) hold no marker."""
    protected = [m.span() for m in guard.finditer(string)] if guard else []
    for marker in markers:
        found = find_mnemonic(string, marker, protected)
        if found.index is not None:
            return found.text, found.index, marker
    return string, None, ""


@dataclass(frozen=True)
class StringLines:
    """``texts``: what to translate, in order, each one line with no white space around it;
    ``join(translations)``: the strings again, each text replaced by its translation."""

    texts: list[str]
    layout: list[list[_Line]]  # per string, its lines
    marks: dict[int, Mark] | None = None  # by the index of the text that had one
    # by the index of the text that had some: its runs of spaces kept, each with the index of
    # the word before it
    runs: dict[int, tuple[tuple[int, str], ...]] | None = None

    @classmethod
    def of(
        cls,
        strings: Sequence[str],
        markers: Sequence[str] = (),
        guard: re.Pattern[str] | None = None,
        columns: bool = False,
        breaks: str = "\n",
        pipes: bool = False,
        gaps: bool = False,
        runs: bool = False,
        choices: bool = False,
    ) -> StringLines:
        """The lines of ``strings``; ``markers``: the mnemonic markers their catalogue uses
        (protect/mnemonics.file_markers; none: no access keys), never looked for in the
        matches of ``guard``; ``columns``: a line's parts between tabs are texts of their
        own; ``breaks``: the characters that end a line (a JSON string's U+2028 too);
        ``pipes``: a `` | `` outside ``guard``'s matches parts texts as a tab does (vue-i18n's
        plural forms, ``voiture | voitures``: sent whole, it came back "| car"); ``gaps``: so
        does a run of spaces between words, outside ``guard``'s matches, braces and tags (a
        program's help, ``-h, --help     afficher cette aide``: its columns came back one
        space apart, ``-h, --help display this help``); ``runs``: a run of spaces between
        words, outside ``guard``'s matches, braces and tags, is one space in the text and goes
        back where the translation has the words (see above); ``choices``: each form of a
        pluralized message of one line is a text, its pipes kept (formats/choices.py)."""
        pieces = f"[{re.escape(breaks + _TAB * columns)}]" + (_PIPE if pipes else "")
        pieces += _GAP if gaps else ""
        texts: list[str] = []
        layout: list[list[_Line]] = []
        marks: dict[int, Mark] = {}
        kept: dict[int, tuple[tuple[int, str], ...]] = {}
        for string in strings:
            index, marker = None, ""
            if markers:
                string, index, marker = _marked(string, markers, guard)
            lines: list[_Line] = []
            at = 0  # where the line starts in the string
            parts = (choices and _forms(string)) or _split(string, pieces, guard)
            for k, line in enumerate(parts):  # texts, what parts them between
                before, text, after = _OUTER_SPACE.fullmatch(line).groups()  # type: ignore[union-attr]
                if text and not k % 2:
                    start = at + len(before)
                    spaced = _runs(text, guard) if runs else []
                    if index is not None and start <= index < start + len(text):
                        within = index - start
                        word = len(text[: within + 1].split()) - 1
                        shift = sum(b - a - 1 for a, b in spaced if b <= within)
                        marks[len(texts)] = Mark(word, text[within], within - shift, marker)
                    if spaced:
                        kept[len(texts)] = tuple(
                            (len(text[:a].split()) - 1, text[a:b]) for a, b in spaced
                        )
                        text = _collapsed(text, spaced)
                    lines.append((before, len(texts), after))
                    texts.append(text)
                else:
                    lines.append((line, None, ""))
                at += len(line)
            layout.append(lines)
        return cls(texts, layout, marks, kept)

    def with_marks(self, translations: Sequence[Translation]) -> list[str]:
        """The texts of ``translations`` (of ``texts``, in order), each text that had a
        mnemonic given one, of the same marker, and one that had runs of spaces kept its
        runs back."""
        out = [t.text for t in translations]
        for k, mark in (self.marks or {}).items():
            out[k] = with_keys(translations[k], (mark,))
        for k, spaced in (self.runs or {}).items():
            out[k] = _with_runs(out[k], translations[k], spaced)
        return out

    def of_texts(self, values: Sequence[str | None]) -> list[str | None]:
        """``values`` (one a string: its context, None: none) given to each text of its
        string."""
        return [v for v, lines in zip(values, self.layout) for _, k, _ in lines if k is not None]

    def join(self, translations: Sequence[str]) -> list[str]:
        """The strings with ``translations[k]`` in the place of ``texts[k]``."""
        if len(translations) != len(self.texts):
            raise ValueError(f"{len(translations)} translations for {len(self.texts)} texts")
        return [
            "".join(
                before if k is None else before + translations[k] + after
                for before, k, after in lines
            )
            for lines in self.layout
        ]


def _split(string: str, pieces: str, guard: re.Pattern[str] | None) -> list[str]:
    """``string`` split at the matches of ``pieces`` (kept, between the parts), a pipe or a
    gap only outside ``guard``'s (``{{ n | number }}`` is a placeholder, not two texts), and
    a gap outside braces and tags (an ICU message's branches, an attribute's value)."""
    inner = "|" in string or "  " in string
    protected = [m.span() for m in guard.finditer(string)] if guard and inner else []
    out, at = [], 0
    for m in re.finditer(pieces, string):
        inner_piece = m[0] == "|" or m[0].startswith(" ")
        if not inner_piece or not _within(string, m.start(), m.end(), protected):
            out += [string[at : m.start()], m[0]]
            at = m.end()
    return [*out, string[at:]]


def _forms(string: str) -> list[str] | None:
    """``string``'s forms (a pluralized message of one line) as _split gives its parts: texts
    at even places, what is between them (pipes, intervals, spaces) at odd ones."""
    forms = choice_forms(string) if "\n" not in string else None
    if forms is None:
        return None
    out, after = [""], ""
    for before, words, spaces in forms:
        out += [after + before, words]
        after = spaces
    return [*out, after, ""]


def _runs(text: str, guard: re.Pattern[str] | None) -> list[tuple[int, int]]:
    """Where ``text``'s runs of spaces between two words are, outside ``guard``'s matches,
    braces and tags."""
    if "  " not in text:
        return []
    protected = [m.span() for m in guard.finditer(text)] if guard else []
    return [
        m.span()
        for m in _RUN.finditer(text)
        if not any(a <= m.start() < b for a, b in protected) and not _open(text[: m.start()])
    ]


def _collapsed(text: str, spaced: list[tuple[int, int]]) -> str:
    """``text`` with one space for each of its runs ``spaced``."""
    for a, b in reversed(spaced):
        text = text[:a] + " " + text[b:]
    return text


def _with_runs(text: str, translation: Translation, runs: tuple[tuple[int, str], ...]) -> str:
    """``text`` (``translation``'s, an access key put in) with each of ``runs`` (the source
    word before it, the run) between two of its words: where the most links have their
    target word on the side of it their source word is of the run (the first such place), or
    where it was where the source came back as it was; none where no word is aligned."""
    same = translation.text == translation.source
    if not same and not translation.alignment:
        return text
    words = list(_WORD.finditer(text))
    places: dict[int, str] = {}
    for before, run in runs:
        gaps = range(1, len(words))
        place = (
            before + 1
            if same
            else max(gaps, key=lambda k: _kept(translation, before, k), default=0)
        )
        if 0 < place < len(words):
            places.setdefault(place, run)
    for place, run in sorted(places.items(), reverse=True):
        text = text[: words[place - 1].end()] + run + text[words[place].start() :]
    return text


def _kept(translation: Translation, before: int, place: int) -> tuple[int, int]:
    """How many of ``translation``'s links keep their sides of a run after source word
    ``before`` put before target word ``place``; the earlier place first among equals."""
    return sum((s <= before) == (t < place) for s, t in translation.alignment), -place


def _open(before: str) -> bool:
    """Whether the text after ``before`` is in braces or a tag."""
    return before.count("{") > before.count("}") or before.rfind("<") > before.rfind(">")


def _within(string: str, i: int, end: int, protected: list[tuple[int, int]]) -> bool:
    """Whether the piece of ``string`` from ``i`` to ``end`` is in a protected span, or is a
    gap in braces or a tag, or one of two spaces in a line not indented: a typo, most likely
    (LibreOffice's "Vous avez besoin  d'un contenu"), the sentence's words sent together."""
    if any(a <= i < b for a, b in protected):
        return True
    if string[i] != " ":
        return False
    before = string[:i]
    line = before[before.rfind("\n") + 1 :]
    if end - i < 3 and not line[:1].isspace():
        return True
    return _open(before)


class StringsDocument:
    """A document whose texts to translate are the lines of its strings (its ``strings``)."""

    strings: StringLines

    def sources(self) -> list[str]:
        return self.strings.texts

    @property
    def needs_alignment(self) -> bool:
        """Whether its translations need word alignments: where a text had an access key or a
        run of spaces to put back (the format's ``alignment`` says whether any text of its
        files may)."""
        return bool(self.strings.marks or self.strings.runs)

    def aligned_texts(self) -> set[int]:
        """The indices of the texts whose translations need word alignments: those that had an
        access key or a run of spaces to put back."""
        return set(self.strings.marks or ()) | set(self.strings.runs or ())

    def translated(self, translations: list[Translation]) -> list[str]:
        """The document's strings with ``translations`` (of ``sources()``, in order) in place,
        their mnemonics too."""
        return self.strings.join(self.strings.with_marks(translations))
