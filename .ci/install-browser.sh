#!/usr/bin/env bash
# Installs headless Chromium and its WebDriver from the Debian packages (chromium, chromium-driver) for the status
# page's browser test (StatusPageBrowserTest). Idempotent and quiet: does nothing when both are on the PATH, and
# prints one line either way. Needs root or password-less sudo; apt-get output goes to a log that is shown on failure.
set -euo pipefail

if command -v chromedriver >/dev/null 2>&1 && { command -v chromium >/dev/null 2>&1 \
        || command -v chromium-browser >/dev/null 2>&1; }; then
    echo "install-browser: $(chromedriver --version 2>/dev/null | head -n 1) already installed"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    else
        echo "install-browser: not root and no password-less sudo: cannot install chromium" >&2
        exit 1
    fi
fi

log="$(mktemp -t install-browser.XXXXXX.log)"
start=$(date +%s)
if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            chromium chromium-driver; } >"$log" 2>&1; then
    echo "install-browser: apt-get failed:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
echo "install-browser: $(chromedriver --version | head -n 1) installed in $(( $(date +%s) - start )) s"
