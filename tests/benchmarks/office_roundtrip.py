"""Office documents through `nmt translate` and back into LibreOffice: each document is
translated (by a model, or by a made-up translation that upper-cases every word, which needs
none), written, and converted by LibreOffice headless to PDF and to plain text; a file that
LibreOffice cannot open, or whose text lacks a translated paragraph, is a failure.

    python tests/benchmarks/office_roundtrip.py                      # the fixtures, upper-cased
    python tests/benchmarks/office_roundtrip.py --model fr-en a.docx b.pptx c.odt

Needs LibreOffice (Debian: libreoffice-writer-nogui, libreoffice-impress-nogui) and the office
extra. Not a test: it starts LibreOffice once per file. Prints one line per file and the count
of failures; exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from markup_fixtures import word_for_word  # noqa: E402
from office_fixtures import deck_pptx, report_docx, report_odt  # noqa: E402

from nmt_cli.documents.registry import format_for  # noqa: E402


def translated(path: Path, model: str | None) -> tuple[bytes, list[tuple[str, str]]]:
    """The translated file's bytes, and (source, translation) of its texts."""
    fmt = format_for(str(path), None)
    document = fmt.read(path.read_bytes(), str(path))
    sources = document.sources()
    if model is None:
        found = word_for_word(sources)
        return document.render(found, "en", print), [(s, t.text) for s, t in zip(sources, found)]
    from nmt_cli.documents.translate import translate_document
    from nmt_cli.inference.options import LoadOptions
    from nmt_cli.inference.translator import Translator

    translator = Translator.load(LoadOptions(model, threads=2))
    data = translate_document(translator, document, fmt)
    return data, list(zip(sources, fmt.read(data, str(path)).sources()))


def libreoffice(path: Path, to: str, out: Path) -> Path | None:
    """``path`` converted to ``to`` (pdf, txt) by LibreOffice headless; None: it failed."""
    profile = out / "profile"
    command = [
        "soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
        "--convert-to", to, "--outdir", str(out), str(path),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    result = out / f"{path.stem}.{to.split(':')[0]}"
    return result if done.returncode == 0 and result.exists() and result.stat().st_size else None


def words_in(path: Path | None) -> set[str]:
    return set() if path is None else set(path.read_text("utf-8", errors="replace").split())


def words(text: str) -> set[str]:
    """The words of a text, a code run's stand-in aside."""
    return set(text.replace("\ue000", " ").split())


def check(path: Path, model: str | None, work: Path) -> str | None:
    """Why ``path``'s translation fails in LibreOffice; None: it opens with its text."""
    data, texts = translated(path, model)
    out = work / "out" / path.name
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(data)
    if libreoffice(out, "pdf", out.parent) is None:
        return "LibreOffice could not convert it to PDF"
    if path.suffix == ".pptx":  # Impress exports no plain text
        return None
    seen = words_in(libreoffice(path, "txt:Text", work / "source"))
    shown = words_in(libreoffice(out, "txt:Text", out.parent))
    # each translated word of a text LibreOffice shows in the source (not in frames or notes,
    # which its text export leaves out) is in the output's text
    lost = [(s, t) for s, t in texts if words(s) <= seen and not words(t) <= shown]
    if lost:
        return f"{len(lost)} translations not in LibreOffice's text, e.g. {lost[0][1]!r}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--model", help="translate with this model (default: upper-cased)")
    args = parser.parse_args()
    if shutil.which("soffice") is None:
        print("office_roundtrip: soffice not found (apt-get install libreoffice-writer-nogui)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        files = args.files
        if not files:
            for name, data in (
                ("report.docx", report_docx()),
                ("deck.pptx", deck_pptx()),
                ("report.odt", report_odt()),
            ):
                (work / name).write_bytes(data)
                files.append(work / name)
        failures = 0
        for path in files:
            start = time.perf_counter()
            why = check(path, args.model, work)
            failures += why is not None
            seconds = time.perf_counter() - start
            print(f"{path.name}\t{'FAILED: ' + why if why else 'ok'}\t{seconds:.1f} s")
        print(f"office_roundtrip: {len(files)} files, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
