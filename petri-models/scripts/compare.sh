#!/usr/bin/env bash
# Predicted versus measured end-to-end p50/p99 (lab/notebook/capacity-net.md). Usage: compare.sh OUTDIR MODEL
# OUTDIR is what measure.sh wrote; MODEL a model file from `CapacityCommand fit`. Prints a Markdown table: the
# measured columns are medians over the runs of each configuration; errors are (predicted − measured) / measured.
# Environment: RATES, POOLS, SUBSCRIBERS as for measure.sh; CORES (default 2), WORKERS (default 2), SIM_RUNS (1000),
# ARRIVALS (poisson or periodic; default poisson; measure.sh's generator publishes periodically), JOBS (predictions
# run at once, default 1).
# REPEATS="DIR1 DIR2 ..." (measure.sh outputs of the same configurations on fresh servers) changes the measured
# figure: per directory the samples of runs POOLED_RUNS (default "2 3 4 5": the JIT's first run left out) are pooled
# into one p50 and p99, and the table gives the median over the directories with their range; with ACROSS=all, the
# p50 and p99 of all directories' samples pooled (the range is still per directory). REPEATS_r<rate> (e.g.
# REPEATS_r500), when set, replaces REPEATS for that rate, for checks that give one rate more servers than another.
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
if [[ -n ${REPEATS:-} ]]; then
  echo "| delivery threads | publishes/s | measured p50 | predicted p50 | error | measured p99 | predicted p99 | error | servers' p50 / p99 ranges |"
  echo "|---|---|---|---|---|---|---|---|---|"
else
  echo "| delivery threads | publishes/s | measured p50 | predicted p50 | error | measured p99 | predicted p99 | error |"
  echo "|---|---|---|---|---|---|---|---|"
fi
for pool in $POOLS; do
  for rate in $RATES; do
    name="d$pool-r$rate"
    if [[ -n ${REPEATS:-} ]]; then
      per_rate="REPEATS_r$rate"
      measured=$(python3 "$ROOT/petri-models/scripts/pooled.py" --across "${ACROSS:-median}" "$name" "${POOLED_RUNS:-2 3 4 5}" ${!per_rate:-$REPEATS})
    else
      measured=$(python3 - "$OUT/$name.json" <<'PY'
import json, statistics, sys
runs = json.load(open(sys.argv[1]))["runs"]
e2e = [r["delivery"]["end_to_end"] for r in runs]
print(statistics.median(x["p50_ms"] for x in e2e), statistics.median(x["p99_ms"] for x in e2e))
PY
)
    fi
    read -r m50 m99 range <<<"$measured"
    # shellcheck disable=SC2046
    python3 - "$m50" "$m99" $(cat "$WORK/$name.predicted") "$pool" "$rate" "${range:-}" <<'PY'
import sys
m50, m99, p50, p99 = map(float, sys.argv[1:5])
pool, rate, spread = sys.argv[5], sys.argv[6], sys.argv[7]
err = lambda p, m: f"{100 * (p - m) / m:+.0f}%"
extra = f" {spread} |" if spread else ""
print(f"| {pool} | {rate} | {m50:.3f} | {p50:.3f} | {err(p50, m50)} | {m99:.3f} | {p99:.3f} | {err(p99, m99)} |{extra}")
PY
  done
done
