"""Inline tags go back around the target words aligned to the source words they enclosed: read as
a spec with made-up translations and alignments, no model (nmt_cli/markup/placement.py,
segments.py). Alignments are Pharaoh pairs "source-target" over whitespace words of the text
without its tags."""

from __future__ import annotations

import random

import pytest
from markup_fixtures import Aligned, assert_well_formed, links, tags

from nmt_cli.markup.pages import translate_markup_lines
from nmt_cli.markup.placement import Enclosure, place_elements


def translated(line: str, target: str, pharaoh: str, dialect: str = "html") -> str:
    """``line`` with inline tags, translated as ``target`` with the alignment ``pharaoh``."""
    seen = []

    def translate(texts: list[str]) -> list[Aligned]:
        seen.extend(texts)
        return [Aligned(target, links(pharaoh))]

    [out] = translate_markup_lines([line], dialect, translate)
    assert len(seen) == 1
    assert_well_formed(out, dialect)
    return out


def test_the_issue_line_gets_its_tags_around_urgent_and_bold():
    line = "Le mot <em>urgent</em> doit apparaître en <strong>gras</strong> dans le titre."
    out = translated(
        line,
        "The urgent word must appear in bold in the title.",
        "0-0 1-2 2-1 3-3 4-4 5-5 6-6 7-7 8-8 9-9",
    )
    assert out == "The <em>urgent</em> word must appear in <strong>bold</strong> in the title."


@pytest.mark.parametrize(
    "line, target, pharaoh, out",
    [
        (  # "Se" links to "I", "souvenir" to "remember": the checkbox went between them
            '<label><input type="checkbox"> Se souvenir de moi</label>',
            "I remember",
            "0-1 1-1 3-0",
            '<label><input type="checkbox"> I remember</label>',
        ),
        (  # an anchor at the start of a paragraph, an icon at its end
            '<a id="haut"></a>Le chat dort ici <img src="z.png">',
            "Here the cat sleeps",
            "0-1 1-2 2-3 3-0",
            '<a id="haut"></a>Here the cat sleeps <img src="z.png">',
        ),
    ],
)
def test_an_element_with_no_words_at_either_end_of_its_parent_stays_at_that_end(
    line, target, pharaoh, out
):
    assert translated(line, target, pharaoh) == out


def test_the_model_reads_the_text_without_its_tags():
    seen = []

    def translate(texts):
        seen.extend(texts)
        return [Aligned(t, []) for t in texts]

    translate_markup_lines(['Un <a href="x">lien</a> et<br/>la suite &amp; fin'], "html", translate)
    assert seen == ["Un lien et\nla suite & fin"]  # a line break, read as one (columns.py)


@pytest.mark.parametrize(
    ("line", "target", "pharaoh", "expected"),
    [
        # an address of three lines, each its own text; an alignment of no help (all to 0)
        (
            "Service du personnel<br>12 rue de la Paix<br/>Paris",
            "Staff department\n12 Peace Street\nParis",
            " ".join(f"0-{k}" for k in range(6)),
            "Staff department<br>12 Peace Street<br/>Paris",
        ),
        # inside an element, with the spaces it had on either side
        (
            "Bonjour <b>Marie <br> et Paul</b>.",
            "Hello Marie\nand Paul.",
            "0-0 1-1 2-2 3-3",
            "Hello <b>Marie <br> and Paul</b>.",
        ),
        # two breaks side by side, glued to each other (spaces were put between them)
        (
            "Bonjour,<br><br>Merci bien",
            "Hello,\n\nThanks a lot",
            "0-0 1-1 2-2",
            "Hello,<br><br>Thanks a lot",
        ),
        # the words trade lines: the break stays between the lines, the bold with its word
        ("<b>Un</b><br>deux", "Two\none", "0-1 1-0", "Two<br><b>one</b>"),
        # the element around it placed where the separator is not: it goes by the alignment
        # inside that element, and the separator outside is a space, never a raw line break
        ("<b>Un<br>deux</b> trois", "Three\nfour five", "0-1 1-2 2-0", "Three <b>four<br>five</b>"),
    ],
)
def test_a_line_break_parts_the_text_and_stays_where_the_translation_parts_it(
    line, target, pharaoh, expected
):
    """A break goes back by the separators of the translation (its lines translated each
    apart, columns.py), not by the alignment."""
    assert translated(line, target, pharaoh) == expected


def test_an_element_the_alignment_puts_across_a_line_break_stops_at_it():
    """The bold was put over "world Thanks", across the break: "Thanks" was written twice."""
    out = translated(
        "Bonjour <b>le monde</b><br>Merci bien",
        "Hello the world\nThanks a lot",
        "0-0 1-1 2-2 2-3 3-3 4-5",
    )
    assert out == "Hello <b>the world</b><br>Thanks a lot"


def test_a_superscript_ordinal_ending_stays_on_the_ending_of_its_translation():
    """The whole number was printed small: "On <sup>1st</sup> January", "<sup>19th</sup>"."""
    out = translated(
        "Le 1<sup>er</sup> mai, au XIX<sup>e</sup> siècle, la molécule H<sub>2</sub>O ici.",
        "On 1st May, in the 19th century, the H2O molecule here.",
        "0-0 1-1 2-2 3-3 3-4 4-5 5-6 6-7 7-9 8-8 9-10",
    )
    assert out == (
        "On 1<sup>st</sup> May, in the 19<sup>th</sup> century, the H<sub>2</sub>O molecule here."
    )


def test_a_raised_abbreviation_ending_raises_none_of_its_english_word():
    """ "Madame" and "numéro" written M<sup>me</sup>, n<sup>o</sup> came back with the whole
    English word raised: "<sup>Mrs</sup> Dupont lives at <sup>No</sup>. 5"."""
    out = translated(
        "M<sup>me</sup> Dupont habite au n<sup>o</sup> 5.",
        "Mrs Dupont lives at No. 5.",
        "0-0 1-1 2-2 3-3 4-4 5-5",
    )
    assert out == "Mrs<sup></sup> Dupont lives at No.<sup></sup> 5."


def test_an_element_around_a_number_in_a_word_stays_around_it_written_the_targets_way():
    """A rating's number: the span took the whole word, "<span>4.5/5</span>"."""
    out = translated(
        "Note : <span>4,5</span>/5 (120 avis)", "Rating: 4.5/5 (120 reviews)", "0-0 1-0 2-1 3-2 4-3"
    )
    assert out == "Rating: <span>4.5</span>/5 (120 reviews)"


def test_an_element_follows_its_words_where_the_languages_order_them_apart():
    out = translated("Le chat <b>noir</b> dort.", "The black cat sleeps.", "0-0 1-2 2-1 3-3")
    assert out == "The <b>black</b> cat sleeps."


def test_nested_elements_stay_nested():
    out = translated("Un <b>très <i>grand</i></b> chien.", "A very big dog.", "0-0 1-1 2-2 3-3")
    assert out == "A <b>very <i>big</i></b> dog."


def test_a_child_whose_words_move_out_of_its_parent_is_kept_inside_it():
    # <b> encloses "le chat", <i> "chat"; the target puts a word of no element between them
    out = translated("<b>le <i>chat</i></b> dort", "the sleeps cat", "0-0 1-2 2-1")
    assert out == "<b>the sleeps <i>cat</i></b>"


def test_siblings_whose_words_cross_are_cut_apart_each_once():
    out = translated("<a>X Y</a> <b>Z</b>", "x z y", "0-0 1-2 2-1")
    assert out == "<a>x</a> <b>z</b> y"


def test_an_element_of_unlinked_words_takes_the_unlinked_words_between_its_neighbours():
    out = translated("Le <b>très</b> grand chien", "The very big dog", "0-0 2-2 3-3")
    assert out == "The <b>very</b> big dog"


def test_an_element_whose_words_the_translation_dropped_is_still_there_once():
    line = "Il doit apparaître en <strong>gras</strong> dans le titre."
    out = translated(line, "It must appear in the title.", "0-0 1-1 2-2 3-3 5-3 6-4 7-5")
    assert out.count("<strong>") == out.count("</strong>") == 1
    assert out.replace("<strong></strong>", "") == "It must appear in the title."


def test_an_empty_element_goes_after_the_target_of_the_word_before_it():
    out = translated("Le chat<br/>noir dort", "The black cat sleeps", "0-0 1-2 2-1 3-3")
    assert out == "The black cat<br/>sleeps"


def test_an_empty_element_that_touches_only_the_next_word_goes_before_its_target():
    out = translated('Voir <img src="a.png"/>ici', "See here", "0-0 1-1")
    assert out == 'See <img src="a.png"/>here'


def test_an_empty_element_keeps_the_spaces_it_had_on_either_side():
    out = translated('Voir <img src="a.png"> ici', "See here", "0-0 1-1")
    assert out == 'See <img src="a.png"> here'


def test_punctuation_the_element_did_not_hold_stays_outside_it():
    assert translated("Il est <b>gras</b>.", "It is bold.", "0-0 1-1 2-2") == ("It is <b>bold</b>.")
    assert translated("<b>Attention !</b> Il pleut.", "Careful! It rains.", "0-0 2-1 3-2") == (
        "<b>Careful!</b> It rains."
    )


def test_a_full_stop_after_an_element_stays_out_of_it_where_the_last_word_is_copied():
    # fr-en: "Allez sur le site web." "Go on the web.", "site" and "web." linked to "web.",
    # which is the source's "web." as written: the link took "the web." with its period
    line = 'Allez sur <a href="x">le site web</a>.'
    out = translated(line, "Go on the web.", "0-0 1-1 2-2 3-3 4-3")
    assert out == 'Go on <a href="x">the web</a>.'
    out = translated("Voir <b>le site</b>.", "See the site.", "0-0 1-1 1-2 2-2")
    assert out == "See <b>the site</b>."


def test_an_element_keeps_the_punctuation_its_source_text_starts_with_and_no_more():
    # fr-en put quotes around a placeholder: “%s”? keeps “ out of <b> and % in it
    out = translated("Supprimer « <b>%s</b> » ?", "Delete “%s”?", "0-0 2-1 4-1")
    assert out == "Delete “<b>%s</b>”?"


def test_an_element_around_all_its_parents_words_takes_all_their_translation():
    # fr-en's alignment left "opened" unlinked: it stays inside the elements
    line = "<big><b>Impossible d'ouvrir le fichier</b></big>"
    out = translated(line, "The file could not be opened", "0-2 0-3 2-1 3-0")
    assert out == "<big><b>The file could not be opened</b></big>"


def test_elements_inside_a_word_the_translation_copied_keep_their_places_in_it():
    # one word for the model: H2O, GlobalScope.DialogLibraries
    out = translated("H<sub>2</sub>O est ici.", "H2O is here.", "0-0 1-1 2-2")
    assert out == "H<sub>2</sub>O is here."
    line = "de <i>GlobalScope</i>.<i>DialogLibraries</i> ici"
    out = translated(line, "of GlobalScope.DialogLibraries here", "0-0 1-1 2-2")
    assert out == "of <i>GlobalScope</i>.<i>DialogLibraries</i> here"
    # a word the translation changed holds the element whole
    assert translated("Les <b>fichier</b>s joints", "The attached files", "0-0 1-2 2-1") == (
        "The attached <b>files</b>"
    )


def test_elements_are_written_as_they_were():
    line = "<A HREF='x?a=1&amp;b=2'  class=big>Un</A> <span\ndata-x=\"&quot;\">deux</span>"
    out = translated(line, "One two", "0-0 1-1")
    assert out == "<A HREF='x?a=1&amp;b=2'  class=big>One</A> <span\ndata-x=\"&quot;\">two</span>"


def test_with_no_translation_at_all_the_tags_are_still_all_there():
    out = translated("Un <b>deux</b> <i>trois</i><br>", "", "")
    assert tags(out) == ["<b>", "</b>", "<i>", "</i>", "<br>"]


def random_line(rng: random.Random) -> str:
    """A line of up to 10 words with random nested, empty and self-closing elements."""
    words = [f"w{k}" for k in range(rng.randint(1, 10))]
    parts, open_, names = [], [], ["b", "i", "a", "span", "em"]
    for w in words:
        for _ in range(rng.choice([0, 0, 1, 2])):
            name = rng.choice(names)
            parts.append(f'<{name} id="{len(parts)}">')
            open_.append(name)
        if rng.random() < 0.2:
            parts.append(rng.choice(["<br>", '<img src="x">', "<x/>"]))
        parts.append(w + rng.choice(["", "", ",", "."]))
        while open_ and rng.random() < 0.5:
            parts.append(f"</{open_.pop()}>")
        parts.append(rng.choice([" ", " ", ""]) if parts[-1].startswith("<") else " ")
    parts += [f"</{n}>" for n in reversed(open_)]
    return "".join(parts)


@pytest.mark.parametrize("seed", range(300))
def test_any_alignment_gives_well_formed_output_with_every_tag_once(seed):
    rng = random.Random(seed)
    line = random_line(rng)

    def translate(texts):  # any number of target words, any links, many to many
        n_src = len(texts[0].split())
        n_tgt = rng.randint(0, n_src + 3)
        pairs = {(rng.randrange(n_src), rng.randrange(n_tgt)) for _ in range(n_tgt)}
        return [Aligned(" ".join(f"t{k}" for k in range(n_tgt)), sorted(pairs))]

    [out] = translate_markup_lines([line], "html", translate)
    assert_well_formed(out)
    assert sorted(tags(out)) == sorted(tags(line)), (line, out)


def test_placement_gives_each_element_a_run_inside_its_parents():
    # source words 0..3: <a> 0-2 holds <b> 1; <c> 3; an empty element before word 3
    b = Enclosure(1, 2)
    tree = [Enclosure(0, 3, [b]), Enclosure(3, 3), Enclosure(3, 4)]
    runs = place_elements(tree, links("0-3 1-2 2-1 3-0"), 4)
    assert runs == [(1, 4), (2, 3), (1, 1), (0, 1)]


@pytest.mark.parametrize(
    "line, target, pharaoh, out",
    [
        (  # a link around an image: no space inside the link, none added around it
            'Cliquez sur <a href="#"><img src="x.png" alt=""></a> pour continuer.',
            "Click on to continue.",
            "0-0 1-1 2-2 3-3",
            'Click on <a href="#"><img src="x.png" alt=""></a> to continue.',
        ),
        (  # an icon: an element in an element in an element, none with words
            'Voir <i class="icon"><svg><use href="#i"/></svg></i> ici.',
            "See here.",
            "0-0 1-1",
            'See <i class="icon"><svg><use href="#i"/></svg></i> here.',
        ),
    ],
)
def test_elements_without_words_inside_one_another_get_no_space_between_their_tags(
    line, target, pharaoh, out
):
    assert translated(line, target, pharaoh) == out


def test_a_word_break_opportunity_does_not_cut_its_word_in_two():
    line = "Voir https://www.exemple.fr/<wbr>documentation/<wbr>guide pour les détails."
    seen = []

    def translate(texts: list[str]) -> list[Aligned]:
        seen.extend(texts)
        return [
            Aligned(
                "See https://www.exemple.fr/documentation/guide for details.",
                links("0-0 1-1 2-2 3-3 4-3"),
            )
        ]

    [out] = translate_markup_lines([line], "html", translate)
    # the model reads the address whole (read in three words, it rewrote "guide-complet")
    assert seen == ["Voir https://www.exemple.fr/documentation/guide pour les détails."]
    assert out == "See https://www.exemple.fr/<wbr>documentation/<wbr>guide for details."


def test_a_word_break_opportunity_in_a_translated_word_keeps_the_space_after_it():
    line = "Un mot: anti<wbr>constitutionnel ici."
    out = translated(line, "A word: unconstitutional here.", "0-0 1-1 2-2 3-3")
    assert out == "A word: unconstitutional<wbr> here."  # not "unconstitutional<wbr>here."
    assert (
        translated("Un mot: super<wbr>long ici.", "A word: superlong here.", "0-0 1-1 2-2 3-3")
        == "A word: super<wbr>long here."
    )  # a word written as it was: at its place


def test_buttons_side_by_side_in_a_sentence_are_words_of_their_own():
    """With nothing between them their words were one, "OuiNon": untranslated, in one
    button, the other left empty."""
    seen = []

    def translate(texts):
        seen.extend(texts)
        return [Aligned("Choose: Yes No then confirm.", links("0-0 1-0 2-1 3-2 4-3 5-4"))]

    line = "Choisissez : <button>Oui</button><button>Non</button> puis validez."
    [out] = translate_markup_lines([line], "html", translate)
    assert seen == ["Choisissez : Oui Non puis validez."]
    assert out == "Choose: <button>Yes</button> <button>No</button> then confirm."
