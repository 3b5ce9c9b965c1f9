#!/bin/bash
# Diagnostic pair: the "after" build with the export's threads moved to the broker's core, then unpinned.
L=/work/lab/kafka2; R=$L/runs/20261127T1423
echo "start diagnostic $(date -u) $(uptime)" | tee -a $R/uptime.txt
$L/run-pinned.sh $R/pinned-1 9 40000 2>&1 | tee $R/pinned-1.txt
$L/run-variant.sh after $R/after-4 9 40000 2>&1 | tee $R/after-4.txt
echo "end diagnostic $(date -u) $(uptime)" | tee -a $R/uptime.txt
