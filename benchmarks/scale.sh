#!/usr/bin/env bash
# Scale experiments (10,000 subscribers, reconnect storm, many topics): starts the Event Handler as a JVM of its
# own (so that its resident memory, threads and CPU can be read from /proc), runs one ScaleExperiment scenario
# against it, stops it and keeps the report, the server's log and its GC log.
#
#   benchmarks/scale.sh OUT-DIR fanout|storm|topics [ScaleExperiment options...]
#
# Environment: SERVER_JAVA_OPTS (server JVM flags; default: the 256 MB configuration documented in
# docs/benchmarks.md), LOAD_JAVA_OPTS (generator JVM), PORT (default a free one, not 8455: the machine is shared),
# SERVER_JAR and LOAD_JAR (default the built ones), SERVER_SET (extra server settings as environment variables, e.g. "EH_SUBSCRIBER_QUEUE_CAPACITY=256").
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=$1
SCENARIO=$2
shift 2
# a free port unless given: other people's servers come and go on this machine
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
# TrimNativeHeapInterval: the JVM gives freed native memory back every second (glibc keeps it otherwise); under
# 10,000 streams × 100 events/s it kept the peak RSS 237–244 MiB, against 243–263 MiB without
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:-"-XX:+UseSerialGC -Xms64m -Xmx128m -Xss256k -XX:MaxMetaspaceSize=64m \
-XX:ReservedCodeCacheSize=48m -XX:MaxDirectMemorySize=32m -XX:CICompilerCount=2 -XX:TrimNativeHeapInterval=1000"}
LOAD_JAVA_OPTS=${LOAD_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmx1g -Xmn512m"}
SERVER_JAR=${SERVER_JAR:-eventhandler-server/target/eventhandler-server.jar}
LOAD_JAR=${LOAD_JAR:-benchmarks/target/benchmarks.jar}
mkdir -p "$OUT"
STAMP=$(date -u +%H%M%S)
LOG=$OUT/$SCENARIO-$STAMP-server.log

# subscriptions in memory; glibc's per-thread malloc arenas would otherwise add tens of MB of RSS; no stream limit
# (its default, from the heap, would refuse what the experiment sets out to measure), and no per-address connection
# limit below the total one (every stream comes from loopback: with a descriptor limit of 20,000 the default, half of
# three quarters, stops them at 7,500)
# shellcheck disable=SC2086
env MALLOC_ARENA_MAX=2 EH_STORE_URL=jdbc:h2:mem:scale SERVER_PORT=$PORT EH_SSE_MAX_STREAMS=1000000 \
  EH_MAX_CONNECTIONS_PER_ADDRESS=1000000 ${SERVER_SET:-} \
  java $SERVER_JAVA_OPTS -Xlog:gc:file="$OUT/$SCENARIO-$STAMP-gc.log" \
  -cp "$SERVER_JAR" io.eventhandler.server.EventHandlerMain >"$LOG" 2>&1 &
PID=$!
# a server with a full heap can take long in its shutdown hook: give it 10 s, then kill it
stop_server() {
  kill "$PID" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || return 0; sleep 0.2; done
  kill -9 "$PID" 2>/dev/null || true
}
trap stop_server EXIT
if curl -s "http://127.0.0.1:$PORT/" >/dev/null 2>&1; then
  echo "port $PORT is in use" >&2
  exit 1
fi
for _ in $(seq 1 150); do
  kill -0 "$PID" 2>/dev/null || { echo "the server did not start: $LOG" >&2; exit 1; }
  # ours, not someone else's that took the port meanwhile
  ss -ltnp 2>/dev/null | grep ":$PORT " | grep -q "pid=$PID," && \
    curl -sf "http://127.0.0.1:$PORT/eventhandler/echo" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "# server pid $PID, flags: $SERVER_JAVA_OPTS ${SERVER_SET:-}" | tee -a "$OUT/$SCENARIO-$STAMP.txt"
echo "# uptime: $(uptime)" | tee -a "$OUT/$SCENARIO-$STAMP.txt"
# shellcheck disable=SC2086
java $LOAD_JAVA_OPTS -cp "$LOAD_JAR" io.eventhandler.benchmarks.scale.ScaleExperiment --scenario "$SCENARIO" \
  --url "http://127.0.0.1:$PORT" --server-pid "$PID" --out "$OUT/$SCENARIO-$STAMP.txt" "$@"
echo "# uptime: $(uptime)" | tee -a "$OUT/$SCENARIO-$STAMP.txt"
