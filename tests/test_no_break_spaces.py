"""A no-break space that binds two things in the source (a number and its unit, the parts of
a number, a word and its number, the words of a name) binds them in the translation, written
as the source wrote it; French typography's own, before ``: ; ! ?`` and inside « », goes
(nmt_cli/protect/no_break.py). The tokenizer reads a no-break space as a space: ``30&nbsp;secondes``
came out as "30 seconds", free to break across two lines."""

from __future__ import annotations

import subprocess
import sys

import pytest
from markup_fixtures import Aligned

from nmt_cli.markup.pages import translate_markup
from nmt_cli.protect.no_break import keep_no_break_spaces

NBSP = "\u00a0"


@pytest.mark.parametrize(
    "source, translation, expected",
    [
        ("30\u00a0secondes", "30 seconds", "30\u00a0seconds"),  # a number and its unit
        ("<ph0>\u00a0secondes", "<ph0> seconds", "<ph0>\u00a0seconds"),  # a masked number
        ("M.\u00a0Dupont est arrivé.", "Mr. Dupont arrived.", "Mr.\u00a0Dupont arrived."),
        ("Louis\u00a0XIV est mort.", "Louis XIV died.", "Louis\u00a0XIV died."),
        ("Voir le chapitre\u00a03.", "See chapter 3.", "See chapter\u00a03."),
        ("Un délai de 30\u202fjours.", "A 30 days delay.", "A 30\u202fdays delay."),
        # a number written the target's way, its decimal comma a point, binds its unit still
        ("Le fichier pèse 2,5\u00a0Mo.", "The file is 2.5 MB.", "The file is 2.5\u00a0MB."),
    ],
)
def test_a_no_break_space_binds_what_it_bound_in_the_source(source, translation, expected):
    assert keep_no_break_spaces(source, translation) == expected


@pytest.mark.parametrize(
    "source, translation",
    [
        ("Êtes-vous prêt\u00a0?", "Are you ready?"),  # French typography's own
        ("Attention\u00a0: fichier", "Warning : file"),
        ("C'est «\u00a0vrai\u00a0».", 'It\'s " true ".'),
        ("le 21\u00a0novembre se maintient", "on November 21 is holding"),  # the order changed
        ("Voir la page\u00a012.", "Select 12 page."),  # no longer side by side
        ("Prix\u00a0total", "Total price"),
    ],
)
def test_a_no_break_space_whose_words_are_no_longer_bound_goes(source, translation):
    assert keep_no_break_spaces(source, translation) == translation


def _same_words(translation: str):
    def translate(texts):
        return [Aligned(translation, [(k, k) for k in range(len(translation.split()))])]

    return translate


@pytest.mark.parametrize(
    "page, out",
    [
        ("<p>30&nbsp;secondes</p>", "<p>30&nbsp;seconds</p>"),
        ("<p>30\u00a0secondes</p>", "<p>30\u00a0seconds</p>"),  # the character, as written
        ("<p>30&#160;secondes</p>", "<p>30&#160;seconds</p>"),
        ("<p>Prêt&nbsp;? 30&nbsp;secondes</p>", "<p>Ready? 30&nbsp;seconds</p>"),
        ("<p>Il pèse 2,5&nbsp;Mo.</p>", "<p>It weighs 2.5&nbsp;MB.</p>"),  # was "2.5 MB"
    ],
)
def test_a_page_writes_a_bound_no_break_space_as_its_source_did(page, out):
    english = out.removeprefix("<p>").removesuffix("</p>").replace("&nbsp;", " ")
    english = english.replace("&#160;", " ").replace(NBSP, " ")
    assert translate_markup(page, "html", _same_words(english)) == out


def test_nmt_translate_keeps_a_number_and_its_unit_together(run_cli, tmp_path):
    page, out = tmp_path / "page.html", tmp_path / "out.html"
    page.write_text("<p>Attendez 30&nbsp;secondes.</p>\n", encoding="utf-8")
    result = run_cli(["translate", "-m", "fr-en", "-i", page, "-o", out, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    assert "30&nbsp;seconds" in out.read_text(encoding="utf-8")
    lines = f"Attendez 30{NBSP}secondes.\nM.{NBSP}Dupont est arrivé{NBSP}!\n"
    result = run_cli(["translate", "-m", "fr-en", "--threads", "1"], input=lines.encode())
    assert result.exit_code == 0, result.stderr
    wait, arrived = result.stdout.splitlines()
    assert f"30{NBSP}seconds" in wait
    assert f"Dupont{NBSP}" not in arrived and arrived.endswith("!") and f"{NBSP}!" not in arrived


def test_a_very_long_word_is_read_once_not_once_per_letter():
    """A line holding a 300,000-letter word (a data: URL, a base64 blob) took hours: the pairs
    were looked for from every letter of the word again; now from its start only. (In a
    process of its own, which a minute's guard can end: a regex holds the interpreter.)"""
    check = (
        "from nmt_cli.protect.no_break import keep_no_break_spaces as keep\n"
        "blob = 'QUJD' * 75_000\n"
        "said = keep(f'Image {blob} de 30\\u00a0secondes', f'Image {blob} of 30 seconds')\n"
        "assert said == f'Image {blob} of 30\\u00a0seconds'\n"
    )
    subprocess.run([sys.executable, "-c", check], check=True, timeout=60)
