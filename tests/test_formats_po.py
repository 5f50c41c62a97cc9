"""gettext catalogues as training pairs: sides by language, plurals, and the entries a
translator has not vouched for left out. Fixtures have the LibreOffice catalogues' shapes."""

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nmt_cli.errors import InputError
from nmt_cli.formats.pairs import format_of, read_pairs
from nmt_cli.training.config import CorpusFiles
from nmt_cli.training.corpora import declared_languages

HEADER = r"""msgid ""
msgstr ""
"Language: fr\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=n > 1;\n"
"X-Accelerator-Marker: ~\n"
"""

ENTRIES = r"""
msgctxt "FileExtCheck|Checkbox"
msgid "_Perform check on startup"
msgstr "_Effectuer un contrôle au démarrage"

msgctxt "menu"
msgid "Mise ~Update..."
msgstr "Mise à jo~ur..."

msgctxt "STR_RESULTS"
msgid "One result found"
msgid_plural "%1 results found"
msgstr[0] "Un résultat trouvé"
msgstr[1] "%1 résultats trouvés"

#, fuzzy
msgctxt "STR_X"
msgid "Open a file"
msgstr "Fermer un fichier"

msgctxt "STR_Y"
msgid "Not yet translated"
msgstr ""

msgctxt "STR_Z"
msgid "Save ~~ and ~Close"
msgstr "Enregistrer ~~ et ~fermer"

#~ msgid "An old string"
#~ msgstr "Une vieille chaîne"
"""


def write(tmp_path, text, name="ui.po"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_catalogue_gives_french_to_english_pairs_without_either_marker_or_contexts(tmp_path):
    report = []
    pairs = list(read_pairs(write(tmp_path, HEADER + ENTRIES), "po", ("fr", "en"), report.append))
    assert pairs == [
        ("Effectuer un contrôle au démarrage", "Perform check on startup"),
        ("Mise à jour...", "Mise Update..."),
        ("Un résultat trouvé", "One result found"),
        ("%1 résultats trouvés", "%1 results found"),
        ("Enregistrer ~ et fermer", "Save ~ and Close"),
    ]
    assert report == [
        f"{tmp_path / 'ui.po'}: 7 read, 5 pairs kept; skipped: 1 fuzzy, 1 obsolete, 1 untranslated"
    ]


def test_the_english_to_french_direction_is_the_same_pairs_turned_around(tmp_path):
    path = write(tmp_path, HEADER + ENTRIES)
    assert list(read_pairs(path, "po", ("en", "fr"))) == [
        (t, s) for s, t in read_pairs(path, "po", ("fr", "en"))
    ]


def test_the_catalogues_marker_is_found_when_the_header_names_none(tmp_path):
    header = HEADER.replace('"X-Accelerator-Marker: ~\\n"\n', "")
    body = (
        "".join(f'\nmsgid "_Item {k} here"\nmsgstr "_Élément {k} ici"\n' for k in range(3))
        + '\nmsgid "max_len is set"\nmsgstr "max_len est réglé"\n'
    )
    pairs = list(read_pairs(write(tmp_path, header + body), "po", ("fr_CA", "en-US")))
    assert pairs[0] == ("Élément 0 ici", "Item 0 here")
    assert pairs[-1] == ("max_len est réglé", "max_len is set")  # a protected span's underscore


def test_an_obsolete_entry_says_nothing_of_the_catalogues_marker(tmp_path):
    """Obsolete entries (``#~``) are not read for the marker, as `nmt translate` reads none:
    one old "~Open" made "~" the marker, and "Taille~XL" (a tilde in one string, inside a
    word: no convention) lost its tilde in training."""
    header = HEADER.replace('"X-Accelerator-Marker: ~\\n"\n', "")
    body = '\nmsgid "Size~XL"\nmsgstr "Taille~XL"\n\n#~ msgid "~Open"\n#~ msgstr "~Ouvrir"\n'
    pairs = list(read_pairs(write(tmp_path, header + body), "po", ("fr", "en")))
    assert pairs == [("Taille~XL", "Size~XL")]


ARABIC_PLURAL = r"""msgid ""
msgstr ""
"Language: ar\n"
"Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && "
"n%100<=10 ? 3 : n%100>=11 ? 4 : 5);\n"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "لا توجد ملفات"
msgstr[1] "ملف واحد"
msgstr[2] "ملفان"
msgstr[3] "%d ملفات"
msgstr[4] "%d ملفًا"
msgstr[5] "%d ملف"
"""


def test_a_plural_entry_pairs_its_msgids_with_the_forms_its_plural_forms_gives_1_and_5(tmp_path):
    # Arabic's msgstr[0] is the form of 0 ("no files"), its msgstr[1] that of 1
    pairs = list(read_pairs(write(tmp_path, ARABIC_PLURAL, "ar.po"), "po", ("en", "ar")))
    assert pairs == [("%d file", "ملف واحد"), ("%d files", "%d ملفات")]


def test_a_catalogue_of_a_locale_with_a_modifier_is_read_for_its_language(tmp_path):
    """GNOME's sr@latin.po, ca@valencia.po: "no sr side (it holds en, sr@latin)", and a run
    without --src-lang recorded the language "sr@latin"."""
    serbian = HEADER.replace("Language: fr", "Language: sr@latin") + ENTRIES
    path = write(tmp_path, serbian, "sr@latin.po")
    assert len(list(read_pairs(path, "po", ("sr", "en")))) == 5
    assert declared_languages([CorpusFiles(pairs=path)], ("", "")) == ("en", "sr")


def test_a_catalogue_in_other_languages_is_one_error(tmp_path):
    path = write(tmp_path, HEADER + ENTRIES)
    with pytest.raises(InputError, match=r"ui\.po: no de side \(it holds en, fr\)"):
        list(read_pairs(path, "po", ("de", "en")))


def test_a_catalogue_whose_header_names_no_language_is_one_error_saying_so(tmp_path):
    """It said "no fr side (it holds en)", as if the catalogue were English to English. (An
    empty catalogue has no sides to pick: it holds no pairs, test_memory.py.)"""
    path = write(tmp_path, HEADER.replace('"Language: fr\\n"\n', "") + ENTRIES)
    with pytest.raises(InputError, match=r"ui\.po: its header names no Language") as e:
        list(read_pairs(path, "po", ("fr", "en")))
    assert '"Language: fr\\n"' in str(e.value)


def test_a_template_naming_no_language_holds_no_pairs_its_entries_counted_untranslated(
    tmp_path,
):
    """A .pot as xgettext writes it: nothing to train on, said as for any untranslated entry
    (before, "its header names no Language: add one", as if it held translations)."""
    header = HEADER.replace('"Language: fr\\n"\n', "")
    path = write(tmp_path, header + '\nmsgid "Open"\nmsgstr ""\n', "messages.pot")
    said = []
    assert list(read_pairs(path, "po", ("fr", "en"), said.append)) == []
    assert said == [f"{path}: 1 read, 0 pairs kept; skipped: 1 untranslated"]


def test_the_header_says_when_msgid_is_not_english(tmp_path):
    header = HEADER.replace('"Language: fr\\n"', '"Language: en\\n"\n"X-Source-Language: de\\n"')
    body = '\nmsgid "Datei öffnen"\nmsgstr "Open file"\n'
    assert list(read_pairs(write(tmp_path, header + body), "po", ("de", "en"))) == [
        ("Datei öffnen", "Open file")
    ]


def test_an_english_catalogue_naming_no_source_language_holds_the_other_language_asked_for(
    tmp_path,
):
    """``nmt translate -i messages.pot -o en.po`` writes an en.po of French msgids and no
    X-Source-Language: given back as ``--memory en.po`` (or to score, align, train) it was
    refused, "no fr side (it holds en)", as if English to English."""
    header = HEADER.replace('"Language: fr\\n"', '"Language: en\\n"')
    body = '\nmsgid "Fermer la fenêtre"\nmsgstr "Shut the window"\n'
    path = write(tmp_path, header + body, "en.po")
    assert list(read_pairs(path, "po", ("fr", "en"))) == [("Fermer la fenêtre", "Shut the window")]
    assert list(read_pairs(path, "po", ("en", "fr"))) == [("Shut the window", "Fermer la fenêtre")]
    with pytest.raises(InputError, match=r"en\.po: no de side \(it holds en\)"):
        list(read_pairs(path, "po", ("de", "fr")))


def test_a_british_english_catalogue_of_english_msgids_is_not_read_as_french(tmp_path):
    """An en_GB.po, most of its msgstrs its msgids as they are, is English to English: no
    French side (before, its American msgids were read as French, English on both sides)."""
    header = HEADER.replace('"Language: fr\\n"', '"Language: en_GB\\n"')
    body = "".join(f'\nmsgid "{a}"\nmsgstr "{b}"\n' for a, b in [("Color", "Colour"),
                   ("Open", "Open"), ("Close", "Close")])  # fmt: skip
    path = write(tmp_path, header + body, "en_GB.po")
    for languages in (("fr", "en"), ("en", "fr")):
        with pytest.raises(InputError, match=r"en_GB\.po: no fr side \(it holds en, en_GB\)"):
            list(read_pairs(path, "po", languages))


def test_a_string_holding_u2028_or_u0085_is_read_whole(tmp_path):
    """A line of a catalogue ends at "\\n" only, as msgfmt reads it: not at U+2028 (LINE
    SEPARATOR) or U+0085 (NEXT LINE), which str.splitlines ends one at."""
    entry = '\nmsgid "Line\u2028one\u0085two"\nmsgstr "Ligne\u2028un\u0085deux"\n'
    pairs = read_pairs(write(tmp_path, HEADER + entry), "po", ("fr", "en"), print)
    assert [tuple(s.split() for s in pair) for pair in pairs] == [
        (["Ligne", "un", "deux"], ["Line", "one", "two"])
    ]


def test_a_malformed_catalogue_is_one_error_naming_its_line(tmp_path):
    path = write(tmp_path, HEADER + '\nmsgid "Open\nmsgstr "Ouvrir"\n')
    with pytest.raises(InputError, match=r"ui\.po:\d+: "):
        list(read_pairs(path, "po", ("fr", "en")))


def test_a_catalogue_not_in_its_charset_is_one_error_naming_the_line_of_the_bad_byte(tmp_path):
    path = tmp_path / "ui.po"
    # a Latin-1 "é" in a catalogue that says UTF-8, on line 38
    path.write_bytes((HEADER + ENTRIES).encode("utf-8") + b'\nmsgid "Caf\xe9"\nmsgstr "x"\n')
    with pytest.raises(InputError, match=r"ui\.po:38: not valid UTF-8 \(byte 0xe9\)"):
        list(read_pairs(str(path), "po", ("fr", "en")))


@pytest.mark.parametrize("codec", ["utf-16", "utf-32"])
def test_a_catalogue_saved_in_utf16_or_utf32_with_its_mark_gives_its_pairs(tmp_path, codec):
    """As `nmt translate` reads it (before: "not valid UTF-8 (byte 0xff)" for a catalogue a
    Windows editor saved as Unicode)."""
    expected = list(read_pairs(write(tmp_path, HEADER + ENTRIES), "po", ("fr", "en")))
    path = tmp_path / "wide.po"
    path.write_bytes((HEADER + ENTRIES).encode(codec))  # its byte order mark first
    assert list(read_pairs(str(path), "po", ("fr", "en"))) == expected != []


def test_compressed_and_compiled_catalogues_give_the_same_pairs(tmp_path):
    path = write(tmp_path, HEADER + ENTRIES)
    expected = list(read_pairs(path, "po", ("fr", "en")))
    with open(path, "rb") as f, gzip.open(tmp_path / "ui.po.gz", "wb") as z:
        z.write(f.read())
    assert format_of(str(tmp_path / "ui.po.gz")) == "po"
    assert list(read_pairs(str(tmp_path / "ui.po.gz"), "po", ("fr", "en"))) == expected
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    subprocess.run(["msgfmt", "-o", str(tmp_path / "ui.mo"), path], check=True)
    compiled = list(read_pairs(str(tmp_path / "ui.mo"), "po", ("fr", "en")))
    assert sorted(compiled) == sorted(expected)  # a .mo is sorted by msgid


@pytest.mark.parametrize("kept", [12, 20, 28, -5])  # its first bytes (-5: all but its last 5)
def test_a_compiled_catalogue_cut_short_is_one_error_naming_it(tmp_path, kept):
    import polib

    po = polib.POFile()
    po.metadata = {"Language": "fr", "Content-Type": "text/plain; charset=UTF-8"}
    po.append(polib.POEntry(msgid="Open", msgstr="Ouvrir"))
    po.save_as_mofile(str(tmp_path / "whole.mo"))
    path = tmp_path / "ui.mo"
    path.write_bytes((tmp_path / "whole.mo").read_bytes()[:kept])
    with pytest.raises(InputError, match=r"ui\.mo:1: not a compiled catalogue"):
        list(read_pairs(str(path), "po", ("fr", "en")))


def test_a_word_with_its_marker_inside_loses_it_and_code_copied_as_it_is_keeps_it(tmp_path):
    body = "".join(
        f'\nmsgid "{en}"\nmsgstr "{fr}"\n'
        for en, fr in [
            ("E_xport...", "E_xporter..."),
            ("M_odule:", "M_odule :"),
            ("Set max_len first", "Réglez max_len d'abord"),
            ("Value %AVERAGE_VALUE", "Valeur %AVERAGE_VALUE"),
            ("Step at the _horizontal mean", "Pas à la moyenne _horizontale"),
        ]
    )
    pairs = list(read_pairs(write(tmp_path, HEADER + body), "po", ("fr", "en")))
    assert pairs == [
        ("Exporter...", "Export..."),
        ("Module :", "Module:"),
        ("Réglez max_len d'abord", "Set max_len first"),
        ("Valeur %AVERAGE_VALUE", "Value %AVERAGE_VALUE"),
        ("Pas à la moyenne horizontale", "Step at the horizontal mean"),
    ]


UI = Path(__file__).resolve().parents[2] / "shared" / "data" / "software" / "libreoffice-ui-fr"


@pytest.mark.skipif(not UI.is_dir(), reason="../shared/data/software is not beside the repository")
def test_the_libreoffice_catalogues_give_their_pairs_without_access_keys():
    pairs = [p for po in sorted(UI.glob("*.po")) for p in read_pairs(str(po), "po", ("fr", "en"))]
    assert len(pairs) == 28_455  # 28,447 entries, 8 of them plural
    marked = [p for p in pairs if re.search(r"(?<![\w%$])[~_][^\W\d_]", " ".join(p))]
    # one string left: "_Couleur d'écla_irage" has two markers, so neither is a mnemonic
    assert len(marked) == 1, marked
