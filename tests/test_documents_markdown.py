"""`nmt translate -i guide.md`: a Markdown file in, the same file out, its text translated.

Only the text of paragraphs, headings, list items, quotations and table cells (and a front
matter's title and description) changes; code, HTML blocks, link definitions, blank lines and
each block's own marks stay as they were. Emphasis, links and inline tags go back around the
target words aligned to the words they enclosed; code spans, autolinks and images pass through
whole. What the translation says is escaped where Markdown would read it as markup, so the
output has the source's structure. The made-up translations of markup_fixtures.py show where
things go; the tiny German-English model of model_fixtures.py and the shipped fr-en (the
README's example) run the command.
"""

from __future__ import annotations

import pytest
from conftest import assert_readme_example_prints_as_shown
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markup_fixtures import Aligned, word_for_word

from nmt_cli.documents.markdown import read_markdown
from nmt_cli.protect.markup_spans import PRIVATE_USE

pytest_plugins = ["model_fixtures"]

GUIDE = """\
---
title: Guide *rapide*
---
# Installer *vite* ##

Lancez `make install` dans un [terminal](https://ex.fr/Épée "Aide") puis
appuyez sur <kbd>Entrée</kbd>, voir <https://ex.fr/aide>.

> - un *premier* point
>   sur deux lignes
> - ![logo](logo.png) second point

| Nom | Valeur | |
|---|---|---|
| a \\| b | `x` | c |

Titre souligné
==============

    bloc de code indenté

```python
print("bonjour")
```

<div align="center">
  <b>HTML</b>
</div>

[ref]: https://ex.fr/ref
Fin\\
du texte.
"""


def translated(text: str, translate=word_for_word) -> str:
    document = read_markdown(text.split("\n")[:-1], "guide.md")
    return document.render(translate(document.sources()), "en", print)


def structure(text: str) -> list[tuple[str, str]]:
    """The blocks and inline elements Markdown reads in ``text``: (type, markup) in order (a
    line break inside a paragraph is a space: where it falls is not structure)."""
    parser = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    out = []
    for token in parser.parse(text):
        out.append((token.type, token.markup))
        out.extend(
            (c.type, c.markup) for c in token.children or [] if c.type not in ("text", "softbreak")
        )
    return out


def saying(words: dict[str, str]):
    """A translation word for word that says ``words[w]`` for a word ``w`` in it."""

    def translate(texts: list[str]) -> list[Aligned]:
        out = []
        for text in texts:
            said = [words.get(w, w) for w in text.split()]
            out.append(Aligned(" ".join(said), [(k, k) for k in range(len(said))]))
        return out

    return translate


def reversed_words(texts: list[str]) -> list[Aligned]:
    """A translation that says the words backwards: source word i is target word n - 1 - i."""
    out = []
    for text in texts:
        words = text.split()
        n = len(words)
        out.append(Aligned(" ".join(reversed(words)), [(k, n - 1 - k) for k in range(n)]))
    return out


def test_a_hard_line_break_parts_the_text_and_stays_between_the_lines():
    """An address of three lines was one sentence: "Human\\ Resources Service 12 laughing of\\"."""
    seen = []

    def lines_backwards(texts: list[str]) -> list[Aligned]:  # each line's words reversed
        seen.extend(texts)
        out = []
        for text in texts:
            said = "\n".join(" ".join(reversed(x.split())) for x in text.split("\n"))
            out.append(Aligned(said, [(0, 0)]))  # an alignment of no help
        return out

    out = translated("Service du personnel  \n12 rue de la Paix\\\nParis\n", lines_backwards)
    assert seen == ["Service du personnel\n12 rue de la Paix\nParis"]
    assert out == "personnel du Service  \nPaix la de rue 12\\\nParis\n"


def test_an_html_line_break_parts_the_text_as_a_hard_break_does():
    """A table cell's two lines (``Le chat<br>noir``), as GitHub writes them, were one
    sentence: the model's alignment left the second line's words out, "Black cat<br>"."""
    seen = []

    def lines_backwards(texts: list[str]) -> list[Aligned]:  # each line's words reversed
        seen.extend(texts)
        said = ["\n".join(" ".join(reversed(x.split())) for x in t.split("\n")) for t in texts]
        return [Aligned(t, [(0, 0)]) for t in said]  # an alignment of no help

    source = "| Un chat<br>très noir | Deux<BR/>trois |\n|---|---|\n\nUne ligne<br />suite.\n"
    out = translated(source, lines_backwards)
    assert seen == ["Un chat\ntrès noir", "Deux\ntrois", "Une ligne\nsuite."]
    assert out == "| chat Un<br>noir très | Deux<BR/>trois |\n|---|---|\n\nligne Une<br />suite.\n"


def test_lines_each_ended_by_a_hard_break_keep_their_breaks_as_written_and_are_not_rewrapped():
    """A poem's or an address's lines, each ended by two spaces, came back with backslashes
    (a diff on every line of a README), and a line longer in English than the longest French
    one was wrapped onto a line of its own: "forced and *Italian*" / "here."."""
    source = "> Ligne avec saut  \n> forcé et *italique* ici.   \n> Fin\n"

    def longer(texts: list[str]) -> list[Aligned]:
        said = [t.upper().replace("ICI.", "ICI ENCORE.") for t in texts]
        return [Aligned(t, [(i, i) for i in range(len(t.split()))]) for t in said]

    out = translated(source, longer)
    assert out == "> LIGNE AVEC SAUT  \n> FORCÉ ET *ITALIQUE* ICI ENCORE.   \n> FIN\n"


def test_a_github_alerts_type_stays_on_its_own_line_untranslated():
    """`> [!NOTE]` was translated ("[!NOT]"), escaped and joined to the text: no alert."""
    seen = []

    def said(texts):
        seen.extend(texts)
        return word_for_word(texts)

    out = translated("> [!NOTE]\n> Ce projet est utile.\n", said)
    assert out == "> [!NOTE]\n> CE PROJET EST UTILE.\n"
    assert seen == ["Ce projet est utile."]


def test_an_obsidian_callouts_type_stays_and_its_title_is_a_line_of_its_own():
    """``> [!note] À retenir`` came out "> [!note] to restart the budget is": its title wrapped
    into its text, the callout's first line changed."""
    seen = []

    def said(texts):
        seen.extend(texts)
        return word_for_word(texts)

    text = "> [!tip]- À *retenir*\n> Le budget est validé à ce jour par tous.\n"
    out = translated(text, said)
    assert out == "> [!tip]- À *RETENIR*\n> LE BUDGET EST VALIDÉ À CE JOUR PAR TOUS.\n"
    assert seen == ["À retenir\nLe budget est validé à ce jour par tous."]  # two lines
    assert translated("> [!info] Titre seul\n") == "> [!info] TITRE SEUL\n"


def test_a_github_alerts_one_line_of_text_stays_one_line():
    """`> [!WARNING]` then one line of text came out on two once its translation was longer
    ("> This project is" / "> experimental."): the alert's type line made it a paragraph of
    two lines, wrapped to the widest."""

    def longer(texts):
        return [Aligned(f"{t} ENCORE", [(k, k) for k in range(len(t.split()))]) for t in texts]

    out = translated("> [!WARNING]\n> Ce projet est expérimental.\n", longer)
    assert out == "> [!WARNING]\n> Ce projet est expérimental. ENCORE\n"


def test_an_html_blocks_alt_and_title_are_translated_as_a_pages_are():
    """A README's centred logo kept its French alt text, which the same HTML as a page gets."""
    text = '<p align="center">\n  <img src="logo.png" alt="Le logo" title="Le titre">\n</p>\n'
    assert translated(text) == text.replace("Le logo", "LE LOGO").replace("Le titre", "LE TITRE")


def test_inline_htmls_text_attributes_are_translated_and_its_other_attributes_kept():
    """Inside a paragraph, ``<abbr title="Interface de programmation">`` kept its French title,
    which the same tag in an HTML block, or a page, has translated."""
    text = (
        'Un <abbr title="Interface de programmation" class="x">API</abbr> et '
        '<img src="a.png" alt=\'Le chat "noir"\'> ici.\n'
    )
    document = read_markdown(text.split("\n")[:-1], "a.md")
    assert document.sources() == ["Un API et ici.", "Interface de programmation", 'Le chat "noir"']
    assert translated(text) == (
        'UN <abbr title="INTERFACE DE PROGRAMMATION" class="x">API</abbr> ET '
        '<img src="a.png" alt=\'LE CHAT "NOIR"\'> ICI.\n'
    )


def test_inline_html_that_says_translate_no_is_kept_with_its_text_and_attributes():
    """``<span translate="no" title="Valider">Valider</span>`` in a paragraph had its word
    translated, which a page keeps as written."""
    text = 'Cliquez sur <span translate="no" title="Valider">Valider</span> ici.\n'
    document = read_markdown(text.split("\n")[:-1], "a.md")
    assert len(document.sources()) == 1
    assert translated(text) == (
        'CLIQUEZ SUR <span translate="no" title="Valider">Valider</span> ICI.\n'
    )


def test_only_the_text_of_blocks_changes():
    source, output = GUIDE.split("\n"), translated(GUIDE).split("\n")
    # the front matter's title, headings, paragraphs, items, cells
    changed = {1, 3, 5, 6, 8, 9, 10, 12, 14, 16, 30, 31}
    assert len(output) == len(source)
    assert [x for k, x in enumerate(output) if k not in changed] == [
        x for k, x in enumerate(source) if k not in changed
    ]
    assert structure(translated(GUIDE)) == structure(GUIDE)


def test_each_blocks_marks_stay_and_its_text_is_translated():
    lines = translated(GUIDE).split("\n")
    assert lines[3] == "# INSTALLER *VITE* ##"
    assert lines[8:11] == [
        "> - UN *PREMIER* POINT",
        ">   SUR DEUX LIGNES",
        "> - ![LOGO](logo.png) SECOND POINT",
    ]
    assert lines[12:15] == ["| NOM | VALEUR | |", "|---|---|---|", "| A \\| B | `x` | C |"]
    assert lines[16:18] == ["TITRE SOULIGNÉ", "=============="]
    assert lines[-3:] == ["FIN\\", "DU TEXTE.", ""]


def test_code_autolinks_and_images_pass_through_whole_and_the_model_never_reads_them():
    document = read_markdown(GUIDE.split("\n")[:-1], "guide.md")
    sources = document.sources()
    own = ["Aide", "logo"]  # a link's title, an image's alt text: texts of their own (below)
    assert [s for s in sources if s in own] == own
    sources = [s for s in sources if s not in own]
    assert not any("make install" in s or "ex.fr/aide" in s or "logo" in s for s in sources)
    stand_ins = [c for s in sources for c in s if PRIVATE_USE[0] <= c <= PRIVATE_USE[1]]
    assert len(stand_ins) == 3  # a code span, an autolink, an image: one character each
    lines = translated(GUIDE).split("\n")
    assert "`make install`" in lines[5] and "<https://ex.fr/aide>" in lines[6]


def test_a_links_destination_is_kept_as_written():
    assert '[TERMINAL](https://ex.fr/Épée "AIDE")' in translated(GUIDE)


IMAGES = """\
Lisez la [documentation](https://ex.fr/docs "Aide complète") ici.

![Capture d'écran de la *fenêtre*](img/fenêtre.png 'La fenêtre')
"""


def test_an_image_without_alt_text_passes_through_as_written():
    """A README's badge or screenshot, ``![](a.png)``: a TypeError failed the whole file."""
    text = '![](img/logo.png)\n\nVoir ![](a.png "La fenêtre") ici.\n'
    assert read_markdown(text.split("\n")[:-1], "a.md").sources() == [
        "Voir \ue000 ici.",
        "La fenêtre",
    ]
    assert translated(text) == '![](img/logo.png)\n\nVOIR ![](a.png "LA FENÊTRE") ICI.\n'


def test_an_images_alt_text_and_a_title_are_translated_as_texts_of_their_own():
    document = read_markdown(IMAGES.split("\n")[:-1], "images.md")
    assert document.sources() == [
        "Lisez la documentation ici.",
        "Aide complète",
        "Capture d'écran de la fenêtre",
        "La fenêtre",
    ]
    assert translated(IMAGES) == (
        'LISEZ LA [DOCUMENTATION](https://ex.fr/docs "AIDE COMPLÈTE") ICI.\n\n'
        "![CAPTURE D'ÉCRAN DE LA *FENÊTRE*](img/fenêtre.png 'LA FENÊTRE')\n"
    )


def test_a_translated_title_is_escaped_as_a_title_in_quotes():
    said = 'dit "oui" \\ &copy; \\*'
    output = translated('Un [lien](/x "Aide") et ![image](/i "Aide").\n', saying({"Aide": said}))
    tokens = MarkdownIt("commonmark").parseInline(output)[0].children
    assert [t.attrs["title"] for t in tokens if t.type in ("link_open", "image")] == [said, said]


def test_a_titles_and_an_attributes_markup_is_text_translated_and_given_back():
    """A link's title and an HTML attribute's text are texts of their own: a tag or an
    entity written in them is characters the model reads, given back as written."""
    title, value = "Si <b>a</b> &amp; c", "Si &lt;b&gt;a&lt;/b&gt; &amp;amp; c"
    text = f'Voir [ici](/x "{title}") et <abbr title="{value}">API</abbr>.\n'
    own = read_markdown(text.split("\n")[:-1], "a.md").sources()[1:]
    assert own == ["Si <b>a</b> & c", "Si <b>a</b> &amp; c"]
    assert translated(text) == (
        'VOIR [ICI](/x "SI <B>A</B> &amp; C") '
        'ET <abbr title="SI <B>A</B> &amp;AMP; C">API</abbr>.\n'
    )


def test_elements_enclose_the_words_aligned_to_those_they_enclosed():
    text = "Un **très grand** [chat](https://ex.fr/chat) <kbd>noir</kbd> dort.\n"
    assert translated(text, reversed_words) == (
        "dort. <kbd>noir</kbd> [chat](https://ex.fr/chat) **grand très** Un\n"
    )


def test_what_the_translation_says_is_escaped_where_markdown_would_read_markup():
    words = {"un": "*un*", "deux": "_deux_", "trois": "[trois]", "quatre": "a|b", "Cinq": "#"}
    text = "Cinq un deux trois quatre snake_case.\n"
    output = translated(text, saying(words))
    assert output == "\\# \\*un\\* \\_deux\\_ \\[trois\\] a\\|b snake_case.\n"
    assert structure(output) == structure(text)  # one paragraph, no emphasis, no link


def test_what_the_source_wrote_unescaped_stays_so_where_it_starts_no_markup():
    """Outside a table a pipe starts nothing, nor does ``*`` between spaces, ``<`` before a
    space or ``[x]`` with no definition: every one was escaped (``[A](/) \\| [B](/b)``, ``5
    \\* 3``), lines the user's diff showed changed beyond their words. A table cell's pipe
    and what the source escaped stay escaped; what would start markup is escaped still."""
    text = (
        "[Accueil](/) | [Aide](/aide)\n\nPrix : 5 * 3 ou a < b, ~10 min, _ seul, [note].\n\n"
        "Pas \\*ceci\\* | ni [cela](/c).\n\n| Nom | Prix |\n|-----|------|\n| a \\| b | 3 |\n"
    )
    assert translated(text) == (
        "[ACCUEIL](/) | [AIDE](/aide)\n\nPRIX : 5 * 3 OU A < B, ~10 MIN, _ SEUL, [NOTE].\n\n"
        "PAS \\*CECI\\* | NI [CELA](/c).\n\n| NOM | PRIX |\n|-----|------|\n| A \\| B | 3 |\n"
    )
    words = {"5": "*5*", "[note].": "[note](/n)."}  # unescaped: emphasis, a link
    output = translated(text, saying(words))
    assert "Prix : \\*5\\* \\* 3 ou a < b, ~10 min, _ seul, \\[note\\](/n)." in output
    assert structure(output) == structure(text)


def test_unescaped_text_that_a_reference_makes_a_link_stays_escaped():
    text = "Voir [guide] ou [aide].\n\n[Guide]: /guide\n"
    words = {"[aide].": "[guide]."}  # unescaped: a link to the guide's definition
    assert " ou \\[guide\\].\n" in translated(text, saying(words))


def test_a_task_list_items_checkbox_stays_as_written_and_the_model_never_reads_it():
    text = "- [ ] à faire\n* [x] fait\n+ [X] Fait\n> 1. [ ]   cité\n- [ ]\n- [lien](http://x)\n"
    document = read_markdown(text.split("\n")[:-1], "tasks.md")
    assert document.sources() == ["à faire", "fait", "Fait", "cité", "lien"]
    assert translated(text, saying({})) == text
    assert translated(text) == (
        "- [ ] À FAIRE\n* [x] FAIT\n+ [X] FAIT\n> 1. [ ]   CITÉ\n- [ ]\n- [LIEN](http://x)\n"
    )


NOTES = """\
Voir la note[^1] et la note.[^longue] Pas une note : [^x].

[^1]: Une note de bas de page.
[^longue]: Une autre note,
    sur deux lignes.

    Son second paragraphe.
"""


def test_footnote_markers_stay_as_written_and_the_model_never_reads_them():
    document = read_markdown(NOTES.split("\n")[:-1], "notes.md")
    assert document.sources() == [
        "Voir la note et la note. Pas une note : [^x].",  # [^x]: no definition, text
        "Une note de bas de page.",
        "Une autre note, sur deux lignes.",
        "Son second paragraphe.",
    ]
    assert translated(NOTES, saying({})) == NOTES  # its texts back: the file as it was
    assert translated(NOTES).split("\n")[:5] == [
        "VOIR LA NOTE[^1] ET LA NOTE.[^longue] PAS UNE NOTE : [^X].",  # as written: no note
        "",
        "[^1]: UNE NOTE DE BAS DE PAGE.",
        "[^longue]: UNE AUTRE NOTE,",
        "    SUR DEUX LIGNES.",
    ]


def test_a_notes_number_raised_after_a_word_follows_that_words_translation():
    """Read with the word, ``sauvegarde<sup>1</sup>`` was "sauvegarde1", which the model copied
    untranslated; a raised ending that is no number (``XIX<sup>e</sup>``) is still read."""
    seen = []

    def said(texts):
        seen.extend(texts)
        return reversed_words(texts)

    assert (
        translated("Une sauvegarde<sup>1</sup> ici.\n", said) == "ici. sauvegarde<sup>1</sup> Une\n"
    )
    assert seen == ["Une sauvegarde ici."]
    seen.clear()
    assert translated("Au XIX<sup>e</sup> siècle.\n", said) == "siècle. XIX<sup>e</sup> Au\n"
    assert seen == ["Au XIXe siècle."]


def test_a_footnotes_reference_follows_the_word_it_was_written_after():
    text = "Une note[^1] ici.\n\n[^1]: Texte.\n"
    assert translated(text, reversed_words).split("\n")[0] == "ici. note[^1] Une"


def test_pandocs_inline_note_keeps_its_marks_and_its_text_is_translated_apart():
    """Read as text, ``^[...]`` went to the model with the sentence: its "]" was lost and the
    note left in French ("Here is a phrase^[Une note in line with a note.")."""
    text = "Une phrase^[Une *note* en ligne.] ici et ^[seule].\n"
    document = read_markdown(text.split("\n")[:-1], "notes.md")
    assert document.sources() == ["Une phrase ici et .", "Une note en ligne.", "seule"]
    assert translated(text) == "UNE PHRASE^[UNE *NOTE* EN LIGNE.] ICI ET ^[SEULE].\n"
    assert translated("Une phrase^[Une note.] ici.\n", reversed_words) == (
        "ici. phrase^[note. Une] Une\n"  # after the word it followed
    )


HTML_BLOCKS = """\
<div class="alerte">Attention : ne pas éteindre.</div>

> <p>Un texte
> sur deux lignes &amp; <b>gras</b>.</p>

<details>
<summary>Résumé ici</summary>

Du *Markdown*.

</details>
"""


def test_an_html_blocks_text_is_translated_and_its_tags_stay_as_written():
    document = read_markdown(HTML_BLOCKS.split("\n")[:-1], "html.md")
    assert document.sources() == [
        "Attention : ne pas éteindre.",
        "Un texte sur deux lignes & gras.",
        "Résumé ici",
        "Du Markdown.",
    ]
    assert translated(HTML_BLOCKS) == (
        '<div class="alerte">ATTENTION : NE PAS ÉTEINDRE.</div>\n\n'
        "> <p>UN TEXTE SUR DEUX\n> LIGNES &amp; <b>GRAS</b>.</p>\n\n"
        "<details>\n<summary>RÉSUMÉ ICI</summary>\n\nDU *MARKDOWN*.\n\n</details>\n"
    )


def test_an_html_block_given_its_own_texts_back_is_written_as_it_was():
    """markup joins a paragraph's lines: a block whose texts come back unchanged keeps its."""
    document = read_markdown(HTML_BLOCKS.split("\n")[:-1], "html.md")
    same = [Aligned(x, [(k, k) for k in range(len(x.split()))]) for x in document.sources()]
    assert document.render(same, "en", print) == HTML_BLOCKS


def test_an_html_block_whose_translation_would_not_read_back_so_stays_as_written():
    text = "<p>un <x></p>\n\n<span>\nTexte\n</span>\n"  # a tag left open; one on its own line
    assert translated(text) == text
    assert structure(translated(HTML_BLOCKS)) == structure(HTML_BLOCKS)


def test_an_html_block_that_leaves_out_end_tags_html_allows_is_translated_as_written():
    """A list written without its items' end tags, as HTML allows, stayed in French."""
    text = "<ul>\n<li>Premier élément\n<li>Second élément\n</ul>\n\n<p>Un texte\n"
    assert translated(text) == (
        "<ul>\n<li>PREMIER ÉLÉMENT\n<li>SECOND ÉLÉMENT\n</ul>\n\n<p>UN TEXTE\n"
    )


def test_an_html_blocks_lines_and_the_line_break_after_its_br_are_kept():
    """An HTML paragraph on three lines came out on one, "<br> The folder is empty."."""
    text = "<p>Le fichier est enregistré\ndans le dossier.<br>\nLe dossier est vide.</p>\n"
    english = "The file is saved in the folder.\nThe folder is empty."
    said = [Aligned(english, [(k, k) for k in range(len(english.split()))])]
    assert translated(text, lambda texts: said) == (
        "<p>The file is saved\nin the folder.<br>\nThe folder is empty.</p>\n"
    )


def test_a_block_written_on_several_lines_is_wrapped_again_to_its_width():
    text = "Un deux trois quatre cinq six sept huit neuf dix onze\ndouze treize quatorze.\n"
    output = translated(text, saying({"Un": "un-un-un-un", "deux": "deux-deux-deux"}))
    lines = output.split("\n")[:-1]
    assert len(lines) == 2 and max(map(len, lines)) <= len(text.split("\n")[0])
    assert " ".join(lines).split() == ["un-un-un-un", "deux-deux-deux"] + text.split()[2:]
    assert translated("Une seule ligne, " * 10 + "\n").count("\n") == 1


def test_a_links_destination_with_spaces_is_never_cut_by_the_wrapping():
    """Cut at a space, ``<a b c ... l.md>`` was a link no more."""
    text = "Voir [le guide](<a b c d e f g h i j k l.md>)\npour les détails du serveur.\n"
    output = translated(text, saying({"Voir": "Voir-voir-voir", "pour": "pour-pour"}))
    assert "](<a b c d e f g h i j k l.md>)" in output


def test_a_formula_between_dollars_is_kept_as_written_and_the_model_never_reads_it():
    """Read as prose, ``$$ \\sum_{i=1}^{n} x_i $$`` came back "$$ \\sum< i=1}^{n >" and
    ``$\\alpha$`` "$ \\alpha $", math no more."""
    from nmt_cli.documents.markdown import MARKDOWN
    from nmt_cli.protect.spans import SpanFinder

    text = "La somme :\n\n$$\n\\sum_{i=1}^{n} x_i\n$$\n\nSoit $\\alpha$ un réel.\n"
    assert read_markdown(text.split("\n")[:-1], "m.md").sources() == [
        "La somme :",
        f"Soit {PRIVATE_USE[0]} un réel.",
    ]
    assert translated(text).split("\n")[2:5] == ["$$", "\\sum_{i=1}^{n} x_i", "$$"]
    assert translated(text).split("\n")[6] == "SOIT $\\alpha$ UN RÉEL."

    def math(line: str) -> list[str]:
        return [s.text for s in SpanFinder(MARKDOWN.protect).find(line) if s.kind == "user"]

    assert math("Soit $\\alpha$ un réel, $$x^2$$ ici.") == ["$\\alpha$", "$$x^2$$"]
    assert math("Le prix est de $5 et $10, ou 5 $ et 10 $.") == []


def test_a_table_in_a_block_quote_or_with_rows_of_other_lengths_is_translated():
    """Its "> " read as a cell, or a row's cells counted otherwise than markdown-it counts them,
    the row was left untranslated."""
    text = (
        "> | Clé | Valeur |\n> |---|---|\n> | Couleur | Rouge |\n\n"
        "| Nom | Description | Remarque |\n|---|---|---|\n| Chat | Animal domestique |\n"
        "| Chien | Fidèle | Aboie | Trop |\n"
    )
    assert translated(text).split("\n") == [
        "> | CLÉ | VALEUR |",
        "> |---|---|",
        "> | COULEUR | ROUGE |",
        "",
        "| NOM | DESCRIPTION | REMARQUE |",
        "|---|---|---|",
        "| CHAT | ANIMAL DOMESTIQUE |",
        "| CHIEN | FIDÈLE | ABOIE | Trop |",  # a cell beyond the header's: no cell of the table
        "",
    ]


def test_a_wrapped_line_never_starts_a_block():
    text = "un deux trois quatre cinq six sept huit neuf dix\nonze douze treize.\n"
    said = saying({"six": "-", "sept": "1.", "huit": "#"})
    for width in range(1, 40):
        output = translated(text.replace("un ", "u" * width + " ", 1), said)
        assert structure(output) == structure(text), output


def test_a_file_given_its_own_texts_back_is_the_same_file():
    """Markdown wrapped a paragraph again, escaped a ``|`` and wrote a reference link inline
    even where the translation changed nothing; a block whose texts come back is as it was."""
    text = "Un texte  sur\ndeux lignes, [lien][ref] et a | b.\n\n[ref]: https://ex.fr\n"
    assert translated(text, saying({})) == text
    assert translated(GUIDE, saying({})) == GUIDE


def test_a_file_without_text_to_translate_comes_out_as_it_went_in():
    text = "```\ncode\n```\n\n    indenté\n\n<p>\n<!-- bloc -->\n</p>\n\n---\n"
    assert translated(text) == text


@pytest.mark.parametrize(
    "head", ["---\ntitre: Mon guide\n---\n", '+++\ntitre = "Mon guide"\n+++\n']
)
def test_a_yaml_or_toml_front_matter_stays_as_written(head):
    """Hugo's TOML front matter was prose: '\\+++ Title = "Scid"'."""
    assert translated(f"{head}\nLe chat.\n") == f"{head}\nLE CHAT.\n"


FRONT_MATTER = """\
---
title: Guide d'installation
description: "Comment installer le logiciel."
summary: 'Un résumé court'  # pour la liste
tags: [installation]
slug: guide-installation
date: 2026-01-05
layout: guide
---
"""


def test_a_front_matter_s_title_and_description_are_translated_the_rest_as_written():
    """Hugo's, Jekyll's, Docusaurus's title and description stayed French in an English page;
    its slug, date, tags and layout are names a site links by."""
    output = translated(FRONT_MATTER + "\nLe chat.\n")
    assert output.split("\n")[:10] == [
        "---",
        "title: GUIDE D'INSTALLATION",
        'description: "COMMENT INSTALLER LE LOGICIEL."',
        "summary: 'UN RÉSUMÉ COURT'  # pour la liste",
        "tags: [installation]",
        "slug: guide-installation",
        "date: 2026-01-05",
        "layout: guide",
        "---",
        "",
    ]


@pytest.mark.parametrize(
    "said",
    ["Note: read this", "Step #1 of #2", "- a list?", "It's done", 'A "quoted" word', "Yes", "12"],
)
def test_a_translated_front_matter_value_reads_as_the_same_string(said):
    """A plain value whose translation says "Note: ..." was a YAML error (or another type)."""
    yaml = pytest.importorskip("yaml", reason="pip install '.[test]'")
    for line in ["title: Bonjour", "title: 'Bonjour'", 'title: "Bonjour"']:
        output = translated(f"---\n{line}\n---\n", saying({"Bonjour": said}))
        assert yaml.safe_load(output.split("---\n")[1]) == {"title": said}, output


def test_a_front_matter_title_and_its_sites_name_are_translated_each_apart():
    """``title: Accueil — Mon site`` read as one text lost a part, as a page's title did."""
    head = (
        "---\ntitle: Accueil — Mon site\nseo_title: 'Contact | Mon site'\n"
        "description: Un guide – court et clair\n---\n"
    )
    document = read_markdown(head.split("\n")[:-1], "guide.md")
    assert document.sources() == [
        "Accueil",
        "Mon site",
        "Contact",
        "Mon site",
        "Un guide – court et clair",  # prose: one text
    ]
    assert translated(head).split("\n")[1:4] == [
        "title: ACCUEIL — MON SITE",
        "seo_title: 'CONTACT | MON SITE'",
        "description: UN GUIDE – COURT ET CLAIR",
    ]


def test_a_toml_front_matter_s_title_is_translated_in_its_quotes():
    head = '+++\ntitle = \'Mon guide\'\nslug = "mon-guide"\n[params]\ntitle = "Autre"\n+++\n'
    output = translated(head, saying({"Mon": "My", "guide": "guide's"}))
    assert output == head.replace("'Mon guide'", '"My guide\'s"')


def test_a_front_matter_value_on_several_lines_is_translated_whole_and_wrapped_again():
    """A long description is often folded (>-) or goes on over indented lines."""
    head = (
        "---\ndescription: >-\n  Ce guide explique comment installer\n  le logiciel.\n"
        "title: Un guide pour\n  installer\n---\n"
    )
    yaml = pytest.importorskip("yaml", reason="pip install '.[test]'")
    output = translated(head)
    assert output == (
        "---\ndescription: >-\n  CE GUIDE EXPLIQUE COMMENT INSTALLER\n  LE LOGICIEL.\n"
        "title: UN GUIDE POUR\n  INSTALLER\n---\n"
    )
    assert yaml.safe_load(output.split("---\n")[1]) == {
        "description": "CE GUIDE EXPLIQUE COMMENT INSTALLER LE LOGICIEL.",
        "title": "UN GUIDE POUR INSTALLER",
    }
    said = translated(head, saying({"pour": "for:"}))
    assert 'title: "Un guide for: installer"' in said


NESTED = """\
---
seo:
  description: Comment installer le logiciel.
  type: article
resources:
  - src: images/chat.jpg
    title: Un chat qui dort
notes: |
  summary: une note gardée
---
"""


def test_a_front_matter_s_prose_keys_nested_in_mappings_are_translated():
    """jekyll-seo-tag's ``seo: description``, a Hugo resource's ``title`` and a ``[params]``
    table's ``description`` stayed French in an English page; a literal block's lines that
    look like a key are its text, as written."""
    yaml = pytest.importorskip("yaml", reason="pip install '.[test]'")
    output = translated(NESTED)
    assert yaml.safe_load(output.split("---\n")[1]) == {
        "seo": {"description": "COMMENT INSTALLER LE LOGICIEL.", "type": "article"},
        "resources": [{"src": "images/chat.jpg", "title": "UN CHAT QUI DORT"}],
        "notes": "summary: une note gardée\n",
    }
    assert output.count("\n") == NESTED.count("\n")
    toml = '+++\ntitle = "Mon guide"\n[params]\n  description = "Une description."\n+++\n'
    assert translated(toml) == toml.replace("Mon guide", "MON GUIDE").replace(
        "Une description.", "UNE DESCRIPTION."
    )


BELOW = """\
---
seo: &seo  # shared
  title: Le guide complet
  description: Une page sur les chats
og: *seo
title:
  Un titre qui
  continue
summary:  # court
  "Un résumé : court"
excerpt:
  - Une liste
---
"""


def test_a_front_matter_s_anchored_mapping_and_values_below_their_keys_are_translated():
    """A mapping behind an anchor (``seo: &seo``) was not read into, and a value written on
    the lines after its key (``title:`` / ``  Un titre``) stayed French."""
    yaml = pytest.importorskip("yaml", reason="pip install '.[test]'")
    output = translated(BELOW)
    seo = {"title": "LE GUIDE COMPLET", "description": "UNE PAGE SUR LES CHATS"}
    assert yaml.safe_load(output.split("---\n")[1]) == {
        "seo": seo,
        "og": seo,
        "title": "UN TITRE QUI CONTINUE",
        "summary": "UN RÉSUMÉ : COURT",
        "excerpt": ["Une liste"],
    }
    assert "seo: &seo  # shared\n" in output and 'summary:  # court\n  "UN RÉSUMÉ' in output
    assert output.count("\n") == BELOW.count("\n")


def test_a_toml_multi_line_strings_lines_are_its_text_never_keys():
    """A line inside a ``\"\"\"`` string that looks like ``title = "..."`` was translated as a
    key (and one like ``lang = "fr"`` became ``en``)."""
    head = (
        '+++\ndescription = """\nUne longue description\ntitle = "Pas une clé"\nlang = "fr"\n"""\n'
        "notes = '''\ntitle = 'Non plus'\n'''\ntitle = \"Le titre\"\n+++\n"
    )
    assert translated(head) == head.replace("Le titre", "LE TITRE")


def test_a_toml_string_in_triple_quotes_on_one_line_is_translated_in_them():
    """``title = \"\"\"Un titre\"\"\"`` stayed French; a translation a triple-quoted
    string cannot hold as it is (a quote, a backslash) is written as a basic string."""
    head = (
        "+++\ntitle = \"\"\"Un titre\"\"\"  # court\nsummary = '''Un résumé'''\n"
        'description = """Une "belle" page"""\n+++\n'
    )
    said = {"Un": "A", "Une": "A", "titre": "title", "résumé": "summary", '"belle"': '"fine"'}
    said["page"] = "page's"
    output = translated(head, saying(said))
    assert output == (
        "+++\ntitle = \"\"\"A title\"\"\"  # court\nsummary = '''A summary'''\n"
        'description = "A \\"fine\\" page\'s"\n+++\n'
    )
    tomllib = pytest.importorskip("tomllib")
    assert tomllib.loads(output.split("+++\n")[1])["description"] == 'A "fine" page\'s'


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("lang: fr", "lang: en"),
        ("language: 'fr'", "language: 'en'"),
        ('locale: "fr_FR"  # og:locale', 'locale: "en_US"  # og:locale'),
        ('lang = "fr-CA"', 'lang = "en-CA"'),
        ("params:\n  lang: fr", "params:\n  lang: fr"),  # not the page's
    ],
)
def test_a_front_matter_s_language_becomes_the_target_language(line, written):
    """``lang: fr`` (Jekyll's page.lang, the ``<html lang>`` its themes write) stayed French on
    an English page, as a page's root lang becomes the target's."""
    ends = "+++" if " = " in line else "---"
    text = f"{ends}\n{line}\n{ends}\n\nLe chat.\n"
    assert translated(text) == f"{ends}\n{written}\n{ends}\n\nLE CHAT.\n"


@pytest.mark.parametrize(
    "line",
    [
        "title: |",
        "title: >-",
        "title: [Un, Deux]",
        "title: &a Un",
        "ID: Un",
        "title: |\n  Un\n  deux",  # a literal block: its line breaks are its text's
        "title: >\n  Un\n\n  deux",
        "title: >\n  Un\n    deux",
        "title: Un\n  deux: trois",
    ],
)
def test_a_front_matter_line_not_read_as_one_string_stays_as_written(line):
    text = f"---\n{line}\n---\n"
    assert translated(text) == text


@pytest.mark.usefixtures("one_torch_thread")
def test_nmt_translate_reads_a_markdown_file_by_its_extension(
    run_cli, transformer_model_dir, tmp_path
):
    source = tmp_path / "notes.md"
    source.write_text(
        "# Ein Hund\n\nEin Mann läuft im `Park`.\n\n```\nEin Kind\n```\n", encoding="utf-8"
    )
    out = tmp_path / "notes.en.md"
    result = run_cli(
        ["translate", "-m", transformer_model_dir, "--threads", "1", "-i", source, "-o", out]
    )
    assert result.exit_code == 0, result.stderr
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[0].startswith("# ") and lines[1] == "" and "`Park`" in lines[2]
    assert lines[3:] == ["", "```", "Ein Kind", "```", ""]


def test_the_readme_example_prints_what_it_shows(run_cli, tmp_path):
    """The README's report, translated by the shipped fr-en model: what it shows."""
    assert_readme_example_prints_as_shown(run_cli, "#### Markdown", tmp_path)


WORDS = ["mot", "*x*", "**gras**", "_y_", "`code`", "[lien](http://u.v/w)", "<kbd>k</kbd>"]
WORDS += ["![i](x.png)", "<http://x.y>", "1,5", "http://a.b/c_d", "snake_case", "5 * 3", "a|b"]
WORDS += ["&amp;", "é", "~~del~~", "\\*", "C:\\dir", "<br/>", "x\\", "(1)", "#tag", "[note]", "-"]
STARTS = ["", "", "# ", "## ", "- ", "* ", "1. ", "> ", "> - ", "   "]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(
            st.tuples(st.sampled_from(STARTS), st.lists(st.sampled_from(WORDS), min_size=1)),
            min_size=1,
            max_size=3,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_file_comes_out_with_the_structure_it_went_in_with(blocks):
    """Blocks of lines of words, with inline markup and what starts a block: translated word
    for word, the file Markdown reads has the same blocks and inline elements."""
    text = "\n\n".join("\n".join(s + " ".join(w) for s, w in b) for b in blocks) + "\n"
    output = translated(text, word_for_word)
    assert structure(output) == structure(text)


def test_a_link_to_a_heading_goes_to_the_anchor_of_its_translation():
    """`# Installation` became `# Installing`, its anchor `#installing`, while `[ici]
    (#installation)` still pointed to the old one: the link went nowhere."""
    text = (
        "# Installation\n\n## Étape 1 : le *téléchargement*\n\n## Installation\n\n"
        'Voir [ici](#installation), [là](#installation-1 "Aide"), '
        "[étape](#étape-1--le-téléchargement) et [site](https://ex.fr/#installation).\n\n"
        "[ref]: #installation\nUn [lien][ref].\n"
    )
    words = {
        "Installation": "Installing",
        "Étape": "Step",
        "le": "the",
        "téléchargement": "download",
    }
    lines = translated(text, saying(words)).split("\n")
    assert lines[0] == "# Installing" and lines[2] == "## Step 1 : the *download*"
    assert (
        '[ici](#installing), [là](#installing-1 "Aide"), [étape](#step-1--the-download)' in lines[6]
    )
    assert "[site](https://ex.fr/#installation)" in lines[6]  # another page's: as written
    assert lines[-3:-1] == ["[ref]: #installing", "Un [lien][ref]."]  # its reference kept


def test_html_links_and_reference_definitions_to_a_heading_go_to_its_translation_s_anchor():
    """`[ici](#installation)` went to `#installing`, while `<a href="#installation">` beside
    it, the same in an HTML block, and `[ref]: #installation` still went to the old anchor."""
    text = (
        "# Installation\n\n"
        'Voir <a href="#installation">ici</a> ou [là](#installation).\n\n'
        "<p>Lisez <a href='#installation' title=\"Aide\">ici</a>.</p>\n\n"
        '<div><a href="#installation"><img src="i.png"></a></div>\n\n'
        '```html\n<a href="#installation">x</a>\n[ref]: #installation\n```\n\n'
        '[ref]: #installation\n[autre]: <#installation> "Titre"\n'
    )
    out = translated(text, saying({"Installation": "Installing"}))
    assert out == (
        "# Installing\n\n"
        'Voir <a href="#installing">ici</a> ou [là](#installing).\n\n'
        "<p>Lisez <a href='#installing' title=\"Aide\">ici</a>.</p>\n\n"
        '<div><a href="#installing"><img src="i.png"></a></div>\n\n'
        '```html\n<a href="#installation">x</a>\n[ref]: #installation\n```\n\n'
        '[ref]: #installing\n[autre]: <#installing> "Titre"\n'
    )


def test_a_reference_definition_whose_destination_is_on_the_next_line_goes_to_the_new_anchor():
    """`[ref]: #installation` went to `#installing`, while the same definition with its
    destination on the next line (or its label on two) still went to the old anchor."""
    text = (
        "# Installation\n\nVoir [ici][ref], [là][autre] et [deux lignes].\n\n"
        "[ref]:\n  #installation\n"
        '[autre]:\n<#installation>\n  "Titre"\n'
        "[deux\nlignes]: #installation\n"
    )
    out = translated(text, saying({"Installation": "Installing"}))
    assert out.endswith(
        '[ref]:\n  #installing\n[autre]:\n<#installing>\n  "Titre"\n[deux\nlignes]: #installing\n'
    )


@pytest.mark.parametrize(
    "attributes", ["{#installation}", "{#installation .note}", "{: #installation }", "{-}"]
)
def test_a_headings_attributes_stay_at_its_end_and_the_model_never_reads_them(attributes):
    """Pandoc's, kramdown's and MkDocs' attributes after a heading's text were read with it:
    the model put them first ("# {#install} Installation"), where no reader takes them for the
    heading's id."""
    text = f"# Installation rapide {attributes}\n\nTitre long {attributes}\n===\n"
    document = read_markdown(text.split("\n")[:-1], "guide.md")
    assert document.sources() == ["Installation rapide", "Titre long"]
    out = translated(text, reversed_words)
    assert out == f"# rapide Installation {attributes}\n\nlong Titre {attributes}\n===\n"


@pytest.mark.parametrize(
    "text, sources, shown",
    [
        (  # Pandoc's, kramdown's, PHP Markdown Extra's definition list
            "Pomme\n:   Un fruit rouge.\n\nPoire\n: Un fruit jaune.\n: Un autre sens.\n",
            ["Pomme", "Un fruit rouge.", "Poire", "Un fruit jaune.", "Un autre sens."],
            "POMME\n:   UN FRUIT ROUGE.\n\nPOIRE\n: UN FRUIT JAUNE.\n: UN AUTRE SENS.\n",
        ),
        (  # two terms, a definition that goes on over its next line, in a quotation
            "> Terme\n> Autre terme\n> : Le sens\n> des deux.\n",
            ["Terme", "Autre terme", "Le sens des deux."],
            "> TERME\n> AUTRE TERME\n> : LE SENS DES DEUX.\n",  # wrapped again
        ),
        (  # kramdown's and MkDocs' attribute list on a line of its own
            "Un paragraphe\nsur deux lignes.\n{: .note #intro}\n",
            ["Un paragraphe sur deux lignes."],
            "UN PARAGRAPHE SUR\nDEUX LIGNES.\n{: .note #intro}\n",
        ),
    ],
)
def test_definition_lists_and_attribute_lists_keep_their_lines_and_marks(text, sources, shown):
    """CommonMark reads them as a paragraph's lines: joined and wrapped again, "Pomme" / ":
    Un fruit rouge." came back "Put: A red fruit.", a list no more, and "{: .note}" went to
    the model and to mid-line ("... a class. {:" / ".note}")."""
    document = read_markdown(text.split("\n")[:-1], "guide.md")
    assert document.sources() == sources
    assert translated(text, saying({})) == text
    assert translated(text) == shown


@pytest.mark.parametrize(
    "text, sources, shown",
    [
        (  # Docusaurus' and VitePress' containers, their fences as written, a title translated
            ":::note\nUne remarque.\n:::\n\n::: tip Astuce du jour\nLes raccourcis.\n:::\n",
            ["Une remarque.", "Astuce du jour", "Les raccourcis."],
            ":::note\nUNE REMARQUE.\n:::\n\n::: tip ASTUCE DU JOUR\nLES RACCOURCIS.\n:::\n",
        ),
        (  # Docusaurus' title in brackets, Pandoc's fenced div
            ":::tip[Astuce du jour]\nLes raccourcis.\n:::\n\n::: {.note}\nUne note.\n:::\n",
            ["Astuce du jour", "Les raccourcis.", "Une note."],
            ":::tip[ASTUCE DU JOUR]\nLES RACCOURCIS.\n:::\n\n::: {.note}\nUNE NOTE.\n:::\n",
        ),
        (  # Liquid's and Hugo's tags on lines of their own
            "{% raw %}\nLe texte brut.\n{% endraw %}\n{{< figure src=a.png >}}\n",
            ["Le texte brut."],
            "{% raw %}\nLE TEXTE BRUT.\n{% endraw %}\n{{< figure src=a.png >}}\n",
        ),
    ],
)
def test_containers_fences_and_template_tags_keep_their_lines(text, sources, shown):
    """CommonMark reads them as a paragraph's lines: ":::note" / "Une remarque." / ":::" came
    back ": \\`\\`note one remark. :", and "{% raw %}" / "Le texte." / "{% endraw %}" came back
    "{% raw %} The text. {% endraw" / "%}"."""
    document = read_markdown(text.split("\n")[:-1], "guide.md")
    assert document.sources() == sources
    assert translated(text, saying({})) == text
    assert translated(text) == shown


def test_a_link_to_an_anchor_the_file_names_itself_is_written_as_it_was():
    text = '<a id="installation"></a>\n\n# Installation\n\nVoir [ici](#installation).\n'
    out = translated(text, saying({"Installation": "Installing"}))
    assert out.endswith("# Installing\n\nVoir [ici](#installation).\n")


@pytest.mark.parametrize("tag", ["<a id=installation></a>", "<a name='installation'></a>"])
def test_an_anchor_named_unquoted_or_in_single_quotes_is_the_files_own(tag):
    out = translated(
        f"{tag}\n\n# Installation\n\nVoir [ici](#installation).\n",
        saying({"Installation": "Installing"}),
    )
    assert out.endswith("# Installing\n\nVoir [ici](#installation).\n")


def test_a_data_name_attribute_names_no_anchor():
    """`data-name="installation"` was read as the file naming its anchor: the link kept the
    old one, which the translated heading no longer has."""
    text = (
        '<span data-name="installation"></span>\n\n# Installation\n\nVoir [ici](#installation).\n'
    )
    out = translated(text, saying({"Installation": "Installing"}))
    assert out.endswith("# Installing\n\nVoir [ici](#installing).\n")


def test_only_a_tag_s_href_attribute_goes_to_the_new_anchor_quoted_or_not():
    """`<a href=#installation>` (unquoted, as HTML allows) still went to the old anchor, while
    a title that only says `href="#installation"` had its text changed; the same in an HTML
    block. Now each href goes to the new one, its quotes (or none) as written, and any other
    text (another attribute's value, a comment) is written as it was."""
    text = (
        "# Installation\n\n"
        "Voir <abbr title='le lien href=\"#installation\"'>ici</abbr> et "
        '<a href=#installation>là</a> <!-- href="#installation" -->.\n\n'
        "<p><a data-x='href=\"#installation\"' href=#installation>ici</a>"
        '<!-- <a href="#installation"> --></p>\n'
    )
    out = translated(text, saying({"Installation": "Installing"}))
    assert out == (
        "# Installing\n\n"
        "Voir <abbr title='le lien href=\"#installation\"'>ici</abbr> et "
        '<a href=#installing>là</a> <!-- href="#installation" -->.\n\n'
        "<p><a data-x='href=\"#installation\"' href=#installing>ici</a>"
        '<!-- <a href="#installation"> --></p>\n'
    )


def test_an_svg_xlink_href_goes_to_the_new_anchor_and_a_repeated_href_is_written_as_it_was():
    """SVG's `xlink:href` is a link as `href` is; of an href written twice, a browser follows
    the first: that one goes to the new anchor, the second (ignored) is written as it was."""
    text = (
        "# Installation\n\n"
        '<svg><a xlink:href="#installation"><text>ici</text></a></svg>\n\n'
        'Voir <a href="#installation" href="#installation">ici</a>.\n'
    )
    out = translated(text, saying({"Installation": "Installing"}))
    assert out == (
        "# Installing\n\n"
        '<svg><a xlink:href="#installing"><text>ici</text></a></svg>\n\n'
        'Voir <a href="#installing" href="#installation">ici</a>.\n'
    )


def test_a_reference_link_keeps_its_reference_and_its_definitions_title_is_translated():
    """`[x][ref]` came out inline, `[X](url "TRANSLATED TITLE")`, the definition `[ref]: url
    "titre"` left unused and French. Now a link or an image keeps its reference as written
    (a collapsed or shortcut one too, its translation still its label whatever its case),
    and the definition's title is translated between the quotes it had; the destinations as
    written."""
    text = (
        "Lisez [la doc][doc], [le guide][] et [Aide]. ![le logo][logo]\n\n"
        "> [le guide]: https://ex.fr/g 'La page\n> d\\'aide'\n\n"
        '[doc]: https://ex.fr/doc "Le guide complet"\n'
        "[aide]: https://ex.fr/aide\n"
        "[logo]: logo.png (Le logo \\(officiel\\))\n"
    )
    assert translated(text).split("\n") == [
        "LISEZ [LA DOC][doc], [LE GUIDE][] ET [AIDE]. ![LE LOGO][logo]",
        "",
        "> [le guide]: https://ex.fr/g 'LA PAGE D\\'AIDE'",
        "",
        '[doc]: https://ex.fr/doc "LE GUIDE COMPLET"',
        "[aide]: https://ex.fr/aide",
        "[logo]: logo.png (LE LOGO \\(OFFICIEL\\))",
        "",
    ]
    assert translated(text, saying({})) == text


def test_a_shortcut_link_stays_one_while_its_translation_still_matches_its_label():
    """`Lisez le [guide].` came out `Read the [guide][guide].`: a shortcut (or collapsed)
    link took its label after it even where its translation was that label. Now it keeps the
    form its author wrote while the translated text still matches the label (CommonMark
    matches labels whatever their case and spacing); where it no longer does, or would match
    another definition, the label follows it so that it goes where it went."""
    text = (
        "Lisez le [guide], le [Mode  *rapide*][] et ![le logo]. Voir [Aide] et [la FAQ].\n\n"
        "[guide]: https://ex.fr/guide\n"
        "[mode *rapide*]: https://ex.fr/rapide\n"
        "[le logo]: logo.png\n"
        "[aide]: https://ex.fr/aide\n"
        "[la faq]: https://ex.fr/faq\n"
        "[help]: https://ex.fr/other\n"
    )
    words = {"Lisez": "Read", "le": "the", "logo": "Logo", "Aide": "Help", "FAQ.": "faq."}
    assert translated(text, saying(words)).split("\n")[0] == (
        "Read the [guide], the [Mode *rapide*][] et ![the Logo][le logo]. "
        "Voir [Help][Aide] et [la faq]."
    )


def test_a_shortcut_link_that_would_read_as_a_definition_keeps_its_label_after_it():
    """`[Guide] : Lire` (French spacing) translated `[Guide]: Read` would be a link reference
    definition, the paragraph gone; the label after the link keeps it a paragraph."""

    def colons_glued(texts: list[str]) -> list[Aligned]:  # "Guide :" says "Guide:"
        out = []
        for text in texts:
            said: list[str] = []
            links = []
            for k, word in enumerate(text.split()):
                if word == ":" and said:
                    said[-1] += ":"
                else:
                    said.append(word)
                links.append((k, len(said) - 1))
            out.append(Aligned(" ".join(said), links))
        return out

    text = "[Guide] : Lire\n\nVoir [Guide] : lire\n\n[guide]: /g\n"
    assert translated(text, colons_glued) == (
        "[Guide][Guide]: Lire\n\nVoir [Guide]: lire\n\n[guide]: /g\n"
    )


def test_a_row_of_links_whose_last_item_is_text_is_translated_item_by_item():
    """`[Accueil](/) | [Aide](/aide) | Contact` was read as one sentence, "Accueil | Aide |
    Contact", its words put back by the alignment (a link could come out empty, a separator
    move); a row of HTML links was already one item at a time. Now a row of Markdown links is
    too, whatever its last item (a breadcrumb's page); a sentence with links is one text."""
    text = (
        "[Accueil](/) | [Aide](/aide) | Contact\n\n"
        "[Accueil](/) > [Docs](/docs) > Installer le paquet\n\n"
        "Lisez [la doc](/d) | puis [le guide](/g).\n"
    )
    document = read_markdown(text.split("\n")[:-1], "guide.md")
    assert document.sources() == [
        "Accueil", "Aide", "Contact", "Accueil", "Docs", "Installer le paquet",
        "Lisez la doc | puis le guide.",
    ]  # fmt: skip
    assert translated(text) == text.upper().replace("](/AIDE)", "](/aide)").replace(
        "](/DOCS)", "](/docs)"
    ).replace("](/D)", "](/d)").replace("](/G)", "](/g)")


def test_a_row_of_inline_html_links_is_translated_item_by_item_as_a_pages_is():
    """`<a href="/">Accueil</a> | <a href="/aide">Aide</a> | Contact` in a Markdown file was one
    sentence (on a page, one text for each item); its `<a>` are now links to the row reader."""
    text = '<a href="/">Accueil</a> | <a href="/aide">Aide</a> | Contact\n'
    assert read_markdown(text.split("\n")[:-1], "guide.md").sources() == [
        "Accueil", "Aide", "Contact"
    ]  # fmt: skip
    assert translated(text) == '<a href="/">ACCUEIL</a> | <a href="/aide">AIDE</a> | CONTACT\n'


def dropping(lost: str):
    """A translation word for word that loses the word ``lost``, as a model may."""

    def translate(texts: list[str]) -> list[Aligned]:
        out = []
        for text in texts:
            kept = [(k, w) for k, w in enumerate(text.split()) if w != lost]
            links = [(k, t) for t, (k, _) in enumerate(kept)]
            out.append(Aligned(" ".join(w for _, w in kept), links))
        return out

    return translate


def test_emphasis_whose_words_the_translation_lost_leaves_no_marks_behind():
    """The model left out `gras` of `Le mot et __gras__ et <kbd>Ctrl</kbd>`: the output said
    `The word and ____<kbd>Ctrl</kbd>`, four underscores shown as text (alone on a line, a
    thematic break). Now emphasis with nothing left in it is not written; a link keeps its
    marks (its destination)."""
    text = "Le mot et __gras__ et ***gras*** ici.\n\nVoir [gras](/g) ici.\n"
    said = translated(text, dropping("gras")).split("\n")
    assert said[0] == "Le mot et et ici."
    assert said[2].startswith("Voir [](/g)")


def test_highlighted_text_keeps_its_marks_around_its_translation():
    """`==surligné==` (Pandoc's, MkDocs', Obsidian's highlight) was text to the model, which
    gave "=surligned==" back, a mark lost. Now its `==` are marks, around the translation of the
    words they enclosed, as emphasis's; `a == b`, `===` and a lone `==` stay text."""
    text = "Un ==mot *très* important== ici.\n"
    assert translated(text, reversed_words) == "ici. ==important *très* mot== Un\n"
    text = "Si a == b, ===x=== et ==y.\n"
    assert translated(text, reversed_words) == "\\==y. et ===x=== b, == a Si\n"


def test_a_links_destination_is_written_as_it_was():
    """`[wiki](https://fr.wikipedia.org/wiki/Python_(langage))` came out with its destination
    in angle brackets, `(<https://...>)`; an escaped bracket, `a\\)b`, came out unescaped."""
    text = (
        "Voir [le wiki](https://fr.wikipedia.org/wiki/Python_(langage)) et "
        '[ceci](a\\)b "Titre"), ![image](<mon image.png>).\n'
    )
    assert translated(text) == (
        "VOIR [LE WIKI](https://fr.wikipedia.org/wiki/Python_(langage)) ET "
        '[CECI](a\\)b "TITRE"), ![IMAGE](<mon image.png>).\n'
    )


def test_an_mkdocs_admonition_keeps_its_type_its_title_and_its_bodys_indentation():
    """`!!! note "Remarque"` and its indented body were one paragraph: its type translated,
    its body joined to it without its indentation ("!!! It's an important note! This block"),
    no admonition for MkDocs any more. Now the type and the marker stay, the title in quotes
    is translated, and the body (a nested admonition, a tab's too) is Markdown of its own,
    indented as it was."""
    text = (
        '!!! note "Remarque importante"\n'
        "    Ce bloc est une remarque\n    sur deux lignes.\n\n"
        "    - un point\n\n"
        "    ??? tip inline\n        Une astuce.\n\n"
        '=== "Onglet"\n\n    Le texte.\n\nFin.\n'
    )
    assert translated(text) == (
        '!!! note "REMARQUE IMPORTANTE"\n'
        "    CE BLOC EST UNE REMARQUE\n    SUR DEUX LIGNES.\n\n"
        "    - UN POINT\n\n"
        "    ??? tip inline\n        UNE ASTUCE.\n\n"
        '=== "ONGLET"\n\n    LE TEXTE.\n\nFIN.\n'
    )
    assert translated(text, saying({})) == text
    setext = "Titre\n===\n\n    du code\n"  # a heading's underline, no tab: its code is code
    assert translated(setext) == "TITRE\n===\n\n    du code\n"


def test_an_admonition_in_a_list_item_keeps_its_marker_and_its_bodys_indentation():
    """An admonition indented in a list item (MkDocs' four spaces) was one paragraph of the
    item: ``!!! TIP "CONSEIL"`` / ``TEXTE DU CONSEIL.``, its type translated, its body no
    longer indented. One shown in a fenced block of an item, or in an indented code block, is
    code still."""
    text = (
        '1. Installez le paquet.\n\n    !!! tip "Conseil"\n        Sauvegardez.\n\n'
        "        - un point\n\n"
        '2. Exemple :\n\n    ```markdown\n    !!! note "Titre"\n        Texte\n    ```\n\n'
        'Du code :\n\n    !!! note "Titre"\n        Texte\n'
    )
    assert translated(text) == (
        '1. INSTALLEZ LE PAQUET.\n\n    !!! tip "CONSEIL"\n        SAUVEGARDEZ.\n\n'
        "        - UN POINT\n\n"
        '2. EXEMPLE :\n\n    ```markdown\n    !!! note "Titre"\n        Texte\n    ```\n\n'
        'DU CODE :\n\n    !!! note "Titre"\n        Texte\n'
    )


def test_an_admonition_shown_in_a_fenced_code_block_is_code():
    """A page showing how to write an admonition, in a code fence, had the title of its
    example translated (`!!! note "Importing"` for "Remarque importante"): the code changed.
    Now a fenced block's lines are code, admonitions aside; one after the fence is read."""
    text = (
        '```markdown\n!!! note "Remarque importante"\n    Ce bloc.\n```\n\n'
        '~~~~\n=== "Onglet"\n~~~\n~~~~~\n\n!!! note "Titre"\n    Le texte.\n'
    )
    assert translated(text) == (
        '```markdown\n!!! note "Remarque importante"\n    Ce bloc.\n```\n\n'
        '~~~~\n=== "Onglet"\n~~~\n~~~~~\n\n!!! note "TITRE"\n    LE TEXTE.\n'
    )


def test_a_pipe_in_a_code_span_of_a_table_cell_stays_escaped():
    """The table's reader unescapes ``\\|`` in a cell's code span: written back as read, the
    pipe cut the cell in two ("| Code `x | y` | ..." a row of three cells)."""
    text = "| Commande | Effet |\n|---|---|\n| Le code `x \\| y` ici | Combine |\n"
    out = translated(text)
    assert out.split("\n")[2] == "| LE CODE `x \\| y` ICI | COMBINE |"
    assert structure(out) == structure(text)


def test_a_table_aligned_in_columns_keeps_its_pipes_in_place():
    """Its cells' padding written as it was, a table of aligned columns came back ragged; one
    not aligned keeps its single spaces."""
    text = (
        "| Étape           | Durée   |\n"
        "|-----------------|---------|\n"
        "| Conversion auto | 2 jours |\n"
        "\n"
        "| Nom | Âge |\n|---|---|\n| Jean | 42 |\n"
    )
    words = {"Étape": "Step", "Durée": "Duration", "Conversion": "Automatic", "auto": "conversion"}
    assert translated(text, saying(words)).split("\n") == [
        "| Step            | Duration |",
        "|-----------------|---------|",
        "| Automatic conversion | 2 jours |",
        "",
        "| Nom | Âge |",
        "|---|---|",
        "| Jean | 42 |",
        "",
    ]


def test_a_table_aligned_with_wide_characters_keeps_its_pipes_in_place():
    """An editor shows a CJK character or an emoji two columns wide: a table aligned so, its
    columns counted by characters, was read as not aligned and came back ragged."""
    text = (
        "| Nom      | Ville    |\n"
        "| -------- | -------- |\n"
        "| Chat     | 東京     |\n"
        "| Chien 🐶 | Paris    |\n"
    )
    words = {"Nom": "Name", "Ville": "City", "Chat": "Cat", "Chien": "Dog"}
    assert translated(text, saying(words)).split("\n") == [
        "| Name     | City     |",
        "| -------- | -------- |",
        "| Cat      | 東京     |",
        "| Dog 🐶   | Paris    |",
        "",
    ]


def test_a_no_break_space_written_as_a_reference_is_written_so_again():
    """``30&nbsp;secondes`` came back as "30\\u00a0SECONDES", an invisible character a reader
    of the file cannot tell from a space; a source that writes the character itself keeps it."""
    text = "Un délai de 30&nbsp;secondes.\n\n| Délai |\n|---|\n| 2&#160;jours |\n\n"
    text += "Un 30\u00a0jours.\n"
    assert translated(text).split("\n") == [
        "UN DÉLAI DE 30&nbsp;SECONDES.",
        "",
        "| DÉLAI |",
        "|---|",
        "| 2&#160;JOURS |",
        "",
        "UN 30\u00a0JOURS.",
        "",
    ]


def test_an_aligned_table_s_no_break_reference_counts_as_written():
    """Its padding counted for the character, a cell whose ``&nbsp;`` was written back as it
    was pushed its pipe five columns right."""
    text = "| Délai         | Coût |\n|---------------|------|\n| 30&nbsp;jours | 5 €  |\n"
    words = {"Délai": "Delay", "Coût": "Cost", "jours": "days"}

    def keeping(texts: list[str]) -> list[Aligned]:  # "30\u00a0jours": one word
        said = [" ".join(words.get(w, w) for w in t.split(" ")) for t in texts]
        return [Aligned(s, [(k, k) for k in range(len(s.split(" ")))]) for s in said]

    assert translated(text, keeping).split("\n") == [
        "| Delay         | Cost |",
        "|---------------|------|",
        "| 30&nbsp;days  | 5 €  |",
        "",
    ]


def test_an_images_alt_text_keeps_what_its_source_wrote_unescaped():
    """``![Schéma [v2]](a.png)`` came back ``![SCHÉMA \\[V2\\]](a.png)``, and an alt text's
    ``*`` and ``|`` as ``\\*`` and ``\\|``: backslashes the source never wrote. What would
    end the image or start markup in it is escaped still; a table cell's pipe stays escaped."""
    text = "Voir ![Schéma [v2]](a.png) et ![a * b | c](b.png).\n\n| ![x \\| y](c.png) |\n|---|\n"
    assert translated(text) == (
        "VOIR ![SCHÉMA [V2]](a.png) ET ![A * B | C](b.png).\n\n| ![X \\| Y](c.png) |\n|---|\n"
    )
    words = {"[v2]": "[v2", "a": "*a*"}
    output = translated(text, saying(words))
    assert "Voir ![Schéma \\[v2](a.png) et ![\\*a\\* \\* b | c](b.png)." in output
    assert structure(output) == structure(text)


def test_a_character_the_source_wrote_as_an_entity_is_written_as_that_entity_again():
    """``&lt;b&gt;`` came back ``\\<b>`` and ``&amp;amp;`` ``\\&amp;``: they read the same, but
    a committed translation's diff showed lines changed the translation never touched. A code
    span's text is no entity; a character the source also wrote as itself stays itself."""
    text = (
        "Écrivez &lt;b&gt; ou `&lt;i&gt;` et &amp;amp; &copy; Ren&eacute;.\n\n"
        "| Balise |\n|---|\n| &lt;br&gt; |\n\n"
        "Voir ![a &amp; b](a.png).\n\nSi a < b &lt;b&gt;.\n"
    )
    assert translated(text, saying({})) == text
    assert translated(text) == (
        "ÉCRIVEZ &lt;B&gt; OU `&lt;i&gt;` ET &amp;AMP; &copy; RENÉ.\n\n"
        "| BALISE |\n|---|\n| &lt;BR&gt; |\n\n"
        "VOIR ![A &amp; B](a.png).\n\nSI A < B <B&gt;.\n"
    )


def test_a_links_title_stays_between_the_quotes_it_was_written_in():
    """``[ici](/u 'Aide')`` and ``(Aide)`` came back ``"HELP"``, quotes the source never
    wrote; the translation is escaped for the quotes it goes back between."""
    text = "Voir [ici](/u 'Aide') et [là](/v (Aide)) et ![logo](l.png 'Aide').\n"
    assert translated(text) == (
        "VOIR [ICI](/u 'AIDE') ET [LÀ](/v (AIDE)) ET ![LOGO](l.png 'AIDE').\n"
    )
    said = 'l\'aide (en ligne) "ici"'
    output = translated(text, saying({"Aide": said}))
    tokens = MarkdownIt("commonmark").parseInline(output)[0].children
    assert [t.attrs["title"] for t in tokens if t.type in ("link_open", "image")] == [said] * 3


def test_a_links_title_writes_the_entities_its_source_wrote():
    """``[x](/u "R&amp;D")`` came back ``"R&D"``, ``&lt;b&gt;`` in a title ``<b>``: lines the
    diff showed changed beyond their words."""
    text = 'Voir [R&amp;D](/u "R&amp;D &lt;b&gt;") et ![x](i.png (a &copy; b)).\n'
    assert (
        translated(text) == 'VOIR [R&amp;D](/u "R&amp;D &lt;B&gt;") ET ![X](i.png (A &copy; B)).\n'
    )
    assert translated(text, saying({})) == text


def test_a_reference_definitions_title_writes_the_entities_its_source_wrote():
    """``[doc]: /d "Guide &amp; aide"`` came back ``"GUIDE & AIDE"``: the diff showed an
    entity the source wrote gone."""
    text = "Voir [doc].\n\n[doc]: /d 'Guide &amp; aide &lt;v2&gt;'\n"
    assert translated(text) == "VOIR [DOC].\n\n[doc]: /d 'GUIDE &amp; AIDE &lt;V2&gt;'\n"


def test_a_wrapped_line_never_starts_with_inline_html_that_would_start_an_html_block():
    """Wrapped to the start of a line, an inline ``<!-- c -->`` or ``<div>`` began an HTML
    block: the rest of the paragraph was raw HTML, its emphasis and links markup no more.
    It stays at the end of the line before."""
    for tag in ("<!-- c -->", "<div>x</div>", "<p>"):
        text = f"Voici un texte {tag} et la *suite* ici du texte.\nFin du paragraphe et encore.\n"
        output = translated(text, saying({"Voici": "V" * 35}))
        assert f"texte {tag}\n" in output
        assert structure(output) == structure(text)


def test_a_wrapped_blocks_next_lines_keep_the_indentation_they_were_written_with():
    """A definition's or a paragraph's next lines indented (``: Une définition`` / ``  sur
    deux lignes.``) came back flush left, a change the diff showed on each line."""
    text = "Terme\n: Une définition qui s'étend\n  sur deux lignes.\n\n"
    text += "Un texte assez long ici\n   suite du texte.\n"
    assert translated(text) == (
        "TERME\n: UNE DÉFINITION QUI S'ÉTEND\n  SUR DEUX LIGNES.\n\n"
        "UN TEXTE ASSEZ LONG ICI\n   SUITE DU TEXTE.\n"
    )


def test_a_formulas_escapes_and_stars_stay_as_written():
    """Read as text, ``$a\\,b$`` came back "$a,b$", ``$\\{x\\}$`` "${x}$" (a group, no more
    a set's braces) and ``$a*b*c$`` "*$abc$*": CommonMark's escapes and emphasis read inside
    the formula. A dollar that starts none (``5 $ et 10 $``) is text still."""
    text = "Soit $a\\,b$ et $\\{x \\mid x > 0\\}$ ou $a*b*c$ pour 5 $ et 10 $.\n\n"
    text += "| Norme |\n|---|\n| $\\|x\\|$ et $a_1$ |\n"
    assert translated(text) == (
        "SOIT $a\\,b$ ET $\\{x \\mid x > 0\\}$ OU $a*b*c$ POUR 5 $ ET 10 $.\n\n"
        "| NORME |\n|---|\n| $\\|x\\|$ ET $a_1$ |\n"
    )
