"""`nmt train` on translation memories: --pairs files (and [data] tables) of every format,
each with its weight, read the other way round where the run's languages ask, checked whole
before training starts."""

from __future__ import annotations

import json
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from conftest import assert_one_error_line
from train_fixtures import keep_torch_state, write_parallel  # noqa: F401 (autouse)

from nmt_cli.errors import ConfigError
from nmt_cli.settings import from_dict
from nmt_cli.training.config import CorpusFiles
from nmt_cli.training.data import load_corpora


def english_to_german_po(path: Path, pairs: list[tuple[str, str]]) -> Path:
    """(German, English) ``pairs`` as an English to German catalogue, with a fuzzy and an
    untranslated entry that training leaves out."""
    entries = "".join(f'\nmsgid "{en}"\nmsgstr "{de}"\n' for de, en in pairs)
    extra = '\n#, fuzzy\nmsgid "left out"\nmsgstr "nicht"\n\nmsgid "untranslated"\nmsgstr ""\n'
    path.write_text(f'msgid ""\nmsgstr ""\n"Language: de\\n"\n{entries}{extra}', encoding="utf-8")
    return path


def german_tmx(path: Path, pairs: list[tuple[str, str]]) -> Path:
    units = "".join(
        f'<tu><tuv xml:lang="de-DE"><seg>{escape(de)}</seg></tuv>'
        f'<tuv xml:lang="en-US"><seg>{escape(en)}</seg></tuv></tu>\n'
        for de, en in pairs
    )
    path.write_text(f'<tmx version="1.4"><header srclang="de"/><body>\n{units}</body></tmx>\n')
    return path


def test_a_catalogue_corpus_loads_the_same_pairs_as_two_files(corpus, small_tokenizer, tmp_path):
    pairs = corpus.pairs[:50]
    files = write_parallel(tmp_path / "files", pairs)
    po = english_to_german_po(tmp_path / "de.po", pairs)
    from_files = load_corpora([CorpusFiles(str(files.src), str(files.tgt))], small_tokenizer, 100)
    from_po = load_corpora(
        [CorpusFiles(pairs=str(po))], small_tokenizer, 100, languages=("de", "en")
    )
    assert from_po.src == from_files.src and from_po.tgt == from_files.tgt
    assert from_po.total == 50


def test_a_corpus_is_two_files_or_one_file_of_pairs():
    with pytest.raises(ConfigError, match="src and tgt, or pairs, not both"):
        from_dict(CorpusFiles, {"src": "a", "tgt": "b", "pairs": "c.po"}, "[data] train[0]")
    with pytest.raises(ConfigError, match="format 'csv': one of"):
        from_dict(CorpusFiles, {"pairs": "c.txt", "format": "csv"}, "[data] train[0]")
    with pytest.raises(ConfigError, match="alignments go with src and tgt"):
        from_dict(CorpusFiles, {"pairs": "c.po", "alignments": "a.txt"}, "[data] train[0]")


def base_args(data, tmp_path, small_tokenizer_path) -> list[str]:
    return [
        "train", "--valid-src", data.valid_src, "--valid-tgt", data.valid_tgt,
        "--tokenizer", small_tokenizer_path, "--emb-size", "8", "--hidden-size", "8",
        "--max-steps", "2", "--threads", "1", "--output", tmp_path / "run", "--precision", "fp32",
    ]  # fmt: skip


def test_memories_train_beside_line_files_each_with_its_weight(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    data = write_parallel(tmp_path / "a", corpus.pairs[:100])
    po = english_to_german_po(tmp_path / "ui.po", corpus.pairs[100:150])
    tmx = german_tmx(tmp_path / "help.tmx", corpus.pairs[150:])
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--src", data.src, "--tgt", data.tgt]
    args += ["--pairs", po, "--pairs-weight", "2", "--pairs", tmx, "--pairs-weight", "0.5"]
    valid = tmp_path / "valid.tsv"
    valid.write_text("".join(f"{de}\t{en}\n" for de, en in corpus.pairs[:10]), encoding="utf-8")
    result = run_cli([*args, "--valid-pairs", valid, "--src-lang", "de", "--tgt-lang", "en"])
    assert result.exit_code == 0, result.stderr
    said = " ".join(result.stderr.split())  # as the console wraps it
    assert f"{po}: 52 read, 50 pairs kept; skipped: 1 fuzzy, 1 untranslated" in said
    assert f"{tmx}: 50 read, 50 pairs kept" in said
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert [(c.get("pairs"), c["weight"]) for c in run["corpora"]] == [
        (None, 1.0), (str(po), 2.0), (str(tmx), 0.5)
    ]  # fmt: skip
    assert run["valid"][1] == {**run["valid"][1], "pairs": str(valid)}
    assert f"{valid}: 10 read, 10 pairs kept" in said
    resumed = run_cli(["train", "--resume", tmp_path / "run", "--max-steps", "3", "-q"])
    assert resumed.exit_code == 0, resumed.stderr


def test_pairs_format_auto_reads_by_extension_as_score_and_align_do(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    """`nmt score` and `nmt align` take --pairs-format auto (by the file's extension); `nmt
    train` refused it ("--pairs-format auto: one of tsv, ..."), though it is the same flag."""
    data = write_parallel(tmp_path / "a", corpus.pairs[:20])
    po = english_to_german_po(tmp_path / "ui.po", corpus.pairs[20:40])
    lines = tmp_path / "pairs.txt"
    lines.write_text("".join(f"{de}\t{en}\n" for de, en in corpus.pairs[40:60]), encoding="utf-8")
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--src-lang", "de", "-q"]
    args += ["--tgt-lang", "en", "--pairs", po, "--pairs", lines]
    bad = run_cli([*args, "--pairs-format", "auto", "--pairs-format", "csv"])
    assert_one_error_line(bad, "--pairs-format csv: one of auto, tsv, jsonl", code=2)
    result = run_cli([*args, "--pairs-format", "auto", "--pairs-format", "tsv"])
    assert result.exit_code == 0, result.stderr
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert [c["format"] for c in run["corpora"]] == [None, "tsv"]


def test_a_config_files_data_table_takes_memories_too(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    data = write_parallel(tmp_path / "a", corpus.pairs[:20])
    tmx = german_tmx(tmp_path / "m.tmx", corpus.pairs)
    config = tmp_path / "run.toml"
    config.write_text(
        '[data]\nsource_language = "de"\ntarget_language = "en"\n'
        f'train = [{{pairs = "{tmx}", weight = 1.5}}]\n'
        f'valid = [{{src = "{data.valid_src}", tgt = "{data.valid_tgt}"}}]\n'
    )
    args = ["train", "--config", config, "--tokenizer", small_tokenizer_path, "--emb-size", "8"]
    args += ["--hidden-size", "8", "--max-steps", "1", "--threads", "1", "-q"]
    result = run_cli([*args, "--precision", "fp32", "--output", tmp_path / "run"])
    assert result.exit_code == 0, result.stderr
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["corpora"][0]["pairs"] == str(tmx) and run["corpora"][0]["weight"] == 1.5


def test_a_memory_without_the_runs_languages_or_malformed_is_one_error_before_training(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    data = write_parallel(tmp_path / "a", corpus.pairs[:20])
    tmx = german_tmx(tmp_path / "m.tmx", corpus.pairs[:20])
    tmx.write_text(tmx.read_text().replace('srclang="de"', 'srclang="*all*"'))  # no source
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", tmx]
    assert_one_error_line(run_cli(args), "m.tmx", "--src-lang")
    assert_one_error_line(
        run_cli([*args, "--src-lang", "fr", "--tgt-lang", "en"]), "no units in fr"
    )
    cut = tmp_path / "cut.tmx"
    cut.write_text(tmx.read_text()[:300])
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", cut]
    assert_one_error_line(run_cli([*args, "--src-lang", "de", "--tgt-lang", "en"]), "cut.tmx:")
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    "given, says",
    [
        (["--src-lang", "fr-FR", "--tgt-lang", "en"], "--src-lang must be an ISO 639-1 code"),
        (["--src-lang", "de"], "give --src-lang and --tgt-lang together"),
    ],
)
def test_languages_a_model_cannot_record_are_one_error_before_any_data_is_read(
    run_cli, corpus, tmp_path, small_tokenizer_path, given, says
):
    data = write_parallel(tmp_path / "a", corpus.pairs[:20])
    tmx = german_tmx(tmp_path / "m.tmx", corpus.pairs[:20])
    third = '<tuv xml:lang="fr"><seg>un</seg></tuv></tu>'  # no other side to take: de, en, fr
    tmx.write_text(tmx.read_text().replace("</tu>", third, 1))
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", tmx, *given]
    result = run_cli(args)
    assert_one_error_line(result, says, code=2)
    assert "m.tmx" not in result.stderr and not (tmp_path / "run").exists()


def test_a_language_in_capitals_is_recorded_as_its_code(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    data = write_parallel(tmp_path / "a", corpus.pairs[:20])
    tmx = german_tmx(tmp_path / "m.tmx", corpus.pairs[:20])
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", tmx, "-q"]
    result = run_cli([*args, "--src-lang", "DE", "--tgt-lang", "En"])
    assert result.exit_code == 0, result.stderr
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert (config["source_language"], config["target_language"]) == ("de", "en")


def english_to_german_xliff(path: Path, pairs: list[tuple[str, str]]) -> Path:
    """(German, English) ``pairs`` as an XLIFF 1.2 file from en-US into de-DE."""
    units = "".join(
        f'<trans-unit id="{k}"><source>{escape(en)}</source><target>{escape(de)}</target>'
        "</trans-unit>\n"
        for k, (de, en) in enumerate(pairs)
    )
    body = f'<file source-language="en-US" target-language="de-DE"><body>\n{units}</body></file>'
    path.write_text(f'<xliff version="1.2">{body}</xliff>\n', encoding="utf-8")
    return path


def test_a_memory_that_names_its_languages_trains_without_src_lang_and_tgt_lang(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    """`nmt train --pairs m.xlf` asked for --src-lang/--tgt-lang though the file names its
    languages, which score and align read: the run reads them too, records them, and one
    language given takes the file's other side (de given: a German to English model)."""
    data = write_parallel(tmp_path / "a", corpus.pairs[:10])
    xlf = english_to_german_xliff(tmp_path / "ui.xlf", corpus.pairs[20:50])
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", xlf, "-q"]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["languages"] == ["en", "de"]
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert (config["source_language"], config["target_language"]) == ("en", "de")
    result = run_cli([*args, "--overwrite", "--src-lang", "de"])
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["languages"] == ["de", "en"]


def test_a_tmx_memory_of_two_languages_trains_without_src_lang_and_tgt_lang(
    run_cli, corpus, tmp_path, small_tokenizer_path
):
    """`nmt train --pairs m.tmx` asked for --src-lang/--tgt-lang though its header names the
    source (srclang="de") and its units hold one other language (en-US): the run reads the
    source from the header and the other as the target, as ISO 639-1 codes."""
    data = write_parallel(tmp_path / "a", corpus.pairs[:10])
    tmx = german_tmx(tmp_path / "help.tmx", corpus.pairs[20:50])
    args = [*base_args(data, tmp_path, small_tokenizer_path), "--pairs", tmx, "-q"]
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    assert json.loads((tmp_path / "run" / "run.json").read_text())["languages"] == ["de", "en"]


def german_xliff(path: Path, pairs: list[tuple[str, str]]) -> Path:
    units = "".join(
        f'<trans-unit id="{k}"><source>{escape(de)}</source><target>{escape(en)}</target>'
        "</trans-unit>\n"
        for k, (de, en) in enumerate(pairs)
    )
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        f'<file source-language="de" target-language="en"><body>\n{units}</body></file></xliff>'
    )
    return path


def test_a_memorys_pairs_repeated_word_for_word_are_trained_on_once(tmp_path):
    from nmt_cli.training.corpora import check_corpus, corpus_pairs

    pairs = [("Hallo.", "Hello."), ("Ja.", "Yes."), ("Hallo.", "Hello."), ("Hallo.", "Hi.")]
    pairs += [("Ja.", "Yes.")]
    kept = [("Hallo.", "Hello."), ("Ja.", "Yes."), ("Hallo.", "Hi.")]  # the first, in order
    for memory in (
        german_tmx(tmp_path / "de.tmx", pairs),
        german_xliff(tmp_path / "de.xlf", pairs),
    ):
        corpus, report = CorpusFiles(pairs=str(memory)), []
        assert list(corpus_pairs(corpus, ("de", "en"))) == kept
        assert check_corpus(corpus, ("de", "en"), report.append) == 3
        assert report[0].endswith("5 read, 3 pairs kept; skipped: 2 duplicate")
