#!/bin/bash
# Both builds, alternating (before, after, before, after), each: 9 interleaved rounds of scenario A export off/on,
# then a burst of 40,000 on the exporting server. Run under flock /work/measure.lock.
L=/work/lab/kafka2; R=$L/runs/$(date -u +%Y%m%dT%H%M)
mkdir -p $R
echo "start $(date -u) $(uptime)" | tee $R/uptime.txt
for pass in 1 2; do
  for v in before after; do
    $L/run-variant.sh $v $R/$v-$pass 9 40000 2>&1 | tee $R/$v-$pass.txt
  done
done
echo "end $(date -u) $(uptime)" | tee -a $R/uptime.txt
