#!/bin/bash
# GPU check of nmt-cli's --device cuda: the CUDA tests, translation speed and training speed.
# Run from the repository root on a machine with a CUDA GPU and torch with CUDA installed, with
# gpu_data/ (ignored by git) holding: test_2016_flickr.de test_2016_flickr.en train.de train.en
# val.de val.en (Multi30k) and wheels/pysbd-0.3.4-py3-none-any.whl. No internet is needed.
# Takes under 6 minutes: each part has a time limit and parts are skipped when time runs out.
#   bash /path/to/gpu_check.sh
set -u
BUDGET=${GPU_CHECK_BUDGET:-345}  # seconds for the whole script
T0=$SECONDS
PY=${PYTHON:-python3}
DATA=${GPU_DATA:-gpu_data}
DEV=${GPU_CHECK_DEVICE:-cuda}  # cpu: a dry run of this script on a machine without a GPU
STEPS=${GPU_CHECK_STEPS:-300}  # training steps per precision
PARTS=" ${GPU_CHECK_PARTS:-tests translate train} "  # which parts to run
MODEL=pretrained/de-en-multi30k-transformer
SUMMARY=()
note() { echo "== $*"; SUMMARY+=("$*"); }
left() { echo $((BUDGET - (SECONDS - T0))); }
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'; }  # seconds
# limit N: the smaller of N and the time left (minus a margin), at least 1
limit() { local l; l=$(($(left) - 5)); [ "$1" -lt "$l" ] && l=$1; [ "$l" -lt 1 ] && l=1; echo $l; }

if [ ! -f pyproject.toml ] || [ ! -d nmt_cli ]; then
  echo "run this from the nmt-cli repository root"; exit 2
fi
echo "== python: $($PY -V 2>&1) at $(command -v $PY)"
$PY -c 'import torch; print("== torch", torch.__version__, "cuda", torch.cuda.is_available(),
  torch.cuda.get_device_name(0) if torch.cuda.is_available() else "-")' || { echo "no torch"; exit 2; }
GPU=$($PY -c 'import torch; print(torch.cuda.get_device_name(0))' 2>/dev/null) || GPU=""
[ "$DEV" = cpu ] && GPU="no GPU: dry run on the CPU"
[ -n "$GPU" ] || { echo "torch sees no CUDA GPU: nothing to check"; exit 2; }
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader

# -- the package: no dependency is fetched; pysbd (pure Python) from gpu_data/wheels if missing --
if ! $PY -c 'import pysbd' 2>/dev/null; then
  whl=$(ls $DATA/wheels/pysbd-*.whl 2>/dev/null | head -1)
  if [ -n "$whl" ]; then
    $PY -m pip install -q --no-deps --no-index "$whl" 2>&1 | grep -v -i warning | tail -2 \
      || true
  fi
fi
for m in typer click rich tokenizers sacrebleu safetensors pysbd pytest hypothesis; do
  $PY -c "import $m" 2>/dev/null || echo "== missing python package: $m"
done
if ! $PY -m pip install -q --no-deps --no-build-isolation -e . >/tmp/nmt_pip.log 2>&1; then
  echo "== pip install -e . failed (tail below); using PYTHONPATH=$PWD"; tail -3 /tmp/nmt_pip.log
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
NMT=($PY -m nmt_cli)
"${NMT[@]}" --version || { echo "nmt does not start"; exit 2; }

# -- the CUDA tests: translation and alignment against the CPU, fp32 and bf16 training steps ----
if [[ $PARTS != *" tests "* ]]; then
  :
elif $PY -c 'import pytest, hypothesis' 2>/dev/null; then
  t=$(limit 170)
  [ "$DEV" = cpu ] && t=1  # dry run: only that the tests are found
  timeout "$t" $PY -m pytest -q -rs -p no:cacheprovider tests/test_cuda.py 2>&1 | tail -25
  rc=${PIPESTATUS[0]}
  note "tests/test_cuda.py: exit $rc (0: all passed; 124: over ${t}s)"
else
  note "tests/test_cuda.py: not run (pytest or hypothesis missing)"
fi

# -- translation speed on the GPU: 1,000 sentences of Multi30k test_2016_flickr, de-en ---------
SRC=$DATA/test_2016_flickr.de
REF=$DATA/test_2016_flickr.en
if [[ $PARTS != *" translate "* ]]; then
  :
elif [ -f "$SRC" ]; then
  n=$(wc -l < "$SRC")
  start=$EPOCHREALTIME
  timeout 60 "${NMT[@]}" translate -m $MODEL --device $DEV "Ein Hund läuft." >/dev/null
  startup=$(since $start)
  note "start-up, nmt translate --device cuda one sentence: ${startup}s"
  for run in "5 fp32" "1 fp32" "5 bf16" "1 bf16" "5 fp32 --batch-tokens 60000"; do
    set -- $run
    beam=$1 prec=$2; shift 2
    t=$(limit 60)
    out=/tmp/nmt_gpu_b${beam}_$prec.txt
    start=$EPOCHREALTIME
    if timeout "$t" "${NMT[@]}" translate -m $MODEL --device $DEV -k "$beam" --precision "$prec" \
      "$@" -i "$SRC" >"$out" 2>/tmp/nmt_gpu.err; then
      wall=$(since $start)
      bleu=$($PY -m sacrebleu -b "$REF" <"$out" 2>/dev/null || echo "?")
      rate=$(awk -v n="$n" -v w="$wall" 'BEGIN { printf "%.1f", n / w }')
      note "translate --device cuda beam $beam $prec $*: $n sentences in ${wall}s = $rate sentences/s (whole process), BLEU $bleu"
      [ "$beam $prec $*" = "5 fp32 " ] && GPU_B5_OK=1
    else
      note "translate --device cuda beam $beam $prec $*: failed or over ${t}s: $(tail -1 /tmp/nmt_gpu.err)"
    fi
  done
  if [ -n "${GPU_B5_OK:-}" ]; then
    timeout "$(limit 60)" "${NMT[@]}" translate -m $MODEL --device cpu --threads 4 -i "$SRC" \
      >/tmp/nmt_cpu_b5.txt 2>/dev/null || echo "== the CPU run did not finish"
    same=$(paste -d '\t' /tmp/nmt_cpu_b5.txt /tmp/nmt_gpu_b5_fp32.txt | awk -F'\t' '$1==$2' | wc -l)
    note "beam 5 fp32: $same of $n lines the same on the GPU as on the CPU"
  fi
else
  note "translation speed: not run ($SRC missing)"
fi

# -- training speed on the GPU: the shipped model's config on Multi30k de-en, 300 steps --------
if [[ $PARTS != *" train "* ]]; then
  :
elif [ -f $DATA/train.de ]; then
  # the shipped model's [model] table; [train] as its train.toml but a constant rate, no validation
  cfg=/tmp/nmt_gpu_train.toml
  sed -n '/^\[model\]/,/^\[train\]/p' $MODEL/train.toml | grep -v '^\[train\]' > $cfg
  cat >> $cfg <<EOF
[train]
seed = 1
epochs = 200
batch_tokens = 3000
lr = 0.0015
schedule = "constant"
warmup_steps = 10
label_smoothing = 0.1
valid_every = 100000
valid_at_epoch_end = false
log_every = $(( STEPS > 60 ? 50 : 1 ))
EOF
  for prec in bf16 fp32; do
    t=$(limit 80)
    [ "$t" -lt 30 ] && { note "training $prec: skipped, out of time"; continue; }
    run=/tmp/nmt_gpu_run_$prec
    rm -rf $run
    timeout "$t" "${NMT[@]}" train --config $cfg --tokenizer $MODEL/tokenizer.json \
      --src $DATA/train.de --tgt $DATA/train.en --valid-src $DATA/val.de --valid-tgt $DATA/val.en \
      --src-lang de --tgt-lang en --device $DEV --precision $prec --max-steps $STEPS -q -o $run \
      2>/tmp/nmt_gpu_train.err
    rc=$?
    rate=$($PY - "$run/metrics.jsonl" <<'EOF'
import json, statistics, sys
try:
    rows = [json.loads(x) for x in open(sys.argv[1]) if x.strip()]
except OSError:
    rows = []
rates = [r["tokens_per_s"] for r in rows if "tokens_per_s" in r][1:]  # the first: warm-up
steps = max((r.get("step", 0) for r in rows), default=0)
print(f"median {statistics.median(rates):,.0f} target tokens/s over steps to {steps}" if rates
      else "no step records")
EOF
)
    note "train --device cuda --precision $prec (batch_tokens 3000, d 256, 3+3 layers): $rate (exit $rc)"
    [ $rc -ne 0 ] && tail -2 /tmp/nmt_gpu_train.err
  done
else
  note "training speed: not run ($DATA/train.de missing)"
fi

echo
echo "================ summary ($GPU, $(($SECONDS - T0)) s) ================"
for line in "${SUMMARY[@]}"; do echo "$line"; done
