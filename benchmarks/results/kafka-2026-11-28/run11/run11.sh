#!/bin/bash
# run 11: the export sending from the Kafka client's I/O thread (branch kdirect) against main, 5,000/s, ABBA
flock /work/measure.lock bash -c '
D=/work/lab/lead/kn; cd $D
echo "$(date -u +%T) kn11 start $(uptime)" >> /work/lab/lead/seq.log
export LOAD="--publishers 1 --subscribers 1 --rate 5000 --events 15000 --warmup 500"
for v in main direct direct main; do n=1; [ -e $D/r11-$v-1.txt ] && n=2
  if [ $v = direct ]; then export EXTRA_CP=/work/wt/kdirect/eventhandler-server/target/classes; else unset EXTRA_CP; fi
  SETTLE=8 ./pass.sh $D/r11-$v-$n 12 20000 > $D/r11-$v-$n.txt 2>&1
done
echo "$(date -u +%T) kn11 end $(uptime)" >> /work/lab/lead/seq.log
'
