"""Everything guided alignment training (Garg et al. 2019) needs: whether a run needs a
teacher, the teacher's links, the links of each pair mapped onto subword pieces, and the loss
that supervises attention with them.

The teacher (``teacher``, chosen by :func:`choose_teacher`) is one of:

- eflomal, a statistical word aligner run as its own program (``eflomal-align``, GPL-3, an
  optional extra: ``pip install 'nmt-cli[align]'``); nmt-cli never imports it. Aligners work on
  words, so eflomal sees each line as *normalised words*: lower-cased, with punctuation split
  off (``\\w+`` runs and single other characters).
- self: a guided model that the run starts from (``init``) aligns the training text itself,
  as ``nmt align --src-file S --tgt-file T --format pharaoh`` would: its supervised head (read in
  its full-context pass if it was trained so) and the default decision rule, on whitespace
  words. Fine-tuning a guided model then needs no aligner installed.

Their links, one Pharaoh line per pair (``i-j``: source word i, target word j), are cached in
the run directory and mapped onto the subword pieces the model reads by character offsets
(:func:`piece_links`). A user may give their own links instead (``alignments`` per corpus);
those index the whitespace-separated words of the training lines, as a word aligner run on
tokenised text would give them.
"""

from __future__ import annotations

import bisect
import re
import shutil
import subprocess
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from nmt_cli.align.pharaoh import parse_pharaoh
from nmt_cli.align.rules import final_and, grow_diag
from nmt_cli.errors import ConfigError, InputError
from nmt_cli.textio import atomic_writer, open_lines

if TYPE_CHECKING:  # torch only where the loss is computed
    import torch

    from nmt_cli.training.config import RunSpec

NORMALISED_WORD = re.compile(r"\w+|[^\w\s]")
WHITESPACE_WORD = re.compile(r"\S+")
EFLOMAL = "eflomal-align"
INSTALL_HINT = "pip install 'nmt-cli[align]' (or: pip install eflomal)"
TEACHER_DIR = "teacher"
LINKS_FILE = "links.txt"  # eflomal's, on normalised words
SELF_LINKS_FILE = "self-links.txt"  # the init model's own, on whitespace words

Links = list[tuple[int, int]]


@dataclass(frozen=True)
class TeacherLinks:
    """A run's teacher links: one Pharaoh line per training pair of the corpora that have no
    links of their own (in order), over the words that ``words`` finds in each line."""

    path: str
    words: re.Pattern


# -- choosing the teacher ----------------------------------------------------------------------


def choose_teacher(wanted: str, init: str | None) -> str:
    """The teacher a guided run uses: ``wanted`` (TrainConfig.teacher) with ``auto`` resolved
    to eflomal where ``eflomal-align`` is on PATH, else to the model itself where the run
    starts from a guided model (``init``), else to eflomal (which then asks to be installed)."""
    if wanted != "auto":
        return wanted
    if shutil.which(EFLOMAL) is None and init is not None and _is_guided(init):
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
    if not _is_guided(init):
        raise ConfigError(
            f"teacher self: {init} was not trained with guided alignment, so it has no "
            f"supervised head to give links; use eflomal: {INSTALL_HINT}"
        )


def _is_guided(model_dir: str) -> bool:
    from nmt_cli.model.bundle import read_config

    return read_config(Path(model_dir))[0].guided_alignment


def word_spans(line: str, pattern: re.Pattern = NORMALISED_WORD) -> list[tuple[int, int]]:
    """Character spans ``[start, end)`` of the words of ``line``."""
    return [m.span() for m in pattern.finditer(line)]


def normalised_words(line: str) -> str:
    """The line as the teacher sees it: lower-cased words, punctuation split off."""
    return " ".join(m.group().lower() for m in NORMALISED_WORD.finditer(line))


def parse_links(text: str, n_src: int, n_tgt: int, where: str) -> Links:
    """``"0-0 1-2"`` -> [(0, 0), (1, 2)] (possible links ``i?j`` count as links); a malformed
    or out-of-range link is an InputError naming ``where``."""
    links = sorted(parse_pharaoh(text, where=where).possible)
    for i, j in links:
        if i >= n_src or j >= n_tgt:
            raise InputError(
                f"{where}: link {i}-{j} is out of range for {n_src} source and {n_tgt} target words"
            )
    return links


def piece_owners(offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]]):
    """For each subword piece (its character span), the words it overlaps (a piece such as
    ``▁matin.`` covers two normalised words; a lone ``▁`` covers none). Both in text order."""
    owners: list[list[int]] = []
    starts = [s for s, _ in spans]
    w = 0
    for start, end in offsets:
        while w < len(spans) and spans[w][1] <= start:
            w += 1
        owners.append(list(range(w, bisect.bisect_left(starts, end, w))))
    return owners


def piece_links(word_links: Links, src_owners, tgt_owners) -> array:
    """Word links -> piece links, flattened ``[i0, j0, i1, j1, ...]`` (source piece i, target
    piece j): a piece pair is linked when any of their words are."""
    by_src, by_tgt = _pieces_by_word(src_owners), _pieces_by_word(tgt_owners)
    pairs = {(i, j) for s, t in word_links for i in by_src.get(s, ()) for j in by_tgt.get(t, ())}
    return array("H", [x for pair in sorted(pairs) for x in pair])


def _pieces_by_word(owners) -> dict[int, list[int]]:
    by_word: dict[int, list[int]] = {}
    for piece, words in enumerate(owners):
        for word in words:
            by_word.setdefault(word, []).append(piece)
    return by_word


# -- symmetrisation ----------------------------------------------------------------------------


def symmetrise(forward: Links, reverse: Links, method: str) -> Links:
    """Combine the two directions' links (both as (source, target))."""
    f, r = set(forward), set(reverse)
    if method == "forward":
        return sorted(f)
    if method == "reverse":
        return sorted(r)
    both = f & r
    if method == "intersect":
        return sorted(both)
    union = f | r  # Koehn et al. 2003's grow-diag, then its final-and step
    grown = grow_diag(both, union)
    if method == "grow-diag":
        return sorted(grown)
    return sorted(final_and(grown, union))


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


def _read_links(path: Path) -> Iterator[Links]:
    with open_lines(path) as lines:
        for line in lines:
            yield [(int(a), int(b)) for a, b in (x.split("-") for x in line.split())]


def compute_teacher(
    corpora: Sequence[tuple[str, str]],
    run_dir: Path,
    method: str = "intersect",
    say: Callable[[str], None] = lambda _: None,
) -> Path:
    """Align every training pair of ``corpora`` (in order) with eflomal in both directions,
    symmetrise, and cache the links in ``RUN/teacher/links.txt``; returns that path. A cached
    file is reused (``--resume`` does not recompute it). Memory stays bounded: text and links
    stream through files."""
    out = run_dir / TEACHER_DIR / LINKS_FILE
    if out.is_file():
        return out
    program = eflomal_program()
    work = run_dir / TEACHER_DIR
    work.mkdir(parents=True, exist_ok=True)

    def pairs():
        for src, tgt in corpora:
            with open_lines(src) as fs, open_lines(tgt) as ft:
                yield from zip(fs, ft)

    t0 = time.monotonic()
    n = _write_normalised(pairs(), work / "src.txt", work / "tgt.txt")
    say(f"teacher alignments: eflomal on {n:,} pairs, both directions ({method})")
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
    say(f"teacher alignments: done in {time.monotonic() - t0:,.0f} s, cached in {out}")
    return out


# -- the model as its own teacher --------------------------------------------------------------


def compute_self_teacher(
    corpora: Sequence[tuple[str, str]],
    model_dir: str,
    run_dir: Path,
    say: Callable[[str], None] = lambda _: None,
    chunk_lines: int = 256,
) -> Path:
    """Align every training pair of ``corpora`` (in order) with the guided model in
    ``model_dir``, as `nmt align` does by default, and cache the links (whitespace words) in
    ``RUN/teacher/self-links.txt``; returns that path. A cached file is reused. A pair with a
    side that has no pieces gets an empty line (training drops such pairs)."""
    out = run_dir / TEACHER_DIR / SELF_LINKS_FILE
    if out.is_file():
        return out
    from nmt_cli.align.forced import align_chunks
    from nmt_cli.align.pharaoh import to_pharaoh
    from nmt_cli.model.bundle import load_bundle

    check_self_teacher(model_dir)
    bundle = load_bundle(Path(model_dir))
    (run_dir / TEACHER_DIR).mkdir(parents=True, exist_ok=True)

    def pairs():
        for src, tgt in corpora:
            with open_lines(src) as fs, open_lines(tgt) as ft:
                yield from zip(fs, ft)

    t0, n = time.monotonic(), 0
    with atomic_writer(out) as f:
        for chunk in align_chunks(bundle, pairs(), chunk_lines):
            for al in chunk:
                f.write((to_pharaoh(al.links) if al else "") + "\n")
            n += len(chunk)
    say(f"teacher alignments: {n:,} pairs in {time.monotonic() - t0:,.0f} s, cached in {out}")
    return out


# -- the run's guided steps ----------------------------------------------------------------------


def is_guided(spec: RunSpec) -> bool:
    """Whether the run supervises attention with links: the one test of it."""
    return spec.model.guided_alignment


def needs_teacher(spec: RunSpec) -> bool:
    """A guided run with a corpus that has no links of its own."""
    return is_guided(spec) and any(not c.alignments for c in spec.corpora)


def corpora_and_links(spec: RunSpec, teacher: TeacherLinks | None) -> tuple[list, dict]:
    """The training corpora as the data reads them, and load_corpora's options for the
    teacher's links: a run that is not guided reads no links, even those a corpus gives."""
    if not is_guided(spec):
        return [replace(c, alignments=None) for c in spec.corpora], {}
    if teacher is None:
        return spec.corpora, {}
    return spec.corpora, dict(teacher=teacher.path, teacher_words=teacher.words)


def resolve_teacher(spec: RunSpec) -> str:
    """The teacher a new run records: ``teacher = "auto"`` of a run that needs one becomes the
    teacher it will use (see choose_teacher), so that a resumed run continues as it began."""
    if needs_teacher(spec):
        return choose_teacher(spec.train.teacher, spec.init)
    return spec.train.teacher


def check_teacher_tools(spec: RunSpec, run_dir: Path) -> None:
    """What the teacher needs, before any long work: eflomal installed, or a guided model to
    start from."""
    if not needs_teacher(spec):
        return
    if spec.train.teacher == "self":
        if not (run_dir / TEACHER_DIR / SELF_LINKS_FILE).is_file():
            check_self_teacher(spec.init)
    elif not (run_dir / TEACHER_DIR / LINKS_FILE).is_file():
        eflomal_program()


def prepare_teacher(spec: RunSpec, run_dir: Path, say):
    """The teacher links of a guided run (computed once, then read from the run's cache), or
    None when the run needs none."""
    if not needs_teacher(spec):
        return None
    need = [(c.src, c.tgt) for c in spec.corpora if not c.alignments]
    say(describe_teacher(spec.train.teacher, spec.init))
    if spec.train.teacher == "self":
        path = compute_self_teacher(need, str(spec.init), run_dir, say)
        return TeacherLinks(str(path), WHITESPACE_WORD)
    path = compute_teacher(need, run_dir, spec.train.teacher_symmetrise, say)
    return TeacherLinks(str(path), NORMALISED_WORD)


def guided_alignment_loss(attention: torch.Tensor, links: torch.Tensor) -> torch.Tensor:
    """Cross-entropy between the supervised attention and the teacher's links (Garg et al.
    2019), averaged over target tokens that have links.

    attention (B, T, S) rows sum to 1; links (B, T, S) 0/1, each linked row normalised to a
    distribution here (a target piece linked to k source pieces puts 1/k on each).
    """
    import torch

    counts = links.sum(dim=-1, keepdim=True)  # (B, T, 1)
    linked = counts.squeeze(-1) > 0  # (B, T)
    if not bool(linked.any()):
        return attention.new_zeros((), dtype=torch.float32)
    target = links / counts.clamp(min=1.0)
    log_attention = torch.log(attention.float().clamp(min=1e-9))  # padding gets weight 0
    per_token = -(target * log_attention).sum(dim=-1)  # (B, T)
    return per_token[linked].mean()
