"""Guided alignment: a teacher's word links teach one attention head to align.

The synthetic task: source sentences of distinct lower-case words, targets the same words
upper-cased and in reverse order, so the true alignment is known (target word t comes from
source word n - 1 - t) and given as the user's Pharaoh links. The teacher (eflomal) is tested
on its own, on 100 pairs.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import assert_one_error_line
from train_fixtures import keep_torch_state  # noqa: F401 (autouse)

from nmt_cli.align.links import normalised_words, piece_links, piece_owners, symmetrise, word_spans
from nmt_cli.errors import ConfigError
from nmt_cli.model.bundle import load_bundle
from nmt_cli.model.config import ModelConfig
from nmt_cli.training import train
from nmt_cli.training.config import CorpusFiles, RunSpec, TrainConfig
from nmt_cli.training.config_file import build_spec
from nmt_cli.training.teacher import compute_teacher

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]


def reversal_pairs(n: int, seed: int) -> list[tuple[str, str, str]]:
    """(source, target, links): target = source reversed and upper-cased."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        words = rng.sample(WORDS, rng.randint(3, 6))
        k = len(words)
        links = " ".join(f"{i}-{k - 1 - i}" for i in range(k))
        out.append((" ".join(words), " ".join(w.upper() for w in reversed(words)), links))
    return out


def write(path: Path, lines) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def reversal(tmp_path_factory):
    pairs = reversal_pairs(300, seed=1)
    d = tmp_path_factory.mktemp("data")
    return CorpusFiles(
        write(d / "tr.src", [p[0] for p in pairs]),
        write(d / "tr.tgt", [p[1] for p in pairs]),
        alignments=write(d / "tr.links", [p[2] for p in pairs]),
    ), CorpusFiles(
        write(d / "va.src", [p[0] for p in pairs[:20]]),
        write(d / "va.tgt", [p[1] for p in pairs[:20]]),
    )


TINY_TRANSFORMER = dict(
    arch="transformer", hidden_size=32, ff_size=64, heads=2, enc_layers=2, dec_layers=2,
    dropout=0.0, share_embeddings=True, tie_embeddings=True,
)  # fmt: skip
TINY_TRAIN = dict(
    max_steps=300, batch_tokens=300, lr=3e-3, warmup_steps=20, valid_every=300, threads=1,
    vocab_size=300, log_every=50, patience=0, valid_at_epoch_end=False,
)  # fmt: skip


def agreement(model_dir: Path, pairs) -> float:
    """Share of target words whose default alignment link is the true one."""
    from nmt_cli.align.forced import align_pairs

    bundle = load_bundle(model_dir)
    found = align_pairs(bundle, [p[0] for p in pairs], [p[1] for p in pairs])
    right = total = 0
    for al, (src, _, links) in zip(found, pairs):
        truth = {tuple(map(int, x.split("-"))) for x in links.split()}
        right += len(set(al.links) & truth)
        total += len(src.split())
    return right / total


TINY_RNN = dict(
    arch="rnn", emb_size=32, hidden_size=32, attention="additive", dropout=0.0,
    share_embeddings=True, tie_embeddings=True,
)  # fmt: skip
SUPERVISED = {
    "transformer-causal": dict(TINY_TRANSFORMER),
    "transformer-full-context": dict(TINY_TRANSFORMER, full_context_alignment=True),
    "rnn-additive": TINY_RNN,  # the RNN's one attention distribution is the supervised head
}


@pytest.fixture(scope="module")
def guided_run(reversal, tmp_path_factory) -> Callable[[str], Path]:
    """``guided_run(name)``: the run directory of :data:`SUPERVISED` ``name`` trained on the
    reversal task, each trained once for this module (300 steps is most of a test's time)."""
    import torch

    corpus, valid = reversal
    runs: dict[str, Path] = {}

    def run(name: str) -> Path:
        if name not in runs:
            threads, rng = torch.get_num_threads(), torch.get_rng_state()
            spec = RunSpec(
                corpora=[corpus],
                valid=[valid],
                model=ModelConfig(**SUPERVISED[name], guided_alignment=True),
                train=TrainConfig(**TINY_TRAIN, guided_weight=1.0),
            )
            runs[name] = tmp_path_factory.mktemp(name) / "run"
            train(spec, runs[name])
            torch.set_num_threads(threads)
            torch.set_rng_state(rng)
        return runs[name]

    return run


@pytest.mark.slow
@pytest.mark.parametrize("name", SUPERVISED)
def test_guided_training_makes_the_supervised_head_follow_the_teacher(guided_run, name):
    run_dir = guided_run(name)
    held_out = reversal_pairs(40, seed=99)
    assert agreement(run_dir, held_out) >= 0.9
    records = [r for r in _records(run_dir) if "align_loss" in r]
    assert records and records[-1]["align_loss"] < records[0]["align_loss"]


def _records(run_dir: Path) -> list[dict]:
    import json

    return [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_the_supervised_head_is_recorded_and_read_by_nmt_align(guided_run, run_cli):
    run_dir = guided_run("transformer-causal")
    assert load_bundle(run_dir).config.guided_alignment is True
    default = run_cli(["align", "-m", run_dir, "alpha bravo", "BRAVO ALPHA", "--format", "json"])
    head0 = run_cli(
        ["align", "-m", run_dir, "alpha bravo", "BRAVO ALPHA", "--format", "json",
         "--layer", "-2", "--head", "0"]
    )  # fmt: skip
    assert default.exit_code == 0, default.stderr
    assert default.stdout == head0.stdout


# -- full-context alignment (Garg et al. 2019) ----------------------------------------------


def _tiny_model(**changes):
    import torch

    from nmt_cli.model import build_model

    torch.manual_seed(0)
    config = ModelConfig(**{**TINY_TRANSFORMER, "guided_alignment": True, **changes})
    return build_model(config, 40, 40).eval()


def test_the_full_context_alignment_of_a_word_sees_the_words_after_it():
    import torch

    model = _tiny_model(full_context_alignment=True)
    src, lengths = torch.tensor([[5, 6, 7, 8, 3]]), torch.tensor([5])
    a, b = torch.tensor([[2, 9, 10, 11]]), torch.tensor([[2, 9, 10, 12]])  # last token differs
    with torch.no_grad():
        full_a = model.full_context_alignment(src, lengths, a)  # (1, T, S)
        full_b = model.full_context_alignment(src, lengths, b)
        forward_a = model(src, lengths, a)[1]
    assert full_a.shape == (1, 4, 5)
    assert not torch.allclose(full_a[0, 0], full_b[0, 0])  # the first row sees the last word
    # forward returns that same pass, the one training supervises
    torch.testing.assert_close(forward_a, full_a)
    causal = _tiny_model(full_context_alignment=False)
    with torch.no_grad():
        prefix_a, prefix_b = causal(src, lengths, a)[1], causal(src, lengths, b)[1]
    torch.testing.assert_close(prefix_a[0, :3], prefix_b[0, :3])  # the causal head does not


def test_the_full_context_row_of_a_word_is_computed_at_that_word():
    """Row t aligns output token t (y_{t+1}), and its query is the decoder state at that
    token's own position: with the target self-attention silenced, changing one word changes
    its own row only, not the row of the word before it (which predicts it)."""
    import torch

    model = _tiny_model(full_context_alignment=True, align_layer=0)
    with torch.no_grad():
        for layer in model.decoder.layers:  # self-attention adds nothing: x_t is token t alone
            layer.self_attn.out_proj.weight.zero_()
            layer.self_attn.out_proj.bias.zero_()
        src, lengths = torch.tensor([[5, 6, 7, 8, 3]]), torch.tensor([5])
        a = model.full_context_alignment(src, lengths, torch.tensor([[2, 9, 10, 11]]))
        b = model.full_context_alignment(src, lengths, torch.tensor([[2, 9, 12, 11]]))
    # tgt_in <s> y1 y2 y3: rows align y1, y2, y3, </s>; y2 differs
    changed = [not torch.allclose(a[0, t], b[0, t]) for t in range(4)]
    assert changed == [False, True, False, False]


def test_target_padding_does_not_change_a_full_context_alignment():
    import torch

    model = _tiny_model(full_context_alignment=True)
    src = torch.tensor([[5, 6, 7, 3], [5, 6, 7, 3]])
    lengths = torch.tensor([4, 4])
    tgt = torch.tensor([[2, 9, 10, 11, 12], [2, 9, 10, 0, 0]])  # second: 2 pads
    with torch.no_grad():
        batch = model.full_context_alignment(src, lengths, tgt)
        alone = model.full_context_alignment(src[1:], lengths[1:], tgt[1:, :3])
    torch.testing.assert_close(batch[1, :3], alone[0])


@pytest.mark.slow
def test_translate_align_of_a_full_context_model_equals_nmt_align(guided_run, run_cli):
    import json

    import torch

    from nmt_cli.align.forced import forced_attention
    from nmt_cli.inference.loading import LoadedModel
    from nmt_cli.inference.translator import AS_GIVEN, Translator
    from nmt_cli.search.decoding import SearchOptions

    run_dir = guided_run("transformer-full-context")
    source = "alpha bravo charlie delta"
    done = run_cli(["translate", "-m", run_dir, "--align", "--format", "jsonl", source])
    assert done.exit_code == 0, done.stderr
    out = json.loads(done.stdout)
    target = out["translation"]
    pair = ["--source", source, "--target", target, "--format", "pharaoh"]
    forced = run_cli(["align", "-m", run_dir, *pair])
    assert forced.exit_code == 0, forced.stderr
    assert out["translation"] and out["alignment"]
    assert out["alignment"] == forced.stdout.strip()
    # the weights behind it: the full-context pass over the translation, not the search's steps
    bundle = load_bundle(run_dir)
    [[found]] = Translator(LoadedModel(bundle), SearchOptions(beam=5), AS_GIVEN).translate(
        [source], with_alignment=True
    )
    ids = bundle.tokenizer.encode(source)
    [full] = forced_attention(bundle.model, [(ids, bundle.tokenizer.encode(target))], None, None)
    torch.testing.assert_close(found.attention, full)


@pytest.mark.parametrize(
    "changes, message",
    [
        (
            ["--arch", "rnn", "--attention", "additive"],
            "--full-context-alignment is for the Transformer",
        ),
        (["--no-guided-alignment"], "--full-context-alignment reads the supervised head"),
    ],
    ids=["rnn", "unguided"],
)
def test_full_context_alignment_where_it_cannot_work_is_one_error_line(
    reversal, tmp_path, run_cli, changes, message
):
    corpus, valid = reversal
    args = [a for a in _cli_args(corpus, valid, tmp_path) if a != "--guided-alignment"]
    if "--arch" in changes:
        i = args.index("--arch")
        del args[i : i + 2]
    result = run_cli([*args, "--guided-alignment", "--full-context-alignment", *changes])
    assert_one_error_line(result, message, code=2)  # flags: a usage error naming the flag


def test_fine_tuning_a_guided_model_keeps_guidance_and_may_add_full_context(
    reversal, tmp_path, run_cli
):
    import json

    corpus, valid = reversal
    base = run_cli([*_cli_args(corpus, valid, tmp_path), "--alignments", corpus.alignments, "-q"])
    assert base.exit_code == 0, base.stderr
    data = ["--src", corpus.src, "--tgt", corpus.tgt, "--alignments", corpus.alignments]
    data += ["--valid-src", valid.src, "--valid-tgt", valid.tgt, "--max-steps", "1", "-q"]
    tuned = tmp_path / "tuned"
    args = ["train", "--init", tmp_path / "run", *data, "--full-context-alignment", "-o", tuned]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    config = json.loads((tuned / "config.json").read_text())["model"]
    assert config["guided_alignment"] is True and config["full_context_alignment"] is True


# -- the user's own links: errors --------------------------------------------------------------


def _cli_args(corpus: CorpusFiles, valid: CorpusFiles, tmp_path: Path) -> list[str]:
    return [
        "train", "--src", corpus.src, "--tgt", corpus.tgt, "--valid-src", valid.src,
        "--valid-tgt", valid.tgt, "--guided-alignment", "--arch", "transformer",
        "--hidden-size", "16", "--layers", "2", "--max-steps", "1", "--threads", "1",
        "--output", str(tmp_path / "run"),
    ]  # fmt: skip


def test_alignments_with_the_wrong_line_count_are_one_error_line(reversal, tmp_path, run_cli):
    corpus, valid = reversal
    lines = Path(corpus.alignments).read_text().splitlines()
    short = write(tmp_path / "short.links", lines[:-1])
    result = run_cli([*_cli_args(corpus, valid, tmp_path), "--alignments", short])
    assert_one_error_line(result, "short.links has 299 lines", "tr.src has 300")


def test_a_link_out_of_range_is_one_error_line_naming_the_line(reversal, tmp_path, run_cli):
    corpus, valid = reversal
    lines = Path(corpus.alignments).read_text().splitlines()
    lines[4] = lines[4] + " 0-9"
    bad = write(tmp_path / "bad.links", lines)
    result = run_cli([*_cli_args(corpus, valid, tmp_path), "--alignments", bad, "-q"])
    assert_one_error_line(result, "bad.links: line 5", "0-9", "out of range")


def test_links_or_a_weight_without_guided_alignment_are_a_usage_error(reversal, tmp_path, run_cli):
    """`--alignments links --guided-weight 0.9` without --guided-alignment trained silently
    unguided. As Marian's guided-alignment weight does nothing without guided alignment, it is
    asked for: guided alignment is a setting of the model (nmt align reads its head), so the
    links alone do not turn it on, and a run that would ignore them says so."""
    corpus, valid = reversal
    unguided = [a for a in _cli_args(corpus, valid, tmp_path) if a != "--guided-alignment"]
    for given in (
        ["--alignments", corpus.alignments],
        ["--guided-weight", "0.9"],
        ["--alignments", corpus.alignments, "--guided-weight", "0.9"],
    ):
        line = assert_one_error_line(run_cli([*unguided, *given]), code=2)
        flags = ", ".join(a for a in given if a.startswith("--"))
        assert line.startswith(f"nmt: error: {flags}: guided alignment is off"), line
        assert "--guided-alignment" in line
        assert not (tmp_path / "run").exists()
    config = Path(write(tmp_path / "c.toml", ["[data]", f"train = [{_toml_corpus(corpus)}]"]))
    from_file = [*unguided[:1], "--config", config, *unguided[5:]]
    line = assert_one_error_line(run_cli(from_file), code=1)
    assert "c.toml: a corpus has alignments but guided alignment is off" in line
    assert run_cli([*unguided, "-q"]).exit_code == 0  # unguided and nothing of guidance
    resumed = ["train", "--resume", tmp_path / "run", "--guided-weight", "0.9"]
    assert_one_error_line(run_cli(resumed), "--guided-weight", "without guided alignment", code=2)


def _toml_corpus(c: CorpusFiles) -> str:
    return f'{{src = "{c.src}", tgt = "{c.tgt}", alignments = "{c.alignments}"}}'


def test_guidance_without_attention_is_one_error_line(reversal, tmp_path, run_cli):
    corpus, valid = reversal
    args = _cli_args(corpus, valid, tmp_path)
    args[args.index("transformer")] = "rnn"
    result = run_cli([*args, "--attention", "none"])
    assert_one_error_line(result, "--guided-alignment needs an attention", code=2)


# -- mapping word links onto pieces ------------------------------------------------------------


def test_teacher_words_are_lower_cased_with_punctuation_split_off():
    assert normalised_words("Le chat, dort.") == "le chat , dort ."


def test_a_piece_covering_two_words_takes_links_of_both():
    line = "matin."  # one piece "▁matin." covering the words "matin" and "."
    owners = piece_owners([(0, 6)], word_spans(line))
    assert owners == [[0, 1]]
    flat = piece_links([(0, 0), (1, 0)], [[0], [1]], owners)
    assert list(flat) == [0, 0, 1, 0]  # source piece 0 and 1 both link target piece 0


def test_grow_diag_final_and_adds_neighbours_of_the_intersection():
    forward = [(0, 0), (1, 1), (2, 1)]
    reverse = [(0, 0), (1, 1), (1, 2)]
    assert symmetrise(forward, reverse, "intersect") == [(0, 0), (1, 1)]
    assert symmetrise(forward, reverse, "grow-diag-final-and") == [(0, 0), (1, 1), (1, 2), (2, 1)]


def test_grow_diag_keeps_only_neighbours_and_final_and_adds_the_unaligned_words_links():
    forward = [(0, 0), (1, 1), (3, 3)]  # (3, 3): far from the intersection, both words unlinked
    reverse = [(0, 0), (1, 1), (1, 2)]
    assert symmetrise(forward, reverse, "grow-diag") == [(0, 0), (1, 1), (1, 2)]
    assert symmetrise(forward, reverse, "grow-diag-final-and") == [(0, 0), (1, 1), (1, 2), (3, 3)]


# -- the teacher -------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("eflomal-align") is None, reason="eflomal is not installed")
def test_the_teacher_aligns_100_pairs_with_eflomal(tmp_path):
    rng = random.Random(3)
    fr = {"chat": "cat", "chien": "dog", "mange": "eats", "dort": "sleeps", "le": "the"}
    src, tgt = [], []
    for _ in range(100):
        a, b = rng.sample(["chat", "chien"], 1)[0], rng.choice(["mange", "dort"])
        src.append(f"Le {a} {b}.")
        tgt.append(f"The {fr[a]} {fr[b]}.")
    s = write(tmp_path / "s.fr", src)
    t = write(tmp_path / "t.en", tgt)
    said = []
    out = compute_teacher([(s, t)], tmp_path / "run", "intersect", said.append)
    lines = out.read_text().splitlines()
    assert len(lines) == 100
    # the content words (noun, verb); eflomal may leave "le"/"the" and "." unlinked on so
    # little text, where they occur in every pair
    right = sum("1-1" in x.split() and "2-2" in x.split() for x in lines)
    assert right >= 90
    assert any("eflomal on 100 pairs" in m for m in said)
    # cached: a second call does not run eflomal again
    mtime = out.stat().st_mtime_ns
    assert compute_teacher([(s, t)], tmp_path / "run", "intersect") == out
    assert out.stat().st_mtime_ns == mtime


def test_without_eflomal_guidance_says_how_to_install_it(reversal, tmp_path, run_cli, monkeypatch):
    corpus, valid = reversal
    monkeypatch.setenv("PATH", "/nonexistent")
    result = run_cli(_cli_args(corpus, valid, tmp_path))
    assert_one_error_line(result, "eflomal", "pip install")


def test_overwrite_checks_for_eflomal_before_dropping_the_old_runs_links(
    reversal, tmp_path, run_cli, monkeypatch
):
    """The old run's links, about to be dropped, stood in for eflomal: the run was wiped, a
    tokenizer trained, and only then "guidance needs eflomal"."""
    corpus, valid = reversal
    old = tmp_path / "run" / "teacher" / "links.txt"
    old.parent.mkdir(parents=True)
    old.write_text("0-0\n")
    (tmp_path / "run" / "run.json").write_text("{}")
    monkeypatch.setenv("PATH", "/nonexistent")
    result = run_cli([*_cli_args(corpus, valid, tmp_path), "--overwrite"])
    assert_one_error_line(result, "eflomal", "pip install")
    assert old.exists() and not (tmp_path / "run" / "tokenizer.json").exists()


# -- the model as its own teacher: fine-tuning with no aligner installed ---------------------


@pytest.fixture
def guided_base(reversal, tmp_path):
    """A tiny full-context guided model, its head half taught (100 steps of the true links)."""
    corpus, valid = reversal
    model = ModelConfig(**TINY_TRANSFORMER, guided_alignment=True, full_context_alignment=True)
    train_settings = TrainConfig(**{**TINY_TRAIN, "max_steps": 100}, guided_weight=1.0)
    train(RunSpec([corpus], [valid], model, train_settings), tmp_path / "base")
    return tmp_path / "base"


def _fine_tune_args(corpus, valid, tmp_path, init, *more):
    config = write(tmp_path / "tune.toml", ["[train]", "warmup_steps = 10"])
    return [
        "train", "--init", init, "--src", corpus.src, "--tgt", corpus.tgt,
        "--valid-src", valid.src, "--valid-tgt", valid.tgt, "--config", config,
        "--max-steps", "100", "--valid-every", "100", "--batch-tokens", "300", "--lr", "3e-3",
        "--guided-weight", "1", "--threads", "1", *more,
    ]  # fmt: skip


def mass_on_links(model_dir: Path, sources: list[str], targets: list[str], links: list[str]):
    """The supervised head's mean word-level weight on the cells of ``links``."""
    from nmt_cli.align.forced import align_pairs

    found = align_pairs(load_bundle(model_dir), sources, targets)
    cells = [
        float(al.weights[t, s])
        for al, line in zip(found, links)
        for s, t in (map(int, x.split("-")) for x in line.split())
    ]
    return sum(cells) / len(cells)


@pytest.mark.slow
def test_fine_tuning_a_guided_model_without_eflomal_is_taught_by_its_own_head(
    reversal, guided_base, tmp_path, run_cli, monkeypatch
):
    import json

    corpus, valid = reversal
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    tuned = tmp_path / "tuned"
    result = run_cli(_fine_tune_args(corpus, valid, tmp_path, guided_base, "-o", tuned))
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stderr.split())  # rich wraps long lines at the console's width
    assert said.count("teacher:") == 1
    assert f"teacher: the model itself ({guided_base}: its supervised head" in said
    assert json.loads((tuned / "run.json").read_text())["train"]["teacher"] == "self"
    assert load_bundle(tuned).config.guided_alignment is True  # it stays guided
    # The links are what `nmt align` prints for the training text with the model started from.
    links = (tuned / "teacher" / "self-links.txt").read_text()
    shown = ["align", "-m", guided_base, "--src-file", corpus.src, "--tgt-file", corpus.tgt]
    assert links == run_cli(shown).stdout
    # ... and fine-tuning moved the supervised head toward them.
    sources = Path(corpus.src).read_text().splitlines()
    targets = Path(corpus.tgt).read_text().splitlines()
    before = mass_on_links(guided_base, sources, targets, links.splitlines())
    after = mass_on_links(tuned, sources, targets, links.splitlines())
    print(f"mean weight on the teacher's links: {before:.3f} before, {after:.3f} after")
    assert after > before + 0.05


def test_the_model_as_teacher_needs_a_guided_model_to_start_from(
    reversal, tmp_path, run_cli, monkeypatch
):
    corpus, valid = reversal
    scratch = run_cli([*_cli_args(corpus, valid, tmp_path), "--teacher", "self"])
    assert_one_error_line(scratch, "teacher self", "--init")
    unguided = tmp_path / "unguided"
    args = [a for a in _cli_args(corpus, valid, tmp_path) if a != "--guided-alignment"]
    assert run_cli([*args[:-1], str(unguided), "-q"]).exit_code == 0
    tuned = [*_fine_tune_args(corpus, valid, tmp_path, unguided), "--guided-alignment"]
    result = run_cli([*tuned, "--teacher", "self", "-o", tmp_path / "tuned"])
    assert_one_error_line(result, "was not trained with guided alignment", "pip install")
    # auto, with no eflomal: the unguided model cannot teach, so eflomal is asked for
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    result = run_cli([*tuned, "-o", tmp_path / "tuned"])
    assert_one_error_line(result, "eflomal", "pip install")


def test_a_teacher_file_is_the_corpus_alignments(reversal, tmp_path, run_cli):
    import json

    corpus, valid = reversal
    args = [*_cli_args(corpus, valid, tmp_path), "--teacher", corpus.alignments, "-q"]
    assert run_cli(args).exit_code == 0
    recorded = json.loads((tmp_path / "run" / "run.json").read_text())
    assert recorded["corpora"][0]["alignments"] == corpus.alignments
    both = [*args, "--alignments", corpus.alignments, "--overwrite"]
    assert_one_error_line(run_cli(both), "--teacher FILE or --alignments", code=2)
    typo = [*_cli_args(corpus, valid, tmp_path), "--teacher", "selff"]
    assert_one_error_line(run_cli(typo), "auto, eflomal, self or a file", "selff", code=2)


def test_a_config_files_teacher_file_is_the_corpus_alignments_too(reversal, tmp_path, run_cli):
    corpus, valid = reversal
    bare = CorpusFiles(corpus.src, corpus.tgt)  # no links of its own
    config = Path(write(tmp_path / "c.toml", ["[train]", f'teacher = "{corpus.alignments}"']))
    guided = {"guided_alignment": True}
    spec = build_spec({"train": [bare], "valid": [valid]}, config, guided, {}, tokenizer=None)
    assert spec.corpora[0].alignments == corpus.alignments
    assert spec.train.teacher == "auto"  # what run.json records: no corpus is left to teach
    data = {"train": [bare], "valid": [valid]}
    by_flag = build_spec(data, config, guided, {"teacher": "self"}, None)
    assert (by_flag.corpora[0].alignments, by_flag.train.teacher) == (None, "self")
    with pytest.raises(ConfigError, match=r"c.toml: \[train\] teacher FILE gives the links of one"):
        build_spec({"train": [bare, bare], "valid": [valid]}, config, guided, {}, None)
    nowhere = write(tmp_path / "nowhere.toml", ["[train]", 'teacher = "nowhere.links"'])
    args = [*_cli_args(corpus, valid, tmp_path), "--config", nowhere]
    line = assert_one_error_line(run_cli(args), "nowhere.toml: [train] teacher must be", code=1)
    assert "auto, eflomal, self or a file of links; nowhere.links: no such file" in line


def test_links_stay_with_their_pairs_when_pairs_are_dropped(tmp_path, small_tokenizer):
    from nmt_cli.training.data import load_corpora

    long = " ".join(["Hund"] * 150)
    pairs = [
        ("ein Hund", "a dog", "0-0 1-1"),
        ("", "empty", ""),
        (long, "dogs", "0-0"),
        ("zwei Katzen schlafen", "two cats sleep", "0-0 1-1 2-2"),
    ]
    d = tmp_path
    corpus = CorpusFiles(
        write(d / "s", [p[0] for p in pairs]),
        write(d / "t", [p[1] for p in pairs]),
        alignments=write(d / "a", [p[2] for p in pairs]),
    )
    data = load_corpora([corpus], small_tokenizer, max_len=50, guided=True)
    assert (data.dropped_empty, data.dropped_long, len(data.links)) == (1, 1, 2)
    for kept, k in ((0, 0), (1, 3)):
        alone = CorpusFiles(
            write(d / f"s{k}", [pairs[k][0]]),
            write(d / f"t{k}", [pairs[k][1]]),
            alignments=write(d / f"a{k}", [pairs[k][2]]),
        )
        assert data.links[kept] == load_corpora([alone], small_tokenizer, 50, guided=True).links[0]
