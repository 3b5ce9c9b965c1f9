#!/usr/bin/env bash
# docs/capacity.md §13: section 12's check with the servers spent where the servers differ most. At 500/s twelve
# calibration servers (1 thread) and twelve check servers (1 and 2 threads); at 3,000 and 6,000/s six of each.
# Calibration and check servers alternate, so every regime is calibrated in the check's own hour.
cd /work/main
C=/tmp/cap15
M="RUNS=5 WARMUP=10000 SERVER_CPUS=0 LOAD_CPUS=1 EH_DELIVERY_MERGE_MAX=1"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
  echo "cal500-$i start $(date +%T)"
  env $M CALIBRATE=1 POOLS=1 RATES=500 petri-models/scripts/measure.sh $C/cal500-$i
  echo "chk500-$i start $(date +%T)"
  env $M POOLS="1 2" RATES=500 petri-models/scripts/measure.sh $C/chk500-$i
  if (( i % 2 == 0 )); then
    j=$(( i / 2 ))
    echo "calhi-$j start $(date +%T)"
    env $M CALIBRATE=1 POOLS=1 RATES="3000 6000" petri-models/scripts/measure.sh $C/calhi-$j
    echo "chkhi-$j start $(date +%T)"
    env $M POOLS="1 2" RATES="3000 6000" petri-models/scripts/measure.sh $C/chkhi-$j
  fi
  uptime
done
echo "ALLDONE $(date +%T)"
