#!/usr/bin/env bash
# The long tests (JUnit tag "long": Sirio simulations of minutes, rounds of killing real server processes), which
# the README's `mvn -B test` leaves out to stay under 5 minutes. CI runs them after it; by hand: mvn -B test -Plong.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
if ! mvn -B test -Plong; then
    .ci/print-failed-test-output.sh
    exit 1
fi
echo "long tests: $(( $(date +%s) - start )) s"
