#!/bin/bash
# Diagnostic: as run-variant.sh (build "after"), but the export's own threads of the Event Handler JVM (eh-kafka-export
# and the Kafka producer's network thread) are moved to core 1, beside the broker, as soon as they exist: what is
# left of the export's cost on core 0 is then what the delivering threads pay themselves.
set -u
OUT=$1; ROUNDS=$2; BURST=$3
L=/work/lab/kafka2
mkdir -p "$OUT"
CP=$(sed "s#/work/m2/kafka2/io/eventhandler/eventhandler-server/0.1.0-SNAPSHOT/eventhandler-server-0.1.0-SNAPSHOT.jar#$L/after/eventhandler-server-0.1.0-SNAPSHOT.jar#" $L/cp.txt)
rm -f "$OUT/ready" "$OUT/stdin"; mkfifo "$OUT/stdin"
taskset -c 1 java -Xms512m -Xmx1g -cp "$L/bench-classes:$CP" \
    io.eventhandler.benchmarks.kafka.KafkaBrokerProcess --port 47201 --controller-port 47202 --ready "$OUT/ready" \
    < "$OUT/stdin" > "$OUT/broker.log" 2>&1 &
BROKER=$!
exec 3> "$OUT/stdin"
for i in $(seq 1 120); do [ -s "$OUT/ready" ] && break; sleep 1; done
echo "pinned: broker ready; uptime: $(uptime)"
taskset -c 0 java -Xms1g -Xmx1g -cp "$L/bench-classes:$CP" io.eventhandler.benchmarks.kafka.KafkaExportBenchmark \
    --bootstrap "$(cat $OUT/ready)" --ports 47210 --rounds "$ROUNDS" --burst "$BURST" --out "$OUT" 2> "$OUT/stderr.txt" &
BENCH=$!
while kill -0 $BENCH 2>/dev/null; do
  for t in /proc/$BENCH/task/*; do
    case "$(cat $t/comm 2>/dev/null)" in
      eh-kafka-export|kafka-producer-*) taskset -p -c 1 "${t##*/}" > /dev/null 2>&1 && echo "${t##*/} $(cat $t/comm)" >> "$OUT/pinned.txt";;
    esac
  done
  sleep 0.5
done
wait $BENCH
echo "pinned: done; uptime: $(uptime)"; sort -u "$OUT/pinned.txt"
exec 3>&-
wait $BROKER
rm -f "$OUT/stdin"
