"""A date's or a time's format mask (nmt_cli/protect/masks.py): found whole, and written in the
target language's letters where the source language's letters wrote it; any other mask, a
number's too, is code and stays as written."""

from __future__ import annotations

import pytest
from conftest import translated_lines

from nmt_cli.protect.masks import convert_mask
from nmt_cli.protect.numbers import convert
from nmt_cli.protect.spans import SpanFinder


@pytest.mark.parametrize(
    "mask, source, target, written",
    [
        ("JJ/MM/AAAA", "fr", "en", "DD/MM/YYYY"),
        ("AAAA-MM-JJ", "fr", "en", "YYYY-MM-DD"),
        ("MM/AA", "fr", "en", "MM/YY"),  # a card's expiry
        ("DD/MM/YYYY", "en", "fr", "JJ/MM/AAAA"),
        ("TT.MM.JJJJ", "de", "fr", "JJ.MM.AAAA"),
        ("JJ/MM/AAAA", "fr", "de", "TT/MM/JJJJ"),
        ("hh:mm:ss", "fr", "en", "hh:mm:ss"),  # a clock's letters are everyone's
        ("DD/MM/YY", "fr", "en", "DD/MM/YY"),  # English letters in French text: code
        ("JJ/MM/AAAA", None, "en", "JJ/MM/AAAA"),  # the source language not recorded
        ("JJ/MM/AAAA", "fr", "es", "JJ/MM/AAAA"),  # a language with no letters here
        ("#,##0.00", "fr", "en", "#,##0.00"),
        ("[HH]:MM", "fr", "en", "[HH]:MM"),
        ("jj/mm/aaaa", "fr", "en", "dd/mm/yyyy"),  # a web form's, in small letters
        ("aaaa-mm-jj hh:mm", "fr", "en", "yyyy-mm-dd hh:mm"),
    ],
)
def test_a_mask_in_the_source_languages_letters_is_written_in_the_targets(
    mask, source, target, written
):
    assert convert_mask(mask, source, target) == written
    assert convert(mask, "mask", source, target) == written


@pytest.mark.parametrize(
    "line, masks",
    [
        ("Saisissez la date (JJ/MM/AAAA) puis l'heure (hh:mm).", ["JJ/MM/AAAA", "hh:mm"]),
        ('Formats "DD/MM/YY", "YYYY-MM-DD HH:MM:SS".', ["DD/MM/YY", "YYYY-MM-DD", "HH:MM:SS"]),
        ("Datum: TT.MM.JJJJ", ["TT.MM.JJJJ"]),
        ("Le format [HH]:MM:SS compte les heures écoulées.", ["[HH]:MM:SS"]),
        (
            "Les codes #,##0.00, ###,##0.00, 0.0# et #.###",
            ["#,##0.00", "###,##0.00", "0.0#", "#.###"],
        ),
        ("Saisissez # ##0,00 € pour afficher 4,50 €.", ["# ##0,00 €"]),
        ("Le nombre 0.00, 1,5 et #MeToo, #1, vraiment ? 0,5", []),  # numbers, hashtags
        ("AA-MM-JJ-hh", []),  # four runs: no mask
        ("Les cellules AA/BB et MM/CC, JJ seul.", []),
        ("Date de naissance (jj/mm/aaaa) :", ["jj/mm/aaaa"]),  # fr-en wrote "j/ma/aaa"
        ("Les mots aa/bb, oui-oui et jj seul.", []),
    ],
)
def test_a_mask_is_found_whole_and_nothing_else_is_one(line, masks):
    found = [s.text for s in SpanFinder().find(line) if s.kind == "mask"]
    assert found == masks


@pytest.mark.parametrize(
    "line, code",
    [
        ("Le code de format @0.00 $;@(0.00 $) affiche les négatifs.", "@0.00 $;@(0.00 $)"),
        ("Utilisez le code 0.00 $;(0.00 $) pour les montants.", "0.00 $;(0.00 $)"),
        ("Le code 0.00;[ROUGE]-0.00 affiche les négatifs en rouge.", "0.00;[ROUGE]-0.00"),
        ("Saisissez #,##0.00 €;-#,##0.00 € comme code.", "#,##0.00 €;-#,##0.00 €"),
        ("Le code 0.00;-0.00;0;@ a quatre sections.", "0.00;-0.00;0;@"),
        # the currency before the sign (fr-en wrote "€0.00;€ -0.00", an amount moved)
        ("Le format € 0.00;€ -0.00 affiche le symbole.", "€ 0.00;€ -0.00"),
        ("Le format $ #,##0.00;$ -#,##0.00 aussi.", "$ #,##0.00;$ -#,##0.00"),
    ],
)
def test_a_number_format_code_of_several_sections_is_one_mask_kept_as_written(line, code):
    """Its sections were numbers and amounts apart: fr-en wrote ``0.00 $;(0.00 $)`` as
    "$0.00;($0.00)" (each section's symbol moved as an amount's) and ``@0.00 $;@(0.00 $)`` as
    "@0.00 Format code $;$(0.00)"."""
    found = [(s.kind, s.text) for s in SpanFinder(language="fr").find(line)]
    assert ("mask", code) in found
    assert convert(code, "mask", "fr", "en") == code


@pytest.mark.parametrize(
    "line", ["Les valeurs 0;1;2", "Les prix 0.00;0.50", "x;y et 10;20", "Payez 5 €;€ 3 ou 2 €."]
)
def test_numbers_joined_by_a_semicolon_are_no_format_code(line):
    assert all(s.kind != "mask" for s in SpanFinder(language="fr").find(line))


@pytest.mark.parametrize(
    "line, code",
    [
        ("Le code [$€-40C] # ##0,00 définit la devise.", "[$€-40C] # ##0,00"),
        ("Le code # ##0,00 [$€-40C] aussi.", "# ##0,00 [$€-40C]"),
        ("Le format #,##0.00 [$$-409] est américain.", "#,##0.00 [$$-409]"),
        (
            "Le code [$€-40C] # ##0,00;[ROUGE]-[$€-40C] # ##0,00 affiche les pertes.",
            "[$€-40C] # ##0,00;[ROUGE]-[$€-40C] # ##0,00",
        ),
        ("Le code [$-40C] donne la langue, [$USD] la devise.", "[$-40C]"),
    ],
)
def test_a_currency_and_locale_code_is_part_of_its_format_code(line, code):
    """LibreOffice's and Excel's ``[$SYMBOL-LCID]`` (its locale's number in hexadecimal):
    fr-en wrote ``[$€-40C]`` as "[$ €-40C]"."""
    found = [(s.kind, s.text) for s in SpanFinder(language="fr").find(line)]
    assert ("mask", code) in found
    assert convert(code, "mask", "fr", "en") == code


def test_translate_keeps_a_currency_and_locale_code_as_written(run_cli):
    out = translated_lines(run_cli, ["Le code [$€-40C] # ##0,00 définit la devise."])
    assert "[$€-40C] # ##0,00" in out[0], out
