#!/usr/bin/env bash
# profile-run.sh TAG DIR SCENARIO MODE(cpu|wall|alloc|jfr|ss) [VAR=value ...]
# The server with the README's JVM line (plus the profiler agent), one scenario of the load generator against it.
# MODE ss: no profiler; samples the server socket queues (ss) every 10 ms during the run instead.
set -eu
T=$1; ROOT=$2; S=$3; M=$4; shift 4; VARS=("$@")
D=/work/lab/speed4/prof; PORT=47510; mkdir -p $D
JAR=$ROOT/eventhandler-server/target/eventhandler-server.jar
FLAGS="-XX:+ExitOnOutOfMemoryError -XX:+UseSerialGC -Xms96m -Xmx128m -Xmn48m -XX:TieredStopAtLevel=1"
N=$T-$S-$M
case $M in
  jfr) AGENT="-XX:StartFlightRecording=filename=$D/$N.jfr,settings=profile" ;;
  wall) AGENT="-javaagent:/work/lab/speed4/ap.jar=start,event=wall,interval=200us,threads,collapsed,file=$D/$N.collapsed" ;;
  cpu) AGENT="-javaagent:/work/lab/speed4/ap.jar=start,event=cpu,interval=1ms,threads,collapsed,file=$D/$N.collapsed" ;;
  ss) AGENT="" ;;
  *) AGENT="-javaagent:/work/lab/speed4/ap.jar=start,event=$M,threads,collapsed,file=$D/$N.collapsed" ;;
esac
case $S in
  A) ARGS="--preset A --warmup 20000 --runs 3" ;;
  B) ARGS="--preset B --warmup 5000 --runs 2" ;;
  C) ARGS="--preset C --warmup 3000 --runs 3" ;;
esac
rm -rf $D/work-$N; mkdir -p $D/work-$N
( cd $D/work-$N && exec env "${VARS[@]}" SERVER_PORT=$PORT java $FLAGS $AGENT -jar $JAR ) > $D/$N.server.log 2>&1 &
PID=$!
for i in $(seq 1 150); do curl -sf http://127.0.0.1:$PORT/eventhandler/echo >/dev/null && break; sleep 0.2; done
SAMPLER=
if [[ $M == ss ]]; then
  ( while true; do ss -tnH state established "( sport = :$PORT or dport = :$PORT )" | awk -v t="$(date +%s%N)" '{print t, $1, $2, $3, $4}'; sleep 0.01; done ) > $D/$N.ss 2>/dev/null &
  SAMPLER=$!
fi
java -XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch -jar $ROOT/benchmarks/target/benchmarks.jar --url http://127.0.0.1:$PORT --server-pid $PID $ARGS > $D/$N.txt 2>&1
[[ -n $SAMPLER ]] && kill $SAMPLER
curl -sf http://127.0.0.1:$PORT/eventhandler/metrics > $D/$N.metrics || true
kill $PID; wait $PID || true
echo "$N done $(uptime)"
