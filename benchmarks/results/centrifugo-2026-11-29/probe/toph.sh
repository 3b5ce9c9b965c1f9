#!/usr/bin/env bash
# per-thread CPU ticks of java pid $1 summed by name: prints name utime+stime
for t in /proc/$1/task/*; do c=$(cat $t/comm); s=($(sed 's/.*) //' $t/stat)); echo "$c $(( ${s[11]} + ${s[12]} ))"; done | awk '{a[$1]+=$2} END {for (k in a) if (a[k]>0) print a[k], k}' | sort -rn | head -15
