"""Writes nmt_cli/protect/functions.tsv: LibreOffice Calc's function names, English and French.

The names come from LibreOffice 7.4.7's French interface catalogues as Debian 12 ships them
(package ``libreoffice-l10n-fr``; ../shared/data/software/libreoffice-ui-fr/, see its README):
``for.po``, the built-in functions (msgctxt ``RID_STRLIST_FUNCTION_NAMES``), and ``sca.po``, the
add-in functions (msgctxt ``*_FUNCNAME_*``); msgid the English name, msgstr the French. The
error values (``#DIV/0!``) are no function's name and are left out. Licence: MPL-2.0, as
LibreOffice's; the table's header says so.

    python tests/benchmarks/function_names.py [--data ../shared/data] [--check]

With ``--check``, writes nothing and exits 1 where the shipped table differs from the
catalogues'. Not a test: it reads the shared data.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parents[2] / "nmt_cli/protect/functions.tsv"
CATALOGUES = {"for.po": r"RID_STRLIST_FUNCTION_NAMES", "sca.po": r"_FUNCNAME_"}
HEADER = """\
# LibreOffice Calc's function names, English and French, one function a line.
# From LibreOffice 7.4.7's French interface catalogues as Debian 12 ships them
# (libreoffice-l10n-fr): for.po (msgctxt RID_STRLIST_FUNCTION_NAMES) and sca.po (*_FUNCNAME_*).
# Licence: MPL-2.0 (LibreOffice's). Written by tests/benchmarks/function_names.py.
"""
_ENTRY = re.compile(r'msgctxt "([^"]*)"\nmsgid "([^"]*)"\nmsgstr "([^"]*)"')
_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:[._][A-Z0-9]+)*")


def names(catalogues: Path) -> dict[str, str]:
    """{English name: French name} of every function the catalogues name, sorted."""
    found: dict[str, str] = {}
    for file, context in CATALOGUES.items():
        text = (catalogues / file).read_text(encoding="utf-8")
        for ctxt, english, french in _ENTRY.findall(text):
            if re.search(context, ctxt) and _NAME.fullmatch(english) and _NAME.fullmatch(french):
                if found.setdefault(english, french) != french:
                    raise SystemExit(f"{english}: named {found[english]} and {french}")
    return dict(sorted(found.items()))


def table(catalogues: Path) -> str:
    rows = "".join(f"{en}\t{fr}\n" for en, fr in names(catalogues).items())
    return f"{HEADER}en\tfr\n{rows}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=TABLE.parents[3] / "shared/data")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    written = table(args.data / "software/libreoffice-ui-fr")
    if args.check:
        same = TABLE.read_text(encoding="utf-8") == written
        print("the table is the catalogues'" if same else f"{TABLE} differs from the catalogues'")
        sys.exit(0 if same else 1)
    TABLE.write_text(written, encoding="utf-8")
    print(f"{TABLE}: {written.count(chr(10)) - HEADER.count(chr(10)) - 1} functions")


if __name__ == "__main__":
    main()
