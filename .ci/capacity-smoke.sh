#!/usr/bin/env bash
# eventhandler-capacity.jar as a user runs it: built, --help of every command, and predict (both plots) from the
# model calibrated on the development machine (petri-models/examples/), which needs no server.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests -pl petri-models
jar=petri-models/target/eventhandler-capacity.jar
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
java -jar "$jar" --help > "$out/help.txt"
for command in $(sed -n 's/^  \([a-z]*\)  .*/\1/p' "$out/help.txt"); do
    java -jar "$jar" "$command" --help > /dev/null
done
java -jar "$jar" predict --model petri-models/examples/dev-2core.model --p99-under 5ms \
    --plot "$out/p99.png" --cdf "$out/cdf.png" > "$out/answer.txt"
grep -q '^recommended: ' "$out/answer.txt"
test -s "$out/p99.png" && test -s "$out/cdf.png"
echo "capacity tool: --help of $(sed -n 's/^  \([a-z]*\)  .*/\1/p' "$out/help.txt" | wc -l) commands and predict ok"
