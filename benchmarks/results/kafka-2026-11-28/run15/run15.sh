#!/bin/bash
flock /work/measure.lock bash -c '
D=/work/lab/acct/run15; mkdir -p $D; cd /work/lab/acct
echo "$(date -u +%T) run15 start $(uptime)" >> $D/seq.log
i=0
for spec in 5000:steady 5000:new 5000:steady 2000:steady; do
  i=$((i+1)); load=${spec%%:*}; T=${spec##*:}
  export V=acct LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"
  if [ $T = steady ]; then export BENCH_OPTS="--steady-topics true"; else export BENCH_OPTS=""; fi
  SETTLE=8 ./pass.sh $D/p$i-P$load-$T 12 20000 > $D/p$i-P$load-$T.txt 2>&1
  echo "$(date -u +%T) pass $i $spec done $(uptime)" >> $D/seq.log
done
'
