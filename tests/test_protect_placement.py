"""Placeholders in, spans back: masking a line, and putting each span back exactly once, by its
placeholder or, where the model dropped or repeated it, by a (here made-up) word alignment
(nmt_cli/protect/placeholders.py, placement.py)."""

from __future__ import annotations

from tokenizers import AddedToken

from nmt_cli.model.tokenizer import Tokenizer
from nmt_cli.protect.placeholders import FALLBACK, RESERVED, form_for, mask
from nmt_cli.protect.placement import held, needs_alignment, place_spans
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.protect.tags import tag_pairs
from nmt_cli.vocab import PLACEHOLDERS

FIND = SpanFinder()


def masked(line: str, outputs=None):
    spans = FIND.find(line)
    return mask(line, spans, outputs or [s.text for s in spans], FALLBACK)


def one_hot(rows: list[int], n_source: int) -> list[list[float]]:
    """(Tw, Sw) weights: target word i attends to source word rows[i] alone."""
    return [[1.0 if j == s else 0.0 for j in range(n_source)] for s in rows]


def test_a_line_is_masked_with_numbers_from_101_and_keeps_its_text_around_them():
    m = masked("Le budget 2025 prévoit 27 306,5 millions.", ["2025", "27,306.5"])
    assert m.text == "Le budget 101 prévoit 102 millions."
    assert m.names == ("101", "102") and m.outputs == ("2025", "27,306.5")
    at = m.text.index("102")
    assert m.line[slice(*m.original(at, at + 3))] == "27 306,5"  # a name stands for its span
    assert m.line[slice(*m.original(at - 8, at + 12))] == "prévoit 27 306,5 millions"


def test_a_span_that_touches_a_word_is_set_off_by_spaces_and_glued_back():
    m = masked("Le mot &lt;em&gt;urgent&lt;/em&gt; est en gras.")
    assert m.text == "Le mot 101 urgent 102 est en gras."
    assert m.glue == ((False, True), (True, False))
    placed = place_spans(
        "The 101 urgent 102 word is bold.", {0: 2, 1: 4}, m.outputs, m.glue, FALLBACK
    )
    assert placed.text == "The &lt;em&gt;urgent&lt;/em&gt; word is bold."


def test_a_span_the_source_set_apart_is_set_apart_from_a_word_the_model_glued_to_it():
    m = masked("présenté à l'101.", ["assemblée générale"])  # after an elided article
    assert m.glue == ((False, False),)
    placed = place_spans("presented to the101.", {0: 2}, m.outputs, m.glue, FALLBACK)
    assert placed.text == "presented to the assemblée générale."
    assert placed.span_words == {0: [3, 4]} and placed.words == [[0], [1], [2, 4]]  # "the", "."
    glued = masked("Le mot urgent&lt;/em&gt; est")  # the source's own: glued back
    assert glued.glue == ((True, False),)
    placed = place_spans("The urgent101 word", {0: 3}, glued.outputs, glued.glue, FALLBACK)
    assert placed.text == "The urgent&lt;/em&gt; word"


def test_letters_the_model_glued_after_a_span_that_ends_in_a_letter_are_set_apart():
    """de-en wrote "https://x.des." for ``https://x.de .``: the placeholder as "101s"."""
    m = masked("Ein Mann und https://x.de heute, 1990 Autos.")
    assert m.outputs == ("https://x.de", "1990")
    placed = place_spans(
        "A man and 101s today, 102 cars.", {0: 3, 1: 5}, m.outputs, m.glue, FALLBACK
    )
    assert placed.text == "A man and https://x.de s today, 1990 cars."
    placed = place_spans(
        "A man and 101 today, 102s cars.", {0: 3, 1: 5}, m.outputs, m.glue, FALLBACK
    )
    assert placed.text == "A man and https://x.de today, 1990s cars."  # a decade: English


def test_a_full_stop_the_model_set_apart_after_a_moved_placeholder_goes_back_on_its_word():
    m = masked("Le titre de l'axe Y.")  # fr-en: "Specifies the title of the Y axis ."
    placed = place_spans(
        "The title of the 101 axis .", {0: 5}, m.outputs, m.glue, FALLBACK, tight=True
    )
    assert placed.text == "The title of the Y axis."
    assert placed.words[-2:] == [[5], [5]]  # "axis" and "." are one printed word
    # a source that sets a full stop apart keeps the model's (protection.py: not tight)
    spaced = masked("Une instance de la classe X .")
    placed = place_spans(
        "An instance of the 101 class .", {0: 5}, spaced.outputs, spaced.glue, FALLBACK, tight=False
    )
    assert placed.text == "An instance of the X class ."


def test_two_spans_that_touch_are_glued_to_each_other():
    m = masked("Voir &lt;b&gt;&lt;i&gt;ceci")
    assert m.text == "Voir 101 102 ceci"
    assert place_spans("See 101 102 this", {0: 1, 1: 2}, m.outputs, m.glue, FALLBACK).text == (
        "See &lt;b&gt;&lt;i&gt;this"
    )


def test_two_spans_the_source_joins_with_a_symbol_are_joined_where_the_model_keeps_it():
    m = masked("Page %1/%2, pages %3 - %4")
    assert m.joins == ("/", "", "")  # %2 to %3: words; %3 - %4: spaces
    placed = place_spans(
        "Page 101 / 102, pages 103 - 104",
        {0: 1, 1: 3, 2: 5, 3: 7},
        m.outputs,
        m.glue,
        FALLBACK,
        joins=m.joins,
    )
    assert placed.text == "Page %1/%2, pages %3 - %4"
    # the spans in another order, or another symbol between them: as the model wrote them
    assert (
        place_spans("Page 102 / 101", {0: 3, 1: 1}, m.outputs, m.glue, FALLBACK, joins=m.joins).text
        == "Page %2 / %1"
    )
    assert (
        place_spans("Page 101 - 102", {0: 1, 1: 3}, m.outputs, m.glue, FALLBACK, joins=m.joins).text
        == "Page %1 - %2"
    )


def test_a_placeholder_carried_once_takes_its_span_and_the_words_are_mapped():
    outputs, glue = ["https://a.org/x", "9f2c1ab"], [(False, False)] * 2
    placed = place_spans("See 101. Commit 102 is in.", {0: 1, 1: 3}, outputs, glue, FALLBACK)
    assert placed.text == "See https://a.org/x. Commit 9f2c1ab is in."
    assert placed.span_words == {0: [1], 1: [3]}
    assert placed.words == [[0], [1], [2], [], [4], [5]]  # "101." keeps its "."


def test_a_span_with_spaces_covers_several_output_words():
    placed = place_spans("Type 101 now", {0: 1}, ["ls -la /var/log"], [(False, False)], FALLBACK)
    assert placed.text == "Type ls -la /var/log now"
    assert placed.span_words == {0: [1, 2, 3]} and placed.words == [[0], [], [4]]
    assert placed.span_from == {0: 1}  # it took the place of translation word 1, "101"


def test_a_repeated_placeholder_keeps_the_copy_that_attends_most_to_its_source_word():
    # source: "Voir 101 ici" (word 1 the placeholder); the second copy attends to it
    weights = [[1, 0, 0], [0, 0.4, 0.6], [0, 0, 1], [0, 0.9, 0.1]]
    placed = place_spans("See 101 here 101", {0: 1}, ["x.org"], [(False, False)], FALLBACK, weights)
    assert placed.text == "See here x.org"
    assert placed.span_from == {0: 3}


def test_a_dropped_placeholder_replaces_the_garbled_words_written_for_it():
    # source: "Le commit 101 est là" ; the model wrote "1O1" and "1" for the placeholder
    weights = one_hot([0, 1, 2, 2, 3, 4], 5)
    placed = place_spans(
        "The commit 1O1 1 is there", {0: 2}, ["9f2c1ab"], [(False, False)], FALLBACK, weights
    )
    assert placed.text == "The commit 9f2c1ab is there"
    assert placed.words == [[0], [1], [], [], [3], [4]] and placed.span_words == {0: [2]}
    assert placed.span_from == {0: 2}  # the first word written for it


def test_a_dropped_placeholder_goes_beside_the_word_that_attends_most_to_it():
    # source: "Envoyez à 101 demain" ; no garbled copy: "tomorrow" attends most to the
    # placeholder but its own strongest source word comes after it, so the span goes before it
    weights = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0.4, 0.6]]
    outputs = ["a@b.fr"]
    placed = place_spans("Send to tomorrow", {0: 2}, outputs, [(False, False)], FALLBACK, weights)
    assert placed.text == "Send to a@b.fr tomorrow"
    # ... and after a word whose own strongest source word comes before it
    weights = [[1, 0, 0, 0], [0, 0.6, 0.4, 0], [0, 0, 0, 1]]
    placed = place_spans("Send to tomorrow", {0: 2}, outputs, [(False, False)], FALLBACK, weights)
    assert placed.text == "Send to a@b.fr tomorrow"
    weights = [[1, 0, 0, 0], [0, 0.9, 0.1, 0], [0, 0, 0, 1]]
    placed = place_spans("Send tomorrow", {0: 2}, outputs, [(False, False)], FALLBACK, weights[::2])
    assert placed.text == "Send a@b.fr tomorrow"
    assert placed.span_from == {}  # beside the words: in the place of none


def test_a_dropped_placeholder_placed_after_the_last_word_goes_before_the_final_stop():
    # source: "Appuyez simultanément sur 101." ; fr-en wrote "Press at the same time." and the
    # shortcut came out after the stop: "Press at the same time. Ctrl+Alt+Del"
    weights = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 1, 0, 0], [0, 1, 0, 0], [0, 0.6, 0.4, 0.1]]
    outputs = ["Ctrl+Alt+Del"]
    for stop in (".", "!", "?", "..."):
        translation = f"Press at the same time{stop}"
        placed = place_spans(translation, {0: 3}, outputs, [(False, False)], FALLBACK, weights)
        assert placed.text == f"Press at the same time Ctrl+Alt+Del{stop}"
    # a word's own marks, not a stop, stay before it
    placed = place_spans("Press (now)", {0: 3}, outputs, [(False, False)], FALLBACK, weights[::4])
    assert placed.text == "Press (now) Ctrl+Alt+Del"


def test_without_attention_a_dropped_span_goes_where_its_source_word_lies():
    placed = place_spans("a b c d e", {0: 4}, ["X-1"], [(False, False)], FALLBACK, None, 5)
    assert placed.text == "a b c d X-1 e"
    assert place_spans("", {0: 0}, ["X-1"], [(False, False)], FALLBACK).text == "X-1"


def test_a_placeholder_of_another_sentence_is_dropped_and_other_numbers_are_text():
    # the line's spans: 101 (this sentence's) and 102 (the next sentence's)
    outputs, glue = ["2025", "14.8"], [(False, False)] * 2
    placed = place_spans("In 101 and 102, the 21st.", {0: 1}, outputs, glue, FALLBACK)
    assert placed.text == "In 2025 and, the 21st."


def test_a_placeholder_inside_a_longer_number_is_a_garbled_copy():
    weights = one_hot([0, 1, 2, 3], 3 + 1)  # source: "Montez à 101 quotidiennement"
    placed = place_spans(
        "Raise to $101.1 daily", {0: 2}, ["500,000"], [(False, False)], FALLBACK, weights
    )
    assert placed.text == "Raise to $500,000 daily"


def test_a_garbled_copy_keeps_its_punctuation():
    weights = one_hot([0, 1, 2], 3)  # source: "Limite à 101."
    placed = place_spans(
        "Limit to $1011.", {0: 2}, ["150,000"], [(False, False)], FALLBACK, weights
    )
    assert placed.text == "Limit to $150,000."


def test_every_span_comes_out_exactly_once_whatever_the_model_wrote():
    outputs, glue = ["A-1", "B-2", "C-3"], [(False, False)] * 3
    sources = {0: 0, 1: 2, 2: 4}
    weights_of = {n: [[1.0 / 5] * 5 for _ in range(n)] for n in range(8)}
    for text in ["", "x", "101 101 101", "103 102 101 104", "x 102 y 102 z", "1 2 3 1O1 x"]:
        n = len(text.split())
        for weights in (None, weights_of[n]):
            out = place_spans(text, sources, outputs, glue, FALLBACK, weights, 5).text.split()
            assert sorted(w for w in out if w in outputs) == outputs, (text, out)


def test_the_reserved_placeholders_are_used_where_the_tokenizer_holds_them(small_tokenizer):
    assert form_for(small_tokenizer.encode, small_tokenizer.piece_to_id) is FALLBACK
    hf = Tokenizer.load(small_tokenizer.path)._tok
    hf.add_tokens([AddedToken(name, normalized=False, special=False) for name in PLACEHOLDERS])
    tok = Tokenizer(hf)  # as a saved tokenizer.json would load
    assert form_for(tok.encode, tok.piece_to_id) is RESERVED
    assert PLACEHOLDERS[3] in tok.pieces(f"x {PLACEHOLDERS[3]} y")
    assert [RESERVED.name(k) for k in (0, 15, 16)] == ["<ph0>", "<ph15>", "101"]
    assert RESERVED.find("<PH2> and 102") == [(0, 5, 2), (10, 13, 17)]


def test_a_literal_placeholder_in_the_text_is_itself_protected():
    assert [(s.kind, s.text) for s in FIND.find("Tapez <ph0> ici")] == [("markup", "<ph0>")]


def test_an_extra_garbled_copy_goes_but_a_number_the_model_wrote_for_a_word_stays():
    # source: "Le 101 mai du XXe siècle": "10" attends to the placeholder, "21st" to "XXe"
    weights = one_hot([0, 1, 1, 2, 3, 4, 5, 5], 6)
    text = "The 10 101 May of the 21st century"
    assert needs_alignment(text, {0: 1}, 1, FALLBACK)
    placed = place_spans(text, {0: 1}, ["11"], [(False, False)], FALLBACK, weights)
    assert placed.text == "The 11 May of the 21st century"


def test_a_translation_that_carries_each_placeholder_once_needs_no_alignment():
    assert not needs_alignment("See 101, then 102.", {0: 1, 1: 3}, 2, FALLBACK)
    assert needs_alignment("See 101, then 101.", {0: 1, 1: 3}, 2, FALLBACK)


def test_placeholders_the_model_glued_with_dots_are_found_and_none_is_printed():
    # the line: three fallback placeholders glued, "3 messages 106.107.108"
    line = 'Bonjour <x id="1"/>, vous avez <g id="2">3 messages</g>.'
    m = masked(line)
    assert m.text == "Bonjour 101, vous avez 102 103 messages 104."
    placed = place_spans(
        "Hello, you have 103 messages 101.102.104",
        held(m.text, FALLBACK, 4),
        m.outputs,
        m.glue,
        FALLBACK,
        touching=m.touching,
    )
    assert placed.text == 'Hello, you have 3 messages <x id="1"/>.<g id="2">.</g>'
    assert FALLBACK.find("101102", 2) == [(0, 3, 0), (3, 6, 1)]
    assert FALLBACK.find("101.1", 2) == []  # a garbled copy, not two names
    assert RESERVED.find("<ph1>.<ph2>", 3) == [(0, 5, 1), (6, 11, 2)]


def test_a_source_that_glues_two_placeholders_holds_both():
    m = masked("Version %d.%d installée")
    assert m.text == "Version 101.102 installée"
    assert held(m.text, FALLBACK, 2) == {0: 1, 1: 1}
    placed = place_spans("Version 101.102 installed", {0: 1, 1: 1}, m.outputs, m.glue, FALLBACK)
    assert placed.text == "Version %d.%d installed"


def test_a_reserved_name_of_no_span_is_never_printed():
    placed = place_spans("See <ph0> and <PH7>.", {0: 1}, ["x.org"], [(False, False)], RESERVED)
    assert placed.text == "See x.org and."


def test_placeholders_filled_in_order_keep_the_source_order_the_model_swapped():
    outputs, glue = ["%s", "%d", "%1$s"], [(False, False)] * 3
    order = ["printf", "printf", None]
    placed = place_spans(
        "102 files in 101, 103", {0: 0, 1: 2, 2: 4}, outputs, glue, FALLBACK, order=order
    )
    assert placed.text == "%s files in %d, %1$s"
    # a numbered placeholder goes where the model put it
    placed = place_spans(
        "103 then 101 and 102", {0: 0, 1: 2, 2: 4}, outputs, glue, FALLBACK, order=order
    )
    assert placed.text == "%1$s then %s and %d"


def test_an_element_the_model_left_empty_goes_around_the_words_aligned_to_its_own():
    m = masked("Appuyez sur %s pour <b>continuer</b> vers la page.")
    assert m.text == "Appuyez sur 101 pour 102 continuer 103 vers la page."
    assert m.pairs == [(1, 2)]
    sources = held(m.text, FALLBACK, 3)
    # fr-en: "Press %s to continue <b></b> to the page." ("continue" attends to "continuer")
    hyp = "Press 101 to continue 102 103 to the page."
    assert needs_alignment(hyp, sources, 3, FALLBACK, m.pairs)
    weights = one_hot([0, 2, 3, 5, 4, 5, 6, 7, 8], 10)
    placed = place_spans(hyp, sources, m.outputs, m.glue, FALLBACK, weights, pairs=m.pairs)
    assert placed.text == "Press %s to <b>continue</b> to the page."
    # one the model wrote around words is left as it is, and needs no alignment
    kept = "Press 101 to 102 continue 103 to the page."
    assert not needs_alignment(kept, sources, 3, FALLBACK, m.pairs)
    # with no word aligned to the word it enclosed (the model dropped it), it stays
    dropped = one_hot([0, 2, 3, 6, 4, 5, 6, 7, 8], 10)
    placed = place_spans(hyp, sources, m.outputs, m.glue, FALLBACK, dropped, pairs=m.pairs)
    assert placed.text == "Press %s to continue <b></b> to the page."


def test_an_element_turned_inside_out_is_put_back_around_its_words():
    m = masked("Cliquez sur <i>Enregistrer</i> maintenant")
    sources = held(m.text, FALLBACK, 2)
    hyp = "Click 102 Save 101 now"
    weights = one_hot([0, 4, 3, 2, 5], 6)
    placed = place_spans(hyp, sources, m.outputs, m.glue, FALLBACK, weights, pairs=m.pairs)
    assert placed.text == "Click <i>Save</i> now"


def test_tags_pair_by_name_and_nesting():
    assert tag_pairs(["<b>", "<i>", "</i>", None, "</b>", "<br>", "<br/>"]) == [(0, 4), (1, 2)]
    assert tag_pairs(["<b>", "<i>", "</b>", "</i>"]) == []  # badly nested: none after it
    assert tag_pairs(["&lt;b&gt;", "&lt;/b&gt;", "<a href='x'>", "</A>"]) == [(2, 3)]
