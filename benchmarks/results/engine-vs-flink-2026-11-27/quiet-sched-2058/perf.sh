#!/bin/bash
# scheduling trace of the engine alone at k = 3, 6, 9 (one run each, the engine's defaults), after kq9
flock /work/measure.lock bash -c '
D=/work/lab/lead/eng2/perf; mkdir -p $D; cd $D
echo "$(date -u +%T) perf start $(uptime)" >> /work/lab/lead/seq.log
for k in 6 9 3; do
  perf sched record -o k$k.data -- java -Xmx1g -cp /work/main/benchmarks/target/benchmarks.jar io.eventhandler.benchmarks.engine.EngineRun --system engine --k $k --warmup 4 --measure 8 > k$k.out 2> k$k.err
done
echo "$(date -u +%T) perf end $(uptime)" >> /work/lab/lead/seq.log
'
