"""`nmt export --format ctranslate2` and `nmt translate --engine ctranslate2`.

The exported directory is CTranslate2's own (``ctranslate2.Translator(DIR)`` loads it alone), and
translating it with ``--engine ctranslate2`` gives the lines `nmt translate` gives with the
nmt-cli model, in float32: the same search rules (GNMT length penalty, per-sentence length
limits), the same sentence splitting and capitals. Models are the tiny ones of model_fixtures.py.
Skipped where the optional extra is not installed (CI installs it).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import assert_one_error_line, make_corpus
from model_fixtures import SHORT_CONFIG, TRANSFORMER_CONFIG, make_model_dir

from nmt_cli.model.bundle import KNOWN_WORDS_FILE, TARGET_WORDS_FILE, load_bundle, read_words
from nmt_cli.model.pretrained import resolve_model
from nmt_cli.model.tokenizer import Tokenizer

ctranslate2 = pytest.importorskip(
    "ctranslate2", reason="the ctranslate2 extra is not installed: pip install '.[ctranslate2]'"
)

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

LINES = [de for de, _ in make_corpus(10)] + [
    "",
    "Zwei Mädchen tanzen",
    "EIN HUND SCHLÄFT IM SCHNEE.",
    "Ein Mann läuft im Park. Eine Frau sitzt auf einer Bank!",
    "Eine Gruppe Männer wartet vor einem Gebäude neben einem Fluss.",
]


def stdin(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


def export(run_cli, model: Path, output: Path, *args: str) -> Path:
    result = run_cli(["export", model, "--format", "ctranslate2", "--output", output, *args])
    assert result.exit_code == 0, result.stderr
    return output


@pytest.fixture(scope="module")
def exported(run_cli, transformer_model_dir: Path, tmp_path_factory) -> Path:
    return export(run_cli, transformer_model_dir, tmp_path_factory.mktemp("ct2") / "model")


def translate(run_cli, model: Path, *args: str, lines: list[str] = LINES, engine: str = "torch"):
    result = run_cli(
        ["translate", "-m", model, "--threads", "1", "--engine", engine, *args],
        input=stdin(lines),
    )
    assert result.exit_code == 0, result.stderr
    return result.stdout.split("\n")[:-1]


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--beam", "1"],
        # (a split line's third best is a near tie on the tiny model: its sentences' score sums
        # differ by 0.001, less than the two engines' scores do)
        ["--length-penalty", "2.0", "--nbest", "2"],
        ["--length-penalty", "0", "--nbest", "2"],
        ["--align"],
        ["--align", "--links", "grow-diag"],
        ["--format", "jsonl", "--no-split"],
    ],
    ids=["beam5", "greedy", "penalty2-nbest2", "penalty0-nbest2", "align", "grow-diag", "jsonl"],
)
def test_engine_ctranslate2_gives_the_lines_of_nmt_translate(
    run_cli, transformer_model_dir: Path, exported: Path, args: list[str]
) -> None:
    ours = translate(run_cli, transformer_model_dir, *args)
    theirs = translate(run_cli, exported, *args, engine="ctranslate2")
    assert len(theirs) == len(ours) >= len(LINES)
    if "--nbest" in args or "jsonl" in args:  # scores agree to float32 rounding, not to the digit
        ours = [_without_score(line) for line in ours]
        theirs = [_without_score(line) for line in theirs]
    assert theirs == ours


def _without_score(line: str) -> str:
    if line.startswith("{"):
        record = json.loads(line)
        assert isinstance(record.pop("score"), float)
        assert isinstance(record.pop("log_prob"), float)
        return json.dumps(record, ensure_ascii=False)
    index, text, score = line.split(" ||| ")
    float(score)
    return f"{index} ||| {text}"


def test_each_sentence_keeps_its_own_length_limit(run_cli, small_tokenizer, tmp_path) -> None:
    """An untrained model never stops by itself: every output runs to a * S + b tokens, and
    greedy search ends there exactly as nmt-cli's does."""
    short = make_model_dir(tmp_path / "short", SHORT_CONFIG, small_tokenizer)
    exported = export(run_cli, short, tmp_path / "ct2")
    limits = ["--beam", "1", "--max-len-a", "0.5", "--max-len-b", "1", "--no-split"]
    lines = ["Ein Hund", "Eine Gruppe Männer wartet vor einem Gebäude neben einem Fluss."]
    ours = translate(run_cli, short, *limits, "--format", "jsonl", lines=lines)
    theirs = translate(
        run_cli, exported, *limits, "--format", "jsonl", lines=lines, engine="ctranslate2"
    )
    tokens = [json.loads(line)["tokens"] for line in theirs]
    assert tokens == [json.loads(line)["tokens"] for line in ours]
    for line, pieces in zip(lines, tokens):
        assert len(pieces) == int(0.5 * len(small_tokenizer.encode(line)) + 1)


def test_export_loads_in_ctranslate2_alone(exported: Path, transformer_model_dir: Path) -> None:
    tok = Tokenizer.load(transformer_model_dir / "tokenizer.json")
    pieces = [tok.id_to_piece(i) for i in range(tok.vocab_size)]
    vocabulary = json.loads((exported / "shared_vocabulary.json").read_text(encoding="utf-8"))
    assert vocabulary == pieces  # the tokenizer's pieces in id order
    config = json.loads((exported / "config.json").read_text(encoding="utf-8"))
    assert config["add_source_eos"] is True and config["decoder_start_token"] == "<s>"

    translator = ctranslate2.Translator(str(exported), intra_threads=1)
    source = [tok.id_to_piece(i) for i in tok.encode("Ein Hund läuft im Park.")]
    result = translator.translate_batch([source], beam_size=2)[0]
    words = result.hypotheses[0]
    assert words and all(p in pieces[4:] for p in words)  # never <pad>, <unk>, <s> or </s>


@pytest.mark.slow
def test_an_export_keeps_the_model_s_known_words_so_names_are_copied(run_cli, tmp_path) -> None:
    out = export(run_cli, resolve_model("fr-en"), tmp_path / "ct2")
    shipped = load_bundle(resolve_model("fr-en"))
    assert shipped.known_words == read_words(out / KNOWN_WORDS_FILE)
    assert shipped.target_words == read_words(out / TARGET_WORDS_FILE)
    line = "Théo a pris le train pour Montpellier."
    result = run_cli(["translate", "-m", out, "--engine", "ctranslate2", line])
    assert result.exit_code == 0, result.stderr
    assert "Montpellier" in result.stdout  # the model alone writes "Montpelline"


def test_int8_export_translates_every_line(run_cli, transformer_model_dir, tmp_path) -> None:
    int8 = export(run_cli, transformer_model_dir, tmp_path / "int8", "--quantize", "int8")
    assert json.loads((int8 / "nmt-cli.json").read_text(encoding="utf-8"))["quantization"] == "int8"
    out = translate(run_cli, int8, lines=LINES, engine="ctranslate2")
    assert len(out) == len(LINES) and out[LINES.index("")] == ""


def test_an_rnn_is_refused_in_one_line(run_cli, rnn_model_dir: Path, tmp_path) -> None:
    result = run_cli(["export", rnn_model_dir, "--format", "ctranslate2", "-o", tmp_path / "x"])
    assert_one_error_line(result, "Transformers", "rnn")
    assert not (tmp_path / "x").exists()


def test_a_guided_model_aligns_with_its_supervised_head(run_cli, small_tokenizer, tmp_path):
    """Guided alignment supervises head 0 of the alignment layer; --align reads that head, not
    the heads' mean, with either engine (greedy: an untrained model runs to its length limit,
    where greedy search ends alike)."""
    config = replace(TRANSFORMER_CONFIG, guided_alignment=True)
    guided = make_model_dir(tmp_path / "guided", config, small_tokenizer, seed=3)
    exported = export(run_cli, guided, tmp_path / "ct2")
    args = ["--align", "--beam", "1", "--max-len-a", "0", "--max-len-b", "6"]
    assert translate(run_cli, exported, *args, engine="ctranslate2") == translate(
        run_cli, guided, *args
    )


def test_full_context_alignment_is_exported_for_translation_only(
    run_cli, small_tokenizer, tmp_path
) -> None:
    config = replace(TRANSFORMER_CONFIG, guided_alignment=True, full_context_alignment=True)
    guided = make_model_dir(tmp_path / "guided", config, small_tokenizer)
    result = run_cli(["export", guided, "--format", "ctranslate2", "-o", tmp_path / "ct2"])
    assert result.exit_code == 0, result.stderr
    assert "alignment pass is not" in result.stderr
    assert len(translate(run_cli, tmp_path / "ct2", engine="ctranslate2")) == len(LINES)
    refused = run_cli(
        ["translate", "-m", tmp_path / "ct2", "--engine", "ctranslate2", "--align", "Ein Hund"]
    )
    assert_one_error_line(refused, "alignment", "nmt-cli model")


def test_a_model_for_the_other_engine_is_one_error(
    run_cli, transformer_model_dir: Path, exported: Path
) -> None:
    ct2 = run_cli(["translate", "-m", transformer_model_dir, "--engine", "ctranslate2", "x"])
    line = assert_one_error_line(ct2, "not a CTranslate2 export", "nmt export")
    # the command it suggests exports the model beside itself, not over it (refused)
    suggested = f"nmt export {transformer_model_dir} --format ctranslate2 --output "
    assert (
        f"{suggested}{transformer_model_dir}-ct2, then give -m {transformer_model_dir}-ct2" in line
    )
    torch = run_cli(["translate", "-m", exported, "x"])
    assert_one_error_line(torch, "--engine ctranslate2")
    bf16 = run_cli(["translate", "-m", exported, "--engine", "ctranslate2", "--precision", "bf16"])
    assert_one_error_line(bf16, "bf16", code=2)


def test_an_export_given_to_a_command_that_cannot_read_it_says_which_does(
    run_cli, exported: Path, tmp_path
) -> None:
    """`nmt score -m EXPORT` said "a CTranslate2 export; translate with --engine ctranslate2",
    an option nmt score has not; nmt align said the same; nmt export and nmt average said
    "EXPORT/config.json: not an nmt-cli model config" (CTranslate2's config.json)."""
    (tmp_path / "s").write_text("Ein Hund\n")
    (tmp_path / "t").write_text("A dog\n")
    for args in (
        ["score", "-m", exported, "--src-file", tmp_path / "s", "--tgt-file", tmp_path / "t"],
        ["align", "-m", exported, "Ein Hund"],
        ["export", exported, "-o", tmp_path / "again"],
        ["average", exported, exported, "-o", tmp_path / "avg"],
        ["translate", "-m", exported, "Ein Hund"],  # nmt-cli's own engine
    ):
        line = assert_one_error_line(run_cli(args), code=1)
        assert line.endswith(
            f"{exported}: a CTranslate2 export, which only nmt translate --engine ctranslate2 "
            "reads; give the nmt-cli model it was exported from"
        ), (args[0], line)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s", "t"]


def test_export_replaces_an_export_but_no_other_directory(
    run_cli, transformer_model_dir: Path, tmp_path
) -> None:
    target = export(run_cli, transformer_model_dir, tmp_path / "ct2")
    export(run_cli, transformer_model_dir, target, "--quantize", "int8")
    assert json.loads((target / "nmt-cli.json").read_text(encoding="utf-8"))["quantization"]
    other = tmp_path / "notes"
    other.mkdir()
    (other / "keep.txt").write_text("mine\n", encoding="utf-8")
    refused = run_cli(["export", transformer_model_dir, "--format", "ctranslate2", "-o", other])
    assert_one_error_line(refused, "not a CTranslate2 export")
    assert [p.name for p in other.iterdir()] == ["keep.txt"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.skipif(
    ctranslate2.get_cuda_device_count() == 0, reason="needs a GPU CTranslate2 can use"
)
def test_on_a_gpu_ctranslate2_gives_the_lines_it_gives_on_the_cpu(run_cli, exported) -> None:
    cpu = translate(run_cli, exported, engine="ctranslate2")
    gpu = translate(run_cli, exported, "--device", "cuda", engine="ctranslate2")
    assert gpu == cpu


@pytest.mark.skipif(ctranslate2.get_cuda_device_count() > 0, reason="this machine has a GPU")
def test_device_cuda_without_a_gpu_is_one_error(run_cli, exported) -> None:
    result = run_cli(["translate", "-m", exported, "--engine", "ctranslate2", "--device", "cuda"])
    assert_one_error_line(result, "--device cuda", "no CUDA GPU")
