#!/usr/bin/env bash
# Filtering a corpus by `nmt score` before training (issue 42): a sample of the Hansards training
# pairs that the shipped fr-en never trained on (0-based lines k % 10 == 1; it took the even
# lines), scored by the shipped fr-en; a short run of a small Transformer (score_filter.toml)
# on all of the sample and one on its best-scoring 80%, equal steps, the same seed and the same
# tokenizer (trained on the whole sample); each run's BLEU and chrF on newstest2013 and Hansards
# valid at beam 5, and its perplexity per target piece of their references (`nmt score`: a
# measure that moves while BLEU is still near zero). A measurement, not a bar: docs/benchmarks.md
# gives its figures.
#
#   bash tests/benchmarks/score_filter.sh OUT [PAIRS (40000)] [KEEP (0.8)]
#
# STEPS=N trains N steps instead of score_filter.toml's 600 (on a GPU: STEPS=5000 DEVICE=cuda).
# Each step is skipped where its output is already in OUT (run it again after a stop). Needs
# ../shared beside the repository, and nmt on PATH (the repository's venv).
set -euo pipefail
out=$1
pairs=${2:-40000}
keep=${3:-0.8}
here=$(cd "$(dirname "$0")" && pwd)
shared=$(cd "$here/../../../shared/data" && pwd)
mkdir -p "$out"
cd "$out"
export OMP_WAIT_POLICY=PASSIVE

if [ ! -s sample.en ]; then
  for l in fr en; do
    zcat "$shared/hansards/train.$l.gz" | awk -v n="$pairs" 'NR % 10 == 2 { print; if (++k == n) exit }' > sample.$l
  done
fi
[ -s tok.json ] || nmt tokenizer train sample.fr sample.en --vocab-size 8000 -o tok.json -q
[ -s sample.scores ] || time nmt score -m fr-en --src-file sample.fr --tgt-file sample.en \
  --format jsonl -o sample.scores

if [ ! -s best.en ]; then  # the best-scoring share of the pairs, in their order (no score: out)
  python - "$keep" <<'PY'
import json, sys
keep = float(sys.argv[1])
scores = [json.loads(line)["score"] for line in open("sample.scores", encoding="utf-8")]
ranked = sorted((s, k) for k, s in enumerate(scores) if s is not None)
chosen = {k for _, k in ranked[len(ranked) - round(keep * len(scores)) :]}
print(f"kept {len(chosen)} of {len(scores)} pairs; lowest score kept {min(scores[k] for k in chosen):.4f}")
for lang in ("fr", "en"):
    with open(f"sample.{lang}", encoding="utf-8") as f, open(f"best.{lang}", "w", encoding="utf-8") as o:
        o.writelines(line for k, line in enumerate(f) if k in chosen)
PY
fi

head -n 200 "$shared/hansards/valid.fr" > valid.fr
head -n 200 "$shared/hansards/valid.en" > valid.en
mkdir -p runs
for arm in sample best; do
  if [ ! -s "runs/$arm/model.safetensors" ]; then
    time nmt train --config "$here/score_filter.toml" --tokenizer tok.json --src "$arm.fr" \
      --tgt "$arm.en" --valid-src valid.fr --valid-tgt valid.en --src-lang fr --tgt-lang en \
      --output "runs/$arm" --overwrite -q --max-steps "${STEPS:-600}" --valid-every "${STEPS:-600}" \
      --device "${DEVICE:-cpu}"
  fi
  for test in news/fr-en/newstest2013 hansards/valid; do
    name=$arm.$(basename "$test")
    [ -s "$name.en" ] || nmt translate -m "runs/$arm" --threads 2 -i "$shared/$test.fr" -o "$name.en"
    echo "$arm $(basename "$test"): $(nmt evaluate --hyp "$name.en" --ref "$shared/$test.en")"
    [ -s "$name.scores" ] || nmt score -m "runs/$arm" --src-file "$shared/$test.fr" \
      --tgt-file "$shared/$test.en" --format jsonl -o "$name.scores"
    python - "$name.scores" <<'PY'
import json, math, sys
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
scored = [r for r in records if r["log_prob"] is not None]
pieces = sum(r["tokens"] for r in scored)
print(f"  references: perplexity per target piece {math.exp(-sum(r['log_prob'] for r in scored) / pieces):.2f} ({len(scored)} pairs, {pieces} pieces)")
PY
  done
done
