"""A translation memory: segments translated before, given back as they were translated.

What a localization tool calls an exact match (gettext's msgmerge, Weblate's automatic
translation, translate-toolkit's pretranslate): a line whose text is a source of the memory is
translated by the memory's target, not searched. Lines are compared as written but for their
white space (NFC, runs of spaces and no-break spaces read as one space, the ends trimmed, a
space before a final ``!``, ``?``, ``:`` or ``;`` or none: French's ``Bravo !`` finds the
phrasebook's ``Bravo!``; a line with a tab is no memory's: its columns are translated each on
its own, columns.py)
and the case of their first letter ("marine" finds "Marine", and its target's first letter
follows the line's). A source the memory holds with several targets gives the one it holds most
often (the first of equal counts). A line no memory holds so is looked for again but for its
final mark (``.``, ``!``, ``:`` or none; never ``?`` nor an ellipsis: a question, a dialog), its
translation then ending as the line does ("Merci." finds "Merci !": "Thank you."). A line that
ends in emoji, held in neither way, is looked for again without them, written after the target
found ("À bientôt 👋" finds "À bientôt": "Cheers 👋"; emoji.py).
A catalogue's entries are held with their context too (msgctxt; "": none): a catalogue entry's
text is looked for in its entry's context first, in every memory, as msgmerge matches msgctxt
and msgid (``Fermer`` is "Close" in a menu, "Shut" for a door), then as any line is; so is an
XLIFF unit's in its resname and a localization file's string in its key (documents/).
A line of no letter and no digit is no memory's: it comes out as written (aside.py's
``as_written``), memory or not (the model's memory, loosely, gave ``?!`` as "?").

Memories come from `nmt translate --memory FILE` (any file of pairs `nmt score` reads: TAB or
JSON lines, .po, .mo, .tmx, .xliff; a catalogue's access keys removed; a TAB file that opens
with ``# `` notice lines, as a model's own do, read as a model's) and from the model directory's
own (TAB lines, bundle.MEMORY_FILES: ``memory.tsv``, a program's strings, then
``phrasebook.tsv``, everyday sentences), which `--no-model-memory` leaves out; a user's files
are asked first, in the order given. A model's own translation ends as the model's searched
ones do: with the line's exclamation mark where it ends with a full stop after a word
(typography.py; Tatoeba's English, the phrasebook's, often ends so: ``Merci !`` gave "Thank
you."); a user's memory gives its target as written, but for the final mark of a loose match.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from nmt_cli.errors import InputError
from nmt_cli.inference.aside import has_words
from nmt_cli.inference.emoji import trailing
from nmt_cli.inference.typography import exclaimed
from nmt_cli.model.bundle import MEMORY_FILES
from nmt_cli.textio import CONTROL, shown_path

SPACES = re.compile(r"\s+")  # \s holds U+00A0, U+202F and U+2009 in str patterns


def key(text: str) -> str:
    """``text`` as a memory compares it: NFC, white space collapsed to one space and trimmed.

    >>> key("Version\\u00a0:  ") == key("Version :")
    True
    """
    return SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()


def _other_first_case(text: str) -> str:
    """``text`` with its first character's case swapped."""
    return text[:1].swapcase() + text[1:]


def _one_line(text: str) -> bool:
    """Whether ``text`` has words on one line, no TAB (what a memory holds: one output line)."""
    return bool(text.strip()) and len(text.splitlines()) == 1 and "\t" not in text


def _most_common(counts: dict[str, Counter[str]]) -> dict[str, str]:
    """Each source's target held most often (most_common: the first seen of equal counts)."""
    return {k: c.most_common(1)[0][0] for k, c in counts.items()}


class Memory:
    """Sources (as ``key`` reads them) and the target each is translated by; ``contexts``: by
    the context of a catalogue's entries (a pair's third item: its msgctxt, "": none)."""

    # a model's own (bundle.MEMORY_FILES): its targets end as the model's translations do
    own = False

    def __init__(self, pairs: Iterable[tuple[str, ...]] = ()):
        counts: dict[str, Counter[str]] = {}
        held: dict[str, dict[str, Counter[str]]] = {}
        for source, target, *context in pairs:
            if _one_line(source) and _one_line(target):
                k, t = key(source), target.strip()
                counts.setdefault(k, Counter())[t] += 1
                for c in context:
                    held.setdefault(c, {}).setdefault(k, Counter())[t] += 1
        self.targets = _most_common(counts)
        self.contexts = {c: _most_common(of) for c, of in held.items()}

    def __len__(self) -> int:
        return len(self.targets)

    def __contains__(self, line: str) -> bool:
        return self.get(line) is not None

    def get(self, line: str, loose: bool = False, context: str | None = None) -> str | None:
        """The memory's translation of ``line``, else None; ``loose``: of a source that differs
        from ``line`` by its final mark only (``.``, ``!``, ``:`` or none, French spacing
        aside), the translation's final mark then the line's; ``context``: held in that
        context only (a catalogue entry's msgctxt, "": none)."""
        k = key(line)
        if not k or "\t" in line or "\n" in line:  # columns, lines (columns.py): no memory's
            return None
        if not has_words(k):  # nothing to translate: as written (aside.py)
            return None
        if context is not None:
            return self._find(k, self.contexts[context]) if context in self.contexts else None
        if not loose:
            return self._find(k)
        bare, mark = final_mark(k)
        for other in ("", *FINAL_MARKS):
            if other == mark or not bare:
                continue
            for source in (bare + " " + other, bare + other) if other else (bare,):
                found = self._find(source)
                if found is not None:
                    return _with_final_mark(found, mark)
        return None

    def _find(self, k: str, targets: dict[str, str] | None = None) -> str | None:
        """The target of the source ``k`` (a key) in ``targets`` (None: the memory's), else of
        ``k`` with its first letter's case swapped, that letter's case then ``k``'s; else so of
        ``k`` with the other spacing of its final mark (``Bravo !``, ``Bravo!``)."""
        targets = self.targets if targets is None else targets
        found = self._cased(k, targets)
        if found is None and (other := _respaced(k)) is not None:
            return self._cased(other, targets)
        return found

    def _cased(self, k: str, targets: dict[str, str]) -> str | None:
        found = targets.get(k)
        if found is not None:
            return found
        first = k[:1]
        if not first.isalpha() or first.swapcase() == first:
            return None
        found = targets.get(_other_first_case(k))
        if found is None or not found[:1].isalpha() or found[1:2].isupper():  # "PDF", kept
            return found
        return found[:1].upper() + found[1:] if first.isupper() else found[:1].lower() + found[1:]


def _respaced(k: str) -> str | None:
    """``k`` with the space before its final ``!``, ``?``, ``:`` or ``;`` taken out, or put in
    after a word (French spacing and English: white space, as ``key`` reads it); else None."""
    if len(k) < 2 or k[-1] not in "!?:;":
        return None
    if k[-2] == " ":
        return k[:-2] + k[-1]
    return k[:-1] + " " + k[-1] if k[-2].isalnum() else None


FINAL_MARKS = (".", "!", ":")  # what ends a statement, an exclamation or a label: not "?", "..."


def final_mark(text: str) -> tuple[str, str]:
    """(``text`` without its final mark and the spaces before it, that mark: one of
    FINAL_MARKS, else "" where ``text`` ends otherwise: "...", "?", a word).

    >>> final_mark("Merci !"), final_mark("Enregistrer sous..."), final_mark("Nom")
    (('Merci', '!'), ('Enregistrer sous...', ''), ('Nom', ''))
    """
    mark = text[-1:]
    if mark not in FINAL_MARKS or text[-2:-1] in FINAL_MARKS:
        return text, ""
    return text[:-1].rstrip(), mark


def _with_final_mark(target: str, mark: str) -> str:
    """``target`` ending in ``mark`` (one of FINAL_MARKS, or "": none) where it ends in a word
    or one of them; else as it is ("Are you coming?", a quotation)."""
    bare, own = final_mark(target)
    if own or bare[-1:].isalnum():
        return bare + mark
    return target


def read_tsv_memory(path: Path) -> Memory:
    """The memory of a TAB file :func:`write_tsv_memory` writes (a model directory's
    ``memory.tsv`` or ``phrasebook.tsv``): source TAB target, a line each, each source once
    (else its first line) and as ``key`` writes it (read as it is: 80,000 lines in a twentieth
    of a second); a line without a TAB (its notice) is no pair."""
    memory = Memory()
    targets = memory.targets
    with open(path, encoding="utf-8", newline="\n") as f:
        for line in f:
            source, tab, target = line.rstrip("\n").partition("\t")
            if tab and source and target and "\t" not in target:
                targets.setdefault(source, target)
    return memory


def write_tsv_memory(path: Path, memory: Memory, notice: Iterable[str] = ()) -> None:
    """``memory`` as a TAB file :func:`read_tsv_memory` reads, its sources sorted, atomically,
    after the lines of ``notice`` (where the texts come from, their terms), each led by ``# ``
    (a line without a TAB: no pair)."""
    from nmt_cli.output import write_text_atomic

    head = [f"# {line}\n" for line in notice if "\t" not in line]
    lines = (f"{s}\t{memory.targets[s]}\n" for s in sorted(memory.targets))
    write_text_atomic(path, "".join([*head, *lines]))


class Memories:
    """Several memories asked in order: the first that holds a line translates it."""

    def __init__(self, memories: Iterable[Memory]):
        self.memories = [m for m in memories if len(m)]

    def __bool__(self) -> bool:
        return bool(self.memories)

    def get(self, line: str, context: str | None = None) -> str | None:
        """The first memory's that holds ``line`` in ``context`` (a catalogue entry's msgctxt,
        "": none; None: a plain line's, no context); else the first's that holds ``line``; else
        the first's that holds it but for its final mark (Memory.get's ``loose``); else, where
        ``line`` ends in emoji (``À bientôt 👋``), the translation of its words so found, those
        emoji after it."""
        if context is not None:
            held = (memory.get(line, context=context) for memory in self.memories)
            if (found := next((t for t in held if t is not None), None)) is not None:
                return found
        found = self._get(line)
        words, emoji = trailing(line) if found is None else (line, "")
        if emoji and (found := self._get(words)) is not None:
            return found + emoji
        return found

    def _get(self, line: str) -> str | None:
        for loose in (False, True):
            for memory in self.memories:
                found = memory.get(line, loose)
                if found is not None:
                    return exclaimed(line, found) if memory.own else found
        return None


def _noticed(path: str) -> bool:
    """Whether the file ``path`` opens as :func:`write_tsv_memory` writes one: a ``# `` line
    without a TAB (a model directory's memory, given as --memory)."""
    if path == "-" or not Path(path).is_file():
        return False
    with open(path, "rb") as f:
        first = f.readline()
    return first.startswith(b"# ") and b"\t" not in first


def memories_for(
    model_path: Path | None, files: Iterable[str], languages: tuple[str, str] | None, warn=None
) -> Memories:
    """The memories a translator asks: ``files`` (read as `nmt score` reads pairs, their sides
    by the model's ``languages``, each with its context where its format has one (a catalogue
    entry's msgctxt, an XLIFF unit's resname, a TMX unit's x-context); a TAB file with a
    notice as a model's own), then those of
    the model directory ``model_path`` (bundle.MEMORY_FILES; None: none). A file that does
    not read, or a line of a TAB or JSON file with a control character (a NUL), is an
    InputError naming it; one that holds no pairs, of whatever format, a warning."""
    found = []
    for f in files:  # the readers of memories (lxml, polib) load only for a file
        from nmt_cli.inference.pairs import pair_format, read_pair_file

        fmt = pair_format(f, None)
        if fmt == "tsv" and _noticed(f):  # its sources compared as a memory compares them
            found.append(Memory(read_tsv_memory(Path(f)).targets.items()))
            continue
        pairs = read_pair_file(f, fmt, (None, None), languages, warn, True, format_option=None)
        if fmt in ("tsv", "jsonl"):  # a catalogue's or XML memory's text holds no control
            _no_control(f, pairs)
        if not pairs and warn is not None:  # of every format: an empty memory, not an error
            warn(f"{shown_path(f)}: no pairs: the memory recalls nothing")
        found.append(Memory(pairs))
    for name in MEMORY_FILES if model_path is not None else ():
        own = Path(model_path) / name
        if own.is_file():
            found.append(_model_memory(str(own), own.stat().st_mtime_ns))
    return Memories(found)


def _no_control(path: str, pairs: list[tuple[str, str]]) -> None:
    """InputError ``FILE: line N: ...`` at the first pair of a TAB or JSON memory (a pair a
    line) whose text holds a control character: read as text, ``fe\\x00line`` came out
    ``fe line``."""
    for n, pair in enumerate(pairs, 1):
        if found := next(filter(None, (CONTROL.search(side) for side in pair)), None):
            at = f"{shown_path(path)}: line {n}"
            raise InputError(f"{at}: a control character (U+{ord(found[0]):04X}) in a pair")


@functools.lru_cache(maxsize=8)
def _model_memory(path: str, mtime_ns: int) -> Memory:
    """A model directory's memory, read once while the file stays as it was (``mtime_ns``)."""
    memory = read_tsv_memory(Path(path))
    memory.own = True
    return memory
