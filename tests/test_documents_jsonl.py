"""`nmt translate --input-format jsonl --field NAME`: JSON lines in, the same JSON lines out, the
value of NAME translated.

Each output line is its input line, as written, with the field's value replaced by the
translation plain `nmt translate` gives it: the same keys in the same order, every other value
written as it was, non-ASCII text as it is, nothing added. One output line per input line, a
blank line kept as it is. A file with a line that is not a JSON object, or an object without the
field or with something other than a string in it, is one error naming its line, and nothing is
written. The tiny German-English model of model_fixtures.py translates.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import assert_one_error_line, assert_readme_example_prints_as_shown
from model_fixtures import as_in_a_document

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

README = Path(__file__).resolve().parents[1] / "README.md"

RECORDS = [
    {"id": 17, "text": "Ein Mann läuft im Park.", "lang": "de", "score": 0.25},
    {"text": "Zwei Mädchen tanzen am Strand!", "meta": {"source": "Straße", "tags": ["ü", 1]}},
    {"title": "Ein Hund", "text": "Ein Hund schläft im Schnee.", "ok": True, "note": None},
    {"z": [], "text": "", "a": {}, "emoji": "🐕", "weird": "a\u2028b"},
]


def jsonl(records: list) -> str:
    return "".join(
        f"{r}\n" if isinstance(r, str) else json.dumps(r, ensure_ascii=False) + "\n"
        for r in records
    )


def translate(run_cli, model: Path, *args, input: str | None = None):
    data = None if input is None else input.encode("utf-8")
    return run_cli(["translate", "-m", model, "--threads", "1", *args], input=data)


def out_lines(result) -> list[str]:
    assert result.exit_code == 0, result.stderr
    return result.stdout.split("\n")[:-1]


def plain(run_cli, model: Path, lines: list[str]) -> list[str]:
    """What `nmt translate` gives ``lines`` as plain lines, as a document holds them."""
    found = out_lines(translate(run_cli, model, input="".join(f"{x}\n" for x in lines)))
    return as_in_a_document(lines, found)


def test_each_object_comes_back_with_its_field_translated_and_nothing_else_changed(
    run_cli, transformer_model_dir, tmp_path
):
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(jsonl(RECORDS), encoding="utf-8")
    result = translate(run_cli, transformer_model_dir, "-i", source, "-o", out, "--field", "text")
    assert result.exit_code == 0 and result.stdout_bytes == b"", result.stderr
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    expected = plain(run_cli, transformer_model_dir, [r["text"] for r in RECORDS])
    assert [g["text"] for g in got] == expected and expected[-1] == ""
    for before, after in zip(RECORDS, got):
        assert list(after) == list(before)  # the same keys in the same order
        assert {**after, "text": None} == {**before, "text": None}


def test_non_ascii_text_is_written_as_it_is(run_cli, transformer_model_dir):
    [line] = out_lines(
        translate(
            run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl(RECORDS[1:2])
        )
    )
    assert '"Straße"' in line and '["ü", 1]' in line and "\\u00" not in line


def test_a_file_written_all_in_ascii_stays_all_in_ascii(run_cli, tmp_path):
    """Python's json.dumps writes "co\\u00fbte 20 \\u20ac"; the translation came back with
    "€" as it is, one line of the file written otherwise than the rest."""
    records = [{"id": 1, "text": "Le billet coûte 20 €."}, {"id": 2, "text": "Ouvrez le fichier."}]
    source, out = tmp_path / "prix.jsonl", tmp_path / "prix.en.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="ascii")
    result = run_cli(["translate", "-m", "fr-en", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert "€" in json.loads(lines[0])["text"] and json.loads(lines[1])["text"] == "Open the file."
    assert all(line.isascii() for line in lines), lines


def test_a_value_that_comes_back_unchanged_is_written_as_it_was(run_cli, transformer_model_dir):
    """A value with nothing to translate came back written anew: an escape's capitals in small
    letters ("\\u21D2" as "\\u21d2"), an escaped slash without its backslash, so the file
    differed from its source where nothing was translated."""
    lines = ['{"id": 1, "text": "\\u21D2 \\/"}', '{"id": 2, "text": "\u21d2 \\u2192"}']
    out = out_lines(
        translate(
            run_cli, transformer_model_dir, "--input-format", "jsonl", input="\n".join(lines) + "\n"
        )
    )
    assert out == lines


def test_everything_but_the_fields_value_is_written_as_it_was(run_cli, transformer_model_dir):
    """Parsed and written again, 1.50 came back 1.5, 1e-7 1e-07, 3.141592653589793238 cut to a
    double's digits, and an escape of half a character in another field failed the file."""
    line = '{ "id":7,"v" : 1.50, "w":1e-7,\t"pi":3.141592653589793238, "x":"\\udc00\\u00e9",'
    line += ' "text": "Ein Hund läuft.", "n": null}'
    [out] = out_lines(
        translate(run_cli, transformer_model_dir, "--input-format", "jsonl", input=line + "\n")
    )
    [said] = plain(run_cli, transformer_model_dir, ["Ein Hund läuft."])
    assert out == line.replace('"Ein Hund läuft."', json.dumps(said, ensure_ascii=False))


def test_a_line_separator_in_a_value_stays_escaped_so_each_object_is_one_line(
    run_cli, transformer_model_dir
):
    out = translate(run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl(RECORDS))
    assert out.stdout.count("\n") == len(RECORDS) and "a\\u2028b" in out.stdout


def test_stdin_to_stdout_one_line_out_per_line_in_blank_lines_kept(run_cli, transformer_model_dir):
    lines = [RECORDS[0], "", RECORDS[1], "   ", RECORDS[2]]
    got = out_lines(
        translate(run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl(lines))
    )
    assert len(got) == len(lines) and got[1] == "" and got[3] == "   "
    assert [list(json.loads(got[k])) for k in (0, 2, 4)] == [list(r) for r in RECORDS[:3]]


def test_several_fields_are_each_translated(run_cli, transformer_model_dir):
    args = ["--input-format", "jsonl", "--field", "title", "--field", "text"]
    [line] = out_lines(translate(run_cli, transformer_model_dir, *args, input=jsonl(RECORDS[2:3])))
    title, text = plain(run_cli, transformer_model_dir, ["Ein Hund", "Ein Hund schläft im Schnee."])
    assert json.loads(line) == {**RECORDS[2], "title": title, "text": text}


def test_the_placeholders_of_format_strings_pass_through_as_a_catalogues_do(
    run_cli, transformer_model_dir
):
    record = {"key": "cart", "text": "Ein {name} hat %s Hunde und %(count)d Katzen."}
    args = ["--input-format", "jsonl"]
    (line,) = out_lines(translate(run_cli, transformer_model_dir, *args, input=jsonl([record])))
    text = json.loads(line)["text"]
    for placeholder in ("{name}", "%s", "%(count)d"):
        assert text.count(placeholder) == 1, text


def test_a_value_of_several_lines_keeps_its_line_breaks(run_cli, transformer_model_dir):
    record = {"text": "  Ein Mann läuft im Park.\n\nEin Hund\n"}
    [line] = out_lines(
        translate(run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl([record]))
    )
    first, second = plain(run_cli, transformer_model_dir, ["Ein Mann läuft im Park.", "Ein Hund"])
    assert json.loads(line)["text"] == f"  {first}\n\n{second}\n"


def test_the_jsonl_extension_reads_json_lines_and_input_format_text_reads_lines(
    run_cli, transformer_model_dir, tmp_path
):
    source = tmp_path / "in.jsonl"
    source.write_text(jsonl(RECORDS[:1]), encoding="utf-8")
    [as_json] = out_lines(translate(run_cli, transformer_model_dir, "-i", source))
    assert json.loads(as_json)["id"] == 17
    as_lines = out_lines(
        translate(run_cli, transformer_model_dir, "-i", source, "--input-format", "text")
    )
    assert as_lines == out_lines(
        translate(run_cli, transformer_model_dir, input=jsonl(RECORDS[:1]))
    )


BROKEN = {
    "not JSON": ('{"text": "Ein Mann"', "not valid JSON"),
    "not an object": ('["Ein Mann"]', "an array, not a JSON object"),
    "no such field": ('{"title": "Ein Mann"}', 'no field "text"'),
    "a number in the field": ('{"text": 3}', 'field "text" is a number, not a string'),
    "null in the field": ('{"text": null}', 'field "text" is null, not a string'),
    "a key twice": ('{"text": "Ein Mann", "text": "Ein Hund"}', 'key "text" appears twice'),
    "NaN, no JSON": ('{"text": "Ein Mann", "n": NaN}', "NaN is no JSON value"),
    "a number no double holds": ('{"text": "Ein Mann", "f": 1e400}', "1e400 is beyond"),
    "half a character": ('{"text": "Ein \\ud800 Mann"}', "an escape of half a character"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_line_that_does_not_fit_is_one_error_naming_it_and_nothing_is_written(
    run_cli, transformer_model_dir, tmp_path, case
):
    bad, message = BROKEN[case]
    source, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(jsonl(RECORDS[:2]) + "\n" + bad + "\n" + jsonl(RECORDS[2:]), encoding="utf-8")
    result = translate(run_cli, transformer_model_dir, "-i", source, "-o", out)
    assert_one_error_line(result, "in.jsonl:4: ", message)
    assert not out.exists()


def test_from_stdin_the_error_names_stdin(run_cli, transformer_model_dir):
    result = translate(
        run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl(RECORDS) + "oops\n"
    )
    assert_one_error_line(result, "<stdin>:5: not valid JSON")
    assert result.stdout_bytes == b""


@pytest.mark.parametrize(
    "options, flag",
    [
        (["--nbest", "2"], "--nbest"),
        (["--align"], "--align"),
        (["--format", "jsonl"], "--format"),
        (["--retranslate", "all"], "--retranslate"),
        (["--mark-fuzzy"], "--mark-fuzzy"),
        (["Ein Hund"], "text arguments"),
    ],
)
def test_options_jsonl_does_not_read_are_usage_errors(
    run_cli, transformer_model_dir, options, flag
):
    result = translate(
        run_cli, transformer_model_dir, "--input-format", "jsonl", *options, input=""
    )
    assert_one_error_line(result, flag, code=2)


def test_field_on_plain_text_is_a_usage_error(run_cli, transformer_model_dir):
    result = translate(run_cli, transformer_model_dir, "--field", "text", input="Ein Hund\n")
    assert_one_error_line(result, "--field is for jsonl input", "stdin is read as text", code=2)


def test_the_readme_example_prints_what_it_shows(run_cli, tmp_path):
    """The README's JSON lines, translated by the shipped fr-en model: the lines it shows."""
    assert_readme_example_prints_as_shown(run_cli, "#### JSON lines", tmp_path)


def test_a_value_of_lines_parted_by_u2028_u2029_or_u0085_keeps_them(run_cli, transformer_model_dir):
    """Sent as one line, "Il fait froid.\\u2028Le chat dort." came back "It's cold. The cat is
    sleeping.": the line separator was a space."""
    record = {"text": "Ein Mann läuft im Park.\u2028Ein Hund\u2029Zwei Mädchen\u0085tanzen."}
    [line] = out_lines(
        translate(run_cli, transformer_model_dir, "--input-format", "jsonl", input=jsonl([record]))
    )
    said = plain(run_cli, transformer_model_dir, ["Ein Mann läuft im Park.", "Ein Hund"])
    said += plain(run_cli, transformer_model_dir, ["Zwei Mädchen", "tanzen."])
    assert json.loads(line)["text"] == "{}\u2028{}\u2029{}\u0085{}".format(*said)
    assert "\\u2028" in line and "\\u2029" in line  # still one line of JSON
