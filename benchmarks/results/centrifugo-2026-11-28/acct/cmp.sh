#!/bin/bash
# builds the two checkouts' jars, then ours (acct) / before (main dd0614b) / Centrifugo, three rounds
set -u
flock /work/measure.lock bash -c '
cd /work/wt/mainb && mvn -B -q -o -Dmaven.repo.local=/work/m2/mainb package -DskipTests > /work/lab/acct/pkg-main.log 2>&1; echo "main pkg $?"
cd /work/wt/acct && mvn -B -q -o -Dmaven.repo.local=/work/m2/acct package -DskipTests > /work/lab/acct/pkg-acct.log 2>&1; echo "acct pkg $?"
echo "cmp1 start $(date -u +%T) $(uptime)"
cd /work/wt/acct && ROUNDS=3 CENTRIFUGO=/work/lab/lead/cf/bin/centrifugo BEFORE_DIR=/work/wt/mainb benchmarks/compare-centrifugo.sh /work/lab/acct/cmp1 > /work/lab/acct/cmp1.out 2>&1
echo "cmp1 done $(date -u +%T) $(uptime)"
'
