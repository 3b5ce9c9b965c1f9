#!/bin/bash
# run 9: waits for the lock (after q1), compiles ksettle's benchmark classes, runs the six passes
flock /work/measure.lock bash -c '
D=/work/lab/lead/kq9
echo "$(date -u +%T) kq9 start $(uptime)" >> /work/lab/lead/seq.log
cd /work/wt/ksettle && mvn -B -q -o compile -pl benchmarks > $D/build.log 2>&1; echo "kq9 build exit $?" >> /work/lab/lead/seq.log
rm -rf $D/bench-classes && cp -a /work/wt/ksettle/benchmarks/target/classes $D/bench-classes
cd $D
for load in 2000 5000 A; do for L in 1 10; do
  if [ $load = A ]; then unset LOAD; else export LOAD="--publishers 1 --subscribers 1 --rate $load --events $((load*3)) --warmup 500"; fi
  SETTLE=8 ON_SET="eh.kafka.export.linger.ms=$L" ./pass.sh $D/P$load-L$L idle 12 20000 > $D/P$load-L$L.txt 2>&1
done; done
echo "$(date -u +%T) kq9 end $(uptime)" >> /work/lab/lead/seq.log
'
