"""`nmt translate --nbest N` lists N translations whose texts differ, as a user reranking or
sampling an n-best list expects.

The search can hold two hypotheses that print alike: the same words split into other subwords
(``▁e ats`` and ``▁eat s``), or made alike by what follows the search (casing, punctuation, spans
put back). The better scored one is kept and the beam's other hypotheses fill in; where the beam
holds fewer distinct texts than N, fewer lines are printed. The same with ``--engine
ctranslate2``. The CLI tests use the shipped default model (fr-en).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nmt_cli.inference.translation import Translation, join_sentences
from nmt_cli.length_penalty import LengthPenalty
from nmt_cli.model.pretrained import resolve_model

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

NBEST_LINE = re.compile(r"^(\d+) \|\|\| (.*) \|\|\| (-?\d+\.\d{4})$")
# the shipped fr-en's beam of 5 spells "eats" as "▁e ats" and as "▁eat s"
DOG = "Le chien mange une pomme rouge."


def nbest(run_cli, *args: str, lines: list[str]) -> list[tuple[int, str, float]]:
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")
    result = run_cli(["translate", "--threads", "1", "--no-model-memory", *args], input=data)
    assert result.exit_code == 0, result.stderr
    found = [NBEST_LINE.match(x) for x in result.stdout.split("\n")[:-1]]
    assert all(found)
    return [(int(m[1]), m[2], float(m[3])) for m in found]


def test_nbest_texts_differ_and_the_beam_fills_up_to_n(run_cli, monkeypatch) -> None:
    monkeypatch.delenv("NMT_MODEL", raising=False)
    got = nbest(run_cli, "--nbest", "3", lines=[DOG, f"Il fait froid. {DOG}"])
    for line in (0, 1):
        texts = [text for n, text, _ in got if n == line]
        assert len(texts) == 3 and len(set(texts)) == 3
    scores = [score for n, _, score in got if n == 0]
    assert scores == sorted(scores, reverse=True)
    best = run_cli(["translate", "--threads", "1", "--no-model-memory", DOG]).stdout.strip()
    assert got[0][1] == best  # the best-scored of those alike is kept


def test_a_beam_with_fewer_distinct_texts_gives_fewer_lines(run_cli, monkeypatch) -> None:
    monkeypatch.delenv("NMT_MODEL", raising=False)
    got = nbest(run_cli, "-k", "3", "--nbest", "3", lines=[DOG])
    texts = [text for _, text, _ in got]
    assert 1 <= len(texts) <= 3 and len(set(texts)) == len(texts)


def test_a_split_line_joins_combinations_whose_texts_differ() -> None:
    """Two combinations that join to one text (``A B`` + ``C`` and ``A`` + ``B C``) are one
    hypothesis, the better scored; the next combination fills in."""

    def t(text: str, score: float) -> Translation:
        return Translation(source="x", text=text, score=score, log_prob=score, length=1)

    first = [t("A B", -1.0), t("A", -1.01)]
    second = [t("C", -1.0), t("B C", -1.02), t("E", -1.5)]
    got = join_sentences("x. y.", [first, second], 4, LengthPenalty(0.0))
    assert [x.text for x in got] == ["A B C", "A C", "A B B C", "A B E"]
    assert [x.score for x in got] == pytest.approx([-2.0, -2.01, -2.02, -2.5])


def test_ctranslate2_nbest_texts_differ(run_cli, monkeypatch, tmp_path: Path) -> None:
    pytest.importorskip("ctranslate2")
    monkeypatch.delenv("NMT_MODEL", raising=False)
    model = tmp_path / "ct2"
    result = run_cli(["export", resolve_model("fr-en"), "--format", "ctranslate2", "-o", model])
    assert result.exit_code == 0, result.stderr
    args = ("--nbest", "3", "--engine", "ctranslate2")
    texts = [text for _, text, _ in nbest(run_cli, "-m", model, *args, lines=[DOG])]
    assert len(texts) == 3 and len(set(texts)) == 3
    assert texts == [text for _, text, _ in nbest(run_cli, "--nbest", "3", lines=[DOG])]
