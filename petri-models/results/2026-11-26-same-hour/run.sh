#!/usr/bin/env bash
# docs/capacity.md §12: eight calibration servers (1 thread; 500, 3,000 and 6,000/s; stages recorded) interleaved
# with eight check servers (1 and 2 threads at 500, 3,000 and 6,000/s), so every regime is calibrated in the
# check's own hour.
cd /work/main
C=/tmp/cap14
M="RUNS=5 WARMUP=10000 SERVER_CPUS=0 LOAD_CPUS=1 EH_DELIVERY_MERGE_MAX=1"
for i in 1 2 3 4 5 6 7 8; do
  echo "cal$i start $(date +%T)"
  env $M CALIBRATE=1 POOLS=1 RATES="500 3000 6000" petri-models/scripts/measure.sh $C/cal$i
  echo "chk$i start $(date +%T)"
  env $M RATES="500 3000 6000" petri-models/scripts/measure.sh $C/chk$i
  uptime
done
echo "ALLDONE $(date +%T)"
