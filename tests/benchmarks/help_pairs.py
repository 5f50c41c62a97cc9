"""LibreOffice's help pages as French-English sentence pairs (issue 51, item 2).

The help ships as two trees of the same pages, ``en-US/text/**.html`` and ``fr/text/**.html``
(``../shared/data/software/libreoffice-help-en-fr.tar.xz``, MPL-2.0: README there). A
paragraph, heading, list item or table cell with text carries an ``id``, the same in both
languages; this pairs the two pages' elements by that id:

- an element's text is its words (its inline elements' text included, white space collapsed);
  an element with an id'd element of these kinds inside is left to those;
- a pair with an empty side (or no letter) is dropped, and so is one whose French side is still
  English (the French tree keeps some texts untranslated): a French side equal to the English
  one of four words or more, or one that holds more English function words than French ones;
- pairs are de-duplicated (the same French and English text once);
- identical pairs of one to three words are names and codes (``LibreOffice``, ``SUM``,
  ``%PRODUCTNAME Calc``): a model must learn to copy them, but not to copy everything, so a
  share of them is kept: at most ``--identical-share`` (default 2%) of the pairs written,
  drawn by ``--seed``.

Writes ``French TAB English`` lines, in the pages' order (paths sorted), and the counts on
stderr. Reads an extracted archive (``--help-dir``) or the archive itself (extracted to a
temporary directory, removed after); data is never committed.

    python tests/benchmarks/help_pairs.py --out /tmp/help.fr-en.tsv
    python tests/benchmarks/help_pairs.py --help-dir /tmp/lohelp --out /tmp/help.fr-en.tsv

Needs lxml (the ``documents`` extra).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

from lxml import html

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "software"
ARCHIVE = SHARED / "libreoffice-help-en-fr.tar.xz"
TEXT_TAGS = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Function words of each language: a French side with more English ones is still English.
ENGLISH = frozenset(
    "the and of to is are you your for in on with this that which not by or an be can from "
    "it as at if when will has have then there these those all into".split()
)
FRENCH = frozenset(
    "le la les des du de un une et est sont vous votre pour dans sur avec ce cette qui que "
    "pas au aux par ou être peut lorsque si puis il elle ces tous".split()
)


def texts_by_id(path: Path) -> dict[str, str]:
    """id -> text of the page's paragraphs, headings, list items and table cells with an id
    (an element holding another such element left to it)."""
    root = html.parse(str(path)).getroot()
    found = {}
    tags = " or ".join(f"self::{t}" for t in TEXT_TAGS)
    for element in root.xpath(f"//*[({tags}) and @id]"):
        if element.xpath(f".//*[({tags}) and @id]"):
            continue
        text = " ".join(element.text_content().split())
        found.setdefault(element.get("id"), text)
    return found


def still_english(french: str, english: str) -> bool:
    """Whether the French side is the English text left untranslated (see above)."""
    words = _WORD.findall(french)  # as written: a capital If, Then, With is a code's keyword
    if french == english and len(words) >= 4:
        return True
    en = sum(w in ENGLISH for w in words)
    fr = sum(w in FRENCH for w in words)
    return en >= 2 and en > fr


def is_name(french: str, english: str) -> bool:
    """An identical pair of one to three words: a name or a code."""
    return french == english and 1 <= len(french.split()) <= 3


def page_pairs(en_root: Path, fr_root: Path, counts: Counter) -> list[tuple[str, str]]:
    """(French, English) of every element id both trees' pages hold, the pages in path order."""
    out = []
    for en_page in sorted(en_root.rglob("*.html")):
        fr_page = fr_root / en_page.relative_to(en_root)
        if not fr_page.is_file():
            counts["pages only in English"] += 1
            continue
        counts["pages paired"] += 1
        english, french = texts_by_id(en_page), texts_by_id(fr_page)
        counts["ids in one language only"] += len(english.keys() ^ french.keys())
        for key, en_text in english.items():
            if key in french:
                out.append((french[key], en_text))
    counts["pages only in French"] = sum(
        1 for p in fr_root.rglob("*.html") if not (en_root / p.relative_to(fr_root)).is_file()
    )
    return out


def select(pairs, counts: Counter, identical_share: float, seed: int) -> list[tuple[str, str]]:
    """The pairs kept (see above), counted by what dropped the others."""
    seen, kept, names = set(), [], []
    for fr, en in pairs:
        counts["element pairs"] += 1
        if not any(c.isalpha() for c in fr) or not any(c.isalpha() for c in en):
            counts["dropped: a side with no letter"] += 1
        elif (fr, en) in seen:
            counts["dropped: duplicate"] += 1
        elif is_name(fr, en):
            names.append(len(kept))
            kept.append((fr, en))
        elif still_english(fr, en):
            counts["dropped: French side still English"] += 1
        else:
            kept.append((fr, en))
        seen.add((fr, en))
    others = len(kept) - len(names)
    allowed = (
        int(identical_share * others / (1 - identical_share)) if identical_share < 1 else len(names)
    )
    chosen = set(random.Random(seed).sample(names, min(allowed, len(names))))
    counts["identical names and codes found"] = len(names)
    counts["identical names and codes kept"] = len(chosen)
    names_left = set(names) - chosen
    return [pair for k, pair in enumerate(kept) if k not in names_left]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--help-dir", type=Path, help="the extracted archive (en-US/, fr/)")
    parser.add_argument("--archive", type=Path, default=ARCHIVE)
    parser.add_argument("--out", type=Path, required=True, help="French TAB English lines")
    parser.add_argument("--identical-share", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = args.help_dir
        if root is None:
            with tarfile.open(args.archive) as tar:
                tar.extractall(tmp, filter="data")
            root = Path(tmp)
        counts: Counter = Counter()
        pairs = page_pairs(root / "en-US" / "text", root / "fr" / "text", counts)
    kept = select(pairs, counts, args.identical_share, args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        for fr, en in kept:
            f.write(f"{fr.replace(chr(9), ' ')}\t{en.replace(chr(9), ' ')}\n")
    counts["pairs written"] = len(kept)
    for what, n in counts.items():
        print(f"{what}: {n:,}", file=sys.stderr)


if __name__ == "__main__":
    main()
