"""`nmt score`: how likely a model finds given translations (forced decoding).

A pair's score is the very quantity `nmt translate --format jsonl` reports for its own output:
the target's log-prob (its pieces', </s> included) over the GNMT divisor of the model's length
penalty, whatever the beam size; a line split into sentences is scored as one sequence of all
its sentences' pieces. One result per pair, in order; an empty side has no score (null); a
malformed input line is one error naming the file and the line, and nothing is written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import assert_one_error_line, piped

from nmt_cli.align.words import word_sums
from nmt_cli.model.tokenizer import Tokenizer

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

SOURCES = [
    "Ein Mann läuft im Park.",
    "Eine Frau sitzt am Strand!",
    "Zwei Mädchen tanzen",
    "Ein Hund",
    "Eine Gruppe Männer wartet vor einem Gebäude neben einem Fluss.",
]


def lines_in(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode("utf-8")


def records(result) -> list[dict]:
    assert result.exit_code == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def translated(run_cli, model: Path, *args: str) -> list[dict]:
    """`nmt translate --format jsonl` of SOURCES, one sentence a line, each read as written
    (`--keep-case`: a label is otherwise also read with a small first letter, and `nmt score`
    scores a pair as written)."""
    args = ("translate", "-m", model, "--no-split", "--keep-case", "--format", "jsonl", *args)
    return records(run_cli(args, input=lines_in(SOURCES)))


def scored(run_cli, model: Path, pairs: list[tuple[str, str]], *args: str):
    data = lines_in([f"{s}\t{t}" for s, t in pairs])
    return run_cli(["score", "-m", model, *args], input=data)


def same_pieces(model: Path, record: dict) -> bool:
    """Whether re-tokenising the printed translation gives the search's own pieces."""
    tok = Tokenizer.load(model / "tokenizer.json")
    return [tok.id_to_piece(i) for i in tok.encode(record["translation"])] == record["tokens"]


@pytest.mark.parametrize("beam", ["1", "4"])
def test_a_translation_scores_what_nmt_translate_said_it_scored(run_cli, model_dir, beam):
    found = translated(run_cli, model_dir, "-k", beam, "--word-scores")
    pairs = [(s, r["translation"]) for s, r in zip(SOURCES, found)]
    got = records(scored(run_cli, model_dir, pairs, "--format", "jsonl", "--word-scores"))
    compared = 0
    for want, have in zip(found, got, strict=True):
        if not same_pieces(model_dir, want):
            continue
        compared += 1
        assert have["score"] == pytest.approx(want["score"], abs=1e-4)
        assert have["log_prob"] == pytest.approx(want["log_prob"], abs=1e-4)
        assert have["tokens"] == len(want["tokens"]) + 1  # </s> counted
        assert have["word_scores"] == pytest.approx(want["word_scores"], abs=1e-4)
        assert len(have["word_scores"]) == len(want["translation"].split())
    assert compared >= 3


def test_the_score_is_the_log_prob_over_the_length_penalty(run_cli, transformer_model_dir):
    pairs = [("Ein Mann läuft.", "A man runs.")]
    [plain] = records(scored(run_cli, transformer_model_dir, pairs, "--format", "jsonl"))
    for alpha in ("0", "1.5"):
        args = ("--format", "jsonl", "--length-penalty", alpha)
        [r] = records(scored(run_cli, transformer_model_dir, pairs, *args))
        assert r["log_prob"] == plain["log_prob"] < 0
        divisor = ((5 + r["tokens"]) / 6) ** float(alpha)
        assert r["score"] == pytest.approx(r["log_prob"] / divisor, abs=1e-6)
    text = scored(run_cli, transformer_model_dir, pairs)
    assert float(text.stdout) == pytest.approx(plain["score"], abs=1e-6)


def test_the_help_says_how_to_score_per_token_as_marian_scorer_normalize_does(run_cli):
    """marian-scorer's --normalize divides the log-prob by the length; nmt score has no such
    flag (--length-penalty is GNMT's, over (5 + L) / 6): its help says how to get one."""
    shown = " ".join(run_cli(["score", "-h"]).stdout.split())
    assert "--length-penalty 0: none" in shown
    assert "marian-scorer --normalize: log_prob / tokens" in shown


def test_word_scores_sum_each_word_s_pieces() -> None:
    assert word_sums([-0.1, -0.2, -0.5, -0.7], [0, 0, 1], 2) == pytest.approx([-0.3, -0.5])
    assert word_sums([-1.0, -2.0], [0, 0], 0) == []


def test_an_empty_side_gives_null_and_keeps_its_line(run_cli, rnn_model_dir) -> None:
    pairs = [
        ("Ein Hund", "A dog"),
        ("", "A dog"),
        ("Ein Hund", ""),
        ("   ", " \u200b "),
        ("Ein", "A"),
    ]
    got = records(scored(run_cli, rnn_model_dir, pairs, "--format", "jsonl", "--word-scores"))
    assert [r["score"] is None for r in got] == [False, True, True, True, False]
    assert got[1] == {"score": None, "log_prob": None, "tokens": None, "word_scores": None}
    text = scored(run_cli, rnn_model_dir, pairs)
    assert text.stdout.split("\n")[1:4] == ["", "", ""]
    assert len(text.stdout.split("\n")) == len(pairs) + 1


def test_hostile_lines_keep_their_places(run_cli, short_model_dir: Path) -> None:
    lines = [
        b"Ein Mann\tA man",
        b"\t",
        b"Ein\xff Hund \xc3\tA\xfe dog",  # invalid UTF-8
        b"Eine Frau\tA woman\r",  # CRLF
        b" ".join([b"word"] * 200) + b"\tA",  # a source longer than max_positions 32: cut
        b"Ein\t" + b" ".join([b"dog"] * 200),  # a target longer than the model gives: null
        b"\x0b\x0c\x1c a \xe2\x80\xa8 b\t\xc2\x85 c",
        bytes(range(11, 256)) + b"\t" + bytes(range(1, 9)),  # binary garbage
        b"\x00\t\x00",
    ]
    result = run_cli(["score", "-m", short_model_dir], input=b"\n".join(lines) + b"\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.split("\n")[:-1]
    assert len(out) == len(lines)
    assert out[1] == "" and out[5] == "" and out[0] != "" and out[4] != ""
    warnings = result.stderr_lines
    assert all(w.startswith("nmt: warning: ") for w in warnings) and len(warnings) == 3
    assert any("line 5" in w for w in warnings) and any("line 6" in w for w in warnings)


@pytest.mark.parametrize(
    ("data", "args", "fragments"),
    [
        (b"a\tb\nonly one column\n", (), ("<stdin>: line 2", "1 TAB-separated columns")),
        (b"a\tb\tc\n", (), ("line 1", "3 TAB-separated columns")),
        (b'{"src": "a", "tgt": "b"}\n{"src": "a"\n', ("--input-format", "jsonl"), ("line 2",)),
        (b'{"src": "a"}\n', ("--input-format", "jsonl"), ("line 1", '"tgt" is missing')),
        (b'["a", "b"]\n', ("--input-format", "jsonl"), ("line 1", "not a JSON object")),
    ],
)
def test_a_malformed_line_is_one_error_and_nothing_is_written(
    run_cli, rnn_model_dir, tmp_path, data, args, fragments
):
    out = tmp_path / "scores.txt"
    result = run_cli(["score", "-m", rnn_model_dir, "-o", out, *args], input=data)
    assert_one_error_line(result, *fragments)
    assert not out.exists() and result.stdout == ""


def test_json_lines_read_as_tab_lines_say_how_to_read_them(run_cli, rnn_model_dir):
    """stdin is TAB lines unless told: a JSON line there is an error that says the flag."""
    data = b'{"src": "a", "tgt": "b"}\n'
    result = run_cli(["score", "-m", rnn_model_dir], input=data)
    assert_one_error_line(result, "<stdin>: line 1", "give --pairs-format jsonl")
    followed = run_cli(["score", "-m", rnn_model_dir, "--pairs-format", "jsonl"], input=data)
    assert followed.exit_code == 0, followed.stderr
    assert run_cli(["score", "-m", rnn_model_dir], input=b"a\tb\nc\n").stderr.count("JSON") == 0


def test_pairs_from_two_files_or_json_lines_score_alike(run_cli, transformer_model_dir, tmp_path):
    pairs = [("Ein Hund", "A dog"), ("Eine Frau", "A woman sits"), ("", "")]
    (tmp_path / "src").write_text(lines_in([s for s, _ in pairs]).decode())
    (tmp_path / "tgt").write_text(lines_in([t for _, t in pairs]).decode())
    files = ["--src-file", tmp_path / "src", "--tgt-file", tmp_path / "tgt"]
    from_files = run_cli(["score", "-m", transformer_model_dir, *files])
    jsonl = lines_in([json.dumps({"src": s, "tgt": t, "id": n}) for n, (s, t) in enumerate(pairs)])
    args = ["score", "-m", transformer_model_dir, "--input-format", "jsonl"]
    from_json = run_cli(args, input=jsonl)
    from_tsv = scored(run_cli, transformer_model_dir, pairs)
    assert from_files.stdout == from_json.stdout == from_tsv.stdout
    assert from_tsv.stdout.endswith("\n\n")  # the empty pair's empty line
    (tmp_path / "tgt").write_text("A dog\n")
    shorter = run_cli(["score", "-m", transformer_model_dir, *files])
    assert_one_error_line(shorter, "different line counts")


@pytest.mark.parametrize(
    "args",
    [
        ("--word-scores",),  # text has no room for them
        ("--src-file", "a", "--tgt-file", "b", "--input-format", "jsonl"),
        ("--src-file", "a"),
    ],
)
def test_options_that_do_not_fit_are_usage_errors(run_cli, rnn_model_dir, args) -> None:
    assert run_cli(["score", "-m", rnn_model_dir, *args], input=b"").exit_code == 2


@pytest.mark.parametrize("flag", ["--pairs-format", "--input-format"])
def test_a_format_not_known_names_the_flag_typed(run_cli, rnn_model_dir, tmp_path, flag) -> None:
    """`nmt score --pairs p.tsv --pairs-format bogus` said "--input-format must be one of",
    naming a flag the user never typed: the message names the option's every name."""
    pairs = tmp_path / "p.tsv"
    pairs.write_text("x\ty\n", encoding="utf-8")
    result = run_cli(["score", "-m", rnn_model_dir, "--pairs", pairs, flag, "bogus"])
    line = assert_one_error_line(result, "must be one of auto, tsv, jsonl", code=2)
    assert flag in line


@pytest.mark.parametrize(
    ("given", "says"),
    [
        (["--src-file", "a", "--tgt-file", "b"], "--src-file and --tgt-file are the sides"),
        (["--pairs", "p.tsv"], "p.tsv is tsv, source first"),
        (["--input-format", "jsonl"], "<stdin> is jsonl, source first"),
    ],
)
def test_languages_for_pairs_that_are_not_a_memory_are_a_usage_error(
    run_cli, rnn_model_dir, tmp_path, monkeypatch, given, says
) -> None:
    """--src-lang and --tgt-lang pick a memory's sides; `--src-file de.txt --tgt-file en.txt
    --src-lang en --tgt-lang de` scored de to en as given, the reversed languages read for
    nothing."""
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b", "p.tsv"):
        (tmp_path / name).write_text("x\ty\n" if name == "p.tsv" else "x\n")
    args = ["score", "-m", rnn_model_dir, *given, "--src-lang", "en", "--tgt-lang", "de"]
    line = assert_one_error_line(run_cli(args, input=b'{"src": "x", "tgt": "y"}\n'), code=2)
    assert line.startswith("nmt: error: --src-lang and --tgt-lang pick the sides of a memory")
    assert f"{says}: leave them out" in line


def test_a_split_line_scores_as_nmt_translate_scored_it(run_cli, monkeypatch) -> None:
    """The shipped fr-en cuts a line of two sentences and scores it as one sequence of both
    sentences' pieces; nmt score cuts the pair the same way and gives the same score (for a
    translation whose pieces are those its text encodes to, as nmt score reads it: the model
    writes "It's cold." as "col d ." where the tokenizer gives "col d.")."""
    monkeypatch.delenv("NMT_MODEL", raising=False)
    line = "Il pleut. Nous restons à la maison ce soir."
    result = run_cli(["translate", "--threads", "1", "--format", "jsonl"], input=lines_in([line]))
    [record] = records(result)
    assert len(record["sentences"]) == 2
    data = lines_in([json.dumps({"src": line, "tgt": record["translation"]})])
    args = ["score", "--threads", "1", "--input-format", "jsonl", "--format", "jsonl"]
    [got] = records(run_cli(args, input=data))
    assert got["score"] == pytest.approx(record["score"], abs=1e-4)
    assert got["tokens"] == len(record["tokens"]) + 2  # each sentence's </s>
    [whole] = records(run_cli([*args, "--no-split"], input=data))
    assert whole["tokens"] == len(record["tokens"]) + 1


def test_translate_word_scores_need_jsonl_and_nmt_cli_s_engine(run_cli, rnn_model_dir) -> None:
    text = run_cli(["translate", "-m", rnn_model_dir, "--word-scores", "Ein Hund"])
    assert_one_error_line(text, "--word-scores goes with --format jsonl", code=2)
    args = ["translate", "-m", rnn_model_dir, "--format", "jsonl", "--word-scores"]
    engine = run_cli([*args, "--engine", "ctranslate2", "Ein Hund"])
    assert_one_error_line(engine, "--engine torch", code=2)


MEMORY_PAIRS = [("Ein Hund", "A dog"), ("Eine Frau sitzt am Strand", "A woman sits")]


def write_memories(tmp_path: Path) -> list[Path]:
    """MEMORY_PAIRS as an English to German catalogue (with an entry a translator has not
    vouched for) and as a TMX memory: a German to English model reads both the other way."""
    po = tmp_path / "de.po"
    entries = "".join(f'\nmsgid "{en}"\nmsgstr "{de}"\n' for de, en in MEMORY_PAIRS)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"X-Accelerator-Marker: ~\\n"\n'
        + entries.replace("A dog", "A ~dog")
        + '\n#, fuzzy\nmsgid "A cat"\nmsgstr "Ein Hund"\n',
        encoding="utf-8",
    )
    tmx = tmp_path / "de.tmx"
    units = "".join(
        f'<tu><tuv xml:lang="en-GB"><seg>{en}</seg></tuv>'
        f'<tuv xml:lang="de-DE"><seg>{de}</seg></tuv></tu>\n'
        for de, en in MEMORY_PAIRS
    )
    tmx.write_text(f'<tmx version="1.4"><header srclang="en"/><body>{units}</body></tmx>\n')
    return [po, tmx]


def test_a_memory_scores_as_its_pairs_do_as_tab_lines(run_cli, transformer_model_dir, tmp_path):
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    assert from_tsv.exit_code == 0 and len(from_tsv.stdout.splitlines()) == 2
    for memory in write_memories(tmp_path):
        args = ["score", "-m", transformer_model_dir, "--pairs", memory]
        got = run_cli([*args, "--src-lang", "de", "--tgt-lang", "en"])
        assert got.exit_code == 0, got.stderr
        assert got.stdout == from_tsv.stdout
        # counts are a warning where entries were left out (the catalogue's fuzzy one) only
        assert ("2 pairs kept; skipped: 1 fuzzy" in got.stderr) == (memory.suffix == ".po")
        assert ("pairs kept" in got.stderr) == (memory.suffix == ".po")


def test_pairs_through_named_pipes_score_as_from_files(run_cli, transformer_model_dir, tmp_path):
    """`nmt score -i <(cmd)`, `--src-file <(cut -f1 ...) --tgt-file <(cut -f2 ...)` and a
    memory through a pipe (`--pairs <(zcat ui.po.gz) --pairs-format po`) are read once, as
    stdin is, and score as the files do (they were refused: "--input /dev/fd/63: not a
    file")."""
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    assert from_tsv.exit_code == 0, from_tsv.stderr
    model = ["score", "-m", transformer_model_dir]
    with piped(lines_in([f"{s}\t{t}" for s, t in MEMORY_PAIRS])) as pairs:
        got = run_cli([*model, "-i", pairs])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
    sources, targets = (lines_in(side) for side in zip(*MEMORY_PAIRS))
    with piped(sources) as src, piped(targets) as tgt:
        got = run_cli([*model, "--src-file", src, "--tgt-file", tgt])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
    for memory in write_memories(tmp_path):
        fmt = ["--pairs-format", memory.suffix[1:], "--src-lang", "de", "--tgt-lang", "en"]
        with piped(memory.read_bytes()) as path:
            got = run_cli([*model, "--pairs", path, *fmt])
        assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr


def test_languages_given_that_are_not_the_model_s_are_one_error(
    run_cli, transformer_model_dir, tmp_path
):
    """`nmt score -m fr-en -i en-fr.po --src-lang en --tgt-lang fr` scored English sources
    with the French to English model without a word: every score meaningless. Languages that
    are not those the model records are one usage error; its own (or a region of them) read."""
    model = tmp_path / "de-en"
    shutil.copytree(transformer_model_dir, model)
    config = json.loads((model / "config.json").read_text(encoding="utf-8"))
    config.update(source_language="de", target_language="en")
    (model / "config.json").write_text(json.dumps(config), encoding="utf-8")
    po, tmx = write_memories(tmp_path)
    args = ["score", "-m", model, "--pairs"]
    for wrong in (["--src-lang", "en", "--tgt-lang", "de"], ["--tgt-lang", "fr"]):
        got = run_cli([*args, po, *wrong])
        assert_one_error_line(got, "de.po:", " ".join(wrong), "translates de->en", code=2)
        assert got.stdout == ""
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    for given in ([], ["--src-lang", "de-DE", "--tgt-lang", "en"]):
        got = run_cli([*args, tmx, *given])
        assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
        assert "no languages" not in got.stderr


def test_a_model_that_records_no_languages_is_warned_of_the_sides_taken(
    run_cli, transformer_model_dir, tmp_path
):
    """With a model that records no languages nothing can check a memory's sides: the
    direction taken (given, or the one the file names) is said, not taken silently."""
    po, _ = write_memories(tmp_path)
    got = run_cli(["score", "-m", transformer_model_dir, "--pairs", po, "--src-lang", "de"])
    assert got.exit_code == 0, got.stderr
    assert "de.po: the model records no languages: its pairs read de->en" in got.stderr


def _xliff(path: Path, version: str, source: str, target: str, pairs) -> Path:
    """``pairs`` (source side, target side) as an XLIFF 1.2 or 2.0 file of those languages."""
    if version == "1.2":
        units = "".join(
            f'<trans-unit id="{k}"><source>{s}</source><target>{t}</target></trans-unit>'
            for k, (s, t) in enumerate(pairs)
        )
        body = f'<file source-language="{source}" target-language="{target}"><body>{units}'
        text = f'<xliff version="1.2">{body}</body></file></xliff>\n'
    else:
        units = "".join(
            f'<unit id="u{k}"><segment state="translated"><source>{s}</source>'
            f"<target>{t}</target></segment></unit>"
            for k, (s, t) in enumerate(pairs)
        )
        text = (
            f'<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
            f'srcLang="{source}" trgLang="{target}"><file id="f">{units}</file></xliff>\n'
        )
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("version", ["1.2", "2.0"])
def test_an_xliff_file_names_its_languages_for_a_model_that_records_none(
    run_cli, transformer_model_dir, tmp_path, version
):
    """`nmt score --pairs m.xlf` with a model that records no languages asked for --src-lang
    and --tgt-lang ("a xliff file's sides ..."), though the file names them: they are read
    from it; one language given takes the file's other side."""
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    assert from_tsv.exit_code == 0, from_tsv.stderr
    de_en = _xliff(tmp_path / "de-en.xlf", version, "de-DE", "en", MEMORY_PAIRS)
    got = run_cli(["score", "-m", transformer_model_dir, "--pairs", de_en])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
    en_de = _xliff(tmp_path / "en-de.xlf", version, "en", "de", [(e, d) for d, e in MEMORY_PAIRS])
    got = run_cli(["score", "-m", transformer_model_dir, "--pairs", en_de, "--src-lang", "de"])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr


def _tmx(path: Path, srclang: str, variants: list[list[tuple[str, str]]]) -> Path:
    """A TMX memory whose header names ``srclang``, a unit for each list of (language, text)."""
    units = "".join(
        "<tu>"
        + "".join(f'<tuv xml:lang="{lang}"><seg>{text}</seg></tuv>' for lang, text in tu)
        + "</tu>\n"
        for tu in variants
    )
    path.write_text(f'<tmx version="1.4"><header srclang="{srclang}"/><body>{units}</body></tmx>')
    return path


def test_a_tmx_memory_of_two_languages_names_its_sides_for_a_model_that_records_none(
    run_cli, transformer_model_dir, tmp_path
):
    """`nmt score --pairs m.tmx` with a model that records no languages asked for --src-lang
    and --tgt-lang, though the header names the source (srclang) and the units hold one other
    language: that is the target; one language given takes the other side, whatever the header
    says (*all*: no source). A memory of three languages still needs them."""
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    assert from_tsv.exit_code == 0, from_tsv.stderr
    units = [[("en-GB", en), ("de-DE", de)] for de, en in MEMORY_PAIRS]
    args = ["score", "-m", transformer_model_dir, "--pairs"]
    got = run_cli([*args, _tmx(tmp_path / "de.tmx", "de", units)])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
    got = run_cli([*args, _tmx(tmp_path / "all.tmx", "*all*", units), "--tgt-lang", "en"])
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr
    three = _tmx(tmp_path / "three.tmx", "de", [[*units[0], ("fr", "Un chien")], *units[1:]])
    assert_one_error_line(run_cli([*args, three]), "sides are picked by language")


def test_a_tmx_memory_is_read_once_for_its_languages_and_its_pairs_so_stdin_names_its_sides(
    run_cli, transformer_model_dir, tmp_path
):
    """A TMX was read for its languages, then again for its pairs: twice the time on a large
    memory, and one on stdin (``--pairs - --pairs-format tmx``), which cannot be read twice,
    asked for --src-lang and --tgt-lang though its header and units name them."""
    from_tsv = scored(run_cli, transformer_model_dir, MEMORY_PAIRS)
    units = [[("en-GB", en), ("de-DE", de)] for de, en in MEMORY_PAIRS]
    memory = _tmx(tmp_path / "de.tmx", "de", units).read_bytes()
    args = ["score", "-m", transformer_model_dir, "--pairs", "-", "--pairs-format", "tmx"]
    got = run_cli(args, input=memory)
    assert got.exit_code == 0 and got.stdout == from_tsv.stdout, got.stderr


@pytest.mark.parametrize("command", ["score", "align"])
def test_the_help_says_a_memory_s_sides_default_to_those_the_file_names(run_cli, command):
    """--src-lang/--tgt-lang said "(default: the model's)", though a memory that names its
    languages (XLIFF, a catalogue, a TMX of two) is read without them."""
    shown = " ".join(run_cli([command, "-h"]).stdout.split())
    for side in ("source", "target"):
        assert (
            f"A memory's {side} side (default: the model's, else the one the file names)" in shown
        )


@pytest.mark.parametrize("command", ["score", "align", "translate", "train"])
def test_the_help_names_every_memory_format_a_command_reads(run_cli, command):
    """`nmt score --help` listed ".po, .tmx, .xliff" for --input, though it reads a compiled
    catalogue (.mo) too, as align's --pairs, train's and translate's --memory say."""
    shown = " ".join(run_cli([command, "-h"]).stdout.split())
    assert ".po, .mo, .tmx, .xliff" in shown
