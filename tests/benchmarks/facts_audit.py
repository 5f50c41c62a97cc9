"""Facts through ``nmt translate -m fr-en``: LibreOffice's French interface strings and help
paragraphs as plain lines, each checked for what it must carry through unchanged.

    python tests/benchmarks/facts_audit.py [--work /tmp/facts-audit] [--ui 400] [--help-lines 300]
        [--seed 21] [--checkout DIR] [--hyp FILE] [--show 40] [--no-model-memory]

The audit set (fixed by ``--seed``), from the development split's data (software_split.py):

- ``ui``: of the one-line French msgstrs (mnemonic markers removed, lines of a string of several
  lines each on its own) of ``cui.po``, ``fps.po``, ``sb.po``, ``sm.po`` and ``vcl.po``, those
  holding a digit, a placeholder, a URL, a path, a tag or an entity, quotes, brackets, a
  capitalised word inside a sentence or a symbol: a sample of ``--ui``;
- ``help``: the French paragraphs, headings, list items and cells of help pages of the
  ``sbasic`` and ``smath`` modules taken in a seeded random order, whole pages, until
  ``--help-lines`` (the help tarball is unpacked under ``--work``, never into the repository).

Each line is translated by ``python -m nmt_cli translate -m fr-en`` run from ``--checkout``
(default: this one; ``--hyp`` reads a translation made before instead; ``--no-model-memory``:
without the model's translation memory, which holds more than half of the interface lines, so
that the model and the protection are what is measured) and checked:

    spans     every protected span of the source (SpanFinder(language="fr").find; a menu path's
              labels are translated, so only its arrows and its placeholders count, and so are
              words in angle brackets, protect/tags.py: <Aucun fichier>) is in the
              translation as many times as in the source, as written or as numbers.py converts
              it (French 1 234,5 -> 1,234.5, Maj -> Shift)
    digits    every run of digits of the source is in the translation (as many times)
    brackets  (), [] and {} opened minus closed as in the source; quotes: a source whose
              quotation marks pair up gives a translation whose marks pair up, as many pairs
    leaks     no placeholder text in the translation: ``<ph``, or a number from 101 to 199
              (the fallback placeholders) that the source does not hold
    fffd      no U+FFFD

Prints the figures (lines checked, lines failing each check, per part), the failing lines with
their English reference (``--show`` of them), and writes ``audit.fr``, ``audit.ref``,
``audit.hyp`` and ``failures.tsv`` under ``--work``. Not a test: a few minutes on a CPU. Skips,
saying so, where ``../shared`` (the data) is absent.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tarfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOFTWARE = ROOT.parent / "shared" / "data" / "software"
CHECKS = ("spans", "digits", "brackets", "leaks", "fffd")
HELP_MODULES = ("sbasic", "smath")
# what makes an interface string worth auditing (a placeholder: format_strings.NEEDS below)
_WORTH = re.compile(
    r"\d|://|www\.|[/\\]|<\w|&\w+;|[«»“”\"()\[\]{}]"
    r"|(?<=[a-zà-ÿ,;:] )[A-ZÀ-Ý][\w-]*"  # a capitalised word after a small one
    r"|[^\w\s.,;:!?'’…\-–—]"  # a symbol
)


def interface_lines(seed: int, count: int) -> list[tuple[str, str]]:
    """(French, English) of a seeded sample of ``count`` of the split's interface lines worth
    auditing."""
    from software_split import catalogue_pairs, dev_catalogues, unique_by_source

    from nmt_cli.protect import format_strings

    placeholder = re.compile(format_strings.NEEDS)
    pairs = unique_by_source(
        p for path in dev_catalogues(SOFTWARE / "libreoffice-ui-fr") for p in catalogue_pairs(path)
    )
    worth = [(fr, en) for fr, en in pairs if _WORTH.search(fr) or placeholder.search(fr)]
    chosen = sorted(random.Random(seed).sample(range(len(worth)), min(count, len(worth))))
    return [worth[i] for i in chosen]


def help_lines(work: Path, seed: int, count: int) -> list[tuple[str, str]]:
    """(French, English) paragraphs of help pages of ``HELP_MODULES`` in a seeded order, whole
    pages, until ``count``; the English: the same page's element of the same id."""
    from software_split import id_texts

    tree = work / "help"
    if not (tree / "fr").is_dir():
        with tarfile.open(SOFTWARE / "libreoffice-help-en-fr.tar.xz", "r:xz") as tar:
            tar.extractall(tree, filter="data")
    pages = sorted(
        p.relative_to(tree / "fr")
        for module in HELP_MODULES
        for p in (tree / "fr" / "text" / module).rglob("*.html")
    )
    random.Random(seed).shuffle(pages)
    lines: dict[str, str] = {}
    for page in pages:
        french = id_texts((tree / "fr" / page).read_text(encoding="utf-8"))
        english_page = tree / "en-US" / page
        english = (
            id_texts(english_page.read_text(encoding="utf-8")) if english_page.exists() else {}
        )
        for ident, fr in french.items():
            if fr and re.search(r"[^\W\d_]", fr) and fr != english.get(ident):
                lines.setdefault(fr, english.get(ident, ""))
        if len(lines) >= count:
            break
    return list(lines.items())[:count]


def _count(text: str, wanted: str) -> int:
    """How many times ``wanted`` stands in ``text``: not inside a longer word or number, and a
    run of symbols (``=``, ``(``) apart, maybe in brackets or quotes (``(~)``, ``« ) »``), not
    inside ``i=`` or ``(+)``."""
    if not any(c.isalnum() for c in wanted):
        pattern = rf"(?<![^\s(\[«“\"']){re.escape(wanted)}(?![^\s)\]»”\"'.,;:!?])"
    else:
        before = r"(?<![\w])" if wanted[0].isalnum() else ""
        after = r"(?![\w])" if wanted[-1].isalnum() else ""
        pattern = before + re.escape(wanted) + after
    return len(re.findall(pattern, text))


def expected_spans(source: str, finder) -> dict[str, tuple[int, bool]]:
    """{text: (times, at least)}: the texts the translation must hold for the protected spans
    of ``source``, as many times as the source holds the span's own text (that text may stand
    outside a span too: ``E+`` and ``E``); at least that many for a word of letters only (a key's
    name, a letter: ``Entrée`` gives ``Enter``, which the translation may use as a verb too)."""
    from nmt_cli.protect import format_strings
    from nmt_cli.protect.menus import menu_parts
    from nmt_cli.protect.numbers import convert
    from nmt_cli.protect.tags import is_tag

    wanted: dict[str, str] = {}  # the text the translation shows: the source's
    for span in finder.find(source):
        if span.kind == "bracketed" or (span.kind == "markup" and not is_tag(span.text, source)):
            continue  # words in angle brackets, translated: <Aucun fichier>
        if span.kind == "menu":  # its labels translated: their placeholders, its arrows
            texts = [m[0] for m in re.finditer(format_strings.PATTERN, span.text)]
            texts += [arrow.strip() for arrow in menu_parts(span.text)[1]]
            wanted.update((t, t) for t in texts)
        else:
            wanted[convert(span.text, span.kind, "fr", "en")] = span.text
    return {
        out: (max(1, _count(source, text)), out.isalpha() and out != text)
        for out, text in wanted.items()
    }


def _quotes(text: str) -> tuple[bool, int]:
    """Whether the quotation marks of ``text`` pair up, and how many pairs."""
    opened, closed = text.count("«") + text.count("“"), text.count("»") + text.count("”")
    straight = text.count('"')
    return opened == closed and straight % 2 == 0, opened + straight // 2


def failures(source: str, output: str, finder) -> dict[str, str]:
    """{check: what failed} of one line (CHECKS)."""
    failed = {}
    lost = [
        f"{w!r} {_count(output, w)}/{n}"
        for w, (n, at_least) in expected_spans(source, finder).items()
        if _count(output, w) < n or _count(output, w) > n and not at_least
    ]
    if lost:
        failed["spans"] = ", ".join(lost)
    digits_in, digits_out = Counter(re.findall(r"\d+", source)), Counter(re.findall(r"\d+", output))
    if missing := [d for d, n in digits_in.items() if digits_out[d] < n]:
        failed["digits"] = " ".join(missing)
    unbalanced = [
        f"{a}{b}"
        for a, b in ("()", "[]", "{}")
        if source.count(a) - source.count(b) != output.count(a) - output.count(b)
    ]
    paired, pairs = _quotes(source)
    if paired and _quotes(output) != (True, pairs):
        unbalanced.append("quotes")
    if unbalanced:
        failed["brackets"] = " ".join(unbalanced)
    leaked = [d for d in re.findall(r"\d+", output) if 101 <= int(d) <= 199 and d not in digits_in]
    if "<ph" in output or leaked:
        failed["leaks"] = " ".join(leaked) or "<ph"
    if "\ufffd" in output:
        failed["fffd"] = "U+FFFD"
    return failed


def report(rows: list[tuple[str, str, str, str, dict[str, str]]], show: int) -> None:
    """Print the figures per part and the first ``show`` failing lines."""
    for part in ("ui", "help", "all"):
        mine = [r for r in rows if part in ("all", r[0])]
        figures = ", ".join(f"{c} {sum(c in r[4] for r in mine)}" for c in CHECKS)
        print(f"{part:5} {len(mine)} lines, {sum(bool(r[4]) for r in mine)} failing: {figures}")
    for part, src, ref, hyp, failed in [r for r in rows if r[4]][:show]:
        print(f"\n[{part}] {'; '.join(f'{c}: {w}' for c, w in failed.items())}")
        print(f"  fr  {src}\n  ref {ref}\n  hyp {hyp}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/facts-audit"))
    parser.add_argument("--ui", type=int, default=400, help="interface lines")
    parser.add_argument("--help-lines", type=int, default=300, help="help paragraphs")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    parser.add_argument("--hyp", type=Path, help="a translation of audit.fr made before")
    parser.add_argument("--show", type=int, default=40, help="failing lines printed")
    parser.add_argument(
        "--no-model-memory",
        action="store_true",
        help="without the model's memory (most interface lines are in it): the model and the "
        "protection alone; writes audit.no-memory.hyp, failures.no-memory.tsv",
    )
    args = parser.parse_args()
    if not SOFTWARE.is_dir():
        print(f"facts_audit.py: skipped: no data at {SOFTWARE} (../shared is absent)")
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from placeholders_kept import translate

    from nmt_cli.protect.spans import SpanFinder

    args.work.mkdir(parents=True, exist_ok=True)
    parts = [("ui", p) for p in interface_lines(args.seed, args.ui)]
    parts += [("help", p) for p in help_lines(args.work, args.seed, args.help_lines)]
    sources = [fr for _, (fr, _) in parts]
    (args.work / "audit.fr").write_text("".join(f"{s}\n" for s in sources), encoding="utf-8")
    (args.work / "audit.ref").write_text("".join(f"{en}\n" for _, (_, en) in parts), "utf-8")
    suffix = ".no-memory" if args.no_model_memory else ""
    if args.hyp:
        outputs = args.hyp.read_text(encoding="utf-8").split("\n")[: len(sources)]
    else:
        options = ["--no-model-memory"] if args.no_model_memory else []
        outputs = translate(sources, args.checkout, ["-m", "fr-en", *options])
        (args.work / f"audit{suffix}.hyp").write_text("".join(f"{o}\n" for o in outputs), "utf-8")
    finder = SpanFinder(language="fr")
    rows = [
        (part, fr, en, hyp, failures(fr, hyp, finder))
        for (part, (fr, en)), hyp in zip(parts, outputs)
    ]
    with (args.work / f"failures{suffix}.tsv").open("w", encoding="utf-8") as tsv:
        for n, (part, fr, en, hyp, failed) in enumerate(rows, 1):
            for check, what in failed.items():
                tsv.write(f"{n}\t{part}\t{check}\t{what}\t{fr}\t{hyp}\t{en}\n")
    report(rows, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
