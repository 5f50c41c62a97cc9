"""Files of sentence pairs, whatever their format: which format a file is (by its extension,
a ``.gz`` or ``.xz`` after it passed over, or as given), and its pairs.

    tsv     source TAB target, one pair a line (.tsv, .tab)        lines.py
    jsonl   {"src": ..., "tgt": ...} a line (.jsonl, .ndjson)       lines.py
    po      gettext catalogues (.po, .pot), compiled ones (.mo)    po.py
    tmx     TMX 1.4 memories (.tmx)                                 tmx.py
    xliff   XLIFF 1.2 and 2.0 (.xlf, .xliff; .sdlxliff, .mqxliff, .mxliff)   xliff.py

The files of one pair a line give their columns as they are; the memories (po, tmx, xliff)
give their sides by language, so they need the languages asked for (source, target).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from nmt_cli.errors import InputError, UsageError
from nmt_cli.formats import lines, po, tmx, xliff
from nmt_cli.formats.memory import Counts, Pair, Report, cleaned, same_language
from nmt_cli.formats.root import root_element
from nmt_cli.textio import is_stream, lines_of

EXTENSIONS = {
    "tsv": lines.TSV_EXTENSIONS,
    "jsonl": lines.JSONL_EXTENSIONS,
    "po": po.EXTENSIONS + po.MO_EXTENSIONS,
    "tmx": tmx.EXTENSIONS,
    "xliff": xliff.EXTENSIONS,
}
PAIR_FORMATS = tuple(EXTENSIONS)
MEMORIES = ("po", "tmx", "xliff")  # sides by language
_COMPRESSED = (".gz", ".xz")
_XML_ROOTS = ("tmx", "xliff")  # an .xml file's format by its root element (root.py)


def format_of(path: str, given: str | None = None, default: str | None = None) -> str:
    """The format of the pair file ``path``: ``given`` (one of PAIR_FORMATS), else by its
    extension, an ``.xml`` file's by its root element (``<tmx>``, ``<xliff>``; another root
    is a UsageError but where ``default`` is "text"), else ``default``; a UsageError where none
    says."""
    if given is not None:
        if given not in PAIR_FORMATS:
            raise UsageError(
                f"{path}: unknown pair format {given!r}; one of {', '.join(PAIR_FORMATS)}"
            )
        return given
    name = Path(path).name.lower()
    for ext in _COMPRESSED:
        name = name.removesuffix(ext)
    suffix = Path(name).suffix
    for fmt, extensions in EXTENSIONS.items():
        if suffix in extensions:
            return fmt
    root = root_element(path) if suffix == ".xml" else None
    if root in _XML_ROOTS:
        return root  # type: ignore[return-value]  # before, read as TAB lines: "1 columns"
    if root is not None and default != "text":
        raise UsageError(
            f"{path}: an XML file whose root is <{root}> holds no pairs nmt reads "
            "(a TMX memory's root is <tmx>, an XLIFF file's <xliff>)"
        )
    if default is not None:
        return default
    known = " ".join(e for exts in EXTENSIONS.values() for e in exts)
    raise UsageError(
        f"{path}: cannot tell its pair format from its name (one of {known}); give its format"
    )


def told_how(error: lines.OtherFormatError, option: str | None) -> InputError:
    """``error`` (a line of another format than the TAB lines it was read as) with how to read
    its file as that format: with the command's ``option`` that gives a format (None: it has
    none), or under a name of that format's extension."""
    names = " or ".join(EXTENSIONS[fmt][0] for fmt in error.formats)
    given = f"give {option} {' or '.join(error.formats)}, or " if option else ""
    return InputError(f"{error}: {given}name the file {names}")


def read_pairs(
    path: str,
    fmt: str,
    languages: tuple[str, str] | None = None,
    report: Report | None = None,
    warn: Callable[[str], None] | None = None,
    contexts: bool = False,
    unique: bool = False,
) -> Iterator[Pair]:
    """The (source, target) pairs of ``path`` in ``fmt`` (see above), read as they are asked
    for; a memory's sides in ``languages`` (an InputError where none are given). ``report``
    hears the file's counts (read, kept, skipped by reason) once it is read; ``warn``, what a
    user should know about the lines of a tsv or jsonl file. ``contexts``: a catalogue's
    pairs each with its entry's context after them (po.read_pairs), a memory's each with its
    unit's (an XLIFF unit's resname, a TMX unit's x-context), a JSON line's with its
    ``context`` ("": none). ``unique``: a memory's pairs each once, the first kept, those
    dropped counted as "duplicate" (memory.cleaned: what training reads)."""
    if fmt in ("tsv", "jsonl"):
        return lines.read_pairs(path, fmt, report, warn, contexts and fmt == "jsonl")
    if languages is None or not all(languages):
        named = " (it names none)" if fmt in ("po", "xliff") else ""
        raise InputError(
            f"{path}: {'an' if fmt == 'xliff' else 'a'} {fmt} file's sides are picked by "
            f"language{named}: give the source and target languages (--src-lang, --tgt-lang)"
        )
    if fmt == "tmx":
        return tmx.read_pairs(path, languages, report, contexts=contexts, unique=unique)
    reader = {"po": po.read_pairs, "xliff": xliff.read_pairs}[fmt]
    return reader(path, languages, report, contexts, unique=unique)


def texts(path: str, fmt: str, report: Report | None = None) -> Iterator[str]:
    """Both sides of every pair ``path`` in ``fmt`` gives, whatever its languages (what a
    tokenizer learns from): read_pairs's, read the same way, and of a TMX unit every variant
    (one line each). ``report`` hears the counts."""
    if fmt == "tmx":
        counts = Counts(path)
        for unit in tmx.read_units(path):
            counts.read += 1
            kept = [t for t in (" ".join(text.split()) for text in unit.texts) if t]
            counts.kept += bool(kept)
            yield from kept
        if report is not None:
            report(counts.summary().replace("pairs kept", "units kept"))
        return
    if fmt in ("tsv", "jsonl"):
        pairs: Iterable[Pair] = lines.read_pairs(path, fmt, report)
    elif fmt == "po":
        pairs = po.entries_text(path, report)
    else:
        pairs = _xliff_pairs(path, report)
    for pair in pairs:
        yield from pair


def tokenizer_text(
    files: list[str], report: Report | None = None
) -> Callable[[str], Iterable[str]] | None:
    """What `nmt tokenizer train` reads of each of ``files``: of a memory (known by its name:
    po, tmx, xliff, jsonl), its texts; of any other file, its lines. None: all are text."""
    kinds = {f: format_of(f, default="text") for f in files}
    if all(kind in ("text", "tsv") for kind in kinds.values()):
        return None

    def text(path: str) -> Iterable[str]:
        if kinds[path] in ("text", "tsv"):
            return lines_of([path], strict=True)
        return texts(path, kinds[path], report)

    return text


def _xliff_pairs(path: str, report: Report | None) -> Iterator[Pair]:
    """(source, target) of the units of an XLIFF file that xliff.read_pairs reads."""
    counts = Counts(path)

    def raw() -> Iterator[Pair]:
        for unit in xliff.read_units(path):
            counts.read += 1
            for source, target, reason in unit.pairs():
                if reason is not None:
                    counts.skip(reason)
                else:
                    yield source, target

    yield from cleaned(raw(), counts)
    if report is not None:
        report(counts.summary())


def with_declared(path: str, fmt: str, languages: tuple[str, str]) -> tuple[str, str]:
    """``languages`` (source, target; "": not given) completed from what the memory in
    ``path`` declares of its own: an XLIFF file its ``source-language``/``target-language``
    (2.0: ``srcLang``/``trgLang``), a catalogue its header (msgid English unless it says);
    as given where it declares none, is stdin or a named pipe (read once: for its pairs), or
    both are given. One language given
    takes the other side: ``fr`` given for the target of an en->fr file leaves en the source.
    A TMX memory of two languages: its header's ``srclang`` the source, the other the target
    (one given, whatever its header says: the other); of more, as given."""
    if all(languages) or fmt not in MEMORIES or path == "-" or is_stream(path):
        return languages
    if fmt == "tmx":
        return _completed(languages, _tmx_declared(*tmx.languages_of(path), languages))
    if fmt == "xliff":
        units = (u.languages for u in xliff.read_units(path))
        declared = next((langs for langs in units if all(langs)), (None, None))
    else:
        declared = po.languages_of(po.read_catalogue(path))
    return _completed(languages, declared)


def declared_pairs(
    path: str,
    fmt: str,
    languages: tuple[str, str],
    report: Report | None = None,
    warn: Callable[[str], None] | None = None,
    taken: Callable[[tuple[str, str]], None] = lambda sides: None,
    contexts: bool = False,
) -> list[Pair]:
    """Every pair of ``path`` in ``fmt``, read whole, a memory's sides ``languages`` completed
    from what it declares (with_declared); ``taken`` hears a memory's sides (source, target)
    once its pairs are read; ``contexts``: a catalogue's with their contexts (read_pairs). A
    TMX is read once, its languages taken from the units read (before, the file was read for
    them and read again for its pairs: twice the time, and a memory on stdin could not name its
    sides)."""
    if fmt != "tmx" or all(languages):
        languages = with_declared(path, fmt, languages)
        pairs = list(read_pairs(path, fmt, languages, report, warn, contexts))
    else:
        memory = tmx.read_memory(path)
        languages = _completed(languages, _tmx_declared(*memory.languages(), languages))
        if not all(languages):
            return list(read_pairs(path, fmt, languages))  # the error: which languages to give
        pairs = list(tmx.read_pairs(path, languages, report, memory.units, contexts))
    if fmt in MEMORIES:
        taken(languages)
    return pairs


def _tmx_declared(
    source: str | None, held: tuple[str, ...], languages: tuple[str, str]
) -> tuple[str | None, str | None]:
    """(source, target) of a TMX holding the languages ``held``, ``source`` the one its header
    names: its two languages (its header's source first; one given: whichever), else none."""
    if len(held) != 2 or (source is None and not any(languages)):
        return None, None
    return held if source in (None, held[0]) else held[::-1]  # type: ignore[return-value]


def _completed(
    languages: tuple[str, str], declared: tuple[str | None, str | None]
) -> tuple[str, str]:
    """``languages`` completed by the ``declared`` (source, target) of a memory."""
    src, tgt = declared
    if src is None or tgt is None:
        return languages
    if languages[0]:
        return languages[0], src if same_language(languages[0], tgt) else tgt
    if languages[1]:
        return tgt if same_language(languages[1], src) else src, languages[1]
    return src, tgt
