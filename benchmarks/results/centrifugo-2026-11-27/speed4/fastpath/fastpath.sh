#!/usr/bin/env bash
# Interleaved fast-path sets under our own generator (A, C, fanout over SSE), each from its own checkout.
# SETS="name=dir[:VAR=value,VAR=value] ..."; the variables reach that set's server only.
set -u
OUT=${OUT:-/work/lab/speed4/fastpath-$(date -u +%H%M)}
mkdir -p "$OUT"
for spec in $SETS; do
  name=${spec%%=*}; rest=${spec#*=}; dir=${rest%%:*}; vars=""
  [[ $rest == *:* ]] && vars=${rest#*:}
  echo "== $name ($dir ${vars}) $(date -u +%T) $(uptime)" | tee -a "$OUT/log"
  # shellcheck disable=SC2086
  (cd "$dir" && env ${vars//,/ } PORT=47500 SCENARIOS="${SCENARIOS:-A C fanout}" MODES=sse RUNS="${RUNS:-3}" \
    benchmarks/acceptance.sh "$OUT/$name" > "$OUT/$name.out" 2>&1)
  echo "   rc=$? $(date -u +%T) $(uptime)" | tee -a "$OUT/log"
done
for spec in $SETS; do
  name=${spec%%=*}; echo "## $name"; python3 /work/wt/speed4/benchmarks/summarize.py "$OUT/$name" 2>&1 | head -40
done > "$OUT/summary.txt"
echo "$OUT"
