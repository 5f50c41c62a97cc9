#!/bin/bash
# Issue 54, item 3: the minutes a GPU has left after gpu_check.sh train the default fr-en further
# on the software text (issue 52: the words around the placeholders). From the shipped model,
# gpu_software_stage.toml's settings, stage 11's files (built here by gpu_software_data.sh into
# gpu_data/sw/, carried with the working tree). The model comes back as float16 weights, to be
# measured (and continued with --init) on the CPU.
#
# On the GPU machine, from the repository root (the device's $OUT receives the files):
#   GPU_STAGE_MINUTES=4 bash tests/benchmarks/gpu_software_stage.sh
# writes to $OUT (else /tmp/nmt_gpu_stage_out): stage.tar.xz (the exported model without its
# weights, the run's run.json, metrics.jsonl and log) and model.safetensors.part-aa, -ab (the
# float16 weights, 17.8 MB, in parts of 15 MB: a file that comes back is at most 16 MiB).
# Back here, a model directory from those files:
#   bash tests/benchmarks/gpu_software_stage.sh --unpack FILES_DIR MODEL_DIR
# A dry run on the CPU (a few steps; the teacher, eflomal here, takes about 3 minutes):
#   GPU_STAGE_DEVICE=cpu GPU_STAGE_PRECISION=fp32 GPU_STAGE_STEPS=4 bash tests/benchmarks/gpu_software_stage.sh
set -u
if [ "${1:-}" = "--unpack" ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --unpack FILES_DIR MODEL_DIR"; exit 2; }
  mkdir -p "$3" && tar -xJf "$2/stage.tar.xz" -C "$3" && cat "$2"/model.safetensors.part-* \
    > "$3/model/model.safetensors" && echo "model: $3/model" && exit 0
  echo "could not unpack $2"; exit 1
fi
T0=$SECONDS
PY=${PYTHON:-python3}
DATA=${GPU_DATA:-gpu_data}
DEV=${GPU_STAGE_DEVICE:-cuda}
PREC=${GPU_STAGE_PRECISION:-bf16}
MINUTES=${GPU_STAGE_MINUTES:-4}  # the training loop's budget
STEPS=${GPU_STAGE_STEPS:-6000}   # the cosine schedule's length (the run stops at either)
TEACHER_S=${GPU_STAGE_TEACHER_SECONDS:-240}  # the teacher's links, before the loop
OUT=${OUT:-/tmp/nmt_gpu_stage_out}
W=/tmp/nmt_gpu_sw
RUN=/tmp/nmt_gpu_stage_run
[ -f pyproject.toml ] && [ -d $DATA/sw ] || { echo "run from the repository root, $DATA/sw built"; exit 2; }
mkdir -p "$OUT" $W
rm -rf $RUN /tmp/nmt_gpu_stage_avg /tmp/nmt_gpu_stage_model

# packages the image lacks, carried: pysbd's wheel, eflomal's source (built there; else the
# teacher is the model's own head: --teacher auto)
for pkg in pysbd eflomal; do
  $PY -c "import $pkg" 2>/dev/null && continue
  src=$(ls $DATA/wheels/$pkg-* 2>/dev/null | head -1)
  [ -n "$src" ] || continue
  $PY -m pip install -q --no-index --no-deps --no-build-isolation --target /tmp/site "$src" \
    >/tmp/nmt_gpu_pip_$pkg.log 2>&1 && echo "== installed $pkg" || echo "== $pkg not installed"
done
export PYTHONPATH="$PWD:/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
export PATH="/tmp/site/bin:$PATH"
NMT=($PY -m nmt_cli)
$PY -c 'import torch; print("== torch", torch.__version__, torch.cuda.get_device_name(0)
  if torch.cuda.is_available() else "no GPU")'

for f in $DATA/sw/*.xz; do xz -dc "$f" > $W/"$(basename "${f%.xz}")"; done
VALID=()
for v in ui500 nt500 tav500; do VALID+=(--valid-src $W/$v.fr --valid-tgt $W/$v.en); done
set -o pipefail
LIMIT=$(awk -v m="$MINUTES" -v t="$TEACHER_S" 'BEGIN { printf "%d", m * 60 + t }')
timeout "$LIMIT" "${NMT[@]}" train \
  --config tests/benchmarks/gpu_software_stage.toml --init pretrained/fr-en \
  --pairs $W/ui.tsv --pairs-weight 8 --pairs $W/labels.tsv --pairs-weight 24 \
  --pairs $W/ph.tsv --pairs-weight 32 --pairs $W/short.tsv --pairs-weight 3 \
  --pairs $W/help.tsv --pairs-weight 0.5 \
  --src $W/ep.fr --tgt $W/ep.en --weight 0.5 --src $W/ha.fr --tgt $W/ha.en --weight 0.5 \
  --src $W/ta.fr --tgt $W/ta.en --weight 1 "${VALID[@]}" \
  --src-lang fr --tgt-lang en --device "$DEV" --precision "$PREC" \
  --max-minutes "$MINUTES" --max-steps "$STEPS" -o $RUN 2>&1 | tee /tmp/nmt_gpu_stage.log | tail -25
echo "== training: exit $?, $((SECONDS - T0)) s since the start"

# the last two checkpoints averaged (or the one there is), exported as float16
mapfile -t last < <(ls -d $RUN/checkpoints/step-* 2>/dev/null | sort | tail -2)
[ ${#last[@]} -gt 0 ] || { echo "== no checkpoint: nothing to bring back"; cp /tmp/nmt_gpu_stage.log "$OUT/"; exit 1; }
model=$RUN  # its best model, where the run saved one checkpoint
if [ ${#last[@]} -gt 1 ]; then
  "${NMT[@]}" average "${last[@]}" --output /tmp/nmt_gpu_stage_avg >/dev/null || exit 1
  model=/tmp/nmt_gpu_stage_avg
fi
echo "== brought back: ${last[*]##*/} ($model)"
"${NMT[@]}" export $model --output /tmp/nmt_gpu_stage_model --dtype float16 \
  --length-penalty 2.0 >/dev/null || { echo "== export failed"; exit 1; }

# into $OUT: the weights in parts, the rest in one archive
split -b 15M /tmp/nmt_gpu_stage_model/model.safetensors "$OUT/model.safetensors.part-"
S=/tmp/nmt_gpu_stage_pack
rm -rf $S && mkdir -p $S/model
cp -r /tmp/nmt_gpu_stage_model/. $S/model/ && rm $S/model/model.safetensors
cp $RUN/run.json $RUN/metrics.jsonl /tmp/nmt_gpu_stage.log $S/ 2>/dev/null
tar -cJf "$OUT/stage.tar.xz" -C $S .
$PY - $RUN/metrics.jsonl <<'EOF'
import json, sys
rows = [json.loads(x) for x in open(sys.argv[1]) if x.strip()]
steps = [r for r in rows if "tokens_per_s" in r]
valid = [r for r in rows if any(k.startswith("valid") for k in r)]
if steps:
    rates = sorted(r["tokens_per_s"] for r in steps[1:] or steps)
    print(f"== steps: {steps[-1].get('step')}, median tokens/s {rates[len(rates) // 2]:,.0f}")
for r in valid[-3:]:
    print("== validation:", {k: v for k, v in r.items() if k == "step" or k.startswith("valid")})
EOF
ls -la "$OUT"
echo "== done in $((SECONDS - T0)) s"
