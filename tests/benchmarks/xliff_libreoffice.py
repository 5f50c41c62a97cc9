"""XLIFF 1.2 and 2.0 through `nmt translate`, measured on LibreOffice's French interface strings.

The units of the slow test (tests/test_documents_xliff.py): 210 French msgstr texts and 12
plurals of ../shared/data/software/libreoffice-ui-fr/, written by tests/l10n/make_fixtures.py
as an XLIFF file of each version (placeholders and line breaks as inline codes, a paired code
in some plain strings, access keys as ``~``, some units translated, approved or
translate="no"), translated by `nmt translate -i app.xlf -o out.xlf` as a user would. Prints,
per version: units, units given a target, the problems of validation against the OASIS schema
and the 2.0 rules it leaves out (tests/xliff_check.py), units whose codes are all kept, units
whose one access key comes out once, targets that differ from their source; and for the units
with one placeholder whose English msgid has it too, how many put it between the same
neighbouring words as the English reference (or at the same end); and the seconds each run took.

    python tests/benchmarks/xliff_libreoffice.py [--model fr-en]

Not a test: it loads a model and its figures depend on it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lxml import etree

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from l10n import make_fixtures as make  # noqa: E402
from xliff_check import codes, problems  # noqa: E402

from nmt_cli.documents.xliff import read_xliff  # noqa: E402
from nmt_cli.formats.xliff import read_units  # noqa: E402
from nmt_cli.protect.mnemonics import find_mnemonic  # noqa: E402

ARG = r"\$\(ARG\d\)|\$\d\$|%\d|\$\d"
AT_SCALE = {"mnemonic": 60, "placeholder": 60, "lines": 30, "markup": 10, "plain": 50}


def neighbours(text: str) -> tuple[str | None, str | None]:
    """The words either side of the one NUL in ``text``, lower case."""
    left, _, right = text.partition("\0")
    before, after = re.findall(r"\w+", left.lower()), re.findall(r"\w+", right.lower())
    return (before[-1] if before else None, after[0] if after else None)


def placed(target: str, reference: str) -> bool | None:
    """Whether ``target``'s one placeholder (a code or the text ``%1``) has the neighbours the
    reference's has; None: not one placeholder on each side."""
    if len(re.findall(ARG, reference)) != 1:
        return None
    text = re.sub(r'<(?:ph|x)\b[^>]*?id="c\d+"[^>]*?(?:/>|>.*?</ph>)', "\0", target)
    text = re.sub(ARG, "\0", re.sub(r"<[^>]+>", " ", text))
    if text.count("\0") != 1:
        return None
    return neighbours(text) == neighbours(re.sub(ARG, "\0", reference))


def measure(source: bytes, out: bytes, version: str, references: dict[str, str]) -> dict:
    before = {u.id: u for u in read_units("in", source)}
    after = {u.id: u for u in read_units("out", out)}
    chosen = [c.unit.id for c in read_xliff(source, "in", retranslate="none").chosen]
    ns = f"urn:oasis:names:tc:xliff:document:{version}"

    def codes_of(content: str) -> list[str]:
        return codes(etree.fromstring(f'<t xmlns="{ns}">{content}</t>'))

    keyed = [u for u in chosen if find_mnemonic(before[u].source_text, "~").index is not None]
    places = [placed(after[u].target or "", references.get(u, "")) for u in chosen]
    return {
        "units": len(before),
        "given a target": len(chosen),
        "schema problems": len(problems(out)),
        "codes all kept": sum(
            codes_of(before[u].source) == codes_of(after[u].target or "") for u in chosen
        ),
        "with an access key": len(keyed),
        "its key once": sum(
            find_mnemonic(after[u].target_text or "", "~").index is not None for u in keyed
        ),
        "targets changed": sum(after[u].target_text != before[u].source_text for u in chosen),
        "one placeholder": sum(p is not None for p in places),
        "same neighbours": sum(p is True for p in places),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default=None, help="a model (default: the shipped one)")
    args = parser.parse_args()
    texts, plurals = make.entries(AT_SCALE, n_plurals=12)
    references = {key: en.replace("~", "") for key, _, en in texts}
    with tempfile.TemporaryDirectory() as folder:
        for version, name in (("1.2", "app.xlf"), ("2.0", "app.xliff")):
            source = make.xliff(texts, plurals, version).encode("utf-8")
            (Path(folder) / name).write_bytes(source)
            command = [
                sys.executable,
                "-m",
                "nmt_cli",
                "translate",
                "-i",
                name,
                "-o",
                f"out-{name}",
            ]
            command += ["-m", args.model] if args.model else []
            start = time.perf_counter()
            subprocess.run(command, cwd=folder, check=True)
            seconds = time.perf_counter() - start
            out = (Path(folder) / f"out-{name}").read_bytes()
            figures = measure(source, out, version, references)
            print(
                f"XLIFF {version}:",
                ", ".join(f"{k} {v}" for k, v in figures.items()),
                f"seconds {seconds:.1f}",
            )


if __name__ == "__main__":
    main()
