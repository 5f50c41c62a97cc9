"""Translation memories: a line a memory holds is translated as the memory translates it (an
exact match, as gettext's msgmerge and Weblate's automatic translation use one), the others as
without it. Lines match as written but for their white space and the case of their first letter;
a source held with several targets gives the one held most often. `--memory FILE` reads any file
of pairs `nmt score` reads (TAB lines, .po, .tmx, .xliff), before the model's own `memory.tsv`
(the shipped fr-en: LibreOffice's interface strings), which `--no-model-memory` leaves out. A
memory's translation that would lose a protected span is not used. The shipped fr-en translates.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import HANG_SECONDS, assert_one_error_line, translated_lines

from nmt_cli.inference.aside import has_words
from nmt_cli.inference.memory import Memories, Memory, key, read_tsv_memory, write_tsv_memory

LINES = ["Non", "Il fait froid ce matin.", "", "Affichage", "Le fichier %s existe déjà."]


@pytest.fixture
def memory_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.tsv"
    path.write_text("Affichage\tDisplay\nMon application\tMy App\n", encoding="utf-8")
    return path


def po_file(path: Path, entries: list[tuple[str, str]]) -> Path:
    """A catalogue of French translations (msgid, msgstr) at ``path``."""
    header = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    )
    body = "".join(f'\nmsgid "{a}"\nmsgstr "{b}"\n' for a, b in entries)
    path.write_text(header + body, encoding="utf-8")
    return path


# The memory itself


def test_a_line_matches_as_written_but_for_its_spaces():
    memory = Memory([("Version :", "Version:"), ("Mot de passe", "Password")])
    assert memory.get("Version\u00a0:") == "Version:"  # a no-break space
    assert memory.get("  Mot   de passe ") == "Password"
    assert memory.get("Mot de passe oublié") is None  # a longer line is not held
    assert memory.get("mot de PASSE") is None  # case inside the line counts


def test_a_space_before_the_final_mark_or_none_is_white_space_too():
    """French writes ``Bravo !``, English and casual French ``Bravo!``: the phrasebook holds
    both ways (``Bravo!``, ``Quel âge as-tu ?``), and a line written the other way was not
    found: ``Bravo !`` gave "Come on!", ``Quel âge as-tu?`` "How old do you have?"."""
    memory = Memory([("Bravo!", "Congratulations!"), ("Quel âge as-tu ?", "How old are you?")])
    assert memory.get("Bravo !") == "Congratulations!"
    assert memory.get("Bravo\u00a0!") == "Congratulations!"
    assert memory.get("Quel âge as-tu?") == "How old are you?"
    assert memory.get("Bravo") is None  # a mark is no white space
    assert memory.get("Quel âge as-tu") is None


def test_a_first_capital_is_read_both_ways_and_the_target_follows_the_line():
    memory = Memory([("Marine", "Navy"), ("fichier PDF", "PDF file"), ("pdf", "PDF")])
    assert memory.get("marine") == "navy"
    assert memory.get("Fichier PDF") == "PDF file"
    assert memory.get("Pdf") == "PDF"  # an acronym keeps its capitals
    assert memory.get("Marine") == "Navy"


def test_a_line_that_differs_by_its_final_mark_is_found_loosely_and_keeps_its_own():
    memory = Memory([("Merci !", "Thank you!"), ("Bonsoir.", "Good evening."), ("Nom", "Name")])
    assert memory.get("Merci.") is None  # an exact match is asked for first
    assert memory.get("Merci.", loose=True) == "Thank you."
    assert memory.get("Bonsoir", loose=True) == "Good evening"
    assert memory.get("Nom\u00a0:", loose=True) == "Name:"
    assert memory.get("bonsoir !", loose=True) == "good evening!"


def test_a_question_or_an_ellipsis_is_never_matched_loosely():
    memory = Memory([("Tu viens.", "You're coming."), ("Enregistrer sous", "Save As")])
    assert memory.get("Tu viens ?", loose=True) is None
    assert memory.get("Enregistrer sous...", loose=True) is None
    asked = Memory([("Tu viens ?", "Are you coming?")])
    assert asked.get("Tu viens !", loose=True) is None  # nor a question for a statement


def test_an_exact_match_in_any_memory_comes_before_a_loose_one():
    mine = Memory([("Fermer.", "Shut.")])
    models = Memory([("Fermer", "Close")])
    assert Memories([mine, models]).get("Fermer") == "Close"
    assert Memories([mine, models]).get("Fermer !") == "Shut!"


def test_a_source_held_with_several_targets_gives_its_most_frequent():
    pairs = [("Annuler", "Undo"), ("Annuler", "Cancel"), ("Annuler", "Cancel"), ("Non", "No")]
    assert Memory(pairs).get("Annuler") == "Cancel"
    assert Memory([("Fermer", "Close"), ("Fermer", "Shut")]).get("Fermer") == "Close"


def test_a_pair_of_several_lines_or_a_tab_is_not_held():
    memory = Memory([("Un\nDeux", "One\nTwo"), ("Trois", "Three\tThree"), ("Quatre", "  ")])
    assert len(memory) == 0


def test_a_memory_file_reads_back_as_written_its_notice_no_pair(tmp_path):
    memory = Memory([("Non", "No"), ("Oui", "Yes"), ("Oui", "Yes"), ("Oui", "OK")])
    write_tsv_memory(tmp_path / "memory.tsv", memory, ["From a catalogue: MPL-2.0."])
    assert read_tsv_memory(tmp_path / "memory.tsv").targets == {"Non": "No", "Oui": "Yes"}
    assert (tmp_path / "memory.tsv").read_text().startswith("# From a catalogue: MPL-2.0.\n")


def test_the_shipped_memories_say_where_their_texts_come_from_and_their_terms():
    from nmt_cli.model.pretrained import resolve_model

    folder = Path(resolve_model("fr-en"))
    head = (folder / "memory.tsv").read_text(encoding="utf-8")[:600]
    assert "LibreOffice" in head and "Mozilla Public License 2.0" in head
    head = (folder / "phrasebook.tsv").read_text(encoding="utf-8")[:600]
    assert "Tatoeba" in head and "CC BY 2.0 FR" in head


def test_the_shipped_memories_hold_their_sources_as_a_memory_compares_them():
    """read_tsv_memory takes a model's sources as they are written (it reads fast so)."""
    from nmt_cli.model.pretrained import resolve_model

    for name in ("memory.tsv", "phrasebook.tsv"):
        targets = read_tsv_memory(Path(resolve_model("fr-en")) / name).targets
        assert len(targets) > 10_000
        assert [s for s in targets if s != key(s)] == []


# nmt translate


def test_the_models_memory_translates_the_lines_it_holds(run_cli):
    assert translated_lines(run_cli, ["Non", "Affichage", "Enregistrer sous"]) == [
        "No",
        "View",
        "Save As",
    ]


def test_the_models_phrasebook_translates_everyday_sentences(run_cli):
    """Tatoeba's sentences the model itself gets wrong ("Hell it!", "From nothing.")."""
    lines = ["Bonjour !", "De rien !", "Bonsoir", "Merci.", "Ma toux empire."]
    assert translated_lines(run_cli, lines) == [
        "Hello!",
        "Don't mention it!",  # Tatoeba's "Don't mention it.": the line's "!" (below)
        "Good evening",
        "Thank you.",
        "My cough is getting worse.",
    ]


def test_the_models_own_memory_keeps_the_lines_exclamation_mark(run_cli, tmp_path):
    """The phrasebook writes ``Merci !`` "Thank you." (Tatoeba's English): the model's own
    memory ends as its searched translations do, with the line's "!" after a word. A user's
    memory is theirs: an exact match gives its target as written."""
    lines = ["Merci !", "Allons-y !", "Merci.", "Bravo !"]
    assert translated_lines(run_cli, lines) == [
        "Thank you!",
        "Let's go!",
        "Thank you.",
        "Congratulations!",  # the phrasebook's "Bravo!"
    ]
    path = tmp_path / "mine.tsv"
    path.write_text("Merci !\tThanks.\n", encoding="utf-8")
    assert translated_lines(run_cli, ["Merci !"], "--memory", path) == ["Thanks."]


def test_a_line_that_ends_in_emoji_is_found_without_them_and_keeps_them():
    memory = Memories([Memory([("À bientôt", "See you soon"), ("Bravo !", "Well done!")])])
    assert memory.get("À bientôt 👋") == "See you soon 👋"
    assert memory.get("À bientôt👋🎉") == "See you soon👋🎉"
    assert memory.get("Bravo ! 🎉 🎉 ") == "Well done! 🎉 🎉"
    assert memory.get("Bravo 🎉") == "Well done 🎉"  # loosely, its final mark as the line's
    assert memory.get("Salut 👋") is None
    assert memory.get("👋") is None


def test_a_long_run_of_emoji_inside_a_line_is_looked_up_at_once():
    """A chat line with a run of emoji before its last word (no emoji ending it) was looked for
    again without them, a search that tried every way to cut the run: 22 emoji and a word took
    half a second, 40 hours, a translation that never came. Run apart, to fail not hang."""
    code = (
        "from nmt_cli.inference.memory import Memories, Memory\n"
        "m = Memories([Memory([('Bravo', 'Well done')])])\n"
        "print(m.get('Bravo ' + '\\U0001f389' * 60 + ' !'), m.get('Bravo ' + '\\U0001f3fb' * 60))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG_SECONDS
    )
    assert run.stdout.split() == ["None", "Well", "done", "\U0001f3fb" * 60], run.stderr


def test_the_models_phrasebook_translates_a_line_that_ends_in_emoji(run_cli):
    """The model's memory holds "À bientôt" ("Cheers"); "À bientôt 👋" was looked up whole
    and translated by the model ("Soft 👋")."""
    alone, waving = translated_lines(run_cli, ["À bientôt", "À bientôt 👋"])
    assert waving == alone + " 👋", (alone, waving)


def test_a_models_memory_file_reads_as_a_users_memory_too(run_cli, tmp_path):
    memory = Memory([("Bonjour !", "Greetings!")])
    write_tsv_memory(tmp_path / "memory.tsv", memory, ["Written by a test."])
    out = translated_lines(run_cli, ["Bonjour !"], "--memory", tmp_path / "memory.tsv")
    assert out == ["Greetings!"]


def test_a_users_memory_is_asked_before_the_models(run_cli, memory_file):
    out = translated_lines(
        run_cli, ["Affichage", "Non", "Mon application"], "--memory", memory_file
    )
    assert out == ["Display", "No", "My App"]
    alone = translated_lines(run_cli, ["Non"], "--memory", memory_file, "--no-model-memory")
    assert alone == translated_lines(run_cli, ["Non"], "--no-model-memory")


def test_an_indented_line_the_memory_holds_keeps_its_indentation(run_cli, memory_file):
    """A remembered line came out flush left, where a searched one keeps its indentation."""
    lines = ["  Affichage", "\tMon application", "    Il fait froid."]
    out = translated_lines(run_cli, lines, "--memory", memory_file)
    assert out[:2] == ["  Display", "\tMy App"]
    assert out[2].startswith("    ") and not out[2][4].isspace()
    assert translated_lines(run_cli, ["Affichage  "], "--memory", memory_file) == ["Display  "]


def test_a_line_of_sentences_takes_the_sentences_a_memory_holds(run_cli, tmp_path):
    """A line the memory does not hold whole: its sentences that it holds are the memory's, the
    others translated as lines of their own, joined as a split line's are."""
    mine = tmp_path / "mine.tsv"
    mine.write_text("Bonjour !\tGreetings!\n", encoding="utf-8")
    options = ["--memory", mine, "--no-model-memory"]
    [alone] = translated_lines(run_cli, ["Il fait froid ce matin."], "--no-model-memory")
    out = translated_lines(run_cli, ["Bonjour ! Il fait froid ce matin."], *options)
    assert out == [f"Greetings! {alone}"]
    result = run_cli(
        ["translate", "--format", "jsonl", "--align", *options],
        input=b"Bonjour ! Il fait froid ce matin.\n",
    )
    record = json.loads(result.stdout)
    assert "memory" not in record  # the line is not the memory's, one sentence is
    assert record["sentences"] == [
        {"source": "Bonjour !", "translation": "Greetings!", "memory": True},
        {"source": "Il fait froid ce matin.", "translation": alone},
    ]
    assert (0, 0) in {tuple(map(int, x.split("-"))) for x in record["alignment"].split()}


def test_the_nbest_of_a_line_with_a_remembered_sentence_keep_it(run_cli, tmp_path):
    mine = tmp_path / "mine.tsv"
    mine.write_text("Merci.\tThank you.\n", encoding="utf-8")
    result = run_cli(
        ["translate", "--memory", mine, "--nbest", "3", "--no-model-memory"],
        input=b"Il fait froid. Merci.\n",
    )
    texts = [line.split(" ||| ")[1] for line in result.stdout.splitlines()]
    assert len(texts) == 3 and all(x.endswith(" Thank you.") for x in texts), texts


def test_a_line_whose_marks_are_taken_out_is_not_cut_for_a_memory(run_cli, tmp_path):
    """Its quotation marks go back by the alignment of the whole translation (quotes.py), which
    a memory's sentence joined to the model's would lead astray: it is searched as before."""
    mine = tmp_path / "mine.tsv"
    mine.write_text("Il fait froid.\tBrrr.\n", encoding="utf-8")
    lines = [
        "« Il fait froid. Je reste. »",
        "« Il fait froid. » « Je reste. »",
        "Il fait froid. Je reste.",
    ]
    out = translated_lines(run_cli, lines, "--memory", mine, "--no-model-memory")
    assert out[:2] == translated_lines(run_cli, lines[:2], "--no-model-memory")
    assert out[2].startswith("Brrr. ")


def test_a_line_of_no_letter_and_no_digit_comes_out_as_written_memory_or_not(run_cli):
    """The model's memory, asked before the rule that passes such a line through, gave "?!"
    as "?" (and "«" as "“"), while --no-model-memory gave them as written."""
    lines = ["?!", "«", "...", "Non"]
    assert translated_lines(run_cli, lines) == ["?!", "«", "...", "No"]
    assert translated_lines(run_cli, lines[:3], "--no-model-memory") == lines[:3]


def test_a_letter_or_a_digit_of_any_script_is_a_word_punctuation_and_symbols_are_not():
    """One rule for what there is to translate (aside.py's ``has_words``): a memory holds no
    line without, a line without comes out as written, a column without is kept as it is."""
    assert not any(has_words(t) for t in ["?!", "•", "---", "« »", "_", " ", ""])
    assert all(has_words(t) for t in ["é", "٣", "x_", "東京", "3"])
    assert Memory([("?!", "!"), ("Non", "No")]).get("?!") is None


def test_lines_the_memory_does_not_hold_translate_as_without_it(run_cli, memory_file):
    lines = "".join(f"{x}\n" for x in LINES if x not in ("Non", "Affichage")).encode()
    options = ["translate", "--format", "jsonl", "--align", "-k", "2", "--nbest", "2"]
    with_memory = run_cli([*options, "--memory", memory_file], input=lines)
    without = run_cli([*options, "--no-model-memory"], input=lines)
    assert with_memory.exit_code == 0 and with_memory.stdout == without.stdout


def test_every_line_comes_out_once_in_order(run_cli):
    for split in ("--split", "--no-split"):
        out = translated_lines(run_cli, [*LINES, *reversed(LINES)], split)
        assert out[0] == out[-1] == "No" and out[3] == out[-4] == "View"
        assert out[2] == out[-3] == ""
        assert out[4].count("%s") == 1


def test_a_users_memory_of_a_line_with_a_quoted_name_is_used(run_cli, tmp_path):
    """A quoted value or file name is a fact its translation holds in the target's marks
    (“admin”, not « admin »): the memory's target keeps it (it was searched instead)."""
    path = tmp_path / "mine.tsv"
    pairs = [
        ("L'utilisateur « admin » existe déjà.", "User “admin” is taken."),
        ("Le fichier « Mes notes.docx » est vide.", "“Mes notes.docx” has nothing in it."),
    ]
    path.write_text("".join(f"{a}\t{b}\n" for a, b in pairs), encoding="utf-8")
    lines = [a for a, _ in pairs]
    assert translated_lines(run_cli, lines, "--memory", path) == [b for _, b in pairs]


def test_a_translation_that_loses_a_protected_span_is_not_used(run_cli, tmp_path):
    path = tmp_path / "lossy.tsv"
    path.write_text("Le fichier %s existe déjà.\tThe file already exists.\n", encoding="utf-8")
    [out] = translated_lines(run_cli, ["Le fichier %s existe déjà."], "--memory", path)
    assert out.count("%s") == 1, out


def test_a_translation_that_swaps_or_doubles_placeholders_is_not_used(run_cli, tmp_path):
    path = tmp_path / "sloppy.tsv"
    lines = ["Copier %s vers %d", "Fichier %s"]
    path.write_text("Copier %s vers %d\tTo %d copy %s\nFichier %s\tFile %s %s\n", encoding="utf-8")
    out = translated_lines(run_cli, lines, "--memory", path, "--format", "jsonl")
    assert all("memory" not in json.loads(x) for x in out)
    swapped = tmp_path / "positional.tsv"  # Qt's %1 %2 name their arguments: free to move
    swapped.write_text("Copier %1 vers %2\tTo %2 copy %1\n", encoding="utf-8")
    assert translated_lines(run_cli, ["Copier %1 vers %2"], "--memory", swapped) == [
        "To %2 copy %1"
    ]


def test_a_remembered_line_is_scored_and_aligned_by_the_model(run_cli):
    [record] = translated_lines(run_cli, ["Non"], "--format", "jsonl", "--word-scores")
    found = json.loads(record)
    assert found["translation"] == "No" and found["score"] < 0 and found["log_prob"] < 0
    assert found["memory"] is True
    [searched] = translated_lines(run_cli, ["Il fait froid ce matin."], "--format", "jsonl")
    assert "memory" not in json.loads(searched)
    assert found["tokens"] and len(found["word_scores"]) == 1
    [scored] = run_cli(["score"], input=b"Non\tNo\n").stdout.split()
    assert float(scored) == pytest.approx(found["score"], abs=1e-3)
    [aligned] = translated_lines(run_cli, ["Affichage"], "--align")
    assert aligned == "View ||| 0-0"


def test_a_catalogue_is_a_memory_read_by_its_languages(run_cli, tmp_path):
    catalogue = po_file(tmp_path / "old.po", [("Recent ~Documents", "~Documents récents")])
    assert translated_lines(run_cli, ["Documents récents"], "--memory", catalogue) == [
        "Recent Documents"
    ]


def test_a_catalogue_nmt_wrote_from_a_template_is_a_memory_for_the_next(run_cli, tmp_path):
    """The old en.po of a French template (Language: en, no X-Source-Language) was refused as
    a memory: "no fr side (it holds en)"."""
    old = tmp_path / "en.po"
    old.write_text(
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '\nmsgid "Fermer la fenêtre"\nmsgstr "Shut the window"\n',
        encoding="utf-8",
    )
    assert translated_lines(run_cli, ["Fermer la fenêtre"], "--memory", old) == ["Shut the window"]


def test_an_access_key_is_put_back_on_a_remembered_line(tmp_path, run_cli):
    source = po_file(tmp_path / "ui.po", [("~Affichage", ""), ("~Non", "")])
    result = run_cli(["translate", "-i", source, "-o", tmp_path / "en.po"])
    assert result.exit_code == 0, result.stderr
    written = (tmp_path / "en.po").read_text(encoding="utf-8")
    assert 'msgstr "~View"' in written and 'msgstr "~No"' in written


@pytest.mark.parametrize(
    "name, text, fragment",
    [
        ("bad.tsv", "Affichage\n", "line 1"),  # no TAB
        ("bad.po", 'msgid "a"\nmsgstr "b\n', "bad.po"),  # a string not closed
    ],
)
def test_a_memory_that_does_not_read_is_one_error(run_cli, tmp_path, name, text, fragment):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.txt"
    result = run_cli(["translate", "--memory", path, "-o", out], input=b"Non\n")
    assert_one_error_line(result, name, fragment)
    assert not out.exists()


def test_a_missing_memory_is_one_error(run_cli, tmp_path):
    result = run_cli(["translate", "--memory", tmp_path / "none.tsv"], input=b"Non\n")
    assert_one_error_line(result, "none.tsv")


def test_an_xliff_target_from_the_memory_is_marked_an_exact_match(run_cli, tmp_path):
    from nmt_cli.formats.xliff import read_units

    source = tmp_path / "app.xlf"
    source.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
        '<file original="app" source-language="fr" datatype="plaintext"><body>\n'
        '<trans-unit id="view"><source>Affichage</source></trans-unit>\n'
        '<trans-unit id="cold"><source>Il fait froid ce matin.</source></trans-unit>\n'
        "</body></file></xliff>\n",
        encoding="utf-8",
    )
    result = run_cli(["translate", "-i", source, "-o", tmp_path / "en.xlf"])
    assert result.exit_code == 0, result.stderr
    read = {u.id: u for u in read_units("en.xlf", (tmp_path / "en.xlf").read_bytes())}
    assert (read["view"].target, read["view"].qualifier) == ("View", "exact-match")
    assert read["cold"].qualifier == "mt-suggestion"


EMPTY_MEMORIES = {
    "empty.tsv": "",
    "empty.jsonl": "",
    "empty.po": "",  # gettext reads an empty file as a catalogue of no entries
    "header.po": 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n',
    "empty.tmx": '<tmx version="1.4"><header srclang="fr"/><body></body></tmx>\n',
    "empty.xlf": '<xliff version="1.2"><file source-language="fr" target-language="en">'
    "<body></body></file></xliff>\n",
}


@pytest.mark.parametrize("name", EMPTY_MEMORIES)
def test_an_empty_memory_of_any_format_is_one_warning_and_recalls_nothing(run_cli, tmp_path, name):
    """An empty .tsv or .jsonl passed silently, an empty .tmx (or .po) was an error, an empty
    .po or .xliff a warning of counts: one rule now, as a project's first, empty memory is no
    malformed file: translated as without it, with one warning naming it."""
    path = tmp_path / name
    path.write_text(EMPTY_MEMORIES[name], encoding="utf-8")
    args = ["translate", "--no-model-memory", "--memory", path, "Affichage"]
    got = run_cli(args)
    assert got.exit_code == 0, got.stderr
    assert got.stderr_lines == [f"nmt: warning: {path}: no pairs: the memory recalls nothing"]
    assert got.stdout == run_cli(args[:2] + args[-1:]).stdout


def test_a_memory_that_keeps_every_entry_says_no_counts(run_cli, tmp_path):
    """`--memory x.tmx` printed ``nmt: warning: x.tmx: 2 read, 2 pairs kept``: a warning that
    said nothing was wrong. Counts are said where entries were left out only, as a warning."""
    units = "".join(
        f'<tu><tuv xml:lang="fr"><seg>{fr}</seg></tuv><tuv xml:lang="en"><seg>{en}</seg></tuv></tu>'
        for fr, en in [("Affichage", "View"), ("Bonjour", "Hello")]
    )
    tmx = tmp_path / "x.tmx"
    tmx.write_text(f'<tmx version="1.4"><header srclang="fr"/><body>{units}</body></tmx>\n')
    got = run_cli(["translate", "--memory", tmx, "Affichage"])
    assert (got.exit_code, got.stdout, got.stderr) == (0, "View\n", "")
    po = po_file(tmp_path / "fr.po", [("View", "Affichage"), ("Hello", "")])
    got = run_cli(["translate", "--memory", po, "Affichage"])
    assert got.exit_code == 0 and got.stdout == "View\n", got.stderr
    assert got.stderr_lines == [
        f"nmt: warning: {po}: 2 read, 1 pairs kept; skipped: 1 untranslated"
    ]


def test_a_tab_memory_may_end_in_blank_lines_as_an_editor_leaves_it(run_cli, tmp_path):
    """``printf 'a\\tb\\n\\n'`` (an editor's trailing blank line) was an error, though a
    glossary passes over blank lines; a blank line before a pair still is one, naming it."""
    path = tmp_path / "m.tsv"
    path.write_text("Affichage\tView\n\n  \n", encoding="utf-8")
    got = run_cli(["translate", "--memory", path, "Affichage"])
    assert (got.exit_code, got.stdout, got.stderr) == (0, "View\n", "")
    path.write_text("Affichage\tView\n\nBonjour\tHello\n", encoding="utf-8")
    assert_one_error_line(run_cli(["translate", "--memory", path, "x"]), "m.tsv: line 2: a blank")


CONTROLLED = {
    "m.tsv": "Bonjour\tHello\nChat\tfe\0line\n",
    "m.jsonl": '{"src": "Bonjour", "tgt": "Hello"}\n{"src": "Chat", "tgt": "fe\\u0000line"}\n',
}


@pytest.mark.parametrize("name", CONTROLLED)
def test_a_control_character_in_a_tab_or_json_memory_is_one_error_naming_the_line(
    run_cli, tmp_path, name
):
    """A NUL in a memory's target came out in the translation as text ("fe line")."""
    path = tmp_path / name
    path.write_text(CONTROLLED[name], encoding="utf-8")
    got = run_cli(["translate", "--memory", path, "Chat"])
    assert_one_error_line(got, f"{path}: line 2: a control character (U+0000)")
    assert got.stdout == ""


@pytest.mark.parametrize(
    "text, told",
    [
        ('{"src": "Non", "tgt": "No"}\n', "a JSON line: name the file .jsonl"),
        ('<?xml version="1.0"?>\n<tmx version="1.4"/>\n', "an XML memory: name the file .tmx"),
    ],
)
def test_a_memory_of_another_format_than_its_name_says_is_told_to_be_renamed(
    run_cli, tmp_path, text, told
):
    """`translate --memory` has no option that gives a memory's format: a JSON or XML memory
    named .txt is told to be named for its format, not to give `score`'s --pairs-format."""
    path = tmp_path / "mine.txt"
    path.write_text(text, encoding="utf-8")
    line = assert_one_error_line(run_cli(["translate", "--memory", path, "Non"]), told)
    assert "--pairs-format" not in line
