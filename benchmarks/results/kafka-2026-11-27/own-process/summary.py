#!/usr/bin/env python3
"""Medians per build and export on/off of scenario A's p50/p99 over the rounds of every pass, and the bursts."""
import re, sys, glob, statistics as st, os
R = sys.argv[1]
rows = {}
bursts = {}
for f in sorted(glob.glob(os.path.join(R, '*-[0-9].txt'))):
    v, p = os.path.basename(f)[:-4].rsplit('-', 1)
    for line in open(f):
        m = re.match(r'A round (\d+) export (on|off)\s+p50 ([\d.]+) ms p99 ([\d.]+) ms p99.9 ([\d.]+) ms lost (\d+)', line)
        if m:
            rows.setdefault((v, m.group(2)), []).append((p, int(m.group(1)), float(m.group(3)), float(m.group(4)), int(m.group(6))))
        m = re.match(r'burst: (\d+) events published in ([\d.]+) s \((\d+) events/s.*?: (\d+) events/s; export lag at most (\d+)', line)
        if m:
            bursts.setdefault(v, []).append((p, int(m.group(3)), int(m.group(4)), int(m.group(5))))
print('| build | export | rounds | e2e p50 ms median (range) | e2e p99 ms median (range) | lost |')
print('|---|---|---|---|---|---|')
for (v, e), r in sorted(rows.items()):
    p50 = [x[2] for x in r]; p99 = [x[3] for x in r]
    print(f'| {v} | {e} | {len(r)} | {st.median(p50):.3f} ({min(p50):.3f}-{max(p50):.3f}) | {st.median(p99):.3f} ({min(p99):.3f}-{max(p99):.3f}) | {sum(x[4] for x in r)} |')
print()
for v in sorted({k[0] for k in rows}):
    on = {(x[0], x[1]): x for x in rows[(v, 'on')]}; off = {(x[0], x[1]): x for x in rows[(v, 'off')]}
    d50 = [on[k][2] - off[k][2] for k in on if k in off]; d99 = [on[k][3] - off[k][3] for k in on if k in off]
    wins = sum(1 for k in on if k in off and on[k][3] <= off[k][3])
    print(f'{v}: on - off per round, median p50 {st.median(d50):+.3f} ms, p99 {st.median(d99):+.3f} ms; on at or below off at p99 in {wins} of {len(d99)} rounds')
for v, b in sorted(bursts.items()):
    for p, pub, exp, lag in b:
        print(f'burst {v} pass {p}: published {pub}/s, exported {exp}/s, lag at most {lag}')
