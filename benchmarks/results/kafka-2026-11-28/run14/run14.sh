#!/bin/bash
flock /work/measure.lock bash -c '
D=/work/lab/acct/run14; mkdir -p $D; cd /work/lab/acct
echo "$(date -u +%T) run14 start $(uptime)" >> $D/seq.log
i=0
for spec in 5000:acct 5000:mainb 5000:acct 5000:mainb 2000:acct 2000:mainb; do
  i=$((i+1)); load=${spec%%:*}; V=${spec##*:}
  export V LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"
  ( sleep 25; P=$(pgrep -f "^java .*KafkaExportBenchmark" | head -1); for t in /proc/$P/task/*; do read -r c < $t/comm; case "$c" in eh-kafka-*|kafka-producer*) echo "$c $(chrt -p ${t##*/} | head -1)";; esac; done > $D/p$i-P$load-$V.policies ) &
  SETTLE=8 ./pass.sh $D/p$i-P$load-$V 12 20000 > $D/p$i-P$load-$V.txt 2>&1
  echo "$(date -u +%T) pass $i $spec done $(uptime)" >> $D/seq.log
done
'
