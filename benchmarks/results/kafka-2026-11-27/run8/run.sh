#!/bin/bash
cd /work/lab/lead/kq
D=/work/lab/lead/kq8
for r in 1 2; do
  for R in 2000 5000; do
    N=$((R*3))
    LOAD="--publishers 1 --subscribers 1 --rate $R --events $N --warmup 500" ./pass.sh $D/P$R-$r idle 12 20000 > $D/P$R-$r.txt 2>&1
  done
done
rm -f $D/stop; python3 $D/cpusample.py $D/cpu-closed.txt $D/stop & S=$!
./pass.sh $D/A-attr idle 12 20000 > $D/A-attr.txt 2>&1
touch $D/stop; wait $S
echo "all done $(date -u +%T)"
