#!/usr/bin/env bash
# Every figure issue 51 asks of a candidate fr-en, beside the shipped one's, in one run.
#
#     bash tests/benchmarks/software_model_check.sh CANDIDATE [BASELINE]   # BASELINE: fr-en
#
# For each model (a directory or a shipped name), with nmt translate's defaults, OMP_WAIT_POLICY
# PASSIVE: the LibreOffice development split (dev-ui, dev-help: software_split.py, written to
# $SPLIT, default /tmp/software-split, if absent), the short segments (short_segments.py),
# newstest2013, Tatoeba test and Hansards test (BLEU, chrF), the Hansards trial set's AER (nmt
# align --gold), and the model's size. Then the time of the first 500 lines of newstest2013,
# candidate and baseline alternating, three runs each (medians). Not a test: about half an hour
# on two cores. LINES=N takes the first N lines of each set (a dry run of the script).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
candidate="$1"
baseline="${2:-fr-en}"
data="${SHARED:-$root/../shared}/data"
split="${SPLIT:-/tmp/software-split}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export OMP_WAIT_POLICY=PASSIVE
[ -f "$split/dev-ui.fr" ] || python "$root/tests/benchmarks/software_split.py" --out "$split" > /dev/null

score() {  # score MODEL NAME SRC REF: BLEU and chrF of MODEL's translation of SRC
    local out="$work/$(basename "$1").$2.en" src="$3" ref="$4"
    if [ -n "${LINES:-}" ]; then
        head -n "$LINES" "$3" > "$work/$2.src"; head -n "$LINES" "$4" > "$work/$2.ref"
        src="$work/$2.src"; ref="$work/$2.ref"
    fi
    python -m nmt_cli translate -m "$1" -i "$src" -o "$out"
    printf '%-12s %s\n' "$2" "$(python -m nmt_cli evaluate --hyp "$out" --ref "$ref" --metrics bleu,chrf \
        | awk '{printf "%s %s  ", $1, $2}')"
}

for model in "$candidate" "$baseline"; do
    echo "== $model"
    score "$model" dev-ui "$split/dev-ui.fr" "$split/dev-ui.en"
    score "$model" dev-help "$split/dev-help.fr" "$split/dev-help.en"
    score "$model" newstest2013 "$data/news/fr-en/newstest2013.fr" "$data/news/fr-en/newstest2013.en"
    score "$model" tatoeba-test "$data/tatoeba/en-fr/test.fr" "$data/tatoeba/en-fr/test.en"
    score "$model" hansards-test "$data/hansards/test.fr" "$data/hansards/test.en"
    trial="$data/align/hansards-trial-fr-en"
    python -m nmt_cli align -m "$model" --src-file "$trial/src.txt" --tgt-file "$trial/tgt.txt" \
        --format pharaoh --gold "$trial/gold.talp" --output "$work/trial.align" 2>&1 | grep -o "AER [0-9.]*" \
        | sed 's/^/trial-set    /'
    python "$root/tests/benchmarks/short_segments.py" --model "$model" | grep -E "exact|names copied"
    dir="$model"; [ -d "$dir" ] || dir="$root/pretrained/$model"
    echo "size         $(du -b "$dir/model.safetensors" | cut -f1) bytes of weights"
done

head -"${LINES:-500}" "$data/news/fr-en/newstest2013.fr" > "$work/nt500.fr"
declare -A seconds
for run in 1 2 3; do
    for model in "$candidate" "$baseline"; do
        start=$(date +%s.%N)
        python -m nmt_cli translate -m "$model" -i "$work/nt500.fr" -o "$work/nt500.en"
        seconds[$model]+="$(echo "$(date +%s.%N) - $start" | bc) "
    done
done
for model in "$candidate" "$baseline"; do
    echo "newstest2013 500 lines, $model: $(echo "${seconds[$model]}" | tr ' ' '\n' | sort -n | sed -n 2p) s (median of 3)"
done
