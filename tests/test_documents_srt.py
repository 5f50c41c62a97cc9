"""`nmt translate -i film.srt`: subtitles in, the same subtitles out, their text translated.

Numbers and timings (a position after a timing too) stay as they were. A subtitle's lines are
one utterance: joined, translated as `nmt translate` translates the joined line, and wrapped
again into as many lines, as even as the words allow; the lines of a dialogue (each opened by a
dash) are translated one by one; tags around the whole text stay around it. A file that is not
number, timing, text is one error naming its line, and nothing is written. The tiny
German-English model of model_fixtures.py translates; the README's example runs the shipped
fr-en model.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import assert_one_error_line, assert_readme_example_prints_as_shown
from model_fixtures import as_in_a_document

from nmt_cli.documents.srt import SRT, Subtitle, tagged, wrap
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translation import Translation
from nmt_cli.inference.translator import Translator
from nmt_cli.protect.spans import SpanFinder

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

README = Path(__file__).resolve().parents[1] / "README.md"

FILM = """1
00:00:01,000 --> 00:00:03,500
Ein Mann läuft im Park.

2
00:00:04,000 --> 00:00:07,250 X1:100 X2:300 Y1:50 Y2:80
Eine Gruppe Männer wartet
vor einem Gebäude.

3
00:00:08,000 --> 00:00:10,000
- Ein Hund läuft im Schnee.
-Zwei Mädchen tanzen am Strand!

4
00:00:11,000 --> 00:00:12,000
<i>Ein Kind schläft auf einer Bank.</i>
5
00:00:12,500 --> 00:00:14,000
"""


def translate(run_cli, model: Path, *args, input: bytes | None = None):
    return run_cli(["translate", "-m", model, "--threads", "1", *args], input=input)


def plain(run_cli, model: Path, lines: list[str]) -> list[str]:
    data = "".join(f"{x}\n" for x in lines).encode()
    result = translate(run_cli, model, input=data)
    assert result.exit_code == 0, result.stderr
    return as_in_a_document(lines, result.stdout.split("\n")[:-1])


@pytest.fixture(scope="module")
def subtitles(run_cli, transformer_model_dir, tmp_path_factory) -> list[list[str]]:
    """FILM translated: each subtitle's lines (number, timing, text)."""
    source = tmp_path_factory.mktemp("film") / "film.srt"
    source.write_text(FILM, encoding="utf-8")
    result = translate(run_cli, transformer_model_dir, "-i", source)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith("\n") and "\n\n\n" not in result.stdout
    return [block.split("\n") for block in result.stdout.rstrip("\n").split("\n\n")]


def test_numbers_and_timings_stay_as_they_were(subtitles):
    heads = [block[:2] for block in subtitles]
    expected = re.findall(r"^(\d+)\n(\d\d:.*)$", FILM, re.MULTILINE)
    assert heads == [list(pair) for pair in expected]
    assert subtitles[-1] == ["5", "00:00:12,500 --> 00:00:14,000"]  # no text, none added


def test_a_subtitles_lines_are_translated_as_one_and_wrapped_again(
    subtitles, run_cli, transformer_model_dir
):
    [joined] = plain(
        run_cli, transformer_model_dir, ["Eine Gruppe Männer wartet vor einem Gebäude."]
    )
    text = subtitles[1][2:]
    assert len(text) == 2 and " ".join(text) == joined
    [one] = plain(run_cli, transformer_model_dir, ["Ein Mann läuft im Park."])
    assert subtitles[0][2:] == [one]


def test_a_dialogue_keeps_its_lines_and_dashes(subtitles, run_cli, transformer_model_dir):
    lines = ["Ein Hund läuft im Schnee.", "Zwei Mädchen tanzen am Strand!"]
    first, second = plain(run_cli, transformer_model_dir, lines)
    assert subtitles[2][2:] == [f"- {first}", f"-{second}"]


@pytest.mark.parametrize(
    "lines, texts, shown",
    [
        (  # a turn that goes on over a second line: its dash kept, its lines wrapped again
            ["- Où vas-tu ?", "- Je rentre chez moi,", "il est tard."],
            "Où vas-tu ?\nJe rentre chez moi, il est tard.",
            ["- WHERE ARE YOU GOING?", "- I AM GOING HOME,", "IT IS LATE."],
        ),
        (  # one turn: the other speaker's is in the next subtitle
            ["- Tu viens", "avec nous ?"],
            "Tu viens avec nous ?",
            ["- ARE YOU COMING", "WITH US?"],
        ),
        (  # the second speaker alone marked, as many languages' subtitles do
            ["Où vas-tu ?", "- Je rentre chez moi,", "il est tard."],
            "Où vas-tu ?\nJe rentre chez moi, il est tard.",
            ["WHERE ARE YOU GOING?", "- I AM GOING HOME,", "IT IS LATE."],
        ),
        (  # a line that opens with a negative number goes on the sentence: no turn
            ["Demain, il fera", "-5 degrés."],
            "Demain, il fera -5 degrés.",
            ["TOMORROW IT WILL", "BE -5 DEGREES."],
        ),
        (  # an aside in dashes in mid-sentence, its words in lower case: no turn
            ["Je voulais dire", "— enfin, tu sais."],
            "Je voulais dire — enfin, tu sais.",
            ["I MEANT — WELL,", "YOU KNOW."],
        ),
        (  # after a sentence's end, or before a capital, a dash opens a turn
            ["Tu viens ?", "— oui, j'arrive."],
            "Tu viens ?\noui, j'arrive.",
            ["ARE YOU COMING?", "— YES, I'M COMING."],
        ),
        (  # a dash after the tag that opens its line: the turn's, the tag before it
            ["<i>- Tu viens ?</i>", "- Je rentre chez moi,", "il est tard."],
            "Tu viens ?\nJe rentre chez moi, il est tard.",
            ["<i>- ARE YOU COMING?</i>", "- I AM GOING HOME,", "IT IS LATE."],
        ),
    ],
)
def test_a_dialogues_turns_keep_their_dashes_where_a_turn_goes_on_over_lines(lines, texts, shown):
    """Joined with the dashes, "- Où vas-tu ? - Je rentre chez moi, il est tard." came back as
    "Where are you / going? I go / home late.": the speakers' turns were lost; so did a
    dialogue whose second speaker alone is marked ("Où vas-tu ?" / "- Je rentre..."), and
    one whose first dash followed a tag (``<i>- Tu viens ?</i>``: the model lost the dash)."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", lines)
    assert subtitle.text() == texts
    said = {
        "Où vas-tu ?": "WHERE ARE YOU GOING?",
        "Je rentre chez moi, il est tard.": "I AM GOING HOME, IT IS LATE.",
        "Tu viens avec nous ?": "ARE YOU COMING WITH US?",
        "Demain, il fera -5 degrés.": "TOMORROW IT WILL BE -5 DEGREES.",
        "Je voulais dire — enfin, tu sais.": "I MEANT — WELL, YOU KNOW.",
        "Tu viens ?": "ARE YOU COMING?",
        "oui, j'arrive.": "YES, I'M COMING.",
    }
    assert subtitle.shown("\n".join(said[t] for t in texts.split("\n"))) == shown
    assert subtitle.shown(texts) == lines


@pytest.mark.parametrize(
    "lines, texts",
    [
        (["JEAN : Tu viens ce soir ?", "MARIE : Non."], "JEAN : Tu viens ce soir ?\nMARIE : Non."),
        (["Tu viens ?", "<i>JEAN-PIERRE:</i> Non."], "Tu viens ?\n<i>JEAN-PIERRE:</i> Non."),
        (["Il a crié", "A : B."], "Il a crié A : B."),  # one letter: no name
        (["Il a dit", "Marie : non."], "Il a dit Marie : non."),  # not in capitals
    ],
)
def test_a_line_opened_by_a_speakers_name_in_capitals_opens_a_turn(lines, texts):
    """Subtitles for the deaf and hard of hearing name each speaker: joined with the line
    before, "JEAN : Tu viens ce soir ?" / "MARIE : Non." came back "JEAN: Do you" / "come
    tonight? MARY: No.", the second name in mid-line."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", lines)
    assert subtitle.text() == texts
    said = texts.upper().replace(" :", ":")
    if "\n" in texts:
        assert subtitle.shown(said) == said.split("\n")


@pytest.mark.parametrize(
    "lines, texts",
    [
        (["[rires]", "Très drôle."], "[rires]\nTrès drôle."),
        (
            ["Il est là.", "<i>(porte qui claque)</i>", "Va-t'en !"],
            "Il est là.\n<i>(porte qui claque)</i>\nVa-t'en !",
        ),
        (["Il a dit", "(enfin, je crois) oui."], "Il a dit (enfin, je crois) oui."),  # a sentence's
        (["Il coûte", "(12 €)"], "Il coûte (12 €)"),  # no word: no description
    ],
)
def test_a_line_that_is_all_a_sounds_description_is_a_text_of_its_own(lines, texts):
    """Subtitles for the deaf and hard of hearing describe sounds on a line of their own:
    joined with the line after it, `[rires]` / `Très drôle.` was one sentence and came back
    "[ter] Tresh" / "funny."."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", lines)
    assert subtitle.text() == texts
    said = texts.upper()
    if "\n" in texts:
        shown = [line.upper() for line in lines]
        assert subtitle.shown(said) == shown


@pytest.mark.parametrize(
    "lines, said, shown",
    [
        (  # a line of its own colour: the break after its end tag
            ['<font color="#ffff00">Attention !</font>', "Le train part à 10 h 30."],
            '<font color="#ffff00">Watch out!</font> The train leaves at 10:30.',
            ['<font color="#ffff00">Watch out!</font>', "The train leaves at 10:30."],
        ),
        (  # a last line in italics: the break before its start tag
            ["Il a dit :", "<i>je reviendrai demain soir.</i>"],
            "He said: <i>I will come back tomorrow night.</i>",
            ["He said:", "<i>I will come back tomorrow night.</i>"],
        ),
        (  # a second line in italics after a line that has some: the break before its tag
            ["<i>Je t'aime,</i> dit-il.", "<i>Moi aussi.</i>"],
            "<i>I love</i> you, he said. <i>Me too.</i>",
            ["<i>I love</i> you, he said.", "<i>Me too.</i>"],
        ),
        (  # the tagged words moved to the end: wrapped as a whole
            ["<b>Attention</b>", "au départ du train."],
            "Mind the train's <b>departure</b>.",
            ["Mind the train's", "<b>departure</b>."],
        ),
    ],
)
def test_a_line_of_its_own_look_stays_a_line_of_the_translation(lines, said, shown):
    """A subtitle whose first line was in yellow came back with the line break inside the
    colour: "<font ...>Watch" / "out!</font> The train leaves at 10:30."; a tag the text
    held twice was no place to break at, and a line in italics below one with italics went
    to mid-line ("<i>I love</i> you, he" / "said. <i>Me too.</i>")."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", lines)
    assert subtitle.shown(said) == shown


def test_a_style_override_that_opens_a_subtitle_stays_at_its_start():
    """Sent to the model, ``{\\an8}Bonjour`` came back "{\\an8}Bonjour to everyone."."""
    subtitle = Subtitle(
        "1", "00:00:01,000 --> 00:00:02,000", *tagged(["{\\an8}Bonjour à tous,", "merci."])
    )
    assert subtitle.text() == "Bonjour à tous, merci."
    assert subtitle.shown("HELLO EVERYONE, THANKS.") == ["{\\an8}HELLO EVERYONE,", "THANKS."]
    line = "Le chat {\\i1}dort{\\i0} ici."  # one inside a line passes through
    assert [s.text for s in SpanFinder(SRT.protect).find(line)] == ["{\\i1}", "{\\i0}"]


def test_tags_around_the_whole_subtitle_stay_around_it(subtitles, run_cli, transformer_model_dir):
    [inner] = plain(run_cli, transformer_model_dir, ["Ein Kind schläft auf einer Bank."])
    assert subtitles[3][2:] == [f"<i>{inner}</i>"]


def test_wrapping_gives_even_lines_and_never_cuts_a_word():
    text = "The 2025 budget provides for EUR 27,306.5 million for research."
    lines = wrap(text, 2)
    assert len(lines) == 2 and " ".join(lines) == text
    assert abs(len(lines[0]) - len(lines[1])) <= max(len(w) for w in text.split())
    assert wrap("Unbreakable", 3) == ["Unbreakable"]
    # nor a word at its hyphen: "well-known-" / "place-here x"
    assert wrap("a well-known-place-here x", 2) == ["a well-known-place-here", "x"]


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("1\n00:00:01,000 --> 00:00:02,000\nEin Hund\n\nEin Mann\n", 5, "number"),
        ("1\n00:00:01 --> 00:00:02\nEin Hund\n", 2, "timing"),
        ("1\n", 2, "timing"),
    ],
)
def test_a_file_that_is_not_subtitles_is_one_error_naming_its_line(
    run_cli, transformer_model_dir, tmp_path, text, line, message
):
    source, out = tmp_path / "film.srt", tmp_path / "out.srt"
    source.write_text(text, encoding="utf-8")
    result = translate(run_cli, transformer_model_dir, "-i", source, "-o", out)
    assert_one_error_line(result, f"film.srt:{line}: ", message)
    assert not out.exists()


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_utf16_or_utf32_file_is_read_by_its_byte_order_mark_and_written_in_it_again(
    subtitles, run_cli, transformer_model_dir, tmp_path, encoding
):
    source = tmp_path / "film.srt"
    source.write_bytes(f"\ufeff{FILM}".encode(encoding))
    result = translate(run_cli, transformer_model_dir, "-i", source)
    assert result.exit_code == 0, result.stderr
    translated = "\n\n".join("\n".join(block) for block in subtitles) + "\n"
    assert result.stdout_bytes == f"\ufeff{translated}".encode(encoding)


def test_a_utf16_file_from_stdin_is_read_and_written_in_it_again(
    subtitles, run_cli, transformer_model_dir
):
    data = f"\ufeff{FILM}".encode("utf-16-le")
    result = translate(run_cli, transformer_model_dir, "--input-format", "srt", input=data)
    assert result.exit_code == 0, result.stderr
    translated = "\n\n".join("\n".join(block) for block in subtitles) + "\n"
    assert result.stdout_bytes == f"\ufeff{translated}".encode("utf-16-le")


def test_a_windows_file_keeps_its_byte_order_mark_and_crlf_line_ends(
    subtitles, run_cli, transformer_model_dir, tmp_path
):
    source, out = tmp_path / "film.srt", tmp_path / "out.srt"
    source.write_bytes(b"\xef\xbb\xbf" + FILM.replace("\n", "\r\n").encode())
    result = translate(run_cli, transformer_model_dir, "-i", source, "-o", out)
    assert result.exit_code == 0, result.stderr
    translated = "\r\n\r\n".join("\r\n".join(block) for block in subtitles) + "\r\n"
    assert out.read_bytes() == b"\xef\xbb\xbf" + translated.encode()


def test_a_subtitle_holding_u2028_or_u0085_given_as_text_reaches_the_model_as_it_was(
    transformer_model_dir, monkeypatch
):
    """translate_text (the Python API) reads a text's lines as a file's: each ends at "\\n", not
    at U+2028 (LINE SEPARATOR) or U+0085 (NEXT LINE), which str.splitlines ends one at."""
    from nmt_cli.documents.translate import translate_text

    seen: list[str] = []

    def given_back(self, lines, with_alignment=False, on_progress=None, **_):
        seen.extend(lines)
        return [[Translation(line, line, 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", given_back)
    film = "1\n00:00:01,000 --> 00:00:03,500\nEin Mann\u2028läuft\u0085im Park.\n"
    translator = Translator.load(LoadOptions(str(transformer_model_dir), threads=1))
    assert translate_text(translator, film, "srt") == film
    assert seen == ["Ein Mann\u2028läuft\u0085im Park."]


def test_a_subtitle_whose_text_comes_back_keeps_its_lines(transformer_model_dir, monkeypatch):
    """Its lines were wrapped again, and fell elsewhere, where the translation changed nothing."""
    from nmt_cli.documents.translate import translate_text

    def given_back(self, lines, with_alignment=False, on_progress=None, **_):
        return [[Translation(line, line, 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", given_back)
    film = "1\n00:00:01,000 --> 00:00:03,500\nEin Mann läuft heute\nim Park.\n"
    translator = Translator.load(LoadOptions(str(transformer_model_dir), threads=1))
    assert translate_text(translator, film, "srt") == film


@pytest.mark.parametrize(
    "film",
    [
        "1\n00:00:01,000 --> 00:00:03,500\nEin Mann.\n\n",  # a blank line ends the file
        "1\n00:00:01,000 --> 00:00:03,500\nEin Mann.\n\n\n2\n00:00:04,000 --> 00:00:05,000\nJa.\n",
        "\n1 \n00:00:01,000 --> 00:00:03,500 \nEin Mann.\n \n2\n00:00:04,000 --> 00:00:05,000\n",
    ],
)
def test_a_file_given_its_texts_back_is_the_same_file_byte_for_byte(
    film, transformer_model_dir, monkeypatch
):
    """The blank line that ended the file was dropped, two blank lines between subtitles were
    one, a number's or a timing's trailing space was cut: now numbers, timings and the blank
    lines before, between and after the subtitles are written as they were."""
    from nmt_cli.documents.translate import translate_text

    def given_back(self, lines, with_alignment=False, on_progress=None, **_):
        return [[Translation(line, line, 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", given_back)
    translator = Translator.load(LoadOptions(str(transformer_model_dir), threads=1))
    assert translate_text(translator, film, "srt") == film


def test_the_readme_example_prints_what_it_shows(run_cli, tmp_path):
    """The README's subtitles, translated by the shipped fr-en model: what it shows."""
    assert_readme_example_prints_as_shown(run_cli, "#### Subtitles", tmp_path)


@pytest.mark.parametrize(
    "lines, texts, shown",
    [
        (  # a dialogue in italics, line by line: its speakers stay marked
            ["<i>- Tu viens ce soir ?</i>", "<i>- Oui, à 20 heures.</i>"],
            "Tu viens ce soir ?\nOui, à 20 heures.",
            ["<i>- ARE YOU COMING TONIGHT?</i>", "<i>- YES, AT 8 PM.</i>"],
        ),
        (  # one utterance in italics, line by line: translated as one, each line in italics
            ["{\\an8}<i>Il fait très froid</i>", "<i>ce matin.</i>"],
            "Il fait très froid ce matin.",
            ["{\\an8}<i>IT IS VERY COLD</i>", "<i>THIS MORNING.</i>"],
        ),
        (  # a song, each line between notes: translated as one, each line between them
            ["♪ Il était un petit navire ♪", "♪ qui n'avait jamais navigué ♪"],
            "Il était un petit navire qui n'avait jamais navigué",
            ["♪ THERE WAS A LITTLE SHIP ♪", "♪ THAT HAD NEVER SAILED ♪"],
        ),
    ],
)
def test_tags_around_each_line_stay_around_each_line_of_the_translation(lines, texts, shown):
    """Read as one text with its tags, ``<i>- Tu viens ce soir ?</i>`` / ``<i>- Oui, à 20
    heures.</i>`` lost both dashes: "<i>Would you come tonight?</i> / <i>Yes, at 20
    o'clock.</i>"; so did a song's notes, each line's ("♪ He was a small ship ♪ ♪" / "who had
    never been born ♪")."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", *tagged(lines))
    assert subtitle.text() == texts
    said = {
        "Tu viens ce soir ?": "ARE YOU COMING TONIGHT?",
        "Oui, à 20 heures.": "YES, AT 8 PM.",
        "Il fait très froid ce matin.": "IT IS VERY COLD THIS MORNING.",
        "Il était un petit navire qui n'avait jamais navigué": (
            "THERE WAS A LITTLE SHIP THAT HAD NEVER SAILED"
        ),
    }
    assert subtitle.shown("\n".join(said[t] for t in texts.split("\n"))) == shown
    assert subtitle.shown(texts) == lines


@pytest.mark.parametrize(
    "lines, text, shown",
    [
        (["{\\i1}Il fait froid ce matin.{\\i0}"], "Il fait froid ce matin.", ["{\\i1}X{\\i0}"]),
        (["{\\i1}Il fait froid", "ce matin.{\\i0}"], "Il fait froid ce matin.", ["{\\i1}X{\\i0}"]),
        (  # each turn of a dialogue in italics: its dash, then its marks
            ["- {\\i1}Tu viens ?{\\i0}", "- Oui."],
            "Tu viens ?\nOui.",
            ["- {\\i1}X{\\i0}", "- X"],
        ),
        (["Il fait froid, <i>très</i>"], "Il fait froid, <i>très</i>", ["X"]),
    ],
)
def test_style_overrides_and_unpaired_tags_at_a_texts_ends_stay_glued_to_it(lines, text, shown):
    """Sent to the model, ``{\\i0}`` came back after a space ("morning. {\\i0}"), and ``- {\\i1}Tu
    viens ce soir ?{\\i0}`` as "- {\\i1}you come tonight? {\\i0}", its first word lost. A tag
    closed inside the text is markup's to place: it stays in the text."""
    subtitle = Subtitle("1", "00:00:01,000 --> 00:00:02,000", *tagged(lines))
    assert subtitle.text() == text
    assert subtitle.shown("\n".join("X" for _ in text.split("\n"))) == shown
    assert subtitle.shown(text) == lines
