"""A spreadsheet's formulas and function calls: one span each, kept as written but for its
functions' names, written as the target language names them (nmt_cli/protect/functions.py, the
table functions.tsv from LibreOffice's own catalogues)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from conftest import translated_lines

from nmt_cli.protect.functions import CELL, TABLE, convert_functions
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder

FRENCH = SpanFinder(language="fr")


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FRENCH.find(line)]


@pytest.mark.parametrize(
    "line, formula",
    [
        ("Utilisez la fonction JOURSDANSMOIS(AUJOURDHUI()).", "JOURSDANSMOIS(AUJOURDHUI())"),
        ('Tapez =CONCATENER(A1;" ";B1) puis Entrée.', '=CONCATENER(A1;" ";B1)'),
        ("La fonction MAINTENANT() renvoie la date.", "MAINTENANT()"),
        ("=SOMME(A1:A3)*2", "=SOMME(A1:A3)*2"),
        ("La formule =A1+SI(B1>0;1;0) ajoute un.", "=A1+SI(B1>0;1;0)"),
        (
            "La fonction KHIDEUX.TEST(A1:A5;B1:B5) renvoie la probabilité.",
            "KHIDEUX.TEST(A1:A5;B1:B5)",
        ),
        ("Avec SI(ET(A1>0;OU(B1;C1));1;0), c'est vrai.", "SI(ET(A1>0;OU(B1;C1));1;0)"),
    ],
)
def test_a_formula_or_a_call_is_one_span(line, formula):
    assert spans(line) == [("formula", formula)]


@pytest.mark.parametrize(
    "formula, written",
    [
        ("JOURSDANSMOIS(AUJOURDHUI())", "DAYSINMONTH(TODAY())"),
        ('=CONCATENER(A1;" ";B1)', '=CONCATENATE(A1;" ";B1)'),  # its spaces as written
        ("MAINTENANT()", "NOW()"),
        ("=SOMME(A1:A3)", "=SUM(A1:A3)"),
        ('=SI(A1>10;"Oui";"Non")', '=IF(A1>10;"Oui";"Non")'),  # quoted text as written
        ('=NB.SI(A1:A10;"SOMME(")', '=COUNTIF(A1:A10;"SOMME(")'),
        ("=TRIM(A1:A3;0,1;0,2)", "=MIRR(A1:A3;0.1;0.2)"),  # French TRIM is English MIRR
        ("=ARRONDI.SUP(-45,67)", "=ROUNDUP(-45.67)"),  # a decimal number as English writes it
        ("=PRINCPER(8,75%/12;1;36)", "=PPMT(8.75%/12;1;36)"),
        ("=SOMME($Feuille1.A1:B2;1E-5)", "=SUM($Feuille1.A1:B2;1E-5)"),  # cells: no numbers
        ("KHIDEUX.TEST(A1:A5;B1:B5)", "KHIDEUX.TEST(A1:A5;B1:B5)"),  # no such function
        ("=MAFONCTION(SOMME(A1))", "=MAFONCTION(SUM(A1))"),
        ('TEXTE(A1;"JJ/MM/AAAA")', 'TEXT(A1;"DD/MM/YYYY")'),  # a quoted mask: masks.py
    ],
)
def test_a_formulas_functions_take_the_target_languages_names(formula, written):
    assert convert(formula, "formula", "fr", "en") == written


def test_a_formula_between_languages_the_table_lacks_is_kept_as_written():
    assert convert_functions("=SUM(A1:A3)", "en", "fr") == "=SOMME(A1:A3)"
    assert convert_functions("=SUMME(A1:A3)", "de", "en") == "=SUMME(A1:A3)"


@pytest.mark.parametrize(
    "line, name",
    [
        ("ABS(nombre) renvoie la valeur absolue.", "ABS"),
        ("RENDEMENT.BON.TRESOR(terme;échéance;prix)", "RENDEMENT.BON.TRESOR"),
    ],
)
def test_a_call_whose_arguments_are_words_leaves_them_to_translate(line, name):
    """A syntax's arguments are words (LibreOffice's English help writes ``ABS(Number)``):
    the function's name alone is the span, written against its bracket."""
    assert spans(line)[0] == ("formula", name)
    assert convert(name, "formula", "fr", "en") in ("ABS", "TBILLYIELD")


@pytest.mark.parametrize(
    "line",
    [
        "L'ONU (Organisation des Nations unies) siège à New York.",
        "Le niveau(x) et le(s) fichier(s) sont là.",
        "La CGT(FO) a signé.",
    ],
)
def test_prose_holds_no_formula(line):
    assert all(kind != "formula" for kind, _ in spans(line))


def test_the_table_says_where_it_came_from_and_is_read_only_when_a_formula_is_converted():
    head = TABLE.read_text(encoding="utf-8").splitlines()[:5]
    assert any("MPL-2.0" in line for line in head) and any("for.po" in line for line in head)
    code = (
        "from nmt_cli.protect import functions; from nmt_cli.protect.spans import SpanFinder;"
        "SpanFinder(language='fr').find('=SOMME(A1:A3)');"
        "print(functions._columns.cache_info().currsize)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_translate_writes_a_formula_with_its_spacing_and_the_targets_names(run_cli):
    """fr-en wrote "JORSDANSOM(AYYODURDUHI())", '=CONCATER(A1 ;" "; B1)', "NOW ()"."""
    lines = [
        "Utilisez la fonction JOURSDANSMOIS(AUJOURDHUI()).",
        '=CONCATENER(A1;" ";B1)',
        "La fonction MAINTENANT() renvoie la date.",
        "=SOMME(A1:A3)",
    ]
    out = translated_lines(run_cli, lines, "-m", "fr-en", "--threads", "1")
    assert "DAYSINMONTH(TODAY())" in out[0], out
    assert out[1] == '=CONCATENATE(A1;" ";B1)', out
    assert " NOW() " in out[2], out
    assert out[3] == "=SUM(A1:A3)", out


def test_translate_writes_a_syntaxs_function_against_its_bracket(run_cli):
    """fr-en wrote "ABS (number)" (its name alone a span) and, the name and its bracket one
    span, "LN(number", the closing bracket lost."""
    lines = ["La fonction ABS(nombre) renvoie la valeur absolue.", "LN(nombre)"]
    out = translated_lines(run_cli, lines, "-m", "fr-en", "--threads", "1")
    assert "ABS(number)" in out[0] and out[1] == "LN(number)", out


@pytest.mark.parametrize(
    "line, cell",
    [
        ("La plage $C:$D$2 est vide.", "$C:$D$2"),
        ("La cellule $A$1 est vide.", "$A$1"),
        ("Figez la ligne avec A$1.", "A$1"),
        ("La plage Feuille1.$A$1:$B$3 est vide.", "Feuille1.$A$1:$B$3"),
        ("La cellule Feuil1!$A$1 contient le total.", "Feuil1!$A$1"),
        ("Fixez les lignes $2:$5.", "$2:$5"),
    ],
)
def test_a_cells_reference_with_absolute_markers_is_one_span(line, cell):
    """fr-en wrote ``$C:$D$2`` as "$ C:$D$2", read in pieces: ``$D$`` a placeholder, a letter,
    a number."""
    assert spans(line) == [("cell", cell)]


@pytest.mark.parametrize(
    "line",
    [
        "La plage C:D est vide.",
        "Le ratio 2:3 est bon.",
        "La variable $HOME est définie.",
    ],
)
def test_no_dollar_no_cells_reference(line):
    assert "cell" not in [kind for kind, _ in spans(line)]


def test_a_cells_reference_holds_its_dollar_a_dollar_after_it_is_none_of_its_markers():
    assert re.search(CELL, "A0:$") is None  # the finder's NEEDS would let it through
    assert re.search(CELL, "A0:$B")[0] == "A0:$B"


def test_translate_keeps_a_cells_reference_as_written(run_cli):
    lines = ["La plage $C:$D$2 est vide.", "La cellule Feuil1!$A$1 contient le total."]
    out = translated_lines(run_cli, lines)
    assert "$C:$D$2" in out[0] and "Feuil1!$A$1" in out[1], out
