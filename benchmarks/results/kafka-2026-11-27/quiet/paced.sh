#!/bin/bash
until grep -q "linger passes end" /work/lab/lead/seq.log; do sleep 3; done
cd /work/main
flock /work/measure.lock bash -c '
echo "$(date -u +%T) build4 start $(uptime)" >> /work/lab/lead/seq.log
mvn -B -q -o install -DskipTests -pl eventhandler-server,benchmarks -am > /work/lab/lead/build4.log 2>&1; echo "build4 exit $?" >> /work/lab/lead/seq.log
cd /work/lab/lead/kq && rm -rf bench-classes && cp -a /work/main/benchmarks/target/classes bench-classes
for j in eventhandler-server eventhandler-core eventhandler-api eventhandler-security; do cp ~/.m2/repository/io/eventhandler/$j/0.1.0-SNAPSHOT/$j-0.1.0-SNAPSHOT.jar jars/; done
echo "$(date -u +%T) paced passes start $(uptime)" >> /work/lab/lead/seq.log
for r in 1; do for L in 1 20; do
  LOAD="--publishers 1 --subscribers 1 --rate 2000 --events 6000 --warmup 500" ON_SET="eh.kafka.export.linger.ms=$L" ./pass.sh /work/lab/lead/kq/P$L-$r idle 12 20000 > /work/lab/lead/kq/P$L-$r.txt 2>&1
done; done
echo "$(date -u +%T) paced passes end $(uptime)" >> /work/lab/lead/seq.log'
