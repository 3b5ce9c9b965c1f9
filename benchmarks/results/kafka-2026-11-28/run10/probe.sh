#!/bin/bash
# one short demoted pass; samples which threads of the bench JVM run at SCHED_IDLE while it runs
flock /work/measure.lock bash -c '
cd /work/lab/lead/kn
export LOAD="--publishers 1 --subscribers 1 --rate 5000 --events 15000 --warmup 500"
SETTLE=2 DEMOTE=idle ./pass.sh /work/lab/lead/kn/probe 3 2000 > probe.txt 2>&1 &
sleep 45
B=$(pgrep -f "^java .*KafkaExportBenchmark" | head -1)
for t in /proc/$B/task/*; do tid=${t##*/}; p=$(chrt -p $tid 2>/dev/null | head -1 | sed "s/.*: //"); echo "$tid $(cat $t/comm) $p"; done | grep -i idle > idle-threads.txt
wait
'
