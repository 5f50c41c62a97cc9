"""Where placeholders land: LibreOffice's French interface strings with their English originals.

    python tests/benchmarks/placeholders_placed.py [--data ../shared/data] [--model fr-en]
        [--catalogues cui,fps,sb,sm,vcl]

Reads the one-line entries of LibreOffice's catalogues (data/software/libreoffice-ui-fr/*.po,
not fuzzy; ``--catalogues`` keeps those named, default all) whose French msgstr holds a format
string's placeholder (protect/format_strings.py), each once, with access keys removed from both
sides (protect/mnemonics.py), translates the French as plain lines with the model's defaults, and
for each placeholder that stands once in the source, the English msgid and the translation,
compares its neighbours: the word before it and the word after it (lower case, punctuation
stripped; the start or end of the line where it has none). It counts placeholders whose both
neighbours are the reference's ("same place"), and those with at least one ("next to the same
word"); and, to tell placement from wording, those whose translation (without the placeholder)
holds the reference's two neighbours side by side, where a placement could have put it
("placeable"), and how many of those it did. Not a test: a minute or two.

``--nbest K``: also counts the placeholders that at least one of the search's K best
translations puts in the same place (beam max(K, 5)): the most that choosing among the
hypotheses the search already finds could reach.

``--reference-words``: placement alone, the wording taken away. Each placeholder is taken out of
the English original and put back where the model likes it best: before or after each of the
original's words, the one the model's forced pass scores highest (``nmt score``'s, the French
and English both holding their placeholders as the reserved ``<ph0>``..., the others where the
original has them); counted as above. This is where the model would put a placeholder had it
written LibreOffice's own words.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import polib
from placeholders_kept import placeholders  # this folder's

from nmt_cli.inference.loading import load_model
from nmt_cli.inference.options import LoadOptions
from nmt_cli.inference.scoring import Scorer
from nmt_cli.inference.translator import Translator
from nmt_cli.protect.mnemonics import file_markers, strip_mnemonic
from nmt_cli.protect.spans import SpanFinder
from nmt_cli.search.options import SearchOptions

ROOT = Path(__file__).resolve().parents[2]
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def entries(data: Path, keep: set[str] | None, finder: SpanFinder) -> list[tuple[str, str]]:
    """(French, English) one-line entries whose French holds a placeholder, each French once."""
    seen, out = set(), []
    for path in sorted((data / "software" / "libreoffice-ui-fr").glob("*.po")):
        if keep and path.stem not in keep:
            continue
        po = polib.pofile(str(path))
        live = [e for e in po if e.msgstr and not e.obsolete and "fuzzy" not in e.flags]
        markers = file_markers([e.msgid for e in live], po.metadata.get("X-Accelerator-Marker"))
        for e in live:
            fr, en = e.msgstr, e.msgid
            for m in markers:
                fr, en = strip_mnemonic(fr, m), strip_mnemonic(en, m)
            if "\n" in fr or "\n" in en or fr in seen or not placeholders(finder, fr):
                continue
            seen.add(fr)
            out.append((fr, en))
    return out


def neighbours(text: str, span: str) -> tuple[str, str] | None:
    """The words before and after the one occurrence of ``span`` in ``text`` ("" at an end);
    None where it is not there exactly once."""
    if text.count(span) != 1:
        return None
    before, after = text.split(span)
    left, right = _WORD.findall(before), _WORD.findall(after)
    return (left[-1].lower() if left else "", right[0].lower() if right else "")


def placeable(text: str, span: str, ref: tuple[str, str]) -> bool:
    """Whether ``text`` without ``span`` has the words ``ref`` (before, after; "" an end) side
    by side: a place where the placeholder would have the reference's neighbours."""
    words = ["", *(w.lower() for w in _WORD.findall(text.replace(span, " "))), ""]
    left, right = ref
    for a, b in zip(words, words[1:]):
        if a == left and b == right and (a or b or len(words) == 2):
            return True
    return False


def masked(text: str, names: dict[str, str]) -> str:
    """``text`` with each placeholder of ``names`` (its text -> ``<phK>``) as its name, the
    longest first (a source with ``%1`` and ``%10``: ``%10`` is not read as ``%1`` and 0).
    Plain text replacement, not `nmt translate`'s masking: the reference has no span
    positions of its own, and only the format placeholders are masked."""
    for span in sorted(names, key=len, reverse=True):
        text = text.replace(span, names[span])
    return text


def places(en: str, span: str) -> list[str]:
    """``en`` with the white-space word that holds ``span`` moved before or after each of the
    others (every place but its own first, then its own): the candidates of placement alone."""
    words = en.replace(span, "\0").split(" ")  # a placeholder may hold a space: %SAVE IN SEL%
    at = next(k for k, w in enumerate(words) if "\0" in w)
    rest = words[:at] + words[at + 1 :]
    out = [" ".join(rest[:k] + [words[at]] + rest[k:]) for k in range(len(rest) + 1) if k != at]
    return [text.replace("\0", span) for text in [*out, en]]


def placed_by_model(scorer: Scorer, fr: str, en: str, span: str, spans: list[str]) -> str:
    """The candidate of ``places(en, span)`` the model scores highest, given ``fr``."""
    names = {s: f"<ph{k}>" for k, s in enumerate(dict.fromkeys(spans))}
    candidates = places(en, span)
    found = scorer.score([(masked(fr, names), masked(c, names)) for c in candidates])
    scores = [s.log_prob if s is not None else float("-inf") for s in found]
    return candidates[max(range(len(scores)), key=scores.__getitem__)]


def reference_words(pairs, finder: SpanFinder, model: str) -> None:
    """Placement alone (--reference-words): where the model puts each placeholder in the
    original's own words."""
    scorer = Scorer(load_model(LoadOptions(model)), split=False)
    counted = same = 0
    for fr, en in pairs:
        spans = placeholders(finder, fr)
        for span in spans:
            ref = neighbours(en, span)
            if ref is None or fr.count(span) != 1:
                continue
            counted += 1
            same += neighbours(placed_by_model(scorer, fr, en, span, spans), span) == ref
    print(f"{counted} placeholders once in source and reference, put in the reference's words")
    print(f"same place (both neighbours the reference's): {same} ({same / counted:.1%})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT.parents[0] / "shared" / "data")
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--catalogues", default="", help="comma-separated names (default: all)")
    parser.add_argument("--show", type=int, default=10, help="misplaced lines shown")
    parser.add_argument("--reference-words", action="store_true", help="placement alone")
    parser.add_argument("--nbest", type=int, default=1, help="the K best translations' oracle")
    args = parser.parse_args()
    finder = SpanFinder()
    keep = set(args.catalogues.split(",")) if args.catalogues else None
    pairs = entries(args.data, keep, finder)
    if args.reference_words:
        reference_words(pairs, finder, args.model)
        return 0
    search = SearchOptions(beam=max(args.nbest, 5), nbest=args.nbest) if args.nbest > 1 else None
    translator = Translator.load(LoadOptions(args.model), search or SearchOptions())
    found = translator.translate([fr for fr, _ in pairs])
    outputs = [nbest[0].text for nbest in found]
    counted = same = beside = could = placed = any_of = 0
    shown = 0
    for (fr, en), out, nbest in zip(pairs, outputs, found):
        for span in placeholders(finder, fr):
            ref, got = neighbours(en, span), neighbours(out, span)
            if ref is None or fr.count(span) != 1:
                continue
            counted += 1
            any_of += any(neighbours(t.text, span) == ref for t in nbest)
            if placeable(out, span, ref):
                could += 1
                placed += got == ref
            if got == ref:
                same += 1
            if got is not None and (got[0] == ref[0] or got[1] == ref[1]):
                beside += 1
            elif shown < args.show:
                print(f"  {span}: {en!r} -> {out!r}", file=sys.stderr)
                shown += 1
    print(f"{len(pairs)} lines, {counted} placeholders once in source, reference and output")
    print(f"same place (both neighbours the reference's): {same} ({same / counted:.1%})")
    print(f"next to the same word (at least one neighbour): {beside} ({beside / counted:.1%})")
    print(
        f"placeable (the translation holds both neighbours side by side): {could} "
        f"({could / counted:.1%}); of those placed there: {placed} ({placed / max(could, 1):.1%})"
    )
    if args.nbest > 1:
        print(f"same place in one of the {args.nbest} best: {any_of} ({any_of / counted:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
