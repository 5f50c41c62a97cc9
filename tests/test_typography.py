"""The source's ellipsis character, which the tokenizer's NFKC normalisation writes as three
full stops, comes back in the translation; so does a sentence's full stop and a dash between its
words (an en or em dash, not the hyphen the model writes), and a text that ends in a word gets
none. An English article agrees with the word after it; an English date that puts its month
first has a comma before its year."""

from __future__ import annotations

import pytest

from nmt_cli.inference.articles import agreed
from nmt_cli.inference.typography import (
    comma_before_year,
    drop_full_stop,
    finished,
    keep_bracket_runs,
    keep_closing_bracket,
    keep_dashes,
    keep_ellipsis,
    keep_full_stop,
)


def test_a_source_ellipsis_character_is_given_back():
    assert keep_ellipsis("Enregistrer sous…", "Save as...") == "Save as…"


def test_no_more_ellipses_than_the_source_has():
    assert keep_ellipsis("Attendez…", "Wait... and... see") == "Wait… and... see"


def test_a_source_with_full_stops_keeps_the_model_s_dots():
    assert keep_ellipsis("Ouvrir... puis fermer…", "Open... then close...") == (
        "Open... then close..."
    )
    assert keep_ellipsis("Ouvrir le fichier", "Open the file...") == "Open the file..."


def test_a_longer_run_of_dots_is_not_an_ellipsis():
    assert keep_ellipsis("Attendez…", "Wait.....") == "Wait....."


def test_translate_gives_an_interface_string_its_ellipsis_back(run_cli):
    result = run_cli(["translate", "Enregistrer sous…"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.rstrip("\n").endswith("…")


@pytest.mark.parametrize(
    "source, translation, expected",
    [
        ("Aide – Paramètres", "Help - Parameters", "Help – Parameters"),
        ("– Ouvrir le fichier", "- Open file", "– Open file"),  # a list's dash
        ("Pages 10 – 20", "Pages 10 - 20", "Pages 10 – 20"),
        ("Oui – non — peut-être", "Yes - no - maybe", "Yes – no — maybe"),  # the source's order
        ("Le chat — dit-il — dort.", "The cat — he says - sleeps.", "The cat — he says — sleeps."),
    ],
)
def test_a_dash_between_words_comes_out_as_the_source_wrote_it(source, translation, expected):
    assert keep_dashes(source, translation) == expected


def test_only_the_source_s_dashes_replace_hyphens():
    assert keep_dashes("Aide – Paramètres", "Help - Parameters - All") == "Help – Parameters - All"
    assert keep_dashes("Paris - Lyon – Nice", "Paris - Lyon - Nice") == "Paris - Lyon - Nice"
    assert keep_dashes("Un bon-à-tirer", "A good - to - print") == "A good - to - print"
    assert keep_dashes("Les pages 10–20", "The pages 10-20") == "The pages 10-20"  # a range's


def test_translate_keeps_an_en_dash_between_words(run_cli, tmp_path):
    result = run_cli(["translate", "-m", "fr-en", "Aide – Paramètres"])
    assert result.exit_code == 0, result.stderr
    assert " – " in result.stdout and " - " not in result.stdout
    page, out = tmp_path / "page.html", tmp_path / "out.html"
    page.write_text("<title>Aide &ndash; Paramètres</title><p>Pages 10–20</p>", encoding="utf-8")
    result = run_cli(["translate", "-m", "fr-en", "-i", page, "-o", out, "--threads", "1"])
    assert result.exit_code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "<title>Help &ndash; " in text and " - " not in text and "10–20" in text


def test_a_sentence_keeps_its_full_stop_where_the_translation_ends_in_a_word():
    source = "Prévisualise les graphiques animés, tels que les images GIF."
    assert keep_full_stop(source, "Previews animated graphics such as GIF images") == (
        "Previews animated graphics such as GIF images."
    )
    assert keep_full_stop("Nombre ordinal incorrect. ", "Invalid ordinal number 2") == (
        "Invalid ordinal number 2."
    )


def test_only_a_full_stop_the_translation_lacks_after_a_word_is_given_back():
    assert keep_full_stop("Fermer.", "Close.") == "Close."
    assert keep_full_stop("Fermer", "Close") == "Close"  # the source has none
    assert keep_full_stop("Attendez...", "Wait") == "Wait"  # an ellipsis is the model's
    assert keep_full_stop("Il a dit « oui ».", "He said “yes”") == "He said “yes”"
    assert keep_full_stop("Voir (page 3).", "See (page 3)") == "See (page 3)"
    # a sentence whose translation lost a placeholder: its span is put back at the end
    assert keep_full_stop("LE POSTE <ph0>, S'IL VOUS PLAIT.", "POST") == "POST"
    # a placeholder ends a word: "... to https://example.com/a" lacked the URL's full stop
    assert keep_full_stop("Le poste <ph0>.", "Extension <ph0>") == "Extension <ph0>."


def test_a_sentence_keeps_its_exclamation_mark_where_the_translation_ends_in_a_stop_or_a_word():
    """fr-en wrote `Merci pour votre commande !` as "Thank you for your command."."""
    source = "Merci pour votre commande !"
    assert keep_full_stop(source, "Thank you for your command.") == "Thank you for your command!"
    assert keep_full_stop("Au secours\u00a0!", "Help") == "Help!"
    assert keep_full_stop("Le poste <ph0> !", "Extension <ph0>.") == "Extension <ph0>!"


def test_translate_keeps_an_exclamation_mark(run_cli):
    result = run_cli(["translate", "-m", "fr-en", "Merci pour votre commande !"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.rstrip().endswith("!"), result.stdout


def test_only_an_exclamation_mark_written_as_a_full_stop_after_a_word_is_given_back():
    assert keep_full_stop("Vraiment ?", "Really.") == "Really."  # a question: the model's
    assert keep_full_stop("Quoi ?!", "What.") == "What."
    assert keep_full_stop("Attendez !", "Wait...") == "Wait..."  # an ellipsis
    assert keep_full_stop("Et cetera !", "And so on, etc.") == "And so on, etc."
    assert keep_full_stop("Dis « oui » !", "Say “yes”.") == "Say “yes”."
    assert keep_full_stop("LE POSTE <ph0> !", "POST.") == "POST."  # a span lost: put back after


def test_a_text_that_ends_in_a_word_gets_no_full_stop():
    assert drop_full_stop("Mettre à jour maintenant", "Move update now.") == "Move update now"
    assert drop_full_stop("Fichier : <ph0>", "File: <ph0>.") == "File: <ph0>"
    assert drop_full_stop("Le vote à 12 heures ", "The vote at 12 o'clock. ") == (
        "The vote at 12 o'clock"
    )


def test_only_a_full_stop_the_source_lacks_after_a_word_is_taken_away():
    assert drop_full_stop("Fermer.", "Close.") == "Close."  # the source has one
    assert drop_full_stop("Attendez…", "Wait.") == "Wait."
    assert drop_full_stop("Chargement", "Loading...") == "Loading..."  # an ellipsis
    assert drop_full_stop("Pommes, poires, etc", "Apples, pears, etc.") == "Apples, pears, etc."
    assert drop_full_stop("Rendez-vous à 15 h", "See you at 3 p.m.") == "See you at 3 p.m."
    assert drop_full_stop("Voir (page 3)", "See (page 3).") == "See (page 3)."  # after a bracket


def test_a_sentence_that_ends_before_a_span_keeps_its_stop_where_the_span_moves_first():
    """``Fichier enregistré.\\n``, a string's trailing escape: fr-en wrote "<ph0> File saved.",
    whose stop, the source's own, was taken away ("\\n File saved")."""
    assert drop_full_stop("Fichier enregistré.<ph0>", "<ph0> File saved.") == "<ph0> File saved."
    assert drop_full_stop("Terminé. <ph0>", "Done. <ph0>.") == "Done. <ph0>"  # one of its own


def test_translate_gives_a_label_no_full_stop_of_its_own(run_cli):
    result = run_cli(["translate", "Mettre à jour maintenant"])
    assert result.exit_code == 0, result.stderr
    assert not result.stdout.rstrip("\n").endswith(".")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Returns a expression and a array.", "Returns an expression and an array."),
        ("A optional value. An system error.", "An optional value. A system error."),
        (
            "Shows an progress bar and an hyperbolic sine.",
            "Shows a progress bar and a hyperbolic sine.",
        ),
        ("Wait a hour for an honest answer.", "Wait an hour for an honest answer."),
    ],
)
def test_an_english_article_agrees_with_the_sound_of_its_word(text, expected):
    """The shipped fr-en wrote "a expression", "A optional", "an progress" on LibreOffice's help."""
    assert agreed(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "a euro, a one-way street, a user, an update",  # spelling does not tell the sound
        "an SQL query, a NATO summit, a 8, a <ph0>",  # nor in capitals, a number, a placeholder
        "Use a over b, or a and b.",  # a variable
        "Use type A ink.",  # a label
        "The verb in il a appelé",
    ],
)
def test_an_article_the_spelling_cannot_decide_is_left_as_written(text):
    assert agreed(text) == text


def test_translate_makes_an_english_article_agree(run_cli):
    # the model's own translation (LibreOffice's memory holds the line: "Object with ...")
    result = run_cli(["translate", "--no-model-memory", "Un objet ayant le même nom existe déjà."])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "An object with the same name already exists.\n"


def test_a_translation_prints_no_broken_character_its_source_has_not():
    """The model may write bytes that make no character (fr-en: `Šternberk` "�berternberk"):
    a word loses them; one of nothing else stays, as the alignment counts it."""
    assert finished("Le district de Šternberk", "The � district of �berternberk�", "en", ()) == (
        "The � district of berternberk"
    )
    assert finished("Le caractère \ufffd.", "The \ufffd sign.", "en", ()) == "The \ufffd sign."


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        (  # fr-en dropped it after a number inside the brackets
            "Saisissez votre mot de passe (<ph0> caractères minimum).",
            "Enter your password (<ph0> minimum characters.",
            "Enter your password (<ph0> minimum characters).",
        ),
        (
            "Le délai (hors week-end)",
            "The deadline (outside weekend",
            "The deadline (outside weekend)",
        ),
        ("Voir [aide] !", "See [help!", "See [help]!"),
    ],
)
def test_a_closing_bracket_that_ends_the_source_is_given_back(source, text, expected):
    assert keep_closing_bracket(source, text) == expected
    assert finished(source, text, "en", ()) == expected


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("Un texte (entre parenthèses).", "A text (in brackets)."),  # kept: nothing lost
        ("Un texte (entre parenthèses) suivi.", "A text (in brackets followed."),  # not at the end
        ("Un smiley :-) ici (oui).", "A smiley :-) here (yes."),  # the source's are unbalanced
        ("Un texte (entre parenthèses).", "A text in brackets."),  # none opened: none closed
        # the model opened one more than the source: not closed twice ("[ [Islamic..., ndlr]]")
        ("Au « fiqh » [jurisprudence, ndlr].", "The “fiqh” [ [prudence, ndlr]."),
    ],
)
def test_a_translation_is_left_as_it_is_where_no_closing_bracket_at_its_end_was_lost(source, text):
    assert keep_closing_bracket(source, text) == text


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        (  # fr-en wrote the two closing brackets once
            "Cochez la case (voir [Aide] (chapitre <ph0>)) avant de continuer.",
            "Select the box (see [Help] (chapter <ph0>) before continuing.",
            "Select the box (see [Help] (chapter <ph0>)) before continuing.",
        ),
        (
            "Ouvrez le menu Outils (ou Extras (Mac)) pour modifier la langue.",
            "Open the Tools menu (or Extras (Mac) to change the language.",
            "Open the Tools menu (or Extras (Mac)) to change the language.",
        ),
        ("Voir (a [b (c)]), puis d.", "See (a [b (c), then d.", "See (a [b (c)]), then d."),
    ],
)
def test_a_closing_bracket_written_against_another_is_given_back(source, text, expected):
    assert keep_bracket_runs(source, text) == expected
    assert finished(source, text, "en", ()) == expected


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("Le rapport (version (2)) paru.", "The report (version (2)) out."),  # nothing lost
        ("Le rapport (version (2)) paru.", "The report version (2) out."),  # one opened fewer
        ("Le rapport (a (b) c) paru.", "The report (a (b) c out."),  # not after a bracket
        ("Un smiley :-)) ici (oui).", "A smiley :-) here (yes)."),  # the source's unbalanced
        ("Le tableau (a [b]) suit.", "The table (a [b) follows."),  # not the bracket it lost
    ],
)
def test_a_translation_whose_brackets_are_not_the_source_s_but_for_a_run_is_left_as_it_is(
    source, text
):
    assert keep_bracket_runs(source, text) == text


def test_translate_keeps_every_closing_bracket_of_nested_brackets(run_cli):
    lines = [
        "Cochez la case (voir [Aide] (chapitre 3)) avant de continuer.",
        "Le fichier (rapport.pdf (2 Mo)) a été envoyé.",
        "Activez l'option (Affichage (Zoom)) dans la barre.",
    ]
    result = run_cli(
        ["translate", "-m", "fr-en", "--threads", "1"], input="\n".join(lines).encode()
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert len(out) == 3
    for line in out:
        assert line.count("(") == line.count(")") and line.count("[") == line.count("]"), line
    assert "(rapport.pdf (2 MB))" in out[1]


def test_an_english_date_with_its_month_first_has_a_comma_before_its_year():
    assert comma_before_year("le 4 décembre 2026", "on December 4 2026") == "on December 4, 2026"
    assert comma_before_year("", "May 12 1809 and June 3 2000.") == "May 12, 1809 and June 3, 2000."
    for text in ["on December 4, 2026", "on 4 December 2026", "in May 2020", "March 32 2000"]:
        assert comma_before_year("", text) == text
    # a source that writes it so: as written
    assert comma_before_year("December 4 2026", "December 4 2026") == "December 4 2026"


def test_translate_writes_the_comma_of_a_date_the_model_wrote_month_first(run_cli):
    result = run_cli(["translate"], input="Mis à jour le 4 décembre 2026\n".encode())
    assert result.exit_code == 0, result.stderr
    assert "December 4, 2026" in result.stdout


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        ("Le chat & le chien dorment.", "The cat& dog sleeping.", "The cat & dog sleeping."),
        ("Recherche & Développement", "Research &Development", "Research & Development"),
        ("AT&T et Orange & SFR", "AT&T and Orange& SFR", "AT&T and Orange & SFR"),  # a name's
        ("AT&T et Orange", "AT&T and Orange", "AT&T and Orange"),  # no ampersand standing alone
    ],
)
def test_an_ampersand_standing_alone_in_the_source_stands_alone_in_the_translation(
    source, text, expected
):
    assert finished(source, text, "en", ()) == expected
