"""Shared fixtures: a tiny generated parallel corpus, a small trained tokenizer, the shared
data directory (skipped when absent) and ``run_cli``, which drives the real `nmt` app in-process.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shlex
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import click.testing
import pytest
import typer.main

from nmt_cli.cli.app import app
from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.model.tokenizer_training import train_tokenizer

# As `nmt`'s entry point sets it (nmt_cli/cli/app.py), for the commands run_cli runs in this
# process: OpenMP threads that spin while they wait take the cores from every other process, and
# a tiny run on a busy machine then takes several times as long. OpenMP reads it once, when torch
# loads; none of the imports above loads torch.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# ../shared/data beside the repository (CI clones main with shared/ beside it).
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture(scope="session", autouse=True)
def shipped_models_read_once():
    """Each shipped model is read from disk once per test run: a command that loads one gets
    its own copy of the weights (loading changes them: fused projections, oneDNN's kernels,
    bfloat16), with the tokenizer and config shared. Other model directories load as always."""
    import copy
    import dataclasses

    from nmt_cli.model import bundle as bundle_module
    from nmt_cli.model.pretrained import pretrained_dirs

    read = bundle_module.load_bundle
    shipped = [d.resolve() for d in pretrained_dirs() if d.is_dir()]
    bundles = {}

    def load_bundle(path):
        where = Path(path).resolve()
        if not any(where.is_relative_to(d) for d in shipped):
            return read(path)
        if where not in bundles:
            bundles[where] = read(path)
        pristine = bundles[where]
        return dataclasses.replace(pristine, model=copy.deepcopy(pristine.model))

    patch = pytest.MonkeyPatch()
    patch.setattr(bundle_module, "load_bundle", load_bundle)
    yield
    patch.undo()


# -- a tiny German/English-like corpus, generated deterministically ----------------------------

# (German, English) pairs; a sentence is "<det> <noun> <verb> <prep> <place>." in both languages.
_SUBJECTS = [
    ("Ein Mann", "A man"),
    ("Eine Frau", "A woman"),
    ("Ein Kind", "A child"),
    ("Ein Hund", "A dog"),
    ("Zwei Mädchen", "Two girls"),
    ("Eine Gruppe Männer", "A group of men"),
    ("Ein älterer Herr", "An older gentleman"),
    ("Ein Junge", "A boy"),
]
_VERBS = [
    ("läuft", "runs"),
    ("spielt", "plays"),
    ("sitzt", "sits"),
    ("steht", "stands"),
    ("schläft", "sleeps"),
    ("wartet", "waits"),
    ("tanzt", "dances"),
]
_PLACES = [
    ("im Park", "in the park"),
    ("auf der Straße", "on the street"),
    ("am Strand", "at the beach"),
    ("vor einem Gebäude", "in front of a building"),
    ("im Schnee", "in the snow"),
    ("neben einem Fluss", "next to a river"),
    ("auf einer Bank", "on a bench"),
]
_ENDINGS = [(".", "."), ("!", "!")]


def make_corpus(n: int = 200) -> list[tuple[str, str]]:
    """``n`` (German, English) sentence pairs, the same ones on every call."""
    combos = itertools.product(_SUBJECTS, _VERBS, _PLACES, _ENDINGS)
    # Step through the combinations with a stride coprime to their count, so consecutive
    # sentences differ in more than their last word.
    all_combos = list(combos)
    stride = 37
    pairs = []
    for i in range(n):
        (s_de, s_en), (v_de, v_en), (p_de, p_en), (e_de, e_en) = all_combos[
            (i * stride) % len(all_combos)
        ]
        pairs.append((f"{s_de} {v_de} {p_de}{e_de}", f"{s_en} {v_en} {p_en}{e_en}"))
    return pairs


def corpus_lines(n: int = 200) -> list[str]:
    """German then English lines of :func:`make_corpus` (what a joint tokenizer is trained on)."""
    pairs = make_corpus(n)
    return [de for de, _ in pairs] + [en for _, en in pairs]


def corpus_words() -> list[str]:
    """Every whitespace-separated word of the corpus (text a WordPiece tokenizer has seen)."""
    return sorted({w for line in corpus_lines() for w in line.split()})


@dataclass(frozen=True)
class Corpus:
    de: Path
    en: Path
    pairs: list[tuple[str, str]]


@pytest.fixture
def corpus(tmp_path: Path) -> Corpus:
    """~200 sentence pairs as ``train.de`` / ``train.en`` in a fresh directory."""
    pairs = make_corpus(200)
    d = tmp_path / "corpus"
    d.mkdir()
    de, en = d / "train.de", d / "train.en"
    de.write_text("".join(f"{s}\n" for s, _ in pairs), encoding="utf-8")
    en.write_text("".join(f"{t}\n" for _, t in pairs), encoding="utf-8")
    return Corpus(de, en, pairs)


@pytest.fixture(scope="session")
def small_tokenizer_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A BPE tokenizer (vocab 400) trained once per session on the generated corpus."""
    tok, _ = train_tokenizer(corpus_lines(), vocab_size=400, model="bpe")
    path = tmp_path_factory.mktemp("tokenizer") / "tokenizer.json"
    tok.save(path)
    return path


@pytest.fixture(scope="session")
def small_tokenizer(small_tokenizer_path: Path) -> Tokenizer:
    return Tokenizer.load(small_tokenizer_path)


@pytest.fixture
def shared_data() -> Path:
    """The shared data directory; tests using it skip when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


# -- running the CLI in-process -----------------------------------------------------------------


@dataclass(frozen=True)
class CliResult:
    exit_code: int
    stdout_bytes: bytes
    stderr: str
    exception: BaseException | None

    @property
    def stdout(self) -> str:
        # Decoded as it is: unlike click's Result.stdout, "\r\n" is not rewritten.
        return self.stdout_bytes.decode("utf-8")

    @property
    def stderr_lines(self) -> list[str]:
        return self.stderr.splitlines()


RunCli = Callable[..., CliResult]


@pytest.fixture(scope="session")
def run_cli() -> RunCli:
    """``run_cli(args, input=bytes)``: run `nmt ARGS` in-process; exit code, stdout, stderr apart.

    typer's CliRunner is click's (>= 8.2), which always captures stderr apart from stdout. The
    click command is built from the Typer app once, as typer.testing.CliRunner would on every
    call (~0.1 s each), and run with the prog name the console script uses.
    """
    runner = click.testing.CliRunner()
    command = typer.main.get_command(app)

    def run(args: Sequence[str | Path], input: bytes | None = None) -> CliResult:
        result = runner.invoke(command, [str(a) for a in args], input=input, prog_name="nmt")
        return CliResult(result.exit_code, result.stdout_bytes, result.stderr, result.exception)

    return run


# -- the contracts every command keeps -----------------------------------------------------------


def translated_lines(run_cli, lines: list[str], *options) -> list[str]:
    """`nmt translate OPTIONS` of ``lines`` on stdin: its output lines, one for each line in
    (checked), after a successful exit."""
    result = run_cli(["translate", *options], input="".join(f"{x}\n" for x in lines).encode())
    assert result.exit_code == 0, result.stderr
    out = result.stdout.split("\n")[:-1]
    assert len(out) == len(lines)
    return out


@contextlib.contextmanager
def piped(data: bytes) -> Iterator[str]:
    """A pipe holding ``data``, its writer gone, by the path a shell's ``<(cmd)`` gives
    (``/dev/fd/N``): a second look at it finds it empty, never waits."""
    read, write = os.pipe()
    os.write(write, data)  # fits the pipe's buffer
    os.close(write)
    try:
        yield f"/dev/fd/{read}"
    finally:
        os.close(read)


def assert_one_error_line(result: CliResult, *fragments: str, code: int = 1) -> str:
    """A failure as users see it: exit ``code``, one ``nmt: error: ...`` line alone on stderr
    that names each of ``fragments``, no traceback, and a foreseen error (not the catch-all
    that suggests --debug). Returns the line."""
    assert result.exit_code == code, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr_lines
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith("nmt: error: ") and "--debug" not in line, line
    assert "Error:" not in line[len("nmt: error: ") :], line  # no exception class names
    for fragment in fragments:
        assert fragment in line, line
    return line


# How long a test waits on a subprocess before calling it hung: a guard, not a time budget. On a
# busy machine (other test suites, a training run) starting `nmt` and importing torch alone can
# take minutes.
HANG_SECONDS = 600


def readline_within(stream, timeout: float = HANG_SECONDS) -> bytes:
    """One line from a subprocess pipe, or fail after ``timeout`` seconds."""
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    if not got:
        pytest.fail(f"no output line within {timeout} s")
    return got[0]


# -- the README's examples ------------------------------------------------------------------------

README = Path(__file__).resolve().parents[1] / "README.md"


def assert_readme_example_prints_as_shown(run_cli, heading: str, where: Path) -> None:
    """The first ``sh`` example after the README's ``heading`` prints what it shows: run in the
    folder ``where``, where a ``$ cat FILE`` before the command writes that file first."""
    section = README.read_text(encoding="utf-8").split(heading)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1)
    cat = re.match(r"\$ cat (\S+)\n(.*?)(?=^\$ )", block, re.DOTALL | re.MULTILINE)
    if cat:
        (where / cat.group(1)).write_text(cat.group(2), encoding="utf-8")
        block = block[cat.end() :]
    command, shown = re.match(r"\$ (nmt translate [^\n]+)\n(.*)", block, re.DOTALL).groups()
    cwd = os.getcwd()
    os.chdir(where)
    try:
        result = run_cli(shlex.split(command)[1:])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == shown
