#!/bin/bash
# durable history: bytes written per event against eh.history.commit.interval.ms (fsync off), rates 100 and 1000/s
set -u
OUT=/work/lab/lead/sd; W=/work/wt/hcommit
S="-XX:+ExitOnOutOfMemoryError -XX:+UseSerialGC -Xms96m -Xmx128m -Xmn48m -XX:TieredStopAtLevel=1"
echo "round interval rate events commits events_per_commit write_bytes bytes_per_event file_bytes p99_ms" > $OUT/results.txt
for round in 1 2; do for interval in 1 100 1000; do for rate in 100 1000; do
  dir=$OUT/data-$interval-$rate-$round; rm -rf $dir
  env MALLOC_ARENA_MAX=2 EH_STORE_URL=jdbc:h2:mem:wv SERVER_PORT=9530 EH_HISTORY_MODE=DURABLE EH_HISTORY_DIR=$dir \
    EH_HISTORY_COMMIT_INTERVAL_MS=$interval java $S -jar $W/eventhandler-server/target/eventhandler-server.jar > $OUT/server-$interval-$rate-$round.log 2>&1 &
  SP=$!
  for i in $(seq 1 100); do curl -sf http://127.0.0.1:9530/eventhandler/echo >/dev/null && break; sleep 0.2; done
  sleep 2
  before=$(awk '/^write_bytes/ {print $2}' /proc/$SP/io)
  java -jar $W/benchmarks/target/benchmarks.jar --url http://127.0.0.1:9530 --rate $rate --duration 30s \
    --warmup 200 --subscribers 1 > $OUT/gen-$interval-$rate-$round.txt 2>&1
  sleep 6
  after=$(awk '/^write_bytes/ {print $2}' /proc/$SP/io)
  curl -sf http://127.0.0.1:9530/eventhandler/mgmt/history > $OUT/history-$interval-$rate-$round.json
  fb=$(du -b $dir/history.mv | cut -f1)
  kill $SP; wait $SP
  python3 - "$round" "$interval" "$rate" "$before" "$after" "$fb" $OUT/history-$interval-$rate-$round.json $OUT/gen-$interval-$rate-$round.txt >> $OUT/results.txt <<'PY'
import sys, json, re
r, i, rate, b, a, fb, hj, gen = sys.argv[1:]
w = json.load(open(hj))['durable']['writer']
p99 = '?'
for line in open(gen):
    m = re.search(r'p99[^0-9]*([0-9.]+) ?ms', line)
    if m and 'e2e' in line.lower(): p99 = m.group(1); break
wb = int(a) - int(b)
print(r, i, rate, w['written'], w['commits'], round(w['written'] / max(1, w['commits']), 2), wb, round(wb / max(1, w['written'])), fb, p99)
PY
done; done; done
