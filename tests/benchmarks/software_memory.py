"""The fr-en default's own translation memory (``pretrained/fr-en/memory.tsv``): LibreOffice's
interface strings, French TAB English, each French string once with the English the catalogues
give it most often (nmt_cli/inference/memory.py).

Read as stage 9's training pairs are read (software_corpus.py: all 33 catalogues through
nmt_cli/formats/po.py, access keys removed), less every pair that touches what the development
split measures (a split written with ``--hold measured``), so the memory holds no text the
model was not trained on and the development figures stay unseen:

    python tests/benchmarks/software_split.py --out /tmp/split-measured --hold measured
    python tests/benchmarks/software_memory.py --split /tmp/split-measured \\
        --out pretrained/fr-en/memory.tsv

``--leave-out-dev`` builds instead the memory of the 28 catalogues outside the split's five and
scores `nmt translate --memory` with it against the model alone on the five (exact matches,
case and final punctuation aside, of the lines it holds): how a memory of one program's strings
serves another's.

    python tests/benchmarks/software_memory.py --leave-out-dev --model fr-en
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from software_split import SOFTWARE, dev_catalogues, fold, in_split, read_heldout  # noqa: E402

from nmt_cli.formats.po import read_pairs  # noqa: E402
from nmt_cli.inference.memory import Memories, Memory, final_mark, write_tsv_memory  # noqa: E402

FOLDER = SOFTWARE / "libreoffice-ui-fr"
NOTICE = (  # the strings are LibreOffice's, verbatim: their terms go with the file
    "LibreOffice 7.4.7's interface strings, French TAB English, from its catalogues as Debian 12",
    "ships them (libreoffice-l10n-fr). (c) The Document Foundation and LibreOffice's contributors.",
    "This file is subject to the Mozilla Public License 2.0 (https://mozilla.org/MPL/2.0/).",
    "Written by tests/benchmarks/software_memory.py (pretrained/fr-en/README.md).",
)
ENDS = ".:!?…"


def catalogue_pairs(paths) -> list[tuple[str, str]]:
    """The (French, English) pairs of the catalogues ``paths``, as `nmt train --pairs` reads
    them, every one (a string's count is how often the catalogues hold it)."""
    return [p for path in paths for p in read_pairs(str(path), ("fr", "en"), lambda c: None)]


def same(a: str, b: str) -> bool:
    """Equal but for case and a final punctuation mark."""
    return a.casefold().rstrip(ENDS) == b.casefold().rstrip(ENDS)


def leave_out_dev(model: str) -> None:
    """The memory of the 28 other catalogues against the model, on the split's five: each
    string they hold translated by `nmt translate --memory` (the memory as a user's file, the
    model's own left out) and without it."""
    dev = dev_catalogues(FOLDER)
    others = [p for p in sorted(FOLDER.glob("*.po")) if p not in dev]
    memory = Memory(catalogue_pairs(others))
    reference: dict[str, str] = {}
    for src, tgt in catalogue_pairs(dev):
        if len(src.splitlines()) == 1 and len(tgt.splitlines()) == 1:
            reference.setdefault(src, tgt)
    held = [(src, tgt) for src, tgt in reference.items() if src in memory]
    loose = {s for s, _ in held} ^ {s for s in reference if Memories([memory]).get(s)}
    held += [(src, tgt) for src, tgt in reference.items() if src in loose]
    with tempfile.TemporaryDirectory() as tmp:
        src_file, memory_file = Path(tmp) / "held.fr", Path(tmp) / "others.tsv"
        src_file.write_text("".join(f"{s}\n" for s, _ in held), encoding="utf-8")
        write_tsv_memory(memory_file, memory)
        command = ["nmt", "translate", "-m", model, "--no-model-memory", "-i", str(src_file)]
        run = [
            subprocess.run(c, capture_output=True, text=True, check=True).stdout.splitlines()
            for c in (command, [*command, "--memory", str(memory_file), "--format", "jsonl"])
        ]
    print(f"the split's catalogues: {len(reference):,} distinct one-line strings")
    records = [json.loads(x) for x in run[1]]
    rows = list(zip(held, [r["translation"] for r in records], run[0], records))
    for what, group in (
        ("held as written", [r for r in rows if r[0][0] not in loose]),
        ("held but for the final mark", [r for r in rows if r[0][0] in loose]),
    ):
        used = sum(bool(record.get("memory")) for *_, record in group)
        by_memory = sum(same(m, ref) for (_, ref), m, _, _ in group)
        by_model = sum(same(o, ref) for (_, ref), _, o, _ in group)
        only_memory = sum(same(m, r) and not same(o, r) for (_, r), m, o, _ in group)
        only_model = sum(same(o, r) and not same(m, r) for (_, r), m, o, _ in group)
        print(f"{what} by the other 28's memory: {len(group):,}; its translation used: {used:,}")
        print(f"  exact (case, final mark aside): memory {by_memory:,}, model alone {by_model:,}")
        print(f"  exact with the memory only: {only_memory:,}; by the model only: {only_model:,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", type=Path, help="software_split.py --hold measured's --out")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--leave-out-dev", action="store_true")
    parser.add_argument("--model", default="fr-en")
    args = parser.parse_args()
    if args.leave_out_dev:
        leave_out_dev(args.model)
        return
    if args.split is None or args.out is None:
        parser.error("--split and --out (or --leave-out-dev)")
    heldout = read_heldout(args.split / "heldout.txt")
    bare = {final_mark(text)[0] for text in heldout}  # what a loose match finds (memory.py)
    counts: Counter = Counter()
    kept = []
    for src, tgt in catalogue_pairs(sorted(FOLDER.glob("*.po"))):
        counts["pairs read"] += 1
        if in_split(src, tgt, heldout):
            counts["in what the split measures"] += 1
        elif final_mark(fold(src))[0] in bare or final_mark(fold(tgt))[0] in bare:
            counts["in it but for a final mark"] += 1
        else:
            kept.append((src, tgt))
    memory = Memory(kept)
    write_tsv_memory(args.out, memory, NOTICE)
    counts["strings in the memory"] = len(memory)
    for what, n in sorted(counts.items()):
        print(f"{what}: {n:,}")


if __name__ == "__main__":
    main()
