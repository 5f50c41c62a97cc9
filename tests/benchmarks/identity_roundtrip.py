"""The identity round trip over real files: each file read as `nmt translate -i FILE` reads it,
each of its texts given back unchanged, and what it writes compared with the file.

    python tests/benchmarks/identity_roundtrip.py md,html,xml,json,po,properties,srt \\
        --root /usr/share --root "$VIRTUAL_ENV/lib" [--cap 300] [--show 5]

For each extension, at most ``--cap`` files found under the roots (a seeded draw; links and files
over 2 MB left out), each put in one class:

- same         the output is the file, byte for byte
- same-text    it is the file but for what a text document is written with (read_whole): no
               byte order mark, LF line ends, a final line break
- differs      anything else (an office package: any entry of its zip that differs; a
               catalogue with untranslated entries, which the texts given back fill)
- refused      one error, as `nmt translate` would print it (a JSON file that is not i18n-shaped,
               a page that is not UTF-8)
- failed       any other exception: a traceback a user would have seen

It prints the counts per format and, with ``--show``, the first files of each class but
``same`` with the first line that differs or the error. Not a test: the files are the
machine's, not the project's; a localization format's own files are few there (tests/l10n/
holds LibreOffice's, which the tests round-trip).
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import random
import sys
import traceback
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nmt_cli.documents.document import Layout, read_document  # noqa: E402
from nmt_cli.documents.options import DocumentOptions  # noqa: E402
from nmt_cli.documents.registry import format_for  # noqa: E402
from nmt_cli.errors import InputError  # noqa: E402
from nmt_cli.inference.translation import Translation  # noqa: E402

LARGEST = 2_000_000


def files(roots: list[Path], extension: str, cap: int) -> list[Path]:
    """At most ``cap`` files under ``roots`` whose name ends in ``.extension``, drawn with a
    fixed seed."""
    found = [
        Path(d) / f
        for root in roots
        for d, _, names in os.walk(root)
        for f in names
        if f.lower().endswith(f".{extension}")
    ]
    found = [p for p in found if p.is_file() and not p.is_symlink() and p.stat().st_size < LARGEST]
    random.Random(0).shuffle(found)
    return sorted(found[:cap])


def given_back(texts: list[str]) -> list[Translation]:
    """Each text as its own translation, its words linked one to one."""
    return [
        Translation(t, t, 0.0, alignment=[(k, k) for k in range(len(t.split()))]) for t in texts
    ]


def as_text_documents_write(data: bytes) -> bytes:
    data = data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")
    return data if not data or data.endswith(b"\n") else data + b"\n"


def first_difference(a: bytes, b: bytes) -> str:
    lines = difflib.unified_diff(
        a.decode("utf-8", "replace").splitlines(), b.decode("utf-8", "replace").splitlines(), n=0
    )
    changed = [x for x in lines if x[:1] in "+-" and not x.startswith(("+++", "---"))]
    return " | ".join(x[:100] for x in changed[:2])


def round_trip(path: Path) -> tuple[str, str, str]:
    """(format, class, what to show) of one file."""
    try:
        fmt = format_for(str(path), None)
    except InputError as e:
        return "-", "refused", str(e)
    if fmt is None:
        return "text", "same", ""  # plain lines: nothing is rendered
    options = {k: getattr(DocumentOptions(), k) for k in fmt.options}
    try:
        document, _, layout = read_document(fmt, str(path), options)
        out = document.render(given_back(document.sources()), None, lambda message: None)
    except InputError as e:
        return fmt.name, "refused", str(e).splitlines()[0]
    except Exception:  # noqa: BLE001 (what a user would have seen as a traceback)
        return fmt.name, "failed", traceback.format_exc().splitlines()[-1]
    data = path.read_bytes()
    layout = layout or Layout()
    written = out if isinstance(out, bytes) else layout.encoding.encode(layout.text(out))
    if written == data:
        return fmt.name, "same", ""
    if fmt.binary and written[:2] == data[:2] == b"PK":
        a, b = zipfile.ZipFile(io.BytesIO(data)), zipfile.ZipFile(io.BytesIO(written))
        entries = {i.filename: a.read(i) for i in a.infolist()}
        if entries == {i.filename: b.read(i) for i in b.infolist()}:
            return fmt.name, "same", ""
        return fmt.name, "differs", "an entry of the package"
    if not fmt.binary and as_text_documents_write(written) == as_text_documents_write(data):
        return fmt.name, "same-text", ""
    return fmt.name, "differs", first_difference(data, written)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extensions", help="comma-separated, without dots: md,html,po")
    parser.add_argument("--root", type=Path, action="append", required=True)
    parser.add_argument("--cap", type=int, default=300, help="files drawn per extension")
    parser.add_argument("--show", type=int, default=0, help="files shown per class")
    args = parser.parse_args()
    classes = ("same", "same-text", "differs", "refused", "failed")
    counts: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(classes, 0))
    shown: dict[tuple[str, str], int] = defaultdict(int)
    for extension in args.extensions.split(","):
        for path in files(args.root, extension, args.cap):
            name, found, what = round_trip(path)
            counts[f".{extension} ({name})"][found] += 1
            if found != "same" and shown[extension, found] < args.show:
                shown[extension, found] += 1
                print(f"{found}: {path}: {what}")
    print(f"{'files':24}" + "".join(f"{c:>11}" for c in classes))
    for key, row in counts.items():
        print(f"{key:24}" + "".join(f"{row[c]:>11}" for c in classes))
    return 1 if any(row["failed"] for row in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
