#!/bin/bash
# usage: run-variant.sh before|after OUTDIR ROUNDS BURST
# The broker in its own JVM pinned to core 1; the two Event Handlers (export off / on) and the load generator in one
# JVM pinned to core 0. Ports 47201/47202 (broker), 47210/47211 (servers).
set -u
V=$1; OUT=$2; ROUNDS=$3; BURST=$4
L=/work/lab/kafka2
mkdir -p "$OUT"
CP=$(sed "s#/work/m2/kafka2/io/eventhandler/eventhandler-server/0.1.0-SNAPSHOT/eventhandler-server-0.1.0-SNAPSHOT.jar#$L/$V/eventhandler-server-0.1.0-SNAPSHOT.jar#" $L/cp.txt)
rm -f "$OUT/ready" "$OUT/stdin"
mkfifo "$OUT/stdin"
taskset -c 1 java -Xms512m -Xmx1g -cp "$L/bench-classes:$CP" \
    io.eventhandler.benchmarks.kafka.KafkaBrokerProcess --port 47201 --controller-port 47202 --ready "$OUT/ready" \
    < "$OUT/stdin" > "$OUT/broker.log" 2>&1 &
BROKER=$!
exec 3> "$OUT/stdin"   # held open while the broker runs; closing it ends the broker's standard input
for i in $(seq 1 120); do [ -s "$OUT/ready" ] && break; sleep 1; done
echo "variant $V broker ready: $(cat $OUT/ready); uptime: $(uptime)"
taskset -c 0 java -Xms1g -Xmx1g -cp "$L/bench-classes:$CP" io.eventhandler.benchmarks.kafka.KafkaExportBenchmark \
    --bootstrap "$(cat $OUT/ready)" --ports 47210 --rounds "$ROUNDS" --burst "$BURST" --out "$OUT" 2> "$OUT/stderr.txt"
echo "variant $V done; uptime: $(uptime)"
exec 3>&-   # the broker stops and removes its directory
wait $BROKER
rm -f "$OUT/stdin"
