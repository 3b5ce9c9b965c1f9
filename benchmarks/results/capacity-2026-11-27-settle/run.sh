cd /work/lab/lead/cap8
J=/work/wt/settle/petri-models/target/eventhandler-capacity.jar
step() { echo "$(date -u +%FT%TZ) start $1: $(uptime)" >> uptime.log; shift; "$@"; echo "exit $?" >> uptime.log; }
step cal java -jar $J calibrate --out cal.model --pools 2x2 --port 18510 > cal.out 2>&1
for p in 1x1 4x1 4x4; do
  step check-$p java -jar $J calibrate --out check-$p.model --pools $p --port 18511 --fractions 0.1,0.3,0.45,0.6,0.7,0.8,0.9 > check-$p.out 2>&1
done
java -jar $J compare --model cal.model --measured check-1x1.model,check-4x1.model,check-4x4.model > compare.out 2>&1
step check-2x2 java -jar $J calibrate --out check-2x2.model --pools 2x2 --port 18512 --fractions 0.1,0.3,0.45,0.6,0.7,0.8,0.9 > check-2x2.out 2>&1
java -jar $J compare --model cal.model --measured check-2x2.model > compare-aa.out 2>&1
echo "$(date -u +%FT%TZ) done: $(uptime)" >> uptime.log
echo "$(date -u +%T) q1 end $(uptime)" >> $LOG
