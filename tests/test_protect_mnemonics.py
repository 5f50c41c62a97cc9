"""Mnemonics: one definition of the access-key marker, for the training readers and the
translate path alike."""

import pytest

from nmt_cli.protect.mnemonics import (
    catalogue_marker,
    file_markers,
    find_mnemonic,
    place_mnemonic,
    strip_mnemonic,
)


@pytest.mark.parametrize(
    ("text", "marker", "plain", "index"),
    [
        ("Mise à jo~ur...", "~", "Mise à jour...", 9),
        ("_Profondeur", "_", "Profondeur", 0),
        ("&Fichier", "&", "Fichier", 0),
        ("Save && Close", "&", "Save && Close", None),  # a literal ampersand: no mnemonic
        ("~~Tilde", "~", "~~Tilde", None),
        ("a_b_c", "_", "a_b_c", None),  # two markers: not a mnemonic
        ("Trailing_", "_", "Trailing_", None),  # nothing to mark
        ("Copy & paste", "&", "Copy & paste", None),  # before a space: not a marker
        ("Opérateur AT&T", "&", "Opérateur AT&T", None),  # between capitals: an acronym's
        ("Magasin H&M", "&", "Magasin H&M", None),
        ("Section Q&A", "&", "Section Q&A", None),
        ("E&XIT", "&", "E&XIT", None),  # a word of capitals: the same reading
        ("E&xit", "&", "Exit", 1),
    ],
)
def test_a_marker_before_a_letter_is_the_mnemonic(text, marker, plain, index):
    m = find_mnemonic(text, marker)
    assert (m.text, m.index) == (plain, index)


def test_a_marker_inside_a_protected_span_is_not_a_mnemonic():
    text = "Set max_len first"
    start = text.index("max_len")
    assert find_mnemonic(text, "_", [(start, start + 7)]).index is None


def test_readers_see_the_text_a_user_sees():
    assert strip_mnemonic("Save && E&xit", "&") == "Save & Exit"
    assert strip_mnemonic("~Update...", "~") == "Update..."


@pytest.mark.parametrize(
    ("text", "index", "out"),
    [
        ("Depth", 0, "_Depth"),
        ("Update now", 6, "Update _now"),
        ("... end", 0, "... _end"),  # the first letter from the index on
        ("...", 0, "..."),  # no letter: unchanged
    ],
)
def test_a_marker_is_put_back_before_a_letter(text, index, out):
    assert place_mnemonic(text, index, "_") == out


def test_a_catalogue_marker_is_the_one_most_strings_use():
    assert catalogue_marker(["~Open", "Save ~As", "Plain text", "a_b"]) == "~"
    assert catalogue_marker(["&File", "&Edit", "Fish &amp; chips"]) == "&"
    assert catalogue_marker(["Fish &amp; chips", "Plain"]) is None


def test_an_unknown_marker_is_refused():
    with pytest.raises(ValueError, match="not a mnemonic marker"):
        find_mnemonic("x", "#")


def test_a_file_uses_the_markers_that_mark_a_letter_in_two_strings_or_more():
    assert file_markers(["~Open", "Save ~As", "_Depth", "_Width", "file_name"]) == ("~", "_")
    assert file_markers(["R&D", "file_name", "Plain"]) == ()
    assert file_markers(["Plain"], declared="~") == ("~",)


def test_acronyms_with_an_ampersand_make_no_access_key_convention():
    assert file_markers(["Opérateur AT&T", "Magasin H&M", "Section Q&A", "Plain"]) == ()
    assert catalogue_marker(["Opérateur AT&T", "Magasin H&M"]) is None
    assert file_markers(["&Fichier", "&Edition", "Opérateur AT&T"]) == ("&",)
