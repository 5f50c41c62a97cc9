#!/usr/bin/env bash
# Every command's output from this checkout against another checkout's, byte for byte.
#
#     git worktree add --detach /tmp/before COMMIT
#     bash tests/benchmarks/same_outputs.sh /tmp/before [LINES]
#
# For each shipped model, on the first LINES (default 300) lines of its test set
# (fr-en: newstest2013; de-en: Multi30k test_2016_flickr): `nmt translate` as text, as JSON lines
# with word scores, with --align, with --nbest 3, with --markup html; `nmt score` of the source
# and reference pairs (JSON lines with word scores); `nmt align` of those pairs (Pharaoh). Then
# fr-en on each document of the development set (tests/benchmarks/data: a catalogue, JSON
# lines, three pages, a Markdown guide). Prints one line per output, "same" or "DIFFERS", and
# exits 1 if any differs. Not a test: it takes minutes.
set -euo pipefail
new="$(cd "$(dirname "$0")/../.." && pwd)"
old="$(cd "$1" && pwd)"
n="${2:-300}"
data="${SHARED:-$new/../shared}/data"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export OMP_WAIT_POLICY=PASSIVE
status=0

run() {  # run NAME ARGS...: the command from both checkouts, outputs compared
    local name="$1"; shift
    for side in old new; do
        local root="$old"; [ "$side" = new ] && root="$new"
        PYTHONPATH="$root" python -m nmt_cli "$@" > "$work/$name.$side" 2> "$work/$name.$side.err" \
            || { echo "$name: $side failed: $(tail -1 "$work/$name.$side.err")"; status=1; return; }
    done
    if cmp -s "$work/$name.old" "$work/$name.new"; then
        echo "same     $name ($(wc -l < "$work/$name.new") lines)"
    else
        echo "DIFFERS  $name"; status=1
    fi
}

declare -A SRC=(
    [fr-en]="$data/news/fr-en/newstest2013.fr" [de-en-multi30k-rnn]="$data/multi30k/test_2016_flickr.de"
    [de-en-multi30k-transformer]="$data/multi30k/test_2016_flickr.de")
declare -A REF=(
    [fr-en]="$data/news/fr-en/newstest2013.en" [de-en-multi30k-rnn]="$data/multi30k/test_2016_flickr.en"
    [de-en-multi30k-transformer]="$data/multi30k/test_2016_flickr.en")
for model in fr-en de-en-multi30k-rnn de-en-multi30k-transformer; do
    head -n "$n" "${SRC[$model]}" > "$work/src"
    head -n "$n" "${REF[$model]}" > "$work/ref"
    paste "$work/src" "$work/ref" > "$work/pairs"
    run "$model.text" translate -m "$model" -i "$work/src"
    run "$model.jsonl" translate -m "$model" -i "$work/src" --format jsonl --word-scores
    run "$model.align" translate -m "$model" -i "$work/src" --align
    run "$model.nbest" translate -m "$model" -i "$work/src" --nbest 3
    run "$model.markup" translate -m "$model" -i "$work/src" --markup html
    run "$model.score" score -m "$model" -i "$work/pairs" --format jsonl --word-scores
    run "$model.links" align -m "$model" --src-file "$work/src" --tgt-file "$work/ref" --format pharaoh
done
for doc in "$new"/tests/benchmarks/data/{messages.po,strings.jsonl,page_help.html,page_news.html,page_release.html,guide.md}; do
    cp "$doc" "$work/"
    run "fr-en.$(basename "$doc")" translate -m fr-en -i "$work/$(basename "$doc")"
done
exit "$status"
