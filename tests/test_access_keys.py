"""Access keys in a plain line: which markers a plain line's keys are read from, and a line with
some translated without them and given them back, one marker out for each one in."""

from __future__ import annotations

import pytest

from nmt_cli.inference.access_keys import Mark, plain_keys, with_keys
from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.translation import Translation
from nmt_cli.inference.translator import Translator
from nmt_cli.model.bundle import load_bundle
from nmt_cli.search.options import SearchOptions

pytest_plugins = ["model_fixtures"]


@pytest.mark.parametrize(
    ("line", "plain", "marks"),
    [
        ("Mise à jo~ur...", "Mise à jour...", [Mark(2, "u", 9, "~")]),  # LibreOffice
        ("_Profondeur", "Profondeur", [Mark(0, "P", 0, "_")]),  # GTK
        ("Ouvrir le _Fichier", "Ouvrir le Fichier", [Mark(2, "F", 10, "_")]),
        ("~Fichier", "Fichier", [Mark(0, "F", 0, "~")]),  # a ~ or & that starts a word
        ("&Aide", "Aide", [Mark(0, "A", 0, "&")]),
        ("AT&amp;T &Aide", "AT&amp;T Aide", [Mark(1, "A", 9, "&")]),  # an entity is no key
        ("&Head", "Head", [Mark(0, "H", 0, "&")]),  # no digit: no number
        (  # a help text's menu path: a key in each word it marks
            "~Grammaire par (~Fichier)",
            "Grammaire par (Fichier)",
            [Mark(0, "G", 0, "~"), Mark(2, "F", 15, "~")],
        ),
        (  # a home directory is no key
            "Coupe~r ou ~Fichier, voir ~/notes",
            "Couper ou Fichier, voir ~/notes",
            [Mark(0, "r", 5, "~"), Mark(2, "F", 10, "~")],
        ),
    ],
)
def test_a_plain_line_s_access_keys(line, plain, marks):
    assert plain_keys(line) == (plain, tuple(marks))


@pytest.mark.parametrize(
    "line",
    [
        "max_len vaut 3",  # an identifier
        "utilisez _config",  # no capitalised word after the _
        "a~b~c",  # a word marked twice: no access key
        "max_len _Profondeur",  # another _ in the line: an identifier's
        "R&D et AT&T",
        "&amp; &lt;",
        "comme Chr(&H8000) ou &O17",  # Basic's hexadecimal and octal numbers
        "__init__",
        "voir ~/notes",
        "Valeur ~a ici.",  # lisp's and scheme's placeholders: spans, not keys
        "~a",
        "~S et ~5d, puis ~a~%",
        "Il fait froid.",
    ],
)
def test_lines_without_a_plain_access_key(line):
    assert plain_keys(line) is None


def test_each_key_goes_on_the_word_aligned_to_its_marked_word():
    # "Grammaire par (Fichier)" -> "Grammar by (File)": word 0 -> 0, word 2 -> 2
    t = Translation(source="Grammaire par (Fichier)", text="Grammar by (File)", score=0.0)
    t.alignment = [(0, 0), (1, 1), (2, 2)]
    _, marks = plain_keys("~Grammaire par (~Fichier)")
    assert with_keys(t, marks) == "~Grammar by (~File)"
    t.text = "(File) by Grammar"
    t.alignment = [(0, 2), (2, 0)]  # crossed: each key follows its word
    assert with_keys(t, marks) == "(~File) by ~Grammar"
    t.text, t.alignment = "Fichier", []  # no word aligned: the first letter
    assert with_keys(t, marks[1:]) == "~Fichier"


@pytest.mark.parametrize(
    ("source", "mark", "text", "keyed"),
    [  # a key on its word's first letter goes on the translated word's first letter
        ("Enregistrer", Mark(0, "E", 0, "&"), "Save", "&Save"),  # not "Sav&e"
        ("Ouvrir (Fichier)", Mark(1, "F", 8, "~"), "Open (File)", "Open (~File)"),
        ("<b>Effacer</b>", Mark(0, "E", 3, "&"), "<b>Delete</b>", "<b>&Delete</b>"),
        # a key inside its word keeps its letter where the translated word has it
        ("Mise à jour", Mark(2, "u", 9, "~"), "Update", "~Update"),
        ("Nouvel élément", Mark(1, "l", 8, "~"), "New item", "New ~item"),
        ("Nouvel élément", Mark(1, "m", 10, "~"), "New item", "New ite~m"),
    ],
)
def test_a_key_on_a_word_s_first_letter_stays_on_its_word_s_first_letter(source, mark, text, keyed):
    t = Translation(source=source, text=text, score=0.0)
    t.alignment = [(mark.word, len(text.split()) - 1)]
    assert with_keys(t, (mark,)) == keyed


@pytest.mark.parametrize(
    ("source", "mark", "text", "aligned", "keyed"),
    [  # the aligned word opens with a tag: the key on its first letter, after the tag
        ("<b>Supprimer</b> le fichier", (0, "S"), "<b>Delete</b> file", 0, "<b>&Delete</b> file"),
        ("<1>Supprimer</1> le fichier", (0, "S"), "<1>Delete</1> file", 0, "<1>&Delete</1> file"),
        # the marked letter is in the tag's attribute, not in the word ("<a h&ref=...>")
        ('Ouvrir <a href="x">récents</a>', (2, "r"), 'Open <a href="x">new</a>', 2, None),
        ('Ouvrir <a href="x">récents</a>', (2, "r"), 'Open <a href="x">recent</a>', 2, None),
        # a placeholder, an entity: no letter of a word
        ("Supprimer {{name}}", (0, "S"), "{{name}} deleted", 0, "{{name}} &deleted"),
        ("Enregistrer %(name)s", (0, "E"), "%(name)s saved", 0, "%(name)s &saved"),
        ("&amp;Voir", (0, "V"), "&amp;See", 0, "&amp;&See"),
    ],
)
def test_an_access_key_never_goes_inside_a_tag_or_a_placeholder(source, mark, text, aligned, keyed):
    t = Translation(source=source, text=text, score=0.0)
    t.alignment = [(mark[0], aligned)]
    keyed = keyed or text.replace(">new", ">&new").replace(">recent", ">&recent")
    assert with_keys(t, (Mark(mark[0], mark[1], 0, "&"),)) == keyed


def test_a_line_with_an_access_key_is_translated_without_it_and_given_it_back(model_dir):
    translator = Translator(LoadedModel(load_bundle(model_dir)), SearchOptions(beam=2))
    keyed, plain = translator.translate(["Ein Mann läuft im Pa~rk.", "Ein Hund"])
    text = keyed[0].text
    assert text.count("~") == 1 and text[text.index("~") + 1].isalnum()
    assert keyed[0].source == "Ein Mann läuft im Pa~rk."
    assert text.replace("~", "") == translator.translate(["Ein Mann läuft im Park."])[0][0].text
    assert "~" not in plain[0].text


def test_a_line_with_several_keys_gives_each_back_and_keeps_what_is_no_key(model_dir):
    translator = Translator(LoadedModel(load_bundle(model_dir)), SearchOptions(beam=2))
    (keyed,) = translator.translate(["~Ein Mann läuft im ~Park, ~/notes."])
    text = keyed[0].text
    assert text.count("~") == 3 and "~/notes" in text  # two keys back, the path as it was
    assert all(text[i + 1].isalnum() for i, c in enumerate(text) if c == "~" and text[i + 1] != "/")
