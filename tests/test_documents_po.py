"""`nmt translate -i messages.po`: a gettext catalogue in, the same catalogue out with each
untranslated msgstr filled from its msgid.

Everything else stays: comments, references, flags, msgctxt, obsolete entries, translations
already there (fuzzy ones too, unless --retranslate); plural messages get every form of the
target language; multi-line messages keep their line breaks; the placeholders of format strings
pass through; the header names the model's target language; the output passes
``msgfmt --check``. A catalogue that does not parse is one error naming its line, and nothing is
written. The tiny German-English model of model_fixtures.py translates, with the languages it
records set per test; the shipped fr-en model runs the README's example.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_one_error_line
from model_fixtures import as_in_a_document

from nmt_cli.documents.po import PLACEHOLDERS

polib = pytest.importorskip("polib", reason="the documents extra: pip install '.[documents]'")

pytest_plugins = ["model_fixtures"]
pytestmark = pytest.mark.usefixtures("one_torch_thread")

README = Path(__file__).resolve().parents[1] / "README.md"

CATALOGUE = r"""# English messages of the park guide, written in German.
# Copyright (C) 2025 The park guide's authors
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: park-guide 2.1\n"
"Report-Msgid-Bugs-To: guide@example.org\n"
"POT-Creation-Date: 2025-03-01 10:00+0100\n"
"PO-Revision-Date: 2025-03-02 09:30+0100\n"
"Last-Translator: Anna Schmidt <anna@example.org>\n"
"Language-Team: English <en@li.org>\n"
"Language: en\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. The first line of the home page.
#: guide/views.py:12
msgid "Ein Mann läuft im Park."
msgstr ""

#: guide/views.py:20 guide/list.py:7
#, python-format
msgid "%(count)d Hund wartet am Strand."
msgid_plural "%(count)d Hunde warten am Strand."
msgstr[0] ""
msgstr[1] ""

#: guide/menu.py:5
msgctxt "menu"
msgid "Eine Frau sitzt auf einer Bank."
msgstr ""

#: guide/help.py:8
msgid ""
"\n"
"Ein Kind spielt im Schnee.\n"
"\n"
"    Ein Junge tanzt \"vor einem Gebäude\".\n"
msgstr ""

#: guide/help.py:30
#, c-format
msgid "Ein älterer Herr steht\tneben einem Fluss: %s (%d)"
msgstr ""

#: guide/help.py:31
#, python-brace-format
msgid "Zwei Mädchen schlafen {0} im Park, siehe ``guide --help``."
msgstr ""

#: guide/views.py:31
msgid "Ein Hund"
msgstr "A dog, as Anna wrote it"

#: guide/views.py:40
#, fuzzy
#| msgid "Ein Mann"
msgid "Eine Gruppe Männer"
msgstr "A man"

#~ msgid "Ein Mann schläft."
#~ msgstr ""
"""
UNTRANSLATED = [
    "Ein Mann läuft im Park.",
    "%(count)d Hund wartet am Strand.",
    "Eine Frau sitzt auf einer Bank.",
    '\nEin Kind spielt im Schnee.\n\n    Ein Junge tanzt "vor einem Gebäude".\n',
    "Ein älterer Herr steht\tneben einem Fluss: %s (%d)",
    "Zwei Mädchen schlafen {0} im Park, siehe ``guide --help``.",
]


@pytest.fixture(scope="module")
def model_to(tmp_path_factory, transformer_model_dir):
    """``model_to(language)``: the tiny model, recording German to ``language`` (None: no
    languages recorded)."""
    made: dict[str | None, Path] = {}

    def model(language: str | None) -> Path:
        if language not in made:
            d = tmp_path_factory.mktemp(f"de-{language}") / "model"
            shutil.copytree(transformer_model_dir, d)
            config = json.loads((d / "config.json").read_text(encoding="utf-8"))
            if language is not None:
                config.update(source_language="de", target_language=language)
            (d / "config.json").write_text(json.dumps(config), encoding="utf-8")
            made[language] = d
        return made[language]

    return model


def translate_po(run_cli, model: Path, tmp_path: Path, text: str, *options, name="de.po"):
    """The catalogue ``text`` translated by ``model``: (result, output file)."""
    source, out = tmp_path / name, tmp_path / "out.po"
    source.write_text(text, encoding="utf-8")
    args = ["translate", "-m", model, "--threads", "1", "-i", source, "-o", out, *options]
    return run_cli(args), out


def entries(path: Path) -> dict[str, polib.POEntry]:
    """The entries of a catalogue by msgid (CATALOGUE's are unique without their msgctxt)."""
    return {e.msgid: e for e in polib.pofile(str(path))}


@pytest.fixture(scope="module")
def filled(run_cli, model_to, tmp_path_factory):
    """CATALOGUE translated by the tiny model recording German to English."""
    result, out = translate_po(
        run_cli, model_to("en"), tmp_path_factory.mktemp("filled"), CATALOGUE
    )
    assert result.exit_code == 0, result.stderr
    return result, out


def plain_translations(run_cli, model: Path, lines: list[str]) -> list[str]:
    """What `nmt translate` gives ``lines`` as plain lines, the placeholders of format strings
    protected as a catalogue's are, as a document holds them."""
    data = "".join(f"{line}\n" for line in lines).encode()
    protect = [x for p in PLACEHOLDERS for x in ("--protect", p)]
    result = run_cli(["translate", "-m", model, "--threads", "1", *protect], input=data)
    assert result.exit_code == 0, result.stderr
    return as_in_a_document(lines, result.stdout.split("\n")[:-1])


# -- what is filled --------------------------------------------------------------------------


def test_each_untranslated_msgstr_is_the_translation_of_its_msgid(filled, run_cli, model_to):
    result, out = filled
    assert result.stdout_bytes == b"" and result.stderr == ""
    got = entries(out)
    one_line = [m for m in UNTRANSLATED if "\n" not in m]
    for msgid, translation in zip(one_line, plain_translations(run_cli, model_to("en"), one_line)):
        entry = got[msgid]
        assert translation and translation == (
            entry.msgstr_plural[0] if entry.msgid_plural else entry.msgstr
        )


def test_a_plural_message_gets_every_form_of_the_target_language(run_cli, model_to, tmp_path):
    template = CATALOGUE.replace('"Language: en\\n"', '"Language: \\n"')  # for Polish: three forms
    result, out = translate_po(run_cli, model_to("pl"), tmp_path, template)
    assert result.exit_code == 0, result.stderr
    entry = entries(out)[UNTRANSLATED[1]]
    singular, plural = plain_translations(
        run_cli, model_to("pl"), UNTRANSLATED[1:2] + [entry.msgid_plural]
    )
    assert entry.msgstr_plural == {0: singular, 1: plural, 2: plural}
    header = polib.pofile(str(out)).metadata
    assert header["Language"] == "pl" and header["Plural-Forms"].startswith("nplurals=3;")


def test_everything_but_the_empty_msgstrs_stays_as_it_was(filled):
    _, out = filled
    before, after = polib.pofile(CATALOGUE), polib.pofile(str(out))
    assert [(e.msgctxt, e.msgid, e.msgid_plural, e.obsolete) for e in after] == [
        (e.msgctxt, e.msgid, e.msgid_plural, e.obsolete) for e in before
    ]
    for old, new in zip(before, after):
        assert (new.comment, new.tcomment, new.occurrences, new.flags) == (
            old.comment,
            old.tcomment,
            old.occurrences,
            old.flags,
        )
        if old.translated() or "fuzzy" in old.flags or old.obsolete:
            assert (new.msgstr, new.previous_msgid) == (old.msgstr, old.previous_msgid)
        else:
            assert new.msgstr or new.msgstr_plural[1]
    assert after.header == before.header
    text = out.read_text(encoding="utf-8")
    assert '#~ msgid "Ein Mann schläft."\n#~ msgstr ""\n' in text
    assert '#| msgid "Ein Mann"\nmsgid "Eine Gruppe Männer"\nmsgstr "A man"\n' in text


@pytest.mark.parametrize("comment", ["# The park guide.\n#\n", ""])
def test_a_catalogue_with_nothing_to_translate_comes_out_as_it_went_in(
    run_cli, model_to, tmp_path, comment
):
    done = comment + '#, fuzzy\nmsgid ""\nmsgstr ""\n"Language: en\\n"\n'
    done += '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    done += '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    done += '#: guide/views.py:31\nmsgid "Ein Hund"\nmsgstr "A dog"\n\n'
    done += '#~ msgid "Ein Mann schläft."\n#~ msgstr ""\n'
    result, out = translate_po(run_cli, model_to("en"), tmp_path, done)
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == done


# As msgmerge and Poedit lay a catalogue out: a line broken after its space, two references on
# one line, a long msgstr on its keyword's line, an obsolete entry between others
LAID_OUT_ELSEWHERE = """msgid ""
msgstr ""
"Language: en\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: guide/views.py:31 guide/list.py:7 guide/templates/home.html:12 guide/templates/map.html:3
msgid ""
"Der Park ist von Sonnenaufgang bis Sonnenuntergang geöffnet, auch an Feiertagen."
msgstr "The park is open from sunrise to sunset, public holidays included, every day."

#~ msgid "Ein Mann schläft."
#~ msgstr "A man sleeps."

msgid "Ein Hund"
msgstr ""
"""


@pytest.mark.parametrize("retranslate", ["none", "fuzzy"])
def test_entries_left_alone_keep_their_lines_however_the_catalogue_laid_them_out(retranslate):
    from nmt_cli.documents.po import read_po
    from nmt_cli.inference.translation import Translation

    document = read_po(
        LAID_OUT_ELSEWHERE.encode(), "de.po", retranslate=retranslate, mark_fuzzy=False
    )
    assert document.sources() == ["Ein Hund"]
    out = document.render([Translation("Ein Hund", "A dog", 0.0)], "en", print).decode()
    assert out == LAID_OUT_ELSEWHERE.replace('"Ein Hund"\nmsgstr ""', '"Ein Hund"\nmsgstr "A dog"')


# Characters str.splitlines ends a line at: in a catalogue a line ends at "\n" only, as msgfmt
# reads it, and a message may hold them (U+2028 LINE SEPARATOR, U+0085 NEXT LINE)
SEPARATED = "Ein Mann\u2028läuft\u0085im Park."


def test_a_message_holding_u2028_or_u0085_is_one_line_to_the_model_and_written_as_it_was():
    from nmt_cli.documents.po import read_po
    from nmt_cli.inference.translation import Translation

    catalogue = LAID_OUT_ELSEWHERE.replace("Ein Hund", SEPARATED)
    document = read_po(catalogue.encode(), "de.po", retranslate="none", mark_fuzzy=False)
    assert document.sources() == [SEPARATED]
    out = document.render([Translation(SEPARATED, SEPARATED, 0.0)], "en", print).decode()
    filled = f'msgid "{SEPARATED}"\nmsgstr "{SEPARATED}"\n'
    assert out == catalogue.replace(f'msgid "{SEPARATED}"\nmsgstr ""\n', filled)


def test_a_message_of_several_lines_keeps_its_line_breaks_and_indentation(
    filled, run_cli, model_to
):
    _, out = filled
    lines = ["Ein Kind spielt im Schnee.", 'Ein Junge tanzt "vor einem Gebäude".']
    first, second = plain_translations(run_cli, model_to("en"), lines)
    assert entries(out)[UNTRANSLATED[3]].msgstr == f"\n{first}\n\n    {second}\n"


def test_placeholders_of_format_strings_and_inline_code_pass_through(filled):
    _, out = filled
    got = entries(out)
    checks = {
        UNTRANSLATED[1]: ["%(count)d"],
        UNTRANSLATED[4]: ["%s", "%d"],
        UNTRANSLATED[5]: ["{0}", "``guide --help``"],
    }
    for msgid, spans in checks.items():
        entry = got[msgid]
        for text in [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values():
            assert all(text.count(span) == 1 for span in spans), text


def test_the_header_names_the_target_language_and_its_plural_forms(run_cli, model_to, tmp_path):
    pot = re.sub(r'"Language: en\\n"', r'"Language: \\n"', CATALOGUE)
    pot = pot.replace("charset=UTF-8", "charset=CHARSET")
    pot = pot.replace("nplurals=2; plural=(n != 1);", "nplurals=INTEGER; plural=EXPRESSION;")
    result, out = translate_po(run_cli, model_to("fr"), tmp_path, pot, name="messages.pot")
    assert result.exit_code == 0, result.stderr
    header = polib.pofile(str(out)).metadata
    assert header["Language"] == "fr"
    assert header["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    assert header["Content-Type"] == "text/plain; charset=UTF-8"
    assert header["Project-Id-Version"] == "park-guide 2.1"


def test_an_entrys_comments_stay_as_written_and_no_wrap_keeps_its_strings_on_one_line(
    run_cli, model_to, tmp_path
):
    """polib wrapped a long ``#.`` comment over two lines, which gettext never does, and a
    ``#, no-wrap`` message at 78 columns."""
    comment = "#. TRANSLATORS: " + " ".join(["ein sehr langer Kommentar"] * 4)
    message = " ".join(["Ein Mann läuft im Park"] * 5)
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'{comment}\n# {comment}\n#: a.py:1\n#, no-wrap\nmsgid "{message}"\nmsgstr ""\n'
    )
    result, out = translate_po(run_cli, model_to("en"), tmp_path, text)
    assert result.exit_code == 0, result.stderr
    lines = out.read_text(encoding="utf-8").split("\n")
    k = lines.index(comment)
    assert lines[k : k + 5] == [
        comment,
        f"# {comment}",
        "#: a.py:1",
        "#, no-wrap",
        f'msgid "{message}"',
    ]
    assert lines[k + 5].startswith('msgstr "') and lines[k + 6] == ""


def msgstr_lines(catalogue: str) -> list[str]:
    """The lines of the first entry's msgstr after the header, once each text is given back in
    capitals (the document API, no model)."""
    from nmt_cli.documents.po import read_po
    from nmt_cli.inference.translation import Translation

    doc = read_po(catalogue.encode(), "de.po", retranslate="none", mark_fuzzy=False)
    texts = [Translation(s, s.upper(), 0.0) for s in doc.sources()]
    lines = doc.render(texts, "en", lambda _: None).decode().split("\n")
    k = next(k for k, x in enumerate(lines) if x.startswith("msgstr") and k > 2)
    return lines[k : lines.index("", k)]


RUSSIAN = "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"


@pytest.mark.parametrize("unwrapped", [True, False])
def test_a_catalogue_written_without_wrapping_gets_its_msgstrs_unwrapped(unwrapped):
    """As Weblate and translate-toolkit keep a file's style: a catalogue written by
    ``msgcat --no-wrap`` (a string longer than 79 columns on one line, where it could have
    been broken) got its new msgstrs wrapped at 78 columns; one wrapped as gettext wraps, or
    whose one long line is a word (a URL) no tool breaks, or its header's (polib writes a
    long Plural-Forms on one line), still gets them wrapped."""
    message = " ".join(["Ein Mann läuft im Park"] * 5)
    url = "https://example.org/" + "a" * 80
    half = len(message) // 2
    first = f'"Eine Frau {message[:half]}"\n"{message[half:]}"'  # as gettext wraps it
    other = f'msgid "{message}"' if unwrapped else f'msgid ""\n"{url}"'
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: nplurals=3; plural={RUSSIAN};\\n"\n\n'
        f'msgid ""\n{first}\nmsgstr ""\n\n{other}\nmsgstr "Done"\n'
    )
    lines = msgstr_lines(text)
    if unwrapped:
        assert lines == [f'msgstr "EINE FRAU {message.upper()}"']
    else:
        assert lines[0] == 'msgstr ""' and len(lines) > 2 and max(map(len, lines)) <= 78


def test_each_line_of_a_message_of_several_lines_is_wrapped_as_a_one_line_message_is():
    """polib wraps a string of one line only: the long first line of a two-line msgstr stayed
    whole, 150 columns wide in a catalogue wrapped at 79."""
    line = " ".join(["Ein Mann läuft im Park"] * 6)
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid ""\n"{line[:70]}"\n"{line[70:]}\\n"\n"Ende."\nmsgstr ""\n'
    )
    lines = msgstr_lines(text)
    assert lines[0] == 'msgstr ""' and max(map(len, lines)) <= 78, lines
    assert "".join(x.strip('"') for x in lines[1:]) == line.upper() + "\\nENDE."
    assert len(lines) == 4  # the long line in two, the last on its own


def test_a_translated_entrys_msgctxt_msgid_and_msgid_plural_lines_stay_as_written(
    run_cli, model_to, tmp_path
):
    """polib wrote a translated entry's msgid again, wrapped at 78 columns: a catalogue kept
    unwrapped (msgmerge --no-wrap, Weblate) showed its messages changed in a diff."""
    message = " ".join(["Ein Mann läuft im Park"] * 5)
    ids = [
        'msgctxt ""',
        '"Menü"',
        f'msgid "{message}"',
        'msgid_plural ""',
        '"Zwei "',
        f'"{message}"',
    ]
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        + "\n".join(["#: a.py:1", *ids, 'msgstr[0] ""', 'msgstr[1] ""', ""])
    )
    result, out = translate_po(run_cli, model_to("en"), tmp_path, text)
    assert result.exit_code == 0, result.stderr
    lines = out.read_text(encoding="utf-8").split("\n")
    k = lines.index("#: a.py:1")
    assert lines[k + 1 : k + 7] == ids
    assert lines[k + 7].startswith("msgstr[0] ") and entries(out)[message].msgstr_plural[1]


def test_a_catalogue_for_another_language_than_the_models_is_one_error(run_cli, model_to, tmp_path):
    """Its Language was set to the model's and its Plural-Forms kept: a Russian catalogue came
    out English in part, with two plural forms where its entries have three, and msgfmt refused
    it."""
    russian = CATALOGUE.replace('"Language: en\\n"', '"Language: ru\\n"')
    result, out = translate_po(run_cli, model_to("en"), tmp_path, russian)
    assert_one_error_line(result, 'the catalogue is for "ru" (its Language), but the model')
    assert not out.exists()
    named = CATALOGUE.replace('"Language: en\\n"', '"Language: English\\n"')  # no code: unread
    result, out = translate_po(run_cli, model_to("en"), tmp_path, named)
    assert result.exit_code == 0, result.stderr


def test_a_catalogue_whose_messages_are_in_another_language_than_the_models_is_one_error(
    run_cli, model_to, tmp_path
):
    """Its X-Source-Language (Weblate, Pootle, translate-toolkit), which training reads, was
    not read: French messages went through a German model."""
    header = '"Language: en\\n"\n"X-Source-Language: fr\\n"'
    french = CATALOGUE.replace('"Language: en\\n"', header)
    result, out = translate_po(run_cli, model_to("en"), tmp_path, french)
    assert_one_error_line(
        result, 'the catalogue translates from "fr" (its X-Source-Language), but the model'
    )
    assert not out.exists()
    for said in ("de_DE", "German"):  # the model's, or a name: no code, unread
        header = f'"Language: en\\n"\n"X-Source-Language: {said}\\n"'
        result, out = translate_po(
            run_cli, model_to("en"), tmp_path, CATALOGUE.replace('"Language: en\\n"', header)
        )
        assert result.exit_code == 0, result.stderr


def test_a_catalogue_labelled_in_its_messages_language_gets_the_models_target(
    run_cli, model_to, tmp_path
):
    german = CATALOGUE.replace('"Language: en\\n"', '"Language: de\\n"')
    result, out = translate_po(run_cli, model_to("fr"), tmp_path, german)
    assert result.exit_code == 0, result.stderr
    header = polib.pofile(str(out)).metadata
    assert header["Language"] == "fr" and header["Plural-Forms"] == "nplurals=2; plural=(n > 1);"


def test_a_catalogue_for_the_models_language_keeps_its_language_and_plural_forms(
    run_cli, model_to, tmp_path
):
    """Set to the model's, en_US became en and (n != 1) was written n != 1."""
    text = CATALOGUE.replace('"Language: en\\n"', '"Language: en_US\\n"')
    text = text.replace("plural=(n != 1);", "plural=n != 1;")
    result, out = translate_po(run_cli, model_to("en"), tmp_path, text)
    assert result.exit_code == 0, result.stderr
    header = polib.pofile(str(out)).metadata
    assert header["Language"] == "en_US" and header["Plural-Forms"] == "nplurals=2; plural=n != 1;"
    assert out.read_text(encoding="utf-8").split("\n\n")[0] == text.split("\n\n")[0]


def test_a_model_that_records_no_languages_leaves_the_language_with_one_warning(
    run_cli, model_to, tmp_path
):
    result, out = translate_po(run_cli, model_to(None), tmp_path, CATALOGUE)
    assert result.exit_code == 0
    assert len(result.stderr_lines) == 1 and "no target language" in result.stderr
    assert polib.pofile(str(out)).metadata["Language"] == "en"


THREE_FORMS = """msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"

#, c-format
msgid "%d Hund"
msgid_plural "%d Hunde"
msgstr[0] ""
msgstr[1] ""
msgstr[2] ""

#, c-format
msgid "%d Mann"
msgid_plural "%d Männer"
msgstr[0] "%d man"
msgstr[1] "%d men"
msgstr[2] "%d men"
"""


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_translated_plurals_get_the_forms_of_the_new_plural_forms_and_msgfmt_accepts_them(
    run_cli, model_to, tmp_path
):
    result, out = translate_po(run_cli, model_to("en"), tmp_path, THREE_FORMS)
    assert result.exit_code == 0, result.stderr
    assert polib.pofile(str(out)).metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    kept = entries(out)["%d Mann"]
    assert kept.msgstr_plural == {0: "%d man", 1: "%d men"} and kept.flags == ["c-format"]
    assert len(entries(out)["%d Hund"].msgstr_plural) == 2
    [warning] = result.stderr_lines
    assert "de.po:14: 1 translated plural entry had not the 2 forms" in warning
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(out)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_the_output_passes_msgfmt_check(filled, tmp_path):
    _, out = filled
    checked = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(out)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr


# -- entries already translated -------------------------------------------------------------


PARTLY = (
    CATALOGUE.split("\n\n")[0]
    + """

#, python-format
msgid "%(count)d Hund wartet am Strand."
msgid_plural "%(count)d Hunde warten am Strand."
msgstr[0] "%(count)d dog waits, as Anna wrote it."
msgstr[1] ""

#, fuzzy, python-format
msgid "%(count)d Frau sitzt."
msgid_plural "%(count)d Frauen sitzen."
msgstr[0] "%(count)d woman, a suggestion."
msgstr[1] ""
"""
)


def test_a_plural_entry_with_an_empty_form_is_filled_keeping_the_forms_a_translator_wrote(
    run_cli, model_to, tmp_path
):
    model = model_to("en")
    result, out = translate_po(run_cli, model, tmp_path, PARTLY)
    assert result.exit_code == 0, result.stderr
    got = entries(out)
    many, women, woman = plain_translations(
        run_cli,
        model,
        ["%(count)d Hunde warten am Strand.", "%(count)d Frauen sitzen.", "%(count)d Frau sitzt."],
    )
    assert got["%(count)d Hund wartet am Strand."].msgstr_plural == {
        0: "%(count)d dog waits, as Anna wrote it.",
        1: many,
    }
    fuzzy = got["%(count)d Frau sitzt."]  # its form waited for review: translated whole
    assert fuzzy.msgstr_plural == {0: woman, 1: women} and "fuzzy" not in fuzzy.flags


def test_fuzzy_entries_are_translated_again_only_when_asked(run_cli, model_to, tmp_path):
    model = model_to("en")
    result, out = translate_po(run_cli, model, tmp_path, CATALOGUE, "--retranslate", "fuzzy")
    assert result.exit_code == 0, result.stderr
    got = entries(out)
    [plain] = plain_translations(run_cli, model, ["Eine Gruppe Männer"])
    redone = got["Eine Gruppe Männer"]
    assert redone.msgstr == plain and "fuzzy" not in redone.flags
    assert redone.previous_msgid is None  # the #| line went with the fuzzy flag
    assert got["Ein Hund"].msgstr == "A dog, as Anna wrote it"


def test_retranslate_all_replaces_every_translation(run_cli, model_to, tmp_path):
    result, out = translate_po(run_cli, model_to("en"), tmp_path, CATALOGUE, "--retranslate", "all")
    assert result.exit_code == 0, result.stderr
    assert entries(out)["Ein Hund"].msgstr != "A dog, as Anna wrote it"


def test_mark_fuzzy_flags_what_it_translated_for_review(run_cli, model_to, tmp_path):
    result, out = translate_po(run_cli, model_to("en"), tmp_path, CATALOGUE, "--mark-fuzzy")
    assert result.exit_code == 0, result.stderr
    got = entries(out)
    assert all("fuzzy" in got[m].flags for m in UNTRANSLATED[:2])
    assert "fuzzy" not in got["Ein Hund"].flags  # a human's translation, untouched
    assert got[UNTRANSLATED[1]].flags == ["fuzzy", "python-format"]


# -- reading ------------------------------------------------------------------------------


def test_stdin_to_stdout_with_input_format_po(run_cli, model_to, filled):
    _, out = filled
    args = ["translate", "-m", model_to("en"), "--threads", "1", "--input-format", "po"]
    result = run_cli(args, input=CATALOGUE.encode())
    assert result.exit_code == 0, result.stderr
    assert result.stdout == out.read_text(encoding="utf-8")


BROKEN = {
    "an unterminated string": ('msgid "Ein Mann\nmsgstr ""\n', 1, "not a quoted string"),
    "an unknown escape": ('msgid "Ein \\q Mann"\nmsgstr ""\n', 1, "escape \\q"),
    "a line of no keyword": ('msgid "Ein Mann"\nmsgstr ""\nEin Hund\n', 3, "Ein Hund"),
    "a msgid twice": ('msgid "a"\nmsgstr ""\n\nmsgid "a"\nmsgstr ""\n', 4, "twice"),
    # polib read the second's metadata, and the first was written again: msgfmt refused it
    "a second header": ('msgid "a"\nmsgstr ""\n\n#: x\nmsgid ""\nmsgstr ""\n', 5, "second header"),
    "a plural without forms": ('msgid "a"\nmsgid_plural "b"\nmsgstr ""\n', 1, "msgid_plural"),
    "a msgstr before its msgid": ('msgstr "x"\nmsgid "a"\n', 1, "msgstr"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_catalogue_that_does_not_parse_is_one_error_naming_its_line(
    run_cli, model_to, tmp_path, case
):
    text, line, fragment = BROKEN[case]
    body = CATALOGUE.split("\n\n")[0] + "\n\n"  # a valid header first: the line counts on
    header_lines = body.count("\n")
    result, out = translate_po(run_cli, model_to("en"), tmp_path, body + text)
    assert_one_error_line(result, f"de.po:{line + header_lines}: ", fragment)
    assert not out.exists() and result.stdout_bytes == b""


def test_a_failed_catalogue_leaves_the_old_output_as_it_was(run_cli, model_to, tmp_path):
    (tmp_path / "out.po").write_text("old\n", encoding="utf-8")
    result, out = translate_po(run_cli, model_to("en"), tmp_path, 'msgid "a\n')
    assert_one_error_line(result, "de.po:1: ")
    assert out.read_text(encoding="utf-8") == "old\n"


def test_invalid_utf8_is_one_error_naming_its_line(run_cli, model_to, tmp_path):
    source = tmp_path / "de.po"
    source.write_bytes(b'msgid "Ein Mann"\nmsgstr ""\n\nmsgid "Ein \xff Hund"\nmsgstr ""\n')
    result = run_cli(["translate", "-m", model_to("en"), "-i", source, "-o", tmp_path / "o.po"])
    assert_one_error_line(result, "de.po:4: not valid UTF-8")
    assert not (tmp_path / "o.po").exists()


def test_without_polib_a_catalogue_is_one_error_saying_what_to_install(
    run_cli, model_to, tmp_path, monkeypatch
):
    monkeypatch.setitem(sys.modules, "polib", None)  # import polib raises ImportError
    result, out = translate_po(run_cli, model_to("en"), tmp_path, CATALOGUE)
    assert_one_error_line(result, "polib", "pip install 'nmt-cli[documents]'")
    assert not out.exists()


@pytest.mark.parametrize(
    "options", [["--nbest", "2"], ["--align"], ["--format", "jsonl"], ["--field", "text"]]
)
def test_options_of_plain_lines_or_of_json_lines_are_usage_errors(
    run_cli, model_to, tmp_path, options
):
    result, _ = translate_po(run_cli, model_to("en"), tmp_path, CATALOGUE, *options)
    assert_one_error_line(result, options[0], "de.po is read as po", code=2)


# -- the shipped model ----------------------------------------------------------------------


def test_the_readme_example_gives_the_catalogue_shown(run_cli, tmp_path, monkeypatch):
    """The README's catalogue, translated by the shipped fr-en model: the output it shows."""
    section = README.read_text(encoding="utf-8").split("#### gettext catalogues")[1]
    source, command, shown = re.search(
        r"```po\n(.*?)```.*?```sh\n\$ (nmt translate [^\n]+)\n```.*?```po\n(.*?)```",
        section,
        re.DOTALL,
    ).groups()
    args = shlex.split(command)[1:]
    monkeypatch.chdir(tmp_path)
    Path(args[args.index("-i") + 1]).write_text(source, encoding="utf-8")
    result = run_cli(args)
    assert result.exit_code == 0, result.stderr
    assert Path(args[args.index("-o") + 1]).read_text(encoding="utf-8") == shown


GETTEXT_WRAPPED = [  # as msgcat writes it: a line ends with the space it breaks at
    'msgstr ""',
    '"YOU DON\'T HAVE THE PERMISSION TO WRITE IN THIS FILE. CHECK THE RIGHTS OF THE "',
    '"FOLDER AND TRY AGAIN LATER."',
]


def test_a_wrapped_msgstr_is_written_as_gettext_wraps_it():
    """polib started each line after the first with the space it broke at (``"... THE"`` /
    ``" FOLDER ..."``): ``msgcat`` and ``msgmerge`` rewrote every entry translated here, a
    diff of every line in a project that runs them."""
    msgid = "\n".join(x.lower() for x in GETTEXT_WRAPPED[1:])
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid ""\n{msgid}\nmsgstr ""\n'
    )
    assert msgstr_lines(text) == GETTEXT_WRAPPED


@pytest.mark.skipif(shutil.which("msgcat") is None, reason="gettext's msgcat is not installed")
def test_msgcat_changes_nothing_in_a_catalogue_translated_here(tmp_path):
    """Every translated entry as msgcat writes it: breaks after a hyphen, a slash, an em dash,
    never inside an escape or before the ``\\n`` that ends a line, plural forms, a string of
    several lines; the entries left alone as they were."""
    from nmt_cli.documents.po import read_po
    from nmt_cli.inference.translation import Translation

    words = 'ein-zwei drei/vier fünf—sechs \\"sieben\\" acht\\tneun (zehn) elf, zwölf. 3.5 %s {n}'
    messages = [" ".join(words.split()[k:] + words.split()[:k]) * 2 for k in range(12)]
    messages += [f"{m[:50]}\\n{m[50:]}\\n" for m in messages[:3]]
    body = "".join(f'msgid "m{k} {m}"\nmsgstr ""\n\n' for k, m in enumerate(messages))
    body += f'msgid "eins"\nmsgid_plural "{messages[0]}"\nmsgstr[0] ""\nmsgstr[1] ""\n'
    text = (
        'msgid ""\nmsgstr ""\n"Language: en\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n' + body
    )
    source = tmp_path / "de.po"
    source.write_text(text, encoding="utf-8")
    text = subprocess.run(["msgcat", source], capture_output=True, text=True, check=True).stdout
    doc = read_po(text.encode(), "de.po", retranslate="none", mark_fuzzy=False)
    texts = [Translation(s, s[::-1].upper() + " " + s, 0.0) for s in doc.sources()]
    out = tmp_path / "en.po"
    out.write_bytes(doc.render(texts, "en", lambda _: None))
    catted = subprocess.run(["msgcat", str(out)], capture_output=True, text=True, check=True)
    assert catted.stdout == out.read_text(encoding="utf-8")


def test_a_brace_formats_doubled_braces_are_literal_braces_and_the_words_between_translated(
    run_cli, tmp_path
):
    """In a python-brace-format string ``{{`` and ``}}`` are a brace each: read as i18next's
    ``{{ et }}`` placeholder, ``et`` stayed French. Without the flag, ``{{ et }}`` is one."""
    text = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, python-brace-format\nmsgid "Utilisez {{ et }} pour {name}"\nmsgstr ""\n\n'
        'msgctxt "i18next"\nmsgid "Utilisez {{ et }} pour {name}"\nmsgstr ""\n'
    )
    (tmp_path / "fr.po").write_text(text, encoding="utf-8")
    out = tmp_path / "en.po"
    result = run_cli(["translate", "-i", tmp_path / "fr.po", "-o", out])
    assert result.exit_code == 0, result.stderr
    translated = polib.pofile(str(out))
    assert translated[0].msgstr == "Use {{ and }} for {name}"
    assert "{{ et }}" in translated[1].msgstr
