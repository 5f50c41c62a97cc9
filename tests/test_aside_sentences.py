"""A line of several sentences whose quotation marks are set aside is translated sentence by
sentence, each sentence's marks put back over its own translation: as if each sentence were a
line. Set aside whole, the marks were placed over the whole line's alignment, a cost that grew
with the square of its length, and landed on the wrong words. A quotation across sentences is
still set aside whole. The shipped default model (fr-en)."""

from __future__ import annotations

import json

import pytest

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

SENTENCES = ["Je suis malade.", 'Il lui a dit à voix basse, "Je t\'aime".', "Tom a payé."]


@pytest.fixture
def translate(run_cli, monkeypatch):
    monkeypatch.delenv("NMT_MODEL", raising=False)

    def run(*args: str, input: list[str]) -> list[str]:
        data = "".join(f"{line}\n" for line in input).encode("utf-8")
        result = run_cli(["translate", "--threads", "1", "--no-model-memory", *args], input=data)
        assert result.exit_code == 0, result.stderr
        return result.stdout.split("\n")[:-1]

    return run


def test_each_sentence_keeps_its_quotation_marks_as_a_line_does(translate) -> None:
    alone = translate(input=SENTENCES)
    assert alone[1].count('"') == 2 and '"I love you"' in alone[1]
    [line] = translate(input=[" ".join(SENTENCES)])
    assert line == " ".join(alone)
    [record] = translate("--format", "jsonl", input=[" ".join(SENTENCES)])
    parts = json.loads(record)["sentences"]
    assert [p["source"] for p in parts] == SENTENCES
    assert [p["translation"] for p in parts] == alone


def test_an_indented_line_of_sentences_keeps_its_indentation(translate) -> None:
    [line] = translate(input=["  " + " ".join(SENTENCES)])
    assert line == "  " + " ".join(translate(input=SENTENCES))


def test_a_quotation_across_sentences_is_set_aside_whole(translate) -> None:
    [line] = translate(input=["« Il fait froid. Nous restons à la maison ce soir. »"])
    assert line.count("“") == 1 and line.count("”") == 1
    assert line.startswith("“") and line.endswith("”")
