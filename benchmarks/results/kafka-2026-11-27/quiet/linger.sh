#!/bin/bash
# after the engine series: build the linger setting, then passes with export lingers 1, 20, 100 ms, twice, interleaved
until grep -q "final engine end" /work/lab/lead/seq.log; do sleep 3; done
cd /work/main
flock /work/measure.lock bash -c '
echo "$(date -u +%T) build3 start $(uptime)" >> /work/lab/lead/seq.log
mvn -B -q -o install -DskipTests -pl eventhandler-server,benchmarks -am > /work/lab/lead/build3.log 2>&1; echo "build3 exit $?" >> /work/lab/lead/seq.log
cd /work/lab/lead/kq && rm -rf bench-classes && cp -a /work/main/benchmarks/target/classes bench-classes
for j in eventhandler-server eventhandler-core eventhandler-api eventhandler-security; do cp ~/.m2/repository/io/eventhandler/$j/0.1.0-SNAPSHOT/$j-0.1.0-SNAPSHOT.jar jars/; done
echo "$(date -u +%T) linger passes start $(uptime)" >> /work/lab/lead/seq.log
for r in 1 2; do for L in 1 20 100; do
  ON_SET="eh.kafka.export.linger.ms=$L" ./pass.sh /work/lab/lead/kq/L$L-$r idle 15 40000 > /work/lab/lead/kq/L$L-$r.txt 2>&1
done; done
echo "$(date -u +%T) linger passes end $(uptime)" >> /work/lab/lead/seq.log'
