#!/bin/bash
cd /work/lab/lead/cap6
J=/work/main/petri-models/target/eventhandler-capacity.jar
step() { echo "$(date -u +%FT%TZ) start $1: $(uptime)" >> uptime.log; shift; "$@"; echo "exit $?"; }
end() { echo "$(date -u +%FT%TZ) end $1: $(uptime)" >> uptime.log; }
flock /work/measure.lock bash -c "
$(declare -f step end)
J=$J
step cal java -jar \$J calibrate --out cal.model --pools 2x2 --port 18510 > cal.out 2>&1; end cal
for p in 1x1 4x1 4x4; do
  step check-\$p java -jar \$J calibrate --out check-\$p.model --pools \$p --port 18511 --fractions 0.1,0.3,0.45,0.6,0.7,0.8,0.9 > check-\$p.out 2>&1; end check-\$p
done
java -jar \$J compare --model cal.model --measured check-1x1.model,check-4x1.model,check-4x4.model > compare.out 2>&1
echo \"\$(date -u +%FT%TZ) predict times: \$(uptime)\" >> uptime.log
for i in 1 2 3 4 5; do /usr/bin/time -f '%e s wall, %U s user' java -jar \$J predict --model cal.model --pools 2x2 --p99-under 5ms > predict-\$i.out 2>> predict-times.txt; done
/usr/bin/time -f '%e s wall, %U s user' java -jar \$J predict --model cal.model --p99-under 5ms --plot p99.png --cdf cdf.png > predict-all.out 2>> predict-times.txt
echo \"\$(date -u +%FT%TZ) done: \$(uptime)\" >> uptime.log
"
