#!/usr/bin/env bash
# renices eh-edf threads of servers started from niced to ${N:-5}, while watch.on exists
touch watch.on
while [[ -e watch.on ]]; do
  for pid in $(pgrep -f "niced/eventhandler-server"); do
    for t in /proc/$pid/task/*; do c=$(cat $t/comm 2>/dev/null) || continue
      [[ $c == eh-edf* ]] || continue
      [[ $(awk '{print $19}' $t/stat 2>/dev/null) == 0 ]] && renice -n ${N:-5} -p ${t##*/} >/dev/null && echo "$(date +%T) $pid $c"
    done
  done
  sleep 0.1
done
