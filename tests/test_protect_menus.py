"""A menu path is one span: the sentence is translated around it, and each of its labels on
its own, between its arrows as written."""

from __future__ import annotations

import inspect
import re
import sys

import pytest

from nmt_cli.inference.menus import with_menus
from nmt_cli.protect.menus import menu_joined, menu_parts
from nmt_cli.protect.placeholders import RESERVED, mask
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.training.placeholders import mask_pair


def paths(line: str, language: str | None = "fr") -> list[str]:
    return [s.text for s in SpanFinder(language=language).find(line) if s.kind == "menu"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # the first label: the nearest word with a capital, not the verb that starts a sentence
        ("Utilisez Insertion ▸ Image.", ["Insertion ▸ Image"]),
        (
            "Cochez Outils ▸ Options ▸ %PRODUCTNAME ▸ Avancé.",
            ["Outils ▸ Options ▸ %PRODUCTNAME ▸ Avancé"],
        ),
        # ... with the small words of its label after it
        (
            "au-dessus de la Barre d'état ▸ De droite à gauche.",
            ["Barre d'état ▸ De droite à gauche"],
        ),
        # the last label ends where the sentence goes on: a conjunction, punctuation
        ("via Insertion ▸ Image ou faites glisser une image", ["Insertion ▸ Image"]),
        (
            "Avec Affichage ▸ Figer les cellules ▸ Figer la première ligne, vous pouvez",
            ["Affichage ▸ Figer les cellules ▸ Figer la première ligne"],
        ),
        ("Format ▸ Cellules, sous l'onglet Nombres", ["Format ▸ Cellules"]),
        ("Édition ▸ Rechercher & remplacer vous permet", ["Édition ▸ Rechercher & remplacer"]),
        # ... and holds four words at most
        (
            "Outils ▸ Détective ▸ Marquer les données incorrectes met en évidence les cellules",
            ["Outils ▸ Détective ▸ Marquer les données incorrectes"],
        ),
        # an ellipsis is the label's
        (
            "cliquez sur Fichier ▸ Imprimer… ▸ Onglet %PRODUCTNAME Impress et sélectionnez Notes",
            ["Fichier ▸ Imprimer… ▸ Onglet %PRODUCTNAME Impress"],
        ),
        ("Fichier ▸ Enregistrer sous...", ["Fichier ▸ Enregistrer sous..."]),
        # a regular expression is no label
        (
            "Édition ▸ Chercher & remplacer ▸ \\([^)]+\\) (cochez",
            ["Édition ▸ Chercher & remplacer"],
        ),
        # two paths joined by a conjunction
        (
            "Affichage ▸ Diapo maîtresse puis Diapo ▸ Nouvelle diapo maîtresse",
            ["Affichage ▸ Diapo maîtresse", "Diapo ▸ Nouvelle diapo maîtresse"],
        ),
        # ... but a label between two arrows may hold the conjunction before a small word
        (
            "Paramètres > Confidentialité et sécurité > Cookies",
            ["Paramètres > Confidentialité et sécurité > Cookies"],
        ),
        (
            "Ouvrez Outils ▸ Options de sécurité et confidentialité ▸ Avancé puis cliquez",
            ["Outils ▸ Options de sécurité et confidentialité ▸ Avancé"],
        ),
        # in brackets
        ("(ou utilisez Outils ▸ Détective).", ["Outils ▸ Détective"]),
        # > and → join labels with capitals only
        ("Cochez Outils > Options.", ["Outils > Options"]),
        ("Si x > 0 alors", []),
        ("Si Total > 0 alors", []),
        ("Si Text1 > Text2, la fonction renvoie 1", []),
        ("Si A > B alors", []),
        # a page's breadcrumbs: › as > is (read as words, a link came out empty, its › moved)
        ("Accueil › Produits › Chaussures", ["Accueil › Produits › Chaussures"]),
        ("Allez dans Outils › Options puis cliquez", ["Outils › Options"]),
        ("Si x › 0 alors", []),
        # a route: after the last → only words with a capital, the sentence goes on after them
        ("Le billet Paris → Lyon coûte 29 € en 2de classe.", ["Paris → Lyon"]),
        ("Le train Paris → Lyon Part-Dieu part à 8 h.", ["Paris → Lyon Part-Dieu"]),
        ("Outils > Options → Avancé", ["Outils > Options → Avancé"]),
        ("Outils → Options > Avancé", ["Outils → Options > Avancé"]),
    ],
)
def test_a_path_runs_from_its_first_label_to_its_last(line, expected):
    assert paths(line) == expected


def test_an_english_sentence_s_path_ends_at_an_english_conjunction():
    assert paths("Choose Tools ▸ Options and click OK.", "en") == ["Tools ▸ Options"]


def test_a_word_ends_a_last_label_only_in_its_own_language():
    line = "Choisissez Format ▸ Puces and numbering"  # "and" is English's
    assert paths(line, "fr") == ["Format ▸ Puces and numbering"]
    assert paths(line, "en") == ["Format ▸ Puces"]


def test_a_path_is_its_labels_between_its_arrows_as_written():
    labels, arrows = menu_parts("Outils ▸ Options\u00a0▸ Avancé")
    assert labels == ["Outils", "Options", "Avancé"]
    assert arrows == [" ▸ ", "\u00a0▸ "]
    assert (
        menu_joined(["Tools", "Options", "Advanced"], arrows) == "Tools ▸ Options\u00a0▸ Advanced"
    )


def _masked(line: str):
    spans = SpanFinder(language="fr").find(line)
    return mask(line, spans, [s.text for s in spans], RESERVED)


def test_each_label_is_translated_once_and_the_path_given_back_translated():
    asked = []

    def translate(labels):
        asked.append(labels)
        return [{"Outils": "Tools.", "Options": "Options", "Avancé": "Advanced"}[x] for x in labels]

    lines = ["Cochez Outils ▸ Options ▸ Avancé.", "Ouvrez Outils ▸ Options", "Rien ici"]
    out = with_menus([_masked(x) for x in lines], translate)
    assert asked == [["Outils", "Options", "Avancé"]]  # one batch, each label once
    # a label's translation has no sentence end its label has not
    assert out[0].outputs == ("Tools ▸ Options ▸ Advanced",)
    assert out[1].outputs == ("Tools ▸ Options",)
    assert out[0].text == "Cochez <ph0>."  # the model reads the sentence around one placeholder
    assert out[2].spans == ()


def test_words_in_angle_brackets_in_a_sentence_are_translated_their_brackets_kept():
    """``<dès aujourd'hui>`` (in a page, ``&lt;dès aujourd'hui&gt;``) read as a tag stayed
    French in the English sentence; its words are translated as a label, between its brackets.
    A tag, or a file's name in brackets, is kept as written."""

    def translate(labels):
        return [{"dès aujourd'hui": "today"}[x] for x in labels]

    out = with_menus(
        [_masked("Inscrivez-vous <dès aujourd'hui> pour recevoir nos offres.")], translate
    )
    assert out[0].outputs == ("<today>",)
    for kept in ("Tapez <b>ok</b>.", "Ouvrez <mon document.odt>.", '<font size="1">x</font>'):
        assert "bracketed" not in [s.kind for s in SpanFinder(language="fr").find(kept)]


def test_lines_without_a_path_ask_for_no_translation():
    def translate(labels):
        raise AssertionError(labels)

    assert with_menus([_masked("Cochez la case.")], translate)[0].text == "Cochez la case."


def test_training_pairs_a_path_with_the_target_s_path_of_as_many_labels():
    pair = mask_pair(
        SpanFinder(),
        "Cochez Outils ▸ Options ▸ Avancé puis Fichier ▸ Enregistrer.",
        "Check Tools ▸ Options ▸ Advanced, then File ▸ Save.",
        ("fr", "en"),
    )
    assert pair is not None
    assert pair.src.text == "Cochez <ph0> puis <ph1>."
    assert pair.tgt.text == "Check <ph0>, then <ph1>."


def test_training_leaves_a_path_unmasked_where_the_target_has_no_path_like_it():
    pair = mask_pair(
        SpanFinder(), "Cochez Outils ▸ Options.", "Check Tools, Options.", ("fr", "en")
    )
    assert pair is None


def test_translate_gives_each_label_of_a_path_its_place(run_cli):
    # read as words of the sentence, "Sécurité" and the last label were dropped:
    # "Select Tools ▸ Options ▸ %PRODUCTNAME ▸ Options ▸ Options ▸ Options to see passwords."
    line = (
        "Cochez Outils ▸ Options ▸ %PRODUCTNAME ▸ Sécurité ▸ Options ▸ Options de sécurité "
        "pour voir les mots de passe."
    )
    result = run_cli(["translate", line])
    assert result.exit_code == 0, result.stderr
    assert "Tools ▸ Options ▸ %PRODUCTNAME ▸ Security ▸ Options ▸ Security Options" in result.stdout


def test_a_catalogue_s_path_comes_out_translated_label_by_label(run_cli, tmp_path):
    # read as words of the sentence, the first label was dropped: "Use ▸ Toolbars ▸ Formattings."
    po = tmp_path / "ui.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n\n'
        'msgid "Utilisez Affichage ▸ Barres d\'outils ▸ Formatage."\nmsgstr ""\n',
        encoding="utf-8",
    )
    out = tmp_path / "ui.en.po"
    result = run_cli(["translate", "-i", po, "-o", out])
    assert result.exit_code == 0, result.stderr
    assert re.search(r'msgstr "Use \w+ ▸ Toolbars ▸ Formatting\."', out.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Cliquez sur « Mettre à jour » puis sur « Redémarrer ».",
            ["« Mettre à jour »", "« Redémarrer »"],
        ),
        ("Choisissez « Annuler » ou « OK ».", ["« Annuler »", "« OK »"]),
        # a comma and a conjunction: « Terminer » was left in French ("then on “Terminer”")
        ("Cliquez sur « Suivant », puis sur « Terminer ».", ["« Suivant »", "« Terminer »"]),
        ('Click "Next", and then on "Finish".', ['"Next"', '"Finish"']),
        ('Cochez la case "Se souvenir de moi".', ['"Se souvenir de moi"']),
        ("L'onglet “Affichage” est masqué.", ["“Affichage”"]),
        # a label of up to eight words: fr-en, given its words, wrote ``Cochez « Masquer les
        # fichiers protégés du système d'exploitation ».`` "“Select the protected files of the
        # operating system”."
        (
            "Cochez « Masquer les fichiers protégés du système d'exploitation ».",
            ["« Masquer les fichiers protégés du système d'exploitation »"],
        ),
        # a quotation in prose is not a label: no word names one
        ("Un cours simplement intitulé « La fin du monde ».", []),
        ("« Nous sommes inquiets » et « Prudents », a-t-il dit.", []),
        # a label's first letter may be small after a word that names one: fr-en, given its
        # words, wrote ``Le message « fichier introuvable » apparaît.`` "The “file message is
        # not” found."
        ("Le message « fichier introuvable » apparaît.", ["« fichier introuvable »"]),
        ("Le bouton « valider » est grisé.", ["« valider »"]),
        ("Cochez l'option « ne pas déranger ».", ["« ne pas déranger »"]),
        ("Cliquez sur « annuler ».", []),
        # an error's or a warning's text: fr-en wrote ``Le message d'erreur « Accès refusé »
        # s'affiche.`` "The error message “refused to” display."
        ("Le message d'erreur « Accès refusé » s'affiche.", ["« Accès refusé »"]),
        ("Un avertissement « Espace disque faible » apparaît.", ["« Espace disque faible »"]),
        ("Cliquez sur « Enregistrer. Puis quittez » ici.", []),
        # a value to type, its first letter small too: fr-en, given its words, wrote
        # ``Saisissez « oui » ou « non ».`` "“Enter” or “not”."
        ("Saisissez « oui » ou « non ».", ["« oui »", "« non »"]),
        ("Tapez « oui » pour continuer.", ["« oui »"]),
        ("Il a dit « oui » à tout.", []),
    ],
)
def test_a_quoted_label_after_a_word_that_names_it_is_a_path_of_one_label(line, expected):
    assert paths(line) == expected


def test_translate_translates_a_quoted_value_to_type_on_its_own(run_cli):
    result = run_cli(["translate", "-m", "fr-en", "Saisissez « oui » ou « non »."])
    assert result.exit_code == 0, result.stderr
    assert "“yes” or “no”" in result.stdout, result.stdout


def test_translate_translates_a_quoted_label_with_a_small_first_letter_on_its_own(run_cli):
    result = run_cli(["translate", "-m", "fr-en", "Le message « fichier introuvable » apparaît."])
    assert result.exit_code == 0, result.stderr
    assert "“file not found”" in result.stdout, result.stdout


def test_translate_keeps_the_meaning_of_a_long_quoted_label(run_cli):
    line = "Cochez « Masquer les fichiers protégés du système d'exploitation »."
    result = run_cli(["translate", "-m", "fr-en", line])
    assert result.exit_code == 0, result.stderr
    assert "“Hide " in result.stdout, result.stdout


def test_a_line_of_many_quoted_labels_is_read_once_not_once_per_label():
    """Each label after « X » ou was checked by reading every label before it again, each check
    a frame deeper: a line of 300 labels took 16 s, one of 1,000 ran out of frames. Here the
    frames left are fewer than the labels."""
    line = "Cliquez sur" + " « Annuler » ou" * 150 + " « OK »."
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 100)
    try:
        found = paths(line)
    finally:
        sys.setrecursionlimit(limit)
    assert found == ["« Annuler »"] * 150 + ["« OK »"]
