#!/usr/bin/env bash
cd /work/main
for i in $(seq 1 20); do
  echo "s$i start $(date +%T)"
  env RUNS=7 WARMUP=10000 SERVER_CPUS=0 LOAD_CPUS=1 EH_DELIVERY_MERGE_MAX=1 POOLS=1 RATES=3000 petri-models/scripts/measure.sh /tmp/cap11/s$i
done
echo "ALLDONE $(date +%T)"
