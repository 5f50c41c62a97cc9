"""A translation memory read from a catalogue (.po, .mo) keeps each entry's context (msgctxt),
as one read from XLIFF (a unit's resname), TMX (x-context) or JSON lines (context) keeps its own,
and a catalogue's entry is looked for in its own context first, as gettext's msgmerge matches
msgctxt and msgid: ``Fermer`` is "Close" in a menu and "Shut" for a door; so is an XLIFF
document's unit in its resname and a localization file's string in its key. A text held in no
memory in its context, and a plain line (which has none), are looked up as without contexts.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from conftest import translated_lines

from nmt_cli.inference.memory import Memories, Memory

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: en\\n"\n"X-Source-Language: fr\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
)


def catalogue(path: Path, entries: list[tuple[str | None, str, str]]) -> Path:
    """A French to English catalogue of (msgctxt or None, msgid, msgstr) at ``path``."""
    body = "".join(
        (f'\nmsgctxt "{c}"' if c is not None else "") + f'\nmsgid "{a}"\nmsgstr "{b}"\n'
        for c, a, b in entries
    )
    path.write_text(HEADER + body, encoding="utf-8")
    return path


OLD = [("menu", "Fermer", "Close"), ("door", "Fermer", "Shut")]


def test_a_memory_holds_a_catalogues_entries_by_their_context_too():
    memory = Memory([("Fermer", "Close", "menu"), ("Fermer", "Shut", "door")])
    assert memory.get("Fermer", context="menu") == "Close"
    assert memory.get("fermer", context="door") == "shut"  # first letter's case, as ever
    assert memory.get("Fermer", context="window") is None
    assert memory.get("Fermer") == "Close"  # no context: the first of equal counts, as ever


def test_a_text_in_context_is_found_there_in_any_memory_before_anywhere_else():
    plain = Memory([("Fermer", "Close")])
    held = Memory([("Fermer", "Close", "menu"), ("Fermer", "Shut", "door")])
    memories = Memories([plain, held])
    assert memories.get("Fermer", "door") == "Shut"
    assert memories.get("Fermer", "window") == "Close"  # held in no memory so: as without
    assert memories.get("Fermer.", "door") == "Close."  # its final mark aside: as without
    assert memories.get("Fermer") == "Close"


def test_an_entry_without_context_takes_the_memorys_entry_without_context_first():
    memory = Memory(
        [("Fermer", "Shut", "door"), ("Fermer", "Shut", "lid"), ("Fermer", "Close", "")]
    )
    assert Memories([memory]).get("Fermer") == "Shut"  # a plain line: the most often held
    assert Memories([memory]).get("Fermer", "") == "Close"


@pytest.mark.parametrize("suffix", [".po", ".mo"])
def test_a_catalogue_translated_with_the_old_one_keeps_each_contexts_translation(
    run_cli, tmp_path, suffix
):
    old = catalogue(tmp_path / "old-en.po", OLD)
    if suffix == ".mo":
        polib.pofile(str(old)).save_as_mofile(str(tmp_path / "old-en.mo"))
        old = tmp_path / "old-en.mo"
    new = catalogue(tmp_path / "new.po", [("door", "Fermer", ""), ("menu", "Fermer", "")])
    result = run_cli(["translate", "-i", new, "-o", tmp_path / "en.po", "--memory", old])
    assert result.exit_code == 0, result.stderr
    written = polib.pofile(str(tmp_path / "en.po"))
    assert [(e.msgctxt, e.msgstr) for e in written] == [("door", "Shut"), ("menu", "Close")]


MEMORIES = {  # the two contexts of OLD as each memory format writes a key
    "old.xlf": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
 <file original="old.po" source-language="fr" target-language="en" datatype="po"><body>
  <trans-unit id="1" resname="menu"><source>Fermer</source><target>Close</target></trans-unit>
  <trans-unit id="2" resname="door"><source>Fermer</source><target>Shut</target></trans-unit>
 </body></file>
</xliff>
""",
    "old2.xlf": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr" trgLang="en">
 <file id="f">
  <unit id="1" name="menu"><segment><source>Fermer</source><target>Close</target></segment></unit>
  <unit id="2" name="door"><segment><source>Fermer</source><target>Shut</target></segment></unit>
 </file>
</xliff>
""",
    "old.tmx": """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="fr" datatype="plaintext" segtype="sentence" adminlang="en"
 o-tmf="po" creationtool="t" creationtoolversion="1"/><body>
<tu><prop type="x-context">menu</prop><tuv xml:lang="fr"><seg>Fermer</seg></tuv>
 <tuv xml:lang="en"><seg>Close</seg></tuv></tu>
<tu><prop type="x-context">door</prop><tuv xml:lang="fr"><seg>Fermer</seg></tuv>
 <tuv xml:lang="en"><seg>Shut</seg></tuv></tu>
</body></tmx>
""",
    "old.jsonl": '{"src": "Fermer", "tgt": "Close", "context": "menu"}\n'
    '{"src": "Fermer", "tgt": "Shut", "context": "door"}\n',
}


@pytest.mark.parametrize("name", sorted(MEMORIES))
def test_a_memory_of_another_format_keeps_its_units_contexts_as_a_catalogue_does(
    run_cli, tmp_path, name
):
    """An XLIFF unit's resname (2.0: its unit's name), a TMX unit's x-context and a JSON
    line's context are what a catalogue entry's msgctxt is: before, such a memory gave
    "Close" to the door's "Fermer" too (the first of equal counts)."""
    old = tmp_path / name
    old.write_text(MEMORIES[name], encoding="utf-8")
    new = catalogue(tmp_path / "new.po", [("door", "Fermer", ""), ("menu", "Fermer", "")])
    result = run_cli(["translate", "-i", new, "-o", tmp_path / "en.po", "--memory", old])
    assert result.exit_code == 0, result.stderr
    written = polib.pofile(str(tmp_path / "en.po"))
    assert [(e.msgctxt, e.msgstr) for e in written] == [("door", "Shut"), ("menu", "Close")]
    lines = translated_lines(run_cli, ["Fermer"], "--memory", old, "--no-model-memory")
    assert lines == ["Close"]  # a plain line, no context: as before


def test_an_entry_with_an_access_key_is_found_in_its_context(run_cli, tmp_path):
    old = catalogue(
        tmp_path / "old-en.po", [("menu", "~Fermer", "~Close"), ("door", "Fermer", "Shut")]
    )
    new = catalogue(tmp_path / "new.po", [("door", "~Fermer", ""), ("menu", "~Fermer", "")])
    result = run_cli(["translate", "-i", new, "-o", tmp_path / "en.po", "--memory", old])
    assert result.exit_code == 0, result.stderr
    written = polib.pofile(str(tmp_path / "en.po"))
    assert [e.msgstr for e in written] == ["~Shut", "~Close"]


def test_a_plain_line_has_no_context_and_finds_what_it_found_before(run_cli, tmp_path):
    old = catalogue(tmp_path / "old-en.po", [*OLD, ("door", "Ouvrir", "Open")])
    found = translated_lines(run_cli, ["Fermer", "Ouvrir"], "--memory", old, "--no-model-memory")
    assert found == ["Close", "Open"]


XLIFF_DOCUMENTS = {  # a door's and a menu's "Fermer", and one of no name
    "new.xlf": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
 <file original="new" source-language="fr" target-language="en" datatype="plaintext"><body>
  <trans-unit id="a" resname="door"><source>Fermer</source></trans-unit>
  <trans-unit id="b" resname="menu"><source>Fermer</source></trans-unit>
  <trans-unit id="c"><source>Fermer</source></trans-unit>
 </body></file>
</xliff>
""",
    "new2.xlf": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr" trgLang="en">
 <file id="f">
  <unit id="a" name="door"><segment><source>Fermer</source></segment></unit>
  <unit id="b" name="menu"><segment><source>Fermer</source></segment></unit>
  <unit id="c"><segment><source>Fermer</source></segment></unit>
 </file>
</xliff>
""",
}


@pytest.mark.parametrize("memory", sorted(MEMORIES))
@pytest.mark.parametrize("name", sorted(XLIFF_DOCUMENTS))
def test_an_xliff_unit_is_found_in_its_resname_as_a_catalogue_entry_in_its_msgctxt(
    run_cli, tmp_path, name, memory
):
    """Before, only a catalogue's entries were looked up in their context: an XLIFF unit
    named "door" got the menu's "Close" (the first of equal counts). A unit without a name is
    looked up as a line, as before."""
    old = tmp_path / memory
    old.write_text(MEMORIES[memory], encoding="utf-8")
    new = tmp_path / name
    new.write_text(XLIFF_DOCUMENTS[name], encoding="utf-8")
    out = tmp_path / f"en-{name}"
    result = run_cli(["translate", "-i", new, "-o", out, "--memory", old])
    assert result.exit_code == 0, result.stderr
    targets = re.findall(r"<target[^>]*>([^<]*)</target>", out.read_text(encoding="utf-8"))
    assert targets == ["Shut", "Close", "Close"]


LOCALIZATION_FILES = {
    "fr.json": '{"door": "Fermer", "menu": {"file": "Fermer"}, "x": "Fermer"}\n',
    "Messages_fr.properties": "door = Fermer\nmenu.file = Fermer\nx = Fermer\n",
    "strings.xml": '<resources>\n<string name="door">Fermer</string>\n'
    '<string name="menu.file">Fermer</string>\n<string name="x">Fermer</string>\n</resources>\n',
    "Localizable.strings": '"door" = "Fermer";\n"menu.file" = "Fermer";\n"x" = "Fermer";\n',
}


@pytest.mark.parametrize("name", sorted(LOCALIZATION_FILES))
def test_a_localization_files_string_is_found_in_its_key_as_in_a_context(run_cli, tmp_path, name):
    """A monolingual file's key is its strings' context, as Weblate and translate-toolkit give
    it (a JSON key its path joined with dots): a memory that holds the door's "Fermer" as
    "Shut" gives it to the string "door"; a key the memory holds no context of finds what it
    found before."""
    old = tmp_path / "old.jsonl"
    old.write_text(
        '{"src": "Fermer", "tgt": "Close", "context": "menu.file"}\n'
        '{"src": "Fermer", "tgt": "Shut", "context": "door"}\n',
        encoding="utf-8",
    )
    new = tmp_path / name
    new.write_text(LOCALIZATION_FILES[name], encoding="utf-8")
    out = tmp_path / f"en-{name}"
    result = run_cli(["translate", "-i", new, "-o", out, "--memory", old])
    assert result.exit_code == 0, result.stderr
    written = out.read_text(encoding="utf-8")
    assert re.findall("Shut|Close", written) == ["Shut", "Close", "Close"]
