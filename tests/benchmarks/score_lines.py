"""`nmt score` keeps every pair's line, in order, on hostile input; and scores a model's own
translations as `nmt translate --format jsonl` scored them.

    python tests/benchmarks/score_lines.py pairs --n 10000 --out hostile.tsv
    nmt score -m fr-en --format jsonl --input hostile.tsv -o hostile.scores
    python tests/benchmarks/score_lines.py check-lines hostile.tsv hostile.scores

    nmt translate -m fr-en --format jsonl -i newstest2013.fr -o hyp.jsonl
    (jq -r .translation hyp.jsonl > hyp.en)
    nmt score -m fr-en --format jsonl --src-file newstest2013.fr --tgt-file hyp.en -o hyp.scores
    python tests/benchmarks/score_lines.py agree hyp.jsonl hyp.scores --model fr-en --lines 200

    python tests/benchmarks/score_lines.py masked newstest2013.fr hyp.jsonl --out masked.jsonl
    nmt score -m fr-en --format jsonl --input-format jsonl -i masked.jsonl -o masked.scores
    python tests/benchmarks/score_lines.py agree hyp.jsonl masked.scores --masked --lines 200

``pairs`` writes seeded TAB-separated pairs: real-looking sentences beside empty sides, blanks,
long lines, invalid UTF-8, control and line-breaking characters, lone surrogates' bytes, binary
garbage and several sentences a line. ``check-lines``: one record per pair, a null score exactly
where a side is empty. ``agree``: on the first N lines, the share whose `nmt score` equals the
translation's own score to 1e-4, among the lines whose printed text re-tokenises to the search's
own pieces, and among all of them. ``masked``: each pair as the model read and wrote it, with
`nmt translate`'s protected spans (on by default) as placeholders: the source masked as
`nmt translate` masks it, the target the search's own pieces decoded; ``agree --masked`` then
compares every line whose decoded pieces re-tokenise to themselves. Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import json
import random

from nmt_cli.inference.protection import SpanProtection
from nmt_cli.model.bundle import load_bundle
from nmt_cli.model.pretrained import resolve_model

WORDS = "le chat la maison the house est sur une table is on a il fait froid ce matin".split()
HOSTILE = [
    b"",
    b"   ",
    b"\xff\xfe broken \xc3",
    b"\xed\xa0\x80 surrogate",
    b"\x0b\x0c\x1c a \xe2\x80\xa8 b \xc2\x85 c",
    bytes(range(11, 127)),
    b"\x00",
    "Mr. Smith est là. Il part ! Vraiment ?".encode(),
    "\u200b\u00ad".encode(),
    b"JE SUIS MALADE.",
]


def _side(rng: random.Random) -> bytes:
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(HOSTILE)
    if roll < 0.3:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(300, 1500))).encode()
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 30))).encode()


def write_pairs(n: int, out: str, seed: int) -> None:
    rng = random.Random(seed)
    with open(out, "wb") as f:
        for _ in range(n):
            f.write(_side(rng).replace(b"\t", b" ") + b"\t" + _side(rng).replace(b"\t", b" "))
            f.write(b"\r\n" if rng.random() < 0.05 else b"\n")


def check_lines(pairs: str, scores: str) -> None:
    with open(pairs, "rb") as f:
        n_pairs = sum(1 for _ in f)
    with open(scores, encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    nulls = sum(r["score"] is None for r in records)
    print(f"{n_pairs:,} pairs, {len(records):,} records, {nulls:,} without a score")
    assert n_pairs == len(records)


def agree(translations: str, scores: str, model: str, lines: int, masked: bool) -> None:
    tok = load_bundle(resolve_model(model)).tokenizer
    with open(translations, encoding="utf-8") as f:
        found = [json.loads(line) for line in f][:lines]
    with open(scores, encoding="utf-8") as f:
        scored = [json.loads(line) for line in f][:lines]
    same = equal = equal_all = 0
    for t, s in zip(found, scored, strict=True):
        ok = s["score"] is not None and abs(s["score"] - t["score"]) <= 1e-4
        equal_all += ok
        text = tok.decode_pieces(t["tokens"]) if masked else t["translation"]
        if [tok.id_to_piece(i) for i in tok.encode(text)] != t["tokens"]:
            continue
        same += 1
        equal += ok
    what, n = ("the decoded pieces" if masked else "the printed text"), len(found)
    print(
        f"{n} lines: {same} re-tokenise to the search's pieces ({what}), of which {equal} "
        f"({100 * equal / max(same, 1):.1f}%) score equal to 1e-4; "
        f"of all {n}: {equal_all} ({100 * equal_all / max(n, 1):.1f}%)"
    )


def masked_pairs(sources: str, translations: str, model: str, out: str) -> None:
    bundle = load_bundle(resolve_model(model))
    protection = SpanProtection(bundle.tokenizer, bundle.languages)
    with open(sources, encoding="utf-8") as s, open(translations, encoding="utf-8") as t:
        records = [(line.rstrip("\n"), json.loads(record)) for line, record in zip(s, t)]
    with open(out, "w", encoding="utf-8") as f:
        for line, record in records:
            pair = {"src": protection.mask(line).text}
            pair["tgt"] = bundle.tokenizer.decode_pieces(record["tokens"])
            f.write(json.dumps(pair, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("pairs")
    p.add_argument("--n", type=int, default=10_000)
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=42)
    c = sub.add_parser("check-lines")
    c.add_argument("pairs")
    c.add_argument("scores")
    a = sub.add_parser("agree")
    a.add_argument("translations")
    a.add_argument("scores")
    a.add_argument("--model", default="fr-en")
    a.add_argument("--lines", type=int, default=200)
    a.add_argument("--masked", action="store_true", help="scores of `masked` pairs")
    m = sub.add_parser("masked")
    m.add_argument("sources")
    m.add_argument("translations")
    m.add_argument("--model", default="fr-en")
    m.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.what == "pairs":
        write_pairs(args.n, args.out, args.seed)
    elif args.what == "check-lines":
        check_lines(args.pairs, args.scores)
    elif args.what == "masked":
        masked_pairs(args.sources, args.translations, args.model, args.out)
    else:
        agree(args.translations, args.scores, args.model, args.lines, args.masked)


if __name__ == "__main__":
    main()
