#!/bin/bash
flock /work/measure.lock bash -c '
echo "cmp2 start $(date -u +%T) $(uptime)"
cd /work/wt/acct && ROUNDS=3 CENTRIFUGO=/work/lab/lead/cf/bin/centrifugo BEFORE_DIR=/work/wt/mainb benchmarks/compare-centrifugo.sh /work/lab/acct/cmp2 > /work/lab/acct/cmp2.out 2>&1
echo "cmp2 done $(date -u +%T) $(uptime)"
'
