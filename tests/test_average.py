"""`nmt average`: the mean of checkpoints' weights, as a model directory translate can load."""

from __future__ import annotations

import json

import torch
from conftest import assert_one_error_line
from safetensors.torch import load_file

from nmt_cli.model import ModelConfig, build_model
from nmt_cli.model.bundle import load_bundle, save_bundle
from nmt_cli.training.checkpoint import save_checkpoint


def _run_with_two_checkpoints(tmp_path, tokenizer):
    config = ModelConfig(emb_size=8, hidden_size=8, dropout=0.0)
    run = tmp_path / "run"
    model = build_model(config, tokenizer.vocab_size, tokenizer.vocab_size)
    save_bundle(run, model, tokenizer)
    optimizer = torch.optim.Adam(model.parameters())
    weights = []
    for step in (1, 2):
        with torch.no_grad():
            for p in model.parameters():
                p.add_(step)  # make the two checkpoints differ
        save_checkpoint(run / "checkpoints", step, model, optimizer, {"step": step})
        weights.append({k: v.clone() for k, v in model.state_dict().items()})
    return run, weights


def test_average_is_the_mean_of_the_weights_and_loads(tmp_path, run_cli, small_tokenizer):
    run, (w1, w2) = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    out = tmp_path / "avg"
    ckpts = sorted((run / "checkpoints").iterdir())
    result = run_cli(["average", *ckpts, "--output", out])
    assert result.exit_code == 0, result.stderr
    averaged = load_file(str(out / "model.safetensors"))
    for name, t in averaged.items():
        assert torch.allclose(t, (w1[name] + w2[name]) / 2, atol=1e-6), name
    bundle = load_bundle(out)  # a complete model directory
    assert bundle.meta["averaged"] == [str(c) for c in ckpts]  # and says what it averaged


def test_an_average_of_float16_models_is_float16(tmp_path, run_cli, small_tokenizer):
    """Two `nmt export` models (float16) averaged into a float32 model: twice their size, and
    its meta.json, the first model's, still said "exported ... float16". An average of float16
    models is float16 (the mean taken in float64, then rounded); one with a float32 model among
    them is float32."""
    run, (w1, w2) = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    config = ModelConfig(emb_size=8, hidden_size=8, dropout=0.0)
    exported = []
    for n, weights in enumerate((w1, w2)):
        model = build_model(config, small_tokenizer.vocab_size, small_tokenizer.vocab_size)
        model.load_state_dict(weights)
        exported.append(tmp_path / f"export{n}")
        save_bundle(exported[-1], model, small_tokenizer, dtype="float16")
    result = run_cli(["average", *exported, "-o", tmp_path / "avg16"])
    assert result.exit_code == 0, result.stderr
    averaged = load_file(str(tmp_path / "avg16" / "model.safetensors"))
    halves = [load_file(str(e / "model.safetensors")) for e in exported]
    for name, t in averaged.items():
        mean = (halves[0][name].double() + halves[1][name].double()) / 2
        assert t.dtype == torch.float16 and torch.equal(t, mean.half()), name
    mixed = [exported[0], sorted((run / "checkpoints").iterdir())[1]]
    result = run_cli(["average", *mixed, "-o", tmp_path / "avg32"])
    assert result.exit_code == 0, result.stderr
    averaged = load_file(str(tmp_path / "avg32" / "model.safetensors"))
    assert {t.dtype for t in averaged.values()} == {torch.float32}


def test_the_average_keeps_the_run_s_known_words(tmp_path, run_cli, small_tokenizer):
    run, _ = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    (run / "known-words.txt").write_text("Parlement\nété\n", encoding="utf-8")
    (run / "target-words.txt").write_text("Parliament\n", encoding="utf-8")
    ckpts = sorted((run / "checkpoints").iterdir())
    assert run_cli(["average", *ckpts, "--output", tmp_path / "avg"]).exit_code == 0
    assert load_bundle(tmp_path / "avg").known_words == {"Parlement", "été"}  # names still told
    assert load_bundle(tmp_path / "avg").target_words == {"Parliament"}


def test_average_takes_checkpoints_named_from_inside_the_checkpoints_folder(
    tmp_path, run_cli, small_tokenizer, monkeypatch
):
    run, (w1, w2) = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    monkeypatch.chdir(run / "checkpoints")
    names = sorted(c.name for c in (run / "checkpoints").iterdir())  # "step-00000001", ...
    result = run_cli(["average", *names, "--output", tmp_path / "avg"])
    assert result.exit_code == 0, result.stderr
    averaged = load_file(str(tmp_path / "avg" / "model.safetensors"))
    name = next(iter(averaged))
    assert torch.allclose(averaged[name], (w1[name] + w2[name]) / 2, atol=1e-6)


def test_average_needs_two_checkpoints_of_one_run(tmp_path, run_cli, small_tokenizer):
    run, _ = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    one = sorted((run / "checkpoints").iterdir())[:1]
    result = run_cli(["average", *one, "--output", tmp_path / "avg"])
    assert result.exit_code == 2 and "at least two" in result.stderr
    result = run_cli(["average", tmp_path, tmp_path / "nope", "--output", tmp_path / "avg"])
    assert result.exit_code == 1 and "nmt: error:" in result.stderr
    assert not (tmp_path / "avg").exists()


def test_average_writes_a_new_model_directory_and_never_into_something_else(
    tmp_path, run_cli, small_tokenizer
):
    """An existing file, or a directory that is not a model (the run itself, a user's folder),
    is one error and stays as it was."""
    run, _ = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    ckpts = sorted((run / "checkpoints").iterdir())
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "todo.txt").write_text("mine\n")
    for target in (a_file, folder, run):
        before = sorted(p.name for p in target.iterdir()) if target.is_dir() else None
        result = run_cli(["average", *ckpts, "--output", target])
        assert_one_error_line(result, str(target))
        assert (sorted(p.name for p in target.iterdir()) if target.is_dir() else None) == before
    assert a_file.read_text() == "mine\n"


def test_checkpoints_of_runs_with_different_tokenizers_are_not_averaged(
    tmp_path, run_cli, small_tokenizer
):
    """Only sizes were compared: two runs of the same sizes but other tokenizers gave weights
    of no model, shipped with the first run's tokenizer."""
    ours, _ = _run_with_two_checkpoints(tmp_path / "ours", small_tokenizer)
    theirs, _ = _run_with_two_checkpoints(tmp_path / "theirs", small_tokenizer)
    tokenizer = json.loads((theirs / "tokenizer.json").read_text(encoding="utf-8"))
    vocab = tokenizer["model"]["vocab"]  # the same size, two pieces' ids swapped
    a, b = sorted(vocab, key=vocab.get)[-2:]
    vocab[a], vocab[b] = vocab[b], vocab[a]
    (theirs / "tokenizer.json").write_text(json.dumps(tokenizer), encoding="utf-8")
    both = [*sorted((ours / "checkpoints").iterdir()), *sorted((theirs / "checkpoints").iterdir())]
    line = assert_one_error_line(run_cli(["average", *both, "-o", tmp_path / "avg"]), code=2)
    assert "different tokenizers" in line and str(theirs / "tokenizer.json") in line
    assert not (tmp_path / "avg").exists()


def test_models_of_one_tokenizer_from_different_runs_average_into_a_model_soup(
    tmp_path, run_cli, small_tokenizer
):
    """Two fine-tunes of one model (its tokenizer and sizes) may be averaged, as the shipped
    fr-en was (stage 11 and stage 10)."""
    first, (w1, _) = _run_with_two_checkpoints(tmp_path / "first", small_tokenizer)
    second, (_, w2) = _run_with_two_checkpoints(tmp_path / "second", small_tokenizer)
    ckpts = [
        sorted((first / "checkpoints").iterdir())[0],
        sorted((second / "checkpoints").iterdir())[1],
    ]
    result = run_cli(["average", *ckpts, "-o", tmp_path / "soup"])
    assert result.exit_code == 0, result.stderr
    averaged = load_file(str(tmp_path / "soup" / "model.safetensors"))
    assert all(torch.allclose(t, (w1[k] + w2[k]) / 2, atol=1e-6) for k, t in averaged.items())


def test_one_checkpoint_given_twice_is_a_usage_error(
    tmp_path, run_cli, small_tokenizer, monkeypatch
):
    """The mean of a checkpoint given twice and another weighs the first double: refused,
    whether it is named twice alike or once from inside checkpoints/."""
    run, _ = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    first, second = sorted((run / "checkpoints").iterdir())
    line = assert_one_error_line(run_cli(["average", first, first, "-o", tmp_path / "a"]), code=2)
    assert str(first) in line and "twice" in line
    monkeypatch.chdir(run / "checkpoints")
    result = run_cli(["average", first, first.name, second, "-o", tmp_path / "b"])
    assert "twice" in assert_one_error_line(result, first.name, code=2)
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_a_checkpoint_given_as_a_model_names_its_run_and_nmt_average(
    tmp_path, run_cli, small_tokenizer
):
    """`nmt export run/checkpoints/step-N -o x` said "not a model directory (no config.json)"
    and no more; the run it belongs to is named now, and the command that makes a model of
    checkpoints."""
    run, _ = _run_with_two_checkpoints(tmp_path, small_tokenizer)
    checkpoint = sorted((run / "checkpoints").iterdir())[0]
    line = assert_one_error_line(run_cli(["export", checkpoint, "-o", tmp_path / "x"]))
    assert f"a checkpoint of the run {run}" in line and "nmt average" in line
    assert not (tmp_path / "x").exists()


def test_the_average_carries_the_first_model_s_memories_and_tables_of_names(
    tmp_path, run_cli, small_tokenizer
):
    """A soup of fine-tunes of a shipped model still answers from its phrasebook: the files
    nmt export copies (memory.tsv, phrasebook.tsv, acronyms.tsv, first-names.txt) are the
    first model's."""
    first, _ = _run_with_two_checkpoints(tmp_path / "first", small_tokenizer)
    second, _ = _run_with_two_checkpoints(tmp_path / "second", small_tokenizer)
    own = {
        "memory.tsv": "Fichier\tFile\n",
        "phrasebook.tsv": "Bonjour.\tGood afternoon.\n",
        "acronyms.tsv": "TVA\tVAT\n",
        "first-names.txt": "Marie\n",
    }
    for name, text in own.items():
        (first / name).write_text(text, encoding="utf-8")
    (second / "phrasebook.tsv").write_text("Bonjour.\tHello.\n", encoding="utf-8")
    result = run_cli(["average", first, second, "-o", tmp_path / "soup"])
    assert result.exit_code == 0, result.stderr
    for name, text in own.items():
        assert (tmp_path / "soup" / name).read_text(encoding="utf-8") == text, name
    load_bundle(tmp_path / "soup")  # and it is a model directory nmt average may replace
    assert run_cli(["average", first, second, "-o", tmp_path / "soup"]).exit_code == 0
