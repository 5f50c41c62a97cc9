"""Which units of an XLIFF file a CAT tool has as drafts: kept as they are by `nmt translate`,
translated again by `--retranslate fuzzy` (as a gettext entry marked fuzzy, a 1.2 target
``needs-review-translation``), never taken for untranslated ones.
"""

from __future__ import annotations

from nmt_cli.documents.xliff import read_xliff
from nmt_cli.formats.xliff import read_pairs

XLIFF_20 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="fr" trgLang="en">
 <file id="f1">
  <unit id="draft"><segment state="initial"><source>Bonjour le monde.</source>
   <target>Hello world (draft).</target></segment></unit>
  <unit id="copy"><segment state="initial"><source>Fermer.</source><target>Fermer.</target>
   </segment></unit>
  <unit id="empty"><segment state="initial"><source>Ouvrir.</source><target/></segment></unit>
  <unit id="none"><segment state="initial"><source>Quitter.</source></segment></unit>
  <unit id="done"><segment state="translated"><source>Aide</source><target>Help</target>
   </segment></unit>
 </file>
</xliff>
"""


def chosen(text: str, name: str, retranslate: str) -> list[str]:
    return [c.unit.id for c in read_xliff(text.encode(), name, retranslate=retranslate).chosen]


def test_an_initial_segment_with_a_target_of_its_own_is_a_draft_kept_unless_fuzzy_asked():
    # before, "draft" was chosen without --retranslate: a translator's draft was overwritten
    assert chosen(XLIFF_20, "a.xlf", "none") == ["copy", "empty", "none"]
    assert chosen(XLIFF_20, "a.xlf", "fuzzy") == ["draft", "copy", "empty", "none"]
    assert chosen(XLIFF_20, "a.xlf", "all") == ["draft", "copy", "empty", "none", "done"]


def test_an_initial_segment_gives_no_training_pair_whatever_its_target(tmp_path):
    path = tmp_path / "a.xlf"
    path.write_text(XLIFF_20, encoding="utf-8")
    assert list(read_pairs(str(path), ("fr", "en"))) == [("Aide", "Help")]
