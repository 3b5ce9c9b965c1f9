#!/usr/bin/env bash
# Centrifugo under `strace -c -f` for the whole of one C run (preset C, --runs 1: 10 x 3,000 warm-up + 10 x 1,000
# measured = 40,000 publishes): system calls by kind, to compare with the Event Handler's count of the same run
set -eu
CF=${CENTRIFUGO:?the centrifugo binary}
sed 's/"port": [0-9]*/"port": 18455/' ${CONFIG:?a compare-centrifugo.sh output dir}/centrifugo.json > cf.json
key=$(grep -o '"key": "[^"]*"' cf.json | cut -d'"' -f4)
$CF -c cf.json > cf.log 2>&1 &
pid=$!
for i in $(seq 1 100); do curl -sf http://127.0.0.1:18455/health >/dev/null && break; sleep 0.2; done
strace -c -f -p $pid -o strace-cf-whole.txt 2>/dev/null &
st=$!
sleep 1
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar ${LOADGEN:?benchmarks.jar} --url http://127.0.0.1:18455 --broker centrifugo --api-key $key --server-pid $pid --preset C --warmup 3000 --runs 1 > cf-run2.txt 2>&1
kill -INT $st; wait $st 2>/dev/null || true
kill $pid; wait $pid 2>/dev/null || true
grep -E "acknowledged" cf-run2.txt
head -12 strace-cf-whole.txt
