"""Keyboard shortcuts: one span each, written with the target language's names of its keys
(nmt_cli/protect/keys.py, the tables in languages.py)."""

import pytest

from nmt_cli.protect.keys import ENGLISH, convert_keys
from nmt_cli.protect.languages import LANGUAGES
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder


@pytest.mark.parametrize(
    "line, shortcut",
    [
        ("Appuyez sur Ctrl+Alt+Suppr pour redémarrer.", "Ctrl+Alt+Suppr"),
        ("Appuyez sur Ctrl + Maj + F9 pour recalculer.", "Ctrl + Maj + F9"),
        # LibreOffice's %MOD1 (Ctrl or Cmd) and %MOD2 (Alt or Option) start a shortcut or sit in one
        ("%MOD1+Maj+F9 recalcule toutes les formules.", "%MOD1+Maj+F9"),
        ("Maj+%MOD1+Suppr efface le texte.", "Maj+%MOD1+Suppr"),
        ("Les touches %MOD2+flèche déplacent un objet.", "%MOD2+flèche"),
        # a key's name of several words is one key
        ("Appuyez sur Maj+Page précédente.", "Maj+Page précédente"),
        ("Appuyez sur Alt+Flèche vers le bas.", "Alt+Flèche vers le bas"),
        # a Mac's modifiers as its menus write them, joined or glued to the key
        ("Utilisez ⌘+Maj+4 pour une capture.", "⌘+Maj+4"),
        ("Appuyez sur ⌥⌘Échap pour forcer à quitter.", "⌥⌘Échap"),
        ("Le raccourci ⇧⌘Z rétablit.", "⇧⌘Z"),
    ],
)
def test_a_shortcut_is_one_span(line, shortcut):
    assert [(s.kind, s.text) for s in SpanFinder(language="fr").find(line)] == [("keys", shortcut)]


def test_libreoffices_modifier_alone_is_a_placeholder_not_a_shortcut():
    spans = SpanFinder(language="fr").find("Tenez appuyé %MOD1 et faites tourner la molette.")
    assert [(s.kind, s.text) for s in spans] == [("placeholder", "%MOD1")]


@pytest.mark.parametrize(
    "shortcut, source, target, written",
    [
        ("Ctrl+Alt+Suppr", "fr", "en", "Ctrl+Alt+Del"),
        ("Maj + F10", "fr", "en", "Shift + F10"),
        ("%MOD1+Maj+F9", "fr", "en", "%MOD1+Shift+F9"),
        ("Maj+Espace", "fr", "en", "Shift+Space"),
        ("Maj+Flèche vers le bas", "fr", "en", "Shift+Down Arrow"),
        ("Maj+Page précédente", "fr", "en", "Shift+Page Up"),
        ("%MOD2+flèche", "fr", "en", "%MOD2+arrow"),  # lower case kept
        ("Strg+Umschalt+Entf", "de", "en", "Ctrl+Shift+Del"),
        ("Shift+Enter", "en", "fr", "Maj+Entrée"),
        ("Ctrl+Shift+Delete", "en", "de", "Strg+Umschalt+Entf"),
        ("Maj+Fin", "fr", "de", "Umschalt+Ende"),
        ("Cmd-C", "fr", "en", "Cmd-C"),  # no name of its own: as written
        ("⌘+Maj+4", "fr", "en", "⌘+Shift+4"),  # fr-en wrote "⌘+Maj+4"
        ("⌥⌘Échap", "fr", "en", "⌥⌘Esc"),
        ("Maj+F10", "fr", "ja", "Maj+F10"),  # a language with no table: as written
    ],
)
def test_a_shortcut_takes_the_target_languages_names_of_its_keys(shortcut, source, target, written):
    assert convert_keys(shortcut, source, target) == written
    assert convert(shortcut, "keys", source, target) == written


def test_a_shortcut_of_an_unrecorded_language_is_kept_as_written():
    assert convert("Maj+Suppr", "keys", None, "en") == "Maj+Suppr"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_key_a_language_names_has_an_english_name(code):
    assert {english for _, english in LANGUAGES[code].keys} <= set(ENGLISH)


@pytest.mark.parametrize(
    "line, key, written",
    [
        # with the language's words for a key, any of its names; the words are the span's
        ("Appuyez sur la touche Suppr.", "la touche Suppr", "the Del key"),
        ("La touche Échap ferme la fenêtre.", "La touche Échap", "The Esc key"),
        (
            "Utilisez la touche Flèche vers le bas.",
            "la touche Flèche vers le bas",
            "the Down Arrow key",
        ),
        # after a verb, a key's usual name alone
        ("Appuyez sur Entrée pour valider.", "Entrée", "Enter"),
        ("Appuyez sur Retour arrière.", "Retour arrière", "Backspace"),
        # a name that is no word, anywhere (fr-en wrote "Press twice on Échap.")
        ("Appuyez deux fois sur Échap.", "Échap", "Esc"),
        ("Pour effacer, utilisez Suppr.", "Suppr", "Del"),
        ("Appuyez sur la touche Impr. écran.", "la touche Impr. écran", "the Print Screen key"),
    ],
)
def test_a_key_named_alone_is_a_span_written_as_the_target_names_it(line, key, written):
    spans = SpanFinder(language="fr").find(line)
    assert [(s.kind, s.text) for s in spans] == [("keys", key)]
    assert convert(key, "keys", "fr", "en") == written


@pytest.mark.parametrize(
    "line",
    [
        "Appuyez sur Retour pour revenir.",  # not the key's usual name: a button, Back
        "Appuyez sur OK.",  # no key
        "La Fin du monde.",  # no word for a key
        "Caractère Échappement, Inseré, Supprimer.",  # words that start as a key's name
    ],
)
def test_a_word_that_may_name_a_key_is_no_key_without_the_words_for_one(line):
    assert not [s for s in SpanFinder(language="fr").find(line) if s.kind == "keys"]


@pytest.mark.parametrize(
    "line, keys",
    [
        ("Appuyez sur Fin ou Début.", ["End", "Home"]),  # fr-en wrote "Press End or Start"
        ("Appuyez sur Ctrl+Fin ou Début.", ["Ctrl+End", "Home"]),
        ("La touche Fin, Début et Échap.", ["The End key", "Home", "Esc"]),
        ("Appuyez sur Maj + Fin ou Début.", ["Shift + End", "Home"]),
    ],
)
def test_a_key_listed_after_another_is_a_key_too(line, keys):
    spans = SpanFinder(language="fr").find(line)
    assert [convert(s.text, s.kind, "fr", "en") for s in spans if s.kind == "keys"] == keys


@pytest.mark.parametrize(
    "line",
    [
        "Fin ou Début de la période.",
        "Appuyez sur OK, Début de la partie.",
        # a hyphen elsewhere on the line (a shortcut's join) makes no key of a listed word
        "Au Début et Fin de saison, la mi-temps.",
        "Le Début ou Fin du match - peu importe.",
    ],
)
def test_a_keys_name_listed_after_no_key_is_a_word(line):
    assert not [s for s in SpanFinder(language="fr").find(line) if s.kind == "keys"]


def test_a_key_named_for_a_language_without_a_table_is_kept_as_written():
    assert convert("la touche Suppr", "keys", "fr", "ja") == "la touche Suppr"
