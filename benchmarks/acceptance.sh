#!/usr/bin/env bash
# Runs the issue-2 acceptance scenarios against a separately started Event Handler on loopback, SSE and webhook
# side by side, and keeps every report (text and JSON) in one directory.
#
#   benchmarks/acceptance.sh [output-dir]
#
# Environment: SERVER_JAVA_OPTS and LOAD_JAVA_OPTS (JVM flags of the server and of the load generator),
# RUNS (repetitions of the timed scenarios, default 3), DURATION (timed scenarios, default 20s),
# SCENARIOS (space-separated subset of: A B C sustained fanout fanout10k A-skeleton C-skeleton smoke; default all
# but smoke),
# MODES (default "sse webhook").
#
# SECURE=1 runs everything over mutual TLS: a development local cloud is made in <output-dir>/certs with the
# certificate command (systems eventhandler, sysop and loadgen, password changeit), the server gets the
# server.ssl.* keys as SERVER_SSL_* environment variables, and the load generator connects as loadgen (the system
# name its publishers put in source.systemName and its webhook subscribers in subscriberSystem.systemName, which the
# Event Handler checks against the certificate).
#
# Warm-up: the first few hundred thousand events after a JVM starts run partly interpreted, so every scenario
# publishes a warm-up (excluded from the statistics) large enough that the measured phase sees compiled code, and
# the short presets are repeated (5 runs) against the same server.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-benchmarks/target/acceptance-$(date -u +%Y%m%dT%H%M%SZ)}
RUNS=${RUNS:-3}
DURATION=${DURATION:-20s}
SCENARIOS=${SCENARIOS:-"A B C sustained fanout fanout10k A-skeleton C-skeleton"}
MODES=${MODES:-"sse webhook"}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"}
LOAD_JAVA_OPTS=${LOAD_JAVA_OPTS:-"-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch"}
SECURE=${SECURE:-0}
SERVER_JAR=eventhandler-server/target/eventhandler-server.jar
LOAD_JAR=benchmarks/target/benchmarks.jar
CERTS_JAR=eventhandler-security/target/eventhandler-certs.jar
PORT=8455

if [[ ! -f $SERVER_JAR || ! -f $LOAD_JAR || ! -f $CERTS_JAR ]]; then
  mvn -B -q package -DskipTests
fi
mkdir -p "$OUT"

# subscriptions in memory, so that runs leave no store files behind (override with STORE_URL)
SERVER_ENV=(EH_STORE_URL="${STORE_URL:-jdbc:h2:mem:acceptance}")
LOAD_TLS=()
CURL=(curl -sf)
if [[ $SECURE == 1 ]]; then
  CERTS=$OUT/certs
  PASSWORD=changeit
  if [[ ! -f $CERTS/loadgen.p12 ]]; then
    java -jar "$CERTS_JAR" --dir "$CERTS" --cloud testcloud --operator company --password "$PASSWORD" \
      --systems eventhandler,sysop,loadgen >"$OUT/certs.log"
  fi
  # curl checks the server against the cloud certificate and presents the sysop certificate
  openssl pkcs12 -in "$CERTS/truststore.p12" -nokeys -passin "pass:$PASSWORD" -out "$CERTS/cloud.pem" 2>/dev/null
  SERVER_ENV+=(SERVER_SSL_KEY_STORE="$CERTS/eventhandler.p12" SERVER_SSL_KEY_STORE_PASSWORD="$PASSWORD"
    SERVER_SSL_TRUST_STORE="$CERTS/truststore.p12")
  LOAD_TLS=(--keystore "$CERTS/loadgen.p12" --truststore "$CERTS/truststore.p12" --password "$PASSWORD")
  CURL=(curl -sf --cacert "$CERTS/cloud.pem" --cert-type P12 --cert "$CERTS/sysop.p12:$PASSWORD")
  URL=https://127.0.0.1:$PORT
else
  URL=http://127.0.0.1:$PORT
fi

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
  env "${SERVER_ENV[@]}" java $SERVER_JAVA_OPTS -Xlog:gc:file="$OUT/gc-$1.log" -jar "$SERVER_JAR" \
    >"$OUT/server-$1.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    if "${CURL[@]}" "$URL/eventhandler/echo" >/dev/null; then
      return 0
    fi
    sleep 0.2
  done
  echo "the Event Handler did not start; see $OUT/server-$1.log" >&2
  exit 1
}

scenario_args() {
  case $1 in
    A) echo "--preset A --warmup 60000 --runs 5" ;;
    B) echo "--preset B --warmup 10000 --runs 3" ;;
    C) echo "--preset C --warmup 10000 --runs 5" ;;
    # 4 publishers at 3,800 events/s each = 15,200 published events/s to one subscriber.
    sustained) echo "--publishers 4 --rate 3800 --subscribers 1 --duration $DURATION --warmup 10000 --runs $RUNS" ;;
    # 1 publisher at 5,100 events/s to 10 subscribers = 51,000 deliveries/s.
    fanout) echo "--publishers 1 --rate 5100 --subscribers 10 --duration $DURATION --warmup 20000 --runs $RUNS" ;;
    # the same shape at 10,000 deliveries/s, well within what webhook delivery sustains on 2 cores
    fanout10k) echo "--publishers 1 --rate 1000 --subscribers 10 --duration $DURATION --warmup 5000 --runs $RUNS" ;;
    # what an application using the client library sees (HttpClient 5, Jackson, JDK HTTP server)
    A-skeleton) echo "--preset A --warmup 60000 --runs 5 --client skeleton" ;;
    C-skeleton) echo "--preset C --warmup 10000 --runs 5 --client skeleton" ;;
    # a few seconds of preset A to check a set-up (e.g. SECURE=1), not a measurement
    smoke) echo "--preset A --warmup 2000 --runs 1" ;;
    *) echo "unknown scenario $1" >&2; exit 2 ;;
  esac
}

for scenario in $SCENARIOS; do
  for mode in $MODES; do
    name=$scenario-$mode
    start_server "$name"
    # shellcheck disable=SC2046,SC2086
    java $LOAD_JAVA_OPTS -jar "$LOAD_JAR" --url "$URL" "${LOAD_TLS[@]}" $(scenario_args "$scenario") \
      --mode "$mode" --json "$OUT/$name.json" | tee "$OUT/$name.txt"
    "${CURL[@]}" "$URL/eventhandler/mgmt/statistics" >"$OUT/$name-statistics.json" || true
    stop_server
  done
done
echo "reports in $OUT"
