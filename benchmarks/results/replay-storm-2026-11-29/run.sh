#!/usr/bin/env bash
# A server with the README's flags; 1,024 events on topic T; N streams resuming from 0 that never read.
# PER_ADDRESS=1: each stream from a loopback address of its own. NOFILE: the descriptor limit asked for.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
N=${1:-3000}; PAYLOAD=${PAYLOAD:-200}; PORT=18600; OUT=out-$N-$PAYLOAD; mkdir -p $OUT; cd $OUT
ulimit -n ${NOFILE:-65536}
JAR=${JAR:-eventhandler-server/target/eventhandler-server.jar}
SERVER_PORT=$PORT java -XX:+ExitOnOutOfMemoryError -XX:+UseSerialGC -Xms96m -Xmx128m -Xmn48m -XX:TieredStopAtLevel=1 -Xlog:gc:file=gc.log -jar $JAR > server.log 2>&1 &
SP=$!; trap 'kill $SP 2>/dev/null; wait $SP 2>/dev/null' EXIT
for i in $(seq 1 100); do curl -sf http://127.0.0.1:$PORT/eventhandler/echo >/dev/null && break; sleep 0.2; done
P=$(python3 -c "print('x'*$PAYLOAD)")
for i in $(seq 1 1100); do TS=$(date -u +%Y-%m-%dT%H:%M:%SZ); echo "{\"eventType\":\"T\",\"source\":{\"systemName\":\"s\",\"address\":\"127.0.0.1\",\"port\":9000},\"payload\":\"$P\",\"timeStamp\":\"$TS\"}"; done > bodies.txt
n=0; while read -r b; do curl -s -o /dev/null -X POST http://127.0.0.1:$PORT/eventhandler/publish -H 'Content-Type: application/json' -d "$b" && n=$((n+1)); done < bodies.txt
echo "published $n" ; curl -s http://127.0.0.1:$PORT/eventhandler/mgmt/history | head -c 300; echo
python3 "$HERE"/storm.py $N T $PORT 20 ${PER_ADDRESS:+per-address} &
PY=$!
for s in $(seq 1 25); do sleep 1; [ "$s" = "${HISTO_AT:-8}" ] && [ -n "${HISTO:-}" ] && jmap -histo:live $SP > histo.txt 2>&1; if ! kill -0 $SP 2>/dev/null; then echo "server exited at ${s}s"; break; fi; echo "t=${s}s rss=$(grep VmRSS /proc/$SP/status | awk '{print $2}') kB"; done
wait $PY
kill -0 $SP 2>/dev/null && echo "server alive; echo: $(curl -s -m 5 http://127.0.0.1:$PORT/eventhandler/echo)"
kill -0 $SP 2>/dev/null && curl -s -m 5 http://127.0.0.1:$PORT/eventhandler/mgmt/statistics | grep -o '"disconnects":{[^}]*}'
kill -0 $SP 2>/dev/null && curl -s -m 5 http://127.0.0.1:$PORT/eventhandler/metrics | grep -E '^eh_sse_(stalled|streams_behind)' 
grep -E "OutOfMemory|Terminating" server.log | head -3; grep -c "Pause Full" gc.log; tail -3 gc.log
