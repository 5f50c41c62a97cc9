"""Access keys through `nmt translate`, measured on LibreOffice's French interface strings.

From the catalogues of ../shared/data/software/libreoffice-ui-fr/, every message on one line
whose French translation marks one access key (``Toutes les ~pages``) and whose English msgid
marks one too (``All ~Pages``, ``_Delete``), each French text once: a catalogue of those texts
as msgids (``X-Accelerator-Marker: ~``), translated by `nmt translate` as a user would. Prints:
how many translations have exactly one ``~``; among those whose words include the word the
English reference marks, how many have the key on that word; and the seconds it took.

    python tests/benchmarks/mnemonics_libreoffice.py --model fr-en [--write DIR]

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

import polib

CATALOGUES = Path(__file__).resolve().parents[3] / "shared/data/software/libreoffice-ui-fr"


def pairs() -> list[tuple[str, str]]:
    """(French text, English reference) of each one-line message with one key on both sides."""
    found, seen = [], set()
    for path in sorted(CATALOGUES.glob("*.po")):
        for e in polib.pofile(str(path)):
            fr, en = e.msgstr, e.msgid
            if e.msgid_plural or "\n" in fr or fr.count("~") != 1 or fr in seen:
                continue
            if re.search(r"[~_]\w", en):
                seen.add(fr)
                found.append((fr, en))
    return found


def _word(text: str) -> str:
    return re.sub(r"\W", "", text.replace("~", "")).lower()


def measure(found: list[tuple[str, str]], translated: dict[str, str]) -> tuple[int, int, int]:
    """(translations with one ~, those having the reference's marked word, key on that word)."""
    one = having = on_it = 0
    for fr, en in found:
        out = translated[fr]
        one += out.count("~") == 1
        marked = re.search(r"(\S*)[~_](\S*)", en)
        word = _word(marked.group(1) + marked.group(2)) if marked else ""
        if word and word in [_word(w) for w in out.split()]:
            having += 1
            keyed = [_word(w) for w in out.split() if "~" in w]
            on_it += bool(keyed) and keyed[0] == word
    return one, having, on_it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default="fr-en")
    parser.add_argument("--write", type=Path, help="keep the catalogue and its translation here")
    args = parser.parse_args()
    found = pairs()
    folder = args.write or Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    po = polib.POFile()
    po.metadata = {"Language": "fr", "Content-Type": "text/plain; charset=UTF-8"}
    po.metadata["X-Accelerator-Marker"] = "~"
    for fr, _ in found:
        po.append(polib.POEntry(msgid=fr, msgstr=""))
    po.save(str(folder / "keys.fr.po"))
    start = time.perf_counter()
    command = [
        "translate",
        "-m",
        args.model,
        "-i",
        folder / "keys.fr.po",
        "-o",
        folder / "keys.en.po",
    ]
    subprocess.run([sys.executable, "-m", "nmt_cli", *map(str, command)], check=True)
    seconds = time.perf_counter() - start
    translated = {e.msgid: e.msgstr for e in polib.pofile(str(folder / "keys.en.po"))}
    one, having, on_it = measure(found, translated)
    print(f"messages with one access key: {len(found)}")
    print(f"translations with exactly one ~: {one} ({one / len(found):.1%})")
    share = on_it / max(having, 1)
    print(f"having the reference's marked word: {having}; the key on it: {on_it} ({share:.1%})")
    print(f"seconds (model load included): {seconds:.1f}")


if __name__ == "__main__":
    main()
