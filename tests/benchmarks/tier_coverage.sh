#!/usr/bin/env bash
# Line coverage of the package by the default tier against the full suite (both tiers), the
# bar of the suite's tiers: the default tier covers at least 90% of what the full run covers.
#
#     pip install -e ".[dev]"        # coverage.py
#     bash tests/benchmarks/tier_coverage.sh
#
# Prints each run's covered lines and the ratio. Not a test: two runs of the suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export OMP_WAIT_POLICY=PASSIVE
covered() {  # covered NAME PYTEST-ARGS...: the lines of nmt_cli/ the run executes
    local name="$1"; shift
    COVERAGE_FILE="$work/$name.coverage" python -m coverage run --source nmt_cli -m pytest -q -p no:cacheprovider "$@" > "$work/$name-pytest.txt" 2>&1 \
        || { tail -3 "$work/$name-pytest.txt"; exit 1; }
    COVERAGE_FILE="$work/$name.coverage" python -m coverage json -q -o "$work/$name.json"
    python -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print(t["covered_lines"], t["num_statements"])' "$work/$name.json"
}
read -r default total < <(covered default)
read -r full _ < <(covered full -m "slow or not slow")
python - "$default" "$full" "$total" <<'PY'
import sys
default, full, total = map(int, sys.argv[1:])
print(f"default tier: {default:,} of {total:,} lines ({default / total:.1%})")
print(f"full suite:   {full:,} of {total:,} lines ({full / total:.1%})")
print(f"default / full: {default / full:.1%} (the bar: at least 90%)")
PY
