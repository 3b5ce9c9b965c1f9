#!/bin/bash
flock /work/measure.lock bash -c '
D=/work/lab/k12; cd $D
echo "$(date -u +%T) run12 start $(uptime)" >> $D/seq.log
i=0
for spec in 5000:none 5000:batch 5000:batch 5000:none 2000:none 2000:batch; do
  i=$((i+1)); load=${spec%%:*}; M=${spec##*:}
  export LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"
  SETTLE=8 DEMOTE=$M ./pass.sh $D/p$i-P$load-$M 12 20000 > $D/p$i-P$load-$M.txt 2>&1
  echo "$(date -u +%T) pass $i $spec done $(uptime)" >> $D/seq.log
done
'
