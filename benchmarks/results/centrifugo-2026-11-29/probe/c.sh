#!/usr/bin/env bash
# one C run (compare preset) against checkout $1; metrics after to $2.metrics
# NICE="prefix:n prefix:n" renices the server's threads whose kernel name starts with prefix, once it answers
set -u
root=$1; out=$2
flags=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' $root/README.md); flags=${flags#*java }; flags="${flags%%-jar *} ${EXTRA:-}"
d=$(mktemp -d); (cd $d && exec env SERVER_PORT=18455 java $flags -jar $root/eventhandler-server/target/eventhandler-server.jar) > $out.server.log 2>&1 &
pid=$!; trap "kill $pid 2>/dev/null" EXIT
for i in $(seq 1 150); do curl -sf http://127.0.0.1:18455/eventhandler/echo >/dev/null && break; sleep 0.2; done
for spec in ${NICE:-}; do p=${spec%%:*}; n=${spec#*:}
  for t in /proc/$pid/task/*; do c=$(cat $t/comm 2>/dev/null || true); [[ $c == $p* ]] && renice -n $n -p ${t##*/} >/dev/null && echo "reniced $c $n"; done
done
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar ${LOAD_JAR:-$root/benchmarks/target/benchmarks.jar} --url http://127.0.0.1:18455 --server-pid $pid ${SCEN:---preset C --warmup 3000 --runs 3} > $out.txt 2>&1
$(dirname "$0")/toph.sh $pid > $out.top
curl -s http://127.0.0.1:18455/eventhandler/metrics > $out.metrics || true
grep "CPU .* per delivery" $out.txt; grep "creation stamp" $out.txt; grep -h "acknowledged" $out.txt
grep -E '^eh_delivery_(dispatch|merge)|^eh_sse.*(write|flush)' $out.metrics
kill $pid; wait $pid 2>/dev/null || true
