"""What `nmt translate --engine ctranslate2` adds to CTranslate2's own search, in one process
after loading: nmt-cli's CTranslate2 search (one call per length limit, GNMT re-ranking) against
one ``translate_batch`` call over all sentences in batches of 64, alternating, on the first
``--lines`` lines of test_2016_flickr (beam 5, 2 threads).

    python tests/benchmarks/ctranslate2_calls.py EXPORT_DIR --lines 500

EXPORT_DIR is a float32 export (``nmt export de-en-multi30k-transformer --format ctranslate2``).
Not a test: its figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "multi30k"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("export", type=Path)
    parser.add_argument("--lines", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before CTranslate2 starts its threads
    from nmt_cli.inference.ctranslate2_search import load_exported
    from nmt_cli.search.options import SearchOptions

    lines = (DATA / "test_2016_flickr.de").read_text(encoding="utf-8").splitlines()[: args.lines]
    bundle, search, _ = load_exported(args.export, threads=2)
    ids = [bundle.tokenizer.encode(line) for line in lines]
    pieces = [[bundle.tokenizer.id_to_piece(i) for i in s] for s in ids]
    opts = SearchOptions(beam=5).with_model_penalty(bundle.length_penalty)
    ways = {
        "nmt-cli's CTranslate2 search": lambda: search(ids, opts, None),
        "one translate_batch, batches of 64": lambda: search.translator.translate_batch(
            pieces, max_batch_size=64, beam_size=5, return_end_token=True, return_scores=True
        ),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.repeats):
        for name, way in ways.items():
            start = time.perf_counter()
            way()
            times[name].append(time.perf_counter() - start)
    for name, t in times.items():
        runs = ", ".join(f"{x:.1f}" for x in t)
        print(f"{name}: {runs} s; {len(lines) / statistics.median(t):.1f} sentences/s")


if __name__ == "__main__":
    main()
