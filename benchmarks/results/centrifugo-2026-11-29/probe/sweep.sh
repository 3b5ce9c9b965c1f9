#!/usr/bin/env bash
# interleaved variants of c.sh; VARIANTS "name:ENV=V,ENV=V ..." ; ROUNDS
set -u
for r in $(seq 1 ${ROUNDS:-3}); do
  for v in $VARIANTS; do
    name=${v%%:*}; envs=${v#*:}; [[ $envs == "$v" ]] && envs=
    ( IFS=,; for e in $envs; do export "$e"; done; ./c.sh ${ROOT:?checkout with built jars} $OUT/$name-r$r > $OUT/$name-r$r.sum 2>&1 )
  done
done
