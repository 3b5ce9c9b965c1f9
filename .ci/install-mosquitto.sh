#!/usr/bin/env bash
# Installs Eclipse Mosquitto from the Debian package (mosquitto) for the MQTT tests (MqttPublishSubscribeTest,
# MqttBrokerFaultTest), which start their own broker on an ephemeral port. Idempotent and quiet: does nothing when the
# binary is there, and prints one line either way. Needs root or password-less sudo; apt-get output goes to a log
# that is shown on failure. The tests do not use the package's own service (port 1883), if it starts.
set -euo pipefail

for candidate in /usr/sbin/mosquitto /usr/bin/mosquitto; do
    if [ -x "$candidate" ]; then
        echo "install-mosquitto: $("$candidate" -h 2>/dev/null | head -n 1) already installed"
        exit 0
    fi
done

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    else
        echo "install-mosquitto: not root and no password-less sudo: cannot install mosquitto" >&2
        exit 1
    fi
fi

log="$(mktemp -t install-mosquitto.XXXXXX.log)"
start=$(date +%s)
if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            mosquitto; } >"$log" 2>&1; then
    echo "install-mosquitto: apt-get failed:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
echo "install-mosquitto: $(/usr/sbin/mosquitto -h 2>/dev/null | head -n 1) installed in $(( $(date +%s) - start )) s"
