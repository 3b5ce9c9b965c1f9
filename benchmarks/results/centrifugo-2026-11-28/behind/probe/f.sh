#!/usr/bin/env bash
# one F run against the server of checkout $1; prints rate, CPU and the inline/worker dispatch counters
set -eu
root=$1; out=$2
flags=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' $root/README.md); flags=${flags#*java }; flags="${flags%%-jar *} ${EXTRA:-}"
d=$(mktemp -d); (cd $d && exec env SERVER_PORT=18455 java $flags -jar $root/eventhandler-server/target/eventhandler-server.jar) > $out.server.log 2>&1 &
pid=$!
for i in $(seq 1 150); do curl -sf http://127.0.0.1:18455/eventhandler/echo >/dev/null && break; sleep 0.2; done
java -jar /work/wt/behind/benchmarks/target/benchmarks.jar --url http://127.0.0.1:18455 --server-pid $pid --publishers 1 --rate 5000 --subscribers 10 --duration 10s --warmup 10000 --runs 1 > $out.txt 2>&1
curl -s http://127.0.0.1:18455/eventhandler/metrics | grep -E "^eh_delivery_dispatches|^eh_http_worker_tasks|^eh_delivery_merged" > $out.metrics || true
grep "CPU .* per delivery" $out.txt; grep "creation stamp" $out.txt; grep -h "publish" $out.txt | grep -i "ev/s\|events/s" | head -2; cat $out.metrics
kill $pid; wait $pid 2>/dev/null || true
