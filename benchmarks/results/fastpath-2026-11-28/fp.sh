#!/bin/bash
# fast path: main (k12 worktree build) against 3d7da32 (the build of benchmarks.md's table), same generator and script
set -u
flock /work/measure.lock bash -c '
set -e
rm -rf /tmp/fp-main && git clone -q /work/main /tmp/fp-main && cd /tmp/fp-main && mvn -B -q -o -Dmaven.repo.local=/work/m2/keep package -DskipTests 2>&1 | tail -3
cd /work/wt/old && mvn -B -q -o -Dmaven.repo.local=/work/m2/keep package -DskipTests 2>&1 | tail -3
for v in new old; do
  rm -rf /work/lab/fp/$v && mkdir -p /work/lab/fp/$v/eventhandler-server/target /work/lab/fp/$v/benchmarks/target /work/lab/fp/$v/eventhandler-security/target
  cp -r /tmp/fp-main/benchmarks/acceptance.sh /tmp/fp-main/benchmarks/summarize.py /work/lab/fp/$v/benchmarks/
  cp /tmp/fp-main/benchmarks/target/benchmarks.jar /work/lab/fp/$v/benchmarks/target/
  cp /tmp/fp-main/eventhandler-security/target/eventhandler-certs.jar /work/lab/fp/$v/eventhandler-security/target/
done
cp /tmp/fp-main/eventhandler-server/target/eventhandler-server.jar /work/lab/fp/new/eventhandler-server/target/
cp /work/wt/old/eventhandler-server/target/eventhandler-server.jar /work/lab/fp/old/eventhandler-server/target/
for set in 1 2; do for v in new old; do
  echo "$(date -u +%T) set $set $v $(uptime)" >> /work/lab/fp/seq.log
  (cd /work/lab/fp/$v && SCENARIOS="A C sustained fanout" MODES=sse RUNS=2 benchmarks/acceptance.sh /work/lab/fp/out-$v-$set > /work/lab/fp/out-$v-$set.log 2>&1) || echo "FAILED $v $set" >> /work/lab/fp/seq.log
done; done
echo "$(date -u +%T) end $(uptime)" >> /work/lab/fp/seq.log
'
