#!/usr/bin/env python3
# Reads `perf sched timehist` output; per thread group (comm without a trailing number) the scheduling delay
# (wake-up to running) distribution, in ms, over the given time window (perf clock seconds).
import sys, re, collections
groups = collections.defaultdict(list); runs = collections.defaultdict(float)
t0 = None
for line in sys.stdin:
    tok = line.split()
    if len(tok) < 6 or not re.match(r'^\d+\.\d+$', tok[0]):
        continue
    try:
        wait, delay, run = float(tok[-3]), float(tok[-2]), float(tok[-1])
    except ValueError:
        continue
    task = ' '.join(tok[2:-3])
    name = re.sub(r'\[\d+/\d+\]$', '', task)
    name = re.sub(r'[-_ ]?\d+$', '', name)
    groups[name].append(delay); runs[name] += run
def q(v, p):
    v = sorted(v); return v[min(len(v)-1, int(p*len(v)))]
print(f"{'thread':28s} {'switches':>8s} {'run s':>7s} {'delay p50':>9s} {'p90':>7s} {'p99':>7s} {'p99.9':>7s} {'max':>7s}  (ms)")
for name, v in sorted(groups.items(), key=lambda x: -len(x[1]))[:14]:
    print(f"{name[:28]:28s} {len(v):8d} {runs[name]/1000:7.2f} {q(v,.5):9.3f} {q(v,.9):7.3f} {q(v,.99):7.3f} {q(v,.999):7.3f} {max(v):7.3f}")
