#!/usr/bin/env bash
# one C run against checkout $1 with strace -c -f attached to the server for the whole measured part
set -eu
root=$1; out=$2
flags=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' $root/README.md); flags=${flags#*java }; flags="${flags%%-jar *} ${EXTRA:-}"
d=$(mktemp -d); (cd $d && exec env SERVER_PORT=18455 java $flags -jar $root/eventhandler-server/target/eventhandler-server.jar) > $out.server.log 2>&1 &
pid=$!
for i in $(seq 1 150); do curl -sf http://127.0.0.1:18455/eventhandler/echo >/dev/null && break; sleep 0.2; done
strace -f -c -o $out.strace -p $pid &
sp=$!
sleep 1
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar /work/main/benchmarks/target/benchmarks.jar --url http://127.0.0.1:18455 --server-pid $pid --preset C --warmup 3000 --runs 1 > $out.txt 2>&1
curl -s http://127.0.0.1:18455/eventhandler/metrics > $out.metrics || true
kill -INT $sp; wait $sp || true
grep -E '^eh_delivery_(dispatch|merge)|^eh_events_accepted' $out.metrics
head -20 $out.strace
kill $pid; wait $pid 2>/dev/null || true
