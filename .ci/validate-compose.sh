#!/usr/bin/env bash
# Validates docker/compose.yaml with Compose itself, which needs no Docker engine for `config`:
#
#     .ci/validate-compose.sh
#
# Uses `docker compose` (the plugin) or `docker-compose`; without either it tries, as root, `apt-get install
# docker-compose` (Debian's package, Compose 1.29, enough for `config`). Then `config -q` must pass, and every file the
# compose file mounts from this repository must exist (Compose does not check bind-mount sources); only the two
# directories a user makes first, the certificates and the downloaded Arrowhead SQL, may be missing.
# When no Compose can be had it says so and exits 0: the build goes on without this check.
set -uo pipefail
cd "$(dirname "$0")/.."
FILE=docker/compose.yaml

log() { echo "validate-compose: $*" >&2; }

find_compose() {
    if docker compose version >/dev/null 2>&1; then
        COMPOSE=(docker compose)
    elif command -v docker-compose >/dev/null 2>&1; then
        COMPOSE=(docker-compose)
    else
        return 1
    fi
}

if ! find_compose; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        log "no Compose; trying apt-get install docker-compose"
        export DEBIAN_FRONTEND=noninteractive
        install() { timeout 300 apt-get install -y -q --no-install-recommends docker-compose >/dev/null 2>&1; }
        install || { timeout 120 apt-get update -q >/dev/null 2>&1 && install; }
    fi
    if ! find_compose; then
        log "SKIPPED: no docker compose or docker-compose could be found or installed; $FILE was not validated"
        exit 0
    fi
fi

log "${COMPOSE[*]} $("${COMPOSE[@]}" version --short 2>/dev/null || true): config -q $FILE"
if ! "${COMPOSE[@]}" -f "$FILE" config -q; then
    log "FAILED: $FILE is not a valid compose file"
    exit 1
fi

# bind-mount sources, as the resolved configuration prints them (short syntax "- /src:/dst", long "source: /src")
ROOT="$(pwd)"
missing=0
while read -r source; do
    case "$source" in
        "$ROOT"/certs|"$ROOT"/certs/*|"$ROOT"/docker/arrowhead/sql) ;;   # made by the user before `up`
        "$ROOT"/*) if [ ! -e "$source" ]; then log "FAILED: $FILE mounts $source, which does not exist"; missing=1; fi ;;
    esac
done < <("${COMPOSE[@]}" -f "$FILE" config 2>/dev/null \
    | sed -n -E 's#^ *- (/[^:]+):.*#\1#p; s#^ *source: (/.*)$#\1#p')
[ "$missing" = 0 ] || exit 1
log "OK"
