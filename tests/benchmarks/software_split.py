"""The LibreOffice development split of issue 51, by a fixed rule, and the filter that keeps it
out of training.

The rule: of the sorted interface catalogues ``../shared/data/software/libreoffice-ui-fr/*.po``,
the ones at positions 5, 11, 17, 23 and 29 (counting from 0: every sixth by name, ``cui``,
``fps``, ``sb``, ``sm``, ``vcl``), and the help modules of the same applications
(``sbasic`` for ``sb``, ``smath`` for ``sm``; the other three have none) from
``libreoffice-help-en-fr.tar.xz``. Everything else in ``software/`` may be trained on.

Written to ``--out`` (French -> English, line k of ``.fr`` translated by line k of ``.en``):

- ``dev-ui-all.fr/.en``: every translated, non-fuzzy, non-obsolete entry of the five catalogues,
  French ``msgstr`` -> English ``msgid`` (a plural: ``msgstr[0]`` -> ``msgid``), mnemonic markers
  removed (the catalogue's marker, ``nmt_cli.protect.mnemonics``), a string of several lines
  split into its lines where both sides have as many (else dropped), empty sides dropped,
  de-duplicated by French source (the first kept);
- ``dev-ui.fr/.en``: a seeded sample of at most 1,000 of those whose French has two words or more;
- ``dev-help.fr/.en``: a seeded sample of at most 1,000 help paragraph pairs: in each page of
  the two modules, an element inside the page's text (``DisplayArea``) that carries an ``id``
  and holds no other element with one (a paragraph, heading, list item or table cell, not the
  block around them), paired with the same page's French element of the same ``id`` when both
  texts (white space collapsed) are non-empty and differ (a French text that equals the English
  was left untranslated); de-duplicated by French source; ``dev-help-all.fr/.en`` holds them all;
- ``heldout.txt``: the folded (``fold``) French and English texts of the whole split (its
  catalogues' strings of several lines also whole), one per line, sorted: what ``in_split``
  reads. With ``--hold measured``, only the texts that are measured: the ``dev-ui`` sample, every
  entry of the five catalogues that holds a format string's placeholder (on either side, lines
  and whole: what ``placeholders_placed.py`` and ``placeholders_kept.py`` read) and the
  ``dev-help`` sample; the catalogues' and help modules' other strings (``Annuler`` /
  ``Cancel``, ``Aide`` / ``Help``: the words every program's interface has) may then be trained
  on (software_corpus.py ``--dev-catalogues``), and figures on the split no longer tell a new
  program's catalogue from a known one's.

    python tests/benchmarks/software_split.py --out /tmp/software-split [--seed 51]
        [--hold catalogues|measured]

The training recipe drops every pair that ``in_split(source, target, read_heldout(path))``
finds. The output is data: it is not committed.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tarfile
import unicodedata
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import polib

from nmt_cli.protect import format_strings
from nmt_cli.protect.mnemonics import MARKERS, catalogue_marker, strip_mnemonic

SOFTWARE = Path(__file__).resolve().parents[3] / "shared" / "data" / "software"
POSITIONS = (5, 11, 17, 23, 29)
HELP_MODULES = {"sb": "sbasic", "sm": "smath"}  # catalogue -> its application's help module
SAMPLE = 1000
SPACES = re.compile(r"\s+")  # \s covers U+00A0, U+202F and U+2009 in str patterns


def fold(text: str) -> str:
    """``text`` as the split's filter compares it: NFC, white space collapsed to one space and
    trimmed, a mnemonic of any kind (``~``, ``_``, ``&``) removed, case folded.

    >>> fold("Mise à jo~ur...") == fold("MISE À JOUR...")
    True
    """
    text = SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()
    for marker in MARKERS:
        text = strip_mnemonic(text, marker)
    return text.casefold()


def in_split(src: str, tgt: str, folded: set[str] | frozenset[str]) -> bool:
    """Whether a training pair touches the development split: its source or its target, folded,
    is one of the split's folded texts (``read_heldout``)."""
    return fold(src) in folded or fold(tgt) in folded


def read_heldout(path: str | Path) -> frozenset[str]:
    """The folded texts ``heldout.txt`` holds."""
    return frozenset(Path(path).read_text(encoding="utf-8").splitlines())


def dev_catalogues(folder: Path = SOFTWARE / "libreoffice-ui-fr") -> list[Path]:
    """The catalogues of the split: positions ``POSITIONS`` of the sorted ``*.po``."""
    catalogues = sorted(folder.glob("*.po"))
    return [catalogues[i] for i in POSITIONS]


def _entry_sides(entry: polib.POEntry) -> tuple[str, str]:
    """(French, English) of an entry; a plural's first forms."""
    if entry.msgid_plural:
        return entry.msgstr_plural.get(0, ""), entry.msgid
    return entry.msgstr, entry.msgid


def catalogue_entries(path: Path) -> Iterator[tuple[str, str]]:
    """(French, English) of a catalogue's translated, non-fuzzy, non-obsolete entries, whole,
    the catalogue's mnemonic markers removed."""
    catalogue = polib.pofile(str(path), wrapwidth=0)
    entries = [
        e for e in catalogue if e.translated() and not e.obsolete and "fuzzy" not in e.flags
    ]
    marker = catalogue_marker(e.msgid for e in entries)
    for entry in entries:
        french, english = _entry_sides(entry)
        if marker:
            french, english = strip_mnemonic(french, marker), strip_mnemonic(english, marker)
        yield french, english


def catalogue_pairs(path: Path) -> Iterator[tuple[str, str]]:
    """(French, English) lines of a catalogue's entries (``catalogue_entries``): a string of
    several lines split into them where both sides have as many, else dropped; empty sides
    dropped."""
    for french, english in catalogue_entries(path):
        french_lines, english_lines = french.split("\n"), english.split("\n")
        if len(french_lines) != len(english_lines):
            continue
        for fr, en in zip(french_lines, english_lines):
            fr, en = fr.strip(), en.strip()
            if fr and en:
                yield fr, en


def unique_by_source(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``pairs`` with each source once (its first pair), in order."""
    seen: dict[str, str] = {}
    for src, tgt in pairs:
        seen.setdefault(src, tgt)
    return list(seen.items())


class _IdTexts(HTMLParser):
    """Texts of a page's innermost elements with an ``id`` inside ``DisplayArea``: {id: text}."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: dict[str, str] = {}
        # open elements: [tag, id or None, text parts, holds an element with an id]
        self.stack: list[list] = []
        self.area_depth: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        ident = dict(attrs).get("id")
        if ident == "DisplayArea":
            self.area_depth = len(self.stack)
        if ident and self.area_depth is not None and len(self.stack) > self.area_depth:
            for open_element in self.stack:
                open_element[3] = True
        self.stack.append([tag, ident, [], False])

    def handle_endtag(self, tag: str) -> None:
        # html.parser does not repair: close up to the matching tag, as a browser would
        while self.stack and tag in (e[0] for e in self.stack):
            open_tag, ident, parts, nested = self.stack.pop()
            inside = self.area_depth is not None and len(self.stack) > self.area_depth
            if ident and inside and not nested:
                self.texts.setdefault(ident, SPACES.sub(" ", "".join(parts)).strip())
            if self.stack:
                self.stack[-1][2].extend(parts)
            if self.area_depth is not None and len(self.stack) == self.area_depth:
                self.area_depth = None  # DisplayArea itself closed
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1][2].append(data)


def id_texts(html: str) -> dict[str, str]:
    """{id: text} of a help page's paragraphs, headings, list items and cells (``_IdTexts``)."""
    parser = _IdTexts()
    parser.feed(html)
    parser.close()
    return parser.texts


def help_pairs(archive: Path, modules: Iterable[str]) -> list[tuple[str, str]]:
    """(French, English) paragraph pairs of the help ``modules``, page by page in name order."""
    wanted = tuple(f"text/{m}/" for m in modules)
    pages: dict[str, dict[str, str]] = {}
    with tarfile.open(archive, "r:xz") as tar:
        for member in tar:
            lang, _, rest = member.name.partition("/")
            if member.isfile() and rest.startswith(wanted) and rest.endswith(".html"):
                html = tar.extractfile(member).read().decode("utf-8")
                pages[f"{lang}/{rest}"] = id_texts(html)
    pairs = []
    for name in sorted(p for p in pages if p.startswith("en-US/")):
        english = pages[name]
        french = pages.get("fr/" + name.partition("/")[2], {})
        for ident, en in english.items():
            fr = french.get(ident, "")
            if fr and en and fr != en:
                pairs.append((fr, en))
    return pairs


def sample(pairs: list[tuple[str, str]], count: int, seed: int) -> list[tuple[str, str]]:
    """At most ``count`` of ``pairs``, chosen by ``seed``, in their order."""
    if len(pairs) <= count:
        return list(pairs)
    chosen = sorted(random.Random(seed).sample(range(len(pairs)), count))
    return [pairs[i] for i in chosen]


def write_pairs(out: Path, name: str, pairs: list[tuple[str, str]]) -> None:
    (out / f"{name}.fr").write_text("".join(f + "\n" for f, _ in pairs), encoding="utf-8")
    (out / f"{name}.en").write_text("".join(e + "\n" for _, e in pairs), encoding="utf-8")


def build(
    out: Path, seed: int, software: Path = SOFTWARE, hold: str = "catalogues"
) -> dict[str, int]:
    """Write the split's files to ``out``; {file stem: pairs or lines}; ``hold``: what
    ``heldout.txt`` holds, the whole split (``catalogues``) or what is measured (``measured``)."""
    out.mkdir(parents=True, exist_ok=True)
    catalogues = dev_catalogues(software / "libreoffice-ui-fr")
    ui = unique_by_source(p for path in catalogues for p in catalogue_pairs(path))
    ui_sample = sample([p for p in ui if len(p[0].split()) >= 2], SAMPLE, seed)
    modules = [HELP_MODULES[c.stem] for c in catalogues if c.stem in HELP_MODULES]
    help_all = unique_by_source(help_pairs(software / "libreoffice-help-en-fr.tar.xz", modules))
    help_sample = sample(help_all, SAMPLE, seed)
    for name, pairs in (("dev-ui-all", ui), ("dev-ui", ui_sample),
                        ("dev-help-all", help_all), ("dev-help", help_sample)):
        write_pairs(out, name, pairs)
    # a string of several lines is held out whole too, as a reader that keeps it whole sees it
    whole = [p for path in catalogues for p in catalogue_entries(path) if "\n" in p[0] + p[1]]
    held = ui + whole
    if hold == "measured":
        entries = [p for path in catalogues for p in catalogue_entries(path)]
        held = ui_sample + [
            p for p in ui + entries if re.search(format_strings.PATTERN, p[0] + "\n" + p[1])
        ]
    held += help_sample if hold == "measured" else help_all
    folded = sorted({fold(text) for pair in held for text in pair} - {""})
    (out / "heldout.txt").write_text("".join(t + "\n" for t in folded), encoding="utf-8")
    print(f"catalogues: {' '.join(c.stem for c in catalogues)}; help: {' '.join(modules)}",
          file=sys.stderr)
    return {"dev-ui-all": len(ui), "dev-ui": len(ui_sample), "dev-help-all": len(help_all),
            "dev-help": len(help_sample), "heldout": len(folded)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder to write the split to")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--hold", choices=("catalogues", "measured"), default="catalogues",
                        help="what heldout.txt holds: the whole split, or what is measured")
    args = parser.parse_args()
    for name, size in build(args.out, args.seed, hold=args.hold).items():
        unit = "folded texts" if name == "heldout" else "pairs"
        print(f"{name}: {size:,} {unit}")


if __name__ == "__main__":
    main()
