#!/bin/bash
# usage: pass.sh OUTDIR MODE ROUNDS BURST ; MODE idle: broker SCHED_IDLE on both cores, bench JVM unpinned
#                                          MODE pinned: broker on core 1, bench JVM on core 0 (the earlier protocol)
set -u
OUT=$1; MODE=$2; ROUNDS=$3; BURST=$4
CPX=/work/lab/lead/kq9/bench-classes:$(cat /work/lab/lead/kq/cp-frozen.txt)
mkdir -p "$OUT"; rm -f "$OUT/ready" "$OUT/stdin"; mkfifo "$OUT/stdin"
if [ $MODE = idle ]; then BR="chrt -i 0"; BE=""; else BR="taskset -c 1"; BE="taskset -c 0"; fi
$BR java -Xms512m -Xmx1g -cp $CPX io.eventhandler.benchmarks.kafka.KafkaBrokerProcess --port 47201 --controller-port 47202 \
   --ready "$OUT/ready" < "$OUT/stdin" > "$OUT/broker.log" 2>&1 &
BROKER=$!
exec 3> "$OUT/stdin"
for i in $(seq 1 120); do [ -s "$OUT/ready" ] && break; sleep 1; done
echo "mode $MODE broker ready $(cat $OUT/ready); $(date -u +%T) $(uptime)"
$BE java -Xms1g -Xmx1g -cp $CPX io.eventhandler.benchmarks.kafka.KafkaExportBenchmark --bootstrap "$(cat $OUT/ready)" \
   --ports 47210 --rounds $ROUNDS --burst $BURST --control true --settle-rounds ${SETTLE:-0} ${ON_SET:+--on-set "$ON_SET"} ${LOAD:+--load "$LOAD"} --out "$OUT" 2> "$OUT/stderr.txt"
echo "mode $MODE done; $(date -u +%T) $(uptime)"
exec 3>&-
wait $BROKER; rm -f "$OUT/stdin"
