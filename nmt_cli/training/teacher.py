"""Guided alignment's teacher (Garg et al. 2019): whether a run is guided, which teacher gives
the links of its corpora that have none of their own, and those links, computed once and cached
in the run directory. The links themselves (words, Pharaoh lines, pieces): align/links.py; the
loss they teach with: loss.py.

The teacher (``teacher``, chosen by :func:`choose_teacher`) is one of:

- eflomal, a statistical word aligner run as its own program (``eflomal-align``, GPL-3, an
  optional extra: ``pip install 'nmt-cli[align]'``); nmt-cli never imports it. Aligners work on
  words, so eflomal sees each line as normalised words (align/links.py, ``NORMALISED_WORD``).
- self: a guided model that the run starts from (``init``) aligns the training text itself,
  as ``nmt align --src-file S --tgt-file T --format pharaoh`` would: its supervised head (read in
  its full-context pass if it was trained so) and the default decision rule, on whitespace
  words. Fine-tuning a guided model then needs no aligner installed.

Their links, one Pharaoh line per pair, are cached in ``RUN/teacher/`` and mapped onto the
subword pieces the model reads when the data is read (data.py). A user may give their own links
instead (``alignments`` per corpus); those index the whitespace-separated words of the training
lines, as a word aligner run on tokenised text would give them.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from nmt_cli.align.forced import align_chunks
from nmt_cli.align.links import (
    NORMALISED_WORD,
    WHITESPACE_WORD,
    LinksFile,
    normalised_words,
    symmetrise,
)
from nmt_cli.align.pharaoh import to_pharaoh
from nmt_cli.align.rules import Links
from nmt_cli.errors import ConfigError, InputError
from nmt_cli.model.bundle import load_bundle, read_config
from nmt_cli.output import atomic_writer, write_chunks
from nmt_cli.textio import open_lines
from nmt_cli.training.config import CorpusFiles, RunSpec
from nmt_cli.training.corpora import corpus_pairs

Corpus = CorpusFiles | tuple[str, str]  # a corpus, or its (source, target) files

EFLOMAL = "eflomal-align"
INSTALL_HINT = "pip install 'nmt-cli[align]' (or: pip install eflomal)"
TEACHER_DIR = "teacher"
LINKS_FILE = "links.txt"  # eflomal's, on normalised words
SELF_LINKS_FILE = "self-links.txt"  # the init model's own, on whitespace words


# -- guided runs and guided models ---------------------------------------------------------------


def run_is_guided(spec: RunSpec) -> bool:
    """Whether the run supervises attention with links: the one test of it (the data reads
    links, and the trainer adds the alignment loss, only when it says so)."""
    return spec.model.guided_alignment


def model_is_guided(model_dir: str) -> bool:
    """Whether the model in ``model_dir`` was trained with guided alignment (has a supervised
    head that can teach)."""
    return read_config(Path(model_dir))[0].guided_alignment


def needs_teacher(spec: RunSpec) -> bool:
    """A guided run with a corpus that has no links of its own."""
    return run_is_guided(spec) and any(not c.alignments for c in spec.corpora)


# -- choosing the teacher ----------------------------------------------------------------------


def choose_teacher(wanted: str, init: str | None) -> str:
    """The teacher a guided run uses: ``wanted`` (TrainConfig.teacher) with ``auto`` resolved
    to eflomal where ``eflomal-align`` is on PATH, else to the model itself where the run
    starts from a guided model (``init``), else to eflomal (which then asks to be installed)."""
    if wanted != "auto":
        return wanted
    if shutil.which(EFLOMAL) is None and init is not None and model_is_guided(init):
        return "self"
    return "eflomal"


def describe_teacher(teacher: str, init: str | None) -> str:
    """One line saying which teacher a run uses."""
    if teacher == "self":
        return f"teacher: the model itself ({init}: its supervised head on the training text)"
    return f"teacher: eflomal ({shutil.which(EFLOMAL) or EFLOMAL})"


def check_self_teacher(init: str | None) -> None:
    """ConfigError unless the run starts from a guided model, whose head can teach."""
    if init is None:
        raise ConfigError(
            "teacher self needs a guided model to start from (--init): its supervised head "
            "gives the links"
        )
    if not model_is_guided(init):
        raise ConfigError(
            f"teacher self: {init} was not trained with guided alignment, so it has no "
            f"supervised head to give links; use eflomal: {INSTALL_HINT}"
        )


# -- running eflomal ---------------------------------------------------------------------------


def eflomal_program() -> str:
    found = shutil.which(EFLOMAL)
    if found is None:
        raise ConfigError(
            f"guided alignment needs the word aligner eflomal for its teacher links: {INSTALL_HINT}"
            ", or give your own links with the alignments setting (or fine-tune a guided model: "
            "--init, whose own head teaches)"
        )
    return found


def _write_normalised(pairs: Iterable[tuple[str, str]], src: Path, tgt: Path) -> int:
    n = 0
    with atomic_writer(src) as fs, atomic_writer(tgt) as ft:
        for s, t in pairs:
            # eflomal needs a token on each side; an empty side gets a placeholder (no links
            # of such a pair are used: training drops pairs with an empty side)
            fs.write((normalised_words(s) or "_") + "\n")
            ft.write((normalised_words(t) or "_") + "\n")
            n += 1
    return n


def _pairs(corpora: Sequence[Corpus], languages=None) -> Iterator[tuple[str, str]]:
    """The (source, target) pairs of ``corpora`` (a memory's sides in ``languages``), in
    order."""
    for corpus in corpora:
        files = corpus if isinstance(corpus, CorpusFiles) else CorpusFiles(*corpus)
        yield from corpus_pairs(files, languages)


def _read_links(path: Path) -> Iterator[Links]:
    with open_lines(path) as lines:
        for line in lines:
            yield [(int(a), int(b)) for a, b in (x.split("-") for x in line.split())]


def compute_teacher(
    corpora: Sequence[Corpus],
    run_dir: Path,
    method: str = "intersect",
    on_message: Callable[[str], None] = lambda _: None,
    languages: tuple[str, str] | None = None,
) -> Path:
    """Align every training pair of ``corpora`` (each a CorpusFiles, or the (source, target)
    files of one; a memory's sides in ``languages``) with eflomal in both directions,
    symmetrise, and cache the links in ``RUN/teacher/links.txt``; returns that path. A cached
    file is reused (``--resume`` does not recompute it). Memory stays bounded: text and links
    stream through files."""
    out = run_dir / TEACHER_DIR / LINKS_FILE
    if out.is_file():
        return out
    program = eflomal_program()
    work = run_dir / TEACHER_DIR
    work.mkdir(parents=True, exist_ok=True)

    t0 = time.monotonic()
    n = _write_normalised(_pairs(corpora, languages), work / "src.txt", work / "tgt.txt")
    on_message(f"teacher alignments: eflomal on {n:,} pairs, both directions ({method})")
    cmd = [program, "-s", work / "src.txt", "-t", work / "tgt.txt", "-f", work / "fwd.txt"]
    cmd += ["-r", work / "rev.txt", "--overwrite"]
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise InputError(f"eflomal failed on the training text ({last})")
    with atomic_writer(out) as f:
        for fwd, rev in zip(_read_links(work / "fwd.txt"), _read_links(work / "rev.txt")):
            f.write(" ".join(f"{i}-{j}" for i, j in symmetrise(fwd, rev, method)) + "\n")
    for name in ("src.txt", "tgt.txt", "fwd.txt", "rev.txt"):
        (work / name).unlink(missing_ok=True)
    on_message(f"teacher alignments: done in {time.monotonic() - t0:,.0f} s, cached in {out}")
    return out


# -- the model as its own teacher --------------------------------------------------------------


def compute_self_teacher(
    corpora: Sequence[Corpus],
    model_dir: str,
    run_dir: Path,
    on_message: Callable[[str], None] = lambda _: None,
    chunk_lines: int = 256,
    languages: tuple[str, str] | None = None,
) -> Path:
    """Align every training pair of ``corpora`` (as compute_teacher's) with the guided model in
    ``model_dir``, as `nmt align` does by default, and cache the links (whitespace words) in
    ``RUN/teacher/self-links.txt``; returns that path. A cached file is reused. A pair with a
    side that has no pieces gets an empty line (training drops such pairs)."""
    out = run_dir / TEACHER_DIR / SELF_LINKS_FILE
    if out.is_file():
        return out
    check_self_teacher(model_dir)
    bundle = load_bundle(Path(model_dir))
    (run_dir / TEACHER_DIR).mkdir(parents=True, exist_ok=True)

    t0, done = time.monotonic(), [0]
    chunks = align_chunks(bundle, _pairs(corpora, languages), chunk_lines)
    write_chunks(str(out), chunks, lambda al: [to_pharaoh(al.links) if al else ""], done.append)
    seconds = time.monotonic() - t0
    on_message(f"teacher alignments: {done[-1]:,} pairs in {seconds:,.0f} s, cached in {out}")
    return out


# -- the run's teacher -------------------------------------------------------------------------


def resolve_teacher(spec: RunSpec) -> str:
    """The teacher a new run records: ``teacher = "auto"`` of a run that needs one becomes the
    teacher it will use (see choose_teacher), so that a resumed run continues as it began."""
    if needs_teacher(spec):
        return choose_teacher(spec.train.teacher, spec.init)
    return spec.train.teacher


def check_teacher_tools(spec: RunSpec, run_dir: Path, cached: bool = True) -> None:
    """What the teacher needs, before any long work: eflomal installed, or a guided model to
    start from (not where the run's cache holds its links, and ``cached``: they are kept)."""
    if not needs_teacher(spec):
        return
    held = cached and (run_dir / TEACHER_DIR / LINKS_FILE).is_file()
    if spec.train.teacher == "self":
        if not (cached and (run_dir / TEACHER_DIR / SELF_LINKS_FILE).is_file()):
            check_self_teacher(spec.init)
    elif not held:
        eflomal_program()


def prepare_teacher(spec: RunSpec, run_dir: Path, on_message) -> LinksFile | None:
    """The teacher links of a guided run (computed once, then read from the run's cache), or
    None when the run needs none."""
    if not needs_teacher(spec):
        return None
    need = [c for c in spec.corpora if not c.alignments]
    on_message(describe_teacher(spec.train.teacher, spec.init))
    languages = spec.languages
    if spec.train.teacher == "self":
        path = compute_self_teacher(need, str(spec.init), run_dir, on_message, languages=languages)
        return LinksFile(str(path), WHITESPACE_WORD)
    method = spec.train.teacher_symmetrise
    path = compute_teacher(need, run_dir, method, on_message, languages=languages)
    return LinksFile(str(path), NORMALISED_WORD)
