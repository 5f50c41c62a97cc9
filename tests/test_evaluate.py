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
    assert_one_error_line(unknown, "meteor", "bleu, chrf, ter", code=2)
    none = run_cli(["evaluate", "--hyp", hyp, "--ref", ref, "--metrics", ","])  # printed nothing
    assert_one_error_line(none, "--metrics", "no metric", code=2)
