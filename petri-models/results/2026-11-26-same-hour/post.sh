#!/usr/bin/env bash
# Runs after run.sh's ALLDONE (docs/capacity.md §12): the three-regime fit with every regime from this run's eight
# calibration servers (cold 500/s, warm 3,000/s, hot 6,000/s), the predictions, per-server and per-group figures.
set -uo pipefail
cd /work/main
C=/tmp/cap14; S="1 2 3 4 5 6 7 8"
while ! grep -q ALLDONE $C/run.log; do sleep 20; done
echo "post start $(date +%T)"
mvn -q -B -o -pl petri-models dependency:build-classpath -Dmdep.outputFile=$C/cp.txt >/dev/null
CP=petri-models/target/classes:$(cat $C/cp.txt)
runs() { for i in $S; do for r in 3 4 5; do echo -n "$C/cal$i/e2e-$1-run$r.csv,"; done; done | sed 's/,$//'; }
stages() { for i in $S; do echo -n "$C/cal$i/stages-$1.csv,"; done | sed 's/,$//'; }
/usr/bin/time -f "fit %e s" java -cp $CP io.eventhandler.petri.predict.CapacityCommand fit \
  --stages $(stages d1-r3000) --e2e $(runs d1-r3000) --rate 3000 \
  --hot-stages $(stages d1-r6000) --hot-e2e $(runs d1-r6000) --hot-rate 6000 --hot-idle-ms 0.2 \
  --cold-stages $(stages d1-r500) --cold-e2e $(runs d1-r500) --cold-rate 500 --cooling-ms 1.25 \
  --cores 1 --workers 2 --delivery 1 --subscribers 4 --arrivals periodic --stage-form histogram --runs 20000 \
  --out $C/model.properties > $C/fit.txt 2>&1
echo "fit done $(date +%T)"
start=$(date +%s)
CHECK="$(for i in $S; do echo -n "$C/chk$i "; done)"
RATES="500 3000 6000" REPEATS="$CHECK" POOLED_RUNS="3 4 5" ACROSS=all CORES=1 ARRIVALS=periodic SIM_RUNS=20000 JOBS=2 \
  petri-models/scripts/compare.sh $C $C/model.properties > $C/compare.md 2> $C/compare.err
echo "compare done $(date +%T) in $(( $(date +%s) - start )) s"
P=petri-models/scripts/pooled.py
{
for name in d1-r500 d1-r3000 d1-r6000; do
  echo "$name calibration pooled: $(python3 $P --across all $name "3 4 5" $(for i in $S; do echo -n "$C/cal$i "; done))"
  for i in $S; do echo "   cal$i: $(python3 $P $name "3 4 5" $C/cal$i)"; done
done
for name in d1-r500 d1-r3000 d1-r6000 d2-r500 d2-r3000 d2-r6000; do
  echo "$name check pooled: $(python3 $P --across all $name "3 4 5" $CHECK)"
  echo "$name check median over servers: $(python3 $P --across median $name "3 4 5" $CHECK)"
  for i in $S; do echo "   chk$i: $(python3 $P $name "3 4 5" $C/chk$i)"; done
done
echo "dispatchesMerged:"; grep -ho '"dispatchesMerged":[0-9]*' $C/*/delivery-*.json | sort | uniq -c
} > $C/per-server-pooled.txt
echo "POSTDONE $(date +%T)"
