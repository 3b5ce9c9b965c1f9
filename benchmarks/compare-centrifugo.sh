#!/usr/bin/env bash
# Runs the Event Handler and Centrifugo side by side under the same load generator, the same scenarios and the same
# event bytes, interleaved over several rounds, and prints the medians and the ratios.
#
#   benchmarks/compare-centrifugo.sh [output-dir]
#
# Each round starts every target afresh for every scenario, one at a time, in the order of TARGETS:
#   ours        this checkout's server jar, started with the JVM flags of the README's start command
#   before      (when BEFORE_DIR is set) the server jar in BEFORE_DIR, with the flags of BEFORE_DIR's README
#   centrifugo  Centrifugo, HTTP publish API with an API key, unidirectional SSE, anonymous access, no history or
#               presence (the configuration is written to <output-dir>/centrifugo.json)
#
# Scenarios (SCENARIOS, default all): A 1 -> 1, 2,000 back to back; A256 the same with 256-byte payloads;
# B 1 -> 6, 9,000; C 10 x 1,000 -> 10; F 1 publisher paced at 5,000/s -> 10 subscribers for 10 s;
# S 1 publisher paced at 15,000/s -> 1 for 10 s. One sequential HTTP/1.1 connection per publisher, SSE subscribers,
# end-to-end latency from the stamp in each event; the load generator reads the server's CPU time over the measured
# phase and its peak RSS from /proc (--server-pid).
#
# Environment: ROUNDS (default 3), SCENARIOS, TARGETS (default "ours before centrifugo"; "before" is skipped without
# BEFORE_DIR), BEFORE_DIR, CENTRIFUGO (the binary; default benchmarks/target/centrifugo/bin/centrifugo, installed
# with `go install` when missing), CENTRIFUGO_VERSION (default v6.9.1), PORT (the servers' port, default 18455),
# LOAD_JAVA_OPTS (the load generator's JVM flags).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-benchmarks/target/compare-centrifugo-$(date -u +%Y%m%dT%H%M%SZ)}
ROUNDS=${ROUNDS:-3}
SCENARIOS=${SCENARIOS:-"A A256 B C F S"}
TARGETS=${TARGETS:-"ours before centrifugo"}
BEFORE_DIR=${BEFORE_DIR:-}
CENTRIFUGO_VERSION=${CENTRIFUGO_VERSION:-v6.9.1}
CENTRIFUGO=${CENTRIFUGO:-benchmarks/target/centrifugo/bin/centrifugo}
PORT=${PORT:-18455}
LOAD_JAVA_OPTS=${LOAD_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"}
SERVER_JAR=eventhandler-server/target/eventhandler-server.jar
LOAD_JAR=benchmarks/target/benchmarks.jar
API_KEY=compare-$RANDOM$RANDOM

if [[ ! -f $SERVER_JAR || ! -f $LOAD_JAR ]]; then
  mvn -B -q package -DskipTests
fi
if [[ $TARGETS == *centrifugo* && ! -x $CENTRIFUGO ]]; then
  GOBIN=$(realpath -m "$(dirname "$CENTRIFUGO")") go install "github.com/centrifugal/centrifugo/v6@$CENTRIFUGO_VERSION"
fi
if [[ -z $BEFORE_DIR ]]; then
  TARGETS=${TARGETS//before/}
elif [[ ! -f $BEFORE_DIR/$SERVER_JAR ]]; then
  echo "BEFORE_DIR=$BEFORE_DIR has no $SERVER_JAR: build it there first" >&2
  exit 2
fi
mkdir -p "$OUT"
OUT=$(realpath "$OUT")

# The JVM flags of a README's start command: what stands between `java` and `-jar` on its first `java ... -jar` line.
readme_flags() {
  local line
  line=$(grep -m1 -E '^ +.*java .*-jar eventhandler-server/target/eventhandler-server.jar' "$1/README.md")
  line=${line#*java }
  echo "${line%%-jar *}"
}

cat >"$OUT/centrifugo.json" <<EOF
{
  "http_server": {"address": "127.0.0.1", "port": $PORT},
  "log": {"level": "warn"},
  "health": {"enabled": true},
  "http_api": {"key": "$API_KEY"},
  "uni_sse": {"enabled": true},
  "client": {"allow_anonymous_connect_without_token": true},
  "channel": {"without_namespace": {"allow_subscribe_for_anonymous": true, "allow_subscribe_for_client": true,
    "presence": false, "history_size": 0, "history_ttl": "0s"}}
}
EOF

server_pid=
stop_server() {
  if [[ -n $server_pid ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
trap stop_server EXIT

# Starts target $1 for the run named $2 in a directory of its own (the Event Handler keeps its store there).
start_server() {
  local dir=$OUT/work/$2 health
  mkdir -p "$dir"
  case $1 in
    ours | before)
      local root=. flags jar
      [[ $1 == before ]] && root=$BEFORE_DIR
      flags=$(readme_flags "$root")
      jar=$(realpath "$root/$SERVER_JAR")
      echo "$flags" >"$OUT/$2.flags"
      # shellcheck disable=SC2086
      (cd "$dir" && exec env SERVER_PORT="$PORT" java $flags -jar "$jar") >"$OUT/$2.server.log" 2>&1 &
      health=http://127.0.0.1:$PORT/eventhandler/echo ;;
    centrifugo)
      local binary
      binary=$(realpath "$CENTRIFUGO")
      (cd "$dir" && exec "$binary" -c "$OUT/centrifugo.json") >"$OUT/$2.server.log" 2>&1 &
      health=http://127.0.0.1:$PORT/health ;;
  esac
  server_pid=$!
  for _ in $(seq 1 150); do
    if curl -sf "$health" >/dev/null; then
      return 0
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
      break
    fi
    sleep 0.2
  done
  echo "$1 did not start; see $OUT/$2.server.log" >&2
  exit 1
}

scenario_args() {
  case $1 in
    A) echo "--preset A --warmup 20000 --runs 3" ;;
    A256) echo "--preset A --warmup 20000 --runs 3 --payload-bytes 256" ;;
    B) echo "--preset B --warmup 5000 --runs 2" ;;
    C) echo "--preset C --warmup 3000 --runs 3" ;;
    F) echo "--publishers 1 --rate 5000 --subscribers 10 --duration 10s --warmup 10000 --runs 1" ;;
    S) echo "--publishers 1 --rate 15000 --subscribers 1 --duration 10s --warmup 20000 --runs 1" ;;
    *) echo "unknown scenario $1" >&2; exit 2 ;;
  esac
}

uptime | tee "$OUT/uptime.txt"
for round in $(seq 1 "$ROUNDS"); do
  for scenario in $SCENARIOS; do
    for target in $TARGETS; do
      name=$target-$scenario-r$round
      start_server "$target" "$name"
      broker=()
      if [[ $target == centrifugo ]]; then
        broker=(--broker centrifugo --api-key "$API_KEY")
      fi
      # shellcheck disable=SC2046,SC2086
      java $LOAD_JAVA_OPTS -jar "$LOAD_JAR" --url "http://127.0.0.1:$PORT" "${broker[@]}" --server-pid "$server_pid" \
        $(scenario_args "$scenario") --json "$OUT/$name.json" >"$OUT/$name.txt" 2>&1 \
        || echo "$name: the load generator exited $? (see $OUT/$name.txt)" >&2
      stop_server
    done
  done
  echo "round $round: $(uptime)" | tee -a "$OUT/uptime.txt"
done
python3 benchmarks/compare_summary.py "$OUT" | tee "$OUT/summary.md"
