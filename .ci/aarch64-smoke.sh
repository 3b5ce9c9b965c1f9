#!/usr/bin/env bash
# The aarch64 smoke: the Event Handler on the JVM a Raspberry Pi runs (Debian's arm64 OpenJDK 17), emulated here by
# qemu-user. It checks that things run on that JVM, not how fast: figures under emulation say nothing about a Pi.
#
#   .ci/aarch64-smoke.sh [--no-install] [--no-build]
#
#  1. installs qemu-user-static and openjdk-17-jre-headless:arm64 (idempotent; the amd64 OpenJDK 17 packages are
#     moved to the same Debian version in the same step, as the arm64 one requires, and `java` stays the amd64 one);
#  2. builds the server, certificate, example and benchmark jars (amd64 Maven, as they are plain Java);
#  3. on the aarch64 JVM: starts the server with the command line of deploy/eventhandler.service and its
#     deploy/eventhandler.env, publish -> SSE and publish -> webhook through the example application, the load
#     generator's scenario A (small) against it, one short JMH benchmark through the benchmark suite; then a
#     secure-mode start with certificates made by eventhandler-certs.jar, checked with curl and the example over TLS.
#
# Clients other than the load generator and JMH (curl, the example) run on the amd64 JVM: what is checked is the
# server. Exits non-zero on the first failure, with the log of the step that failed.
#
# Environment: EH_SMOKE_PORT first of the two ports used (default 18455); EH_SMOKE_SERVER_JAVA_OPTS extra JVM options
# of the aarch64 server starts (a bad one, e.g. -XX:+NoSuchFlag, must make the smoke fail); EH_SMOKE_DIR work
# directory (default a new temporary one, removed on success).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

INSTALL=1
BUILD=1
for arg in "$@"; do
    case $arg in
        --no-install) INSTALL=0 ;;
        --no-build) BUILD=0 ;;
        *) echo "usage: $0 [--no-install] [--no-build]" >&2; exit 2 ;;
    esac
done

ARM_JAVA=/usr/lib/jvm/java-17-openjdk-arm64/bin/java
PORT=${EH_SMOKE_PORT:-18455}
SECURE_PORT=$((PORT + 1))
SERVER_EXTRA_OPTS=${EH_SMOKE_SERVER_JAVA_OPTS:-}
WORK=${EH_SMOKE_DIR:-$(mktemp -d -t aarch64-smoke.XXXXXX)}
mkdir -p "$WORK"
SERVER_JAR=$ROOT/eventhandler-server/target/eventhandler-server.jar
CERTS_JAR=$ROOT/eventhandler-security/target/eventhandler-certs.jar
EXAMPLE_JAR=$ROOT/client-skeleton/target/eventhandler-example.jar
BENCH_JAR=$ROOT/benchmarks/target/benchmarks.jar
START=$(date +%s)
SERVER_PID=""

say() { echo "aarch64-smoke [$(( $(date +%s) - START )) s]: $*"; }
fail() {
    echo "aarch64-smoke: FAILED: $1" >&2
    if [ -n "${2:-}" ] && [ -f "$2" ]; then
        echo "--- last lines of $2:" >&2
        tail -n 40 "$2" >&2
    fi
    echo "aarch64-smoke: work directory kept: $WORK" >&2
    exit 1
}
stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}
trap stop_server EXIT

# --- 1. install -------------------------------------------------------------------------------------------------
SUDO=""
install_packages() {
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null \
            || fail "not root and no password-less sudo: cannot install qemu-user-static and the arm64 JRE"
        SUDO="sudo -n"
    fi
    # openjdk-17-jre-headless is Multi-Arch: same, so its arm64 and amd64 builds must be of one version: the
    # installed amd64 OpenJDK 17 packages are named too, so that apt moves them all together (not removes any)
    local amd64
    amd64=$(dpkg-query -W -f='${Package}:${Architecture} ${db:Status-Status}\n' 'openjdk-17-*' 2>/dev/null \
        | awk '$2 == "installed" && $1 ~ /:amd64$/ {print $1}' | tr '\n' ' ')
    local log="$WORK/apt.log"
    say "installing qemu-user-static, openjdk-17-jre-headless:arm64 (with ${amd64:-no amd64 OpenJDK 17 packages})"
    # shellcheck disable=SC2086
    { $SUDO dpkg --add-architecture arm64 \
        && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            qemu-user-static openjdk-17-jre-headless:arm64 $amd64; } >"$log" 2>&1 \
        || fail "apt-get could not install the packages" "$log"
}

if [ "$INSTALL" = 1 ]; then
    if command -v qemu-aarch64-static >/dev/null 2>&1 && [ -x "$ARM_JAVA" ]; then
        say "qemu-user-static and the arm64 JRE already installed"
    else
        install_packages
    fi
    # the arm64 JRE registers its java as an alternative too: the machine's `java` must stay one that runs here
    if ! java -version >/dev/null 2>&1 || readlink -f "$(command -v java)" | grep -q arm64; then
        amd64_java=$(update-alternatives --list java 2>/dev/null | grep -v arm64 | head -n 1)
        [ -n "$amd64_java" ] || fail "no amd64 java left after installing the arm64 JRE"
        $SUDO update-alternatives --set java "$amd64_java" >/dev/null
        say "java set back to $amd64_java"
    fi
fi
command -v qemu-aarch64-static >/dev/null 2>&1 || fail "qemu-aarch64-static not found (run without --no-install)"
[ -x "$ARM_JAVA" ] || fail "$ARM_JAVA not found (run without --no-install)"
java -version >/dev/null 2>&1 || fail "the machine's java does not run"
say "amd64 $(java -version 2>&1 | head -n 1)"

# The aarch64 JVM as a command. JMH starts its forks with the command it is given (-jvm): through this wrapper too.
mkdir -p "$WORK/bin"
AJAVA=$WORK/bin/java-aarch64
printf '#!/bin/sh\nexec qemu-aarch64-static -L / %s "$@"\n' "$ARM_JAVA" >"$AJAVA"
chmod +x "$AJAVA"
"$AJAVA" -XshowSettings:properties -version >"$WORK/arm-java.txt" 2>&1 \
    || fail "the aarch64 JVM does not start under qemu" "$WORK/arm-java.txt"
grep -q 'os.arch = aarch64' "$WORK/arm-java.txt" || fail "the emulated JVM is not aarch64" "$WORK/arm-java.txt"
say "aarch64 $(grep -m 1 'java.runtime.version' "$WORK/arm-java.txt" | sed 's/^ *//')"

# --- 2. build ---------------------------------------------------------------------------------------------------
if [ "$BUILD" = 1 ]; then
    say "building the jars"
    mvn -B -q -pl benchmarks,client-skeleton -am -DskipTests package >"$WORK/build.log" 2>&1 \
        || fail "the build failed" "$WORK/build.log"
fi
for jar in "$SERVER_JAR" "$CERTS_JAR" "$EXAMPLE_JAR" "$BENCH_JAR"; do
    [ -f "$jar" ] || fail "$jar missing (run without --no-build)"
done

# --- 3. on the aarch64 JVM --------------------------------------------------------------------------------------

# The unit's ExecStart as systemd runs it: the EnvironmentFile's KEY=VALUE lines, then the command line's words with
# $VAR replaced by the variable's words and ${VAR} by its value. Only java and the jar's path are replaced (the
# emulated JVM, this build's jar).
unit_command() {
    local env_file=$ROOT/deploy/eventhandler.env unit=$ROOT/deploy/eventhandler.service line word
    UNIT_ENV=()
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in ''|'#'*) continue ;; esac
        local key=${line%%=*} value=${line#*=}
        # a value in quotes loses them, as systemd reads it
        case $value in \"*\"|\'*\') value=${value:1:${#value}-2} ;; esac
        UNIT_ENV+=("$key=$value")
    done <"$env_file"
    line=$(sed -n 's/^ExecStart=//p' "$unit")
    [ -n "$line" ] || fail "no ExecStart in $unit"
    UNIT_CMD=()
    for word in $line; do
        case $word in
            /usr/bin/java) UNIT_CMD+=("$AJAVA") ;;
            /opt/eventhandler/eventhandler-server.jar) UNIT_CMD+=("$SERVER_JAR") ;;
            \$*)
                # $VAR is split at white space, ${VAR} stays one word
                local name=${word#\$} value="" entry
                name=${name#\{}; name=${name%\}}
                for entry in "${UNIT_ENV[@]}"; do [ "${entry%%=*}" = "$name" ] && value=${entry#*=}; done
                if [ "${word:1:1}" = "{" ]; then
                    UNIT_CMD+=("$value")
                else
                    # shellcheck disable=SC2206
                    UNIT_CMD+=($value)
                fi ;;
            *) UNIT_CMD+=("$word") ;;
        esac
    done
}

# start_server NAME PORT [VAR=VALUE...]: the unit's command line in a working directory of its own, with
# EH_SMOKE_SERVER_JAVA_OPTS added; waits until the port is open (or the process is gone).
start_server() {
    local name=$1 port=$2
    shift 2
    local dir=$WORK/$name
    mkdir -p "$dir"
    # someone else's server on the port would answer for ours
    ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || fail "port $port is in use (set EH_SMOKE_PORT)"
    unit_command
    local cmd=("${UNIT_CMD[0]}")
    # shellcheck disable=SC2206
    [ -n "$SERVER_EXTRA_OPTS" ] && cmd+=($SERVER_EXTRA_OPTS)
    cmd+=("${UNIT_CMD[@]:1}")
    echo "${cmd[*]}" >"$dir/command.txt"
    (cd "$dir" && exec env "${UNIT_ENV[@]}" SERVER_ADDRESS=127.0.0.1 SERVER_PORT="$port" "$@" "${cmd[@]}") \
        >"$dir/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 600); do
        kill -0 "$SERVER_PID" 2>/dev/null || { wait "$SERVER_PID" || true; SERVER_PID="";
            fail "the aarch64 server ($name) did not start" "$dir/server.log"; }
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.5
    done
    fail "the aarch64 server ($name) did not open port $port within 300 s" "$dir/server.log"
}

# systemd's own reading of the unit, where systemd is installed (it needs none running): a line it would ignore is
# printed with the file's name
if command -v systemd-analyze >/dev/null 2>&1; then
    systemd-analyze verify "$ROOT/deploy/eventhandler.service" >"$WORK/unit-verify.log" 2>&1 || true
    ! grep -q 'eventhandler.service' "$WORK/unit-verify.log" \
        || fail "systemd-analyze verify finds fault with deploy/eventhandler.service" "$WORK/unit-verify.log"
    say "deploy/eventhandler.service verified by systemd-analyze"
fi

SERVER_DIR=$WORK/plain
say "starting the server (plain HTTP) on the aarch64 JVM: deploy/eventhandler.service's command line"
start_server plain "$PORT"
say "listening on $PORT: $(head -c 300 "$SERVER_DIR/command.txt")"
[ "$(curl -sS "http://127.0.0.1:$PORT/eventhandler/echo")" = "Got it!" ] \
    || fail "GET /eventhandler/echo did not answer 'Got it!'" "$SERVER_DIR/server.log"

say "publish -> SSE and publish -> webhook (the example application)"
java -jar "$EXAMPLE_JAR" --url "http://127.0.0.1:$PORT" --count 3 --timeout 60 >"$WORK/example-plain.log" 2>&1 \
    || fail "the example did not receive every event both ways" "$WORK/example-plain.log"
grep -q 'OK: published 3, received 3 via SSE and 3 via webhook' "$WORK/example-plain.log" \
    || fail "the example's summary is missing" "$WORK/example-plain.log"

say "load generator (aarch64): scenario A, 500 events after 200 of warm-up"
"$AJAVA" -jar "$BENCH_JAR" --url "http://127.0.0.1:$PORT" --preset A --events 500 --warmup 200 --fail-on-loss \
    --json "$WORK/load-a.json" >"$WORK/load-a.txt" 2>&1 \
    || fail "the load generator did not complete scenario A without loss" "$WORK/load-a.txt"
grep -q 'delivery  500/500 unique' "$WORK/load-a.txt" || fail "scenario A did not deliver 500/500" "$WORK/load-a.txt"
stop_server

say "JMH (aarch64): one short benchmark through the benchmark suite"
# FORK: the JDK's default process launch goes through its jspawnhelper, an aarch64 program the host cannot exec
# without binfmt_misc; forking execs the wrapper directly
(cd "$WORK" && "$AJAVA" -Djdk.lang.Process.launchMechanism=FORK -jar "$BENCH_JAR" suite smoke --out "$WORK/jmh" \
    -jvm "$AJAVA") >"$WORK/jmh.log" 2>&1 || fail "the JMH run did not complete" "$WORK/jmh.log"
ls "$WORK"/jmh/*.json >/dev/null 2>&1 || fail "the JMH run wrote no JSON" "$WORK/jmh.log"
grep -q '"score"' "$WORK"/jmh/*.json || fail "the JMH JSON has no score" "$WORK/jmh.log"

say "secure mode (aarch64): certificates, HTTPS with client certificates"
CERTS=$WORK/certs
java -jar "$CERTS_JAR" --dir "$CERTS" --cloud testcloud --operator company --password changeit \
    --systems eventhandler,sysop,example >"$WORK/certs.log" 2>&1 \
    || fail "eventhandler-certs.jar failed" "$WORK/certs.log"
openssl pkcs12 -in "$CERTS/truststore.p12" -nokeys -passin pass:changeit -out "$CERTS/cloud.pem" 2>>"$WORK/certs.log" \
    || fail "the cloud certificate could not be exported" "$WORK/certs.log"
SERVER_DIR=$WORK/secure
start_server secure "$SECURE_PORT" SERVER_SSL_KEY_STORE="$CERTS/eventhandler.p12" \
    SERVER_SSL_KEY_STORE_PASSWORD=changeit SERVER_SSL_TRUST_STORE="$CERTS/truststore.p12"
curl -sS --fail --cacert "$CERTS/cloud.pem" --cert-type P12 --cert "$CERTS/sysop.p12:changeit" \
    "https://127.0.0.1:$SECURE_PORT/eventhandler/mgmt/statistics" >"$WORK/statistics.json" 2>"$WORK/curl.log" \
    || fail "GET /eventhandler/mgmt/statistics with the sysop certificate failed" "$WORK/curl.log"
java -jar "$EXAMPLE_JAR" --url "https://127.0.0.1:$SECURE_PORT" --keystore "$CERTS/example.p12" \
    --truststore "$CERTS/truststore.p12" --password changeit --count 3 --timeout 60 >"$WORK/example-secure.log" 2>&1 \
    || fail "the example over TLS did not receive every event both ways" "$WORK/example-secure.log"
grep -q 'OK: published 3, received 3 via SSE and 3 via webhook' "$WORK/example-secure.log" \
    || fail "the example's summary is missing" "$WORK/example-secure.log"
grep -q 'listening on https' "$SERVER_DIR/server.log" || fail "the secure server did not say it serves HTTPS" \
    "$SERVER_DIR/server.log"
stop_server

say "passed (figures under emulation are not performance)"
[ -n "${EH_SMOKE_DIR:-}" ] || rm -rf "$WORK"
