#!/usr/bin/env bash
# Runs the issue-2 acceptance scenarios against a separately started Event Handler on loopback, SSE and webhook
# side by side, and keeps every report (text and JSON) in one directory.
#
#   benchmarks/acceptance.sh [output-dir]
#
# Environment: SERVER_JAVA_OPTS and LOAD_JAVA_OPTS (JVM flags of the server and of the load generator),
# RUNS (repetitions of each scenario, default 3), DURATION (sustained scenarios, default 20s),
# SCENARIOS (space-separated subset of: A B C sustained fanout; default all), MODES (default "sse webhook").
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-benchmarks/target/acceptance-$(date -u +%Y%m%dT%H%M%SZ)}
RUNS=${RUNS:-3}
DURATION=${DURATION:-20s}
SCENARIOS=${SCENARIOS:-"A B C sustained fanout"}
MODES=${MODES:-"sse webhook"}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"}
LOAD_JAVA_OPTS=${LOAD_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"}
SERVER_JAR=eventhandler-server/target/eventhandler-server.jar
LOAD_JAR=benchmarks/target/benchmarks.jar
PORT=8455
URL=http://127.0.0.1:$PORT

if [[ ! -f $SERVER_JAR || ! -f $LOAD_JAR ]]; then
  mvn -B -q package -DskipTests
fi
mkdir -p "$OUT"

server_pid=
stop_server() {
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
trap stop_server EXIT

# A fresh server per scenario, so one scenario's heap and topics do not colour the next.
start_server() {
  # shellcheck disable=SC2086
  java $SERVER_JAVA_OPTS -jar "$SERVER_JAR" >"$OUT/server-$1.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    if curl -sf "$URL/eventhandler/echo" >/dev/null; then
      return 0
    fi
    sleep 0.2
  done
  echo "the Event Handler did not start; see $OUT/server-$1.log" >&2
  exit 1
}

scenario_args() {
  case $1 in
    A) echo "--preset A" ;;
    B) echo "--preset B" ;;
    C) echo "--preset C" ;;
    # 4 publishers at 3,750 events/s each = 15,000 published events/s to one subscriber.
    sustained) echo "--publishers 4 --rate 3750 --subscribers 1 --duration $DURATION --warmup 5000" ;;
    # 1 publisher at 5,000 events/s to 10 subscribers = 50,000 deliveries/s.
    fanout) echo "--publishers 1 --rate 5000 --subscribers 10 --duration $DURATION --warmup 5000" ;;
    *) echo "unknown scenario $1" >&2; exit 2 ;;
  esac
}

for scenario in $SCENARIOS; do
  for mode in $MODES; do
    name=$scenario-$mode
    start_server "$name"
    # shellcheck disable=SC2046,SC2086
    java $LOAD_JAVA_OPTS -jar "$LOAD_JAR" --url "$URL" $(scenario_args "$scenario") --mode "$mode" \
      --runs "$RUNS" --json "$OUT/$name.json" | tee "$OUT/$name.txt"
    curl -sf "$URL/eventhandler/mgmt/statistics" >"$OUT/$name-statistics.json" || true
    stop_server
  done
done
echo "reports in $OUT"
