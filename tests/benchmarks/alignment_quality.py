"""Alignment quality on a gold set: AER, precision and recall of a model's attention and of
eflomal on the same text, in one run.

    python tests/benchmarks/alignment_quality.py --model pretrained/fr-en \
        --gold-dir ../shared/data/align/hansards-trial-fr-en --train-pairs 0

Rows:
- the model's default attention (a guided model: its supervised head) read by each decision
  rule of `nmt align --links` (nmt_cli/align/rules.py; the threshold rule at several P), as
  `nmt align --src-file S --tgt-file T --format pharaoh --links RULE --gold G` scores it;
- each decoder layer with its heads averaged, read as usual (target word t's row is the step
  that predicts it) and shifted (shift-att, Chen et al. 2020: the row of the step where t is
  the decoder's input);
- eflomal forward, reverse, intersected and grow-diag-final-and, trained on the Hansards
  training text (normalised words, as nmt train's teacher sees it) plus the gold sentences.

Gold sets are aligned as given (WPT 2003 tokenisation: the text is already split and
lower-cased). Develop on the trial set only. Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import torch

from nmt_cli.align.forced import align_pairs, forced_attention
from nmt_cli.align.links import normalised_words, symmetrise
from nmt_cli.align.pharaoh import alignment_error_rate, parse_pharaoh
from nmt_cli.align.rules import DEFAULT_RULE, RULES, LinkRule
from nmt_cli.align.words import merge_to_words
from nmt_cli.model.bundle import load_bundle
from nmt_cli.model.pretrained import resolve_model

HERE = Path(__file__).resolve()
SHARED = HERE.parents[3] / "shared" / "data"


def score(links: list[set], gold) -> str:
    s = alignment_error_rate(links, gold)
    return f"{100 * s.aer:6.2f} {100 * s.precision:9.2f} {100 * s.recall:7.2f}"


def model_rows(bundle, src: list[str], tgt: list[str], gold) -> list[tuple[str, str]]:
    rules = [LinkRule(name) for name in RULES if name != "threshold"]
    rules += [LinkRule("threshold", p) for p in (0.3, 0.4, 0.5, 0.6)]
    rows = []
    for rule in rules:
        found = [set(a.links) for a in align_pairs(bundle, src, tgt, rule=rule)]
        name = rule.name + (f" {rule.threshold}" if rule.name == "threshold" else "")
        default = " (default)" if rule == LinkRule(DEFAULT_RULE) else ""
        rows.append((f"model, --links {name}{default}", score(found, gold)))
    tok = bundle.tokenizer
    s_enc, t_enc = tok.encode_words(src), tok.encode_words(tgt)
    layers, _ = bundle.model.cross_shape
    pairs = [(s[0], t[0]) for s, t in zip(s_enc, t_enc)]
    for layer in range(layers):
        maps = forced_attention(bundle.model, pairs, layer, None)  # (T+1, S+1) each
        for shift in (0, 1):
            links = []
            for att, (_, s_own, n_s), (t, t_own, n_t) in zip(maps, s_enc, t_enc):
                rows_ = att[shift : shift + len(t)]  # shift-att: the row where t is the input
                words = merge_to_words(rows_, s_own, t_own, n_s, n_t)
                links.append(set(LinkRule("argmax").links(words)))
            name = f"layer {layer} heads averaged" + (" shift-att" if shift else "")
            rows.append((name, score(links, gold)))
    return rows


def eflomal_rows(src: list[str], tgt: list[str], gold, train_pairs: int) -> list[tuple[str, str]]:
    program = shutil.which("eflomal-align")
    if program is None:
        return [("eflomal", "not installed (pip install eflomal)")]
    with tempfile.TemporaryDirectory() as d:
        ds, dt = Path(d) / "s", Path(d) / "t"
        n = 0
        with open(ds, "w") as fs, open(dt, "w") as ft:
            h = SHARED / "hansards"
            with gzip.open(h / "train.fr.gz", "rt") as hs, gzip.open(h / "train.en.gz", "rt") as ht:
                for a, b in zip(hs, ht):
                    if train_pairs and n >= train_pairs:
                        break
                    fs.write((normalised_words(a) or "_") + "\n")
                    ft.write((normalised_words(b) or "_") + "\n")
                    n += 1
            for a, b in zip(src, tgt):  # as given: the gold's word positions
                fs.write(a.lower() + "\n")
                ft.write(b.lower() + "\n")
        t0 = time.monotonic()
        cmd = [program, "-s", ds, "-t", dt, "-f", Path(d) / "f", "-r", Path(d) / "r"]
        subprocess.run([str(c) for c in cmd], check=True, capture_output=True)
        took = time.monotonic() - t0

        def read(name: str) -> list[list[tuple[int, int]]]:
            lines = (Path(d) / name).read_text().splitlines()[-len(src) :]
            return [[tuple(map(int, x.split("-"))) for x in line.split()] for line in lines]

        fwd, rev = read("f"), read("r")
    rows = []
    for method in ("forward", "reverse", "intersect", "grow-diag-final-and"):
        links = [set(symmetrise(f, r, method)) for f, r in zip(fwd, rev)]
        rows.append(
            (f"eflomal {method} ({n:,} + {len(src)} pairs, {took:.0f} s)", score(links, gold))
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="model directory or shipped name")
    ap.add_argument("--gold-dir", type=Path, default=SHARED / "align" / "hansards-trial-fr-en")
    ap.add_argument(
        "--train-pairs", type=int, default=0, help="Hansards pairs for eflomal (0: all)"
    )
    ap.add_argument("--no-eflomal", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    src = (args.gold_dir / "src.txt").read_text(encoding="utf-8").splitlines()
    tgt = (args.gold_dir / "tgt.txt").read_text(encoding="utf-8").splitlines()
    gold = [parse_pharaoh(line) for line in (args.gold_dir / "gold.talp").read_text().splitlines()]
    bundle = load_bundle(resolve_model(args.model))
    rows = model_rows(bundle, src, tgt, gold)
    if not args.no_eflomal:
        rows += eflomal_rows(src, tgt, gold, args.train_pairs)
    print(f"{len(src)} pairs of {args.gold_dir}; model {resolve_model(args.model)}")
    print(f"{'aligner':60} {'AER':>6} {'precision':>9} {'recall':>7}")
    for name, figures in rows:
        print(f"{name:60} {figures}")


if __name__ == "__main__":
    main()
