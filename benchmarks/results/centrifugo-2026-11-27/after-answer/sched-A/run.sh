#!/usr/bin/env bash
# $1 name, $2 server jar; scenario A under perf sched (3 s, during the measured runs)
set -u
OUT=/work/lab/lead/schedB; PORT=18466
FLAGS="-XX:+ExitOnOutOfMemoryError -XX:+UseSerialGC -Xms96m -Xmx128m -Xmn48m -XX:TieredStopAtLevel=1"
mkdir -p $OUT/work-$1 && cd $OUT/work-$1
SERVER_PORT=$PORT java $FLAGS -jar $2 > $OUT/$1.server.log 2>&1 &
SP=$!
for i in $(seq 1 100); do curl -sf http://127.0.0.1:$PORT/eventhandler/echo >/dev/null && break; sleep 0.2; done
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar /work/main/benchmarks/target/benchmarks.jar --url http://127.0.0.1:$PORT --server-pid $SP --preset A --events 80000 --warmup 20000 --runs 1 > $OUT/$1.gen.txt 2>&1 &
GP=$!
sleep 3.5
perf sched record -o $OUT/$1.data -- sleep 3 2> $OUT/$1.perf.err
wait $GP
kill $SP; wait $SP
perf sched timehist -w -i $OUT/$1.data > $OUT/$1.th 2>/dev/null
python3 $OUT/wk.py $OUT/$1.th > $OUT/$1.wk.txt
