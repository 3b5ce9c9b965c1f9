#!/usr/bin/env bash
# Runs after run.sh's ALLDONE (docs/capacity.md §13): the three-regime fit with every regime from this run's
# calibration servers (cold from the twelve at 500/s, warm and hot from the six at 3,000 and 6,000/s), the
# predictions, per-server and per-group figures.
set -uo pipefail
cd /work/main
C=/tmp/cap15; LO="1 2 3 4 5 6 7 8 9 10 11 12"; HI="1 2 3 4 5 6"
while ! grep -q ALLDONE $C/run.log; do sleep 20; done
echo "post start $(date +%T)"
mvn -q -B -o -pl petri-models dependency:build-classpath -Dmdep.outputFile=$C/cp.txt >/dev/null
CP=petri-models/target/classes:$(cat $C/cp.txt)
dirs() { for i in $2; do echo -n "$C/$1-$i "; done; }
runs() { for d in $2; do for r in 3 4 5; do echo -n "$d/e2e-$1-run$r.csv,"; done; done | sed 's/,$//'; }
stages() { for d in $2; do echo -n "$d/stages-$1.csv,"; done | sed 's/,$//'; }
CAL_LO=$(dirs cal500 "$LO"); CAL_HI=$(dirs calhi "$HI"); CHK_LO=$(dirs chk500 "$LO"); CHK_HI=$(dirs chkhi "$HI")
/usr/bin/time -f "fit %e s" java -cp $CP io.eventhandler.petri.predict.CapacityCommand fit \
  --stages $(stages d1-r3000 "$CAL_HI") --e2e $(runs d1-r3000 "$CAL_HI") --rate 3000 \
  --hot-stages $(stages d1-r6000 "$CAL_HI") --hot-e2e $(runs d1-r6000 "$CAL_HI") --hot-rate 6000 --hot-idle-ms 0.2 \
  --cold-stages $(stages d1-r500 "$CAL_LO") --cold-e2e $(runs d1-r500 "$CAL_LO") --cold-rate 500 --cooling-ms 1.25 \
  --cores 1 --workers 2 --delivery 1 --subscribers 4 --arrivals periodic --stage-form histogram --runs 20000 \
  --out $C/model.properties > $C/fit.txt 2>&1
echo "fit done $(date +%T)"
start=$(date +%s)
RATES="500 3000 6000" REPEATS="$CHK_HI" REPEATS_r500="$CHK_LO" POOLED_RUNS="3 4 5" ACROSS=all CORES=1 \
  ARRIVALS=periodic SIM_RUNS=20000 JOBS=2 \
  petri-models/scripts/compare.sh $C $C/model.properties > $C/compare.md 2> $C/compare.err
echo "compare done $(date +%T) in $(( $(date +%s) - start )) s"
P=petri-models/scripts/pooled.py
each() { for d in $3; do echo "   $(basename $d): $(python3 $P $1 "3 4 5" $d)"; done; }
{
echo "d1-r500 calibration pooled: $(python3 $P --across all d1-r500 "3 4 5" $CAL_LO)"; each d1-r500 x "$CAL_LO"
for name in d1-r3000 d1-r6000; do
  echo "$name calibration pooled: $(python3 $P --across all $name "3 4 5" $CAL_HI)"; each $name x "$CAL_HI"
done
for name in d1-r500 d2-r500; do
  echo "$name check pooled: $(python3 $P --across all $name "3 4 5" $CHK_LO)"
  echo "$name check median over servers: $(python3 $P --across median $name "3 4 5" $CHK_LO)"
  each $name x "$CHK_LO"
done
for name in d1-r3000 d1-r6000 d2-r3000 d2-r6000; do
  echo "$name check pooled: $(python3 $P --across all $name "3 4 5" $CHK_HI)"
  echo "$name check median over servers: $(python3 $P --across median $name "3 4 5" $CHK_HI)"
  each $name x "$CHK_HI"
done
echo "dispatchesMerged:"; grep -ho '"dispatchesMerged":[0-9]*' $C/*/delivery-*.json | sort | uniq -c
} > $C/per-server-pooled.txt
echo "POSTDONE $(date +%T)"
