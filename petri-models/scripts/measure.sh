#!/usr/bin/env bash
# Measured end-to-end latency for the capacity check (lab/notebook/capacity-net.md): a fresh server per configuration, the
# load generator in its own JVM on the same machine, 3 short runs each. Usage: measure.sh OUTDIR
# Environment: RATES (publishes/s, default "500 1500 3000"), POOLS (delivery threads, default "1 2"),
# SUBSCRIBERS (default 4), DURATION (default 10s), RUNS (default 3), WARMUP (events before the first run, default
# 2000), PORT (default 18455),
# CALIBRATE=1 also records the server's stages (eh.calibration.*) into OUTDIR/stages-<pool>-<rate>.csv: the latest
# CALIBRATION_SECONDS (default 10) × rate samples per stage, so the last run's rather than the JIT's first ones.
# SERVER_CPUS and LOAD_CPUS (taskset lists, e.g. 0 and 1) pin the server and the generator apart, so that the
# generator does not take the server's cores (then predict with CORES set to the server's count).
set -euo pipefail
OUT=${1:?usage: measure.sh OUTDIR}
RATES=${RATES:-"500 1500 3000"}
POOLS=${POOLS:-"1 2"}
SUBSCRIBERS=${SUBSCRIBERS:-4}
DURATION=${DURATION:-10s}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-2000}
PORT=${PORT:-18455}
JAVA_OPTS=${JAVA_OPTS:-"-XX:+UseParallelGC -Xms512m -Xmn256m"}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
server_pin=(); load_pin=()
[[ -n ${SERVER_CPUS:-} ]] && server_pin=(taskset -c "$SERVER_CPUS")
[[ -n ${LOAD_CPUS:-} ]] && load_pin=(taskset -c "$LOAD_CPUS")
for pool in $POOLS; do
  for rate in $RATES; do
    name="d$pool-r$rate"
    env SERVER_PORT="$PORT" EH_DELIVERY_THREADS="$pool" EH_STORE_URL="jdbc:h2:mem:capacity" \
      EH_CALIBRATION_ENABLED="$([[ ${CALIBRATE:-0} == 1 ]] && echo true || echo false)" EH_CALIBRATION_FILE="$OUT/stages-$name.csv" \
      EH_CALIBRATION_SAMPLES="$((rate * ${CALIBRATION_SECONDS:-10}))" \
      "${server_pin[@]}" java $JAVA_OPTS -jar "$ROOT/eventhandler-server/target/eventhandler-server.jar" >"$OUT/server-$name.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
      curl -fs "http://127.0.0.1:$PORT/eventhandler/echo" >/dev/null && break
      sleep 0.2
    done
    "${load_pin[@]}" java $JAVA_OPTS -jar "$ROOT/benchmarks/target/benchmarks.jar" --url "http://127.0.0.1:$PORT" --publishers 1 \
      --rate "$rate" --subscribers "$SUBSCRIBERS" --duration "$DURATION" --warmup "$WARMUP" --runs "$RUNS" \
      --samples-csv "$OUT/e2e-$name.csv" --json "$OUT/$name.json" >"$OUT/$name.txt" 2>&1 || true
    echo "pinning: server ${SERVER_CPUS:-any}, generator ${LOAD_CPUS:-any}" >>"$OUT/$name.txt"
    # the net has no merged dispatches (docs/delivery.md): record how many there were
    curl -fs "http://127.0.0.1:$PORT/eventhandler/mgmt/delivery?subscribers=false" >"$OUT/delivery-$name.json" || true
    uptime >>"$OUT/$name.txt"
    kill "$pid"
    wait "$pid" || true
  done
done
