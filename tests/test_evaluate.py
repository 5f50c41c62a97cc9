"""`nmt evaluate`: scores of a file of translations against a file of references."""

from __future__ import annotations

import json

from conftest import assert_one_error_line

HYPS = "a cat sat on the mat\nthe dog runs\n"
REFS = "a cat sat on the mat\nthe dog runs fast\n"


def _files(tmp_path):
    hyp, ref = tmp_path / "hyp.en", tmp_path / "ref.en"
    hyp.write_text(HYPS, encoding="utf-8")
    ref.write_text(REFS, encoding="utf-8")
    return hyp, ref


def test_scores_are_printed_one_metric_a_line_with_their_signatures(run_cli, tmp_path):
    hyp, ref = _files(tmp_path)
    result = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", "BLEU, ter"])
    assert result.exit_code == 0, result.stderr
    lines = [line.split("\t") for line in result.stdout.splitlines()]
    assert [metric for metric, _, _ in lines] == ["BLEU", "TER"]
    assert all(signature.startswith("nrefs:1|") for _, _, signature in lines)


def test_a_metric_named_twice_is_scored_once(run_cli, tmp_path):
    """`--metrics bleu,chrf,BLEU` printed BLEU twice (in text; --json kept one of them)."""
    hyp, ref = _files(tmp_path)
    result = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", "bleu,chrf,BLEU"])
    assert result.exit_code == 0, result.stderr
    assert [line.split("\t")[0] for line in result.stdout.splitlines()] == ["BLEU", "CHRF"]


def test_json_is_one_object_with_each_metrics_score_and_signature(run_cli, tmp_path):
    hyp, ref = _files(tmp_path)
    result = run_cli(["evaluate", "--hyp", "-", "--ref", ref, "--json"], input=HYPS.encode())
    assert result.exit_code == 0, result.stderr
    [line] = result.stdout.splitlines()
    record = json.loads(line)
    assert list(record) == ["bleu", "chrf"]  # the default metrics, in order
    assert record["chrf"]["signature"].startswith("nrefs:1|")
    assert 0 < record["bleu"]["score"] < 100


def test_stdin_for_both_files_and_an_unknown_metric_are_usage_errors(run_cli, tmp_path):
    hyp, ref = _files(tmp_path)
    both = run_cli(["evaluate", "--hyp", "-", "--ref", "-"])
    assert_one_error_line(both, "--hyp", "--ref", "stdin", code=2)
    unknown = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", "bleu,meteor"])
    assert_one_error_line(unknown, "meteor", "bleu, chrf, chrf++, ter", code=2)
    none = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", ","])  # printed nothing
    assert_one_error_line(none, "--metrics", "no metric", code=2)


def test_several_references_are_scored_together_as_sacrebleu_scores_them(run_cli, tmp_path):
    """`--ref r1 --ref r2` kept only the last reference."""
    from sacrebleu.metrics import BLEU, CHRF, TER

    hyp, ref = _files(tmp_path)
    other = tmp_path / "other.en"
    other.write_text("a cat sat on a mat\nthe dog runs\n", encoding="utf-8")
    args = ["evaluate", "--hyp", hyp, "--ref", ref, "--ref", other, "--metrics", "bleu,chrf,ter"]
    result = run_cli([*args, "--json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    hyps, refs = HYPS.splitlines(), [REFS.splitlines(), other.read_text().splitlines()]
    for name, metric in (("bleu", BLEU()), ("chrf", CHRF()), ("ter", TER())):
        expected = metric.corpus_score(hyps, refs)
        assert record[name]["score"] == round(expected.score, 2), name
        assert record[name]["signature"] == str(metric.get_signature())
        assert record[name]["signature"].startswith("nrefs:2|")
    alone = json.loads(run_cli(["evaluate", "--hyp", hyp, "--ref", other, "--json"]).stdout)
    assert record["bleu"]["score"] == 100.0 > alone["bleu"]["score"]  # each line met by one


def test_a_reference_of_another_length_is_one_error_naming_it(run_cli, tmp_path):
    """A --hyp of 1 line against a --ref of 2 said "--ref r has 2 lines but --hyp h 1": each
    file is named with its count, and what is wanted."""
    hyp, ref = _files(tmp_path)
    short = tmp_path / "short.en"
    short.write_text("a cat sat on the mat\n", encoding="utf-8")
    result = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--ref", short])
    message = f"--hyp {hyp} has 2 lines, --ref {short} has 1: one translation per reference line"
    assert_one_error_line(result, message)
    one = tmp_path / "one.en"
    one.write_text("a cat sat on the mat\n", encoding="utf-8")
    result = run_cli(["evaluate", "--hyp", one, "--ref", ref])
    message = f"--hyp {one} has 1 line, --ref {ref} has 2: one translation per reference line"
    assert_one_error_line(result, message)
    both = run_cli(["evaluate", "--hyp", hyp, "--ref", "-", "--ref", "-"])
    assert_one_error_line(both, "stdin", code=2)


def test_sacrebleu_s_tokenizer_lowercase_and_chrf_plus_plus_are_options(run_cli, tmp_path):
    """sacrebleu's `-m bleu chrf`, `-tok intl`, `-lc` and chrF++ had no counterpart (a space
    between metrics was "unknown metric 'bleu chrf'"): each is an option, scores as sacrebleu
    scores with it, and shows in the signature."""
    from sacrebleu.metrics import BLEU, CHRF

    hyps, refs = (
        ["The Cat sat on the mat.", "The dog runs."],
        ["the cat sat on a mat!", "A dog runs."],
    )
    hyp, ref = tmp_path / "hyp.en", tmp_path / "ref.en"
    hyp.write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    ref.write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    args = ["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", "bleu chrf++", "--json"]
    result = run_cli([*args, "-tok", "intl", "-lc"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    bleu = BLEU(tokenize="intl", lowercase=True)
    assert record["bleu"]["score"] == round(bleu.corpus_score(hyps, [refs]).score, 2)
    assert "tok:intl" in record["bleu"]["signature"] and "case:lc" in record["bleu"]["signature"]
    chrf = CHRF(word_order=2, lowercase=True)
    assert record["chrf++"]["score"] == round(chrf.corpus_score(hyps, [refs]).score, 2)
    assert "nw:2" in record["chrf++"]["signature"]
    bad = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--tokenize", "13b"])
    assert_one_error_line(bad, "--tokenize must be one of 13a", code=2)


def test_a_missing_file_is_named_with_its_option(run_cli, tmp_path):
    """`nmt evaluate --hyp h --ref missing.en` said "missing.en: no such file", not which of
    the files it was."""
    hyp, _ = _files(tmp_path)
    missing = tmp_path / "missing.en"
    result = run_cli(["evaluate", "--hyp", hyp, "--ref", missing])
    assert_one_error_line(result, f"--ref {missing}: no such file")
    result = run_cli(["evaluate", "--hyp", missing, "--ref", hyp])
    assert_one_error_line(result, f"--hyp {missing}: no such file")


CATALOGUE = 'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "Bonjour"\nmsgstr "Hello"\n'


def test_a_catalogue_or_memory_given_as_lines_is_one_error_naming_it(run_cli, tmp_path):
    """A .po scored as lines scored its msgids and header with its msgstrs: a catalogue against
    itself was BLEU 100 whatever its translations said; a TMX or XLIFF file, its markup."""
    hyp, ref = _files(tmp_path)
    for name, what in [("fr.po", "gettext catalogue"), ("ui.tmx", "TMX"), ("ui.xlf", "XLIFF")]:
        memory = tmp_path / name
        memory.write_text(CATALOGUE, encoding="utf-8")
        result = run_cli(["evaluate", "--hyp", memory, "--ref", memory])
        assert_one_error_line(result, f"--hyp {memory}", what, "one translation a line")
        result = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--ref", memory])
        assert_one_error_line(result, f"--ref {memory}", what)
        assert result.stdout == ""


def test_nmt_translate_refuses_a_catalogue_as_its_ref_before_any_model_loads(run_cli, tmp_path):
    memory = tmp_path / "fr.po"
    memory.write_text(CATALOGUE, encoding="utf-8")
    result = run_cli(["translate", "-m", tmp_path / "no-model", "--ref", memory, "Bonjour"])
    assert_one_error_line(result, f"--ref {memory}", "gettext catalogue")


def test_help_shows_hyp_and_ref_as_files_and_ref_as_repeated(run_cli):
    """--ref showed as `<list[str]>`, as if one option took a list (`--ref a.en,b.en`)."""
    text = " ".join(run_cli(["evaluate", "--help"]).stdout.split())
    assert "list[str]" not in text
    assert "--hyp <file>" in text and "--ref <file>" in text
    assert "repeatable, one --ref per file" in text
