#!/usr/bin/env bash
# After a failed test run: the end of what each failing test class logged (surefire keeps it in files), so that a CI
# log shows the server's own account of a failure that cannot be reproduced at will.
set -uo pipefail
cd "$(dirname "$0")/.."
lines="${1:-200}"
for report in */target/surefire-reports/*.txt; do
    [ -f "$report" ] || continue
    case "$report" in *-output.txt) continue ;; esac
    if grep -qE "(FAILURE|ERROR)!" "$report"; then
        output="${report%.txt}-output.txt"
        echo "=== $report"
        cat "$report" | head -40
        if [ -f "$output" ]; then
            echo "=== last $lines lines of $output"
            tail -n "$lines" "$output"
        fi
    fi
done
