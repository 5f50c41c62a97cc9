"""`nmt translate -i app.xlf -o out.xlf`: an XLIFF 1.2 or 2.0 file in, the same file out with a
target for each unit to translate, marked a machine's, and nothing else changed.

Given back its own texts, the file comes back identical but for the targets and states it adds
(as the Okapi filters' round-trip tests check). Inline codes are kept, well formed, around the
words aligned to theirs; translate="no", approved and translated units come back byte for byte
(translated ones unless --retranslate says otherwise); the file's target language is set; a
file from another language, or one that does not parse, is one error and nothing is written.
Every output is valid against the OASIS XLIFF 1.2 (strict) and 2.0 schemas, and the 2.0 rules
its schema leaves to the specification (tests/xliff_check.py, tests/xliff_schemas/).
"""

from __future__ import annotations

import difflib
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import assert_one_error_line
from hostile_fixtures import entity_bomb
from lxml import etree
from xliff_check import SCHEMAS, codes, problems, schema

from nmt_cli.documents.registry import format_for
from nmt_cli.documents.xliff import read_xliff
from nmt_cli.errors import InputError
from nmt_cli.formats.xliff import MT_SUBSTATE, XML_SPACE, read_units
from nmt_cli.inference.translation import Translation
from nmt_cli.protect.mnemonics import find_mnemonic

FIXTURES = Path(__file__).resolve().parent / "l10n"

XLIFF_12 = """<?xml version="1.0" encoding="UTF-8"?>
<!-- exported from the catalogue -->
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version='1.2'>
  <file original="app.po" source-language="fr" datatype="po">
    <body>
      <trans-unit id="hello">
        <source>Bonjour <x id="1"/>, vous avez <g id="2" ctype="bold">trois messages</g>.</source>
        <note>greeting</note>
      </trans-unit>
      <trans-unit id="bold">
<source>Ouvrir un <bpt id="1">&lt;b></bpt>fichier existant<ept id="1">&lt;/b></ept> ici</source>
      </trans-unit>
      <trans-unit id="key"><source>~Enregistrer le document</source></trans-unit>
      <trans-unit id="done">
        <source>Fermer la fenêtre</source>
        <target state="translated">Close the window</target>
      </trans-unit>
      <trans-unit id="review">
        <source>Quitter</source>
        <target state='needs-review-translation'>Quit</target>
      </trans-unit>
      <trans-unit id="approved" approved="yes">
        <source>Aide</source>
        <target>Help</target>
      </trans-unit>
      <group translate="no">
        <trans-unit id="brand"><source>LibreOffice &amp; co</source></trans-unit>
      </group>
      <trans-unit id="only"><source>« … »</source></trans-unit>
    </body>
  </file>
</xliff>
"""

XLIFF_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr-FR">
  <file id="f1">
    <unit id="hello">
      <notes><note>greeting</note></notes>
      <segment>
<source>Voir <pc id="1">ici</pc><ph id="2"/> et <sc id="3"/>fermez tout<ec startRef="3"/>.</source>
      </segment>
    </unit>
    <unit id="two">
      <segment id="s1"><source>Fermer.</source></segment>
      <segment id="s2" state="translated"><source>Quitter.</source><target>Quit.</target></segment>
    </unit>
    <unit id="final">
      <segment state="final"><source>Aide</source><target>Help</target></segment>
    </unit>
    <unit id="brand" translate="no">
      <segment><source>LibreOffice</source></segment>
    </unit>
  </file>
</xliff>
"""

ADDED_12 = (' target-language="en"',)
STATES_12 = ' state="needs-review-translation" state-qualifier="mt-suggestion"'
ADDED_20 = (' trgLang="en"', f' state="translated" subState="{MT_SUBSTATE}"')


def aligned(sources: list[str]) -> list[Translation]:
    """Each text given back unchanged, each word aligned to itself."""
    return [
        Translation(s, s, 0.0, alignment=[(k, k) for k in range(len(s.split()))]) for s in sources
    ]


def reversed_words(sources: list[str]) -> list[Translation]:
    """Each text's words in reverse order, aligned to theirs: codes must move with them."""
    out = []
    for s in sources:
        words = s.split()
        n = len(words)
        out.append(
            Translation(s, " ".join(words[::-1]), 0.0, alignment=[(k, n - 1 - k) for k in range(n)])
        )
    return out


def render(text: str, translate=aligned, retranslate: str = "none", target: str | None = "en"):
    document = read_xliff(text.encode("utf-8"), "app.xlf", retranslate=retranslate)
    return document, document.render(translate(document.sources()), target, print)


def units(data: bytes) -> dict:
    return {u.id: u for u in read_units("out.xlf", data)}


def unit_bytes(data: bytes, uid: str, version: str = "1.2") -> bytes:
    tag = b"trans-unit" if version == "1.2" else b"unit"
    return re.search(rb'<%s id="%s".*?</%s>' % (tag, uid.encode(), tag), data, re.S).group()


def only_added(before: bytes, after: bytes, added: tuple[str, ...]) -> list[str]:
    """The targets ``after`` adds to ``before``, in order, checking that it changes nothing
    else but by adding the attributes ``added``: a target on a line of its own, or after a
    ``</source>`` on its line."""
    old, new = before.decode().splitlines(), after.decode().splitlines()
    targets = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        assert op in ("equal", "insert", "replace"), (op, old[a1:a2])
        if op == "insert":
            targets += new[b1:b2]
        elif op == "replace":
            assert a2 - a1 == b2 - b1, (old[a1:a2], new[b1:b2])
            for line, changed in zip(old[a1:a2], new[b1:b2]):
                for attribute in added:
                    changed = changed.replace(attribute, "")
                if "<target" not in line:
                    targets += re.findall(r"(?<=</source>)<target[^>]*>.*?</target>", changed)
                    changed = re.sub(r"(?<=</source>)<target[^>]*>.*?</target>", "", changed)
                assert changed == line
    return targets


def inner(element_text: str) -> str:
    return re.fullmatch(r"\s*<target[^>]*>(.*)</target>", element_text, re.S).group(1)


# -- the identity round trip -------------------------------------------------------------------


def test_an_xliff_12_file_given_back_its_texts_comes_back_identical_but_for_its_new_targets():
    document, out = render(XLIFF_12)
    assert document.sources() == [
        "Bonjour \ue000, vous avez trois messages.",  # a standalone code: a placeholder
        "Ouvrir un fichier existant ici",
        "Enregistrer le document",
    ]
    new = only_added(XLIFF_12.encode(), out, ADDED_12)
    read = units(out)
    assert len(new) == 4 and all(line.strip().startswith(f"<target{STATES_12}>") for line in new)
    for line, uid in zip(new, ("hello", "bold", "key", "only")):
        assert inner(line) == read[uid].source
    assert problems(out) == []


def test_an_xliff_20_file_given_back_its_texts_comes_back_identical_but_for_its_new_targets():
    document, out = render(XLIFF_20)
    assert document.sources() == ["Voir ici\ue000 et fermez tout.", "Fermer."]
    new = only_added(XLIFF_20.encode(), out, ADDED_20)
    read = units(out)
    assert len(new) == 2  # one on its own line, one after its source, as that was written
    assert read["hello"].target == read["hello"].source
    assert read["two/s1"].target == "Fermer."
    assert problems(out) == []


@pytest.mark.parametrize("bom, codec", [(b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")])
@pytest.mark.parametrize("text, added", [(XLIFF_12, ADDED_12), (XLIFF_20, ADDED_20)])
def test_a_utf16_file_comes_back_identical_in_its_byte_order_but_for_its_new_targets(
    bom, codec, text, added
):
    data = bom + text.replace("UTF-8", "UTF-16").encode(codec)
    document = read_xliff(data, "app.xlf", retranslate="none")
    out = document.render(aligned(document.sources()), "en", print)
    assert out[:2] == bom
    new = only_added(data[2:].decode(codec).encode(), out[2:].decode(codec).encode(), added)
    _, utf8 = render(text)
    assert new and new == only_added(text.encode(), utf8, added)  # the UTF-8 file's targets
    assert problems(out) == []


@pytest.mark.parametrize("codec", ["iso-8859-1", "windows-1252"])
@pytest.mark.parametrize("text, added", [(XLIFF_12, ADDED_12), (XLIFF_20, ADDED_20)])
def test_a_legacy_encoded_file_comes_back_identical_in_its_encoding_but_for_its_new_targets(
    codec, text, added
):
    """lxml wrote it again: its declaration in single quotes, its root's attributes reordered."""
    text = text.replace("UTF-8", codec.upper()).replace("Fermer.", "Fermer la fenêtre")
    data = text.encode(codec, errors="xmlcharrefreplace")  # ISO-8859-1's "…": "&#8230;"
    document = read_xliff(data, "app.xlf", retranslate="none")
    out = document.render(aligned(document.sources()), "en", print)
    new = only_added(data.decode(codec).encode(), out.decode(codec).encode(), added)
    assert new and "Fermer la fenêtre" in out.decode(codec)
    assert problems(out) == []


def test_a_character_a_legacy_encoding_lacks_is_written_as_a_character_reference():
    data = XLIFF_12.replace("UTF-8", "ISO-8859-1").encode("iso-8859-1", "xmlcharrefreplace")
    document = read_xliff(data, "app.xlf", retranslate="none")
    sources = document.sources()
    translations = [Translation(s, "Wait… 5 €", 0.0) for s in sources]
    out = document.render(translations, "en", print)
    assert b">~Wait&#8230; 5 &#8364;</target>" in out
    assert units(out)["key"].target == "~Wait… 5 €"


def test_a_file_whose_elements_are_prefixed_gets_its_targets_with_their_inline_codes():
    """Checked inside a target that declared no prefix, ``<x:g>`` was "Namespace prefix x on g is
    not defined": the whole file was refused."""
    text = (
        '<x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
        '<x:file original="a" source-language="fr" datatype="plaintext"><x:body>'
        '<x:trans-unit id="1"><x:source>Ouvrir le <x:g id="1">fichier</x:g></x:source>'
        "</x:trans-unit></x:body></x:file></x:xliff>"
    )
    document, out = render(text)
    assert units(out)["1"].target == 'Ouvrir le <x:g id="1">fichier</x:g>'
    assert problems(out) == []


def test_angulars_start_and_close_codes_stay_around_the_translation_of_their_words():
    """Angular writes bold and links as <x id="START_BOLD_TEXT"/> ... <x id="CLOSE_BOLD_TEXT"/>:
    placed one by one, the two came out side by side, around nothing."""
    start, close = '<x id="START_BOLD_TEXT" ctype="x-b"/>', '<x id="CLOSE_BOLD_TEXT" ctype="x-b"/>'
    text = (
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
        '<file original="a" source-language="fr" datatype="html"><body>'
        f'<trans-unit id="1"><source>Le {start}budget annuel{close} est adopté</source>'
        "</trans-unit></body></file></xliff>"
    )
    document, out = render(text, reversed_words)
    assert document.sources() == ["Le budget annuel est adopté"]
    assert units(out)["1"].target == f"adopté est {start}annuel budget{close} Le"
    assert problems(out) == []


def test_a_file_given_back_its_texts_twice_is_the_same_file_the_second_time():
    _, once = render(XLIFF_12)
    _, twice = render(once.decode(), retranslate="none")
    assert twice == once


# -- validity against the OASIS schemas -------------------------------------------------------


@pytest.mark.parametrize("retranslate", ["none", "all"])
@pytest.mark.parametrize("translate", [aligned, reversed_words])
@pytest.mark.parametrize(
    "text",
    [
        XLIFF_12,
        XLIFF_20,
        (FIXTURES / "app.xlf").read_text(encoding="utf-8"),
        (FIXTURES / "app.xliff").read_text(encoding="utf-8"),
    ],
    ids=["1.2", "2.0", "app.xlf", "app.xliff"],
)
def test_every_output_is_valid_against_its_versions_oasis_schema(text, translate, retranslate):
    # inline codes, translate="no", approved and final units, states, 2.0's subState: kept,
    # added and (with "all") replaced targets all in one file
    _, out = render(text, translate=translate, retranslate=retranslate)
    assert problems(out) == []


INVALID = [
    ("1.2", '<target state="translated">', '<target state="done">', "state='done'"),
    ("1.2", '<target state="translated">', '<target state-qualifier="mt">', "state-qualifier='mt'"),
    (
        "1.2",
        "<note>greeting</note>",
        "<note>greeting</note><source>Encore</source>",
        "trans-unit[1]: Unexpected child",
    ),
    ("1.2", 'ctype="bold"', 'ctype="bold" colour="red"', "attribute 'colour' not allowed"),
    ("1.2", '<x id="1"/>', "<x/>", "missing required attribute 'id'"),
    ("2.0", 'state="final"', 'state="approved"', "state='approved'"),
    (
        "2.0",
        '<segment state="final"><source>Aide</source><target>Help</target>',
        '<segment state="final"><target>Help</target><source>Aide</source>',
        "Unexpected child with tag '{urn:oasis:names:tc:xliff:document:2.0}target'",
    ),
    ("2.0", '<pc id="1">ici</pc>', '<g id="1">ici</g>', "document:2.0}g'"),
    ("2.0", '<ec startRef="3"/>', "<ec/>", "<ec> has neither startRef nor isolated"),
]


def test_the_xliff_fixtures_are_valid_as_they_are():
    for name in ("app.xlf", "app.xliff"):
        assert problems((FIXTURES / name).read_bytes()) == [], name


@pytest.mark.parametrize("version, old, new, named", INVALID)
def test_an_invalid_file_fails_validation_naming_what_is_wrong(version, old, new, named):
    text = (
        XLIFF_12
        if version == "1.2"
        else XLIFF_20.replace('srcLang="fr-FR"', 'srcLang="fr-FR" trgLang="en"')
    )
    assert old in text
    assert problems(text.encode()) == []
    found = problems(text.replace(old, new, 1).encode())
    assert found and named in " ".join(found), found


@pytest.mark.parametrize(
    "sub, named",
    [
        ('state="translated" subState="machine"', "subState 'machine'"),
        ('subState="nmt:mt"', "subState 'nmt:mt'"),
        ('state="translated" subState="xlf:mt"', "reserved xlf prefix"),
    ],
)
def test_a_20_substate_needs_a_state_and_a_prefix_of_its_own(sub, named):
    text = XLIFF_20.replace('srcLang="fr-FR"', 'srcLang="fr-FR" trgLang="en"')
    text = text.replace('<segment id="s1">', f'<segment id="s1" {sub}>')
    assert named in " ".join(problems(text.encode()))


def test_a_20_target_needs_the_files_target_language():
    assert problems(XLIFF_20.encode()) == ["a <target> in a file with no trgLang"]


def test_the_schemas_import_the_xml_namespace_from_the_tests_folder_with_no_network():
    # allow="sandbox" refuses any location outside tests/xliff_schemas/, the network included
    for version in ("1.2", "2.0"):
        loaded = schema(version)
        assert loaded.validity == "valid" and loaded.all_errors == []
        assert list(loaded.imports) == [(SCHEMAS / "xml.xsd").as_uri()]


# -- inline codes ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [XLIFF_12, XLIFF_20])
def test_inline_codes_are_kept_well_formed_and_move_with_their_words(text):
    document, out = render(text, translate=reversed_words)
    assert problems(out) == []
    target = etree.fromstring(out)
    for holder in target.iter("{*}trans-unit", "{*}segment"):
        src, tgt = holder.find("{*}source"), holder.find("{*}target")
        if tgt is not None:
            assert codes(tgt) == codes(src), etree.tostring(holder)
    read = units(out)
    if "1.2" in text:
        assert read["hello"].target.startswith('<g id="2" ctype="bold">messages. trois</g>')
        bold = read["bold"].target
        assert (
            bold.index("<bpt") < bold.index("existant") < bold.index("fichier") < bold.index("<ept")
        )
        assert "&lt;b&gt;" in bold and "&lt;/b&gt;" in bold  # native code as it was
    else:
        hello = read["hello"].target
        assert '<sc id="3"/>tout. fermez<ec startRef="3"/>' in hello
        assert '<pc id="1">ici</pc><ph id="2"/>' in hello


@pytest.mark.parametrize(
    "source, needed",
    [
        ("Voir ici et fermez tout.", False),
        ('Voir ici<ph id="2"/> et fermez tout.', True),  # a placeholder the model may lose
        ('Voir <pc id="1">ici</pc> et fermez tout.', True),
        ("~Voir ici et fermez tout.", True),
    ],
)
def test_word_alignments_are_asked_for_only_where_a_code_or_an_access_key_needs_them(
    source, needed
):
    text = re.sub(r"<source>Voir.*?</source>", f"<source>{source}</source>", XLIFF_20)
    document = read_xliff(text.encode(), "app.xliff", retranslate="none")
    assert document.needs_alignment == needed


def test_the_native_code_of_a_placeholder_never_reaches_the_model():
    text = XLIFF_12.replace(
        'Bonjour <x id="1"/>', 'Bonjour <ph id="1">&lt;span class="nom"&gt;</ph>'
    )
    document, out = render(text)
    assert "span" not in " ".join(document.sources())
    assert '<ph id="1">&lt;span class="nom"&gt;</ph>' in units(out)["hello"].target


# -- significant white space -------------------------------------------------------------------

PRESERVED_12 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="app.po" source-language="fr" datatype="plaintext">
    <body>
      <trans-unit id="lines" xml:space="preserve"><source>  Bienvenue dans Agenda.
  Appuyez sur <g id="1">Suivant
	pour continuer</g>.

Merci.
</source></trans-unit>
      <group id="g" xml:space="preserve">
        <trans-unit id="columns"><source>Nom\tPrénom\t\tVille</source></trans-unit>
        <trans-unit id="default" xml:space="default"><source>Nom\tPrénom
          Ville</source></trans-unit>
      </group>
      <trans-unit id="on-source"><source xml:space="preserve">Oui\nNon</source></trans-unit>
    </body>
  </file>
</xliff>
"""

PRESERVED_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr">
  <file id="f1">
    <unit id="lines" xml:space="preserve">
      <segment><source>Bienvenue dans Agenda.
Appuyez sur Suivant.</source></segment>
    </unit>
    <unit id="columns">
      <segment><source xml:space="preserve">Nom\tPrénom\tVille</source></segment>
    </unit>
  </file>
</xliff>
"""


def upper(sources: list[str]) -> list[Translation]:
    """Each text in capitals, each word aligned to itself: a target is told from its source."""
    return [
        Translation(s, s.upper(), 0.0, alignment=[(k, k) for k in range(len(s.split()))])
        for s in sources
    ]


def texts(document) -> dict[str, str]:
    """What the model reads of each unit chosen, by id."""
    return {c.unit.id: c.segment.text for c in document.chosen if c.segment is not None}


def test_where_white_space_is_preserved_the_lines_and_columns_are_kept_apart_for_the_model():
    assert texts(read_xliff(PRESERVED_12.encode(), "app.xlf", retranslate="none")) == {
        "lines": "Bienvenue dans Agenda.\nAppuyez sur Suivant\n\tpour continuer.\n\nMerci.",
        "columns": "Nom\tPrénom\t\tVille",
        "default": "Nom Prénom Ville",  # xml:space="default" inside a preserved group
        "on-source": "Oui\nNon",
    }
    assert texts(read_xliff(PRESERVED_20.encode(), "app.xlf", retranslate="none")) == {
        "lines": "Bienvenue dans Agenda.\nAppuyez sur Suivant.",
        "columns": "Nom\tPrénom\tVille",
    }


@pytest.mark.parametrize("text", [PRESERVED_12, PRESERVED_20])
def test_where_white_space_is_preserved_the_target_keeps_it_as_written_around_each_line(text):
    _, out = render(text)
    for unit in units(out).values():
        if unit.id != "default":
            assert unit.target == unit.source, unit.id
    _, out = render(text, translate=upper)
    for unit in units(out).values():
        if unit.id != "default":
            expected = re.sub(r"<(/?)G\b", r"<\1g", unit.source.upper().replace(' ID="', ' id="'))
            assert unit.target == expected, unit.id
    assert problems(out) == []


@pytest.mark.parametrize("text", [PRESERVED_12, PRESERVED_20])
@pytest.mark.parametrize("translate", [aligned, upper])
def test_a_crlf_file_s_preserved_line_breaks_stay_crlf_in_the_target(text, translate):
    crlf = text.replace("\n", "\r\n")
    document = read_xliff(crlf.encode("utf-8"), "app.xlf", retranslate="none")
    out = document.render(translate(document.sources()), "en", print)
    targets = re.findall(rb"<target[^>]*>(.*?)</target>", out, re.S)
    assert len(targets) == len(document.chosen) and b"\n" in b"".join(targets)
    assert out.count(b"\n") == out.count(b"\r\n")  # no bare LF anywhere, targets included
    pairs = re.findall(rb"<source[^>]*>(.*?)</source>\s*<target[^>]*>(.*?)</target>", out, re.S)
    for source, target in pairs if translate is aligned else []:
        assert target == source or b"\n" not in target  # not preserved: made one line


WINDOWS_BREAKS = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="app.rc" source-language="fr" datatype="winres">
    <body>
  <trans-unit id="refs" xml:space="preserve"><source>Fermer&#13;&#10;Quitter</source></trans-unit>
      <trans-unit id="cr" xml:space="preserve"><source>Ouvrir le fichier.&#xD;
Enregistrer le fichier.</source></trans-unit>
    </body>
  </file>
</xliff>
"""


@pytest.mark.parametrize("translate", [aligned, upper])
def test_a_preserved_sources_crlf_written_as_character_references_stays_crlf(translate):
    """A parser reads ``&#13;&#10;`` as CRLF: the target, written with a bare line break, lost
    the CR that the file's tool (a Windows resource) gave each line."""
    document = read_xliff(WINDOWS_BREAKS.encode(), "app.xlf", retranslate="none")
    out = document.render(translate(document.sources()), "en", print)
    for unit in units(out).values():
        assert unit.target.count("\r\n") == unit.source.count("\r\n") == 1, unit.id
        assert "\n" not in unit.target.replace("\r\n", ""), unit.id
    written = "Fermer&#13;&#10;Quitter" if translate is aligned else "FERMER&#13;&#10;QUITTER"
    assert f">{written}</target>".encode() in out  # as the source writes it


# -- what is left alone ------------------------------------------------------------------------


def test_translate_no_approved_and_translated_units_come_back_byte_for_byte():
    _, out = render(XLIFF_12, translate=reversed_words)
    for uid in ("done", "review", "approved", "brand"):
        assert unit_bytes(out, uid) == unit_bytes(XLIFF_12.encode(), uid)
    _, out = render(XLIFF_20, translate=reversed_words)
    for uid in ("final", "brand"):
        assert unit_bytes(out, uid, "2.0") == unit_bytes(XLIFF_20.encode(), uid, "2.0")
    assert b"<target>Quit.</target>" in out


@pytest.mark.parametrize(
    "retranslate, chosen",
    [
        ("none", {"hello", "bold", "key", "only"}),
        ("fuzzy", {"hello", "bold", "key", "only", "review"}),
        ("all", {"hello", "bold", "key", "only", "review", "done"}),
    ],
)
def test_retranslate_says_which_translated_units_get_a_new_target(retranslate, chosen):
    document, out = render(XLIFF_12, translate=reversed_words, retranslate=retranslate)
    assert {c.unit.id for c in document.chosen} == chosen
    read = units(out)
    for uid in ("done", "review", "approved", "brand"):
        same = unit_bytes(out, uid) == unit_bytes(XLIFF_12.encode(), uid)
        assert same == (uid not in chosen), uid
    assert read["done"].target == ("fenêtre la Fermer" if "done" in chosen else "Close the window")


def test_fuzzy_translates_again_a_target_a_reviewer_rejected():
    rejected = XLIFF_12.replace(
        '<target state="translated">Close the window',
        '<target state="translated" state-qualifier="rejected-inaccurate">Close the window',
    )
    assert rejected != XLIFF_12
    document, out = render(rejected, translate=reversed_words, retranslate="fuzzy")
    assert "done" in {c.unit.id for c in document.chosen}
    assert units(out)["done"].target == "fenêtre la Fermer"
    document, _ = render(rejected, retranslate="none")
    assert "done" not in {c.unit.id for c in document.chosen}


def test_all_never_touches_approved_final_or_untranslatable_units():
    document, _ = render(XLIFF_20, retranslate="all")
    assert {c.unit.id for c in document.chosen} == {"hello", "two/s1", "two/s2"}


# -- states and languages ----------------------------------------------------------------------


def test_new_targets_are_marked_machine_translations_in_each_version():
    _, out = render(XLIFF_12)
    hello = units(out)["hello"]
    assert (hello.state, hello.qualifier) == ("needs-review-translation", "mt-suggestion")
    assert hello.skip_reason() == "machine translation"  # never read back as training data
    _, out = render(XLIFF_20)
    read = units(out)
    assert (read["hello"].state, read["hello"].qualifier) == ("translated", MT_SUBSTATE)
    assert read["hello"].skip_reason() == "machine translation"
    assert read["two/s2"].state == "translated" and read["two/s2"].qualifier is None


def test_a_unit_of_codes_only_gets_its_source_as_target_and_an_empty_one_none():
    text = XLIFF_12.replace(
        '<trans-unit id="only">',
        '<trans-unit id="codes"><source><x id="9"/> <ph id="8">%s</ph></source></trans-unit>\n'
        '      <trans-unit id="empty"><source> </source></trans-unit>\n'
        '      <trans-unit id="only">',
    )
    document, out = render(text)
    assert "" not in document.sources()  # the model reads nothing of either
    read = units(out)
    assert read["codes"].target == read["codes"].source
    assert read["empty"].target is None
    assert problems(out) == []


def remembered_first(sources: list[str]) -> list[Translation]:
    """Each text given back unchanged, aligned, the first as a translation memory's."""
    out = aligned(sources)
    out[0].remembered = True
    return out


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])  # spliced, and written by lxml
def test_a_target_a_translation_memory_gave_is_marked_an_exact_match(encoding):
    for text, state, qualifier in [
        (XLIFF_12, "needs-review-translation", "exact-match"),
        (XLIFF_20, "translated", "nmt:translation-memory"),
    ]:
        data = text.replace("UTF-8", encoding.upper()).encode(encoding)
        document = read_xliff(data, "app.xlf", retranslate="none")
        out = document.render(remembered_first(document.sources()), "en", print)
        read = units(out)
        assert (read["hello"].state, read["hello"].qualifier) == (state, qualifier)
        others = [u for u in read.values() if u.id != "hello" and u.qualifier]
        assert {u.qualifier for u in others} <= {"mt-suggestion", MT_SUBSTATE}
        assert problems(out) == []


def test_the_files_target_language_is_the_models_where_it_names_none():
    _, out = render(XLIFF_12)
    assert b'source-language="fr" datatype="po" target-language="en">' in out
    _, out = render(XLIFF_20)
    assert b'srcLang="fr-FR" trgLang="en">' in out
    _, out = render(XLIFF_12.replace('datatype="po"', 'datatype="po" target-language="en-GB"'))
    assert b'target-language="en-GB"' in out and b'target-language="en"' not in out


def test_a_file_in_other_languages_than_the_models_is_one_error():
    document = read_xliff(XLIFF_12.encode(), "app.xlf", retranslate="none")
    document.check_languages("fr", "en")
    document.check_languages(None, None)
    with pytest.raises(
        InputError, match='app.xlf: the file translates from "fr", but the model translates from de'
    ):
        document.check_languages("de", "en")
    german = read_xliff(
        XLIFF_20.replace('srcLang="fr-FR"', 'srcLang="fr-FR" trgLang="de"').encode(),
        "app.xliff",
        retranslate="none",
    )
    with pytest.raises(
        InputError, match='app.xliff: the file asks for "de", but the model translates into en'
    ):
        german.check_languages("fr", "en")


TWO_FILES = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="a.po" source-language="fr" datatype="po"><body>
    <trans-unit id="1"><source>Ouvrir</source></trans-unit>
  </body></file>
  <file original="b.po" source-language="fr" datatype="po"><body>
    <trans-unit id="1"><source>Fermer tout</source></trans-unit>
  </body></file>
</xliff>
"""


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_units_of_two_files_with_the_same_id_each_get_their_own_target(encoding):
    data = TWO_FILES.replace("UTF-8", encoding.upper()).encode(encoding)
    document = read_xliff(data, "app.xlf", retranslate="none")
    out = document.render(reversed_words(document.sources()), "en", print)
    targets = [u.target for u in read_units("out.xlf", out)]
    assert targets == ["Ouvrir", "tout Fermer"]
    assert out.decode(encoding).count('target-language="en"') == 2


# -- access keys -------------------------------------------------------------------------------


def test_an_access_key_never_reaches_the_model_and_comes_back_once_on_the_aligned_word():
    text = XLIFF_12.replace("<source>Quitter</source>", "<source>~Quitter</source>")
    document, out = render(text, translate=reversed_words)
    assert "Enregistrer le document" in document.sources()
    key = units(out)["key"].target
    assert key == "document le ~Enregistrer"
    assert find_mnemonic(key, "~").index is not None


WORDS = {"Fichier": "File", "Ouvrir": "Open", "le": "", "fichier": "file", "maintenant": "now"}
ONE_UNIT = {
    "1.2": '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="a"'
    ' source-language="fr" datatype="po"><body><trans-unit id="k"><source>{}</source>'
    "</trans-unit></body></file></xliff>",
    "2.0": '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr">'
    '<file id="f"><unit id="k"><segment><source>{}</source></segment></unit></file></xliff>',
}


def word_for_word(sources: list[str]) -> list[Translation]:
    """Each word given its English one (or dropped), aligned to it."""
    out = []
    for s in sources:
        kept = [(k, WORDS[w]) for k, w in enumerate(s.split()) if WORDS[w]]
        links = [(k, t) for t, (k, _) in enumerate(kept)]
        out.append(Translation(s, " ".join(w for _, w in kept), 0.0, alignment=links))
    return out


@pytest.mark.parametrize(
    "version, source, target",
    [
        ("1.2", '<g id="1">&amp;Fichier</g>', '<g id="1">&amp;File</g>'),
        (
            "1.2",
            'Ouvrir le <g id="1">&amp;fichier</g> maintenant',
            'Open <g id="1">&amp;file</g> now',
        ),
        ("1.2", '<g id="1">_Fichier</g>', '<g id="1">_File</g>'),
        ("1.2", "&amp;Fichier", "&amp;File"),
        ("2.0", '<pc id="1">&amp;Fichier</pc>', '<pc id="1">&amp;File</pc>'),
        ("2.0", 'Ouvrir le <pc id="1">&amp;fichier</pc>', 'Open <pc id="1">&amp;file</pc>'),
        ("2.0", "&amp;Fichier", "&amp;File"),
    ],
)
def test_an_access_key_inside_an_inline_code_stays_inside_it_on_the_translated_word(
    version, source, target
):
    document, out = render(ONE_UNIT[version].replace("{}", source), translate=word_for_word)
    assert not any(marker in s for s in document.sources() for marker in "&_")
    assert inner(re.search(r"<target.*</target>", out.decode()).group()) == target


@pytest.mark.parametrize(
    "version, source, target",
    [
        (
            "1.2",
            '<g id="1">&amp;Fichier</g> <g id="2">&amp;Ouvrir</g>',
            '<g id="1">&amp;File</g> <g id="2">&amp;Open</g>',
        ),
        (
            "1.2",
            '<g id="1">&amp;Fichier</g><x id="3"/> | <g id="2">&amp;Ouvrir</g>',
            '<g id="1">&amp;File</g><x id="3"/> | <g id="2">&amp;Open</g>',
        ),
        (
            "2.0",
            '<pc id="1">&amp;Fichier</pc> <pc id="2">&amp;Ouvrir</pc>',
            '<pc id="1">&amp;File</pc> <pc id="2">&amp;Open</pc>',
        ),
    ],
)
def test_inline_codes_each_with_an_access_key_are_each_translated_apart_with_their_key(
    version, source, target
):
    """Two buttons' labels in one unit, a key each: read as one text, "Enregistrer Quitter"
    gave "Sav&e &Quitter", the second label untranslated."""
    document, out = render(ONE_UNIT[version].replace("{}", source), translate=word_for_word)
    assert document.sources() == ["Fichier", "Ouvrir"]
    assert inner(re.search(r"<target.*</target>", out.decode()).group()) == target


# -- files that are not read -------------------------------------------------------------------


def test_xlf_and_xliff_files_are_read_as_xliff_by_extension():
    for name in ("app.xlf", "app.XLIFF", "app.xlf.gz"):
        assert format_for(name, None).name == "xliff"


BOMB = (
    entity_bomb("xliff")
    + """<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
<file original="x" source-language="fr" datatype="po"><body>
<trans-unit id="a"><source>&g;</source></trans-unit>
</body></file></xliff>
"""
)


def test_an_entity_expansion_bomb_is_one_error_in_bounded_memory(run_cli, tmp_path):
    (tmp_path / "bomb.xlf").write_text(BOMB, encoding="utf-8")
    out = tmp_path / "out.xlf"
    result = run_cli(
        ["translate", "-m", tmp_path / "no-model", "-i", tmp_path / "bomb.xlf", "-o", out]
    )
    assert_one_error_line(result, "bomb.xlf:", "entit")
    assert not out.exists()

    def cap():
        limit = 1200 * 1024 * 1024  # the interpreter and lxml; an expansion would need more
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    code = (
        "from nmt_cli.documents.xliff import read_xliff\n"
        "from nmt_cli.errors import InputError\n"
        f"data = open({str(tmp_path / 'bomb.xlf')!r}, 'rb').read()\n"
        "try: read_xliff(data, 'bomb.xlf', retranslate='none')\n"
        "except InputError: print('refused')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=cap, timeout=120
    )
    assert done.stdout.strip() == "refused", done.stderr


# two units of one id in a <file>, which XLIFF forbids (the same id in another <file> is fine)
TWICE_12 = """<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file source-language="fr" target-language="en" datatype="plaintext" original="a"><body>
<trans-unit id="a"><source>Oui</source></trans-unit>
<trans-unit id="a"><source>Non</source></trans-unit>
</body></file></xliff>
"""


@pytest.mark.parametrize(
    "text, line, what",
    [
        (XLIFF_12[: XLIFF_12.index('<trans-unit id="done">') + 30], 15, "not well-formed"),
        (XLIFF_20.replace("</pc>", "</g>"), 7, "not well-formed"),
        (TWICE_12, 5, 'trans-unit id "a" appears twice in its <file> (first at line 4)'),
        (TWICE_12.replace("1.2", "2.0").replace("trans-unit", "unit"), 5, 'unit id "a" appears'),
        (
            '<?xml version="1.0"?>\n<resources>\n<string name="a">b</string>\n</resources>\n',
            1,
            "not XLIFF",
        ),
    ],
)
def test_a_file_that_does_not_parse_is_one_error_naming_its_line_and_writes_nothing(
    run_cli, tmp_path, text, line, what
):
    (tmp_path / "app.xlf").write_text(text, encoding="utf-8")
    out = tmp_path / "out.xlf"
    result = run_cli(
        ["translate", "-m", tmp_path / "no-model", "-i", tmp_path / "app.xlf", "-o", out]
    )
    error = assert_one_error_line(result, "app.xlf", what)
    assert f"app.xlf:{line}:" in error
    assert not out.exists()


# -- the shipped model -------------------------------------------------------------------------


def check_translated(source: bytes, out: bytes) -> None:
    """What a run of the shipped model over ``source`` must give: a file that passes the
    schema check, the same units, every unit left alone byte for byte, every new target with its
    source's codes and placeholders, an access key in gives one out, most targets changed."""
    assert problems(out) == []
    before, after = units(source), units(out)
    assert list(after) == list(before)
    document = read_xliff(source, "app", retranslate="none")
    chosen = {c.unit.id for c in document.chosen}
    version = "2.0" if b"document:2.0" in source else "1.2"
    changed = 0
    for uid, unit in before.items():
        if uid not in chosen:
            assert unit_bytes(out, uid, version) == unit_bytes(source, uid, version)
            continue
        target = after[uid].target
        assert target is not None, uid
        wrapped = etree.fromstring(
            f'<t xmlns="urn:oasis:names:tc:xliff:document:{version}">{target}</t>'
        )
        original = etree.fromstring(
            f'<t xmlns="urn:oasis:names:tc:xliff:document:{version}">{unit.source}</t>'
        )
        assert codes(wrapped) == codes(original), uid
        assert sorted(re.findall(r"%\d", after[uid].target_text)) == sorted(
            re.findall(r"%\d", unit.source_text)
        ), uid
        if find_mnemonic(unit.source_text, "~").index is not None:
            assert find_mnemonic(after[uid].target_text, "~").index is not None, uid
        changed += after[uid].target_text != unit.source_text
    assert changed >= 0.8 * len(chosen)


def test_the_shipped_model_translates_an_xliff_file_through_the_cli(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("app.xlf").write_bytes((FIXTURES / "app.xlf").read_bytes())
    result = run_cli(["translate", "-i", "app.xlf", "-o", "out.xlf"])
    assert result.exit_code == 0, result.stderr
    out = Path("out.xlf").read_bytes()
    check_translated(Path("app.xlf").read_bytes(), out)
    assert b'source-language="fr" datatype="po" target-language="en"' in out


def test_the_shipped_model_translates_each_line_and_column_of_a_preserved_unit(run_cli, tmp_path):
    (tmp_path / "app.xlf").write_text(PRESERVED_20, encoding="utf-8")
    result = run_cli(["translate", "-i", tmp_path / "app.xlf", "-o", tmp_path / "out.xlf"])
    assert result.exit_code == 0, result.stderr
    read = units((tmp_path / "out.xlf").read_bytes())
    lines = read["lines"].target.split("\n")
    assert len(lines) == 2 and lines[0].startswith("Welcome") and "Agenda" in lines[0]
    assert lines[1].startswith("Press"), lines
    columns = read["columns"].target.split("\t")
    assert len(columns) == 3 and columns[0] == "Name" and all(columns), columns


def test_the_shipped_model_refuses_a_file_from_another_language(run_cli, tmp_path):
    (tmp_path / "de.xlf").write_text(
        XLIFF_12.replace('source-language="fr"', 'source-language="de"'), encoding="utf-8"
    )
    out = tmp_path / "out.xlf"
    result = run_cli(["translate", "-i", tmp_path / "de.xlf", "-o", out])
    assert_one_error_line(result, "de.xlf", '"de"', "translates from fr")
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.parametrize("version, name", [("1.2", "app.xlf"), ("2.0", "app.xliff")])
def test_200_libreoffice_strings_come_through_the_shipped_model_in_xliff(
    run_cli, tmp_path, version, name
):
    make = pytest.importorskip("l10n.make_fixtures", reason="tests/l10n/make_fixtures.py")
    if not make.CATALOGUES.is_dir():
        pytest.skip(f"no LibreOffice catalogues at {make.CATALOGUES}")
    texts, plurals = make.entries(
        {"mnemonic": 60, "placeholder": 60, "lines": 30, "markup": 10, "plain": 50}, n_plurals=12
    )
    source = make.xliff(texts, plurals, version).encode("utf-8")
    (tmp_path / name).write_bytes(source)
    assert len(units(source)) >= 200 and problems(source) == []
    result = run_cli(["translate", "-i", tmp_path / name, "-o", tmp_path / f"out-{name}"])
    assert result.exit_code == 0, result.stderr
    check_translated(source, (tmp_path / f"out-{name}").read_bytes())


def test_an_xliff_file_may_be_written_to_a_terminal_an_office_document_not(monkeypatch):
    from nmt_cli.documents.registry import FORMATS

    assert FORMATS["xliff"].printable and not FORMATS["docx"].printable


IGNORABLES_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr">
  <file id="f1">
    <unit id="two">
      <segment id="s1"><source>Bonjour.</source></segment>
      <ignorable id="i1"><source> <ph id="1"/>  </source></ignorable>
      <segment id="s2"><source>Au revoir.</source></segment>
      <ignorable id="i2"><source>
</source><target> </target></ignorable>
    </unit>
    <unit id="done" translate="no">
      <segment><source>Rien.</source></segment>
      <ignorable><source> </source></ignorable>
    </unit>
  </file>
</xliff>
"""


def test_an_ignorable_between_translated_segments_gets_its_source_as_its_target():
    # XLIFF 2.0: where a segment or an ignorable of a unit has a target, a merger takes the
    # source of one that has none; one that reads targets alone lost what lies between
    _, out = render(IGNORABLES_20, translate=upper)
    root = etree.fromstring(out)
    ns = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
    two, done = root.findall(".//x:unit", ns)
    targets = {
        i.get("id"): etree.tostring(i.find("x:target", ns), with_tail=False).decode()
        for i in two.findall("x:ignorable", ns)
    }
    source_tail = 'xmlns="urn:oasis:names:tc:xliff:document:2.0"> <ph id="1"/>  </target>'
    assert targets["i1"].endswith(source_tail)
    assert targets["i2"].endswith("> </target>")  # its own target, as it was
    assert [t.text for t in two.findall("x:segment/x:target", ns)] == ["BONJOUR.", "AU REVOIR."]
    assert done.find("x:ignorable/x:target", ns) is None  # a unit not translated: untouched
    assert problems(out) == []


def test_a_target_keeps_the_white_space_rule_its_source_s_own_tag_sets():
    # a <target> does not inherit its sibling <source>'s xml:space: its spaces were read as one
    _, out = render(PRESERVED_20, translate=upper)
    root = etree.fromstring(out)
    ns = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
    columns, lines = (
        root.find(f'.//x:unit[@id="{u}"]//x:target', ns) for u in ("columns", "lines")
    )
    assert columns.get(XML_SPACE) == "preserve" and columns.text == "NOM\tPRÉNOM\tVILLE"
    assert lines.get(XML_SPACE) is None  # the unit's says it for both
    assert problems(out) == []


SPACED = {
    "2.0": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr">
  <file id="f1">
    <unit id="ph">
      <segment>
        <source xml:space="preserve">  Le fichier <ph id="1"/>  existe   déjà.  </source>
      </segment>
    </unit>
    <unit id="pc" xml:space="preserve">
      <segment><source>Bonjour   <pc id="1">le monde</pc>   !</source></segment>
    </unit>
  </file>
</xliff>
""",
    "1.2": """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="app" source-language="fr" datatype="plaintext">
    <body>
      <trans-unit id="ph" xml:space="preserve">
        <source>  Le fichier <x id="1"/>  existe   déjà.  </source>
      </trans-unit>
      <trans-unit id="pc" xml:space="preserve">
        <source>Bonjour   <g id="1">le monde</g>   !</source>
      </trans-unit>
    </body>
  </file>
</xliff>
""",
}


@pytest.mark.parametrize("version", ["2.0", "1.2"])
def test_where_white_space_is_preserved_runs_of_spaces_at_the_edges_and_by_codes_stay(version):
    # what a layout relies on stays: the runs at the text's ends and on either side of a code;
    # a run between two words is one space (the words it stood between are translated away)
    _, out = render(SPACED[version], translate=upper)
    x, pc = ("x", "g") if version == "1.2" else ("ph", "pc")
    targets = {u.id: u.target for u in units(out).values()}
    assert targets == {
        "ph": f'  LE FICHIER <{x} id="1"/>  EXISTE DÉJÀ.  ',
        "pc": f'BONJOUR   <{pc} id="1">LE MONDE</{pc}>   !',
    }
    assert problems(out) == []


def test_a_kept_run_of_spaces_never_becomes_a_new_end_of_the_text():
    # French "monde !": English puts the "!" against the word; the run before it is not
    # moved to the end of the target, where the source had none
    words = [(0, 0), (1, 1), (2, 2), (3, 2)]
    lost_space = Translation("Bonjour le monde !", "HELLO THE WORLD!", 0.0, alignment=words)
    document = read_xliff(SPACED["2.0"].encode(), "app.xlf", retranslate="none")
    sources = document.sources()
    out = document.render([*upper(sources[:1]), lost_space], "en", print)
    assert units(out)["pc"].target == 'HELLO   <pc id="1">THE WORLD</pc>!'
