"""`nmt translate` with the shipped default model passes protected spans through: URLs,
addresses, identifiers, commands, escaped markup and numbers (in English form) come out intact,
one line out per line in, and a line with nothing to protect translates as it would without
protection. A line's scores are those of what the model read and wrote: its placeholders'."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import assert_one_error_line, assert_readme_example_prints_as_shown, translated_lines

from nmt_cli.model.tokenizer import Tokenizer

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

SIX_LINES = [
    "Le rapport complet est en ligne sur https://www.insee.fr/fr/statistiques/7654321.",
    "Les inscriptions se font par courriel à inscriptions@universite-rennes.fr.",
    "Le correctif se trouve dans le commit 9f2c1ab de la branche release-7.3.",
    "Le budget 2025 prévoit 27 306,5 millions d'euros pour la recherche.",
    "Tapez ls -la /var/log dans le terminal pour voir les journaux.",
    "Le mot &lt;em&gt;urgent&lt;/em&gt; doit apparaître en &lt;strong&gt;gras&lt;/strong&gt; "
    "dans le titre.",
]
# What each line's translation must hold, each exactly once.
SPANS = [
    ["https://www.insee.fr/fr/statistiques/7654321"],
    ["inscriptions@universite-rennes.fr"],
    ["9f2c1ab", "release-7.3"],
    ["2025", "27,306.5"],
    ["ls -la /var/log"],
    ["&lt;em&gt;", "&lt;/em&gt;", "&lt;strong&gt;", "&lt;/strong&gt;"],
]
NOTHING_TO_PROTECT = [
    "Il fait froid ce matin.",
    "Le chat dort sur le canapé. Le chien aboie dehors !",
    "",
    "JE SUIS MALADE.",
    "Nous avons parlé de l'avenir de l'Europe avec nos collègues.",
]


def test_the_six_lines_of_the_issue_keep_every_span(run_cli):
    for line, spans, out in zip(SIX_LINES, SPANS, translated_lines(run_cli, SIX_LINES)):
        for span in spans:
            assert out.count(span) == 1, (line, out)
    assert "27 306" not in "".join(translated_lines(run_cli, SIX_LINES[3:4]))  # in English form


PRICES = {
    "Le billet coûte 15 €.": ["€15"],
    "Il a payé 1 200 € pour le vélo.": ["€1,200"],
    "Le prix est passé de 12,50 € à 15 € le 3 mars.": ["€12.50", "€15"],
    "Ce livre coûte 9,99 $ aux États-Unis et 8,50 £ au Royaume-Uni.": ["$9.99", "£8.50"],
    # millions and billions (fr-en wrote "350 M€", "1.2 Md€": French notation in English)
    "Le bénéfice atteint 350 M€ pour 1,2 Md€ de ventes.": ["€350m", "€1.2bn"],
}


def test_a_price_keeps_its_currency_written_as_english_writes_it(run_cli):
    """The model alone drops or garbles a currency symbol ("15 i.", "200 for the bicycle"): an
    amount passes through whole, its symbol before the number."""
    for (line, amounts), out in zip(PRICES.items(), translated_lines(run_cli, list(PRICES))):
        for amount in amounts:
            assert out.count(amount) == amounts.count(amount), (line, out)
        assert sum(out.count(c) for c in "€$£") == len(amounts), (line, out)


MEASURES = {
    "Il pèse 75 kg pour 1,82 m.": ["75 kg", "1.82 m"],
    "Le trajet fait 12,5 km et dure 45 min.": ["12.5 km", "45 min"],
    "La température est de -5,5 °C ce matin.": ["-5.5 °C"],
    "Une clé USB de 16 Go.": ["16 GB"],
    "Tension 12/8, pouls 72 bpm, température 38,5 °C.": ["72 bpm", "38.5 °C"],  # not "72 bp"
    "Appuyez sur Ctrl+Alt+Suppr pour redémarrer, ou sur Maj+F10.": ["Ctrl+Alt+Del", "Shift+F10"],
}


def test_a_measure_keeps_its_unit_and_a_shortcut_its_keys(run_cli):
    """The model alone reads a lone unit or key as a word ("1.82 moms", "45 mine",
    "Crel+STSpproppral"): a measure passes through whole (a French data unit in English
    form), a keyboard shortcut whole, its keys named as English names them."""
    for (line, spans), out in zip(MEASURES.items(), translated_lines(run_cli, list(MEASURES))):
        for span in spans:
            assert out.count(span) == 1, (line, out)


NAMES_OF_CODE = {
    "Renvoie la date comme UNO com.sun.star.util.Date struct.": ["com.sun.star.util.Date"],
    "Mettre en œuvre l'interface com.sun.star.script.provider.XScriptProvider permet ceci.": [
        "com.sun.star.script.provider.XScriptProvider"
    ],
    'Chargez GlobalScope.BasicLibraries.loadLibrary("Tools") avant.': [
        'GlobalScope.BasicLibraries.loadLibrary("Tools")'
    ],
    "En Basic, au lieu d'utiliser la méthode getByName, utilisez la fonction Blue().": [
        "getByName",
        "Blue()",
    ],
    "La fonction LoadDialog est stockée dans Tools.ModuleControls.": ["Tools.ModuleControls"],
    "Le service ScriptForge.UI ouvre les documents.": ["ScriptForge.UI"],
    "L'option --verbose affiche plus de détails.": ["--verbose"],
    "Installez-le avec pip install nmt-cli==0.4.2.": ["pip install nmt-cli==0.4.2"],
}


def test_a_dotted_name_and_a_method_s_name_pass_through_whole(run_cli):
    """The model alone cut a dotted name and translated its parts ("com.sun.star.util .Dat",
    "com.sun.star .script. Clear.XScriptP", "ScriptForg.UI") and a method's name ("GByName",
    "Blue function()"): a name of three parts or more, or of two written in humps, with a
    call's arguments, and a method's name pass through whole."""
    for (line, spans), out in zip(
        NAMES_OF_CODE.items(), translated_lines(run_cli, list(NAMES_OF_CODE))
    ):
        for span in spans:
            assert out.count(span) == 1, (line, out)


SIGNS = {
    "© 2024 Société Générale. Tous droits réservés.": ["© 2024"],
    "Cliquez sur ✓ pour valider, puis sur ↵.": ["✓", "↵"],
    "Copyright © 2000–2022 Contributeurs LibreOffice.": ["© 2000–2022"],
    "Notez ★★★★☆ et appuyez sur 👍🏽.": ["★★★★☆", "👍🏽"],
}


def test_signs_pass_through_and_never_come_out_as_broken_characters(run_cli):
    """The model writes a rare sign byte by byte: "© 2024 Société Générale" gave "� 2024
    Society General", ✓ "���", and `2000–2022` "2000 - 2022". A sign, a run of them, an emoji
    and a range of numbers with an en dash pass through whole."""
    for (line, spans), out in zip(SIGNS.items(), translated_lines(run_cli, list(SIGNS))):
        assert "\ufffd" not in out, (line, out)
        for span in spans:
            assert out.count(span) == 1, (line, out)


def test_a_short_option_passes_through_as_written(run_cli):
    """fr-en wrote LibreOffice's ``-?`` as "- -?"."""
    (out,) = translated_lines(run_cli, ["Démarrez soffice avec les options --help ou -h ou -?"])
    assert re.findall(r"(?<!\S)-\S*", out) == ["--help", "-h", "-?"], out


IN_BYTES = {
    "~.~ ou ~": ["~.~", "~"],
    "{choice1|choice2} : les éléments entre accolades sont obligatoires.": ["{choice1|choice2}"],
    "Modifiez {*} en {} * {} comme dans la formule suivante :": ["{*}"],
    "La valeur est calculée ainsi : Result = red×65536 + green×256 + blue.": [
        "red×65536",
        "green×256",
    ],
    "Cela diffère : x^{size 18 a_n} et x^{size *1.5 a_n}": ["x^{size 18 a_n}"],
    "′": ["′"],
}


def test_a_word_with_a_sign_the_model_spells_in_bytes_passes_through(run_cli):
    """fr-en's vocabulary has no piece for ``{ } ^ ~ # × ′``: it writes them as bytes it saw too
    rarely, and wrote ``~.~`` as "�.$", ``{*}`` "<*>", ``{choice1|choice2}`` "< choice1<$choice2
    #", ``green×256`` "Spain256", ``′`` "�>". A word that holds one passes through whole."""
    for (line, spans), out in zip(IN_BYTES.items(), translated_lines(run_cli, list(IN_BYTES))):
        assert "\ufffd" not in out, (line, out)
        for span in spans:
            assert span in out, (line, out)


def test_a_factor_s_number_takes_the_target_s_decimal_mark(run_cli):
    """A word of a number and a factor's sign (``×1,5``: fr-en spells ``×`` in bytes) passes
    through whole, its number as English writes it: "Zoom ×1,5" came back as it was."""
    lines = ["Zoom ×1,5", "Zoom ×2", "Résolution 1920×1080"]
    out = translated_lines(run_cli, lines)
    assert "×1.5" in out[0] and "1,5" not in out[0], out
    assert "×2" in out[1] and "1920×1080" in out[2], out


NOTATION = {
    "Saisissez la date au format JJ/MM/AAAA.": ["DD/MM/YYYY"],
    "Les dates sont converties au format AAAA-MM-JJ hh:mm:ss.": ["YYYY-MM-DD", "hh:mm:ss"],
    'Pour les dates : "DD/MM/YY", "MM/DD/YY", "YY/MM/DD".': ["DD/MM/YY", "MM/DD/YY", "YY/MM/DD"],
    "Le code de format #,##0.00 affiche deux décimales, [HH]:MM les heures.": [
        "#,##0.00",
        "[HH]:MM",
    ],
    "Tapez sqrt{x} pour une racine et \\frac{a}{b} pour une fraction.": [
        "sqrt{x}",
        "\\frac{a}{b}",
    ],
    "Les éléments [opt1|opt2|opt3] sont facultatifs.": ["[opt1|opt2|opt3]"],
    "Des séquences comme \\n et \\t sont laissées inchangées.": ["\\n", "\\t"],
    "Pour Windows, %APPDATA%\\LibreOffice\\4\\user\\Scripts\\python.": [
        "%APPDATA%\\LibreOffice\\4\\user\\Scripts\\python"
    ],
    "Si n = 0, une chaîne vide est renvoyée.": ["n"],
    "Choisissez entre x et y.": ["x", "y"],
    "Si x = 0 et y = 1, alors x + y = 1.": ["x = 0", "x + y = 1"],
    "Pour y = 2, le résultat est 4.": ["y = 2"],
}


def test_a_format_mask_a_formula_and_a_variable_pass_through(run_cli):
    """The model alone changed a date's or a number's mask ("JJ/MM/AAA", "DD/MYYY", "#0.00"), a
    formula ("sqt{x}", "#frac{a}{b}", "[opt1<opt2<opt3]"), a path's backslashes and a variable
    ("If nine = 0", "x and yes"): each passes through whole, a mask in English letters."""
    for (line, spans), out in zip(NOTATION.items(), translated_lines(run_cli, list(NOTATION))):
        for span in spans:
            assert len(re.findall(rf"(?<![\w\\]){re.escape(span)}(?!\w)", out)) == 1, (line, out)


def test_an_escape_glued_to_the_next_lines_word_passes_through_and_the_word_is_translated(
    run_cli,
):
    """A string's ``\\n`` before a word was read as a TeX command to the word's first non-ASCII
    letter: ``ligne.\\nDeuxième ligne.`` gave "row. \\nDeuxi0 row.", ``:\\nLe fichier`` gave
    "\\nLe file"."""
    lines = ["Première ligne.\\nDeuxième ligne.", "Erreur :\\nLe fichier est introuvable."]
    for line, out in zip(lines, translated_lines(run_cli, lines)):
        assert out.count("\\n") == 1, (line, out)
        assert "Deuxi" not in out and "\\nLe " not in out, (line, out)


def test_a_span_written_against_a_sentences_end_stays_against_it(run_cli):
    """A closing tag or a string's trailing escape after a full stop came out a space apart
    ("The cat is sleeping. </b>", "The file is saved. \\n"): a space the string did not have."""
    lines = ["Le chat dort.</b>", "Le fichier est enregistré.\\n", "Vraiment ?%s"]
    out = translated_lines(run_cli, lines, "--markup", "none")
    assert out[0].endswith(".</b>") and out[1].endswith(".\\n") and out[2].endswith("?%s"), out


def test_without_protection_the_model_reads_the_spans_as_words(run_cli):
    out = translated_lines(run_cli, SIX_LINES[:1], "--no-protect")
    assert "https://www.insee.fr/fr/statistiques/7654321" not in out[0]


def test_a_line_with_nothing_to_protect_translates_the_same_with_protection_on_and_off(run_cli):
    options = ["--format", "jsonl", "--align", "-k", "2"]
    on = translated_lines(run_cli, NOTHING_TO_PROTECT, *options)
    off = translated_lines(run_cli, NOTHING_TO_PROTECT, *options, "--no-protect")
    assert on == off


def test_a_users_pattern_passes_through_too(run_cli):
    line = "La Cour des comptes publie son rapport."
    [plain] = translated_lines(run_cli, [line])
    [kept] = translated_lines(
        run_cli, [line], "--protect", r"Cour des comptes", "--protect", "x{2,}"
    )
    assert "Cour des comptes" not in plain and kept.count("Cour des comptes") == 1


def test_a_pattern_that_is_not_a_regex_is_a_usage_error(run_cli):
    result = run_cli(["translate", "--protect", "(unclosed", "Bonjour."])
    assert_one_error_line(result, "--protect", "(unclosed", "not a regular expression", code=2)
    assert result.stdout == ""


def test_jsonl_shows_the_original_line_and_align_counts_the_printed_words(run_cli):
    line = SIX_LINES[4]
    [out] = translated_lines(run_cli, [line], "--format", "jsonl", "--align")
    record = json.loads(out)
    assert record["source"] == line
    assert [s["source"] for s in record["sentences"]] == [line]
    words = record["translation"].split()
    assert record["translation"].count("ls -la /var/log") == 1
    first = words.index("ls")
    links = {tuple(map(int, x.split("-"))) for x in record["alignment"].split()}
    # source words 1-3 are "ls -la /var/log": each linked to its copy in the translation
    assert {(1, first), (2, first + 1), (3, first + 2)} <= links
    assert all(s < len(line.split()) and t < len(words) for s, t in links)


@pytest.mark.parametrize("split", ["--split", "--no-split"])
def test_every_line_comes_out_once_in_order_split_or_not(run_cli, split):
    lines = [*SIX_LINES, "", "   ", "2025", "https://a.org", *NOTHING_TO_PROTECT[:2]]
    out = translated_lines(run_cli, lines, split)
    assert out[7:10] == ["", "2025", "https://a.org"]
    for spans, text in zip(SPANS, out):
        assert all(text.count(span) == 1 for span in spans), text


def test_the_readme_example_of_what_passes_through_prints_as_shown(run_cli, tmp_path):
    assert_readme_example_prints_as_shown(run_cli, "### What passes through", tmp_path)


@pytest.mark.parametrize(
    ("line", "masked", "span"),  # masked: as the model reads it, each span a placeholder
    [
        (SIX_LINES[4], "Tapez <ph0> dans le terminal pour voir les journaux.", "ls -la /var/log"),
        (
            "Le budget 2025 prévoit 27 306,5 millions. Il est en hausse de 3 %.",
            # 2 sentences, each with its placeholders numbered from 0, as the model reads them
            "Le budget <ph0> prévoit <ph1> millions. Il est en hausse de <ph0> %.",
            "27,306.5",
        ),
    ],
)
def test_a_line_scores_as_its_placeholders_and_a_span_s_first_word_holds_its_score(
    run_cli, line, masked, span
):
    """jsonl's score, log_prob and word scores are those nmt score gives the masked pair (the
    model's own pieces, a placeholder's included); the printed words carry the word scores, a
    span's first word its placeholder's, its other words none (0.0)."""
    [out] = translated_lines(run_cli, [line], "--format", "jsonl", "--word-scores")
    record = json.loads(out)
    text, word_scores = record["translation"], record["word_scores"]
    assert len(word_scores) == len(text.split())
    tok = Tokenizer.load(ROOT / "pretrained" / "fr-en" / "tokenizer.json")
    pair = {"src": masked, "tgt": tok.decode_pieces(record["tokens"])}
    args = ["score", "--input-format", "jsonl", "--format", "jsonl", "--word-scores"]
    result = run_cli(args, input=(json.dumps(pair) + "\n").encode())
    assert result.exit_code == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["score"] == pytest.approx(record["score"], abs=1e-4)
    assert scored["log_prob"] == pytest.approx(record["log_prob"], abs=1e-4)
    first = len(text[: text.index(span)].split())  # the span's first printed word
    tails = range(first + 1, first + len(span.split()))
    assert word_scores[first] < 0 and all(word_scores[n] == 0.0 for n in tails)
    kept = [x for n, x in enumerate(word_scores) if n not in tails]
    assert kept == pytest.approx(scored["word_scores"], abs=1e-4)


FORMAT_STRINGS = {  # a line of a program's messages, as a plain line: its placeholders, in order
    "Le fichier %s existe déjà. Voulez-vous le remplacer ?": ["%s"],
    "Impossible de copier %s vers %s.": ["%s", "%s"],
    "Répondre à %1": ["%1"],
    "La version installée de Java, $(ARG1), n'est pas prise en charge.": ["$(ARG1)"],
    "Bonjour {name}, vous avez {{count}} nouveaux messages.": ["{name}", "{{count}}"],
    "%d fichiers ont été supprimés de %s.": ["%d", "%s"],
    "Bienvenue dans %PRODUCTNAME !": ["%PRODUCTNAME"],
    "Définissez LANG=fr_FR.UTF-8 avant de lancer le programme.": ["LANG=fr_FR.UTF-8"],
    "Installez requests==2.31.0 dans votre environnement.": ["requests==2.31.0"],
    'Lancez grep -r "mot clé" src/ pour chercher le mot.': ['grep -r "mot clé" src/'],
    'Bonjour <x id="1"/>, vous avez <g id="2">3 messages</g>.': ['<x id="1"/>', '<g id="2">'],
}


@pytest.mark.slow
def test_a_plain_lines_placeholders_and_code_come_through_once_in_order(run_cli):
    """The model alone gives "The girlfriend already exists" for ``Le fichier %s existe``,
    "Impossible girlfriend% to%." and "$1(ARG1)": each placeholder of any convention, and each
    code-like span, passes through a plain line exactly once, in the source's order."""
    lines = list(FORMAT_STRINGS)
    for (line, spans), out in zip(FORMAT_STRINGS.items(), translated_lines(run_cli, lines)):
        for span in spans:
            assert out.count(span) == spans.count(span), (line, out)
        at = [out.index(span) for span in dict.fromkeys(spans)]
        assert at == sorted(at), (line, out)


def test_a_coloured_log_line_keeps_its_colour_codes_and_is_translated(run_cli):
    # `cmd | nmt translate` on a terminal's colours: "[31mErreur“0m “ [: not found file" before
    line = "\x1b[31mErreur\x1b[0m : fichier introuvable"
    [out] = translated_lines(run_cli, [line])
    assert out.count("\x1b[31m") == 1 and out.count("\x1b[0m") == 1
    assert "Error" in out and "Erreur" not in out, out


def test_a_query_string_comes_through_whole_as_its_own_word(run_cli):
    """fr-en wrote ``Ajoutez ?page=2&lang=fr`` "Add?page=2&lang=f to the address?" and
    ``Ajoutez ?lang=fr`` "Add?lang=fr": the query string glued to the word before it."""
    lines = ["Ajoutez ?page=2&lang=fr à l'adresse.", "Ajoutez ?lang=fr à la fin de l'URL."]
    for query, out in zip(["?page=2&lang=fr", "?lang=fr"], translated_lines(run_cli, lines)):
        assert f" {query} " in out, out
