#!/usr/bin/env bash
# A's warm-up and runs against main with async-profiler's allocation mode attached for 6 s; collapsed stacks.
set -eu
root=../..; out=$1
flags=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' $root/README.md); flags=${flags#*java }; flags="${flags%%-jar *}"
d=$(mktemp -d); (cd $d && exec env SERVER_PORT=18455 java $flags -jar $root/eventhandler-server/target/eventhandler-server.jar) > $out.server.log 2>&1 &
pid=$!; trap "kill $pid 2>/dev/null" EXIT
for i in $(seq 1 150); do curl -sf http://127.0.0.1:18455/eventhandler/echo >/dev/null && break; sleep 0.2; done
java -XX:+UseParallelGC -Xms1g -Xmn512m -jar $root/benchmarks/target/benchmarks.jar --url http://127.0.0.1:18455 --server-pid $pid --preset A --warmup 20000 --runs 6 > $out.txt 2>&1 &
lg=$!
sleep 3
java -jar $AP profiler -d 6 -e alloc -o collapsed -f $PWD/$out.collapsed $pid > /dev/null 2>&1 || echo "profiler failed"
wait $lg
grep "publish .* acknowledged" $out.txt | head -6
kill $pid; wait $pid 2>/dev/null || true
