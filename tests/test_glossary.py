"""`nmt translate --glossary terms.tsv`: where a source term of the glossary occurs in a line,
its target term is in the translation, once for each occurrence, by the placeholder that
protected spans pass through (nmt_cli/protect/glossary.py). Terms match as written (case
included), as whole words, the longest first. A line without terms translates as it would
without the glossary, and a glossary that does not parse is one usage error before any model
loads. The shipped fr-en model translates."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import assert_one_error_line, assert_readme_example_prints_as_shown, translated_lines

from nmt_cli.protect.glossary import read_glossary
from nmt_cli.protect.spans import SpanFinder

TERMS = {
    "Conseil d'administration": "Board of Directors",
    "Conseil": "Council",
    "rapport annuel": "annual report",
    "porte": "door",
}
BOARD = "Le Conseil d'administration se réunit demain."
WITHOUT_TERMS = [
    "Il fait froid ce matin.",
    "Les Conseils régionaux ouvrent leurs portes.",  # Conseil, porte: inside longer words
    "Le porte-parole du conseil d'administration a parlé.",  # a compound; another case
    "",
    "Le budget 2025 prévoit 27 306,5 millions d'euros.",
]


@pytest.fixture
def glossary(tmp_path: Path) -> Path:
    path = tmp_path / "terms.tsv"
    lines = ["# term<TAB>its translation", "", *(f"{s}\t{t}" for s, t in TERMS.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def terms_found(line: str, terms=TERMS) -> list[str]:
    return [s.text for s in SpanFinder(terms=terms).find(line) if s.kind == "term"]


def test_a_source_term_comes_out_as_its_target_term(run_cli, glossary):
    [plain] = translated_lines(run_cli, [BOARD])
    [out] = translated_lines(run_cli, [BOARD], "--glossary", glossary)
    assert "Board of Directors" not in plain
    assert out.count("Board of Directors") == 1 and "Conseil" not in out


def test_each_occurrence_of_each_term_comes_out_once(run_cli, glossary):
    line = "Le Conseil d'administration et le Conseil présentent le rapport annuel."
    [out] = translated_lines(run_cli, [line], "--glossary", glossary)
    for target in ("Board of Directors", "Council", "annual report"):
        assert out.count(target) == 1, out


def test_the_longest_term_is_taken_where_terms_overlap():
    line = "Le Conseil d'administration et le Conseil."
    assert terms_found(line) == ["Conseil d'administration", "Conseil"]
    overlapping = {"rapport annuel": "annual report", "annuel du Conseil": "x"}
    assert terms_found("Le rapport annuel du Conseil", overlapping) == ["rapport annuel"]


@pytest.mark.parametrize(
    "line, found",
    [
        ("Les Conseils régionaux", []),  # inside a longer word
        ("Le porte-parole", []),  # inside a compound
        ("Le conseil d'administration", []),  # another case: not the term as written
        ("Sur www.conseil-porte.fr", []),  # a URL is kept whole
        ("la porte, le Conseil.", ["porte", "Conseil"]),  # whole words before punctuation
    ],
)
def test_a_term_matches_whole_words_as_written(line, found):
    assert terms_found(line) == found


def test_a_line_without_terms_translates_as_without_the_glossary(run_cli, glossary):
    options = ["--format", "jsonl", "--align", "-k", "2"]
    with_terms = translated_lines(run_cli, WITHOUT_TERMS, *options, "--glossary", glossary)
    assert with_terms == translated_lines(run_cli, WITHOUT_TERMS, *options)


def test_terms_and_protected_spans_share_a_line(run_cli, glossary):
    line = (
        "Le Conseil d'administration publie son rapport sur "
        "https://www.insee.fr/fr/statistiques/7654321 à 14 h 30."
    )
    [out] = translated_lines(run_cli, [line], "--glossary", glossary)
    for kept in ("Board of Directors", "https://www.insee.fr/fr/statistiques/7654321", "14:30"):
        assert out.count(kept) == 1, out


@pytest.mark.parametrize("split", ["--split", "--no-split"])
def test_every_line_comes_out_once_in_order(run_cli, glossary, split):
    lines = [BOARD, "", "Conseil", "   ", *WITHOUT_TERMS[:2], f"{BOARD} {BOARD}"]
    out = translated_lines(run_cli, lines, "--glossary", glossary, split)
    assert out[1:4] == ["", "Council", ""]
    assert [x.count("Board of Directors") for x in out] == [1, 0, 0, 0, 0, 0, 2]


@pytest.mark.parametrize(
    "name, text, options, shown",
    [
        ("a.jsonl", json.dumps({"id": 7, "text": BOARD}) + "\n", ["--field", "text"], '"id": 7'),
        ("a.srt", f"1\n00:00:01,000 --> 00:00:02,000\n{BOARD}\n", [], "00:00:01,000"),
        ("a.po", f'msgid ""\nmsgstr ""\n\nmsgid "{BOARD}"\nmsgstr ""\n', [], f'msgid "{BOARD}"'),
        ("a.txt", f"Le <b>{BOARD[3:]}</b>\n", ["--markup", "html"], "<b>"),
    ],
)
def test_documents_and_markup_take_the_glossary_too(
    run_cli, glossary, tmp_path, name, text, options, shown
):
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = run_cli(["translate", "-i", tmp_path / name, "--glossary", glossary, *options])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Board of Directors") == 1 and shown in result.stdout


def test_a_tagged_word_the_model_cannot_translate_gets_its_tag_around_the_glossarys_term(
    run_cli, tmp_path
):
    """The shipped fr-en has no word for "gras" (bold type): the <strong> around it holds
    another word. A glossary entry gives it the word, and the tag its place."""
    line = "Le mot <em>urgent</em> doit apparaître en <strong>gras</strong> dans le titre."
    terms = tmp_path / "terms.tsv"
    terms.write_text("gras\tbold\n", encoding="utf-8")
    [plain] = translated_lines(run_cli, [line], "--markup", "html")
    [out] = translated_lines(run_cli, [line], "--markup", "html", "--glossary", terms)
    assert "bold" not in plain and "<strong>" in plain and "<em>urgent</em>" in plain
    assert "<strong>bold</strong>" in out and "<em>urgent</em>" in out


def test_comments_blank_lines_and_spaces_around_terms_are_not_terms(tmp_path):
    path = tmp_path / "terms.tsv"
    path.write_bytes(b"\xef\xbb\xbf# a comment\r\n\r\n  Cour des comptes \t Court of Audit\r\n")
    assert read_glossary(path) == {"Cour des comptes": "Court of Audit"}


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_glossary_in_utf16_or_utf32_is_read_as_the_other_input_files_are(tmp_path, encoding):
    # a spreadsheet saved as "Unicode text": UTF-16 after its byte order mark, TAB-separated
    path = tmp_path / "terms.txt"
    path.write_text("Cour des comptes\tCourt of Audit\r\nporte\tdoor\r\n", encoding=encoding)
    assert read_glossary(path) == {"Cour des comptes": "Court of Audit", "porte": "door"}


def test_a_compressed_glossary_is_read(tmp_path):
    path = tmp_path / "terms.tsv.gz"
    path.write_bytes(gzip.compress(b"Cour des comptes\tCourt of Audit\n"))
    assert read_glossary(path) == {"Cour des comptes": "Court of Audit"}


@pytest.mark.parametrize(
    "content, line, why",
    [
        (b"Conseil\tCouncil\nConseil d'administration Board of Directors\n", 2, "no tab"),
        (b"# terms\nConseil\tCouncil\tConseil\n", 2, "2 tabs"),
        (b"\n\n\tCouncil\n", 3, "source term is empty"),
        (b"Conseil\t \n", 1, "target term is empty"),
        (b"Conseil\tCouncil\nConseil\tBoard\n", 2, "another target term on line 1"),
        (b"Conseil\tCouncil\nd\xe9cision\tdecision\n", 2, "not valid UTF-8"),
        # a NUL read as text: "chat<TAB>fe\0line" gave "The fe line sleeps."
        (b"Conseil\tCouncil\nchat\tfe\x00line\n", 2, "target term holds a control character"),
        (b"ch\x1bat\tcat\n", 1, "source term holds a control character (U+001B)"),
    ],
)
def test_a_malformed_glossary_is_one_usage_error_before_the_model_loads(
    run_cli, tmp_path, content, line, why
):
    path = tmp_path / "terms.tsv"
    path.write_bytes(content)
    # the model does not exist: the glossary's error comes first
    result = run_cli(["translate", "-m", tmp_path / "no-model", "--glossary", path, "Bonjour."])
    assert_one_error_line(result, f"{path}:{line}:", why, code=2)
    assert result.stdout == ""


def test_a_missing_glossary_is_an_input_error(run_cli, tmp_path):
    result = run_cli(["translate", "--glossary", tmp_path / "none.tsv", "Bonjour."])
    assert_one_error_line(result, "--glossary", "none.tsv", "no such file", code=1)


def test_the_glossary_needs_protection_on(run_cli, glossary):
    result = run_cli(["translate", "--glossary", glossary, "--no-protect", BOARD])
    assert_one_error_line(result, "--glossary", "--no-protect", code=2)


def test_the_readme_example_of_a_glossary_prints_as_shown(run_cli, tmp_path):
    assert_readme_example_prints_as_shown(run_cli, "#### Glossary", tmp_path)
