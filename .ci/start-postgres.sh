#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for the subscription store tests and prints the environment that points them at it:
#
#     eval "$(.ci/start-postgres.sh)"        # then: mvn -B test
#     .ci/start-postgres.sh --stop "$EH_TEST_POSTGRES_DIR"
#
# The cluster lives in a new temporary directory and listens on a free loopback port, with password authentication
# over TCP. As root, the server runs as the user postgres (or nobody): initdb refuses to run as root. Without server
# binaries it tries, as root, `apt-get install postgresql`. When no PostgreSQL can be had it prints nothing and exits
# 0, and the PostgreSQL tests are skipped. Diagnostics go to stderr; stdout has only the lines to eval.
set -uo pipefail

log() { echo "start-postgres: $*" >&2; }
give_up() { log "$*; the PostgreSQL store tests will be skipped"; exit 0; }

# The directory holding initdb, pg_ctl and postgres, newest version first.
find_bin() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) /usr/local/bin /usr/bin \
            "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
            echo "$dir"
            return 0
        fi
    done
    return 1
}

# Runs a command as $RUN_AS (empty: as the current user).
as_user() {
    if [ -z "$RUN_AS" ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u "$RUN_AS" -- "$@"
    else
        su -s /bin/sh "$RUN_AS" -c "$(printf '%q ' "$@")"
    fi
}

RUN_AS=""
if [ "$(id -u)" = 0 ]; then
    if id -u postgres >/dev/null 2>&1; then RUN_AS=postgres; else RUN_AS=nobody; fi
fi

if [ "${1:-}" = "--stop" ]; then
    DIR="${2:?usage: $0 --stop DIR}"
    BIN="$(find_bin)" || give_up "no PostgreSQL binaries to stop $DIR with"
    [ -n "$RUN_AS" ] && RUN_AS="$(stat -c %U "$DIR")"
    (cd "$DIR" && as_user "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2)
    rm -rf "$DIR"
    exit 0
fi

BIN="$(find_bin)"
if [ -z "$BIN" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "no PostgreSQL server binaries; trying apt-get install postgresql"
    export DEBIAN_FRONTEND=noninteractive
    install() { timeout 300 apt-get install -y -q --no-install-recommends postgresql >/dev/null 2>&1; }
    install || { timeout 120 apt-get update -q >/dev/null 2>&1 && install; }
    BIN="$(find_bin)"
fi
[ -n "$BIN" ] || give_up "no PostgreSQL server binaries (initdb, pg_ctl, postgres)"

DIR="$(mktemp -d "${TMPDIR:-/tmp}/eh-postgres.XXXXXX")" || give_up "cannot create a temporary directory"
case "$DIR" in *[[:space:]]*) give_up "temporary directory $DIR has white space" ;; esac
PASSWORD="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$PASSWORD" > "$DIR/pwfile"
chmod 700 "$DIR"
chmod 600 "$DIR/pwfile"
[ -n "$RUN_AS" ] && chown -R "$RUN_AS" "$DIR"
cd "$DIR" || give_up "cannot enter $DIR"

if ! as_user "$BIN/initdb" -D "$DIR/data" -U eh --pwfile="$DIR/pwfile" --auth-host=scram-sha-256 \
        --auth-local=trust -E UTF8 --locale=C --no-sync >"$DIR/initdb.log" 2>&1; then
    tail -n 5 "$DIR/initdb.log" >&2
    rm -rf "$DIR"
    give_up "initdb failed (as ${RUN_AS:-$(id -un)})"
fi
rm -f "$DIR/pwfile"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' \
        2>/dev/null && return 0
    local port
    for port in $(seq 25432 25532); do
        (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return 0; }
    done
    return 1
}

STARTED=""
for attempt in 1 2 3; do
    PORT="$(free_port)" || break
    # -F: no fsync; the data is thrown away anyway
    if as_user "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 20 \
            -o "-p $PORT -h 127.0.0.1 -k $DIR -F" start >/dev/null 2>&1; then
        STARTED=yes
        break
    fi
    log "start on port $PORT failed (attempt $attempt)"
done
if [ -z "$STARTED" ]; then
    tail -n 5 "$DIR/postgres.log" >&2 2>/dev/null
    rm -rf "$DIR"
    give_up "the server did not start"
fi

DATABASE=eventhandler_test
if ! as_user "$BIN/psql" -h "$DIR" -p "$PORT" -U eh -d postgres -q -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE $DATABASE" >&2 2>&1; then
    as_user "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$DIR"
    give_up "cannot create the test database"
fi

VERSION="$("$BIN/postgres" --version | awk '{print $3}')"
log "PostgreSQL $VERSION on 127.0.0.1:$PORT, data in $DIR (as ${RUN_AS:-$(id -un)})"
echo "export EH_TEST_POSTGRES_URL=jdbc:postgresql://127.0.0.1:$PORT/$DATABASE EH_TEST_POSTGRES_USER=eh" \
    "EH_TEST_POSTGRES_PASSWORD=$PASSWORD EH_TEST_POSTGRES_DIR=$DIR"
echo "# stop it with: $0 --stop $DIR"
