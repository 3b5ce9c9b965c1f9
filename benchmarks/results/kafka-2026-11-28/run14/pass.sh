#!/bin/bash
# usage: pass.sh OUTDIR ROUNDS BURST ; broker SCHED_IDLE on both cores, bench JVM unpinned (run 9's "idle" mode)
# DEMOTE=idle: the exporting server's own export threads (eh-kafka-export, kafka-producer-network-thread) are set
# to SCHED_IDLE by a watcher as soon as they appear (chrt -i -p 0 TID).
set -u
OUT=$1; ROUNDS=$2; BURST=$3
CPX=/work/wt/${V:?}/benchmarks/target/classes:$(cat /work/lab/acct/cp-$V.txt)
mkdir -p "$OUT"; rm -f "$OUT/ready" "$OUT/stdin"; mkfifo "$OUT/stdin"
chrt -i 0 java -Xms512m -Xmx1g -cp $CPX io.eventhandler.benchmarks.kafka.KafkaBrokerProcess --port 47201 --controller-port 47202 \
   --ready "$OUT/ready" < "$OUT/stdin" > "$OUT/broker.log" 2>&1 &
BROKER=$!
exec 3> "$OUT/stdin"
for i in $(seq 1 120); do [ -s "$OUT/ready" ] && break; sleep 1; done
echo "demote ${DEMOTE:-none} broker ready $(cat $OUT/ready); $(date -u +%T) $(uptime)"
java -Xms1g -Xmx1g ${JAVA_EXTRA:-} -cp $CPX io.eventhandler.benchmarks.kafka.KafkaExportBenchmark --bootstrap "$(cat $OUT/ready)" \
   --ports 47210 --rounds $ROUNDS --burst $BURST --control true --settle-rounds ${SETTLE:-0} ${ON_SET:+--on-set "$ON_SET"} ${LOAD:+--load "$LOAD"} ${BENCH_OPTS:-} --out "$OUT" 2> "$OUT/stderr.txt" &
BENCH=$!
if [ "${DEMOTE:-none}" != none ]; then
  CLS=$([ "$DEMOTE" = batch ] && echo -b || echo -i)
  ( declare -A done_; while kill -0 $BENCH 2>/dev/null; do
      for t in /proc/$BENCH/task/*; do tid=${t##*/}; [ -n "${done_[$tid]:-}" ] && continue
        c=$(cat $t/comm 2>/dev/null) || continue
        case "$c" in eh-kafka-export|kafka-producer*) chrt $CLS -p 0 $tid && done_[$tid]=1 && echo "demoted $tid $c" >> "$OUT/demoted.txt";; esac
      done; sleep 0.2; done ) &
fi
wait $BENCH
echo "demote ${DEMOTE:-none} done; $(date -u +%T) $(uptime)"
exec 3>&-
wait $BROKER; rm -f "$OUT/stdin"
