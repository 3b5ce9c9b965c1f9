#!/bin/sh
# Durable history: cost. The same scenarios (A, C) against an embedded Event Handler with the history OFF, in
# MEMORY, DURABLE (asynchronous) and DURABLE with eh.history.sync=true, interleaved, ROUNDS times.
# Usage: ROUNDS=2 benchmarks/history-cost.sh OUT_DIR ; then python3 benchmarks/history_cost_summary.py OUT_DIR
# (run from the repository root after `mvn -B -q -pl benchmarks -am package -DskipTests`)
set -u
OUT=${1:?output directory}; mkdir -p "$OUT"
ROUNDS=${ROUNDS:-2}
CP=${CP:-benchmarks/target/benchmarks.jar}
JVM="-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for cfg in ${CONFIGS:-OFF MEMORY DURABLE SYNC}; do
    dir="$OUT/store-$cfg-$round"; rm -rf "$dir"
    case $cfg in
      OFF) sc="--server-config eh.history.mode=OFF";;
      MEMORY) sc="--server-config eh.history.mode=MEMORY";;
      DURABLE) sc="--server-config eh.history.mode=DURABLE --server-config eh.history.dir=$dir";;
      SYNC) sc="--server-config eh.history.mode=DURABLE --server-config eh.history.dir=$dir --server-config eh.history.sync=true";;
    esac
    for scen in C A; do
      case $scen in
        C) args="--preset C --warmup 10000 --runs 3";;
        A) args="--preset A --warmup 20000 --runs 3";;
      esac
      echo "== round $round $cfg $scen $(uptime)" >> "$OUT/log.txt"
      # shellcheck disable=SC2086
      java $JVM -cp "$CP" io.eventhandler.benchmarks.load.LoadGenerator --embedded $sc $args \
        --json "$OUT/$scen-$cfg-$round.json" > "$OUT/$scen-$cfg-$round.txt" 2>&1
      echo "exit $?" >> "$OUT/log.txt"
    done
  done
  round=$((round + 1))
done
