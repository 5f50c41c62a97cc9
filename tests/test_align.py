"""`nmt align`: attention read as word alignment, as a user sees it.

The headline: a tiny GRU trained to reverse strings of words (align_fixtures.py) aligns every
pair to the anti-diagonal, AER 0 against the true permutation. Around it: word merging keeps
rows distributions, Pharaoh round-trips through the AER scorer, AER by hand with sure and
possible links, the table at any width, PNG/SVG plots, --threshold, --level, --layer/--head,
json/csv, batch mode (one line per pair, streaming) and one-line errors for bad input.

Alignments are (source, target) word positions of ``line.split()``, 0-based. Every in-process
run uses one torch thread; the one subprocess (streaming) gets OMP_NUM_THREADS=1.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from align_fixtures import TRANSFORMER_CONFIG, WORDS, anti_diagonal, reverse_pairs
from conftest import assert_one_error_line, piped, readline_within
from hypothesis import given, settings
from hypothesis import strategies as st
from model_fixtures import NMT, make_model_dir, nmt_env
from rich.cells import cell_len
from rich.console import Console

from nmt_cli.align.forced import Alignment, forced_attention
from nmt_cli.align.formats import render_tables
from nmt_cli.align.pharaoh import GoldAlignment, alignment_error_rate, parse_pharaoh, to_pharaoh
from nmt_cli.align.rules import LinkRule
from nmt_cli.align.words import merge_to_words, word_ids
from nmt_cli.model.bundle import load_bundle
from nmt_cli.vocab import BOS, EOS

pytest_plugins = ["model_fixtures", "align_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

SCORES = re.compile(
    r"^AER (\d+\.\d\d)  precision (\d+\.\d\d)  recall (\d+\.\d\d)  \((\d+) pairs\)$"
)


def align(run_cli, model, *args, input: bytes | None = None):
    return run_cli(["align", "--model", model, *args], input=input)


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def scores(stderr: str) -> tuple[float, float, float, int]:
    """(AER, precision, recall, pairs) from the score line --gold prints on stderr."""
    found = [m for line in stderr.splitlines() if (m := SCORES.match(line.strip()))]
    assert len(found) == 1, stderr
    aer, p, r, n = found[0].groups()
    return float(aer), float(p), float(r), int(n)


def links_of(pharaoh: str) -> list[tuple[int, int]]:
    return sorted(parse_pharaoh(pharaoh).sure)


# -- 1. the reverse task aligns to the anti-diagonal ---------------------------------------------


@pytest.mark.slow
def test_a_model_trained_to_reverse_aligns_to_the_anti_diagonal(run_cli, reverse_model, tmp_path):
    pairs = reverse_pairs(40, seed=7)  # held out: the training batches are synthetic's
    src = write_lines(tmp_path / "test.src", [s for s, _ in pairs])
    tgt = write_lines(tmp_path / "test.tgt", [t for _, t in pairs])
    gold_lines = [to_pharaoh(anti_diagonal(len(s.split()))) for s, _ in pairs]
    gold = write_lines(tmp_path / "test.gold", gold_lines)

    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )

    assert r.exit_code == 0, r.stderr
    assert r.stdout.split("\n")[:-1] == gold_lines
    aer, precision, recall, n = scores(r.stderr)
    assert (aer, precision, recall, n) == (0.0, 100.0, 100.0, 40)
    print(
        f"\nreverse model: {reverse_model.steps} steps, loss {reverse_model.loss:.4f}, "
        f"trained in {reverse_model.seconds:.1f} s; AER {aer:.2f} on {n} held-out pairs"
    )


def test_aligning_a_sentence_prints_a_table_and_the_pharaoh_links(run_cli, reverse_model):
    sentence = "alpha golf echo bravo"
    r = align(run_cli, reverse_model.directory, sentence, "--max-width", "80")
    assert r.exit_code == 0, r.stderr
    print("\n" + r.stdout)
    lines = [line for line in r.stdout.split("\n") if line.strip()]
    header, rows, pharaoh = lines[0], lines[1:-1], lines[-1]
    assert header.split() == sentence.split()
    # The beam translation is the reversal, one row per target word, one marked cell each.
    assert [row.split()[0] for row in rows] == ["bravo", "echo", "golf", "alpha"]
    assert all(row.count("*") == 1 for row in rows)
    for row in rows:  # cells are 0-100 and a row sums to ~100 (rounding)
        cells = [int(c.rstrip("*")) for c in row.split()[1:]]
        assert len(cells) == 4 and all(0 <= c <= 100 for c in cells)
        assert abs(sum(cells) - 100) <= 2
    assert links_of(pharaoh) == anti_diagonal(4)


def test_forced_alignment_scores_the_given_target(run_cli, reverse_model):
    r = align(
        run_cli,
        reverse_model.directory,
        "--source",
        "hotel alpha delta",
        "--target",
        "delta alpha hotel",
        "--format",
        "pharaoh",
    )
    assert r.exit_code == 0, r.stderr
    assert r.stdout == to_pharaoh(anti_diagonal(3)) + "\n"


# -- 2. merging subwords into words ---------------------------------------------------------------


def test_merging_sums_source_pieces_and_averages_target_pieces():
    # Target pieces t0 t1 | t2 (+ </s> row); source pieces s0 | s1 s2 (+ </s> column).
    att = torch.tensor(
        [
            [0.1, 0.2, 0.3, 0.4],
            [0.3, 0.3, 0.2, 0.2],
            [0.6, 0.1, 0.1, 0.2],
            [0.0, 0.0, 0.0, 1.0],  # </s> row: dropped
        ]
    )
    words = merge_to_words(att, src_words=[0, 1, 1], tgt_words=[0, 0, 1])  # (2, 2)
    # Word 0 = mean of rows t0, t1 over (s0, s1 + s2) = [0.2, 0.5]; word 1 = [0.6, 0.2]; each
    # row renormalised over the real words once </s> is dropped.
    torch.testing.assert_close(words, torch.tensor([[2 / 7, 5 / 7], [0.75, 0.25]]))


@st.composite
def attention_and_word_maps(draw):
    """Positive (T'+1, S'+1) attention rows (softmax) and piece -> word maps from start flags."""
    s = draw(st.integers(1, 7))
    t = draw(st.integers(1, 7))
    src_starts = draw(st.lists(st.booleans(), min_size=s, max_size=s))
    tgt_starts = draw(st.lists(st.booleans(), min_size=t, max_size=t))
    seed = draw(st.integers(0, 2**31 - 1))
    logits = torch.randn(t + 1, s + 1, generator=torch.Generator().manual_seed(seed)) * 3
    return logits.softmax(dim=-1), word_ids(src_starts), word_ids(tgt_starts)


@settings(max_examples=60, deadline=None)
@given(attention_and_word_maps())
def test_merged_word_rows_sum_to_one(case):
    att, src_words, tgt_words = case
    words = merge_to_words(att, src_words, tgt_words)  # (Tw, Sw)
    assert words.shape == (max(tgt_words) + 1, max(src_words) + 1)
    assert (words >= 0).all()
    torch.testing.assert_close(words.sum(dim=1), torch.ones(words.size(0)))


# -- 3. Pharaoh and AER ---------------------------------------------------------------------------

LINKS = st.sets(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=20)


@settings(max_examples=100, deadline=None)
@given(st.lists(LINKS, min_size=1, max_size=4))
def test_pharaoh_output_round_trips_through_the_aer_scorer(sentences):
    predicted = [set(links) for links in sentences]
    gold = [parse_pharaoh(to_pharaoh(sorted(links)), n) for n, links in enumerate(predicted)]
    assert [g.sure for g in gold] == predicted and [g.possible for g in gold] == predicted
    if any(predicted):
        s = alignment_error_rate(predicted, gold)
        assert (s.aer, s.precision, s.recall) == (0.0, 1.0, 1.0)


def test_the_cli_pharaoh_output_as_gold_gives_aer_zero(run_cli, transformer_align_dir, tmp_path):
    # An untrained model's spread attention and a threshold: several links per target word.
    pairs = reverse_pairs(6, seed=3) + [("alpha bravo", "charlie delta echo")]
    src = write_lines(tmp_path / "a.src", [s for s, _ in pairs])
    tgt = write_lines(tmp_path / "a.tgt", [t for _, t in pairs])
    args = ["--src-file", src, "--tgt-file", tgt, "--threshold", "0.15"]
    first = align(run_cli, transformer_align_dir, *args, "-o", tmp_path / "a.align")
    assert first.exit_code == 0, first.stderr
    lines = (tmp_path / "a.align").read_text().split("\n")[:-1]
    assert len(lines) == len(pairs) and any(len(links_of(x)) > 4 for x in lines)
    again = align(run_cli, transformer_align_dir, *args, "--gold", tmp_path / "a.align")
    assert again.exit_code == 0, again.stderr
    assert scores(again.stderr) == (0.0, 100.0, 100.0, len(pairs))


def test_aer_by_hand_with_sure_and_possible_links():
    # Och & Ney: AER = 1 - (|A&S| + |A&P|) / (|A| + |S|), P includes S; over the corpus.
    predicted = [{(0, 0), (1, 1), (2, 1)}, {(0, 1)}]
    gold = [parse_pharaoh("0-0 1-2 1?1", 1), parse_pharaoh("0-0", 2)]
    assert gold[0] == GoldAlignment(sure={(0, 0), (1, 2)}, possible={(0, 0), (1, 2), (1, 1)})
    s = alignment_error_rate(predicted, gold)
    # |A&S| = 1 + 0, |A&P| = 2 + 0, |A| = 4, |S| = 3
    assert s.aer == pytest.approx(1 - (1 + 2) / (4 + 3))
    assert s.precision == pytest.approx(2 / 4)
    assert s.recall == pytest.approx(1 / 3)


def test_gold_scores_on_the_command_line(run_cli, reverse_model, tmp_path):
    # Predicted (the model's anti-diagonals): {0-2 1-1 2-0} and {0-3 1-2 2-1 3-0}.
    src = write_lines(tmp_path / "s", ["alpha golf echo", "bravo delta hotel charlie"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha", "charlie hotel delta bravo"])
    gold = write_lines(tmp_path / "g", ["0-2 1?1 2-1", "0-3 1-2 3?0 3-1"])
    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )
    assert r.exit_code == 0, r.stderr
    # |A&S| = 1 + 2, |A&P| = 2 + 3, |A| = 7, |S| = 5: AER 1 - 8/12, P 5/7, R 3/5.
    assert scores(r.stderr) == (33.33, 71.43, 60.0, 2)


def test_files_through_named_pipes_align_as_files_do(run_cli, reverse_model, tmp_path):
    """`--src-file <(cut -f1 ...) --tgt-file <(cut -f2 ...)`, `--pairs <(cmd)` and `--gold
    <(cmd)` are read once, as stdin is (they were refused: "/dev/fd/63: not a file")."""
    pairs = [("alpha golf echo", "echo golf alpha"), ("bravo delta", "delta bravo")]
    sources, targets = ([f"{x}\n" for x in side] for side in zip(*pairs))
    src = write_lines(tmp_path / "s", [s for s, _ in pairs])
    tgt = write_lines(tmp_path / "t", [t for _, t in pairs])
    model = reverse_model.directory
    from_files = align(run_cli, model, "--src-file", src, "--tgt-file", tgt)
    assert from_files.exit_code == 0 and len(from_files.stdout.splitlines()) == 2
    with piped("".join(sources).encode()) as fed_src, piped("".join(targets).encode()) as fed_tgt:
        got = align(run_cli, model, "--src-file", fed_src, "--tgt-file", fed_tgt)
    assert got.exit_code == 0 and got.stdout == from_files.stdout, got.stderr
    tab_lines = "".join(f"{s}\t{t}\n" for s, t in pairs).encode()
    with piped(tab_lines) as both:
        got = align(run_cli, model, "--pairs", both, "--format", "pharaoh")
    assert got.exit_code == 0 and got.stdout == from_files.stdout, got.stderr
    with piped(from_files.stdout.encode()) as gold:
        got = align(run_cli, model, "--src-file", src, "--tgt-file", tgt, "--gold", gold)
    assert got.exit_code == 0 and scores(got.stderr) == (0.0, 100.0, 100.0, 2), got.stderr


def test_a_pair_longer_than_the_model_reads_is_cut_and_aligned(
    run_cli, reverse_tokenizer, tmp_path
):
    """A target of max_positions pieces or more, on a Transformer with full-context alignment
    (as the shipped fr-en), was cut to one piece too many for that pass, whose tokens stand one
    position later: "nmt: error: RuntimeError: The size of tensor a (1024) must match ...".
    Both sides are cut as `nmt translate` cuts a line (a target to a translation's length)."""
    config = dataclasses.replace(
        TRANSFORMER_CONFIG, guided_alignment=True, full_context_alignment=True
    )
    model = make_model_dir(tmp_path / "model", config, reverse_tokenizer)
    long = " ".join(WORDS * 20)  # 160 words, past max_positions 64
    src = write_lines(tmp_path / "s", [long, "alpha bravo"])
    tgt = write_lines(tmp_path / "t", [long, "bravo alpha"])
    r = align(run_cli, model, "--src-file", src, "--tgt-file", tgt)
    assert r.exit_code == 0, r.stderr
    links = [links_of(line) for line in r.stdout.split("\n")[:-1]]
    assert len(links) == 2 and links[0] and max(t for _, t in links[0]) < 64


def test_a_gold_file_of_another_length_is_an_error(run_cli, reverse_model, tmp_path):
    src = write_lines(tmp_path / "s", ["alpha golf echo", "bravo delta"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha", "delta bravo"])
    gold = write_lines(tmp_path / "g", ["0-2 1-1 2-0"])
    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )
    assert_one_error_line(r, "1 lines", "2 sentence pairs")


def test_a_gold_file_counting_from_one_is_an_error_naming_the_link(
    run_cli, reverse_model, tmp_path
):
    """Links past a pair's words scored as misses: a gold file written from 1 gave a poor AER,
    not an error."""
    src = write_lines(tmp_path / "s", ["alpha golf echo", "bravo delta"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha", "delta bravo"])
    gold = write_lines(tmp_path / "g", ["1-3 2-2 3-1", "1-2 2-1"])
    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )
    assert_one_error_line(r, f"{gold}:1: link 1-3 is past the pair's 3 source and 3 target words")


def test_gold_with_subword_links_is_a_usage_error(run_cli, reverse_model, tmp_path):
    """Subword links scored against word gold: AER 69.35 where the words' was 8.41."""
    src = write_lines(tmp_path / "s", ["alpha golf echo"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha"])
    gold = write_lines(tmp_path / "g", ["0-2 1-1 2-0"])
    args = ["--src-file", src, "--tgt-file", tgt, "--gold", gold, "--level", "subword"]
    r = align(run_cli, reverse_model.directory, *args)
    assert_one_error_line(r, "--gold scores word links: not with --level subword", code=2)


def test_a_malformed_gold_link_names_its_line(run_cli, reverse_model, tmp_path):
    src = write_lines(tmp_path / "s", ["alpha golf echo", "bravo delta"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha", "delta bravo"])
    gold = write_lines(tmp_path / "g", ["0-2 1-1 2-0", "0-1 1:0"])
    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )
    assert_one_error_line(r, f"{gold}:2: '1:0' is not a Pharaoh link")  # the file named


@pytest.mark.parametrize(
    "gold_lines, message",
    [
        (["0-2 1-1 2-0"], "has 1 lines but there are 2 sentence pairs"),
        (["0-2 1-1 2-0", "0-1 1:0"], "g:2: '1:0' is not a Pharaoh link"),
        # aligned and printed to stdout, then the error
        (["1-3 2-2 3-1", "1-2 2-1"], "g:1: link 1-3 is past the pair's 3 source"),
    ],
    ids=["short", "malformed", "counted from 1"],
)
def test_a_gold_file_that_does_not_fit_fails_before_any_pair_is_aligned(
    run_cli, reverse_model, tmp_path, monkeypatch, gold_lines, message
):
    """The gold file was read after every pair was aligned and -o replaced."""
    src = write_lines(tmp_path / "s", ["alpha golf echo", "bravo delta"])
    tgt = write_lines(tmp_path / "t", ["echo golf alpha", "delta bravo"])
    gold = write_lines(tmp_path / "g", gold_lines)
    out = write_lines(tmp_path / "out", ["before"])
    files = ["--src-file", src, "--tgt-file", tgt, "--gold", gold, "-o", out]

    def aligned(*args, **kwargs):
        raise AssertionError("a pair was aligned")

    with monkeypatch.context() as m:
        m.setattr("nmt_cli.align.forced.align_chunks", aligned)
        assert_one_error_line(align(run_cli, reverse_model.directory, *files), message)
        to_stdout = align(run_cli, reverse_model.directory, *files[:-2])
        assert_one_error_line(to_stdout, message)
        assert to_stdout.stdout == ""
        # `cat s | nmt align --src-file - ...` printed alignments, then the error: with --gold
        # a stream side is read whole and checked before any pair is aligned
        piped = ["--src-file", "-", "--tgt-file", tgt, "--gold", gold]
        r = align(run_cli, reverse_model.directory, *piped, input=Path(src).read_bytes())
        assert_one_error_line(r, message)
        assert r.stdout == ""
    assert out.read_text() == "before\n"
    # From stdin to a file: nothing written either.
    stdin = ["--src-file", "-", "--tgt-file", tgt, "--gold", gold, "-o", out]
    r = align(run_cli, reverse_model.directory, *stdin, input=Path(src).read_bytes())
    assert_one_error_line(r, message)
    assert out.read_text() == "before\n"
    past = write_lines(tmp_path / "g", ["1-3 2-2 3-1", "1-2 2-1"])  # counted from 1
    r = align(run_cli, reverse_model.directory, *stdin, input=Path(src).read_bytes())
    assert_one_error_line(r, f"{past}:1: link 1-3 is past the pair's 3 source")
    assert out.read_text() == "before\n"


# -- 4. the table at any width ------------------------------------------------------------------


def _alignment(src: list[str], tgt: list[str], seed: int = 0) -> Alignment:
    gen = torch.Generator().manual_seed(seed)
    weights = (torch.randn(len(tgt), len(src), generator=gen) * 3).softmax(dim=-1)  # (Tw, Sw)
    return Alignment(src, tgt, weights, LinkRule("argmax").links(weights))  # one per row


def _render(al: Alignment, width: int) -> list[str]:
    """The table as `nmt align` prints it to a terminal of ``width`` columns (no colour)."""
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, soft_wrap=False, no_color=True)
    for table in render_tables(al, width):
        console.print(table, width=width)
        console.print()
    return out.getvalue().split("\n")


LONG_SOURCE = (
    "Die Kommission hat gestern die Verordnung über die Zusammenarbeit der "
    "Mitgliedstaaten im Bereich der Lebensmittelsicherheitsüberwachung verabschiedet , "
    "obwohl einige Abgeordnete Bedenken geäußert hatten ."
).split()
LONG_TARGET = (  # distinct words, none of them a source word
    "Yesterday the Commission adopted a regulation on cooperation between member "
    "states in food-safety-monitoring although some deputies had raised concerns"
).split()


@pytest.mark.parametrize("width", [40, 80, 200])
def test_the_table_splits_into_column_blocks_that_fit_the_width(width):
    al = _alignment(LONG_SOURCE, LONG_TARGET)
    lines = _render(al, width)
    assert max(cell_len(line) for line in lines) <= width
    text = "\n".join(lines)
    row_label = max(map(len, LONG_TARGET)) + 3
    for word in LONG_SOURCE:  # a header that fits beside the row labels is shown whole
        if row_label + len(word) + 3 <= width:
            assert word in text
    # One mark per link, argmax's one per target word, across all blocks (a row label may be
    # cropped to "…" in a block whose one column is too wide for the terminal, so the marks
    # are counted).
    assert text.count("*") == len(LONG_TARGET)
    for word in LONG_TARGET:
        rows = [line for line in lines if line.split()[:1] == [word]]
        assert sum(row.count("*") for row in rows) <= 1
    if width < 200:
        assert len(render_tables(al, width)) > 1


@pytest.mark.parametrize("width", [40, 80, 200])
@pytest.mark.parametrize(
    "src, tgt",
    [
        pytest.param(["x"], ["y"], id="one-word"),
        pytest.param(["a" * 70, "b"], ["c" * 60, "d"], id="words-wider-than-the-terminal"),
        pytest.param(["日本語の", "テキスト", "です"] * 6, ["Japanese", "text"], id="wide-chars"),
        pytest.param(["[bold]x[/bold]", "[red]"], ["[/]", "\\[x]"], id="markup-like"),
    ],
)
def test_table_rendering_never_raises_or_overflows(width, src, tgt):
    lines = _render(_alignment(src, tgt), width)
    assert max(cell_len(line) for line in lines) <= width


# Words that look like rich markup ("[/]", "[b]") are shown as they are.
def test_words_that_look_like_markup_are_shown_as_they_are(run_cli, reverse_model):
    source, target = "alpha [b] golf [/]", "golf [red] alpha"
    r = align(run_cli, reverse_model.directory, "--source", source, "--target", target)
    assert r.exit_code == 0, r.stderr
    for word in [*source.split(), *target.split()]:
        assert word in r.stdout


@pytest.mark.parametrize("width", ["40", "80", "200"])
def test_max_width_on_the_command_line(run_cli, reverse_model, width):
    sentence = " ".join(WORDS[:6])
    r = align(run_cli, reverse_model.directory, sentence, "--max-width", width)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.split("\n")
    assert max(cell_len(line) for line in lines) <= int(width)
    headers = [w for line in lines for w in line.split() if w in WORDS[:6] and "*" not in line]
    assert sorted(set(headers)) == sorted(WORDS[:6])


# -- 5. pictures --------------------------------------------------------------------------------


def test_plot_writes_a_readable_png(run_cli, reverse_model, tmp_path):
    import matplotlib.image

    png = tmp_path / "align.png"
    r = align(
        run_cli,
        reverse_model.directory,
        "--source",
        "alpha golf echo",
        "--target",
        "echo golf alpha",
        "--plot",
        png,
    )
    assert r.exit_code == 0, r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = matplotlib.image.imread(png)
    assert image.ndim == 3 and image.shape[2] in (3, 4) and image.dtype.kind == "f"
    assert min(image.shape[:2]) >= 100
    assert sorted(p.name for p in tmp_path.iterdir()) == ["align.png"]  # no temporary left


def test_plot_writes_svg(run_cli, reverse_model, tmp_path):
    svg = tmp_path / "align.svg"
    r = align(
        run_cli,
        reverse_model.directory,
        "--source",
        "alpha golf",
        "--target",
        "golf alpha",
        "--plot",
        svg,
    )
    assert r.exit_code == 0, r.stderr
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and text.rstrip().endswith("</svg>")


def test_plot_without_matplotlib_says_how_to_get_it(run_cli, reverse_model, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` -> ImportError
    png = tmp_path / "align.png"
    r = align(
        run_cli,
        reverse_model.directory,
        "--source",
        "alpha golf",
        "--target",
        "golf alpha",
        "--plot",
        png,
    )
    assert_one_error_line(r, "--plot needs matplotlib", "pip install")
    assert not png.exists()


def test_a_plot_that_cannot_be_drawn_fails_before_anything_is_written(
    run_cli, reverse_model, tmp_path, monkeypatch
):
    out = tmp_path / "links.txt"
    pair = ["--source", "alpha golf", "--target", "golf alpha"]
    missing = tmp_path / "no-such-folder" / "align.png"
    r = align(run_cli, reverse_model.directory, *pair, "--plot", missing, "-o", out)
    assert_one_error_line(r, "no-such-folder", "does not exist")
    assert not out.exists()
    r = align(run_cli, reverse_model.directory, *pair, "--plot", missing)
    assert r.stdout == ""  # no table printed by a command that fails
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    r = align(run_cli, reverse_model.directory, *pair, "--plot", tmp_path / "a.png", "-o", out)
    assert_one_error_line(r, "--plot needs matplotlib")
    assert not out.exists()


def test_plot_takes_only_png_or_svg(run_cli, reverse_model, tmp_path):
    r = align(run_cli, reverse_model.directory, "--source", "a", "--target", "b", "--plot", "x.jpg")
    assert_one_error_line(r, ".png or .svg", code=2)


# -- --threshold and --links (the rules themselves: test_align_rules.py) -----------------------


def test_threshold_on_the_command_line_keeps_every_link_above_it(run_cli, transformer_align_dir):
    p = 0.2
    r = align(
        run_cli,
        transformer_align_dir,
        "--source",
        "alpha bravo charlie delta echo foxtrot",
        "--target",
        "golf hotel alpha bravo",
        "--format",
        "json",
        "--threshold",
        str(p),
    )
    assert r.exit_code == 0, r.stderr
    record = json.loads(r.stdout)
    weights = record["weights"]
    assert all(abs(w - p) > 1e-3 for row in weights for w in row)  # no rounding ties
    expected = sorted((j, i) for i, row in enumerate(weights) for j, w in enumerate(row) if w >= p)
    assert links_of(record["alignment"]) == expected
    assert len(expected) != len(weights)  # not simply one link per row


PAIR = ("alpha bravo charlie delta echo foxtrot", "golf hotel alpha bravo")


@pytest.mark.parametrize("rule", ["argmax", "mutual", "grow-diag"])
def test_links_reads_the_shown_weights_with_the_rule_named(run_cli, transformer_align_dir, rule):
    args = ["--links", rule] if rule != "mutual" else []  # mutual is the default
    record = _forced_json(run_cli, transformer_align_dir, *PAIR, *args)
    weights = torch.tensor(record["weights"])  # (Tw, Sw), rounded to 4 decimals
    for dim in (0, 1):  # no rounding ties among the maxima
        top2 = weights.topk(2, dim=dim).values
        assert bool((top2.select(dim, 0) - top2.select(dim, 1) > 1e-3).all())
    assert links_of(record["alignment"]) == LinkRule(rule).links(weights)


def test_the_table_marks_the_cells_of_the_printed_links(run_cli, transformer_align_dir):
    for args in ([], ["--links", "argmax"]):
        r = align(run_cli, transformer_align_dir, "--source", PAIR[0], "--target", PAIR[1], *args)
        assert r.exit_code == 0, r.stderr
        lines = [line for line in r.stdout.split("\n") if line.strip()]
        rows, pharaoh = lines[1:-1], links_of(lines[-1])
        marked = sorted(
            (j, i) for i, row in enumerate(rows) for j, c in enumerate(row.split()[1:]) if "*" in c
        )
        assert marked == pharaoh


def test_help_names_every_rule(run_cli):
    for command in ("align", "translate"):
        text = " ".join(run_cli([command, "--help"]).stdout.split())
        for rule in ("argmax", "threshold", "mutual", "grow-diag"):
            assert f"{rule}:" in text, (command, rule)


def test_threshold_with_another_rule_is_a_usage_error(run_cli, reverse_model):
    args = ["--source", "a", "--target", "b", "--links", "grow-diag", "--threshold", "0.3"]
    assert_one_error_line(
        align(run_cli, reverse_model.directory, *args), "--links threshold", code=2
    )


@pytest.mark.parametrize("value", ["0", "-0.1", "1.5"])
def test_threshold_outside_zero_one_is_a_usage_error(run_cli, reverse_model, value):
    r = align(
        run_cli, reverse_model.directory, "--source", "a", "--target", "b", "--threshold", value
    )
    assert_one_error_line(r, "--threshold", code=2)


def test_chunk_lines_below_one_is_a_usage_error(run_cli, reverse_model, tmp_path):
    """It printed nothing and exited 0, as if there were no pairs."""
    (tmp_path / "s").write_text("a\n")
    (tmp_path / "t").write_text("b\n")
    files = ["--src-file", tmp_path / "s", "--tgt-file", tmp_path / "t", "--chunk-lines", "0"]
    assert_one_error_line(align(run_cli, reverse_model.directory, *files), "--chunk-lines", code=2)


@pytest.mark.parametrize(
    "given", [["--source", "a", "--target", "b"], ["--src-file", "s", "--tgt-file", "t"]]
)
def test_a_beam_size_with_a_given_target_is_a_usage_error(run_cli, reverse_model, tmp_path, given):
    """-k searches a translation; a given target is aligned as it is: -k 12 was read for
    nothing, and the user believed the links came from a wider search."""
    (tmp_path / "s").write_text("alpha golf\n")
    (tmp_path / "t").write_text("golf alpha\n")
    given = [str(tmp_path / a) if a in ("s", "t") else a for a in given]
    r = align(run_cli, reverse_model.directory, *given, "-k", "12")
    assert_one_error_line(r, "-k/--beam", "leave -k out", code=2)
    assert r.stdout == ""


def test_a_beam_size_chooses_the_translation_of_a_sentence(run_cli, reverse_model):
    r = align(run_cli, reverse_model.directory, "alpha golf", "-k", "2", "--format", "pharaoh")
    assert r.exit_code == 0, r.stderr
    assert links_of(r.stdout) == anti_diagonal(2)


@pytest.mark.parametrize(
    "given", [["--source", "a", "--target", "b"], ["--src-file", "s", "--tgt-file", "t"]]
)
def test_languages_without_a_memory_are_a_usage_error(run_cli, reverse_model, tmp_path, given):
    """--src-lang and --tgt-lang pick the sides of a memory (--pairs); with a given pair or two
    files they were read for nothing."""
    (tmp_path / "s").write_text("alpha golf\n")
    (tmp_path / "t").write_text("golf alpha\n")
    given = [str(tmp_path / a) if a in ("s", "t") else a for a in given]
    r = align(run_cli, reverse_model.directory, *given, "--src-lang", "de")
    assert_one_error_line(r, "--src-lang and --tgt-lang pick the sides of a memory", code=2)
    tsv = tmp_path / "p.tsv"
    tsv.write_text("alpha golf\tgolf alpha\n")
    r = align(run_cli, reverse_model.directory, "--pairs", tsv, "--tgt-lang", "en")
    line = assert_one_error_line(r, code=2)
    assert line.endswith(f"{tsv} is tsv, source first: leave them out"), line


def test_a_pairs_file_s_options_are_checked_before_the_model_loads(run_cli, tmp_path):
    """`--pairs-format bogus` and --src-lang for a tsv file were refused only once the model
    had loaded (seconds later); now before it: with a model that is not there, the options'
    error is the one said."""
    tsv = write_lines(tmp_path / "p.tsv", ["alpha golf\tgolf alpha"])
    missing = tmp_path / "no-model"
    r = align(run_cli, missing, "--pairs", tsv, "--pairs-format", "bogus")
    assert_one_error_line(r, "--pairs-format", "auto, tsv, jsonl", code=2)
    r = align(run_cli, missing, "--pairs", tsv, "--src-lang", "fr", "--tgt-lang", "en")
    assert_one_error_line(r, f"{tsv} is tsv, source first: leave them out", code=2)


def test_a_table_written_to_a_file_is_the_one_printed(run_cli, reverse_model, tmp_path):
    # the file ran its column blocks and the links line together
    sentence = " ".join(WORDS[:6])
    out = tmp_path / "table.txt"
    printed = align(run_cli, reverse_model.directory, sentence, "--max-width", "40")
    written = align(run_cli, reverse_model.directory, sentence, "--max-width", "40", "-o", out)
    assert printed.exit_code == written.exit_code == 0, written.stderr
    assert printed.stdout.count("\n\n") >= 2  # two blocks at least, each followed by a gap
    assert out.read_text(encoding="utf-8") == printed.stdout


def test_a_negative_max_width_is_a_usage_error(run_cli, reverse_model):
    # it printed a table of blank lines
    r = align(run_cli, reverse_model.directory, "alpha golf", "--max-width", "-3")
    assert_one_error_line(r, "--max-width must be 0", code=2)
    assert r.stdout == ""


@pytest.mark.parametrize("fmt", ["pharaoh", "json", "csv"])
def test_max_width_outside_a_table_is_a_usage_error(run_cli, reverse_model, fmt):
    """--max-width sets the table's width; with another format it was read for nothing."""
    args = ["--source", "alpha", "--target", "alpha", "--format", fmt, "--max-width", "30"]
    r = align(run_cli, reverse_model.directory, *args)
    assert_one_error_line(r, f"--max-width sets a table's width: not with --format {fmt}", code=2)


# -- --level, formats, word positions -------------------------------------------------------------


def _forced_json(run_cli, model, source, target, *args):
    r = align(run_cli, model, "--source", source, "--target", target, "--format", "json", *args)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.endswith("\n") and r.stdout.count("\n") == 1
    return json.loads(r.stdout)


def test_subword_level_labels_are_the_pieces(run_cli, reverse_model):
    tok = reverse_model.tokenizer
    source, target = "alphabet golfer echo", "echoes golf alpha"
    src_pieces = [p for w in source.split() for p in tok.pieces(w)]
    tgt_pieces = [p for w in target.split() for p in tok.pieces(w)]
    assert len(src_pieces) > 3 and len(tgt_pieces) > 3  # some words are several pieces

    sub = _forced_json(run_cli, reverse_model.directory, source, target, "--level", "subword")
    assert sub["source"] == src_pieces and sub["target"] == tgt_pieces
    assert len(sub["weights"]) == len(tgt_pieces)
    assert all(len(row) == len(src_pieces) for row in sub["weights"])
    assert all(abs(sum(row) - 1) < 1e-3 for row in sub["weights"])

    word = _forced_json(run_cli, reverse_model.directory, source, target)  # the default
    assert word["source"] == source.split() and word["target"] == target.split()
    assert [len(row) for row in word["weights"]] == [3, 3, 3]
    assert all(abs(sum(row) - 1) < 1e-3 for row in word["weights"])


def test_json_record_shape(run_cli, reverse_model):
    record = _forced_json(run_cli, reverse_model.directory, "alpha golf echo", "echo golf alpha")
    assert set(record) == {"source", "target", "weights", "alignment"}
    assert record["source"] == ["alpha", "golf", "echo"]
    assert record["target"] == ["echo", "golf", "alpha"]
    assert len(record["weights"]) == 3 and all(len(row) == 3 for row in record["weights"])
    assert record["alignment"] == "0-2 1-1 2-0"


def test_csv_has_a_header_of_source_words_and_a_row_per_target_word(run_cli, reverse_model):
    source, target = 'alpha "golf", echo', "echo golf alpha bravo"
    r = align(
        run_cli,
        reverse_model.directory,
        "--source",
        source,
        "--target",
        target,
        "--format",
        "csv",
    )
    assert r.exit_code == 0, r.stderr
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["target", *source.split()]
    assert [row[0] for row in rows[1:]] == target.split()
    for row in rows[1:]:
        values = [float(x) for x in row[1:]]
        assert len(values) == 3 and abs(sum(values) - 1) < 1e-3


def test_word_positions_count_whitespace_separated_words(run_cli, reverse_model):
    # A zero-width "word" has no pieces but still counts; tabs and runs of spaces split once.
    record = _forced_json(
        run_cli, reverse_model.directory, "alpha \u200b golf\t\techo", "echo  golf alpha"
    )
    assert record["source"] == ["alpha", "\u200b", "golf", "echo"]
    assert [row[1] for row in record["weights"]] == [0.0, 0.0, 0.0]
    assert links_of(record["alignment"]) == [(0, 2), (2, 1), (3, 0)]


# -- Transformer layers and heads ---------------------------------------------------------------


def test_layer_and_head_choose_the_cross_attention_map(transformer_align_dir):
    bundle = load_bundle(transformer_align_dir)
    tok = bundle.tokenizer
    pair = (tok.encode("alpha bravo charlie delta"), tok.encode("echo golf hotel"))
    src = torch.tensor([pair[0] + [EOS]])  # (1, S)
    tgt = torch.tensor([[BOS] + pair[1]])  # (1, T)
    with torch.inference_mode():
        _, cross = bundle.model.forward_with_attention(src, torch.tensor([src.size(1)]), tgt)
    cross = cross[0]  # (L, h, T, S)
    assert cross.shape[:2] == (2, 2)

    def chosen(layer, head):
        return forced_attention(bundle.model, [pair], layer, head)[0]  # (T, S)

    torch.testing.assert_close(chosen(1, 0), cross[1, 0])
    torch.testing.assert_close(chosen(0, 1), cross[0, 1])
    torch.testing.assert_close(chosen(-1, None), cross[1].mean(dim=0))  # heads averaged
    # Default: the alignment layer (align_layer -2: the first of two), heads averaged.
    torch.testing.assert_close(chosen(None, None), cross[0].mean(dim=0))
    assert not torch.allclose(cross[0, 0], cross[0, 1])  # the heads do differ


def test_pairs_aligned_together_get_the_maps_they_get_alone_in_their_order(
    transformer_align_dir, monkeypatch
):
    """Pairs of mixed length are grouped by length into passes (less padding); each pair's map,
    returned in the order given, is the one it gets on its own."""
    from nmt_cli.align import forced

    monkeypatch.setattr(forced, "PADDED_POSITIONS", 24)  # several passes for these few pairs
    bundle = load_bundle(transformer_align_dir)
    tok = bundle.tokenizer
    texts = [
        ("alpha", "echo"),
        ("alpha bravo charlie delta alpha bravo", "echo golf hotel echo golf"),
        ("bravo charlie", "golf hotel"),
        ("delta charlie bravo alpha", "hotel"),
    ]
    pairs = [(tok.encode(s), tok.encode(t)) for s, t in texts]
    together = forced_attention(bundle.model, pairs, None, None)
    for pair, got in zip(pairs, together):
        alone = forced_attention(bundle.model, [pair], None, None)[0]
        assert got.shape == (len(pair[1]) + 1, len(pair[0]) + 1)  # (T+1, S+1)
        torch.testing.assert_close(got, alone, rtol=1e-4, atol=1e-5)


def test_layer_and_head_on_the_command_line(run_cli, transformer_align_dir):
    args = ("alpha bravo charlie delta", "echo golf hotel")
    default = _forced_json(run_cli, transformer_align_dir, *args)
    head = _forced_json(run_cli, transformer_align_dir, *args, "--layer", "1", "--head", "0")
    bundle = load_bundle(transformer_align_dir)
    tok = bundle.tokenizer
    att = forced_attention(bundle.model, [(tok.encode(args[0]), tok.encode(args[1]))], 1, 0)[0]
    one_piece = list(range(len(args[0].split())))
    expected = merge_to_words(att, one_piece, list(range(3)))
    assert head["weights"] == [[round(float(x), 4) for x in row] for row in expected]
    assert head["weights"] != default["weights"]


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--layer", "2", "--layer 2 is out of range: the model has 2 layer(s)"),
        ("--layer", "-3", "--layer -3 is out of range"),
        ("--head", "2", "--head 2 is out of range: the model has 2 head(s)"),
        ("--head", "-1", "--head -1 is out of range"),
    ],
)
def test_layer_or_head_out_of_range(run_cli, transformer_align_dir, option, value, message):
    r = align(run_cli, transformer_align_dir, "--source", "a", "--target", "b", option, value)
    assert_one_error_line(r, message, code=2)


@pytest.mark.parametrize("option", ["--layer", "--head"])
def test_an_rnn_has_one_layer_and_one_head(run_cli, reverse_model, option):
    r = align(run_cli, reverse_model.directory, "--source", "a", "--target", "b", option, "1")
    assert_one_error_line(r, f"{option} 1 is out of range: the model has 1 ", code=2)


# -- batch mode ---------------------------------------------------------------------------------


def test_file_mode_writes_one_line_per_pair_including_empty_ones(run_cli, reverse_model, tmp_path):
    sources = ["alpha golf echo", "", "bravo\u00a0delta hotel", "   ", "charlie foxtrot", "hotel"]
    targets = ["echo golf alpha", "", "hotel delta bravo", "", "foxtrot charlie", ""]
    src = write_lines(tmp_path / "s", sources)
    tgt = write_lines(tmp_path / "t", targets)
    for chunk in ("1", "200"):
        r = align(
            run_cli,
            reverse_model.directory,
            "--src-file",
            src,
            "--tgt-file",
            tgt,
            "--chunk-lines",
            chunk,
        )
        assert r.exit_code == 0, r.stderr
        assert r.stdout.split("\n") == [
            "0-2 1-1 2-0",
            "",
            "0-2 1-1 2-0",
            "",
            "0-1 1-0",
            "",  # one side empty: nothing to align, still a line
            "",  # after the last "\n"
        ]


def test_file_mode_json_is_one_record_per_line(run_cli, reverse_model, tmp_path):
    src = write_lines(tmp_path / "s", ["alpha golf", "", "echo bravo hotel"])
    tgt = write_lines(tmp_path / "t", ["golf alpha", "", "hotel bravo echo"])
    r = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--format", "json"
    )
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.split("\n")[:-1]
    assert len(lines) == 3 and lines[1] == ""
    assert json.loads(lines[0])["alignment"] == "0-1 1-0"
    assert json.loads(lines[2])["target"] == ["hotel", "bravo", "echo"]


@pytest.mark.parametrize("longer", ["source", "target"])
def test_files_with_different_line_counts_are_an_error(run_cli, reverse_model, tmp_path, longer):
    three = ["alpha golf", "echo bravo", "hotel delta"]
    src = write_lines(tmp_path / "s", three if longer == "source" else three[:2])
    tgt = write_lines(tmp_path / "t", three[:2] if longer == "source" else three)
    out = tmp_path / "out.align"
    r = align(run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "-o", out)
    assert_one_error_line(r, "different line counts", "line 2")
    assert not out.exists()


def test_file_mode_streams_a_pair_at_a_time(reverse_model, tmp_path):
    """Sources on a pipe: each pair is answered before the next source line is written."""
    tgt = write_lines(tmp_path / "t", ["golf alpha", "hotel echo bravo"])
    proc = subprocess.Popen(
        [str(NMT), "align", "-m", str(reverse_model.directory), "--src-file", "-"]
        + ["--tgt-file", str(tgt), "--format", "pharaoh"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=nmt_env(),
    )
    try:
        proc.stdin.write(b"alpha golf\n")
        proc.stdin.flush()
        first = readline_within(proc.stdout)  # stdin still open
        proc.stdin.write(b"bravo echo hotel\n")
        proc.stdin.close()
        rest, err = proc.stdout.read(), proc.stderr.read()
        assert proc.wait(30) == 0, err
    finally:
        proc.kill()
    assert first == b"0-1 1-0\n" and rest == b"0-2 1-1 2-0\n"


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, target, side",
    [
        ("   ", "alpha", "source"),
        ("\u200b\u00ad", "alpha", "source"),  # a "word" normalisation removes
        ("alpha", " ", "target"),
        ("alpha", "\u200b", "target"),
    ],
)
def test_a_side_empty_after_tokenisation_is_an_error(run_cli, reverse_model, source, target, side):
    r = align(run_cli, reverse_model.directory, "--source", source, "--target", target)
    assert_one_error_line(r, f"the {side} is empty after tokenisation")


@pytest.mark.parametrize("sentence", ["", "  ", "\u200b"])
def test_an_empty_sentence_is_an_error(run_cli, reverse_model, sentence):
    r = align(run_cli, reverse_model.directory, sentence)
    assert_one_error_line(r, "empty after tokenisation")


@pytest.mark.parametrize("sentence", ["?!", "« »"])
def test_a_sentence_of_no_word_is_aligned_with_itself(run_cli, sentence):
    # translate gives it back as written, the model never reading it: that is what is aligned
    r = run_cli(["align", "-m", "fr-en", sentence, "--format", "json"])
    assert r.exit_code == 0, r.stderr
    record = json.loads(r.stdout)
    assert record["source"] == record["target"] == sentence.split()


def test_file_mode_gives_an_empty_line_for_a_pair_that_tokenises_to_nothing(
    run_cli, reverse_model, tmp_path
):
    src = write_lines(tmp_path / "s", ["alpha golf", "", "alpha"])
    tgt = write_lines(tmp_path / "t", ["golf alpha", "", "\u200b"])
    r = align(run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt)
    assert r.exit_code == 0, r.stderr
    assert r.stdout_bytes.decode().split("\n") == ["0-1 1-0", "", "", ""]


def test_a_model_without_attention_has_no_alignment_to_show(run_cli, no_attention_dir):
    r = align(run_cli, no_attention_dir, "--source", "alpha golf", "--target", "golf alpha")
    assert_one_error_line(r, "no attention", "no alignment to show", code=2)


def test_translate_align_refuses_a_model_without_attention_as_align_does(
    run_cli, no_attention_dir, tmp_path
):
    """`nmt translate --align` printed a made-up `0-0` link for it."""
    out = tmp_path / "out.txt"
    out.write_text("before\n")
    args = ["translate", "-m", no_attention_dir, "--align", "-o", out]
    r = run_cli([*args, "alpha golf"])
    assert_one_error_line(r, "no attention", "no alignment to show", code=2)
    assert out.read_text() == "before\n"
    assert run_cli([*args[:-3], "alpha golf"]).exit_code == 0  # it translates, without --align


@pytest.mark.parametrize(
    "args, message",
    [
        (["alpha", "--source", "alpha", "--target", "alpha"], "give a sentence"),
        (["--source", "alpha"], "--source and --target go together"),
        (["--src-file", "x"], "--src-file and --tgt-file go together"),
        (["alpha", "--format", "xml"], "--format must be one of"),
        (["alpha", "--level", "char"], "--level must be word or subword"),
    ],
)
def test_usage_errors(run_cli, reverse_model, args, message):
    r = align(run_cli, reverse_model.directory, *args)
    assert_one_error_line(r, message, code=2)


def test_missing_files_are_named(run_cli, reverse_model, tmp_path):
    src = write_lines(tmp_path / "s", ["alpha"])
    r = align(run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tmp_path / "nope")
    assert_one_error_line(r, "nope: no such file")
    args = ["--src-file", src, "--tgt-file", src, "--gold", tmp_path / "nogold"]
    r = align(run_cli, reverse_model.directory, *args)
    assert_one_error_line(r, "nogold: no such file")


def test_options_that_do_not_apply_are_usage_errors(run_cli, reverse_model, tmp_path):
    src = write_lines(tmp_path / "s", ["alpha"])
    gold = write_lines(tmp_path / "g", ["0-0"])
    for args in (
        ["alpha", "--gold", gold],  # --gold scores file mode only
        ["--src-file", src, "--tgt-file", src, "--plot", tmp_path / "x.png"],
        ["--src-file", src, "--tgt-file", src, "--format", "csv"],  # not one line per pair
    ):
        r = align(run_cli, reverse_model.directory, *args)
        assert r.exit_code == 2, (args, r.stderr)


def test_the_reverse_model_trains_quickly(reverse_model):
    """Guard the budget: the session's one trained model stops early at its target loss."""
    assert reverse_model.loss < 0.05 and reverse_model.steps < 800


def test_a_catalogue_aligns_as_its_pairs_do_as_two_files(run_cli, reverse_model, tmp_path):
    pairs = reverse_pairs(6, seed=11)
    po = tmp_path / "ui.po"
    entries = "".join(f'\nmsgid "{s}"\nmsgstr "{t}"\n' for s, t in pairs[:4])
    plural = f'\nmsgid "{pairs[4][0]}"\nmsgid_plural "{pairs[5][0]}"\n'
    plural += f'msgstr[0] "{pairs[4][1]}"\nmsgstr[1] "{pairs[5][1]}"\n'
    fuzzy = '\n#, fuzzy\nmsgid "alpha bravo"\nmsgstr "charlie delta"\n'
    po.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n' + entries + plural + fuzzy)
    src = write_lines(tmp_path / "s", [s for s, _ in pairs])
    tgt = write_lines(tmp_path / "t", [t for _, t in pairs])
    gold = write_lines(
        tmp_path / "g", [to_pharaoh(anti_diagonal(len(s.split()))) for s, _ in pairs]
    )
    from_files = align(
        run_cli, reverse_model.directory, "--src-file", src, "--tgt-file", tgt, "--gold", gold
    )
    from_po = align(
        run_cli, reverse_model.directory, "--pairs", po, "--src-lang", "en", "--tgt-lang", "fr",
        "--gold", gold,
    )  # fmt: skip
    assert from_po.exit_code == 0, from_po.stderr
    assert from_po.stdout == from_files.stdout
    assert scores(from_po.stderr) == scores(from_files.stderr)
    assert "6 pairs kept; skipped: 1 fuzzy" in from_po.stderr
