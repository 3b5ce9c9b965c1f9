#!/usr/bin/env bash
# Scenario A under the README flags with GC and safepoint logging, to see what the third run's multi-ms tail is.
set -u
cd ../..
OUT=./${1:-x}; mkdir -p $OUT; rm -rf $OUT/data
FLAGS=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' README.md); FLAGS=${FLAGS#*java }; FLAGS=${FLAGS%%-jar *}
( cd $OUT && exec env SERVER_PORT=18455 java $FLAGS ${EXTRA:-} -Xlog:gc*,safepoint:file=$OUT/gc.log:time,uptime,level -jar ../../eventhandler-server/target/eventhandler-server.jar > $OUT/server.log 2>&1 ) &
for i in $(seq 1 100); do curl -s -o /dev/null http://127.0.0.1:18455/eventhandler/echo && break; sleep 0.1; done
PID=$(pgrep -f "eventhandler-server.jar" | head -1)
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar benchmarks/target/benchmarks.jar --url http://127.0.0.1:18455 --server-pid $PID --preset A --warmup 20000 --runs 3 --json $OUT/load.json > $OUT/load.txt 2>&1
kill $PID; wait
grep -h '^e2e ms' $OUT/load.txt
