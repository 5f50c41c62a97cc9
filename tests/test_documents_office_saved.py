"""Office documents as LibreOffice 7.4 saved them (tests/office/: the fixtures of
office_fixtures.py opened and saved again as .docx, .odt and .pptx, with the styles, settings,
fonts, themes, layouts and metadata a real program writes): a translation that changes nothing
gives every entry byte-identical, and one that changes every word keeps each paragraph's looks."""

from __future__ import annotations

import io
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from markup_fixtures import Aligned, word_for_word

from nmt_cli.documents.office.runs import Link, Run
from nmt_cli.documents.registry import format_for

SAVED = sorted((Path(__file__).parent / "office").glob("libreoffice-*"))


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def looks(items) -> Counter:
    """The (key, code) of each run of a paragraph's items, links' runs with their link."""
    out: Counter = Counter()
    for item in items:
        if isinstance(item, Run):
            out[(item.key, item.code)] += 1
        elif isinstance(item, Link):
            out.update(looks(item.items))
    return out


def read(path: Path, data: bytes):
    return format_for(str(path), None).read(data, path.name)


@pytest.mark.parametrize("path", SAVED, ids=[p.name for p in SAVED])
def test_a_translation_that_changes_nothing_gives_every_entry_byte_identical(path):
    document = read(path, path.read_bytes())
    same = [Aligned(t, [(k, k) for k in range(len(t.split()))]) for t in document.sources()]
    assert entries(document.render(same, "en", print)) == entries(path.read_bytes())


@pytest.mark.parametrize("path", SAVED, ids=[p.name for p in SAVED])
def test_each_paragraph_keeps_the_looks_of_its_runs(path):
    document = read(path, path.read_bytes())
    out = document.render(word_for_word(document.sources()), "en", print)
    again = read(path, out)
    before = [looks(p.items) for part in document.parts for _, p in part.paragraphs]
    after = [looks(p.items) for part in again.parts for _, p in part.paragraphs]
    assert [set(x) for x in after] == [set(x) for x in before]
    assert again.sources() == [t.upper() for t in document.sources()]
