"""French abbreviations of help pages (``env.``, ``p. ex.``, ``par ex.``, ``c.-à-d.``, ``min.``,
``max.``, ``réf.``) are read by the model as their words: no fact, bracket or sentence is lost
around them."""

from __future__ import annotations

import json
import re

from conftest import translated_lines

from nmt_cli.inference.abbreviations import read_out

FR_EN = ("fr", "en")


def test_each_abbreviation_is_read_as_its_words_one_word_for_one():
    lines = [
        "Importez un format (p. ex. CSV) ou l'autre, c.-à-d. ODS.",
        "L'installation occupe env. 500 Mo (min. 5, max. 300).",
        "P. ex. : Env. 12 fichiers.",
        "Saisissez une adresse (par ex. 192.168.1.1). Par ex. : 06 12 34 56 78",
        "Réf. : ABC-123 (voir la réf. 12)",
        "Mot de passe : 8 caractères min., 64 lettres max. Puis validez.",
        "Mot de passe : 8 caractères min.",
    ]
    read = read_out(lines, FR_EN)
    assert read == [
        "Importez un format (par exemple CSV) ou l'autre, c'est-à-dire ODS.",
        "L'installation occupe environ 500 Mo (minimum 5, maximum 300).",
        "Par exemple : Environ 12 fichiers.",
        "Saisissez une adresse (par exemple 192.168.1.1). Par exemple : 06 12 34 56 78",
        "Référence : ABC-123 (voir la référence 12)",
        "Mot de passe : 8 caractères minimum, 64 lettres maximum. Puis validez.",
        "Mot de passe : 8 caractères minimum.",
    ]
    assert [len(x.split()) for x in read] == [len(x.split()) for x in lines]


def test_what_only_looks_like_an_abbreviation_is_left_as_written():
    lines = [
        "Le trajet dure 15 min. Puis on repart.",  # minutes
        "Modifiez le fichier .env. Puis relancez.",  # a file
        "La taille est limitée à 25 Mo max.",  # the model reads that one
    ]
    assert read_out(lines, FR_EN) == lines
    assert read_out(["Environ (p. ex. CSV)."], ("en", "fr")) == ["Environ (p. ex. CSV)."]


def test_an_abbreviation_inside_a_protected_span_is_left_as_written():
    line = "Lancez `grep env. 5` (env. 5 s)."
    code = (line.index("`"), line.rindex("`") + 1)
    assert read_out([line], FR_EN, lambda x: [code]) == ["Lancez `grep env. 5` (environ 5 s)."]


# fr-en wrote "(5, max. 300)", "(in. 200 people will receive", "% over. the PDF", "(p. CSV"
LINES = {
    "Le délai d'expiration par défaut est de 30 secondes (min. 5, max. 300).": "minimum 5",
    "Les utilisateurs du 3e groupe (env. 200 personnes) recevront un e-mail.": "200 people)",
    "Certains formats, p. ex. le PDF, ne sont pas modifiables.": "for example",
    "Vous pouvez importer plusieurs formats (p. ex. CSV, XLSX ou ODS).": "(for example",
    "Saisissez votre adresse IP (par ex. 192.168.1.1).": "(for example",  # "(par. 192.168"
    "Réf. : ABC-123/2024": "Reference: ABC-123/2024",  # "Remove. : ABC-123/2024"
    "Mot de passe : 8 caractères min.": "characters",  # "Passwords: 8 mine."
    "Les fichiers temporaires, c.-à-d. les fichiers .tmp, sont supprimés.": "that is",
}


def test_a_help_page_s_abbreviations_lose_no_fact_around_them(run_cli):
    for line, out in zip(LINES, translated_lines(run_cli, list(LINES), "-m", "fr-en")):
        assert LINES[line] in out, (line, out)
        assert not re.search(r"\w\. ", out), out  # one sentence: no full stop inside


def test_the_translation_s_source_is_the_line_as_written(run_cli):
    line = "L'installation occupe env. 500 Mo."
    out = translated_lines(run_cli, [line], "-m", "fr-en", "--format", "jsonl", "--align")
    record = json.loads(out[0])
    assert record["source"] == line
    assert "500 MB" in record["translation"]
    assert all(
        int(s) < len(line.split()) for s, _ in (x.split("-") for x in record["alignment"].split())
    )
