"""Access keys in a plain line: which markers a plain line's key is read from, and a line with
one translated without it and given it back, one marker out for one in."""

from __future__ import annotations

import pytest

from nmt_cli.inference.access_keys import Mark, plain_key
from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.translator import Translator
from nmt_cli.model.bundle import load_bundle
from nmt_cli.search.options import SearchOptions

pytest_plugins = ["model_fixtures"]


@pytest.mark.parametrize(
    ("line", "plain", "mark"),
    [
        ("Mise à jo~ur...", "Mise à jour...", Mark(2, "u", 9, "~")),  # LibreOffice
        ("_Profondeur", "Profondeur", Mark(0, "P", 0, "_")),  # GTK
        ("Ouvrir le _Fichier", "Ouvrir le Fichier", Mark(2, "F", 10, "_")),
    ],
)
def test_a_plain_line_s_access_key(line, plain, mark):
    assert plain_key(line) == (plain, mark)


@pytest.mark.parametrize(
    "line",
    [
        "max_len vaut 3",  # an identifier
        "utilisez _config",  # no capitalised word after the _
        "a~b~c",  # two markers: no access key
        "~Fichier",  # before a word: a protected span of its own (spans.py)
        "R&D et AT&T",
        "__init__",
        "Il fait froid.",
    ],
)
def test_lines_without_a_plain_access_key(line):
    assert plain_key(line) is None


def test_a_line_with_an_access_key_is_translated_without_it_and_given_it_back(model_dir):
    translator = Translator(LoadedModel(load_bundle(model_dir)), SearchOptions(beam=2))
    keyed, plain = translator.translate(["Ein Mann läuft im Pa~rk.", "Ein Hund"])
    text = keyed[0].text
    assert text.count("~") == 1 and text[text.index("~") + 1].isalnum()
    assert keyed[0].source == "Ein Mann läuft im Pa~rk."
    assert text.replace("~", "") == translator.translate(["Ein Mann läuft im Park."])[0][0].text
    assert "~" not in plain[0].text
