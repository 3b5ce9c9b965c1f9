#!/usr/bin/env bash
cd /work/main
M="RUNS=5 WARMUP=10000 SERVER_CPUS=0 LOAD_CPUS=1 EH_DELIVERY_MERGE_MAX=1"
for i in 1 2 3 4 5 6 7 8; do
  echo "cal$i start $(date +%T)"
  env $M CALIBRATE=1 POOLS=1 RATES="500 3000" petri-models/scripts/measure.sh /tmp/cap12/cal$i
  echo "rep$i start $(date +%T)"
  env $M RATES="500 3000 6000" petri-models/scripts/measure.sh /tmp/cap12/rep$i
  uptime
done
echo "ALLDONE $(date +%T)"
