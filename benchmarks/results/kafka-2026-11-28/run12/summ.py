#!/usr/bin/env python3
# per pass printout: median p99 per arm, per-round on-off median, control off2-off interquartile range, counts
import sys, re, statistics as st
def q(v, p):
    v = sorted(v); k = (len(v) - 1) * p; f = int(k); c = min(f + 1, len(v) - 1)
    return v[f] + (v[c] - v[f]) * (k - f)
for path in sys.argv[1:]:
    r = {}
    for line in open(path):
        m = re.match(r'A round (\d+) export (\w+)\s+p50 [\d.]+ ms p99 ([\d.]+) ms', line)
        if m:
            r.setdefault(int(m.group(1)), {})[m.group(2)] = float(m.group(3))
    rounds = sorted(r)
    on = [r[i]['on'] - r[i]['off'] for i in rounds]; ctl = [r[i]['off2'] - r[i]['off'] for i in rounds]
    med = {a: st.median(r[i][a] for i in rounds) for a in ('off', 'on', 'off2')}
    lo, hi = q(ctl, .25), q(ctl, .75); d = st.median(on)
    print(f"{path}: off/on/off2 {med['off']:.3f}/{med['on']:.3f}/{med['off2']:.3f}  on-off {d:+.3f}  "
          f"control IQR [{lo:+.3f}, {hi:+.3f}] {'within' if lo <= d <= hi else 'NOT within'}  "
          f"on>off {sum(x > 0 for x in on)}/{len(on)}  off2>off {sum(x > 0 for x in ctl)}/{len(ctl)}")
