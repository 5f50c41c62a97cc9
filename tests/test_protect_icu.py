"""ICU MessageFormat's plural and select messages (nmt_cli/protect/icu.py): the pieces of their
structure are protected spans, each branch's text is left to translate, and the pieces keep
their order whatever the model wrote; once back in place, a plural message has the target
language's plural categories (icu_categories.py)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from nmt_cli.inference.icu_lines import icu_line, rebuilt, texts
from nmt_cli.inference.protection import _printed_word_scores
from nmt_cli.protect import icu
from nmt_cli.protect.format_strings import order_groups
from nmt_cli.protect.icu_categories import retarget
from nmt_cli.protect.placeholders import FALLBACK, mask
from nmt_cli.protect.placement import Placement, held, place_spans
from nmt_cli.protect.plural_categories import plural_categories
from nmt_cli.protect.spans import SpanFinder

FIND = SpanFinder()


def spans(line: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text) for s in FIND.find(line)]


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            "Vous avez {count, plural, =0 {aucun fichier} one {# fichier} other {# fichiers}}.",
            [
                ("icu", "{count, plural, =0 {"),
                ("icu", "} one {"),
                ("icu", "#"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
            ],
        ),
        (
            "{g, select, male {Il} other {Iel}} et {n, plural, offset:1 one {{name}} other {#}}",
            [
                ("icu", "{g, select, male {"),
                ("icu", "} other {"),
                ("icu", "}}"),
                ("icu", "{n, plural, offset:1 one {"),
                ("placeholder", "{name}"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
            ],
        ),
        (
            "Le {n, selectordinal, one {#er} other {#e}} prix.",
            [
                ("icu", "{n, selectordinal, one {"),
                ("icu", "#er"),  # an ordinal's suffix: written by the target's table
                ("icu", "} other {"),
                ("icu", "#e"),
                ("icu", "}}"),
            ],
        ),
        (  # a select's # is text; ICU's quotes make text of what they enclose
            "{n, plural, one {l''objet '{#}'} other {# objets}} {g, select, other {n° #}}",
            [
                ("icu", "{n, plural, one {"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("icu", "}}"),
                ("icu", "{g, select, other {"),
                ("icu", "}}"),
            ],
        ),
        (  # a branch that ends in a placeholder keeps its closing brace (not {name}})
            "{n, plural, one {un fichier de {name}} other {# fichiers de {name}}}.",
            [
                ("icu", "{n, plural, one {"),
                ("placeholder", "{name}"),
                ("icu", "} other {"),
                ("icu", "#"),
                ("placeholder", "{name}"),
                ("icu", "}}"),
            ],
        ),
    ],
)
def test_an_icu_messages_structure_is_found_in_pieces_and_its_branch_texts_are_left(line, expected):
    assert spans(line) == expected


@pytest.mark.parametrize(
    "line", ["Un {x, plural, one {jamais fermé}", "{x, plural}", "Le pluriel {x, select, }"]
)
def test_a_message_that_is_not_well_formed_has_no_structure(line):
    assert [kind for kind, _ in spans(line) if kind == "icu"] == []


def test_the_structure_comes_out_well_formed_whatever_order_the_model_wrote_it_in():
    line = "Vous avez {n, plural, one {# fichier} other {# fichiers}}."
    found = FIND.find(line)
    m = mask(line, found, [s.text for s in found], FALLBACK)
    assert m.text == "Vous avez 101 102 fichier 103 104 fichiers 105."
    # the model swapped the branches' delimiters and dropped the closing one
    text = "You have 101 104 file 103 102 files."
    placed = place_spans(
        text,
        held(m.text, FALLBACK, 5),
        m.outputs,
        m.glue,
        FALLBACK,
        None,
        8,
        order_groups(found),
        m.touching,
    )
    # each piece once, in the source's order: a well-formed message, the dropped end at the end
    # of the sentence, before its full stop (as the source has it)
    assert placed.text == "You have {n, plural, one {# file} other {# files}}."


# -- the target language's plural categories (icu_categories.py) ------------------------------


def restored(line: str, language: str | None, write=lambda masked: masked) -> Placement:
    """``line``'s spans put back into ``write(its masked text)`` (the model's translation),
    then its plural messages given the categories of ``language``."""
    found = FIND.find(line)
    m = mask(line, found, [s.text for s in found], FALLBACK)
    n_source = len(m.text.split())
    placed = place_spans(
        write(m.text),
        held(m.text, FALLBACK, len(found)),
        m.outputs,
        m.glue,
        FALLBACK,
        None,
        n_source,
        order_groups(found),
        m.touching,
    )
    return retarget(placed, found, m.outputs, language)


FRENCH = "Vous avez {n, plural, one {# fichier} many {# de fichiers} other {# fichiers}}."
ENGLISH = "You have {n, plural, =0 {no file} one {# file} other {# files}}."


def test_a_category_the_target_lacks_is_dropped_with_its_branch():
    assert restored(FRENCH, "en").text == (
        "Vous avez {n, plural, one {# fichier} other {# fichiers}}."
    )


def test_a_category_the_target_has_is_filled_with_others_text_and_explicit_values_stay():
    assert restored(ENGLISH, "fr").text == (
        "You have {n, plural, =0 {no file} one {# file} many {# files} other {# files}}."
    )
    arabic = restored(ENGLISH, "ar").text
    assert "=0 {no file} one {# file} two {# files} few {# files} many " in arabic  # zero: =0
    assert restored("{n, plural, =1 {un} other {#}}", "ja").text == "{n, plural, =1 {un} other {#}}"
    assert restored("{n, plural, one {un} other {#}}", "ja").text == "{n, plural, other {#}}"


def test_a_category_whose_numbers_the_explicit_values_all_say_is_not_added():
    """English ``one`` is 1 alone: with ``=1`` it would never be read, and Flutter reads ``=1``
    and ``one`` as one branch (the later, a copy of other's "# files", won). Russian ``one``
    is 21 too, French ``one`` 1.5: they are added."""
    exact = "Vous avez {n, plural, =0 {aucun fichier} =1 {un fichier} other {# fichiers}}."
    assert restored(exact, "en").text == exact
    assert " =1 {un fichier} one {# fichiers} few " in restored(exact, "ru").text
    assert restored("{n, plural, =1 {un} other {#}}", "fr").text == (
        "{n, plural, =1 {un} one {#} many {#} other {#}}"
    )


def test_a_filled_branch_is_written_as_the_message_writes_its_branches():
    """An ARB message's ``other{`` got ``one {`` (with a space) before it."""
    arb = "{count, plural, =0{aucun fichier} other{{count} fichiers}}"
    assert restored(arb, "en").text == (
        "{count, plural, =0{aucun fichier} one{{count} fichiers} other{{count} fichiers}}"
    )
    lines = "{n, plural,\n  =0 {aucun}\n  other {#}\n}"
    assert restored(lines, "en").text == "{n, plural,\n  =0 {aucun}\n  one {#}\n  other {#}\n}"
    ordinal = "{n, selectordinal, one{#er} other{#e}}"
    assert restored(ordinal, "en").text == (
        "{n, selectordinal, one{#st} two{#nd} few{#rd} other{#th}}"
    )
    ordinal = "{n, selectordinal,\n  one {#er}\n  other {#e}\n}"
    assert restored(ordinal, "en").text == (
        "{n, selectordinal,\n  one {#st}\n  two {#nd}\n  few {#rd}\n  other {#th}\n}"
    )


def test_no_branch_is_filled_from_an_other_that_holds_an_element():
    """An XLIFF code in other's text (a held element's stand-in, one character) went to one
    of the two branches only: Angular showed " files" with no number for one."""
    held = "{n, plural, =0 {aucun fichier} other {\ue000 fichiers}}"
    assert restored(held, "en").text == held


def test_the_words_of_a_dropped_branch_become_none_and_the_others_follow_their_text():
    """Word alignment and word scores read Placement.words: after the rewrite each word of the
    translation points at the word of the new text it is in, a dropped one at none."""
    written = "You have 101 102 file 103 104 of files 105 106 files 107."
    placed = restored(FRENCH, "en", lambda _: written)
    words = placed.text.split()
    assert placed.text == "You have {n, plural, one {# file} other {# files}}."
    became = {w: [words[n] for n in placed.words[i]] for i, w in enumerate(written.split())}
    assert became["You"] == ["You"] and became["file"] == ["file}"]
    assert became["of"] == [] and became["files"] == ["files}}."]  # the kept "files"
    assert all(0 <= n < len(words) for ns in placed.words for n in ns)
    assert all(0 <= n < len(words) for ns in placed.span_words.values() for n in ns)
    scores = _printed_word_scores([-1.0] * len(written.split()), placed)
    assert len(scores) == len(words)


def test_a_filled_branch_is_new_words_no_word_of_the_translation_became():
    placed = restored(ENGLISH, "fr")
    words = placed.text.split()
    filled = [n for n, w in enumerate(words) if w == "many"][0]
    from_translation = {n for ns in placed.words for n in ns}
    from_spans = {n for ns in placed.span_words.values() for n in ns}
    assert {filled, filled + 1, filled + 2} & (from_translation | from_spans) == set()
    assert [words[n] for n in placed.words[-2]] == ["files}}."]  # the last branch's "files"


def test_a_selectordinal_of_suffixes_gets_the_target_languages_categories_and_suffixes():
    """French ``one {#er} other {#e}`` came out ``one {#Out} two {#e} few {#e} other {#e}``:
    its suffixes were words to the model, and the new categories copies of ``other``'s."""
    line = "Le {n, selectordinal, =1 {#er} one {#er} other {#e}} prix."
    assert restored(line, "en").text == (
        "Le {n, selectordinal, =1 {#st} one {#st} two {#nd} few {#rd} other {#th}} prix."
    )
    english = "the {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} prize"
    assert restored(english, "fr").text == ("the {n, selectordinal, one {#er} other {#e}} prize")
    assert _branch_by_branch("Le {n, selectordinal, one {#er} other {#e}} prix.") == (
        "LE {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} PRIX."
    )


def test_a_selectordinal_branch_of_a_suffix_and_words_gets_the_targets_suffix_per_category():
    """``one {#er étage} other {#e étage}`` came out ``one {#Layout} two {#waters}...``: the
    suffix went to the model glued to the number, and each new category was a copy of other's
    (``two {#e étage}``). Now the number and suffix are structure, the words translated alone,
    and each category gets the target's suffix and the words of its branch, else other's."""
    line = "{n, selectordinal, one {#er étage} other {#e étage}}"
    assert restored(line, "en").text == (
        "{n, selectordinal, one {#st étage} two {#nd étage} few {#rd étage} other {#th étage}}"
    )
    starts = [s.start for s in FIND.find(line) if s.kind == "icu" and line[s.start] == "{"]
    assert texts(icu_line(line, starts)) == ["étage", "étage"]
    exact = "Au {n, selectordinal, =1 {#re place} other {#e place}} !"
    assert _branch_by_branch(exact) == (
        "AU {n, selectordinal, =1 {#st PLACE} one {#st PLACE} two {#nd PLACE} few {#rd PLACE}"
        " other {#th PLACE}} !"
    )
    english = "{n, selectordinal, one {#st floor} two {#nd floor} other {#th floor}}"
    assert restored(english, "de").text == "{n, selectordinal, other {#. floor}}"
    assert restored(english, "fr").text == "{n, selectordinal, one {#er floor} other {#e floor}}"
    assert restored(line, "ja").text == "{n, selectordinal, other {#e étage}}"


def test_a_message_in_a_branch_gets_its_own_categories_and_a_copy_holds_them():
    select = (
        "{g, select, male {Il a {n, plural, one {# chat} many {# de chats} other {# chats}}}"
        " other {Iel a {n, plural, one {# chat} other {# chats}}}}"
    )
    assert restored(select, "en").text == (
        "{g, select, male {Il a {n, plural, one {# chat} other {# chats}}}"
        " other {Iel a {n, plural, one {# chat} other {# chats}}}}"
    )
    nested = "{a, plural, one {{b, plural, one {x} other {y}}} other {{b, plural, other {z}}}}"
    assert restored(nested, "fr").text == (
        "{a, plural, one {{b, plural, one {x} many {y} other {y}}}"
        " many {{b, plural, one {z} many {z} other {z}}}"
        " other {{b, plural, one {z} many {z} other {z}}}}"
    )


@pytest.mark.parametrize(
    "line",
    [
        "{g, select, one {Il} many {Ils} other {Iel}}",  # a select's keywords are no categories
        "Voir `{n, plural, one {a} many {b} other {c}}` ici",  # inline code: the code's
        "{n, plural, one {a} many {b}}",  # no other
        "Vous avez %d fichiers.",  # no message
    ],
)
def test_a_message_that_is_not_a_plural_of_the_translation_is_untouched(line):
    assert restored(line, "en").text == restored(line, None).text


def test_offset_and_a_keyword_that_is_no_category_stay_where_a_branch_goes():
    line = "{n, plural, offset:1 many {x} lots {y} other {z}} fin"
    assert restored(line, "en").text == "{n, plural, offset:1 lots {y} one {z} other {z}} fin"
    last = "{n, plural, one {y} other {z} many {x}} fin"
    assert restored(last, "en").text == "{n, plural, one {y} other {z}} fin"


@pytest.mark.parametrize("language", ["oc", "xx", "", None])
def test_a_language_without_known_categories_keeps_the_sources(language):
    assert restored(FRENCH, language).text == FRENCH


def test_without_babel_the_messages_keep_the_sources_categories(monkeypatch):
    monkeypatch.setitem(sys.modules, "babel", None)  # import babel: ImportError
    assert plural_categories("en") is None
    assert restored(FRENCH, "en").text == FRENCH
    assert restored(ENGLISH, "fr").text == ENGLISH


def test_each_span_is_placed_where_its_output_starts():
    line = "({n, plural, one {# fichier} other {# fichiers}}) &amp; <b>gras</b>."
    found = FIND.find(line)
    m = mask(line, found, [s.text for s in found], FALLBACK)
    placed = restored(line, None)
    assert placed.span_at.keys() == set(range(len(found)))
    for k, at in placed.span_at.items():
        assert placed.text[at:].startswith(m.outputs[k])


# -- through `nmt translate` ------------------------------------------------------------------


def test_nmt_translate_gives_a_plural_message_the_english_categories(run_cli):
    args = ["translate", "--format", "jsonl", "--align", "--word-scores"]
    result = run_cli(args, input=(FRENCH + "\n").encode())
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    text = record["translation"]
    message = icu.message(text, text.index("{n, plural,"))
    assert message is not None and [b.keyword for b in message.branches] == ["one", "other"]
    assert text.count("#") == 2 and "many" not in text
    n_words, n_source = len(text.split()), len(FRENCH.split())
    assert len(record["word_scores"]) == n_words
    links = [tuple(map(int, x.split("-"))) for x in record["alignment"].split()]
    assert links and all(s < n_source and t < n_words for s, t in links)


def test_a_message_whose_branches_end_sentences_is_one_sentence_and_gets_the_categories(run_cli):
    line = (
        "Vous avez {n, plural, one {Un fichier. Le garder ?} many {# de fichiers. Les garder ?} "
        "other {# fichiers. Les garder ?}}"
    )
    result = run_cli(["translate", "--format", "jsonl"], input=(line + "\n").encode())
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    text = record["translation"]
    message = icu.message(text, text.index("{n, plural,"))
    assert message is not None and [b.keyword for b in message.branches] == ["one", "other"]
    assert len(record["sentences"]) == 1


# -- branch by branch (nmt_cli/inference/icu_lines.py) ---------------------------------------


def _branch_by_branch(line: str, language: str | None = "en") -> str:
    """``line`` translated as icu_lines does, each text in capitals (a translation whose
    words are the source's, so where each one went shows)."""
    starts = [s.start for s in FIND.find(line) if s.kind == "icu" and line[s.start] == "{"]
    parts = icu_line(line, starts)
    assert parts is not None
    upper = [re.sub(r"[^{}]+(?![^{]*\})", lambda m: m[0].upper(), x) for x in texts(parts)]
    return rebuilt(parts, upper, language)


def test_each_branch_is_translated_on_its_own_and_the_words_around_as_a_line():
    line = "{gender, select, female {Elle a} male {Il a} other {Ils ont}} aimé votre photo."
    starts = [s.start for s in FIND.find(line) if s.kind == "icu" and line[s.start] == "{"]
    assert texts(icu_line(line, starts)) == [
        "{icu0} aimé votre photo.",
        "Elle a",
        "Il a",
        "Ils ont",
    ]
    assert _branch_by_branch(line) == (
        "{gender, select, female {ELLE A} male {IL A} other {ILS ONT}} AIMÉ VOTRE PHOTO."
    )


def test_a_plural_branch_keeps_its_number_and_spaces_and_gets_the_targets_categories():
    line = (
        "Vous avez {n, plural, =0 { aucun fichier } one {# fichier} many {# de fichiers} "
        "other {# fichiers}}."
    )
    assert _branch_by_branch(line) == (
        "VOUS AVEZ {n, plural, =0 { AUCUN FICHIER } one {# FICHIER} other {# FICHIERS}}."
    )
    assert "many {# DE FICHIERS}" in _branch_by_branch(line, None)


def test_a_message_alone_on_its_line_has_no_text_around_it_to_translate():
    line = "{count, plural, =0 {Aucun fichier} one {Un fichier} other {# fichiers}}"
    starts = [s.start for s in FIND.find(line) if s.kind == "icu" and line[s.start] == "{"]
    assert texts(icu_line(line, starts)) == ["Aucun fichier", "Un fichier", "{icu1} fichiers"]
    assert _branch_by_branch(line) == (
        "{count, plural, =0 {AUCUN FICHIER} one {UN FICHIER} other {# FICHIERS}}"
    )


def test_nmt_translate_writes_no_branch_empty_and_no_word_outside_a_message(run_cli):
    lines = [
        "{gender, select, female {Elle est partie} other {Il est parti}}",
        "{count, plural, =0 {Aucun fichier} one {Un fichier} other {# fichiers}}",
        "{gender, select, female {Elle a} male {Il a} other {Ils ont}} aimé votre photo.",
    ]
    result = run_cli(["translate"], input="".join(f"{x}\n" for x in lines).encode())
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    for source, text in zip(lines, out):
        message = icu.message(text, 0)
        assert message is not None, text
        assert [b.keyword for b in message.branches] == [
            b.keyword for b in icu.message(source, 0).branches
        ]
        assert all(text[slice(*b.body)].strip() for b in message.branches), text
        assert (text[message.end :].strip() != "") == (source[icu.message(source, 0).end :] != "")
    assert "#" in out[1]
