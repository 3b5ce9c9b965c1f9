#!/bin/bash
flock /work/measure.lock bash -c '
D=/work/lab/lead/kn; cd $D
echo "$(date -u +%T) kn start $(uptime)" >> /work/lab/lead/seq.log
for load in 5000 2000; do for M in none idle; do
  export LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"
  SETTLE=8 DEMOTE=$M ./pass.sh $D/P$load-$M 12 20000 > $D/P$load-$M.txt 2>&1
done; done
echo "$(date -u +%T) kn end $(uptime)" >> /work/lab/lead/seq.log
'
