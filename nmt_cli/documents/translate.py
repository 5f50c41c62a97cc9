"""What `nmt translate` reads, and how it is translated: plain lines, streamed, one line out for
every line in (lines.py, translate_file, also with --markup); or a document (registry.py),
read and checked whole before the model loads, all its texts translated in one call (so they are
sorted by length into batches together, as a file's lines are), and written whole, atomically.
A document that does not parse is one error and nothing is written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from nmt_cli.documents.binary import check_binary_output, check_text_file
from nmt_cli.documents.document import (
    Document,
    DocumentFormat,
    Layout,
    nested_within_reach,
    read_document,
    without_bom,
    write_document,
)
from nmt_cli.documents.options import DocumentOptions
from nmt_cli.documents.registry import FORMATS, TEXT, format_for
from nmt_cli.errors import UsageError
from nmt_cli.evaluation import check_lines_file, check_reference
from nmt_cli.formats.encoding import text_lines
from nmt_cli.inference.options import FileOptions
from nmt_cli.markup.pages import DIALECTS
from nmt_cli.output import check_not_read, check_output_file
from nmt_cli.settings import flag_of, option_fields
from nmt_cli.textio import check_files, count_lines, is_stream, read_lines

if TYPE_CHECKING:
    from nmt_cli.inference.translation import Translation
    from nmt_cli.inference.translator import Translator

# How a text that ends as a sentence ends (before closing quotes and brackets)
_SENTENCE_END = tuple(".!?:;…")
_CLOSERS = "\"')]»”’ "


@dataclass(frozen=True)
class TranslateInput:
    """Text arguments (``text``), the lines of ``files.input_file``, or the ``document`` read
    from it (its format ``fmt``, its number of lines ``lines``, the Layout of a text document,
    which its output keeps)."""

    files: FileOptions
    text: list[str] | None = None
    document: Document | None = None
    fmt: DocumentFormat | None = None
    lines: int = 0
    layout: Layout | None = None
    references: list[str] | None = None  # the lines of --ref, read before the model loads

    @property
    def shown(self) -> str:
        """The file whose lines a progress bar counts ('-': none, as with --quiet; a pipe is read
        once)."""
        stream = self.text or self.files.quiet or is_stream(self.files.input_file)
        return "-" if stream else self.files.input_file

    @property
    def total(self) -> int | None:
        """What a progress bar counts to: a document's texts, read as its lines are (None:
        plain lines, counted in the file)."""
        return None if self.document is None else self.lines

    @property
    def aligned(self) -> bool:
        """Whether its translations need word alignments: ``--align``, tags put back (pages,
        ``--markup``)."""
        markup = self.files.markup in DIALECTS or (self.fmt is not None and self.fmt.alignment)
        return self.files.align or markup

    def translate(
        self,
        translator: Translator,
        on_progress: Callable[[float], None],
        warn: Callable[[str], None],
    ) -> list[str]:
        """Translate it with ``translator`` (nmt_cli/inference/translator.py) to
        ``files.output``; ``on_progress(lines_done)`` hears as batches finish. Returns the 1-best
        translations of plain lines when ``files.ref`` will score them, else []."""
        if self.document is None or self.fmt is None:
            from nmt_cli.align.forced import check_has_attention  # torch: once there is work
            from nmt_cli.documents.lines import translate_file

            if self.files.align:  # links printed: as `nmt align`, none from a model without
                check_has_attention(translator.bundle)

            lines = [" ".join(self.text)] if self.text else None
            refs = None if self.references is None else len(self.references)
            return translate_file(translator, self.files, lines, on_progress, warn, refs)

        def lines_done(fraction: float) -> None:
            on_progress(fraction * self.lines)

        with nested_within_reach(self.files.input_file):
            text = translate_document(
                translator, self.document, self.fmt, lines_done, warn, self.files.markup
            )
        write_document(self.files.output, text, self.layout)
        return []


def translate_document(
    translator: Translator,
    document: Document,
    fmt: DocumentFormat,
    on_progress: Callable[[float], None] = lambda fraction: None,
    warn: Callable[[str], None] = lambda message: None,
    markup: str = "auto",
) -> str | bytes:
    """The whole output of ``document`` (of format ``fmt``) translated by ``translator``: all
    its texts in one call (so they are sorted by length into batches together, as a file's
    lines are), the spans its format protects kept, no full stop added where a source does
    not end as a sentence. ``on_progress(fraction)`` hears as batches finish. With ``markup``
    auto, a text that holds inline elements around words (a catalogue's ``<b>continuer</b>``,
    a subtitle's ``<i>...</i>``) has them put back by the alignment, as a line's
    (lines.with_elements), but for a text whose own translation needs its word alignment (an
    access key, ``aligned_texts()``; another's in its catalogue does not keep it from it).

    A document may say more (document.py): ``check_languages(source, target)`` refuses one in
    another language than the model's (a page's lang); ``needs_alignment`` is False where none
    of its texts needs word alignments (a catalogue without access keys), which saves them;
    ``contexts()``, each text's context (a catalogue entry's msgctxt, an XLIFF unit's resname,
    a localization file's key; None: none), where a translation memory looks it up first."""
    source, target = translator.bundle.languages or (None, None)
    check = getattr(document, "check_languages", None)
    if check is not None:
        check(source, target)
    model = translator.also_protecting(fmt.protect)
    sources = document.sources()
    contexts = document.contexts() if hasattr(document, "contexts") else None
    aligned = fmt.alignment and getattr(document, "needs_alignment", True)
    from nmt_cli.documents.lines import reads_elements, with_elements  # torch

    needing = getattr(document, "aligned_texts", None)
    if not sources:
        found = []
    elif reads_elements(model, markup, not aligned):
        found = with_elements(model, sources, on_progress, contexts)
    elif needing is not None and reads_elements(model, markup, True):  # an access key elsewhere
        found = with_elements(model, sources, on_progress, contexts, needing())
    else:
        found = model.translate(sources, aligned, on_progress, contexts=contexts)
    best = [without_added_stop(nbest[0]) for nbest in found]
    return document.render(best, target, warn)


def translate_text(
    translator: Translator,
    text: str | bytes,
    input_format: str,
    options: DocumentOptions = DocumentOptions(),
    warn: Callable[[str], None] = lambda message: None,
) -> str | bytes:
    """``text``, a whole document of ``input_format`` (a name of registry.FORMATS), translated
    as `nmt translate -i FILE --input-format NAME` translates it (the Python API's way in):
    text in, text out; a file's bytes in (an office document's), the file's bytes out."""
    fmt = FORMATS[input_format]
    settings = {k: getattr(options, k) for k in fmt.options}
    if fmt.binary:
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        document = fmt.read(data, "<text>", **settings)
    else:
        if isinstance(text, bytes):  # a page's in the charset it declares (fmt.decode)
            text = fmt.decode(text, "<text>")[0] if fmt.decode else text.decode("utf-8")
        document = fmt.read(without_bom(text_lines(text)), "<text>", **settings)
    out = translate_document(translator, document, fmt, warn=warn)
    if isinstance(text, str) and isinstance(out, bytes) and fmt.printable:
        return out.decode("utf-8")  # text in, text out (read from its UTF-8 bytes above)
    return out


def without_added_stop(translation: Translation) -> Translation:
    """``translation`` without the full stop the model ended it with where its source does not
    end as a sentence does: a document's heading, list item, table cell, label or subtitle line
    that goes on gets none it lacked (``Trois laboratoires`` -> ``Three laboratories``, not
    ``Three laboratories.``). An ellipsis or an abbreviation's stop (``U.S.``) stays."""
    source = translation.source.rstrip(_CLOSERS)
    text = translation.text.rstrip()
    words = text.split()
    if not source or source.endswith(_SENTENCE_END) or not words or not text.endswith("."):
        return translation
    last = words[-1]
    if last.endswith("..") or "." in last[:-1]:
        return translation
    if last != ".":
        return replace(translation, text=text[:-1])
    n = len(words) - 1  # a stop the model wrote as a word of its own: its links go with it
    links = [(s, t) for s, t in translation.alignment if t < n]
    scores = translation.word_scores[:n]
    return replace(translation, text=text[:-1].rstrip(), alignment=links, word_scores=scores)


def read_input(
    text: list[str] | None, files: FileOptions, options: DocumentOptions, nbest: int, warn=None
) -> TranslateInput:
    """What `nmt translate` is asked to translate, its options checked, a document read whole
    and --ref's lines (an InputError, before any model loads, if it does not parse or --ref's
    lines are not the input's: a file's, counted, or one for text arguments)."""
    if text and files.input_file != "-":
        raise UsageError("give text arguments or --input, not both")
    check_files([files.input_file], "--input", pipes=True)  # -i <(cmd): read once
    check_files([files.ref], "--ref", pipes=True)  # read once, before the model loads
    check_output_file(files.output)  # -o into no folder: said before the model loads
    fmt = format_for(files.input_file, options.input_format, files.output)
    # a catalogue may be filled in place; lines and references must stay
    check_not_read(
        files.output, {"--ref": files.ref, "--input": None if fmt or text else files.input_file}
    )
    _check_options(fmt, files, options, nbest, bool(text))
    _check_markup(files, nbest)
    if fmt is None:
        check_text_file(files.input_file)  # a PDF, an image: not read as lines
        return TranslateInput(files, text, references=_references(files, bool(text), warn))
    if not fmt.printable:
        check_binary_output(files.output, fmt.name)
    settings = {k: getattr(options, k) for k in fmt.options}
    with nested_within_reach(files.input_file):
        document, lines, layout = read_document(fmt, files.input_file, settings, warn)
    return TranslateInput(files, None, document, fmt, lines, layout)


def _references(files: FileOptions, text: bool, warn) -> list[str] | None:
    """The lines of --ref (None: none), as many as the input's where they can be counted
    first (stdin's and a pipe's: as they are translated, lines.translate_file)."""
    if files.ref is None:
        return None
    check_lines_file(files.ref, "--ref")
    refs = read_lines(files.ref, warn)
    stream = files.input_file == "-" or is_stream(files.input_file)
    lines = 1 if text else None if stream else count_lines(files.input_file)
    if lines is not None:
        check_reference(files.ref, len(refs), lines)
    return refs


def _check_markup(files: FileOptions, nbest: int) -> None:
    """UsageError for an option that ``--markup`` lines do not go with (a document with
    ``--markup``: _check_options)."""
    if files.markup not in DIALECTS:
        return
    for flag, given in (
        ("--align", files.align),
        ("--format jsonl", files.fmt != "text"),
        ("--nbest", nbest > 1),
    ):
        if given:
            raise UsageError(f"--markup writes each line with its tags: not with {flag}")


def _check_options(
    fmt: DocumentFormat | None,
    files: FileOptions,
    options: DocumentOptions,
    nbest: int,
    text: bool,
) -> None:
    """UsageError for an option the input's format does not read."""
    source = "stdin" if files.input_file == "-" else files.input_file
    read_as = f"{source} is read as {fmt.name if fmt else TEXT}"
    for f in option_fields(DocumentOptions):
        if f.name in (fmt.options if fmt else ()) or getattr(options, f.name) == f.default:
            continue
        if f.name != "input_format":
            readers = " or ".join(g.name for g in FORMATS.values() if f.name in g.options)
            raise UsageError(f"{flag_of(f)} is for {readers} input; {read_as}")
    if fmt is None:
        return
    if text:
        raise UsageError(f"--input-format {fmt.name} reads --input or stdin, not text arguments")
    for flag, given in (
        ("--format", files.fmt != "text"),
        ("--align", files.align),
        ("--nbest", nbest > 1),
        ("--ref", files.ref is not None),
        ("--word-scores", files.word_scores),
        ("--markup", files.markup in DIALECTS),
    ):
        if given:
            raise UsageError(f"{flag} is for plain text; {read_as} (--input-format text: lines)")
