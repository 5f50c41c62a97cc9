"""ALL-CAPS input is translated as ordinary text and answered in capitals; a label is read with
its capital and with a small letter, the more probable translation kept; a line that starts
with a small letter has a translation that does too."""

from __future__ import annotations

import json

from conftest import translated_lines

from nmt_cli.inference.casing import (
    capital_first,
    capitalised,
    is_shouted,
    label_read,
    sentence_case,
    small_first,
)


def test_a_line_in_capitals_is_shouted_but_a_capital_word_in_a_sentence_is_not():
    assert is_shouted("JE SUIS MALADE.")
    assert is_shouted("L'ÉTÉ EST LÀ !")
    assert not is_shouted("Je travaille à l'ONU.")
    assert not is_shouted("A")  # one letter
    assert not is_shouted("A B C")  # no word of two capitals
    assert not is_shouted("123 !")


def test_sentence_case_lowers_all_but_the_first_letter():
    assert sentence_case("JE SUIS MALADE.") == "Je suis malade."
    assert sentence_case("« ÇA VA ? »") == "« Ça va ? »"


def test_sentence_case_keeps_an_acronym_to_copy_in_capitals_but_not_a_short_word():
    known, written = {"le", "fichier", "de", "la", "santé"}, {"PDF", "DE", "LA"}
    assert sentence_case("LE FICHIER PDF", known, written) == "Le fichier PDF"
    assert sentence_case("<ph0> PPI", known, written) == "<ph0> PPI"  # taught no form of it
    assert sentence_case("DE LA SANTÉ", known, written) == "De la santé"  # words, not acronyms


def test_sentence_case_keeps_capitals_joined_by_an_ampersand():
    """Read in small letters, ``q&r`` came back "Q&", ``r&d`` "R& RED", ``h&m`` "HE&"."""
    assert sentence_case("Q&R") == "Q&R"
    assert sentence_case("LE SERVICE R&D", {"le", "service"}, set()) == "Le service R&D"


def test_sentence_case_keeps_an_acronym_the_model_was_taught_only_in_capitals():
    """``PME`` is a word of the model's in capitals only: read as ``Pme`` it gave "POSITION";
    kept, the model translates it ("SMES"). One known in small letters is a word shouted."""
    known = {"les", "PME", "TVA", "sida", "SIDA", "le"}
    assert sentence_case("LES PME", known, set()) == "Les PME"
    assert sentence_case("LE SIDA", known, set()) == "Le sida"


def test_an_acronym_in_a_line_in_capitals_comes_out_as_written(run_cli):
    """Read in small letters, the model respelt it ("PDFILE", "PPPI", "PPUT")."""
    lines = ["LE FICHIER PDF EST INTROUVABLE.", "(%1 PPI)", "PPI"]
    result = run_cli(["translate"], input="".join(f"{x}\n" for x in lines).encode())
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert "PDF FILE" in out[0] and out[1] == "(%1 PPI)" and out[2] == "PPI"


def test_capitals_in_give_the_ordinary_translation_in_capitals(run_cli):
    ordinary = run_cli(["translate", "Je suis malade."])
    shouted = run_cli(["translate", "JE SUIS MALADE."])
    assert shouted.exit_code == 0, shouted.stderr
    assert shouted.stdout == ordinary.stdout.upper()
    kept = run_cli(["translate", "--keep-case", "JE SUIS MALADE."])
    assert kept.stdout != shouted.stdout  # the model's own reading of capitals


def test_a_line_in_capitals_around_placeholders_is_shouted_and_read_around_them():
    assert is_shouted("<ph0> : LE FICHIER EST INTROUVABLE.")
    assert not is_shouted("<ph0> : le fichier")
    assert capitalised("<ph0> : le fichier <ph1>.") == "<ph0> : Le fichier <ph1>."


def test_a_line_in_capitals_with_a_placeholder_a_url_or_a_tag_is_translated_in_capitals(run_cli):
    """Its spans' small letters (``%s``, ``{name}``, ``https``, ``<b>``) made it a line in
    ordinary case: its long words in capitals were translated alone, and a short one left in
    French ("%s: LE FILE IS NOT FOUND.", "{name}: LE CAT SLEEP.")."""
    lines = [
        "%s : LE FICHIER EST INTROUVABLE.",
        "{name} : LE CHAT DORT.",
        "LE CHAT DORT : https://exemple.fr",
    ]
    result = run_cli(["translate"], input="".join(f"{x}\n" for x in lines).encode())
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0] == "%s: THE FILE IS NOT FOUND."
    assert out[1].startswith("{name}: THE CAT ")
    assert out[2].startswith("THE CAT ") and out[2].endswith(": https://exemple.fr")
    tagged = run_cli(["translate", "--markup", "none", "<b>LE CHAT DORT.</b>"])
    assert tagged.stdout.startswith("<b>THE CAT ")


def test_a_label_is_a_few_words_from_a_capital_and_small_letters_with_no_sentence_end():
    assert label_read("Annuler") == "annuler"
    assert label_read("Créer un compte") == "créer un compte"
    assert label_read("Éditer le style") == "éditer le style"
    assert label_read("Ouvrir le dossier partagé") is None  # four words
    assert label_read("Bonjour.") is None and label_read("Nom :") is None  # sentence ends
    assert label_read("LibreOffice") is None and label_read("OK") is None  # other capitals
    assert label_read("<ph0> fichiers") is None and label_read("3D") is None
    assert label_read("annuler") is None


def test_capitalised_raises_the_first_letter_only():
    assert capitalised("cancel") == "Cancel"
    assert capitalised("« tip of the day »") == "« Tip of the day »"
    assert capitalised("...") == "..."


def test_a_label_comes_out_as_the_more_probable_of_its_two_readings(run_cli):
    """Whatever the model: the translation of ``Créer un compte`` is that of the reading (as
    written, or ``créer un compte``) whose best translation has the higher log-probability."""
    readings = []
    for text in ("Créer un compte", "créer un compte"):
        result = run_cli(["translate", "--keep-case", "--format", "jsonl", text])
        assert result.exit_code == 0, result.stderr
        readings.append(json.loads(result.stdout))
    best = max(readings, key=lambda r: r["log_prob"])
    result = run_cli(["translate", "Créer un compte"])
    assert result.stdout == capitalised(best["translation"]) + "\n"


WRITTEN = {"email", "address", "string", "english", "monday", "end", "haus", "custom", "member"}


def test_a_translation_starts_small_where_its_source_does():
    """translate-toolkit's startcaps: fr-en wrote `adresse courriel` as "Email address"."""
    assert small_first("adresse courriel", "Email address", "en", WRITTEN) == "email address"
    assert small_first("chaîne vide.", "String empty.", "en", WRITTEN) == "string empty."
    assert small_first("Adresse courriel", "Email address", "en", WRITTEN) == "Email address"


def test_a_command_that_starts_a_line_keeps_its_small_letter():
    """fr-en wrote ``ssh admin@serveur.local`` as "Ssh admin@serveur.local"."""
    assert small_first("ssh <ph0>", "Ssh <ph0>", "en", WRITTEN) == "ssh <ph0>"
    assert small_first("ssh vers <ph0>", "Ssh to <ph0>", "en", WRITTEN) == "ssh to <ph0>"
    assert small_first("vim <ph0>", "Ssh <ph0>", "en", WRITTEN) == "Ssh <ph0>"  # not its word


def test_translate_keeps_a_command_s_small_letter(run_cli):
    assert translated_lines(run_cli, ["ssh admin@serveur.local"]) == ["ssh admin@serveur.local"]


def test_a_translation_that_starts_with_a_one_letter_word_starts_small_too():
    """fr-en wrote `un fichier` as "A file": a one-letter word kept its capital; English's "I"
    is always a capital."""
    written = WRITTEN | {"a", "file", "i", "think"}
    assert small_first("un fichier", "A file", "en", written) == "a file"
    assert small_first("je pense", "I think", "en", written) == "I think"
    assert small_first("à la maison", "À la maison", "fr", {"à", "la"}) == "à la maison"


def test_the_words_after_a_placeholder_or_number_that_starts_a_line_start_small_too():
    """fr-en wrote ``{count} fichiers sélectionnés`` as "{count} Selected files"."""
    written = WRITTEN | {"selected", "files", "items", "found", "file"}
    assert small_first("<ph0> fichiers sélectionnés", "<ph0> Selected files", "en", written) == (
        "<ph0> selected files"
    )
    assert small_first("12 <ph1> fichiers", "12 <ph1> Files", "en", written) == "12 <ph1> files"
    for source, text in [
        ("<ph0> Fichiers", "<ph0> Files"),  # the source's capital
        ("<ph0> anglais", "<ph0> English"),  # a word always capitalised
        ("<ph0> fichiers", "Files <ph0>"),  # the placeholder moved
    ]:
        assert small_first(source, text, "en", written | {"english"}) == text


def test_translate_keeps_the_small_letter_after_a_placeholder_that_starts_a_line(run_cli):
    lines = ["{count} fichiers sélectionnés", "%d fichiers sélectionnés"]
    assert translated_lines(run_cli, lines) == ["{count} selected files", "%d selected files"]


def test_an_icu_plural_branch_that_starts_small_keeps_its_small_letter(run_cli, tmp_path):
    source = tmp_path / "fr.json"
    source.write_text(
        json.dumps({"n": "{n, plural, one {un fichier} other {# fichiers}}", "a": "un fichier"}),
        encoding="utf-8",
    )
    out = tmp_path / "en.json"
    result = run_cli(["translate", "-i", source, "-o", out])
    assert result.exit_code == 0, result.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == {
        "n": "{n, plural, one {a file} other {# files}}",
        "a": "a file",
    }


def test_a_translation_starts_with_a_capital_where_its_source_does():
    """The same check the other way: fr-en wrote `Taille maximale : 20` as "maximum size: 20"."""
    assert capital_first("Taille maximale : 20", "maximum size: 20") == "Maximum size: 20"
    assert capital_first("Cliquez ici.", "click here.") == "Click here."
    for source, text in [
        ("taille maximale", "maximum size"),  # a small letter in the source
        ("TexteÀchercher", "searchEntry"),  # an identifier, humps
        ("Ko", "kB"),  # a unit's symbol
        ("Config.json introuvable", "config.json not found"),  # a file's name
        ("Lancez ls puis cd.", "ls then cd."),  # a word the source holds as written
        ("PDF exporté", "exported PDF"),  # a source in capitals: an acronym, not a sentence
    ]:
        assert capital_first(source, text) == text


def test_a_word_the_source_holds_takes_the_capital_where_the_targets_wrote_it():
    """fr-en dropped the article of ``La version 2.4.1 corrige un bogue.`` and wrote "version
    2.4.1 corrects a bogue.": ``version`` is a word of the source, but a word of the target too,
    not a command the source quotes (``ls``, which the targets never wrote)."""
    written = {"version", "then"}
    source = "La version 2.4.1 corrige un bogue."
    assert capital_first(source, "version 2.4.1 corrects a bug.", written) == (
        "Version 2.4.1 corrects a bug."
    )
    assert capital_first("Lancez ls puis cd.", "ls then cd.", written) == "ls then cd."


def test_translate_gives_a_capital_to_a_sentence_whose_article_the_model_dropped(run_cli):
    out = translated_lines(run_cli, ["La version 2.4.1 corrige un bogue."], "-m", "fr-en")
    assert out[0][:1].isupper() and "2.4.1" in out[0], out[0]


def test_a_word_always_capitalised_a_name_or_code_keeps_its_capital():
    for source, text in [
        ("anglais seulement", "English only"),  # a language (the language table)
        ("lundi matin", "Monday morning"),  # a day
        ("mars prochain", "March next"),  # a month
        ("à Lyon", "Lyon"),  # a word the targets never wrote small: a name
        ("bouton OK", "OK button"),  # capitals
        ("fonction getByName", "GetByName function"),  # humps
        ("onglet Propriétés personnalisées", "Custom Properties tab"),  # a title
        ("membre de la Commission.", "Member of the Commission."),  # a name after it
    ]:
        assert small_first(source, text, "en", WRITTEN) == text
    assert small_first("das haus", "Haus", "de", WRITTEN) == "Haus"  # every noun has one
    assert small_first("adresse courriel", "Email address", "en", ()) == "Email address"


def test_translate_keeps_a_small_first_letter(run_cli):
    result = run_cli(["translate"], input=b"adresse courriel\nanglais seulement\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "email address\nEnglish only\n"


def test_translate_gives_a_capitalised_label_its_capital(run_cli):
    result = run_cli(["translate"], input=b"Taille maximale : 2 048 octets\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "Maximum size: 2,048 bytes\n"
