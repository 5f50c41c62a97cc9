#!/bin/bash
# The corpus sample a GPU fine-tune of fr-en on the software text reads (issue 54, item 3; the
# script that trains: gpu_software_stage.sh). Run on this machine, from the repository root, with
# ../shared beside it; writes gpu_data/sw/ (ignored by git; carried to the GPU machine with the
# working tree, about 12 MB of xz): stage 11's files (pretrained/fr-en/README.md, "Commands"),
#   ui.tsv labels.tsv ph.tsv help.tsv   LibreOffice's interface strings (the split's
#                                        development catalogues held out), its short ones, those
#                                        with a placeholder, its help pages' pairs
#   short.tsv                            Tatoeba train's pairs of at most three French words
#   ep.fr/en ha.fr/en                    every 33rd Europarl and every 14th Hansards pair
#   ta.fr/en                             Tatoeba train
#   ui500 tav500 nt500 .fr/.en           validation: dev-ui, Tatoeba valid, newstest2013
#                                        (500 lines each; validation only, never trained on)
#   bash tests/benchmarks/gpu_software_data.sh [OUT_DIR]
set -euo pipefail
OUT=${1:-gpu_data/sw}
S=${SHARED:-../shared}/data
T=$S/tatoeba/en-fr
PY=${PYTHON:-python}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
[ -d "$S/software" ] || { echo "no $S/software: run from the repository root, ../shared beside it"; exit 2; }
mkdir -p "$OUT"

$PY tests/benchmarks/software_split.py --out "$W/split-measured" --hold measured >/dev/null
$PY tests/benchmarks/software_split.py --out "$W/split" >/dev/null  # the development split
$PY tests/benchmarks/help_pairs.py --out "$W/help.fr-en.tsv" 2>/dev/null
$PY tests/benchmarks/software_corpus.py --split "$W/split-measured" --dev-catalogues \
  --help-pairs "$W/help.fr-en.tsv" --out "$W" 2>/dev/null
awk -F'\t' 'split($1,a," ")<=3 && split($2,b," ")<=4' "$W/ui.tsv" > "$W/labels.tsv"
$PY - "$W/ui.tsv" "$W/ph.tsv" <<'PY'
import sys
sys.path.insert(0, "tests/benchmarks")
from placeholders_kept import placeholders
from nmt_cli.protect.spans import SpanFinder
finder = SpanFinder()
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.writelines(x for x in open(sys.argv[1], encoding="utf-8") if placeholders(finder, x.split("\t")[0]))
PY
$PY -c "import sys; [sys.stdout.write(f.rstrip('\n') + '\t' + e) for f, e in zip(open(sys.argv[1]),
  open(sys.argv[2])) if len(f.split()) <= 3]" "$T/train.fr" "$T/train.en" > "$W/short.tsv"
for l in fr en; do
  xzcat "$S/europarl/train.$l.xz" | awk 'NR%33==2' > "$W/ep.$l"
  zcat "$S/hansards/train.$l.gz" | awk 'NR%14==2' > "$W/ha.$l"
  cp "$T/train.$l" "$W/ta.$l"
  head -500 "$W/split/dev-ui.$l" > "$W/ui500.$l"
  head -500 "$T/valid.$l" > "$W/tav500.$l"
  head -500 "$S/news/fr-en/newstest2013.$l" > "$W/nt500.$l"
done
for f in ui labels ph help short; do xz -6 -T2 -c "$W/$f.tsv" > "$OUT/$f.tsv.xz"; done
for f in ep ha ta ui500 tav500 nt500; do
  for l in fr en; do xz -6 -T2 -c "$W/$f.$l" > "$OUT/$f.$l.xz"; done
done
wc -l "$W"/*.tsv "$W"/ep.fr "$W"/ha.fr "$W"/ta.fr | sed 's|'"$W"'/||'
du -sh "$OUT"
