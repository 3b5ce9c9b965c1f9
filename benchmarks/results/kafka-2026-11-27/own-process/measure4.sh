#!/bin/bash
# Third build "handover" (the export's outbox drains on the completing thread) against "after" (hand-off only) and
# "before", alternating, each with 9 interleaved rounds of export off/on.
L=/work/lab/kafka2; R=$L/runs/20261127T1423
echo "start pass 5 $(date -u) $(uptime)" | tee -a $R/uptime.txt
for pass in 5 6; do
  for v in handover before after; do
    $L/run-variant.sh $v $R/$v-$pass 9 40000 2>&1 | tee $R/$v-$pass.txt
  done
done
echo "end pass 6 $(date -u) $(uptime)" | tee -a $R/uptime.txt
