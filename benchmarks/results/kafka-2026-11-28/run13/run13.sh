#!/bin/bash
flock /work/measure.lock bash -c '
D=/work/lab/k12; cd $D
echo "$(date -u +%T) run13 start $(uptime)" >> $D/seq.log
i=0
for spec in 5000:true 5000:false 5000:true 5000:false 2000:true closed:true closed:false; do
  i=$((i+1)); load=${spec%%:*}; B=${spec##*:}
  if [ "$load" = closed ]; then unset LOAD; else export LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"; fi
  export ON_SET="eh.kafka.export.batch.scheduling=$B"
  ( sleep 25; P=$(pgrep -f "^java .*KafkaExportBenchmark" | head -1); for t in /proc/$P/task/*; do read -r c < $t/comm; case "$c" in eh-kafka-export|kafka-producer*) echo "$c $(chrt -p ${t##*/} | head -1)";; esac; done > $D/d$i-P$load-$B.policies ) &
  SETTLE=8 DEMOTE=none ./pass-idle.sh $D/d$i-P$load-$B 12 20000 > $D/d$i-P$load-$B.txt 2>&1
  echo "$(date -u +%T) pass $i $spec done $(uptime)" >> $D/seq.log
done
'
