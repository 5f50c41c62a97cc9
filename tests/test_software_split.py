"""The LibreOffice development split (tests/benchmarks/software_split.py), the filter that keeps
it out of training, and the short-segment set (tests/benchmarks/short_segments.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))

from short_segments import Segment, names, names_kept, read_set, seg_key  # noqa: E402
from software_split import (  # noqa: E402
    SOFTWARE,
    build,
    catalogue_pairs,
    dev_catalogues,
    fold,
    id_texts,
    in_split,
    read_heldout,
)

CATALOGUE = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=n > 1;\n"

msgctxt "a"
msgid "~Update..."
msgstr "Mise à jo~ur..."

msgctxt "b"
msgid "%1 file"
msgid_plural "%1 files"
msgstr[0] "%1 fichier"
msgstr[1] "%1 fichiers"

#, fuzzy
msgid "Close"
msgstr "Fermer"

msgid "Untranslated"
msgstr ""

msgid "First line\nSecond line"
msgstr "Première ligne\nDeuxième ligne"

msgid "One line"
msgstr "Une\nligne"

#~ msgid "Old"
#~ msgstr "Ancien"
'''

PAGE = """<html><body><header id="TopLeftHeader"><p>LibreOffice Help</p></header>
<div id="DisplayArea"><h1 id="hd_1">{title}</h1>
<table id="tab"><tr><td id="cell"><p id="par_2">{cell}</p></td></tr></table>
<p id="par_3">{same}</p></div><footer><p id="bm_module">x</p></footer></body></html>"""


def test_a_dev_catalogue_pairs_msgstr0_with_msgid_without_markers_fuzzy_or_obsolete(tmp_path):
    path = tmp_path / "sb.po"
    path.write_text(CATALOGUE, encoding="utf-8")
    assert list(catalogue_pairs(path)) == [
        ("Mise à jour...", "Update..."),
        ("%1 fichier", "%1 file"),
        ("Première ligne", "First line"),
        ("Deuxième ligne", "Second line"),
    ]


def test_a_help_page_gives_the_innermost_elements_with_an_id_inside_the_text():
    texts = id_texts(PAGE.format(title="Macros  <b>Basic</b>", cell="Cell", same="Same"))
    assert texts == {"hd_1": "Macros Basic", "par_2": "Cell", "par_3": "Same"}


def software(tmp_path, catalogue=CATALOGUE):
    """A ``software`` folder: 30 catalogues, sb.po among them, and two help modules."""
    import io
    import tarfile

    ui = tmp_path / "software" / "libreoffice-ui-fr"
    ui.mkdir(parents=True)
    for k in range(30):  # position 17 of the sorted list is sb.po, as in LibreOffice's
        name = "sb" if k == 17 else f"{chr(97 + k // 26)}{chr(97 + k % 26)}"
        (ui / f"{name}.po").write_text(catalogue, encoding="utf-8")
    pages = {
        "en-US/text/sbasic/a.html": PAGE.format(title="Macros", cell="Cell", same="Same"),
        "fr/text/sbasic/a.html": PAGE.format(title="Les macros", cell="Cellule", same="Same"),
        "en-US/text/scalc/b.html": PAGE.format(title="Sheet", cell="Row", same="x"),
        "fr/text/scalc/b.html": PAGE.format(title="Feuille", cell="Ligne", same="y"),
    }
    with tarfile.open(tmp_path / "software" / "libreoffice-help-en-fr.tar.xz", "w:xz") as tar:
        for name, html in pages.items():
            data = html.encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return tmp_path / "software"


def test_the_split_pairs_help_paragraphs_by_id_and_drops_untranslated_ones(tmp_path):
    sizes = build(tmp_path / "out", seed=1, software=software(tmp_path))
    assert (tmp_path / "out" / "dev-help-all.fr").read_text() == "Les macros\nCellule\n"
    assert (tmp_path / "out" / "dev-help-all.en").read_text() == "Macros\nCell\n"
    assert sizes["dev-ui-all"] == 4  # five catalogues, the same four pairs: de-duplicated
    assert (tmp_path / "out" / "dev-ui.fr").read_text().splitlines() == [
        "Mise à jour...", "%1 fichier", "Première ligne", "Deuxième ligne"]
    heldout = read_heldout(tmp_path / "out" / "heldout.txt")
    assert in_split("Les ~Macros", "something else", heldout)
    assert in_split("autre chose", "UPDATE...", heldout)
    assert in_split("Première ligne Deuxième ligne", "x", heldout)  # a string of lines, whole
    assert in_split("Une ligne", "x", heldout)  # dropped from the pairs, still held out
    assert not in_split("Feuille", "Sheet", heldout)  # scalc is not in the split


def test_held_out_as_measured_the_split_lets_its_other_strings_be_trained_on(tmp_path):
    one_word = CATALOGUE + 'msgid "Cancel"\nmsgstr "Annuler"\n'
    build(tmp_path / "all", seed=1, software=software(tmp_path / "a", one_word))
    build(tmp_path / "measured", 1, software(tmp_path / "m", one_word), hold="measured")
    whole = read_heldout(tmp_path / "all" / "heldout.txt")
    measured = read_heldout(tmp_path / "measured" / "heldout.txt")
    assert in_split("Annuler", "Cancel", whole)
    assert not in_split("Annuler", "Cancel", measured)  # one word: not in the dev-ui sample
    assert in_split("%1 fichier", "x", measured)  # a placeholder: placement is measured on it
    assert in_split("Mise à jour...", "x", measured)  # in the sample
    assert in_split("Les macros", "x", measured)  # in the dev-help sample


def test_a_training_pair_is_in_the_split_when_its_source_or_target_folds_into_it():
    heldout = frozenset({fold("Mise à jo~ur..."), fold("~Update...")})
    assert fold("MISE À JOUR...") == fold("Mise à jo~ur...") == "mise à jour..."
    assert in_split("Mise\u00a0à  jour...", "Refresh", heldout)
    assert in_split("Actualiser", "_Update...", heldout)
    assert not in_split("Mise à jour", "Update", heldout)  # punctuation is not folded


def test_a_name_is_a_capitalised_reference_word_the_source_holds_not_the_first():
    segment = Segment(
        "Le train de Lucas part de Saint-Malo vendredi.",
        "Lucas's train leaves Saint-Malo on Friday.",
        "name",
    )
    assert names(segment) == ["Saint-Malo"]  # Lucas is first, Friday is not in the source
    assert names_kept(segment, "The train of Lucas leaves Saint-Malo.")
    assert not names_kept(segment, "Lucas's train leaves Saint-Malot.")


def test_an_exact_match_ignores_case_spaces_apostrophes_and_final_punctuation():
    assert seg_key("Save as…") == seg_key("save as...") == seg_key("Save  as")
    assert seg_key("Let’s go!") == seg_key("let's go")
    assert seg_key("Save as") != seg_key("Save")


def test_the_short_segment_set_has_each_category_and_a_name_in_every_name_sentence():
    segments = read_set()
    counts = {c: sum(s.category == c for s in segments) for c in ("label", "phrase", "name")}
    assert len(segments) >= 170 and min(counts.values()) >= 30
    assert len({seg_key(s.source) for s in segments}) == len(segments)
    assert all(names(s) for s in segments if s.category == "name")
    labels = [s.source.split() for s in segments if s.category == "label"]
    assert all(1 <= sum(any(c.isalnum() for c in w) for w in words) <= 4 for words in labels)


@pytest.mark.skipif(not SOFTWARE.is_dir(), reason="../shared/data/software is not here")
def test_the_split_takes_every_sixth_catalogue_by_name():
    assert [p.stem for p in dev_catalogues()] == ["cui", "fps", "sb", "sm", "vcl"]
