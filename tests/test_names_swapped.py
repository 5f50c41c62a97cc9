"""Names the model swapped for others are put back (nmt_cli/inference/swapped.py): an acronym
for another acronym, a first name for its English form; their tables (model/name_tables.py) and
how tests/benchmarks/names_table.py counts them."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

from conftest import translated_lines

from nmt_cli.inference.swapped import (
    acronyms_back,
    first_names_back,
    label_names_back,
    lone_first_names_back,
    put_back,
    shouted_first_names_back,
)
from nmt_cli.model import build_model
from nmt_cli.model.bundle import load_bundle, save_bundle
from nmt_cli.model.config import ModelConfig
from nmt_cli.model.name_tables import write_pairs

sys.path.insert(0, str(Path(__file__).resolve().parent / "benchmarks"))
from names_table import Counts  # noqa: E402

pytest_plugins = ["model_fixtures"]

ENGLISH = {"TVA": "VAT", "ONU": "UN", "OTAN": "NATO", "PME": "SME"}


def test_an_acronym_the_model_swapped_for_another_is_put_back_as_written():
    line = "Indiquez l'IBAN de votre compte."
    assert acronyms_back(line, "Specify the BSE of your account.", ENGLISH) == (
        "Specify the IBAN of your account."
    )


def test_an_acronym_is_put_back_as_written_over_one_that_is_not_its_english_one():
    line = "Le prix inclut la TVA."
    assert acronyms_back(line, "The price include TV.", ENGLISH) == "The price include TVA."


def test_an_acronym_s_english_one_stays_and_an_english_plural_keeps_its_s():
    line = "L'ONU, l'OTAN et les PME."
    assert acronyms_back(line, "The UN, NATO and SMEs.", ENGLISH) == "The UN, NATO and SMEs."
    assert acronyms_back("Les IBAN sont faux.", "BSEs are false.", {}) == "IBANs are false."


def test_an_acronym_is_put_back_only_over_one_in_its_place_and_paired_one_for_one():
    # far from its place: the model's "TV" translates télé, the acronym was dropped
    far = "MM. Dupont et Durand regardent la télé."
    assert acronyms_back(far, "Messrs Dupont and Durand watch TV.", {}) == (
        "Messrs Dupont and Durand watch TV."
    )
    two = "La BCE et le FMI."  # two lacking, one held: which is which is not told
    assert acronyms_back(two, "The ABC.", {}) == "The ABC."
    assert acronyms_back("Le SMIC augmente.", "The minimum wage rises.", {}) == (
        "The minimum wage rises."
    )


def test_an_acronym_beside_a_number_is_a_currency_or_a_unit_and_stays():
    """fr-en wrote ``le bien-être de l'UE de 33 milliards d'euros`` "the welfare of EUR 33
    billion": the EU dropped, the euros kept."""
    line = "Le bien-être de l'UE augmente de 33 milliards d'euros."
    text = "The welfare of EUR 33 billion increases."
    assert acronyms_back(line, text, ENGLISH | {"UE": "EU"}) == text
    masked = "The welfare of EUR <ph0> billion increases."  # as the translator puts names back
    assert acronyms_back(line.replace("33", "<ph0>"), masked, {"UE": "EU"}) == masked


def test_translate_keeps_a_currency_s_code_beside_its_number(run_cli):
    """Europarl valid's line 3881: fr-en dropped the EU and wrote the euros "EUR"."""
    line = (
        "Le rapport de Copenhagen Economics a conclu que l'élimination bilatérale des barrières "
        "non tarifaires profiterait tant aux entreprises qu'aux consommateurs et augmenterait le "
        "bien-être économique de l'UE de 33 milliards d'euros et celui du Japon de 18 milliards."
    )
    [out] = translated_lines(run_cli, [line], "-m", "fr-en")
    assert "EUR 33 billion" in out and "UE" not in out, out


def test_no_acronym_is_put_back_in_a_line_that_shouts_words():
    """``ENREGISTRER`` is read apart in capitals (its small letters are known): "SAVE" is its
    translation."""
    bundle = SimpleNamespace(target_words={"Click"}, acronyms=ENGLISH, first_names=None)
    out = [[SimpleNamespace(text="Click SAVE.")]]
    put_back(["Cliquez sur ENREGISTRER."], [False], out, {"enregistrer"}, bundle)
    assert out[0][0].text == "Click SAVE."


def test_a_first_name_the_model_put_in_english_is_put_back_before_the_surname():
    line = "Marie Curie a découvert le radium."
    assert first_names_back(line, "Mary Curie discovered the radium.", {"Marie"}) == (
        "Marie Curie discovered the radium."
    )
    line = "Hier, Pierre Dupont a vu la voiture de Jean Martin."
    text = "Yesterday, Peter Dupont saw John Martin's car."
    out = first_names_back(line, text, {"Pierre", "Jean"})
    assert out == "Yesterday, Pierre Dupont saw Jean Martin's car."


def test_a_first_name_and_surname_the_model_both_translated_are_put_back():
    """fr-en wrote ``François Hollande a rencontré...`` "French Holland met...", ``Le président
    François Hollande`` "President François Holland"."""
    names = {"François"}
    line = "François Hollande a rencontré Angela Merkel."
    assert first_names_back(line, "French Holland met Angela Merkel.", names) == (
        "François Hollande met Angela Merkel."
    )
    line = "Le président François Hollande est arrivé."
    assert first_names_back(line, "President François Holland arrived.", names) == (
        "President François Hollande arrived."
    )
    line = "François Hollande est parti en Hollande."  # the name alone is no pair's
    text = "François Hollande left for Holland."
    assert first_names_back(line, text, names) == text


def test_translate_keeps_a_first_name_and_surname_the_model_translated(run_cli):
    (line,) = translated_lines(run_cli, ["François Hollande a rencontré Angela Merkel."])
    assert line.startswith("François Hollande "), line


def test_a_title_or_a_place_the_english_translates_before_a_name_stays_translated():
    """``Monsieur`` and ``Lac`` are no first names: the training data translates them there."""
    names = {"Marie", "Pierre"}
    assert first_names_back("Monsieur Dupont", "Mr Dupont", names) == "Mr Dupont"
    assert first_names_back("Le Lac Victoria", "Lake Victoria", names) == "Lake Victoria"
    assert first_names_back("Pierre, Dupont", "Peter, Dupont", names) == "Peter, Dupont"


WRITTEN = {"Clear", "clear", "Thanks", "arrived", "yesterday", "Mary", "night", "is"}


def test_a_first_name_alone_the_model_misspelt_or_put_in_english_is_put_back():
    """fr-en wrote ``Claire est arrivée hier.`` "Clar arrived yesterday.", ``Merci, Claire.``
    "Thanks Clary.", ``Marie est partie.`` "Mary left."."""
    names = {"Claire", "Marie", "Mary"}
    cases = {
        ("Claire est arrivée hier.", "Clar arrived yesterday."): "Claire arrived yesterday.",
        ("Merci, Claire.", "Thanks Clary."): "Thanks Claire.",
        ("Marie est partie.", "Mary left."): "Marie left.",
        ("Je parle avec Marie et Claire.", "I speak with Mary and Clar."): (
            "I speak with Marie and Claire."
        ),
    }
    for (line, text), expected in cases.items():
        assert lone_first_names_back(line, text, names, WRITTEN) == expected
    bundle = SimpleNamespace(target_words=WRITTEN, acronyms=None, first_names=names)
    out = [[SimpleNamespace(text="Clar arrived yesterday.")]]
    put_back(["Claire est arrivée hier."], [False], out, set(), bundle)
    assert out[0][0].text == "Claire arrived yesterday."


def test_a_word_the_english_writes_stays_where_a_first_name_was_translated():
    """``La nuit est claire.`` is "The night is clear.": "Clear" is a word, not a spelling."""
    names = {"Claire"}
    assert lone_first_names_back("Claire !", "Clear!", names, WRITTEN) == "Clear!"
    assert lone_first_names_back("Il voit Pierre.", "He sees Clar.", names, WRITTEN) == (
        "He sees Clar."
    )


def test_a_first_name_in_capitals_the_model_put_in_english_is_put_back_in_capitals():
    """A speaker's label ``MARIE : Bonjour.`` gave "MARY: Hello.": the model read "Marie"."""
    names = {"Claire", "Marie", "Mary"}
    assert shouted_first_names_back("MARIE", "MARY", names, WRITTEN) == "MARIE"
    assert shouted_first_names_back("MARIE EST PARTIE.", "MARY LEFT.", names, WRITTEN) == (
        "MARIE LEFT."
    )
    assert shouted_first_names_back(
        "LA NUIT EST CLAIRE.", "THE NIGHT IS CLEAR.", names, WRITTEN
    ) == ("THE NIGHT IS CLEAR.")
    bundle = SimpleNamespace(target_words=WRITTEN, acronyms=None, first_names=names)
    out = [[SimpleNamespace(text="MARY:")]]
    put_back(["Marie :"], [True], out, set(), bundle, ["MARIE :"])
    assert out[0][0].text == "MARIE:"


def test_translate_keeps_a_speaker_s_first_name_in_capitals(run_cli):
    (line,) = translated_lines(run_cli, ["MARIE : Merci beaucoup."], "-m", "fr-en")
    assert line.startswith("MARIE:"), line


def _model(tokenizer):
    config = ModelConfig(emb_size=16, hidden_size=16, dropout=0.0)
    return build_model(config, tokenizer.vocab_size, tokenizer.vocab_size)


def test_the_tables_of_names_load_with_the_model_and_go_with_its_export(
    tmp_path, small_tokenizer, run_cli
):
    save_bundle(tmp_path / "m", _model(small_tokenizer), small_tokenizer)
    assert load_bundle(tmp_path / "m").acronyms is None
    write_pairs(tmp_path / "m" / "acronyms.tsv", {"TVA": "VAT", "ONU": "UN"})
    (tmp_path / "m" / "first-names.txt").write_text("Marie\nPierre\n", encoding="utf-8")
    bundle = load_bundle(tmp_path / "m")
    assert bundle.acronyms == {"TVA": "VAT", "ONU": "UN"}
    assert bundle.first_names == {"Marie", "Pierre"}
    result = run_cli(["export", tmp_path / "m", "--output", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "acronyms.tsv").read_text(encoding="utf-8") == "ONU\tUN\nTVA\tVAT\n"
    assert (tmp_path / "out" / "first-names.txt").is_file()


def test_the_acronym_table_pairs_acronyms_the_english_writes_for_the_french_ones():
    counts = Counts(known=frozenset({"conseil"}))
    for _ in range(5):
        counts.add("La TVA et l'ONU.", "VAT and the UN.")
        counts.add("Le PPE vote.", "The PPE votes.")  # copied more often than not
        counts.add("Le PPE vote.", "The EPP votes.")
        counts.add("Le CONSEIL siège.", "The COUNCIL sits.")  # a word shouted
    pairs = counts.acronym_pairs(min_pairs=5)
    assert pairs["TVA"] in {"VAT", "UN"} and pairs["ONU"] in {"VAT", "UN"}
    assert "PPE" not in pairs and "CONSEIL" not in pairs
    counts.add("La TVA.", "The VAT.")
    counts.add("C'est l'ONU.", "It is the UN.")
    assert counts.acronym_pairs(min_pairs=5) == {"TVA": "VAT", "ONU": "UN"}


def test_the_first_names_are_those_the_english_writes_as_they_are_before_a_name():
    counts = Counts(known=frozenset(), written=frozenset({"the", "said"}))
    for _ in range(4):
        counts.add("Marie Curie a dit.", "Marie Curie said.")
        counts.add("The Guardian a dit.", "The Guardian said.")  # an English word
        counts.add("Monsieur Dupont a dit.", "Mr Dupont said.")
        counts.add("Lac Victoria.", "Lake Victoria.")
    counts.add("Marie Curie a dit.", "Mary Curie said.")
    counts.add("Lac Léman.", "Lac Léman.")
    counts.add("Michel Barnier a dit.", "Mr Barnier said.")  # a title in a first name's place
    for _ in range(3):
        counts.add("Michel Barnier a dit.", "Michel Barnier said.")
    assert counts.first_names() == {"Marie", "Michel"}


def test_translate_keeps_names_and_acronyms_the_model_swapped(run_cli):
    """fr-en wrote "Mary Curie discovered the radium.", "Specify the BSE of your account.",
    "The price include TV."."""
    lines = [
        "Marie Curie a découvert le radium.",
        "Indiquez l'IBAN de votre compte.",
        "Le prix inclut la TVA.",
    ]
    first, iban, vat = translated_lines(run_cli, lines, "-m", "fr-en")
    assert first.startswith("Marie Curie "), first
    assert "IBAN" in iban and "BSE" not in iban, iban
    assert "TVA" in vat and "TV." not in vat, vat


def test_translate_still_translates_places_institutions_and_acronyms_english_writes_otherwise(
    run_cli,
):
    lines = ["La Banque mondiale aide l'Allemagne.", "L'ONU et l'OTAN sont à Londres."]
    bank, un = translated_lines(run_cli, lines, "-m", "fr-en")
    assert "World Bank" in bank and "Germany" in bank, bank
    assert "UN" in un and "NATO" in un and "London" in un, un


# the model's target words hold these as written; it was taught "fichier" in small letters
LABEL_WRITTEN = {"Linux", "Google", "Chrome", "Québec", "Fichier", "Europe"}
LABEL_KNOWN = {"Linux", "Google", "Québec", "Fichier", "fichier", "Londres"}


def test_a_label_of_names_the_english_writes_as_they_are_comes_out_as_written():
    assert label_names_back("Linux", "Lines", LABEL_KNOWN, LABEL_WRITTEN) == "Linux"
    assert label_names_back("Google Chrome", "Chrome tab", LABEL_KNOWN, LABEL_WRITTEN) == (
        "Google Chrome"
    )


def test_a_label_the_model_translates_or_spells_without_accents_stays_the_model_s():
    known, written = LABEL_KNOWN, LABEL_WRITTEN
    assert label_names_back("Fichier", "File", known, written) == "File"  # taught small
    assert label_names_back("Londres", "London", known, written) == "London"  # never written
    assert label_names_back("Québec", "Quebec", known, written) == "Quebec"
    assert label_names_back("Linux est libre", "Lines is free", known, written) == (
        "Lines is free"  # a sentence, no label
    )
    assert label_names_back("Linux Europe Chrome", "x", known, written) == "x"
    # another word count: word alignments must stay valid
    assert label_names_back("Linux", "The Lines", known, written) == "The Lines"


def test_translate_keeps_a_product_s_name_as_a_label_and_still_translates_labels(run_cli):
    """fr-en wrote ``Linux`` "Lines" and ``Google Chrome`` "Chrome tab"."""
    lines = ["Linux", "Google Chrome", "Fichier", "Aide", "Paramètres", "Londres"]
    out = translated_lines(run_cli, lines, "-m", "fr-en")
    assert out == ["Linux", "Google Chrome", "File", "Help", "Settings", "London"], out
