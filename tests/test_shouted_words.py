"""Words shouted in capitals inside a line in ordinary case are translated on their own.

A small model reads capitals as rare pieces and respells them (fr-en: ``ATTENTION : ne
débranchez pas`` gave "ATETNTION: ...", ``Appuyez sur ENTRÉE`` "Press ERCE"). A run of such
words is a span of kind ``capitals``: the sentence is translated around one placeholder, the run
as a line of its own (in capitals, read in sentence case: inference/casing.py), as a menu's
labels are (inference/menus.py).
"""

from __future__ import annotations

import dataclasses

import pytest

from nmt_cli.inference.loading import LoadedModel
from nmt_cli.inference.menus import with_menus
from nmt_cli.inference.options import TranslatorOptions
from nmt_cli.inference.protection import SpanProtection
from nmt_cli.inference.translator import Translator
from nmt_cli.model.bundle import load_bundle
from nmt_cli.protect.names import shouted_words
from nmt_cli.search.options import SearchOptions

pytest_plugins = ["model_fixtures"]

KNOWN = {"attention", "enregistrer", "ne", "pas", "déranger", "bit", "unesco", "cliquez", "sur"}
WRITTEN = {"PDF", "UNESCO", "Save"}


def _runs(line: str) -> list[str]:
    return [line[start:end] for start, end in shouted_words(line, KNOWN | {"pdf"}, WRITTEN)]


@pytest.mark.parametrize(
    ("line", "runs"),
    [
        ("ATTENTION : ne débranchez pas l'appareil.", ["ATTENTION"]),
        ("Cliquez sur ENREGISTRER pour continuer.", ["ENREGISTRER"]),
        ("Cliquez sur NE PAS DÉRANGER pour couper le son.", ["NE PAS DÉRANGER"]),
        ("Cliquez sur NE PAS, puis sur ENREGISTRER.", ["ENREGISTRER"]),  # short words alone
        ("Le fichier PDF est prêt.", []),  # an acronym the model's targets write: copied
        ("L'UNESCO publie un rapport.", []),
        ("Les traités (BIT) sont signés.", []),  # three letters: an acronym as likely
        ("La SNCF annonce une grève.", []),  # not a word the model knows in small letters
        ("CLIQUEZ SUR ENREGISTRER", []),  # a line in capitals is read whole in small letters
    ],
)
def test_the_runs_a_line_shouts(line, runs):
    assert _runs(line) == runs


def test_a_short_word_the_targets_write_in_capitals_stays_inside_a_run():
    """``DE`` and ``LA`` are in the fr-en targets (Delaware, Los Angeles): between two shouted
    words they are words of the run, not cut out of it to reach the model as written."""
    known, written = KNOWN | {"ministère", "de", "la", "santé"}, WRITTEN | {"DE", "LA"}
    line = "Le MINISTÈRE DE LA SANTÉ recommande le vaccin, pas le PDF DE la veille."
    runs = [line[a:b] for a, b in shouted_words(line, known | {"pdf"}, written)]
    assert runs == ["MINISTÈRE DE LA SANTÉ"]  # at a run's end, an acronym is copied: PDF DE


def test_a_shouted_run_is_a_span_of_its_own_where_the_model_s_words_are_known(small_tokenizer):
    line = "ATTENTION : le fichier %s sera remplacé."
    protection = SpanProtection(small_tokenizer, ("fr", "en"), known=KNOWN, written=WRITTEN)
    spans = [(s.kind, s.text) for s in protection.mask(line).spans]
    assert spans == [("capitals", "ATTENTION"), ("placeholder", "%s")]
    without = SpanProtection(small_tokenizer, ("fr", "en"))  # no known words: the model's
    assert [s.kind for s in without.mask(line).spans] == ["placeholder"]


def test_each_run_is_translated_once_as_a_line_and_given_back_translated(small_tokenizer):
    protection = SpanProtection(small_tokenizer, ("fr", "en"), known=KNOWN, written=WRITTEN)
    lines = ["Cliquez sur ENREGISTRER.", "ENREGISTRER : cliquez sur NE PAS DÉRANGER"]
    asked = []

    def translate(runs):
        asked.append(runs)
        return [{"ENREGISTRER": "SAVE.", "NE PAS DÉRANGER": "DO NOT DISTURB"}[x] for x in runs]

    out = with_menus([protection.mask(x) for x in lines], translate)
    assert asked == [["ENREGISTRER", "NE PAS DÉRANGER"]]  # one batch, each run once
    assert out[0].outputs == ("SAVE",)  # no sentence end the source's run has not
    assert out[1].outputs == ("SAVE", "DO NOT DISTURB")


@pytest.mark.parametrize(("restore_case", "kinds"), [(True, ["capitals"]), (False, [])])
def test_keep_case_reads_words_in_capitals_as_they_are(rnn_model_dir, restore_case, kinds):
    """`--keep-case` turns off every reading of capitals (TranslatorOptions.restore_case)."""
    bundle = dataclasses.replace(load_bundle(rnn_model_dir), known_words=frozenset(KNOWN))
    options = TranslatorOptions(restore_case=restore_case)
    translator = Translator(LoadedModel(bundle), SearchOptions(beam=1), options)
    spans = translator.protection.mask("Cliquez sur ENREGISTRER.").spans
    assert [s.kind for s in spans] == kinds
