#!/usr/bin/env bash
# Predicted versus measured end-to-end p50/p99 (docs/capacity.md). Usage: compare.sh OUTDIR MODEL
# OUTDIR is what measure.sh wrote; MODEL a model file from `CapacityCommand fit`. Prints a Markdown table: the
# measured columns are medians over the runs of each configuration; errors are (predicted − measured) / measured.
# Environment: RATES, POOLS, SUBSCRIBERS as for measure.sh; CORES (default 2), WORKERS (default 2), SIM_RUNS (1000),
# ARRIVALS (poisson or periodic; default poisson; measure.sh's generator publishes periodically), JOBS (predictions
# run at once, default 1).
set -euo pipefail
OUT=${1:?usage: compare.sh OUTDIR MODEL}
MODEL=${2:?usage: compare.sh OUTDIR MODEL}
RATES=${RATES:-"500 1500 3000"}
POOLS=${POOLS:-"1 2"}
SUBSCRIBERS=${SUBSCRIBERS:-4}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
(cd "$ROOT" && mvn -q -B -pl petri-models dependency:build-classpath -Dmdep.outputFile="$WORK/cp.txt" >/dev/null)
export CP="$ROOT/petri-models/target/classes:$(cat "$WORK/cp.txt")" MODEL SUBSCRIBERS WORK
export CORES=${CORES:-2} WORKERS=${WORKERS:-2} SIM_RUNS=${SIM_RUNS:-1000} ARRIVALS=${ARRIVALS:-poisson}
predict() {
  java -cp "$CP" io.eventhandler.petri.predict.CapacityCommand predict --model "$MODEL" --cores "$CORES" \
    --workers "$WORKERS" --delivery "$1" --rate "$2" --subscribers "$SUBSCRIBERS" --arrivals "$ARRIVALS" \
    --runs "$SIM_RUNS" | awk 'NR == 2 {print $2, $4}' >"$WORK/d$1-r$2.predicted"
}
export -f predict
for pool in $POOLS; do for rate in $RATES; do echo "$pool $rate"; done; done |
  xargs -P "${JOBS:-1}" -L 1 bash -c 'predict "$0" "$1"'
echo "| delivery threads | publishes/s | measured p50 | predicted p50 | error | measured p99 | predicted p99 | error |"
echo "|---|---|---|---|---|---|---|---|"
for pool in $POOLS; do
  for rate in $RATES; do
    name="d$pool-r$rate"
    measured=$(python3 - "$OUT/$name.json" <<'PY'
import json, statistics, sys
runs = json.load(open(sys.argv[1]))["runs"]
e2e = [r["delivery"]["end_to_end"] for r in runs]
print(statistics.median(x["p50_ms"] for x in e2e), statistics.median(x["p99_ms"] for x in e2e))
PY
)
    # shellcheck disable=SC2046
    python3 - $measured $(cat "$WORK/$name.predicted") "$pool" "$rate" <<'PY'
import sys
m50, m99, p50, p99 = map(float, sys.argv[1:5])
pool, rate = sys.argv[5:7]
err = lambda p, m: f"{100 * (p - m) / m:+.0f}%"
print(f"| {pool} | {rate} | {m50:.3f} | {p50:.3f} | {err(p50, m50)} | {m99:.3f} | {p99:.3f} | {err(p99, m99)} |")
PY
  done
done
