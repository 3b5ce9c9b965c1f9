#!/bin/bash
# A third pass, before then after (pass 1's "before" did not start: its server port was taken at that moment).
L=/work/lab/kafka2; R=$L/runs/20261127T1423
echo "start pass 3 $(date -u) $(uptime)" | tee -a $R/uptime.txt
for v in before after; do
  $L/run-variant.sh $v $R/$v-3 9 40000 2>&1 | tee $R/$v-3.txt
done
echo "end pass 3 $(date -u) $(uptime)" | tee -a $R/uptime.txt
