"""`nmt translate -i film.vtt`: WebVTT subtitles in, the same subtitles out, each cue's text
translated as a SubRip subtitle's is; the header, notes, styles, regions, cue identifiers,
timings and their settings, and the blank lines between blocks as written. A file that does not
open with WEBVTT, or a cue without a timing, is one error naming its line, and nothing is
written. A translator that upper-cases each text stands in for the model."""

from __future__ import annotations

import pytest
from conftest import assert_one_error_line

from nmt_cli.documents.registry import format_for
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.translation import Translation
from nmt_cli.inference.translator import Translator

pytest_plugins = ["model_fixtures"]

FILM = """WEBVTT - Le film
Kind: captions
Language: fr

NOTE Sous-titres relus
le 2 mai.

STYLE
::cue(.loud) { color: red }

REGION
id:bas width:40%

intro
00:00:01.000 --> 00:00:03.500 align:start line:90%
Un homme court
dans le parc.

00:04.000 --> 00:06.000
<v Marie>Où vas-tu ?
<v.loud Paul>Je rentre.


3
00:00:08.000 --> 00:00:10.000
- Tu viens
avec nous ?
- Oui.

00:00:11.000 --> 00:00:12.000
<i>Un enfant dort.</i>
"""


@pytest.fixture
def seen(monkeypatch) -> list[str]:
    """A translator that upper-cases each text; the texts it was given."""
    texts: list[str] = []

    def translate(self, lines, with_alignment=False, on_progress=None, **_):
        texts.extend(lines)
        return [[Translation(line, line.upper(), 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", translate)
    return texts


def translated(model_dir, text: str) -> str:
    from nmt_cli.documents.translate import translate_text

    translator = Translator.load(LoadOptions(str(model_dir), threads=1))
    return translate_text(translator, text, "vtt")


def test_a_vtt_file_is_read_as_webvtt(tmp_path):
    assert format_for(str(tmp_path / "film.vtt"), None).name == "vtt"


def test_only_the_cues_texts_reach_the_model(short_model_dir, seen):
    translated(short_model_dir, FILM)
    assert seen == [
        "Un homme court dans le parc.",
        "Où vas-tu ?",
        "Je rentre.",
        "Tu viens avec nous ?",
        "Oui.",
        "Un enfant dort.",
    ]


def test_everything_but_the_cues_texts_stays_as_written(short_model_dir, seen):
    out = translated(short_model_dir, FILM).split("\n")
    source = FILM.split("\n")
    assert len(out) == len(source)
    changed = [k for k, (a, b) in enumerate(zip(source, out)) if a != b]
    assert changed == [15, 16, 19, 20, 25, 26, 27, 30]
    assert out[15:17] == ["UN HOMME COURT", "DANS LE PARC."]
    assert out[19:21] == ["<v Marie>OÙ VAS-TU ?", "<v.loud Paul>JE RENTRE."]
    assert out[25:28] == ["- TU VIENS", "AVEC NOUS ?", "- OUI."]
    assert out[30] == "<i>UN ENFANT DORT.</i>"


def test_a_file_given_back_its_texts_is_the_same_file(short_model_dir, monkeypatch):
    def given_back(self, lines, with_alignment=False, on_progress=None, **_):
        return [[Translation(line, line, 0.0)] for line in lines]

    monkeypatch.setattr(Translator, "translate", given_back)
    assert translated(short_model_dir, FILM) == FILM
    assert translated(short_model_dir, "WEBVTT\n") == "WEBVTT\n"


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("1\n00:00:01,000 --> 00:00:02,000\nBonjour.\n", 1, "expected WEBVTT on the first line"),
        ("WEBVTTX\n", 1, "expected WEBVTT on the first line"),
        ("WEBVTT\n\nintro\nBonjour.\n", 4, "expected a cue's timing"),
        # SubRip's comma: the timing's own line, not the next one's
        ("WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nBonjour.\n", 3, "expected a cue's timing"),
    ],
)
def test_a_file_that_is_not_webvtt_is_one_error_naming_its_line(
    run_cli, short_model_dir, tmp_path, text, line, message
):
    source, out = tmp_path / "film.vtt", tmp_path / "out.vtt"
    source.write_text(text, encoding="utf-8")
    result = run_cli(["translate", "-m", short_model_dir, "-i", source, "-o", out])
    assert_one_error_line(result, f"film.vtt:{line}: {message}")
    assert not out.exists()


@pytest.mark.parametrize("name", ["film.ass", "film.ssa"])
def test_substation_alpha_subtitles_are_refused_not_read_as_lines(run_cli, tmp_path, name):
    source = tmp_path / name
    source.write_text("[Script Info]\nTitle: Film\n", encoding="utf-8")
    result = run_cli(["translate", "-i", source])
    assert_one_error_line(result, f"{source}: ")
    assert "SubStation Alpha subtitles" in result.stderr


def test_the_headers_language_becomes_the_target_language():
    from nmt_cli.documents.webvtt import read_webvtt

    document = read_webvtt(FILM.split("\n")[:-1], "film.vtt")
    said = [Translation(t, t, 0.0) for t in document.sources()]
    assert "\nLanguage: en\n" in document.render(said, "en", print)
    assert document.blocks[0].lines(None, "en") == [
        "WEBVTT - Le film",
        "Kind: captions",
        "Language: en",
    ]
    assert document.blocks[1].lines(None, "en")[1] == "NOTE Sous-titres relus"


@pytest.fixture
def word_for_word(monkeypatch) -> list[str]:
    """A translator that upper-cases each word in place, word i linked to word i; the texts it
    was given."""
    texts: list[str] = []

    def translate(self, lines, with_alignment=False, on_progress=None, **_):
        texts.extend(lines)
        return [
            [Translation(x, x.upper(), 0.0, alignment=[(i, i) for i in range(len(x.split()))])]
            for x in lines
        ]

    monkeypatch.setattr(Translator, "translate", translate)
    return texts


CUE_MARKUP = """WEBVTT

00:00:04.000 --> 00:00:07.250
Le budget prévoit une hausse
de <c.jaune>cinq</c> pour cent.

00:00:08.000 --> 00:00:10.000
Le texte est <b>important</b> <00:00:09.000>ici.

00:00:11.000 --> 00:00:12.000
<v Marie Curie>Elle dit <lang en>hello</lang> à <c.a.b>tous</c>.
"""


def test_a_cues_markup_goes_back_around_the_translation_of_its_words(
    short_model_dir, word_for_word
):
    out = translated(short_model_dir, CUE_MARKUP).split("\n")
    assert word_for_word == [
        "Le budget prévoit une hausse de cinq pour cent.",
        "Le texte est important ici.",
        "Elle dit hello à tous.",
    ]
    assert " ".join(out[3:5]) == "LE BUDGET PRÉVOIT UNE HAUSSE DE <c.jaune>CINQ</c> POUR CENT."
    # a timestamp is a point in time between two words: kept between their translations
    assert out[7] == "LE TEXTE EST <b>IMPORTANT</b> <00:00:09.000>ICI."
    # a voice's name, a language and classes as written
    assert out[10] == "<v Marie Curie>ELLE DIT <lang en>HELLO</lang> À <c.a.b>TOUS</c>."


def test_a_captions_words_each_timed_are_read_as_one_text(short_model_dir, word_for_word):
    """A YouTube caption times each word, its space inside (``<c> cette</c>``): read as spans,
    fr-en dropped "cette" and wrote ``vidéo`` "Empty". Each space goes out of its element."""
    timing = "00:00:02.000 --> 00:00:04.000"
    cue = f"WEBVTT\n\n{timing}\ndans<00:00:02.300><c> cette</c><00:00:02.600><c> vidéo</c>\n"
    out = translated(short_model_dir, cue).split("\n")
    assert word_for_word == ["dans cette vidéo"]
    assert out[3] == "DANS<00:00:02.300> <c>CETTE</c><00:00:02.600> <c>VIDÉO</c>"


def test_a_voice_closed_at_the_end_of_its_line_stays_glued_to_its_last_word(short_model_dir, seen):
    """Sent to the model with its turn, ``</v>`` came back a word away: "It's cold this
    morning. </v>"."""
    cue = "WEBVTT\n\n00:01.000 --> 00:03.000\n<v Marie>Il fait froid.</v>\n<v Paul>Oui.</v>\n"
    out = translated(short_model_dir, cue).split("\n")
    assert seen == ["Il fait froid.", "Oui."]
    assert out[3:5] == ["<v Marie>IL FAIT FROID.</v>", "<v Paul>OUI.</v>"]


def test_a_voice_closed_inside_its_line_ends_its_turn_there(short_model_dir, seen):
    """``<v Marie>Tu viens ?</v> Oui.``: sent as one turn, its ``</v>`` went to the model,
    "<v Marie>Do you come? </v> OY."."""
    cue = (
        "WEBVTT\n\n00:01.000 --> 00:03.000\n<v Marie>Tu viens ?</v> Oui.\n\n"
        "00:04.000 --> 00:06.000\n<v Paul>Je pars</v> <v.loud Marie>Moi aussi.</v>\n"
    )
    out = translated(short_model_dir, cue).split("\n")
    assert seen == ["Tu viens ?", "Oui.", "Je pars", "Moi aussi."]  # each turn a text
    assert out[3] == "<v Marie>TU VIENS ?</v> OUI."
    assert out[6] == "<v Paul>JE PARS</v> <v.loud Marie>MOI AUSSI.</v>"
