"""Names copied as written: which words are names to copy (the model's known words decide), how
a misspelt name in a translation is put back by its spelling, and how a line whose translation
lost a name is translated again with the name passed through."""

from __future__ import annotations

import dataclasses
import re
import shlex

import pytest
from conftest import README, translated_lines

from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.names import (
    acronyms_lost,
    acronyms_to_copy,
    copy_names,
    first_names,
    kept_names,
    kept_spans,
    name_spans,
    names_lost,
    names_to_copy,
    near,
    source_words,
    swapped_back,
    taught_names,
)
from nmt_cli.inference.options import TranslatorOptions
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.translator import AGAIN_WORDS, Translator
from nmt_cli.model import build_model
from nmt_cli.model.bundle import load_bundle, save_bundle
from nmt_cli.model.config import ModelConfig
from nmt_cli.protect.names import (
    WordCounts,
    acronym_to_copy,
    capital_tells_names,
    copyable,
    parameter_name,
    product_names,
)
from nmt_cli.search.options import SearchOptions

pytest_plugins = ["model_fixtures"]

KNOWN = {"Parlement", "Londres", "pierre", "Octobre"}


def counts_of(pairs) -> WordCounts:
    counts = WordCounts()
    for src, tgt in pairs:
        counts.add(src, tgt)
    return counts


def test_a_word_the_data_translates_is_known_and_one_it_copies_is_not():
    counts = counts_of(
        [("Le Parlement siège.", "Parliament sits."), ("Amélie dort.", "Amélie sleeps.")] * 3
    )
    known = counts.known()
    assert "Parlement" in known
    assert "Amélie" not in known


def test_a_word_seen_often_is_known_even_when_copied():
    counts = counts_of([("Il va à Paris.", "He goes to Paris.")] * 10)
    assert "Paris" in counts.known()
    assert "Paris" not in counts.known(seen=11)


def test_a_name_seen_once_and_translated_is_known_a_lowercase_word_seen_once_is_not():
    known = counts_of([("Il visite Londres et une ferme.", "He visits London and a farm.")]).known()
    assert "Londres" in known
    assert "ferme" not in known


@pytest.mark.parametrize(
    ("word", "copied"),
    [
        ("Montpellier", True),
        ("Clermont-Ferrand", True),
        ("O'Neil", True),
        ("Parlement", False),  # known: the data translates it
        ("Pierre", False),  # its lowercase form is a known word
        ("Anglo-saxons", False),  # a compound, not a name
        ("TGV", False),  # an acronym: the model copies those itself
        ("montpellier", False),
    ],
)
def test_which_words_are_names_to_copy(word, copied):
    assert copyable(word, KNOWN) is copied


def test_a_sentence_first_word_is_never_a_name_to_copy():
    assert names_to_copy("Montpellier accueille Amélie.", KNOWN) == {2: "Amélie"}


def test_the_first_names_are_the_sentences_first_words_that_would_be_names_elsewhere():
    line = "Montpellier accueille Amélie. L'Arizona aussi. Parlement ouvert. M. Yvon part."
    assert first_names(line, KNOWN) == {0: "Montpellier", 3: "Arizona"}  # elided L' left out


def test_the_target_words_are_every_word_a_target_side_holds():
    counts = counts_of([("il dort", "He sleeps."), ("Amélie lit.", "Amélie reads.")])
    assert counts.written == {"He", "sleeps", "Amélie", "reads"}


def test_a_first_name_is_put_back_only_over_a_word_the_target_sides_never_held():
    source = "Arnaud joue au football."
    firsts = first_names(source, KNOWN)
    shown = {"plays", "football", "Align", "align"}
    text = copy_names({}, "Arraud plays football.", source_words(source), firsts, shown)
    assert text == "Arnaud plays football."
    assert copy_names({}, "Arraud plays football.", (), firsts, shown | {"arraud"}) == (
        "Arraud plays football."  # a word the model was shown: its own
    )
    artagnan = first_names("D'Artagnan arrive.", KNOWN)
    assert copy_names({}, "D'Artagnan arrives.", (), artagnan, shown) == "D'Artagnan arrives."
    alignez = first_names("Alignez les objets.", KNOWN)
    assert alignez == {0: "Alignez"}  # taught too rarely to be known
    assert copy_names({}, "Align objects.", (), alignez, shown) == "Align objects."


def test_a_first_name_the_model_swapped_for_a_name_it_knows_goes_back_over_it():
    known = KNOWN | {"Tom", "Ken", "Get"}  # taught as names: their lowercase forms are unknown
    written = {"Tom", "took", "the", "train", "get", "up", "Align", "objects"}
    source = "Théo a pris le train."
    firsts = first_names(source, known)
    assert firsts == {0: "Théo"}

    def back(text: str, src: str = source) -> str:
        return swapped_back(src, text, first_names(src, known), known, written)

    assert back("Tom took the train.") == "Théo took the train."
    assert back("Tom's train left.") == "Théo's train left."
    # not where the name does not start a sentence, nor where two sentences start with one
    assert back("Then Tom took it.") == "Then Tom took it."
    assert back("Tom left. Ken too.") == "Tom left. Ken too."
    # not a name the source holds too, nor a word whose lowercase form is written ("get"),
    # nor one the model was not taught as a name
    assert back("Tom sees Tom.", "Théo voit Tom.") == "Tom sees Tom."
    assert back("Get up your team.", "Emballez votre équipe.") == "Get up your team."
    assert back("Align objects.", "Alignez les objets.") == "Align objects."


def test_a_name_the_model_was_taught_goes_back_only_over_a_word_never_written():
    known = KNOWN | {"Guillaume", "octobre"}
    source = "Je vais à Londres avec Guillaume."
    taught = taught_names(source, known)
    assert taught == {3: "Londres", 5: "Guillaume"}
    assert taught_names("Il part en Octobre.", known) == {}  # its lowercase form is known
    shown = {"I", "go", "to", "London", "with"}
    text = copy_names({}, "I go to London with Guill.", source_words(source), taught, shown)
    assert text == "I go to London with Guillaume."  # "London" is a word the model was shown
    assert copy_names({}, "I go to London with Guill.", (), taught, shown | {"Guill"}) == (
        "I go to London with Guill."
    )


def test_a_french_elision_and_punctuation_are_not_part_of_the_name():
    assert names_to_copy("Le tournoi d'Arcachon, à Nîmes.", KNOWN) == {2: "Arcachon", 4: "Nîmes"}


def test_an_apostrophe_inside_a_name_is_the_name_s_own():
    assert names_to_copy("Demandez à O'Neil et à D'Artagnan.", KNOWN) == {
        2: "O'Neil",
        5: "D'Artagnan",
    }
    assert names_to_copy("Il pense qu'Amélie dort.", KNOWN) == {2: "Amélie"}  # qu' elided


def test_a_near_spelling_is_replaced_by_the_name_with_its_punctuation():
    names = {5: "Montpellier"}
    text = "Théo took the train for Montpelline, this morning."
    assert copy_names(names, text) == "Théo took the train for Montpellier, this morning."


def test_an_english_possessive_stays_after_the_name():
    assert (
        copy_names({3: "Sébastien"}, "Sabastian's parcel arrived.") == "Sébastien's parcel arrived."
    )


def test_accents_and_case_alone_make_a_near_spelling():
    assert near("Amélie", "Amelie")
    assert near("Mérignac", "Merignac")


def test_each_name_takes_its_nearest_spelling_and_a_word_is_replaced_once():
    names = {5: "Amélie", 7: "Jérôme"}
    text = "We had dinner with Jerosme and Amelie."
    assert copy_names(names, text) == "We had dinner with Jérôme and Amélie."
    assert copy_names({1: "Nantes"}, "Nates and Nates") == "Nantes and Nates"
    assert copy_names({1: "Nantes", 4: "Nantes"}, "Nates and Nates") == "Nantes and Nantes"


def test_a_translated_or_dropped_name_is_left_as_the_model_wrote_it():
    assert not near("Varsovie", "Warsaw")
    assert copy_names({2: "Varsovie"}, "He lives in Warsaw.") == "He lives in Warsaw."
    assert copy_names({5: "Quimper"}, "The doctor receives what you want.") == (
        "The doctor receives what you want."
    )
    assert names_to_copy("Il vit à Londres.", KNOWN) == {}  # near London, but the data taught it


def test_a_word_of_the_source_or_a_lowercase_word_is_never_replaced():
    source = source_words("Marie et Maria vont à Chambéry.")
    assert copy_names({1: "Marie"}, "Maria and her go.", source) == "Maria and her go."
    assert copy_names({1: "Chambéry"}, "the chamber is open") == "the chamber is open"


def test_a_translation_keeps_its_spacing_when_no_name_is_replaced():
    text = "Amélie  sleeps."
    assert copy_names({0: "Amélie"}, text) == text


def _model(tokenizer):
    config = ModelConfig(emb_size=16, hidden_size=16, dropout=0.0)
    return build_model(config, tokenizer.vocab_size, tokenizer.vocab_size)


def test_known_words_round_trip_through_a_model_directory(tmp_path, small_tokenizer):
    model = _model(small_tokenizer)
    known, written = frozenset({"Parlement", "été"}), frozenset({"Parliament", "summer"})
    save_bundle(tmp_path / "m", model, small_tokenizer, known_words=known, target_words=written)
    assert load_bundle(tmp_path / "m").known_words == known
    assert load_bundle(tmp_path / "m").target_words == written
    save_bundle(tmp_path / "plain", model, small_tokenizer)
    assert load_bundle(tmp_path / "plain").known_words is None
    assert load_bundle(tmp_path / "plain").target_words is None


def test_export_keeps_the_known_words(tmp_path, small_tokenizer, run_cli):
    save_bundle(
        tmp_path / "m",
        _model(small_tokenizer),
        small_tokenizer,
        known_words=frozenset({"Parlement"}),
        target_words=frozenset({"Parliament"}),
    )
    result = run_cli(["export", tmp_path / "m", "--output", tmp_path / "out"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "out" / "known-words.txt").read_text(encoding="utf-8") == "Parlement\n"
    assert (tmp_path / "out" / "target-words.txt").read_text(encoding="utf-8") == "Parliament\n"


def test_names_are_copied_from_french_but_not_from_german_whose_nouns_are_capitalised():
    assert capital_tells_names("fr")
    assert capital_tells_names(None)
    assert not capital_tells_names("de")


def test_the_readme_examples_of_names_print_as_shown(run_cli):
    """With the shipped model: the name comes back as written, and as the model spelt it with
    --no-copy-names."""
    section = README.read_text(encoding="utf-8").split("#### Names")[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL).group(1)
    examples = re.findall(r"^\$ (nmt translate [^\n]+)\n([^\n]+)$", block, re.MULTILINE)
    assert len(examples) == 2
    for command, shown in examples:
        result = run_cli(shlex.split(command)[1:])
        assert result.exit_code == 0, result.stderr
        assert result.stdout == shown + "\n"


def test_a_word_after_a_sentence_end_is_a_first_word_but_not_after_an_abbreviation():
    line = "Il pleut à Brest. Yvon part. M. Fournier arrive ! Gaëlle reste."
    assert [line[a:b] for a, b in name_spans(line, KNOWN)] == ["Brest", "Fournier"]
    assert names_to_copy(line, KNOWN) == {3: "Brest", 7: "Fournier"}


def test_a_name_span_leaves_out_the_elision_and_the_punctuation():
    line = "Le tournoi d'Arcachon, à Nîmes."
    assert [line[a:b] for a, b in name_spans(line, KNOWN)] == ["Arcachon", "Nîmes"]


def test_a_translation_lost_a_name_when_one_is_not_among_its_words():
    assert names_lost("Il va à Quimper.", "He goes what you want.", KNOWN)
    assert not names_lost("Il va à Quimper.", "He goes to Quimper.", KNOWN)
    assert not names_lost("Il va à Londres.", "He goes to London.", KNOWN)  # taught: not a name


def test_a_translation_lost_a_name_when_it_holds_it_fewer_times_than_the_source():
    """fr-en wrote `Mise à jour de Chrome 120 vers Chrome 121.` as "Update 120 to Chrome 121"."""
    line = "Mise à jour de Chrome 120 vers Chrome 121."
    assert names_lost(line, "Update 120 to Chrome 121", KNOWN)
    assert not names_lost(line, "Update from Chrome 120 to Chrome 121.", KNOWN)


def test_translate_keeps_a_name_written_twice_before_its_numbers(run_cli):
    (out,) = translated_lines(
        run_cli, ["Mise à jour de Chrome 120 vers Chrome 121."], "-m", "fr-en"
    )
    assert "Chrome 120" in out and "Chrome 121" in out, out


def test_with_names_the_untaught_names_are_masked_as_spans_of_their_own(small_tokenizer):
    protection = SpanProtection(small_tokenizer, ("fr", "en"), known=KNOWN)
    line = "Écrivez à Gaëlle via https://Exemple.fr/Quimper ou à Londres."
    assert list(protection.mask(line).spans) == protection.finder.find(line)  # names: the model's
    named = protection.mask(line, facts=True)
    assert [(s.kind, s.text) for s in named.spans] == [
        ("name", "Gaëlle"),
        ("url", "https://Exemple.fr/Quimper"),  # a name inside a span is the span's
    ]
    assert "Gaëlle" not in named.text


def _translator(model_dir, known, written=None, **options):
    bundle = dataclasses.replace(
        load_bundle(model_dir),
        known_words=frozenset(known),
        target_words=frozenset(written) if written is not None else None,
    )
    search_calls: list[int] = []
    loaded = LoadedModel(bundle)
    search = loaded.search

    def counted(sources, *args, **kwargs):
        search_calls.append(len(sources))
        return search(sources, *args, **kwargs)

    loaded.search = counted
    return Translator(loaded, SearchOptions(beam=2), TranslatorOptions(**options)), search_calls


def test_a_line_that_lost_a_name_is_translated_again_with_the_name_passed_through(model_dir):
    """A tiny German-English model never writes "Quimperlé": the second pass gives it back."""
    translator, calls = _translator(model_dir, {"Mann", "Hund", "Park"})
    lines = ["Ein Hund im Park.", "Ein Mann läuft mit Quimperlé im Park."]
    out = translator.translate(lines)
    assert out[1][0].text.split().count("Quimperlé") == 1
    assert calls == [2, 1]  # only the line that lost its name is searched again
    assert out[0][0].text == translator.translate(["Ein Hund im Park."])[0][0].text


def test_without_copy_names_a_lost_name_stays_lost(model_dir):
    translator, calls = _translator(model_dir, {"Mann"}, copy_names=False)
    out = translator.translate(["Ein Mann läuft mit Quimperlé im Park."])
    assert "Quimperlé" not in out[0][0].text
    assert calls == [1]


def test_a_line_longer_than_again_words_is_not_translated_twice(model_dir):
    translator, calls = _translator(model_dir, {"Mann", "Hund", "Park"})
    long_line = "Ein Mann läuft mit Quimperlé im Park " + "und ein Hund " * 8  # 31 words
    assert len(long_line.split()) == AGAIN_WORDS + 1
    translator.translate([long_line])
    assert calls == [1]


def test_a_long_line_of_short_sentences_is_translated_again(model_dir):
    translator, calls = _translator(model_dir, {"Mann", "Hund", "Park"})
    line = "Ein Mann läuft mit Quimperlé im Park. " + "Ein Hund läuft im Park. " * 6
    assert len(line.split()) > AGAIN_WORDS
    out = translator.translate([line.strip()])
    assert calls == [7, 7]  # each of its sentences, twice
    assert out[0][0].text.split().count("Quimperlé") == 1


def test_a_name_between_tags_is_a_name_to_copy():
    line = 'Signalé par <a href="/aide">Gaëlle</a> et <b>Maëlle</b>.'
    assert [line[a:b] for a, b in name_spans(line, KNOWN)] == ["Gaëlle", "Maëlle"]
    assert names_lost(line, 'Reported by <a href="/aide">Gaitical</a> and <b>Maëlle</b>.', KNOWN)


# Acronyms: a word in capitals is copied where the model's training targets wrote it so, or
# where the model was taught no form of it; one the data translates stays the model's.
WRITTEN = {"UNO", "API", "SQL", "PPE", "EPP", "Hello"}
KNOWN_CAPS = {*KNOWN, "UNO", "API", "ONU", "PPE", "enregistrer"}


@pytest.mark.parametrize(
    ("word", "copied"),
    [
        ("UNO", True),  # known, and English targets held it in capitals
        ("XSCRIPTCONTEXT", True),  # never taught: copied as a name the model was not taught
        ("ONU", False),  # known, never written: the data translates it ("UN")
        ("ENREGISTRER", False),  # a word in capitals whose lowercase form is known
        ("A", False),  # one letter
        ("Uno", False),  # not in capitals: a name's business
    ],
)
def test_which_words_in_capitals_are_acronyms_to_copy(word, copied):
    assert acronym_to_copy(word, KNOWN_CAPS, WRITTEN) is copied


def test_acronyms_are_copied_wherever_they_stand_but_not_glued_to_other_characters():
    line = "UNO fournit l'API de %PRODUCTNAME et $(ARG1) sous GNU/Linux pour l'ONU."
    assert acronyms_to_copy(line, KNOWN_CAPS, WRITTEN) == {0: "UNO", 2: "API"}
    assert acronyms_to_copy(line, KNOWN_CAPS, ()) == {}  # without the target words: none


def test_a_shouted_line_has_no_acronyms_to_copy():
    assert acronyms_to_copy("NE PAS OUVRIR LE FICHIER XSCRIPTCONTEXT", KNOWN_CAPS, WRITTEN) == {}


def test_a_misspelt_acronym_is_put_back_only_over_a_word_never_written():
    """Like a sentence's first word: `PPE` is known and Europarl's English writes it, but the
    model's "EPP" (written) is its translation and stays."""
    source = "Le contexte XSCRIPTCONTEXT de l'interface UNO, et le groupe PPE."
    text = "The XSCRIPTCONTX context of the UNIO interface, and the EPP group."
    firsts = acronyms_to_copy(source, KNOWN_CAPS, WRITTEN)
    assert copy_names({}, text, source_words(source), firsts, WRITTEN) == (
        "The XSCRIPTCONTEXT context of the UNO interface, and the EPP group."
    )
    cut = "Une interface UNO concrète"  # "UN" is written, but it is UNO cut short
    firsts = acronyms_to_copy(cut, KNOWN_CAPS, {*WRITTEN, "UN"})
    assert copy_names({}, "A concrete UN interface", set(), firsts, {*WRITTEN, "UN"}) == (
        "A concrete UNO interface"
    )
    start = "L'IBAN est obligatoire."  # "BAN" is written, but it is IBAN cut at its start
    firsts = acronyms_to_copy(start, {*KNOWN_CAPS, "IBAN"}, {*WRITTEN, "IBAN", "BAN"})
    assert copy_names({}, "BAN is compulsory.", set(), firsts, {*WRITTEN, "IBAN", "BAN"}) == (
        "IBAN is compulsory."
    )
    plural = acronyms_to_copy("Les URL sont relatives.", set(), {"URL"})
    assert copy_names({}, "The URLs are relative.", set(), plural, {"URL"}) == (
        "The URLs are relative."  # a plural holds the acronym
    )


def test_a_translation_lost_an_untaught_acronym_it_lacks_unless_it_holds_one_of_its_own():
    source = "La variable XSCRIPTCONTEXT et l'API UNO"
    assert acronyms_lost(source, "The variable and the UNO API", KNOWN_CAPS, WRITTEN) == {
        "XSCRIPTCONTEXT"
    }
    assert acronyms_lost(source, "The variable and the API", KNOWN_CAPS, WRITTEN) == {
        "XSCRIPTCONTEXT"  # UNO is taught: put back by its spelling only, never searched again
    }
    assert not acronyms_lost(source, "The XSCRIPTCONTEXTs and the API", KNOWN_CAPS, WRITTEN)
    assert not acronyms_lost(source, "The XSC variable and the API", KNOWN_CAPS, WRITTEN)
    assert names_lost(source, "The variable and the API", KNOWN_CAPS, WRITTEN)
    assert not names_lost(source, "The variable and the API", KNOWN_CAPS)  # names only


def test_with_facts_only_the_acronyms_a_translation_lost_are_masked(small_tokenizer):
    protection = SpanProtection(small_tokenizer, ("fr", "en"), known=KNOWN_CAPS, written=WRITTEN)
    line = "La variable XSCRIPTCONTEXT de l'API, pas l'ONU."
    named = protection.mask(line, facts=True, acronyms={"XSCRIPTCONTEXT"})
    assert [(s.kind, s.text) for s in named.spans] == [("name", "XSCRIPTCONTEXT")]
    assert not protection.mask(line, facts=True).spans  # none lost: the model's own


def test_a_line_that_lost_an_acronym_is_translated_again_with_it_passed_through(model_dir):
    """The tiny model was taught no form of "UNOXSC": it is copied."""
    translator, calls = _translator(model_dir, {"Mann", "Park"}, written={"A"})
    out = translator.translate(["Ein Mann läuft im Park.", "Ein Mann läuft mit UNOXSC im Park."])
    assert out[1][0].text.split().count("UNOXSC") == 1
    assert calls[-1] == 1  # the line that lost it, searched again


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ('sortorder : il peut s\'agir de "ASC" (par défaut) ou "DESC".', "sortorder"),
        ("aDate: la date à convertir", "aDate"),
        ("  destinationcell : la cellule de destination.", "destinationcell"),
    ],
)
def test_a_parameter_s_untaught_name_that_starts_a_line_is_kept(line, name):
    """fr-en translated LibreOffice's help's parameter names: `sortorder :` "Fills:",
    `destinationcell :` "View:", and dropped `newname :`."""
    start, end = parameter_name(line, KNOWN | {"date"})
    assert line[start:end] == name


@pytest.mark.parametrize(
    "line",
    ["date : une date.", "Pierre : un nom.", "Voir sortorder : ici.", "sortorder :", "a:b c"],
)
def test_a_taught_word_a_word_inside_a_line_or_a_colon_with_nothing_after_is_no_parameter(line):
    assert parameter_name(line, KNOWN | {"date"}) is None


def test_translate_keeps_the_name_of_the_parameter_a_line_describes(run_cli):
    line = "newname : le nouveau nom de la feuille."
    result = run_cli(["translate", line])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("newname:"), result.stdout


def test_a_hyphenated_name_that_starts_a_line_is_copied_as_written(run_cli):
    """fr-en spelt it piece by piece ("Thanan-Prererere Dubois met..."): a word whose every
    part has a capital is a name even first, passed through where the translation lost it."""
    [out] = translated_lines(
        run_cli, ["Jean-Pierre Dubois a rencontré le maire à Lyon."], "-m", "fr-en"
    )
    assert out.startswith("Jean-Pierre Dubois "), out


def test_the_names_a_first_translation_kept_are_passed_through_by_the_second_search():
    line = "Jean-Pierre Dubois a rencontré Marie Curie à Lyon."
    first = "Thanan-Prererere Dubois met Marie Curie to Lyon."
    known = {"Marie", "marie", "Jean"}
    assert kept_names(line, first, known) == {"Marie"}  # Curie, Lyon: names to copy already
    assert [line[a:b] for a, b in kept_spans(line, {"Marie"})] == ["Marie"]


def test_a_second_search_keeps_a_first_name_the_first_search_kept(run_cli):
    """fr-en kept "Marie" the first time; once "Jean-Pierre" (spelt "Thanan-Prererere") and
    "Curie" were passed through, it wrote "Mary Curie"."""
    [out] = translated_lines(
        run_cli, ["Jean-Pierre Dubois a rencontré Marie Curie à Lyon en 1905."], "-m", "fr-en"
    )
    assert out.startswith("Jean-Pierre Dubois ") and "Marie Curie" in out, out


@pytest.mark.parametrize(
    "word", ["Aix-en-Provence", "Boulogne-sur-Mer", "Saint-Germain-des-Prés", "Plessis-lès-Tours"]
)
def test_a_hyphenated_place_name_with_small_link_words_is_a_name_to_copy(word):
    assert copyable(word, KNOWN)
    assert names_to_copy(f"Nous irons à {word}.", KNOWN) == {3: word}
    assert first_names(f"{word} est loin.", KNOWN) == {}  # a name even first: not a first word


@pytest.mark.parametrize("word", ["Va-t-en", "Rendez-vous", "Aix-en", "Arc-en-ciel"])
def test_a_hyphenated_word_that_does_not_end_in_a_name_is_no_name(word):
    assert not copyable(word, KNOWN)


def test_a_hyphenated_name_the_model_wrote_apart_is_not_written_beside_its_part():
    """fr-en wrote ``Marie-Claude Lefèvre`` "Mary Claude Lefèvre": "Claude" made "Mary
    Marie-Claude"; the name stays lost, for the second search to pass it through."""
    source = "Hier, Marie-Claude Lefèvre dirige le service."
    names = names_to_copy(source, KNOWN)
    text = "Yesterday, Mary Claude Lefèvre leads the service."
    assert copy_names(names, text, source_words(source)) == text
    assert names_lost(source, text, KNOWN)
    fixed = copy_names(names, "Yesterday, Mary-Claud Lefèvre leads.", source_words(source))
    assert fixed == "Yesterday, Marie-Claude Lefèvre leads."


@pytest.mark.parametrize(
    "line, kept",
    [
        ("Marie-Claude Lefèvre dirige le service depuis 2019.", "Marie-Claude Lefèvre leads"),
        ("Nous irons à Saint-Étienne puis à Aix-en-Provence.", "Aix-en-Provence"),
    ],
)
def test_a_hyphenated_name_is_translated_as_written_and_alone(run_cli, line, kept):
    """fr-en wrote "Mary Marie-Claude Lefèvre..." (a word added) and "Aix-en-Provance"."""
    [out] = translated_lines(run_cli, [line], "-m", "fr-en")
    assert kept in out and "Mary" not in out, out


@pytest.mark.parametrize(
    "line, product",
    [
        ("Le modèle iPhone 15 Pro Max coûte 1 479 €", "iPhone 15 Pro Max"),
        ("La PlayStation 5 Pro est sortie.", "PlayStation 5 Pro"),
        ("Mettez à jour votre iPad Mini 6 ce soir.", "iPad Mini 6"),
        ("Il utilise macOS Sonoma au bureau.", "macOS Sonoma"),
    ],
)
def test_a_product_s_name_is_one_name_kept_whole(small_tokenizer, line, product):
    protection = SpanProtection(small_tokenizer, ("fr", "en"), known=KNOWN)
    assert ("name", product) in [(s.kind, s.text) for s in protection.mask(line).spans]


@pytest.mark.parametrize("line", ["Il a un iPhone Le matin il lit.", "Sur YouTube on voit tout."])
def test_a_brand_alone_or_before_a_sentence_is_no_product_s_name(line):
    assert product_names(line) == []


def test_translate_keeps_a_product_s_name_whole(run_cli):
    """fr-en wrote "The iPhone type 15 Pro cost €1,479": "Max" lost."""
    [out] = translated_lines(run_cli, ["Le modèle iPhone 15 Pro Max coûte 1 479 €"], "-m", "fr-en")
    assert "iPhone 15 Pro Max" in out and "€1,479" in out, out
