"""`nmt translate` cuts a line of several sentences into sentences and translates each.

Still exactly one line out per line in: the translations of a line's sentences are joined
with one space, and a blank line stays a blank line. ``--no-split`` translates a line as one
sentence. ``--align`` counts words over the whole line, jsonl lists the sentences, and the
n-best of a split line are the best combinations of its sentences' n-best. `nmt align` never
splits. The CLI tests use the shipped default model (fr-en, French -> English); the
rules of the splitter itself (nmt_cli/inference/sentences.py) are tested without a model.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nmt_cli.inference.sentences import FALLBACK_LANGUAGE, SentenceSplitter, cut_at_whitespace
from nmt_cli.inference.translation import best_combinations
from nmt_cli.length_penalty import LengthPenalty

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

TWO = ["Il fait froid.", "Nous restons à la maison ce soir."]
# no person's first name: one the translation lost is searched for again (sure_first_names.py),
# and these tests compare the one search's output
FIVE = TWO + ["Le chien a faim.", "Où est la gare ?", "Je suis fatigué."]
NBEST_LINE = re.compile(r"^(\d+) \|\|\| (.*) \|\|\| (-?\d+\.\d{4})$")


@pytest.fixture
def translate(run_cli, monkeypatch):
    """``translate(*args, input=lines)``: `nmt translate` with the shipped default model, its
    memories left out (a whole line they hold is not searched, a sentence of a split line is:
    test_memory.py); returns the output lines."""
    monkeypatch.delenv("NMT_MODEL", raising=False)

    def run(*args: str, input: list[str]) -> list[str]:
        data = "".join(f"{line}\n" for line in input).encode("utf-8")
        result = run_cli(["translate", "--threads", "1", "--no-model-memory", *args], input=data)
        assert result.exit_code == 0, result.stderr
        assert result.stderr == ""
        return result.stdout.split("\n")[:-1]

    return run


def one_by_one(translate, sentences: list[str], *args: str) -> list[str]:
    """Each sentence translated on a line of its own, as one sentence."""
    return translate("--no-split", *args, input=sentences)


# -- one line out per line in ----------------------------------------------------------------


def test_a_line_of_two_sentences_gives_one_line_with_both_translated(translate) -> None:
    [line] = translate(input=[" ".join(TWO)])
    alone = one_by_one(translate, TWO)
    assert line == " ".join(alone)
    assert len(re.findall(r"[.!?](?: |$)", line)) == 2  # two sentences, both ended
    assert all(alone)
    record = json.loads(translate("--format", "jsonl", input=[" ".join(TWO)])[0])
    assert [s["source"] for s in record["sentences"]] == TWO


def test_a_line_of_five_sentences_gives_one_line_of_five_translations(translate) -> None:
    [line] = translate(input=[" ".join(FIVE)])
    assert line == " ".join(one_by_one(translate, FIVE))


def test_blank_lines_stay_blank_lines(translate) -> None:
    out = translate(input=["a", "", "b"])  # printf 'a\n\nb\n' | nmt translate
    assert len(out) == 3 and out[1] == "" and out[0] and out[2]
    assert translate(input=[" ".join(TWO), " \t ", "", " ".join(TWO)])[1:3] == ["", ""]


def test_no_split_translates_the_line_as_one_sentence(translate) -> None:
    from nmt_cli.inference.loading import LoadedModel
    from nmt_cli.inference.translator import AS_GIVEN, Translator
    from nmt_cli.model.bundle import load_bundle
    from nmt_cli.model.pretrained import resolve_model
    from nmt_cli.search.decoding import SearchOptions

    line = " ".join(FIVE)
    [whole] = translate("--no-split", input=[line])
    bundle = load_bundle(resolve_model(None))
    [[unsplit]] = Translator(LoadedModel(bundle), SearchOptions(beam=5), AS_GIVEN).translate([line])
    assert whole == unsplit.text
    assert whole != translate(input=[line])[0]  # this model drops sentences of a long line


# -- output formats ------------------------------------------------------------------------------


def test_jsonl_lists_each_sentence_with_its_translation(translate) -> None:
    line = " ".join(TWO)
    record = json.loads(translate("--format", "jsonl", input=[line])[0])
    alone = one_by_one(translate, TWO)
    assert record["source"] == line
    assert record["sentences"] == [{"source": s, "translation": t} for s, t in zip(TWO, alone)]
    assert record["translation"] == " ".join(alone)
    blank = json.loads(translate("--format", "jsonl", input=[""])[0])
    assert blank["sentences"] == [] and blank["translation"] == ""
    unsplit = json.loads(translate("--format", "jsonl", "--no-split", input=[line])[0])
    assert "sentences" not in unsplit


# Lines translated as another text (inference/aside.py): without their plural marks, quotation
# marks around a placeholder, access keys, brackets; the record showed that text ("éléments",
# "Fichier") and its translation, not the line's
SET_ASIDE = [
    "Vous avez sélectionné %n élément(s).",
    "Le fichier « %1 » est introuvable.",
    "Cliquez sur ~Fichier puis sur Ouvrir.",
    "[Aucune sélection possible]",
    "(Le fichier est ouvert. Il est en lecture seule.)",
]


def test_jsonl_shows_a_line_set_aside_as_it_is_and_its_translation_as_printed(translate) -> None:
    printed = translate(input=SET_ASIDE)
    for line, out, text in zip(SET_ASIDE, translate("--format", "jsonl", input=SET_ASIDE), printed):
        record = json.loads(out)
        assert record["source"] == line and record["translation"] == text
        assert record["sentences"] == [{"source": line, "translation": text}]


def test_a_split_line_is_scored_as_one_sequence_of_its_sentences_pieces(translate) -> None:
    [record] = [json.loads(x) for x in translate("--format", "jsonl", input=[" ".join(TWO)])]
    alone = [json.loads(x) for x in one_by_one(translate, TWO, "--format", "jsonl")]
    log_prob = sum(a["log_prob"] for a in alone)
    length = sum(len(a["tokens"]) + 1 for a in alone)  # each sentence's </s> counted
    assert record["log_prob"] == pytest.approx(log_prob, abs=1e-5)
    assert record["score"] == pytest.approx(LengthPenalty(2.0).score(log_prob, length), abs=1e-5)


def links(pharaoh: str) -> set[tuple[int, int]]:
    return {tuple(map(int, link.split("-"))) for link in pharaoh.split()}


def test_align_indices_count_words_over_the_whole_line(translate) -> None:
    [joined] = translate("--align", input=[" ".join(TWO)])
    text, got = joined.split(" ||| ")
    first, second = (x.split(" ||| ") for x in one_by_one(translate, TWO, "--align"))
    shift = (len(TWO[0].split()), len(first[0].split()))  # (source words, target words)
    want = links(first[1]) | {(s + shift[0], t + shift[1]) for s, t in links(second[1])}
    assert links(got) == want
    assert max(s for s, _ in want) >= shift[0]  # some links point into the second sentence
    assert all(s < len(" ".join(TWO).split()) and t < len(text.split()) for s, t in want)


def test_nbest_of_a_split_line_are_the_best_combinations_of_its_sentences(translate) -> None:
    """The 3 best picks of one hypothesis per sentence by the sum of their scores; each scored
    as one sequence (all its pieces' log-probs over the divisor of their total length, every
    sentence's </s> counted), listed best first by that score."""
    args = ("-k", "3", "--nbest", "3", "--format", "jsonl")
    got = [json.loads(x) for x in translate(*args, input=[" ".join(TWO)])]
    per_sentence = [json.loads(x) for x in one_by_one(translate, TWO, *args)]
    first, second = ([r for r in per_sentence if r["source"] == x] for x in TWO)  # distinct
    picks = sorted(
        itertools.product(first, second), key=lambda p: -(p[0]["score"] + p[1]["score"])
    )[:3]
    penalty = LengthPenalty(2.0)  # the shipped fr-en's
    want = sorted(
        (
            penalty.score(a["log_prob"] + b["log_prob"], len(a["tokens"]) + len(b["tokens"]) + 2),
            f"{a['translation']} {b['translation']}",
        )
        for a, b in picks
    )[::-1]
    assert [g["n"] for g in got] == [0, 1, 2]
    assert [g["translation"] for g in got] == [text for _, text in want]
    assert [g["score"] for g in got] == pytest.approx([s for s, _ in want], abs=2e-5)


# -- languages -----------------------------------------------------------------------------------


def test_a_model_without_languages_splits_by_english_rules(run_cli, transformer_model_dir):
    # The test models of model_fixtures.py record no languages.
    line = "Ein Mann läuft im Park. Ein Hund schläft! Zwei Mädchen tanzen"
    args = ["translate", "-m", transformer_model_dir, "--threads", "1", "--format", "jsonl"]
    result = run_cli([*args, line])
    assert result.exit_code == 0, result.stderr
    sentences = [s["source"] for s in json.loads(result.stdout)["sentences"]]
    assert sentences == ["Ein Mann läuft im Park.", "Ein Hund schläft!", "Zwei Mädchen tanzen"]


@pytest.mark.parametrize(("language", "rules"), [("fr", "fr"), (None, "en"), ("cs", "en")])
def test_the_splitter_uses_the_source_language_or_english_rules(language, rules) -> None:
    assert FALLBACK_LANGUAGE == "en"
    assert SentenceSplitter(language).language == rules


def test_french_rules_keep_french_abbreviations() -> None:
    line = "M. Dupont est arrivé. Il fait froid !"
    assert SentenceSplitter("fr").split(line) == ["M. Dupont est arrivé.", "Il fait froid !"]


def test_nmt_align_never_splits(run_cli, translate) -> None:
    line = " ".join(FIVE)
    result = run_cli(["align", "--format", "json", line])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["source"] == line.split()
    assert " ".join(record["target"]) == translate("--no-split", input=[line])[0]


# -- the splitter's rules ------------------------------------------------------------------------


def test_a_line_is_cut_only_at_whitespace() -> None:
    line = "  Il fait froid.Nous restons.  Oui. "
    assert cut_at_whitespace(line, ["  Il fait froid.", "Nous restons.  ", "Oui. "]) == [
        "Il fait froid.Nous restons.",
        "Oui.",
    ]


@pytest.mark.parametrize(
    "segments",
    [["Il fait froid. ", "Nous restons."], ["Il fait", "froid."], ["froid. ", "Il fait"], []],
)
def test_pieces_that_are_not_the_line_leave_it_whole(segments) -> None:
    # A changed word, skipped text, pieces out of order, nothing at all.
    line = " Il fait froid. Nous restons! "
    assert cut_at_whitespace(line, segments) == ["Il fait froid. Nous restons!"]


def test_no_sentence_starts_with_a_colon_a_semicolon_or_a_comma() -> None:
    # pysbd cuts after an abbreviation's full stop: "Tel." and ": 04 ..." translated apart kept
    # French's space before the colon
    splitter = SentenceSplitter("fr")
    assert splitter.split("Tél. : 04 78 00 00 00") == ["Tél. : 04 78 00 00 00"]
    assert cut_at_whitespace("Tél. ; Fax. , oui", ["Tél.", "; Fax.", ", oui"]) == [
        "Tél. ; Fax. , oui"
    ]


def test_input_the_segmenter_fails_on_stays_one_sentence() -> None:
    line = "-,...56(!\ufffd[)\u2028?«:]a?…\tM.9\t\"«,«…\x006M.Z0\x1c9.)-]M.Mr.Mr.?b)702'(\x0b1"
    assert SentenceSplitter("fr").split(line) == [line.strip()]  # pysbd 0.3.4 raises here


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(["Il", "fait", "froid.", "M.", "Dr.", "?", "!", "…", "3.", "a)", "\x0b"])
        | st.text(max_size=6),
        max_size=12,
    ),
    st.sampled_from(["fr", "de", None]),
)
def test_sentences_hold_the_line_s_words_in_order(words: list[str], language) -> None:
    line = " ".join(words)
    sentences = SentenceSplitter(language).split(line)
    assert [w for s in sentences for w in s.split()] == line.split()
    assert all(s == s.strip() and s in line for s in sentences)


def test_best_combinations_rank_by_the_sum_of_scores() -> None:
    scores = [[-1.0, -1.5, -4.0], [-2.0, -2.1], [-0.5]]
    every = sorted(
        itertools.product(*(range(len(s)) for s in scores)),
        key=lambda pick: -sum(s[k] for s, k in zip(scores, pick)),
    )
    assert best_combinations(scores, 4) == every[:4]
    assert best_combinations(scores, 100) == every  # at most every combination, once
    assert best_combinations([], 3) == [()]  # a blank line: one empty translation


ONE_SENTENCE_ALPHABET = "abcdeéèàçABCDÉ XYZ0123456789,'’-–—%/&+@#$€£°\t\r\u00a0\u2028"


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=ONE_SENTENCE_ALPHABET, min_size=1, max_size=120),
    st.sampled_from(["", ".", "!", "?", "…", ". "]),
    st.sampled_from(["fr", "de", "en"]),
)
def test_a_line_that_pysbd_is_not_asked_about_is_one_it_keeps_whole(body, end, language) -> None:
    """Lines with no punctuation that can end a sentence but a final one skip pysbd
    (sentences.ONE_SENTENCE): pysbd cuts each of them as the splitter does, whole."""
    splitter = SentenceSplitter(language)
    line = body + end
    segments = splitter._segmenter.segment(line) if line.strip() else []
    assert splitter.split(line) == (cut_at_whitespace(line, segments) if line.strip() else [])


def test_an_icu_message_is_never_cut_inside_its_braces():
    splitter = SentenceSplitter("fr")
    line = (
        "Vous avez {n, plural, one {Un fichier. Voulez-vous le garder ?} "
        "other {# fichiers. Voulez-vous les garder ?}} Merci de votre aide."
    )
    sentences = splitter.split(line)
    assert " ".join(sentences) == line
    assert all(s.count("{") == s.count("}") for s in sentences), sentences
    two = "Il pleut. Prenez {n, plural, one {un parapluie. Merci.} other {# parapluies.}}"
    assert splitter.split(two) == [
        "Il pleut.",
        "Prenez {n, plural, one {un parapluie. Merci.} other {# parapluies.}}",
    ]
