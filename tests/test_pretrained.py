"""The shipped models: what a user gets right after install, and what their model cards claim.

Every directory in pretrained/ is a complete model (loaded without pickle) with a model card and
the config that trained it; all of pretrained/ stays under 80 MB. The README's first command
translates with the default model, and each card's example translation and test BLEU are what a
user gets (the BLEU tests need ../shared/data and skip without it).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import sacrebleu

from nmt_cli.errors import NmtNotice
from nmt_cli.model import pretrained
from nmt_cli.model.bundle import load_bundle
from nmt_cli.model.pretrained import DEFAULT_MODEL
from nmt_cli.training.config import CorpusFiles
from nmt_cli.training.config_file import build_spec

PRETRAINED = Path(__file__).resolve().parents[1] / "pretrained"
MODELS = sorted(p.name for p in PRETRAINED.iterdir() if p.is_dir())
BLEU_SIGNATURE = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"

# name -> (source side, reference side) of its test set in ../shared/data, and the model card's
# beam-5 test BLEU of the shipped (float16) weights.
TEST_SETS = {
    "fr-en": ("tatoeba/en-fr/test.fr", "tatoeba/en-fr/test.en", 48.14),
    "de-en-multi30k-rnn": (
        "multi30k/test_2016_flickr.de",
        "multi30k/test_2016_flickr.en",
        39.29,
    ),
    "de-en-multi30k-transformer": (
        "multi30k/test_2016_flickr.de",
        "multi30k/test_2016_flickr.en",
        41.36,
    ),
}


def test_the_default_model_is_shipped():
    assert DEFAULT_MODEL in MODELS


def test_all_shipped_models_fit_in_80_mb():
    total = sum(f.stat().st_size for f in PRETRAINED.rglob("*") if f.is_file())
    assert total < 80 * 1024 * 1024, f"pretrained/ holds {total / 2**20:.1f} MB"


@pytest.mark.parametrize("name", MODELS)
def test_a_shipped_model_is_complete_and_says_how_it_was_made(name):
    model_dir = PRETRAINED / name
    bundle = load_bundle(model_dir)  # safetensors + JSON, no pickle
    assert bundle.src_vocab_size == bundle.tokenizer.vocab_size
    card = (model_dir / "README.md").read_text(encoding="utf-8")
    for heading in ("## Data and terms", "## How it was trained", "## Scores"):
        assert heading in card, f"{name}/README.md lacks {heading!r}"
    assert "nmt train --config pretrained/" in card  # the project's own commands
    assert BLEU_SIGNATURE in card
    assert (model_dir / "train.toml").is_file()
    assert name in TEST_SETS, f"{name}: add its test set and card BLEU to TEST_SETS"


def test_the_default_model_knows_the_words_it_was_taught_so_names_are_copied():
    bundle = load_bundle(PRETRAINED / DEFAULT_MODEL)
    known, written = bundle.known_words, bundle.target_words
    assert known and {"Parlement", "octobre"} <= known  # translated words, not names
    assert "Montpellier" not in known
    assert written and {"Parliament", "October", "Align"} <= written  # words it was shown
    assert "Arraud" not in written  # its respelling of Arnaud


@pytest.mark.parametrize("name", MODELS)
def test_every_training_config_beside_a_shipped_model_is_one_nmt_train_accepts(name):
    corpus = CorpusFiles(src="train.src", tgt="train.tgt")  # files are read later, at training
    for config in sorted((PRETRAINED / name).glob("train*.toml")):  # train.toml, train-stage3...
        spec = build_spec({"train": [corpus], "valid": [corpus]}, config, {}, {}, tokenizer=None)
        assert spec.model == load_bundle(PRETRAINED / name).config, config.name


def test_fine_tuning_a_transformer_may_set_its_own_family_settings(tmp_path):
    """--init fr-en with [model] ff_dropout = 0.2 (a setting fine-tuning may change) was
    refused as "not read by an RNN": the family was the default's, not the model's."""
    corpus = CorpusFiles(src="train.src", tgt="train.tgt")
    config = tmp_path / "ft.toml"
    config.write_text("[model]\nff_dropout = 0.2\n", encoding="utf-8")
    data = {"train": [corpus], "valid": [corpus], "init": PRETRAINED / DEFAULT_MODEL}
    spec = build_spec(data, config, {}, {}, tokenizer=None)
    assert (spec.model.arch, spec.model.ff_dropout) == ("transformer", 0.2)


@pytest.mark.parametrize("name", MODELS)
def test_a_shipped_model_records_the_languages_its_name_gives(name):
    source, target = name.split("-")[:2]  # de-en-multi30k-rnn: German to English
    assert load_bundle(PRETRAINED / name).languages == (source, target)


def test_the_readme_first_command_translates_with_the_default_model(run_cli):
    result = run_cli(["translate", "Il fait froid ce matin."])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "It's cold this morning.\n"


@pytest.mark.parametrize("name", MODELS)
def test_the_model_card_example_translates_as_shown(run_cli, name):
    card = (PRETRAINED / name / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(r"```sh\n\$ (nmt translate [^\n]+)\n([^\n]+)\n```", card).groups()
    source = re.search(r'"([^"]+)"', command).group(1)
    result = run_cli(["translate", "-m", name, source])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == shown + "\n"


def test_the_default_model_card_interface_strings_translate_as_shown(run_cli):
    """The card's `printf '...' | nmt translate`: each line of stdin, translated, a line out."""
    card = (PRETRAINED / DEFAULT_MODEL / "README.md").read_text(encoding="utf-8")
    lines, shown = re.search(
        r"```sh\n\$ printf '([^']+)' \| nmt translate\n(.*?)```", card, re.S
    ).groups()
    stdin = lines.replace("%%", "%").replace("\\n", "\n")
    result = run_cli(["translate"], input=stdin.encode())
    assert result.exit_code == 0, result.stderr
    assert result.stdout == shown


def test_the_default_model_card_alignment_example_prints_as_shown(run_cli):
    card = (PRETRAINED / DEFAULT_MODEL / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(r"```sh\n\$ (nmt align [^\n]+)\n(.*?)```", card, re.S).groups()
    result = run_cli(shlex.split(command)[1:])  # the table, a blank line, the Pharaoh links
    assert result.exit_code == 0, result.stderr
    printed = [line.rstrip() for line in result.stdout.splitlines()]
    assert printed == [line.rstrip() for line in shown.splitlines()]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TEST_SETS))
def test_the_shipped_model_reaches_its_model_card_bleu(run_cli, shared_data, tmp_path, name):
    src, ref, card_bleu = TEST_SETS[name]
    assert f"| {card_bleu:.2f} |" in (PRETRAINED / name / "README.md").read_text(encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    result = run_cli(["translate", "-m", name, "--input", shared_data / src, "--output", hyp])
    assert result.exit_code == 0, result.stderr
    refs = (shared_data / ref).read_text(encoding="utf-8").splitlines()
    hyps = hyp.read_text(encoding="utf-8").splitlines()
    assert len(hyps) == len(refs)
    bleu = sacrebleu.corpus_bleu(hyps, [refs]).score
    # Another CPU may round a few floats differently: allow a sliver, never a real drop.
    assert bleu == pytest.approx(card_bleu, abs=0.3)


@pytest.mark.slow
def test_the_default_model_aligns_the_trial_set_as_its_card_says(run_cli, shared_data, tmp_path):
    """The card's AER on the Hansards trial set, read from the model's supervised head."""
    trial = shared_data / "align" / "hansards-trial-fr-en"
    card = (PRETRAINED / DEFAULT_MODEL / "README.md").read_text(encoding="utf-8")
    card_aer = float(re.search(r"AER ([0-9.]+) \(precision", card).group(1))
    result = run_cli([
        "align", "--src-file", trial / "src.txt", "--tgt-file", trial / "tgt.txt",
        "--format", "pharaoh", "--gold", trial / "gold.talp", "--output", tmp_path / "a.txt",
    ])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    aer = float(re.search(r"AER ([0-9.]+)", result.stderr).group(1))
    assert aer == pytest.approx(card_aer, abs=0.5)


@pytest.mark.slow
def test_the_default_model_translates_text_in_capitals_almost_as_well(
    run_cli, shared_data, tmp_path
):
    """ALL-CAPS input (the Tatoeba test split upper-cased, references too) stays within 5 BLEU
    of the split as written."""
    src, ref, card_bleu = TEST_SETS[DEFAULT_MODEL]
    upper = tmp_path / "upper.fr"
    upper.write_text((shared_data / src).read_text(encoding="utf-8").upper(), encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    result = run_cli(["translate", "--input", upper, "--output", hyp])
    assert result.exit_code == 0, result.stderr
    refs = (shared_data / ref).read_text(encoding="utf-8").upper().splitlines()
    bleu = sacrebleu.corpus_bleu(hyp.read_text(encoding="utf-8").splitlines(), [refs]).score
    assert bleu >= card_bleu - 5


def test_a_retired_model_name_resolves_to_the_model_that_replaces_it(tmp_path, monkeypatch):
    """A name that no longer ships (scripts and Makefiles still say it) loads its replacement,
    with a notice, rather than failing."""
    (tmp_path / "fr-en").mkdir()
    (tmp_path / "fr-en" / "config.json").write_text("{}")
    monkeypatch.setattr(pretrained, "pretrained_dirs", lambda: [tmp_path])
    with pytest.warns(NmtNotice, match="'fr-en-tatoeba' no longer ships; using 'fr-en'"):
        assert pretrained.resolve_model("fr-en-tatoeba") == tmp_path / "fr-en"


def test_translating_with_a_retired_name_says_so_in_one_line(run_cli, tmp_path, monkeypatch):
    (tmp_path / "fr-en").symlink_to(PRETRAINED / "fr-en")
    monkeypatch.setattr(pretrained, "pretrained_dirs", lambda: [tmp_path])
    result = run_cli(["translate", "-m", "fr-en-tatoeba", "Il fait froid ce matin."])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "It's cold this morning.\n"
    assert result.stderr.splitlines() == [
        "nmt: warning: the model 'fr-en-tatoeba' no longer ships; using 'fr-en', which replaces it"
    ]
